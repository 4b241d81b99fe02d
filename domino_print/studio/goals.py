"""The studio's first screen: what to make (``goals.toml``), each goal a path through the one form.

A goal names the options it starts from, the few fields it shows (every other field waits under
"All settings"), the themes its theme list offers and the options of its small picture. The
form itself is still the option table's (``page``); a goal only chooses among its fields. Its
words are in the catalogues (``studio.goal.<name>.title`` and ``.text``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

from domino_print.api import association_themes, builtin_themes
from domino_print.texts import tomllib

GOALS_FILE = Path(__file__).resolve().parent / "goals.toml"


class Goal(NamedTuple):
    name: str
    options: dict[str, object]
    """What the form starts from on this path (every other field at its default)."""
    fields: tuple[str, ...]
    """The fields this path shows; the others wait under "All settings"."""
    themes: tuple[str, ...]
    """The built-in themes its theme list offers."""
    pictures: bool
    """Whether the path is about the visitor's own pictures (their section shows)."""
    lists: bool
    """Whether the path offers the visitor's own list of pairs (its section shows)."""
    sample: dict[str, object]
    """The options of its small picture on the first screen."""
    few_pictures: dict[str, object]
    """What it proposes when the visitor has only a few pictures: ``counts`` (how many) and
    ``options`` (what accepting sets), e.g. the toddlers' game; empty when nothing."""


def _themes(chosen: object) -> tuple[str, ...]:
    every = builtin_themes()
    if chosen == "all":
        return tuple(every)
    if chosen == "none":
        return ()
    if chosen == "association":
        return tuple(association_themes())
    if chosen == "classic":
        return tuple(name for name in every if name not in association_themes())
    if isinstance(chosen, list):
        return tuple(str(name) for name in chosen if name in every)
    raise ValueError(f"goals.toml: themes {chosen!r} is not all, none, association, classic or a list")


@cache
def goals() -> tuple[Goal, ...]:
    """The goals, in the order the first screen shows them."""
    data = tomllib.loads(GOALS_FILE.read_text(encoding="utf-8"))
    return tuple(
        Goal(name=str(entry["name"]), options=dict(entry.get("options", {})),
             fields=tuple(entry.get("fields", ())), themes=_themes(entry.get("themes", "all")),
             pictures=bool(entry.get("pictures", False)), lists=bool(entry.get("lists", False)),
             sample=dict(entry.get("sample", {})), few_pictures=dict(entry.get("few_pictures", {})))
        for entry in data["goal"]
    )


def goal(name: str) -> Goal | None:
    return next((g for g in goals() if g.name == name), None)
