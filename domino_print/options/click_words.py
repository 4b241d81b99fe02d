"""click's own usage errors worded from the catalogues (issue 31, item 2).

click refuses a command line before our options see it: an option it does not know, a value a
``click.Choice`` or an ``IntRange`` refuses, a missing argument, an extra one. Its messages are
English; ``click_error`` recognises each kind by the exception's class and the message click made
(compared with click's own English formats) and gives a ``WordedError`` from the catalogues
(``error.click.*``, and the option table's own ``option.not_a_choice`` for a choice), the option
names and the user's values kept as they were typed. A message not recognised is quoted whole in a
sentence of the catalogue (``error.click.refused``): the reader sees click's words, and ours around.
"""

from __future__ import annotations

import re

import click

from domino_print.errors import OneOf, Phrase, PluralPhrase, WordedError

_REQUIRES = re.compile(r"Option '(?P<option>[^']+)' requires an argument\.")
_NO_VALUE = re.compile(r"Option '(?P<option>[^']+)' does not take a value\.")
_NO_COMMAND = re.compile(r"No such command '(?P<command>.+)'\.")
_EXTRA = re.compile(r"Got unexpected extra arguments? \((?P<args>.*)\)", re.DOTALL)
_CHOICE = re.compile(r"(?P<value>'.*'|\".*\") is not (?:one of )?.*\.", re.DOTALL)
_INTEGER = re.compile(r"(?P<value>'.*'|\".*\") is not a valid integer(?: range)?\.", re.DOTALL)
_RANGE = re.compile(r"(?P<value>.+) is not in the range .+\.", re.DOTALL)
_PATH = re.compile(r"(?:File|Directory|Path) (?P<path>'.*'|\".*\") "
                   r"(?P<problem>does not exist|is a file|is a directory)\.", re.DOTALL)
_PATH_KEYS = {"does not exist": "click.path_missing", "is a file": "click.path_is_file",
              "is a directory": "click.path_is_folder"}


def click_error(error: click.UsageError) -> WordedError:
    """The catalogue's words for a usage error click raised (see the module's text)."""
    message = error.message
    if isinstance(error, click.NoSuchOption):
        if error.possibilities:
            return WordedError(says="click.no_such_option_guess", option=error.option_name,
                               possibilities=OneOf(sorted(error.possibilities)))
        return WordedError(says="click.no_such_option", option=error.option_name)
    if isinstance(error, click.BadOptionUsage):
        for pattern, key in ((_REQUIRES, "click.needs_value"), (_NO_VALUE, "click.takes_no_value")):
            found = pattern.fullmatch(message)
            if found:
                return WordedError(says=key, option=found["option"])
    if isinstance(error, click.MissingParameter) and isinstance(error.param, click.Argument):
        return WordedError(says="click.missing_argument", name=error.param.human_readable_name)
    if isinstance(error, click.BadParameter) and error.param is not None:
        worded = _bad_value(error.param, message)
        if worded is not None:
            return worded
    if not isinstance(error, click.BadParameter):  # NoSuchCommand (click 8.2+) or a plain UsageError
        found = _NO_COMMAND.fullmatch(message)
        if found:
            return WordedError(says="click.no_such_command", command=found["command"])
        found = _EXTRA.fullmatch(message)
        if found:
            args = found["args"]
            extra = PluralPhrase("click.extra_arguments", count=len(args.split()), args=args)
            return WordedError(says="click.extra", extra=extra)
    return WordedError(says="click.refused", said=error.format_message())


def _subject(param: click.Parameter) -> str:
    """How click's parameter is named on the command line: its long option (``--orientation``), or
    an argument's name as the help shows it (``FOLDER``)."""
    if isinstance(param, click.Option) and param.opts:
        return max(param.opts, key=len)
    return param.human_readable_name


def _bad_value(param: click.Parameter, message: str) -> WordedError | None:
    subject = _subject(param)
    kind = param.type
    if isinstance(kind, click.Choice):
        found = _CHOICE.fullmatch(message)
        if found:
            return WordedError(says="option.not_a_choice", subject=subject, value=found["value"],
                               choices=OneOf([str(choice) for choice in kind.choices]))
    if isinstance(kind, click.types.IntParamType):
        found = _INTEGER.fullmatch(message)
        if found:
            return WordedError(says="option.not_an_integer", subject=subject, value=found["value"])
    if isinstance(kind, click.IntRange) and kind.min is not None and kind.max is not None:
        found = _RANGE.fullmatch(message)
        if found and not kind.min_open and not kind.max_open:
            wanted = Phrase("range.between", low=kind.min, high=kind.max, unit="")
            return WordedError(says="option.out_of_range", subject=subject, value=found["value"], unit="",
                               wanted=wanted, why="")
    if isinstance(kind, click.Path):
        found = _PATH.fullmatch(message)
        if found:
            return WordedError(says=_PATH_KEYS[found["problem"]], subject=subject, path=found["path"])
    return None
