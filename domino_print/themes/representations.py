"""Association themes: the ways a value can be shown, and which values and faces a user picks.

An association theme (``nombres``, ``lettres``, ``couleurs``, and ``fruits`` with
``--faces``) shows each value in several *representations*: the numeral 4, four
dots, the word "quatre". ``ASSOCIATION_THEMES`` lists, per theme, its
representations (each with the values it can show) and its default pair.
``choose`` reads ``--faces`` and ``--values`` into a ``Choice``; ``face_for``
turns (value, representation) into a ``Face``: plain data that the painter in
``faces.association`` draws (text stays text, dots, a colour patch, a picture).

This module knows nothing of pages or of ReportLab.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from domino_print import texts
from domino_print.errors import OptionError

LETTERS = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

COLOURS = (
    # (hex, pattern): the pattern tells colours apart without seeing them (see faces.association).
    ("#D62828", "dots"),          # rouge
    ("#1F5FBF", "horizontal"),    # bleu
    ("#F7D51D", "plain"),         # jaune
    ("#2E9E44", "vertical"),      # vert
    ("#F28C28", "diagonal"),      # orange
    ("#7B3FA0", "cross"),         # violet
    ("#F49AC1", "rings"),         # rose
    ("#7A4A1E", "antidiagonal"),  # marron
    ("#1A1A1A", "checks"),        # noir
    ("#FFFFFF", "zigzag"),        # blanc
)
"""The ten colours of ``couleurs``, in value order; names in ``assoc.colour.<n>``."""

UPSIDE_DOWN_DIGITS = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}
UPSIDE_DOWN_LETTERS = frozenset("bdpqnuMWNZ")
"""Letters that turn into another letter when a tile is turned round (N and Z a quarter turn)."""


class Representation(NamedTuple):
    name: str
    values: int
    """How many values it can show (values 0 .. values-1)."""
    kind: str
    """What the painter draws: ``numeral``, ``letter``, ``word``, ``dots``, ``hand``, ``colour``,
    ``picture``."""


class AssociationTheme(NamedTuple):
    name: str
    representations: tuple[Representation, ...]
    default_faces: tuple[str, str]
    default_count: int = 7
    """Values shown without ``--values``: 7 make the 28 tiles of double-six."""

    def representation(self, name: str) -> Representation:
        return next(r for r in self.representations if r.name == name)


ASSOCIATION_THEMES: dict[str, AssociationTheme] = {
    "nombres": AssociationTheme(
        "nombres",
        (
            Representation("chiffre", 21, "numeral"),
            Representation("points", 21, "dots"),
            Representation("doigts", 11, "hand"),
            Representation("mot", 21, "word"),
        ),
        ("chiffre", "points"),
    ),
    "lettres": AssociationTheme(
        "lettres",
        (Representation("capitale", 26, "letter"), Representation("minuscule", 26, "letter")),
        ("capitale", "minuscule"),
    ),
    "couleurs": AssociationTheme(
        "couleurs",
        (Representation("couleur", len(COLOURS), "colour"), Representation("mot", len(COLOURS), "word")),
        ("couleur", "mot"),
    ),
    "fruits": AssociationTheme(
        "fruits",
        (Representation("image", 7, "picture"), Representation("mot", 7, "word")),
        ("image", "mot"),
    ),
}


class Face(NamedTuple):
    """One face to draw, as plain data."""

    kind: str
    """``text``, ``dots``, ``hand``, ``colour`` or ``picture``."""
    text: str = ""
    """The text of a ``text`` face (already with its "J'ai ..." wording)."""
    count: int = 0
    """Dots or fingers; the colour's index."""
    path: Path | None = None
    """A picture's file."""
    bold: bool = False
    """Numerals and letters are bold and large; words are regular."""
    underline: bool = False
    """Underlined: it reads as another text upside down (6/9, b/q, M/W...)."""
    caption: str = ""
    """A short line above a face that is not text ("J'ai", "Qui a ... ?")."""
    card: int = 0
    """A small card number in the corner (loop decks), 0 for none."""
    asks: bool = False
    """The half that asks (loop decks): a small "?" in its corner, whichever way the card lies."""
    line: int = 0
    """The line of a pairs list it comes from, for error messages; 0 for a built-in theme."""


class Choice(NamedTuple):
    """What the user picked: the theme, two representations (possibly the same) and the values."""

    theme: AssociationTheme
    faces: tuple[Representation, Representation]
    values: tuple[int, ...]
    """Value indexes, in the order given."""


def reads_upside_down(shown: str) -> bool:
    """Whether ``shown`` turns into another numeral or letter when the tile is turned round."""
    if shown and all(ch in UPSIDE_DOWN_DIGITS for ch in shown):
        turned = "".join(UPSIDE_DOWN_DIGITS[ch] for ch in reversed(shown))
        return turned != shown and (len(turned) == 1 or turned[0] != "0")
    return len(shown) == 1 and shown in UPSIDE_DOWN_LETTERS


def _value_name(theme: AssociationTheme, index: int) -> str:
    return LETTERS[index] if theme.name == "lettres" else str(index)


def _value_index(theme: AssociationTheme, token: str, limit: int) -> int:
    token = token.strip()
    if theme.name == "lettres":
        if len(token) == 1 and token.upper() in LETTERS:
            return LETTERS.index(token.upper())
    elif token.isdigit() and int(token) < limit:
        return int(token)
    wanted = "letters A to Z" if theme.name == "lettres" else f"numbers 0 to {limit - 1}"
    raise OptionError(
        "{values} {token!r} is not a value of theme {theme!r}; use {wanted}, "
        "as a range (0-10, A-F) or a list (A,E,I,O,U)",
        fields=("values",), token=token, theme=theme.name, wanted=wanted,
    )


def parse_values(theme: AssociationTheme, spec: str, limit: int) -> tuple[int, ...]:
    """``0-10``, ``A-F``, ``A,E,I,O,U`` or a mix, as value indexes below ``limit``, in order."""
    found: list[int] = []
    for part in spec.split(","):
        low, dash, high = part.strip().partition("-")
        if dash and low.strip() and high.strip():
            first, last = _value_index(theme, low, limit), _value_index(theme, high, limit)
            if last < first:
                raise OptionError("{values} {part!r} runs backwards; write it low-high",
                                  fields=("values",), part=part.strip())
            found.extend(range(first, last + 1))
        else:
            found.append(_value_index(theme, part, limit))
    if len(set(found)) != len(found):
        repeated = next(v for v in found if found.count(v) > 1)
        raise OptionError("{values} names {value} twice; name each value once",
                          fields=("values",), value=_value_name(theme, repeated))
    if len(found) < 2:
        raise OptionError("{values} needs two values or more to make a set", fields=("values",))
    return tuple(found)


def choose(theme_name: str, faces: str | None, values: str | None, top: int | None) -> Choice:
    """The representations and values picked for a built-in association theme, checked."""
    theme = ASSOCIATION_THEMES[theme_name]
    names = theme.default_faces if faces is None else tuple(n.strip() for n in faces.split(","))
    if len(names) == 1:
        names = (names[0], names[0])
    known = [r.name for r in theme.representations]
    if len(names) != 2 or any(n not in known for n in names):
        raise OptionError(
            "{faces} {given!r}: give two of {known} for theme {theme!r}, as in {faces} {example}",
            fields=("faces",), given=faces, known=", ".join(known), theme=theme.name,
            example=",".join(theme.default_faces),
        )
    first, second = theme.representation(names[0]), theme.representation(names[1])
    limit = min(first.values, second.values)
    if values is not None and top is not None:
        raise OptionError("{max} and {values} both choose the values; keep one", fields=("max", "values"))
    if values is not None:
        chosen = parse_values(theme, values, limit)
    else:
        count = theme.default_count if top is None else top + 1
        if count > limit:
            raise OptionError("{max} {top} is too high for faces {faces_given}; use {max} {high} or less",
                              fields=("max",), top=count - 1, faces_given=",".join(names), high=limit - 1)
        chosen = tuple(range(count))
    return Choice(theme, (first, second), chosen)


def face_for(choice: Choice, value: int, representation: Representation, lang: str,
             images: tuple[Path, ...] = ()) -> Face:
    """How ``value`` looks in ``representation`` on a ``lang`` page."""
    kind = representation.kind
    if kind in ("numeral", "letter"):
        shown = str(value) if kind == "numeral" else LETTERS[value]
        if representation.name == "minuscule":
            shown = shown.lower()
        return Face("text", shown, bold=True, underline=reads_upside_down(shown))
    if kind == "word":
        key = {"nombres": "assoc.number", "couleurs": "assoc.colour"}.get(choice.theme.name)
        word = texts.text(lang, f"{key}.{value}") if key else texts.text(lang, f"theme.fruits.label.{value}")
        return Face("text", word)
    if kind == "dots":
        return Face("dots", count=value)
    if kind == "hand":
        return Face("hand", count=value)
    if kind == "colour":
        return Face("colour", count=value)
    return Face("picture", count=value, path=images[value])


_SPACES = re.compile(r"\s+")


def plain_text(face: Face) -> str:
    """What a face says, on one line, for the teacher's key."""
    if face.kind == "text":
        return _SPACES.sub(" ", face.text)
    if face.kind == "picture" and face.path is not None:
        return face.path.stem
    return str(face.count)
