"""Association themes: the ways a value can be shown, and which values and faces a user picks.

An association theme (``nombres``, ``lettres``, ``couleurs``, and ``fruits`` with
``--faces``) shows each value in several *representations*: the numeral 4, four
dots, the word "quatre". The theme's TOML file lists its representations (each
with its kind, one of ``KINDS``, and the values it can show), its default pair and what
touching halves share; ``themes.model`` reads them into an ``AssociationTheme``.
``choose`` reads ``--faces`` and ``--values`` into a ``Choice``; ``face_for``
turns (value, representation) into a ``Face``: plain data that the painter in
``faces.association`` draws (text stays text, dots, a colour patch, a picture).

This module knows nothing of pages or of ReportLab.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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
    """One way a theme shows its values, as its TOML file says (``[[representations]]``)."""

    name: str
    """What ``--faces`` calls it (``chiffre``, ``points``...)."""
    values: int
    """How many values it can show (values 0 .. values-1)."""
    kind: str
    """Which maker of ``KINDS`` turns a value into a ``Face`` (``numeral``, ``dots``, ``word``...)."""
    words: str = ""
    """A ``word`` face's catalogue key prefix: value ``n`` reads ``<words>.<n>``."""
    names: str = ""
    """How the teacher's key names a face that is not text: the catalogue key prefix of the
    value's word (``assoc.colour``); without it, the value and the representation's name."""
    case: str = ""
    """A ``letter`` face: ``upper`` or ``lower``."""


class AssociationTheme(NamedTuple):
    """A built-in theme's association facts, from its TOML file (see ``themes.model``)."""

    name: str
    representations: tuple[Representation, ...]
    default_faces: tuple[str, str]
    match: str
    """What touching halves share, for the rules page: ``rules.match.<match>``."""
    value_names: str = "numbers"
    """How ``--values`` names the values: ``numbers`` (0-20) or ``letters`` (A-Z)."""
    default_count: int = 7
    """Values shown without ``--values``: 7 make the 28 tiles of double-six."""

    def representation(self, name: str) -> Representation:
        return next(r for r in self.representations if r.name == name)


VALUE_NAMES = ("numbers", "letters")
"""How a theme's values are named on the command line."""


class Face(NamedTuple):
    """One face to draw, as plain data."""

    kind: str
    """``text``, ``dots``, ``hand``, ``colour`` or ``picture``."""
    text: str = ""
    """The text of a ``text`` face (already with its "J'ai ..." wording)."""
    count: int = 0  # type: ignore[assignment]  # a field, shadowing tuple.count, which nothing here calls
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
    return LETTERS[index] if theme.value_names == "letters" else str(index)


def _value_index(theme: AssociationTheme, token: str, limit: int) -> int:
    token = token.strip()
    letters = theme.value_names == "letters"
    if letters:
        if len(token) == 1 and token.upper() in LETTERS:
            return LETTERS.index(token.upper())
    elif token.isdigit() and int(token) < limit:
        return int(token)
    wanted = "letters A to Z" if letters else f"numbers 0 to {limit - 1}"
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


def choose(theme: AssociationTheme, faces: str | None, values: str | None, top: int | None) -> Choice:
    """The representations and values picked for a built-in association theme, checked."""
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
    return KINDS[representation.kind](representation, value, lang, images)


def key_name(choice: Choice, value: int, side: int, lang: str, images: tuple[Path, ...] = ()) -> str:
    """A face as the teacher's key names it: its text, the value's word, or "4 (dots)"."""
    representation = choice.faces[side]
    face = face_for(choice, value, representation, lang, images)
    if face.kind == "text":
        return face.text
    if representation.names:
        return texts.text(lang, f"{representation.names}.{value}")
    return f"{plain_text(face)} ({texts.text(lang, f'assoc.face.{representation.name}')})"


FaceMaker = Callable[[Representation, int, str, tuple[Path, ...]], "Face"]


def _numeral(representation: Representation, value: int, lang: str, images: tuple[Path, ...]) -> Face:
    shown = str(value)
    return Face("text", shown, bold=True, underline=reads_upside_down(shown))


def _letter(representation: Representation, value: int, lang: str, images: tuple[Path, ...]) -> Face:
    shown = LETTERS[value].lower() if representation.case == "lower" else LETTERS[value]
    return Face("text", shown, bold=True, underline=reads_upside_down(shown))


def _word(representation: Representation, value: int, lang: str, images: tuple[Path, ...]) -> Face:
    return Face("text", texts.text(lang, f"{representation.words}.{value}"))


def _picture(representation: Representation, value: int, lang: str, images: tuple[Path, ...]) -> Face:
    return Face("picture", count=value, path=images[value])


def _counted(kind: str) -> FaceMaker:
    """A face that shows the value itself, drawn by the painter of face kind ``kind``."""
    return lambda representation, value, lang, images: Face(kind, count=value)


KINDS: dict[str, FaceMaker] = {
    "numeral": _numeral,
    "letter": _letter,
    "word": _word,
    "dots": _counted("dots"),
    "hand": _counted("hand"),
    "colour": _counted("colour"),
    "picture": _picture,
}
"""The representation kinds a theme file may name (``kind = "dots"``), each turning a value
into a ``Face``: plain data that the face painter of the same ``Face.kind`` in
``faces.association`` draws. A new kind is one maker here and one painter there."""


_SPACES = re.compile(r"\s+")


def plain_text(face: Face) -> str:
    """What a face says, on one line, for the teacher's key."""
    if face.kind == "text":
        return _SPACES.sub(" ", face.text)
    if face.kind == "picture" and face.path is not None:
        return face.path.stem
    return str(face.count)
