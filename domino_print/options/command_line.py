"""The command line's click options, made from the option table (help in English).

Only the options package and ``cli`` import click (``tests/test_layers.py``): every value is read as text
and converted by the table (``values.convert``), as from any surface.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from domino_print.options.table import Option
from domino_print.options.wording import needs_text, option_help


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


def click_options(table: tuple[Option, ...], **help_values: Callable[[], str]) -> Callable:
    """A decorator adding ``table``'s options to a click command, help in English.

    ``help_values`` give, when help is shown, the values of placeholders in the help
    texts (the list of themes, for one).
    """
    decorators = []
    for option in table:
        declarations = [option.flag, *([option.short] if option.short else []), option.name]

        def help_text(option: Option = option) -> str:
            template = option_help(option)
            if "{" in template:
                template = template.format(**{name: value() for name, value in help_values.items()})
            return template + needs_text(option, table)

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
