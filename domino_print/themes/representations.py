"""Association themes: the ways a value can be shown, and which values and faces a user picks.

An association theme (``nombres``, ``lettres``, ``couleurs``, and ``fruits`` with
``--faces``) shows each value in several *representations*: the numeral 4, four
dots, the word "quatre". The theme's TOML file lists its representations (each
with its kind, one of ``KINDS``, and the values it can show), its default pair and what
touching halves share; ``themes.model`` reads them into an ``AssociationTheme``.
``themes.choosing.choose`` reads ``--faces`` and ``--values`` into a ``Choice``; ``face_for``
turns (value, representation) into a ``Face``: plain data that the painter in
``faces.association`` draws (text stays text, dots, a colour patch, a picture).

This module knows nothing of pages or of ReportLab.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import NamedTuple

from domino_print import texts
from domino_print.errors import OptionError, Phrase
from domino_print.themes import maths
from domino_print.themes.kinds import LETTERS as LETTERS  # said once, with the association kind
from domino_print.themes.levels import Ladder
from domino_print.themes.maths import OPERATIONS

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
    lowest: int = 0
    """The first value it can show (Roman numerals start at 1)."""
    match: str = ""
    """What touching halves share when this representation shows (``rules.match.<match>``: "a
    sum and its result"); the theme's ``match`` otherwise."""
    style: str = ""
    """A kind's variant: a clock's ``numbers`` or ``ticks``, a digital time's ``24`` or ``12``."""

    @property
    def generated(self) -> bool:
        """Whether its faces are drawn from the seed (an operation that makes the value)."""
        return self.kind in OPERATIONS


class Currency(NamedTuple):
    """Money as a theme file describes it (``[currency]``): coins and notes in cents."""

    symbol: str
    coins: tuple[int, ...]
    notes: tuple[int, ...]
    coin_mm: tuple[float, ...] = ()
    """Each coin's real diameter in mm, as ``coins`` (empty: all drawn alike)."""
    note_mm: tuple[tuple[float, float], ...] = ()
    """Each note's real width and height in mm, as ``notes`` (empty: all drawn alike)."""

    def sizes(self, pieces: tuple[int, ...]) -> tuple[tuple[float, float], ...]:
        """Each piece's width and height as a share of the largest coin's diameter (coins) or of
        the largest note's width (notes): the face draws them in their real proportions."""
        coins = dict(zip(self.coins, self.coin_mm, strict=True)) if self.coin_mm else {}
        notes = dict(zip(self.notes, self.note_mm, strict=True)) if self.note_mm else {}
        widest_coin = max(coins.values(), default=1.0)
        widest_note = max((w for w, _ in notes.values()), default=1.0)
        found = []
        for piece in pieces:
            if piece in notes:
                width, height = notes[piece]
                found.append((width / widest_note, height / widest_note))
            elif piece in self.notes:
                found.append((1.0, 0.52))
            else:
                share = coins.get(piece, widest_coin) / widest_coin
                found.append((share, share))
        return tuple(found)

    def pieces(self, cents: int) -> tuple[int, ...]:
        """The fewest coins and notes that make ``cents``, largest first (greedy: right for the
        euro's 1-2-5 series)."""
        found = []
        for piece in sorted((*self.coins, *self.notes), reverse=True):
            while cents >= piece:
                found.append(piece)
                cents -= piece
        if cents:
            raise ValueError("the coins cannot make this amount")
        return tuple(found)


class AssociationTheme(NamedTuple):
    """A built-in theme's association facts, from its TOML file (see ``themes.model``)."""

    name: str
    representations: tuple[Representation, ...]
    default_faces: tuple[str, str]
    match: str
    """What touching halves share, for the rules page: ``rules.match.<match>``."""
    value_names: str = "numbers"
    """How ``--values`` names the values: ``numbers`` (0-20), ``letters`` (A-Z) or ``times``
    (``8:00-12:00``, ``3:15,9:45``: a value is then the minutes after midnight) or ``fractions``
    (``1/2,3/4``: a value is the index of one of ``value_list``)."""
    value_list: tuple[str, ...] = ()
    """The values a ``fractions`` or ``amounts`` theme shows, in order (``1/2``, ``3/4``...;
    ``0.50``, ``1.20``: amounts in the currency's units, with a point)."""
    currency: Currency | None = None
    """An ``amounts`` theme's money: its symbol, coins and notes."""
    default_count: int = 7
    """Values shown without ``--values``: 7 make the 28 tiles of double-six."""
    loop_count: int = 24
    """Cards of a loop deck without ``--values`` or ``--cards``: one for each pupil of a class (24),
    or the theme's natural size (``loop_count = 26`` in its file: A to Z)."""
    levels: tuple[Ladder, ...] = ()
    """Its ladders of levels for ``--niveaux`` (``themes.levels``), as its file names them."""

    def representation(self, name: str) -> Representation:
        return next(r for r in self.representations if r.name == name)


VALUE_NAMES = ("numbers", "letters", "times", "fractions", "amounts")
"""How a theme's values are named on the command line."""


class Face(NamedTuple):
    """One face to draw, as plain data."""

    kind: str
    """``text``, ``dots``, ``hand``, ``colour`` or ``picture``."""
    text: str = ""
    """The text of a ``text`` face (already with its "J'ai ..." wording)."""
    count: int = 0  # type: ignore[assignment]  # a field, shadowing tuple.count, which nothing here calls
    """Dots, fingers, tally marks...; the colour's index."""
    parts: tuple[int, ...] = ()
    """A drawing's numbers: a clock's hours, minutes and dial; a fraction's numerator and
    denominator."""
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
    sizes: tuple[tuple[float, float], ...] = ()
    """Coins and notes: each piece's width and height in its real proportions (``Currency.sizes``)."""


class Settings(NamedTuple):
    """How generated faces are drawn: the seed and the ranges a teacher sets."""

    seed: int = 1
    operands: tuple[int, int] = (0, 10)
    """``--range``: the terms of a sum or difference, the other factor of a product."""
    tables: tuple[int, ...] = ()
    """``--tables``: the tables a product or a division uses (every factor in range when empty)."""
    step: int = 60
    """``--step``: the minutes between two times of a set (an hour, a half, a quarter, five)."""
    facts: tuple[tuple[int, int], ...] = ()
    """``(value, table)``: the table a product or division of ``value`` shows first, so that each
    of ``--tables`` gets its fair share of the set (filled by ``choose``)."""


DEFAULT_SETTINGS = Settings()


class Choice(NamedTuple):
    """What the user picked: the theme, two representations (possibly the same) and the values."""

    theme: AssociationTheme
    faces: tuple[Representation, Representation]
    values: tuple[int, ...]
    """Value indexes, in the order given."""
    settings: Settings = DEFAULT_SETTINGS
    labels: tuple[str, ...] = ()
    """A folder theme's words in the page's language, by value (``label`` faces)."""


class Context(NamedTuple):
    """What a maker knows besides the value: the page's language, the theme's pictures, the
    settings, which half it makes (0 or 1) and the face of the other half, to differ from."""

    lang: str
    images: tuple[Path, ...]
    settings: Settings
    side: int
    other: Face | None
    listed: tuple[str, ...] = ()
    """The theme's listed values (``value_list``: fractions, amounts), by index."""
    currency: Currency | None = None
    labels: tuple[str, ...] = ()

    def fraction(self, value: int) -> Fraction:
        return Fraction(self.listed[value])

    def cents(self, value: int) -> int:
        return int(Fraction(self.listed[value]) * 100)


def reads_upside_down(shown: str) -> bool:
    """Whether ``shown`` turns into another numeral or letter when the tile is turned round."""
    if shown and all(ch in UPSIDE_DOWN_DIGITS for ch in shown):
        turned = "".join(UPSIDE_DOWN_DIGITS[ch] for ch in reversed(shown))
        return turned != shown and (len(turned) == 1 or turned[0] != "0")
    return len(shown) == 1 and shown in UPSIDE_DOWN_LETTERS


def value_name(theme: AssociationTheme, index: int) -> str:
    """A value as ``--values`` names it: ``7``, ``C``, ``3:15``, ``3/4``."""
    if theme.value_list:
        return theme.value_list[index]
    if theme.value_names == "times":
        return maths.time_text(index)
    return LETTERS[index] if theme.value_names == "letters" else str(index)


def face_for(choice: Choice, value: int, side: int, lang: str, images: tuple[Path, ...] = (),
             other: Face | None = None) -> Face:
    """How ``value`` looks on half ``side`` (its representation ``choice.faces[side]``) on a
    ``lang`` page; a generated face differs from ``other`` when it can."""
    representation = choice.faces[side]
    return KINDS[representation.kind](representation, value,
                                      Context(lang, images, choice.settings, side, other,
                                              choice.theme.value_list, choice.theme.currency, choice.labels))


def faces_for(choice: Choice, value: int, lang: str, images: tuple[Path, ...] = ()) -> tuple[Face, Face]:
    """The two faces of ``value``: the second differs from the first when both are drawn."""
    first = face_for(choice, value, 0, lang, images)
    return first, face_for(choice, value, 1, lang, images, other=first)


def key_name(choice: Choice, face: Face, value: int, side: int, lang: str) -> str:
    """A face as the teacher's key names it: its text, the value's word, or "4 (dots)"."""
    representation = choice.faces[side]
    if face.kind == "text":
        return face.text
    if representation.names:
        return texts.text(lang, f"{representation.names}.{value}")
    return f"{plain_text(face)} ({texts.text(lang, f'assoc.face.{face.kind}')})"


def solution_value(choice: Choice, value: int, lang: str) -> str:
    """The value as the teacher's key of a double set names it: the colour's or the picture's
    word when a face names it so, a folder's word, the price written out, else as ``--values``
    names it (``7``, ``C``, ``15:30``, ``3/4``)."""
    for representation in choice.faces:
        if representation.names:
            return texts.text(lang, f"{representation.names}.{value}")
    if choice.labels:
        return choice.labels[value]
    currency = choice.theme.currency
    if currency is not None:
        return price_text(int(Fraction(choice.theme.value_list[value]) * 100), currency.symbol, lang)
    return value_name(choice.theme, value)


FaceMaker = Callable[[Representation, int, Context], "Face"]


def _numeral(representation: Representation, value: int, context: Context) -> Face:
    shown = str(value)
    return Face("text", shown, bold=True, underline=reads_upside_down(shown))


def _letter(representation: Representation, value: int, context: Context) -> Face:
    shown = LETTERS[value].lower() if representation.case == "lower" else LETTERS[value]
    return Face("text", shown, bold=True, underline=reads_upside_down(shown))


def _word(representation: Representation, value: int, context: Context) -> Face:
    return Face("text", texts.text(context.lang, f"{representation.words}.{value}"))


def _label(representation: Representation, value: int, context: Context) -> Face:
    return Face("text", context.labels[value])


def _picture(representation: Representation, value: int, context: Context) -> Face:
    return Face("picture", count=value, path=context.images[value])


def _roman(representation: Representation, value: int, context: Context) -> Face:
    return Face("text", maths.roman(value), bold=True)


def _counted(kind: str) -> FaceMaker:
    """A face that shows the value itself, drawn by the painter of face kind ``kind``."""
    return lambda representation, value, context: Face(kind, count=value)


def _operation(representation: Representation, value: int, context: Context) -> Face:
    """An expression that makes ``value`` (``3 + 4``), drawn from the seed; ``NoExpression``
    when the ranges hold none."""
    faces = expressions_of(representation, value, context.settings, context.side)
    others = [face for face in faces if face != context.other] or faces
    return others[0]


def expressions_of(representation: Representation, value: int, settings: Settings, side: int) -> list[Face]:
    """Every expression of ``value`` the ranges allow, in an order drawn from the seed, those
    without a 0 or a 1 first (``3 + 4`` before ``7 + 0``); ``NoExpression`` when there is none."""
    found = maths.expressions(representation.kind, value, settings.operands, settings.tables)
    if not found:
        raise NoExpression(representation, value, settings)
    order = maths.shuffled(found, settings.seed, representation.kind, value, side)
    table = dict(settings.facts).get(value)
    # the value's own table first (its fair share of --tables), then those without a 0 or a 1
    order.sort(key=lambda terms: (table is not None and terms[1] != table, bool(set(terms) & {0, 1})))
    return [Face("text", maths.expression_text(representation.kind, a, b)) for a, b in order]


def variants_for(choice: Choice, value: int, side: int) -> tuple[Face, ...]:
    """A generated side's expressions of ``value``, each once, for a double set to show in turn;
    empty for a side that always looks the same."""
    representation = choice.faces[side]
    if not representation.generated:
        return ()
    return tuple(expressions_of(representation, value, choice.settings, side))


class NoExpression(OptionError):
    """No expression of the representation's operation makes ``value`` within the ranges."""

    def __init__(self, representation: Representation, value: int, settings: Settings) -> None:
        self.representation, self.value = representation, value
        tabled = representation.kind in ("multiplication", "division")
        says = "values.no_expression" + ("_in_tables" if tabled and settings.tables else
                                         "_tabled" if tabled else "")
        low, high = settings.operands
        super().__init__(
            says=says, fields=("range", "tables", "values"),
            operation=Phrase(f"values.operation.{representation.kind}"), value=value, low=low, high=high,
            given=",".join(map(str, settings.tables)),
        )


def _clock(representation: Representation, value: int, context: Context) -> Face:
    """An analogue clock: hours on the dial, minutes, and 1 for numbers on the dial (0: ticks)."""
    return Face("clock", count=value, parts=(maths.dial_hour(value), value % 60,
                                             0 if representation.style == "ticks" else 1))


def _digital(representation: Representation, value: int, context: Context) -> Face:
    return Face("text", maths.digital_text(value, representation.style), bold=True)


def _pie(representation: Representation, value: int, context: Context) -> Face:
    share = context.fraction(value)
    return Face(representation.kind, count=value, parts=(share.numerator, share.denominator))


def _fraction(representation: Representation, value: int, context: Context) -> Face:
    share = context.fraction(value)
    return Face("text", f"{share.numerator}/{share.denominator}", bold=True)


def _decimal(representation: Representation, value: int, context: Context) -> Face:
    shown = maths.decimal_text(context.fraction(value), texts.decimal_mark(context.lang))
    assert shown is not None  # choose() keeps the fractions without an exact decimal out
    return Face("text", shown, bold=True)


def _percent(representation: Representation, value: int, context: Context) -> Face:
    mark = texts.decimal_mark(context.lang)
    shown = maths.decimal_text(context.fraction(value) * 100, mark)
    assert shown is not None
    return Face("text", texts.text(context.lang, "number.percent", number=shown), bold=True)


def _coins(representation: Representation, value: int, context: Context) -> Face:
    assert context.currency is not None  # an amounts theme has its currency (themes.model)
    cents = context.cents(value)
    pieces = context.currency.pieces(cents)
    shown = " + ".join(piece_text(piece, context.currency.symbol, context.lang) for piece in pieces)
    return Face("coins", shown, count=cents, parts=pieces, sizes=context.currency.sizes(pieces))


def _price(representation: Representation, value: int, context: Context) -> Face:
    assert context.currency is not None
    return Face("text", price_text(context.cents(value), context.currency.symbol, context.lang), bold=True)


def piece_text(cents: int, symbol: str, lang: str) -> str:
    """A coin's or note's label in ``lang``, as a price is written: ``50 c``, ``2 €`` (``50c``,
    ``€2`` in English)."""
    if cents < 100:
        return texts.text(lang, "number.cents", cents=cents)
    return price_text(cents, symbol, lang)


def price_text(cents: int, symbol: str, lang: str) -> str:
    """``1,20 €`` (``€1.20`` in English): two decimals unless the amount is whole."""
    whole, rest = divmod(cents, 100)
    mark = texts.decimal_mark(lang)
    amount = f"{whole}{mark}{rest:02d}" if rest else str(whole)
    return texts.text(lang, "number.price", amount=amount, symbol=symbol)


def _time_words(representation: Representation, value: int, context: Context) -> Face:
    return Face("text", maths.time_words(context.lang, value))


KINDS: dict[str, FaceMaker] = {
    "numeral": _numeral,
    "letter": _letter,
    "word": _word,
    "dots": _counted("dots"),
    "hand": _counted("hand"),
    "colour": _counted("colour"),
    "picture": _picture,
    "label": _label,
    "roman": _roman,
    "tally": _counted("tally"),
    "frame": _counted("frame"),
    "dice": _counted("dice"),
    "rods": _counted("rods"),
    **{operation: _operation for operation in OPERATIONS},
    "clock": _clock,
    "digital": _digital,
    "time-words": _time_words,
    "pie": _pie,
    "bar": _pie,
    "fraction": _fraction,
    "decimal": _decimal,
    "percent": _percent,
    "coins": _coins,
    "price": _price,
}
"""The representation kinds a theme file may name (``kind = "dots"``), each turning a value
into a ``Face``: plain data that the face painter of the same ``Face.kind`` in
``faces.association`` draws. A new kind is one maker here and one painter there."""


_DIAL_KINDS = ("clock", "time-words")
_COUNTED = ("dots", "hand", "tally", "frame", "dice", "rods")


def meaning_text(choice: Choice, face: Face, value: int, side: int, lang: str) -> str:
    """What the meaning check (``sets.meaning``) reads for ``face``: its own text where a text is
    shown (so "3 + 4", "sept", "0,75" and "75 %" are evaluated as written), the count a drawing
    shows, a pie's or bar's share as n/d, a colour's word, and a time as minutes after midnight,
    on a 12-hour dial for the faces that show the dial (3:00 and 15:00 then read the same)."""
    representation = choice.faces[side]
    kind = representation.kind
    if kind in _DIAL_KINDS or (kind == "digital" and representation.style == "12"):
        return str(value % maths.DIAL_MINUTES)
    if kind == "digital":
        return str(value)
    if face.kind in _COUNTED:
        return str(face.count)
    if face.kind in ("pie", "bar"):
        return f"{face.parts[0]}/{face.parts[1]}"
    if face.kind == "coins":
        return " + ".join(f"{piece / 100:g}" for piece in face.parts) or "0"  # evaluated: the sum
    if kind == "price":
        return str(Fraction(choice.theme.value_list[value]))
    if face.kind in ("colour", "picture"):
        return texts.text(lang, f"{representation.names}.{value}") if representation.names else f"#{value}"
    return face.text


_SPACES = re.compile(r"\s+")


def plain_text(face: Face) -> str:
    """What a face says, on one line, for the teacher's key."""
    if face.kind == "text":
        return _SPACES.sub(" ", face.text)
    if face.kind == "picture" and face.path is not None:
        return face.path.stem
    if face.kind == "clock":
        return maths.time_text(face.count)
    if face.kind in ("pie", "bar"):
        return f"{face.parts[0]}/{face.parts[1]}"
    if face.kind == "coins":
        return face.text  # the pieces as their faces are labelled: "50 c + 20 c", no-break spaces kept
    return str(face.count)
