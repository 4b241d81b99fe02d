"""Dates, times and durations as a person writes them, in a catalogue language.

A spreadsheet keeps a date, a time of day or a duration as a number and shows it
through a format; python-calamine gives them as ``datetime`` values, whose Python
forms (``1789-07-14``, ``10 days, 15:10:10``) nobody writes on a card. Here each
is written with the words of the catalogues' ``[when]`` table:

* a date with its month's name: ``14 juillet 1789``, ``14 July 1789``,
  ``14 de julio de 1789``, ``14. Juli 1789`` (a month's name cannot be misread,
  where 07/14 and 14/07 can);
* a time of day as the language writes the hour: ``10 h 30`` in French,
  ``10:30`` elsewhere (seconds only when there are some);
* a date with a time: both, as ``when.date_time`` joins them;
* a duration in days, hours, minutes and seconds, each with its unit (``2 jours
  3 h 5 min``); a duration of none is ``0 s``.
"""

from __future__ import annotations

import datetime
import re
from functools import cache

from domino_print.texts import languages, lookup, plural, text


def date_text(value: datetime.date, lang: str) -> str:
    """``value`` as ``14 juillet 1789`` (``when.date`` with ``when.month.<n>``; the first day of
    a month as the language writes it, ``1er`` in French)."""
    day = text(lang, "when.first_day") if value.day == 1 else value.day
    return text(lang, "when.date", day=day, month=text(lang, f"when.month.{value.month}"),
                year=value.year)


def time_text(value: datetime.time, lang: str) -> str:
    """``value`` as ``10 h 30`` or ``10:30`` (``when.time``; ``when.time_seconds`` with seconds)."""
    key = "when.time_seconds" if value.second else "when.time"
    return text(lang, key, hour=value.hour, minute=f"{value.minute:02d}", second=f"{value.second:02d}")


def date_time_text(value: datetime.datetime, lang: str) -> str:
    """A date with its time of day; the date alone at midnight (a date cell Excel keeps so)."""
    if value.time() == datetime.time():
        return date_text(value.date(), lang)
    return text(lang, "when.date_time", date=date_text(value.date(), lang),
                time=time_text(value.time(), lang))


def duration_text(value: datetime.timedelta, lang: str) -> str:
    """``value`` as ``10 jours 15 h 10 min 10 s``: each unit that is not zero, largest first."""
    seconds = round(value.total_seconds())
    sign = "-" if seconds < 0 else ""
    seconds = abs(seconds)
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3_600)
    minutes, seconds = divmod(rest, 60)
    parts = [plural(lang, "when.days", days)] if days else []
    parts += [text(lang, f"when.{unit}", count=count)
              for unit, count in (("hours", hours), ("minutes", minutes), ("seconds", seconds)) if count]
    return sign + (" ".join(parts) if parts else text(lang, "when.seconds", count=0))


def when_text(value: object, lang: str) -> str | None:
    """Any of the four kinds as above; None for a value of another kind."""
    if isinstance(value, datetime.datetime):
        return date_time_text(value, lang)
    if isinstance(value, datetime.date):
        return date_text(value, lang)
    if isinstance(value, datetime.time):
        return time_text(value, lang)
    if isinstance(value, datetime.timedelta):
        return duration_text(value, lang)
    return None


@cache
def _when_words() -> frozenset[str]:
    """Every word the ``[when]`` texts write, in every language: month names, ``h``, ``jours``..."""
    found: set[str] = set()
    for lang in languages():
        keys = ["when.date", "when.time", "when.time_seconds", "when.date_time", "when.hours",
                "when.minutes", "when.seconds", "when.days.one", "when.days.other", "when.first_day",
                *(f"when.month.{month}" for month in range(1, 13))]
        for key in keys:
            template = re.sub(r"\{\w+\}", " ", lookup(lang, key) or "")
            found.update(word.casefold() for word in re.findall(r"[^\W\d_]+", template))
    return frozenset(found)


def looks_like_when(value: str) -> bool:
    """Whether ``value`` reads as a text ``when_text`` writes (``14 juillet 1989``, ``10 h 30``,
    ``2 Tage 3 h``): digits, and only the words, marks and spaces of the ``[when]`` texts."""
    if not any(char.isdigit() for char in value):
        return False
    words = re.findall(r"[^\W\d_]+", value)
    rest = re.sub(r"[^\W\d_]+|\d+|[\s.,:-]", "", value)
    known = _when_words()
    return not rest and bool(words or ":" in value) and all(word.casefold() in known for word in words)
