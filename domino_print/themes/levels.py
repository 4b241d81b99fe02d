"""A theme's levels, as its TOML file names them: the same game made easier or harder.

A teacher with a mixed class prints one game at two or three levels (``--niveaux 3``): sums
to 10, to 20, to 100; hours, half hours, five minutes. A theme file says what changes from
one level to the next, as data:

```toml
[[levels]]                 # one ladder of levels
name = "sommes"            # how ``domino-print themes`` lists it
for = ["addition"]         # the faces it serves (absent: every face of the theme)
faces = ["addition", "chiffre"]   # its faces when --faces is not given (absent: the theme's)
steps = [                  # easiest first; each changes only what it gives
  { label = "≤ 10", range = "0-10", values = "4-10" },
  { label = "≤ 20", range = "0-20", values = "12-18" },
]
```

A step may give ``range``, ``tables``, ``values`` and ``step``, as the options of the same
names would; its ``label`` (a text, or a table with a text per language) names the level
on its pages and in the key. ``--niveaux N`` takes N of a ladder's steps spread from the
easiest to the hardest (``spread``). This module reads and checks the data; ``sets.levels``
makes the decks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

LEVEL_SETTINGS = ("range", "tables", "values", "step")
"""What a level may change: the options of the same names."""
_LADDER_KEYS = {"name", "for", "faces", "steps"}
_STEP_KEYS = {"label", *LEVEL_SETTINGS}
_STEPS_EXAMPLE = 'steps = [{ label = "≤ 10", range = "0-10" }, ...]'


class Level(NamedTuple):
    """One level of a ladder: its label per language and the options it sets (as text)."""

    label: tuple[tuple[str, str], ...]
    """(language, label) pairs; see ``label_in``."""
    settings: tuple[tuple[str, str], ...]
    """(option name, value as the command line would give it), for the options of ``LEVEL_SETTINGS``."""

    def label_in(self, lang: str) -> str:
        """The label on a ``lang`` page: in that language, else English, else the first given."""
        table = dict(self.label)
        return table.get(lang) or table.get("en") or next(iter(table.values()), "")

    def setting(self, name: str) -> str | None:
        return dict(self.settings).get(name)


class Ladder(NamedTuple):
    """Levels of one game, easiest first, for the faces it serves."""

    name: str
    serves: tuple[str, ...]
    """The representations it is for; empty: every representation of the theme."""
    faces: tuple[str, ...]
    """Its faces without ``--faces`` (two names), or empty for the theme's default faces."""
    levels: tuple[Level, ...]

    def fits(self, faces: tuple[str, ...]) -> bool:
        """Whether this ladder serves a set showing ``faces``."""
        return not self.serves or bool(set(self.serves) & set(faces))

    def sets(self, name: str) -> bool:
        """Whether some level of the ladder sets option ``name``."""
        return any(level.setting(name) is not None for level in self.levels)


def spread(count: int, wanted: int) -> tuple[int, ...]:
    """The indexes of ``wanted`` levels among ``count``, from the easiest to the hardest, evenly
    spread (rounding down): 3 of 4 are 0, 1, 3 (hours, half hours, five minutes)."""
    if wanted == 1:
        return (0,)
    return tuple(k * (count - 1) // (wanted - 1) for k in range(wanted))


def ladders_from_data(data: object, representations: tuple[str, ...],
                      fail: Callable[..., Exception], languages: tuple[str, ...]) -> tuple[Ladder, ...]:
    """A theme file's ``[[levels]]``, checked; ``fail(says, **values)`` makes the error (a
    ``ThemeError`` naming the file, worded by the catalogues' ``error.<says>``)."""
    if not isinstance(data, list) or not data or not all(isinstance(entry, dict) for entry in data):
        raise fail("levels.not_a_list")
    ladders = []
    for entry in data:
        unknown = sorted(set(entry) - _LADDER_KEYS)
        if unknown:
            raise fail("levels.unknown_key", key=unknown[0], known=", ".join(sorted(_LADDER_KEYS)))
        name = entry.get("name")
        if not isinstance(name, str) or not name:
            raise fail("levels.no_name")
        serves = _names(entry.get("for", []), representations, fail, name, "for")
        faces = _names(entry.get("faces", []), representations, fail, name, "faces")
        if faces and len(faces) != 2:
            raise fail("levels.two_faces", name=name)
        steps = entry.get("steps")
        if not isinstance(steps, list) or len(steps) < 2 or not all(isinstance(s, dict) for s in steps):
            raise fail("levels.steps", name=name, example=_STEPS_EXAMPLE)
        levels = tuple(_level(name, step, fail, languages) for step in steps)
        ladders.append(Ladder(name, serves, faces, levels))
    return tuple(ladders)


def _names(given: object, representations: tuple[str, ...], fail: Callable[..., Exception],
           ladder: str, key: str) -> tuple[str, ...]:
    if not isinstance(given, list) or any(n not in representations for n in given):
        raise fail("levels.not_representations", name=ladder, key=key, names=", ".join(representations))
    return tuple(given)


def _level(ladder: str, step: dict, fail: Callable[..., Exception], languages: tuple[str, ...]) -> Level:
    """One step of ``ladder``: its label and the options it sets, checked."""
    unknown = sorted(set(step) - _STEP_KEYS)
    if unknown:
        raise fail("levels.unknown_step_key", name=ladder, key=unknown[0],
                   known=", ".join(sorted(_STEP_KEYS)))
    labels = _labels(ladder, step.get("label"), fail, languages)
    settings = _settings(ladder, step, fail)
    if not settings:
        raise fail("levels.changes_nothing", name=ladder, keys=", ".join(LEVEL_SETTINGS))
    return Level(labels, settings)


def _labels(ladder: str, label: object, fail: Callable[..., Exception],
            languages: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """A step's label as (language, text) pairs: one text for every language, or one per language given."""
    if isinstance(label, str) and label:
        return tuple((lang, label) for lang in languages)
    if isinstance(label, dict) and label and set(label) <= set(languages) \
            and all(isinstance(text, str) and text for text in label.values()):
        return tuple((str(lang), str(text)) for lang, text in label.items())
    raise fail("levels.no_label", name=ladder, codes=", ".join(languages))


def _settings(ladder: str, step: dict, fail: Callable[..., Exception]) -> tuple[tuple[str, str], ...]:
    """The options a step sets, each as the command line would give it (``tables`` as ``2,5``)."""
    settings = []
    for key in LEVEL_SETTINGS:
        value = step.get(key)
        if value is None:
            continue
        if key == "tables" and isinstance(value, list) and all(isinstance(t, int) for t in value):
            value = ",".join(str(t) for t in value)
        elif key == "step" and isinstance(value, int):
            value = str(value)
        if not isinstance(value, str) or not value:
            raise fail("levels.as_the_option", name=ladder, key=key)
        settings.append((key, value))
    return tuple(settings)
