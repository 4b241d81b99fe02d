"""One option's value from what a surface sent: text, a number, a flag, a choice or a path.

``convert`` reads a value given on the command line, in a form or in JSON (strings, numbers,
booleans) as its option's type, bounded before it is read further, and refuses it with an
``OptionError`` naming the option (``error.option.<says>`` in the catalogues). Numbers are read
here for every surface, a decimal comma (``2,5``) as a decimal point, and pairs of numbers
(``--back-offset``, ``--scale``) with decimal commas split by a semicolon (``1,5;-0,5``).
``quoted`` quotes what the user gave back in a message, at most a few dozen characters.
"""

from __future__ import annotations

import math
import os
import re
import reprlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import click

from domino_print.errors import OptionError, OptionName, Phrase
from domino_print.options.table import Option


def _problem(option: Option, says: str, **values: object) -> OptionError:
    """An error about one option (``error.option.<says>``, whose words name it as ``{subject}``)."""
    return OptionError(says=f"option.{says}", fields=(option.name,), subject=OptionName(option.name),
                       **values)


def convert(option: Option, raw: Any) -> Any:
    # Values come from click, a form or JSON: any type until checked here.
    """``raw`` (a string, number or boolean) as the option's type, or an ``OptionError``."""
    is_text = option.kind not in ("int", "float") and isinstance(raw, (str, Path))
    if is_text and len(str(raw)) > option.longest:
        raise _problem(option, "too_long", length=len(str(raw)), most=option.longest)
    if option.flag_value is not None and not (isinstance(raw, str) and raw in option.choice_list()):
        return _choice_or_flag(option, raw)
    return _READERS[option.kind](option, raw)


def _choice_or_flag(option: Option, raw: Any) -> str | None:
    """A choice that may be given alone, as a flag (``--backs``): true is its ``flag_value``."""
    try:
        given = _to_flag(option, raw)
    except OptionError:
        raise _problem(option, "not_a_choice_nor_flag",
                       value=quoted(raw), choices=", ".join(option.choice_list())) from None
    return option.flag_value if given else None


def _to_flag(option: Option, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    given_raw = raw
    if not isinstance(raw, str):  # click's BOOL takes only text: 0 or 1.5 from a JSON body
        raw = str(raw) if isinstance(raw, (int, float)) and raw in (0, 1) else "?"
    try:
        return click.BOOL.convert(raw, None, None)
    except click.BadParameter:
        raise _problem(option, "not_a_flag", value=quoted(given_raw)) from None


def _to_path(option: Option, raw: Any) -> Path:
    if isinstance(raw, str) and raw.endswith(("/", os.sep)):  # Path("x.pdf/") would drop it
        raise _problem(option, "path_is_folder", path=raw, example=raw + "dominos.pdf")
    return raw if isinstance(raw, Path) else Path(str(raw))


def _to_text(option: Option, raw: Any) -> str:
    if not isinstance(raw, str):
        raise _problem(option, "not_a_text", value=quoted(raw))
    return decimal_points(option, raw) if option.pair else raw


def _to_choice(option: Option, raw: Any) -> str:
    if not isinstance(raw, str):
        raise _problem(option, "not_a_text", value=quoted(raw))
    choices = option.choice_list()
    if raw not in choices:
        raise _problem(option, "not_a_choice", value=quoted(raw), choices=", ".join(choices))
    return raw


# -- numbers, with a decimal comma or a decimal point ------------------------------------------


@cache
def _decimal_comma() -> re.Pattern[str]:
    return re.compile(r"([+-]?[0-9]+),([0-9]+)")


"""A number written with a decimal comma (``2,5``), as French, Spanish and German write it."""
_DECIMAL = r"[+-]?[0-9]+(?:[.,][0-9]+)?"


@cache
def _pair_with_commas() -> re.Pattern[str]:
    return re.compile(rf"\s*({_DECIMAL})(\s*%?\s*)(?:[;/]\s*|\s+)({_DECIMAL})(.*)", re.S)


"""A pair of numbers whose decimal mark may be a comma, so split by a semicolon (``1,5;-0,5``), a
slash or a space, each number perhaps followed by its unit (``100,6 %;99,8 %``)."""


def decimal_points(option: Option, raw: str) -> str:
    """``raw`` as the command line writes it, with decimal points: ``2,5`` -> ``2.5`` for a
    ``float`` option, ``1,5;-0,5`` -> ``1.5,-0.5`` for a pair (``Option.pair``); anything else
    as it is. The one reader of decimal commas, for every surface (the studio shows its command
    line with it)."""
    if option.kind == "float" and (match := _decimal_comma().fullmatch(raw.strip())):
        return f"{match.group(1)}.{match.group(2)}"
    if option.pair and (match := _pair_with_commas().fullmatch(raw)):
        first, unit, second, rest = match.groups()
        return f"{first.replace(',', '.')}{unit.rstrip()},{second.replace(',', '.')}{rest}"
    return raw


NUMBER_TEXT_DIGITS = 30
"""A number written with more digits than this is out of every option's range: it is refused
as such, never converted (Python refuses to read an integer of more than 4,300 digits, and an
integer beyond 1e308 has no float)."""


@cache
def _integer_text() -> re.Pattern[str]:
    return re.compile(r"[+-]?[0-9][0-9_]*")


def _to_number(option: Option, raw: object) -> int | float:
    """``raw`` (a number, or a number as text) as the option's ``int`` or ``float``, checked
    against its bounds before any conversion that could overflow; ``OptionError`` otherwise."""
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise _problem(option, "not_a_number", value=quoted(raw))
    value = _number_from_text(option, raw) if isinstance(raw, str) else raw
    if isinstance(value, float) and math.isnan(value):
        raise _problem(option, "not_a_plain_number", value=quoted(raw))
    if option.kind == "int" and isinstance(value, float):
        if not value.is_integer():
            raise _problem(option, "not_whole", value=quoted(raw))
        value = int(value)
    _check_range(option, value)  # int against float compares exactly, whatever the size
    return float(value) if option.kind == "float" else value


def _number_from_text(option: Option, raw: str) -> int | float:
    """A number written as text, with the digits 0 to 9 (a ``float`` with a decimal comma too)."""
    written = raw.strip()
    if "_" in written or any(c.isdigit() and not c.isascii() for c in written):
        # Python reads ٣, ７, 𝟔 and 1_0 as numbers; a person means a typo or another keyboard:
        # numbers are written with the digits 0 to 9, and the message says so (issue 28)
        raise _problem(option, "plain_digits", value=quoted(raw))
    digits = len(written.lstrip("+-").replace("_", ""))
    if digits > NUMBER_TEXT_DIGITS and _integer_text().fullmatch(written):
        huge = -(10 ** NUMBER_TEXT_DIGITS) if written.startswith("-") else 10 ** NUMBER_TEXT_DIGITS
        _check_range(option, huge, shown=Phrase("number.written_digits", start=written[:12], digits=digits))
    try:
        if len(written) > option.longest:
            raise ValueError(written)
        return int(written) if option.kind == "int" else float(decimal_points(option, written))
    except ValueError:
        says = "not_an_integer" if option.kind == "int" else "not_a_valid_number"
        raise _problem(option, says, value=quoted(raw)) from None


class _ShortRepr(reprlib.Repr):
    """``reprlib`` with integers of any size (``repr`` refuses past 4,300 digits)."""

    def repr_int(self, x: int, level: int) -> str:
        return str(_number(x))


SHORT_REPR = _ShortRepr()
SHORT_REPR.maxlevel, SHORT_REPR.maxstring, SHORT_REPR.maxother = 3, 40, 40
SHORT_REPR.maxlist, SHORT_REPR.maxdict = 4, 4


def quoted(raw: object) -> object:
    """A value the user gave, quoted back in a message: at most a few dozen characters."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return _number(raw)
    text = SHORT_REPR.repr(raw)  # reprlib: bounded in depth and length (a list nested 10,000 deep)
    return text if len(text) <= 40 else f"{text[:30]}...{text[-5:]}"


def _number(value: float) -> str | Phrase:
    """A number for a message: whole ones in full (``1000000``, where ``:g`` writes ``1e+06``);
    a huge integer by its number of digits (it may have no float, nor a decimal string)."""
    if isinstance(value, int) and abs(value) >= 10**15:
        digits = int(abs(value).bit_length() * math.log10(2)) + 1
        return Phrase("number.minus_digits" if value < 0 else "number.digits", digits=digits)
    if math.isfinite(value) and float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    short = f"{value:g}"  # 1.0000001 is not "1": a number just past a bound is shown as it is
    return short if not math.isfinite(value) or float(short) == value else repr(float(value))


def _check_range(option: Option, value: float, *, shown: object = None) -> None:
    """``OptionError`` unless ``low <= value <= high`` (the table gives every number option both)."""
    low, high = option.low, option.high
    if (low is None or value >= low) and (high is None or value <= high):
        return
    wanted: object
    if low is None:
        wanted = Phrase("range.at_most", high=_number(high), unit=option.unit) if high is not None else ""
    elif high is None:
        wanted = Phrase("range.at_least", low=_number(low))
    else:
        wanted = Phrase("range.between", low=_number(low), high=_number(high), unit=option.unit)
    why: object = Phrase("range.why", why=Phrase(f"option.why.{option.why}")) if option.why else ""
    raise _problem(option, "out_of_range", value=shown or _number(value), unit=option.unit, wanted=wanted,
                   why=why)


_READERS: dict[str, Callable[[Option, Any], Any]] = {
    "flag": _to_flag, "int": _to_number, "float": _to_number, "path": _to_path, "text": _to_text,
    "choice": _to_choice,
}
"""How each kind of option (``Option.kind``) reads a value."""
