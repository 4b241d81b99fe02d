"""The command line's click options, made from the option table, and the click classes that word
the help in the reader's language (``help_language``).

Only the options package and ``cli`` import click (``tests/test_layers.py``): every value is read as text
and converted by the table (``values.convert``), as from any surface.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from domino_print.options.table import HELP_LANG, Option
from domino_print.options.wording import needs_text, option_help

HELP_LANG_META = "domino_print.help_lang"
"""Where the root context keeps the language of the help (``WordedGroup.parse_args``)."""

_HEADINGS = {"Options": "help.options", "Commands": "help.commands", "Positional arguments": "help.arguments"}
"""click's own headings (``formatter.section``) and the catalogue keys wording them."""


def help_language() -> str:
    """The language the help is shown in: the reader's (``texts.reader``), as read from the whole
    command line by the root group before click parses it; English outside a command line."""
    ctx = click.get_current_context(silent=True)
    return str(ctx.meta.get(HELP_LANG_META, HELP_LANG)) if ctx is not None else HELP_LANG


def _help_word(key: str, **values: object) -> str:
    from domino_print.texts import text

    return text(help_language(), key, **values)


class WordedFormatter(click.HelpFormatter):
    """click's help formatter with its headings ("Usage:", "Options:") from the catalogues."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _help_word("help.usage") + " " if prefix is None else prefix)

    def write_heading(self, heading: str) -> None:
        key = _HEADINGS.get(heading)
        if key is None:
            super().write_heading(heading)
            return
        self.write(f"{'':>{self.current_indent}}{_help_word(key)}\n")


class WordedContext(click.Context):
    formatter_class = WordedFormatter


class WordedOption(click.Option):
    """A click option whose help is a catalogue key (``help_key``), worded when help is shown."""

    def __init__(self, *args, help_key: str, **kwargs) -> None:
        self._help_key = help_key
        super().__init__(*args, **kwargs)

    @property
    def help(self) -> str:
        return _help_word(self._help_key)

    @help.setter
    def help(self, value: str | None) -> None:
        """click sets ``help`` in its constructor; the catalogue has the text."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        return _worded_default(super().get_help_record(ctx))


def _worded_default(record: tuple[str, str] | None) -> tuple[str, str] | None:
    """click's ``[default: X]`` with the catalogue's word for "default"."""
    if record is None or "  [default: " not in record[1]:
        return record
    help_text, _, shown = record[1].rpartition("  [default: ")
    return record[0], f"{help_text}  [{_help_word('help.default', default=shown[:-1])}]"


class WordedCommand(click.Command):
    """A command whose help (``help.command.<name>``) and help option are worded in the reader's language."""

    context_class = WordedContext

    @property
    def help(self) -> str | None:
        """``help.command.<name>``, then its ``_more`` paragraph when the catalogue has one."""
        if not self.name:
            return None
        from domino_print.texts import catalogue

        lang = help_language()
        more = catalogue(lang).get(f"help.command.{self.name}_more")
        said = _help_word(f"help.command.{self.name}")
        return f"{said}\n\n{more}" if more else said

    @help.setter
    def help(self, value: str | None) -> None:
        """click sets the docstring; the catalogue has the same text in each language."""

    @property
    def epilog(self) -> str | None:
        """The epilog, its ``{examples}`` heading worded (``help.examples``)."""
        if not self._epilog:
            return self._epilog
        return self._epilog.replace("{examples}", _help_word("help.examples"))

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        self._epilog = value

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's options section, the help option's line worded: here, not by changing the help
        option (``get_help_option``), which every run builds and which is one object for all runs."""
        help_option = self.get_help_option(ctx)
        rows = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None or isinstance(param, click.Argument):
                continue
            rows.append((record[0], _help_word("help.help_option")) if param is help_option else record)
        if rows:
            with formatter.section("Options"):  # worded by the formatter (``_HEADINGS``)
                formatter.write_dl(rows)


class WordedGroup(WordedCommand, click.Group):
    """A group of worded commands; the root one reads the help's language from the whole command
    line (``--lang``, else the system's), before click parses it and an eager ``--help`` prints."""

    command_class = WordedCommand
    group_class = type

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The options (``WordedCommand``'s), then the commands, as ``click.Group`` shows them."""
        super().format_options(ctx, formatter)
        self.format_commands(ctx, formatter)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.parent is None:
            from domino_print.texts.reader import reader_language

            ctx.meta[HELP_LANG_META] = reader_language(args)
        return super().parse_args(ctx, args)


def _click_type(option: Option):
    if option.kind in ("int", "float"):  # read by the table (``_to_number``), as from any surface
        return click.STRING
    if option.kind == "choice":
        return click.Choice(option.choice_list())
    return click.STRING  # a path too: the table reads it (click's Path drops a trailing slash)


class _TableOption(click.Option):
    """A click option whose help text is read from the catalogue only when help is shown.

    Reading it at import would parse the English catalogue on every run.
    """

    def __init__(self, *args, help_text: Callable[[], str], **kwargs) -> None:
        self._help_text = help_text
        super().__init__(*args, **kwargs)

    @property
    def help(self) -> str:
        return self._help_text()

    @help.setter
    def help(self, value: str | None) -> None:
        """click sets ``help`` (None) in its constructor; the catalogue has the text."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        return _worded_default(super().get_help_record(ctx))


def click_options(table: tuple[Option, ...], **help_values: Callable[[], str]) -> Callable:
    """A decorator adding ``table``'s options to a click command, help in the reader's language.

    ``help_values`` give, when help is shown, the values of placeholders in the help
    texts (the list of themes, for one).
    """
    decorators = []
    for option in table:
        declarations = [option.flag, *([option.short] if option.short else []), option.name]

        def help_text(option: Option = option) -> str:
            template = option_help(option, help_language())
            if "{" in template:
                template = template.format(**{name: value() for name, value in help_values.items()})
            return template + needs_text(option, table, help_language())

        common: dict[str, Any] = {"cls": _TableOption, "help_text": help_text}
        if option.kind == "flag":
            decorators.append(click.option(*declarations, is_flag=True, default=False, **common))
            continue
        shown = option.default is not None and option.name != "theme"  # its help names the default
        alone: dict[str, Any] = (
            {"is_flag": False, "flag_value": option.flag_value} if option.flag_value is not None else {}
        )
        decorators.append(click.option(
            *declarations, type=_click_type(option), default=option.default, show_default=shown,
            metavar=option.metavar, **alone, **common,
        ))

    def decorate(command):
        for decorator in reversed(decorators):
            command = decorator(command)
        return command

    return decorate
