"""Every option, declared once: the table, its checks, and its wording on each surface.

``OPTIONS`` (the main command) and ``CALIBRATE_OPTIONS`` list each option's name, type,
default, choices or range; its label and help text live in the text catalogues under
``option.<name>.label`` and ``option.<name>.help``. From the table come:

- the click options of the command line (``click_options``, help in English);
- ``parse``: a plain mapping (as a web form or JSON sends it: strings, numbers,
  booleans) -> checked, typed values (``Options``), with the same messages whatever
  the surface. The rules that tie options together are in ``_check_combinations``.

Messages name options as ``{placeholders}`` (see ``errors.OptionError``); ``describe``
words them for a surface: ``--max 9`` on the command line, the field's label on a form.
Neutral ``SizeError``s from the layout and the set generator become worded
``OptionError``s in ``word_size_error``.
"""

from __future__ import annotations

import math
import os
import re
import reprlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import click

from domino_print.errors import OneOf, OptionError, OptionName, Phrase, SizeError, WordedError, flag_name
from domino_print.geometry.backs import (
    BACK_KINDS,
    MAX_LABEL_CHARS,
    MAX_LEVELS,
    MAX_SETS,
    parse_back_offset,
    parse_label,
)
from domino_print.geometry.cutting import CUT_FORMATS, MAX_CORNER_MM, MAX_KERF_MM, gap_for_kerf
from domino_print.geometry.printer import NO_SCALE, parse_scale
from domino_print.geometry.registration import REGISTRATION_MACHINES
from domino_print.geometry.sheet import (
    MARK_STYLES,
    ORIENTATIONS,
    PAPERS_MM,
    TILE_PRESETS_MM,
    Paper,
    SheetSpec,
    parse_paper,
    parse_tile_size,
)
from domino_print.geometry.touch import (
    DEFAULT_BED,
    DEFAULT_RELIEF_MM,
    DEFAULT_THICKNESS_MM,
    RELIEF_RANGE_MM,
    SOLID_FORMATS,
    THICKNESS_RANGE_MM,
    Bed,
    parse_bed,
)
from domino_print.ink import DEFAULT_INK, INK_MODES
from domino_print.rules import default_targets, score_games
from domino_print.rules import names as rules_variants
from domino_print.rules.variant import MAX_PLAYERS, STARTERS
from domino_print.sets.tiles import MAX_TOP, parse_tile_names
from domino_print.texts import DEFAULT_LANG, catalogue, languages, text
from domino_print.themes.maths import STEPS

HELP_LANG = "en"
"""The command line's help is in English (the pages follow --lang)."""

DUPLEX_EDGES = ("long", "short")
RULES_MIN_PAPER_MM = (148.0, 210.0)
"""A5: the smallest paper the rules page fits on (reduced, as a copier would)."""
MIN_MARGIN_MM = 8.0
"""The header line sits 3 mm into the top margin and must stay clear of the last 5 mm of
paper, which most printers leave blank."""
DEFAULT_TARGET = 50
"""The target of a game that keeps no score (unused on its page)."""
TARGETS: dict[object, object] = {name: target for name, target in default_targets().items()}
"""Each game played to a score, with its usual target (the rules registry: 50 points, 100 doubles)."""
TARGET_GAMES = tuple(default_targets())
"""The games played to a score: ``--target`` means something for them only."""

DEFAULT_PREVIEW_DPI = 150


class Need(NamedTuple):
    """An option means something only while ``option`` has one of ``values``.

    ``values`` are compared with the other option's value as given, else its default, else the
    value it implies (``rules`` absent is ``famille``); no values at all means the other option
    must be set to anything but its default (``--set`` needs ``--sets`` N, whatever N above 1).
    ``message`` is the refusal when the option is
    given and the need is not met: the catalogue key ``error.need.<message>``, whose words name
    the option as ``{subject}`` and the other by its name, with ``words`` for any other value.
    Read by the checks (``parse``), the command line's help, and the studio's form (which
    disables the field).
    """

    option: str
    values: tuple[object, ...]
    message: str
    words: Mapping[str, object] = {}


def _games(games: tuple[str, ...]) -> OneOf:
    """``--rules fives or --rules chicken``: the games to choose, in a message."""
    return OneOf([Phrase("option.with_value", option=OptionName("rules"), value=game) for game in games])


class Option(NamedTuple):
    """One option of a command: how it is given, checked and explained."""

    name: str
    """Its key in a mapping; ``--name`` (underscores as dashes) on the command line."""
    kind: str
    """``text``, ``int``, ``float``, ``choice``, ``flag`` or ``path``."""
    default: object = None
    """None for an option whose absence means something (``--max``: the theme decides)."""
    choices: tuple[str, ...] | Callable[[], tuple[str, ...]] = ()
    low: float | None = None
    high: float | None = None
    unit: str = ""
    """Shown after the value in messages: ``--margin 120 mm``."""
    why: str = ""
    """Appended to the out-of-range message."""
    metavar: str | None = None
    cli_only: bool = False
    """Only the command line has it (files, terminal output); a mapping may not set it."""
    short: str | None = None
    help_key: str | None = None
    """Catalogue key of the help text when it differs from ``option.<name>.help``."""
    implied: object = None
    """The value an option with no default takes when not given. Its default stays None so
    that the rules between options can tell it was not given (``--target`` alone is refused)."""
    longest: int = 200
    """The most characters a text (or a number written as text) may have: every value is bounded
    before it is read further, so that no later parser sees a megabyte or a 5,000-digit number."""
    flag_value: str | None = None
    """A choice that may also be given alone, as a flag, takes this value then: ``--backs`` is
    ``--backs duplex``; in a mapping, true is this value and false is absent."""
    needs: tuple[Need, ...] = ()
    """When the option means something (see ``Need``): all met, checked in order."""
    suggestions: tuple[str, ...] = ()
    """Named values a text option also takes (paper and tile sizes): a form suggests them."""
    implied_with: tuple[str, Mapping[object, object]] | None = None
    """The implied value follows another option: ``("rules", {"doubles": 100})`` implies 100
    when ``rules`` is ``doubles``, else ``implied``."""

    @property
    def flag(self) -> str:
        return flag_name(self.name)

    def choice_list(self) -> tuple[str, ...]:
        return self.choices() if callable(self.choices) else self.choices


_RULES_PAGE = Need("no_rules", (False,), "rules_page")
_WITH_BACKS = Need("backs", ("duplex", "fold"), "backs")
_TWO_SIDED = Need("backs", ("duplex",), "two_sided")

ASSOCIATION_OPTIONS = (
    Option("faces", "text", None, metavar="A,B", longest=100),
    Option("values", "text", None, metavar="LIST", longest=2000),
    Option("structure", "choice", None, choices=("double", "boucle", "chaine")),
    Option("seed", "int", None, low=0, high=999999, metavar="N"),
    Option("style", "choice", None, choices=("simple", "jai-quia")),
    Option("range", "text", None, metavar="LOW-HIGH"),
    Option("tables", "text", None, metavar="2,5,10"),
    Option("step", "choice", None, choices=tuple(str(step) for step in STEPS)),
    Option("niveaux", "int", None, low=2, high=MAX_LEVELS, metavar="N"),
)
"""Association sets and loop decks (issue 12): checked with the theme in ``sets.association``."""

_WITH_CUT = Need("cut", ("svg",), "cut")

PRINT_OPTIONS = (
    Option("marks", "choice", "crop", choices=MARK_STYLES),
    Option("cut", "choice", None, choices=CUT_FORMATS, cli_only=True),
    Option("corner", "float", None, low=0, high=MAX_CORNER_MM, unit=" mm", metavar="MM", cli_only=True,
           implied=0.0, needs=(_WITH_CUT,)),
    Option("kerf", "float", None, low=0, high=MAX_KERF_MM, unit=" mm", metavar="MM", cli_only=True,
           implied=0.0, needs=(_WITH_CUT,)),
    Option("pdf_x", "flag", False),
    Option("pdf_a", "flag", False, cli_only=True, needs=(Need("pdf_x", (False,), "pdf_a"),)),
    Option("laser", "flag", False, cli_only=True, needs=(_WITH_CUT,)),
    Option("registration", "choice", None, choices=REGISTRATION_MACHINES, cli_only=True),
    Option("only", "text", None, metavar="4-2,6-6", longest=2000, cli_only=True),
    Option("set", "int", None, low=1, high=MAX_SETS, metavar="N", cli_only=True,
           needs=(Need("sets", (), "set"),)),
    Option("scale", "text", None, metavar="X,Y", longest=40, cli_only=True),
)
"""Print shops and cutting machines (issue 21): guides, cut files, standards. Kept together."""

HOUSE_RULE_OPTIONS = (
    Option("hand", "int", None, low=1, high=60, metavar="N", needs=(_RULES_PAGE,)),
    Option("starter", "choice", None, choices=STARTERS, needs=(_RULES_PAGE,)),
    Option("players", "int", None, low=2, high=MAX_PLAYERS, metavar=f"2-{MAX_PLAYERS}", needs=(_RULES_PAGE,)),
    Option("score_sheet", "flag", False, needs=(
        _RULES_PAGE, Need("rules", score_games(), "score_sheet", {"games": _games(score_games())}))),
)
"""House rules (issue 22): a game's facts changed, checked against the game in ``rules.content``."""

LIST_OPTIONS = (
    Option("sheet", "text", None, metavar="NAME"),
    Option("header", "flag", False,
           needs=(Need("no_header", (False,), "header"),)),
    Option("no_header", "flag", False),
    Option("cells", "text", None, metavar="B3:C28", longest=40),
    Option("ambiguous", "choice", None, choices=("ok",)),
    Option("cards", "int", None, low=2, high=1000, metavar="N"),
)
"""Lists of pairs (issue 18): read and checked in ``themes.pairs``, sized in ``sets.association``."""
TOUCH_OPTIONS = (
    Option("bed", "text", None, metavar="WxD", longest=40, implied=DEFAULT_BED, cli_only=True),
    Option("thickness", "float", None, low=THICKNESS_RANGE_MM[0], high=THICKNESS_RANGE_MM[1],
           unit=" mm", metavar="MM", implied=DEFAULT_THICKNESS_MM, cli_only=True),
    Option("relief", "float", None, low=RELIEF_RANGE_MM[0], high=RELIEF_RANGE_MM[1], unit=" mm",
           metavar="MM", implied=DEFAULT_RELIEF_MM, cli_only=True),
    Option("engrave", "flag", False, cli_only=True),
    Option("braille", "flag", False),
)
"""Tiles to touch (issue 33): a 3D print's plates and relief, braille (``geometry.touch``)."""
SOLID_ONLY = ("bed", "thickness", "relief", "engrave")
"""Options that shape a 3D print only: refused with a PDF ``--out``."""
PDF_ONLY = ("backs", "cut", "pdf_x", "registration", "preview", "scale")
"""Options that shape a PDF only: refused with a 3D ``--out``."""
THEME_CHOICES = ("faces", "values", "range", "tables", "step")
"""Options that choose among a theme's values: a list of pairs shows its own, and refuses them."""

OPTIONS: tuple[Option, ...] = (
    Option("theme", "text", "pips", metavar="NAME|DIR|FILE", longest=4096),
    Option("out", "path", None, cli_only=True, metavar="FILE", longest=4096),
    Option("max", "int", None, low=0, high=MAX_TOP, metavar="N"),
    Option("lang", "choice", DEFAULT_LANG, choices=languages),
    *ASSOCIATION_OPTIONS,
    *LIST_OPTIONS,
    Option("labels", "flag", False),
    Option("rules", "choice", None, choices=rules_variants, implied="famille", needs=(_RULES_PAGE,)),
    Option("no_rules", "flag", False),
    Option("target", "int", None, low=1, high=1000, metavar="1-1000", implied=DEFAULT_TARGET,
           implied_with=("rules", TARGETS),
           needs=(_RULES_PAGE, Need("rules", TARGET_GAMES, "target", {"games": _games(TARGET_GAMES)}))),
    *HOUSE_RULE_OPTIONS,
    Option("paper", "text", "A4", metavar="SIZE", longest=40, suggestions=tuple(PAPERS_MM)),
    Option("orientation", "choice", "auto", choices=ORIENTATIONS),
    Option("tile_size", "text", "auto", metavar="SIZE", longest=40, suggestions=("auto", *TILE_PRESETS_MM)),
    Option("gap", "float", 0.0, low=0, high=20, unit=" mm", metavar="MM"),
    Option("margin", "float", 10.0, low=MIN_MARGIN_MM, high=50, unit=" mm", metavar="MM",
           why="margin"),
    Option("dpi", "int", 300, low=72, high=1200, metavar="72-1200"),
    Option("ink", "choice", DEFAULT_INK, choices=INK_MODES),
    Option("sets", "int", 1, low=1, high=MAX_SETS, metavar=f"1-{MAX_SETS}"),
    Option("label", "text", None, metavar="TEXT", longest=MAX_LABEL_CHARS),
    Option("backs", "choice", None, choices=BACK_KINDS, flag_value="duplex", metavar="[duplex|fold]"),
    Option("duplex", "choice", None, choices=DUPLEX_EDGES, implied="long", needs=(_WITH_BACKS, _TWO_SIDED)),
    Option("back_offset", "text", None, metavar="X,Y", longest=40, needs=(_WITH_BACKS, _TWO_SIDED)),
    *PRINT_OPTIONS,
    *TOUCH_OPTIONS,
    Option("preview", "flag", False, cli_only=True),
    Option("preview_dpi", "int", None, low=30, high=600, cli_only=True, metavar="30-600",
           implied=DEFAULT_PREVIEW_DPI,
           needs=(Need("preview", (True,), "preview_dpi"),)),
    Option("quiet", "flag", False, cli_only=True, short="-q"),
)
"""The main command's options, in the order ``--help`` lists them."""

_BY_NAME = {option.name: option for option in OPTIONS}

CALIBRATE_OPTIONS: tuple[Option, ...] = (
    _BY_NAME["paper"],
    _BY_NAME["duplex"]._replace(default="long", help_key="option.duplex.calibrate_help"),
    _BY_NAME["out"]._replace(help_key="option.out.calibrate_help"),
    _BY_NAME["lang"]._replace(help_key="option.lang.calibrate_help"),
    _BY_NAME["scale"]._replace(help_key="option.scale.calibrate_help"),
    _BY_NAME["quiet"],
)
"""``domino-print calibrate``: the same options, with the defaults and help of that page."""


class Options(NamedTuple):
    """The main command's options, checked and typed: what ``job.build_job`` needs.

    Made by ``parse``, which fills what was not given from the table's defaults.
    """

    theme: str
    max: int | None
    """None: the theme decides (double-six, or as many pictures as a folder holds)."""
    lang: str
    labels: bool
    rules: str | None
    """The rules variant; None with ``no_rules``."""
    target: int
    paper: Paper
    orientation: str
    tile_short_mm: float | None
    """None for automatic."""
    gap_mm: float
    margin_mm: float
    dpi: int
    sets: int
    label: str
    backs: str | None
    """``duplex`` (a back page after each sheet page), ``fold`` (backs beside the fronts), or None."""
    duplex: str
    back_offset_mm: tuple[float, float]
    out: Path | None
    preview_dpi: int | None
    """Resolution of PNG previews; None for none (command line only)."""
    ink: str = DEFAULT_INK
    """The ink mode (``ink.INK_MODES``): couleur, eco or noir."""
    faces: str | None = None
    values: str | None = None
    structure: str | None = None
    seed: int | None = None
    style: str | None = None
    range: str | None = None
    tables: str | None = None
    step: str | None = None
    niveaux: int | None = None
    """Association sets (``sets.association``, ``sets.levels``): None when not given, the theme decides."""
    hand: int | None = None
    starter: str | None = None
    players: int | None = None
    score_sheet: bool = False
    """House rules (``rules.content.RulesContext``): None or False when not given, the game decides."""
    marks: str = "crop"
    """The guides in the sheet's margin (``sheet.MARK_STYLES``)."""
    cut: str | None = None
    """``svg``: a cut file per sheet page beside the PDF (command line only); None for none."""
    corner_mm: float = 0.0
    """The cut files' rounded corners (radius), 0 for square ones."""
    kerf_mm: float = 0.0
    """What the blade or beam removes: each cut path is grown by half of it."""
    pdf_x: bool = False
    """PDF/X-4 for a print shop (``pdf.pdf_x``): output intent, ICC-based RGB, PDF 1.6, bleed and marks."""
    pdf_a: bool = False
    """PDF/A-1b for keeping (``pdf.pdf_x``), never with ``pdf_x`` (command line only)."""
    laser: bool = False
    """The cut files get an engrave layer and a cut layer (``output.cut_svg``)."""
    registration: str | None = None
    """A print-and-cut machine's marks on every sheet page (``geometry.registration``), or None."""
    only: tuple[tuple[int, int], ...] | None = None
    """``--only``: the tiles to print, each as its two values (lower first); None for the whole set."""
    only_set: int | None = None
    """``--set``: the one set (of ``sets``) the pages are printed for; None for every set."""
    scale: tuple[float, float] = (100.0, 100.0)
    """``--scale``: the printer's measured scale in percent (X, Y); the pages are drawn 100/scale."""
    sheet: str | None = None
    header: bool = False
    no_header: bool = False
    cells: str | None = None
    ambiguous: str | None = None
    cards: int | None = None
    """Lists of pairs (``themes.pairs``): the sheet, the header row, deliberate twists, a deck's size."""
    bed: Bed = Bed(220.0, 220.0)
    """A 3D printer's bed (``--bed``), the plates' size."""
    thickness_mm: float = DEFAULT_THICKNESS_MM
    relief_mm: float = DEFAULT_RELIEF_MM
    engrave: bool = False
    braille: bool = False
    """3D tiles (``geometry.touch``): their thickness, the pips' relief, sunk or raised, braille cells."""

    def sheet_spec(self) -> SheetSpec:
        """What the layout engine is asked for: paper, margins, gap (at least the kerf), tile size,
        fold, marks."""
        return SheetSpec(paper=self.paper, orientation=self.orientation, margin_mm=self.margin_mm,
                         gap_mm=gap_for_kerf(self.gap_mm, self.kerf_mm), tile_short_mm=self.tile_short_mm,
                         fold="auto" if self.backs == "fold" else None, marks=self.marks,
                         registration=self.registration)


# -- wording -----------------------------------------------------------------------------------
def option_label(name: str, lang: str = HELP_LANG) -> str:
    """The option's label on a form: ``Highest value`` for ``max``."""
    return text(lang, f"option.{name}.label")


def option_help(option: Option, lang: str = HELP_LANG) -> str:
    return text(lang, option.help_key or f"option.{option.name}.help")


def names_for(surface: str, lang: str = HELP_LANG) -> Callable[[str], str]:
    """How a surface names an option: ``--tile-size`` (``cli``), ``"Tile size"`` (``form``);
    ``ValueError`` for another surface or a language with no catalogue."""
    _check_lang(lang)
    if surface == "cli":
        return flag_name
    if surface == "form":
        return lambda name: f"\u201c{option_label(name, lang)}\u201d"
    raise ValueError(f"unknown surface {_SHORT.repr(surface)}; use cli or form")


def _check_lang(lang: object) -> None:
    if not isinstance(lang, str) or lang not in languages():
        raise ValueError(f"unknown language {_SHORT.repr(lang)}; use one of {', '.join(languages())}")


def describe(error: WordedError, surface: str = "cli", lang: str = HELP_LANG) -> str:
    """The error's message worded for ``surface`` (see ``names_for``): an ``OptionError``, or a
    ``WordedError`` such as a pairs list's text too long for the tile size; any other exception's
    own message. ``ValueError`` for an unknown surface or language, ``TypeError`` for a non-exception."""
    name_of = names_for(surface, lang)
    if isinstance(error, WordedError):
        return error.worded(name_of, lang)
    if isinstance(error, BaseException):
        return str(error)
    raise TypeError(f"describe words an exception, not {type(error).__name__}")


_SIZE_FIXES: dict[str, tuple[str, tuple[str, ...]]] = {
    "tile_does_not_fit": ("choose a smaller {tile_size} or larger {paper}", ("tile_size", "paper")),
    "tiles_too_small": ("use larger {paper} or a smaller {margin}", ("paper", "margin")),
    "tile_does_not_fit_marks": ("choose a smaller {tile_size} or larger {paper}, or leave out {registration}",
                                ("tile_size", "paper", "registration")),
    "registration_fold": ("use {backs} duplex, or leave out {registration}", ("backs", "registration")),
    "tiles_too_small_marks": ("use larger {paper}, or leave out {registration}", ("paper", "registration")),
    "registration_no_room": ("use larger {paper}, or leave out {registration}", ("paper", "registration")),
    "margins_too_large": ("use a smaller {margin} or larger {paper}", ("margin", "paper")),
    "set_out_of_range": ("choose {max} from 0 to {max_top}", ("max",)),
    "gap_too_wide": ("use a {gap} of 0 to {max_gap_mm:g} mm", ("gap",)),
    "negative": ("use zero or more millimetres for {margin} and {gap}", ("margin", "gap")),
    "not_a_number": ("use plain numbers of millimetres for {margin} and {gap}", ("margin", "gap")),
    "orientation": ("use {orientation} auto, portrait or landscape", ("orientation",)),
}


def word_size_error(error: SizeError) -> OptionError:
    """A neutral ``SizeError`` from the geometry as an ``OptionError`` naming the options to change,
    worded from the catalogues (``error.size.<problem>``, from the sizes it carries: a pair of
    lengths ``tile_mm`` as ``tile_mm_0`` and ``tile_mm_1``)."""
    fix, fields = _SIZE_FIXES.get(error.problem, ("", ()))
    says = f"size.{error.problem}" + ("_folded" if error.sizes.get("folded") else "")
    if catalogue("en").get(f"error.{says}") is not None:
        values: dict[str, Any] = {}
        for name, value in error.sizes.items():
            if isinstance(value, tuple):
                values.update({f"{name}_{index}": part for index, part in enumerate(value)})
            elif name not in fields:
                values[name] = value
        return OptionError(says=says, fields=fields, **values)
    message = str(error).replace("{", "{{").replace("}", "}}")
    template = f"{message}; {fix}" if fix else message
    sizes: dict[str, Any] = dict(error.sizes)
    return OptionError(template, fields=fields, **sizes)


def value_label(name: str, value: str, lang: str = HELP_LANG) -> str:
    """A choice as a form shows it in ``lang`` (``option.<name>.value.<value>``): ``paysage`` for
    ``landscape``; the value itself when the catalogue has no word for it (a paper name)."""
    return catalogue(lang).get(f"option.{name}.value.{value}", value)


def form_help(option: Option, lang: str) -> str:
    """The help a form shows: ``option.<name>.form_help`` where the command line's help names a
    command or an example a form would not use, else the same help."""
    return catalogue(lang).get(f"option.{option.name}.form_help") or option_help(option, lang)


def form_fields(lang: str = DEFAULT_LANG) -> list[dict[str, object]]:
    """The options a form offers, as plain data (JSON-ready), labelled and explained in ``lang``;
    ``ValueError`` for a language with no catalogue."""
    _check_lang(lang)
    fields = []
    for option in OPTIONS:
        if option.cli_only:
            continue
        help_text = form_help(option, lang)
        if "{themes}" in help_text:
            from domino_print.themes.lists.registry import formats_text
            from domino_print.themes.model import builtin_names  # reads every theme file

            help_text = help_text.format(themes=", ".join(builtin_names()), lists=formats_text())
        fields.append({
            "name": option.name, "kind": option.kind, "default": option.default,
            "implied": option.implied, "choices": list(option.choice_list()), "low": option.low,
            "high": option.high, "label": option_label(option.name, lang), "help": help_text,
            "needs": [{"option": need.option, "values": list(need.values)} for need in option.needs],
            "choice_labels": {choice: value_label(option.name, choice, lang)
                              for choice in (*option.choice_list(), *option.suggestions)},
            "suggestions": list(option.suggestions),
        } | ({"flag_value": option.flag_value} if option.flag_value is not None else {})
          | ({"implied_with": {"option": option.implied_with[0],
                               "values": {str(k): v for k, v in option.implied_with[1].items()}}}
             if option.implied_with is not None else {}))
    return fields


def needs_text(option: Option, table: tuple[Option, ...] = OPTIONS, lang: str = HELP_LANG) -> str:
    """`` Only with --backs duplex.``: the option's needs as the command line's help says them."""
    by_name = {o.name: o for o in table}
    wanted: dict[str, tuple[object, ...]] = {}
    for need in option.needs:  # several needs on one option: the values that meet them all
        if need.option in by_name:
            before = wanted.get(need.option, need.values)
            wanted[need.option] = tuple(v for v in before if v in need.values)
    positive: list[str] = []
    negative: list[str] = []
    for name, values in wanted.items():
        other = by_name[name]
        if other.kind == "flag":
            (positive if True in values else negative).append(other.flag)
        elif not values:
            positive.append(other.flag)
        else:
            positive.append(f"{other.flag} {'|'.join(str(v) for v in values)}")
    said = ([text(lang, "option_needs.only_with", needs=", ".join(positive))] if positive else []) + (
        [text(lang, "option_needs.not_with", flags=", ".join(negative))] if negative else [])
    return "".join(" " + sentence for sentence in said)


# -- parsing a mapping -------------------------------------------------------------------------
def _problem(option: Option, says: str, **values: object) -> OptionError:
    """An error about one option (``error.option.<says>``, whose words name it as ``{subject}``)."""
    return OptionError(says=f"option.{says}", fields=(option.name,), subject=OptionName(option.name),
                       **values)


def _convert(option: Option, raw: Any) -> Any:
    # Values come from click, a form or JSON: any type until checked here.
    """``raw`` (a string, number or boolean) as the option's type, or an ``OptionError``."""
    is_text = option.kind not in ("int", "float") and isinstance(raw, (str, Path))
    if is_text and len(str(raw)) > option.longest:
        raise _problem(option, "too_long", length=len(str(raw)), most=option.longest)
    if option.flag_value is not None and not (isinstance(raw, str) and raw in option.choice_list()):
        try:
            given = _convert(option._replace(kind="flag", flag_value=None), raw)
        except OptionError:
            raise _problem(option, "not_a_choice_nor_flag",
                           value=_shown(raw), choices=", ".join(option.choice_list())) from None
        return option.flag_value if given else None
    if option.kind == "flag":
        if isinstance(raw, bool):
            return raw
        given_raw = raw
        if not isinstance(raw, str):  # click's BOOL takes only text: 0 or 1.5 from a JSON body
            raw = str(raw) if isinstance(raw, (int, float)) and raw in (0, 1) else "?"
        try:
            return click.BOOL.convert(raw, None, None)
        except click.BadParameter:
            raise _problem(option, "not_a_flag", value=_shown(given_raw)) from None
    if option.kind in ("int", "float"):
        return _to_number(option, raw)
    if option.kind == "path":
        if isinstance(raw, str) and raw.endswith(("/", os.sep)):  # Path("x.pdf/") would drop it
            raise _problem(option, "path_is_folder", path=raw, example=raw + "dominos.pdf")
        return raw if isinstance(raw, Path) else Path(str(raw))
    if not isinstance(raw, str):
        raise _problem(option, "not_a_text", value=_shown(raw))
    if option.kind == "choice":
        choices = option.choice_list()
        if raw not in choices:
            listed = ", ".join(choices)
            raise _problem(option, "not_a_choice", value=_shown(raw), choices=listed)
    return raw


NUMBER_TEXT_DIGITS = 30
"""A number written with more digits than this is out of every option's range: it is refused
as such, never converted (Python refuses to read an integer of more than 4,300 digits, and an
integer beyond 1e308 has no float)."""

_INTEGER_TEXT = re.compile(r"[+-]?[0-9][0-9_]*")


def _to_number(option: Option, raw: object) -> int | float:
    """``raw`` (a number, or a number as text) as the option's ``int`` or ``float``, checked
    against its bounds before any conversion that could overflow; ``OptionError`` otherwise."""
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise _problem(option, "not_a_number", value=_shown(raw))
    value: int | float
    if isinstance(raw, str):
        written = raw.strip()
        if "_" in written or any(c.isdigit() and not c.isascii() for c in written):
            # Python reads ٣, ７, 𝟔 and 1_0 as numbers; a person means a typo or another keyboard:
            # numbers are written with the digits 0 to 9, and the message says so (issue 28)
            raise _problem(option, "plain_digits", value=_shown(raw))
        digits = len(written.lstrip("+-").replace("_", ""))
        if digits > NUMBER_TEXT_DIGITS and _INTEGER_TEXT.fullmatch(written):
            value = -(10 ** NUMBER_TEXT_DIGITS) if written.startswith("-") else 10 ** NUMBER_TEXT_DIGITS
            shown = Phrase("number.written_digits", start=written[:12], digits=digits)
            _check_range(option, value, shown=shown)
        try:
            if len(written) > option.longest:
                raise ValueError(written)
            value = int(written) if option.kind == "int" else float(written)
        except ValueError:
            says = "not_an_integer" if option.kind == "int" else "not_a_valid_number"
            raise _problem(option, says, value=_shown(raw)) from None
    else:
        value = raw
    if isinstance(value, float) and math.isnan(value):
        raise _problem(option, "not_a_plain_number", value=_shown(raw))
    if option.kind == "int" and isinstance(value, float):
        if not value.is_integer():
            raise _problem(option, "not_whole", value=_shown(raw))
        value = int(value)
    _check_range(option, value)  # int against float compares exactly, whatever the size
    return float(value) if option.kind == "float" else value


class _ShortRepr(reprlib.Repr):
    """``reprlib`` with integers of any size (``repr`` refuses past 4,300 digits)."""

    def repr_int(self, x: int, level: int) -> str:
        return str(_number(x))


_SHORT = _ShortRepr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxdict = 3, 40, 40, 4, 4


def _shown(raw: object) -> object:
    """A value the user gave, quoted back in a message: at most a few dozen characters."""
    if isinstance(raw, int) and not isinstance(raw, bool):
        return _number(raw)
    text = _SHORT.repr(raw)  # reprlib: bounded in depth and length (a list nested 10,000 deep)
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


def read_values(mapping: Mapping[str, object], table: tuple[Option, ...] = OPTIONS, *,
                command_line: bool = False) -> dict[str, Any]:
    """Each option of ``table`` from ``mapping``, converted and range-checked; absent ones None.

    Keys may be spelled ``tile_size`` or ``tile-size``; an empty string counts as absent
    (an empty form field), except for a text typed on the command line (``--label ""`` is
    refused as empty). ``command_line`` also admits the options only the command line has.
    Unknown keys are refused.
    """
    if not isinstance(mapping, Mapping):
        raise TypeError(f"options must be a mapping of option names to values (a dict), "
                        f"not {type(mapping).__name__}")
    known = {option.name: option for option in table if command_line or not option.cli_only}
    given: dict[str, object] = {}
    for key, raw in mapping.items():
        name = key.replace("-", "_").removeprefix("__") if isinstance(key, str) else ""
        if name not in known and name in {option.name for option in table}:
            raise OptionError(says="option.cli_only", key=_shown(key))
        if name not in known:
            raise OptionError(says="option.unknown", key=_shown(key), names=", ".join(known))
        given[name] = raw
    values: dict[str, Any] = {}
    for name, option in known.items():
        raw = given.get(name)
        if raw is None or (raw == "" and not command_line):
            values[name] = None
            continue
        values[name] = _convert(option, raw)
    return values


def parse(mapping: Mapping[str, object], *, command_line: bool = False) -> Options:
    """The main command's options from a plain mapping, checked; ``OptionError`` if one is wrong.

    ``command_line`` lets the command line pass ``out``, ``preview``, ``preview_dpi``
    and ``quiet`` (see ``read_values``).
    """
    given = read_values(mapping, OPTIONS, command_line=command_line)
    _check_combinations(given)
    _check_solid_out(given, command_line)
    values = _with_defaults(given, OPTIONS)
    _check_reprint(given, values)
    paper = parse_paper(values["paper"])
    if not values["no_rules"]:
        _check_rules_paper(paper)
    label, offset = given["label"], given["back_offset"]
    return Options(
        theme=values["theme"],
        max=values["max"],
        lang=values["lang"],
        labels=values["labels"],
        rules=None if values["no_rules"] or values["only"] is not None else values["rules"],
        target=_target(given),
        paper=paper,
        orientation=values["orientation"],
        tile_short_mm=parse_tile_size(values["tile_size"]),
        gap_mm=values["gap"],
        margin_mm=values["margin"],
        dpi=values["dpi"],
        sets=values["sets"],
        label="" if label is None else parse_label(label),
        backs=values["backs"],
        duplex=values["duplex"],
        back_offset_mm=(0.0, 0.0) if offset is None else parse_back_offset(offset),
        out=values["out"],
        preview_dpi=values["preview_dpi"] if values["preview"] else None,
        ink=values["ink"],
        **{option.name: values[option.name] for option in (*ASSOCIATION_OPTIONS, *LIST_OPTIONS)},
        **_print_values(values),
        **{option.name: values[option.name] for option in HOUSE_RULE_OPTIONS},
        bed=parse_bed(values["bed"]), thickness_mm=values["thickness"], relief_mm=values["relief"],
        engrave=values["engrave"], braille=values["braille"],
    )


def is_solid_out(out: Path | None) -> bool:
    """``--out`` names a 3D file (``geometry.touch.SOLID_FORMATS``)."""
    return out is not None and out.suffix.lower() in SOLID_FORMATS


def _check_solid_out(given: Mapping[str, Any], command_line: bool) -> None:
    """A 3D ``--out`` refuses what only shapes a PDF; a PDF one what only shapes a 3D print."""
    out = given.get("out")
    if not command_line and out is None:
        return  # a form or the API: the surface chooses the output itself
    solid = is_solid_out(out)
    for name in PDF_ONLY if solid else SOLID_ONLY:
        if given.get(name) not in (None, False):
            raise OptionError(says="touch.pdf_only" if solid else "touch.solid_only", fields=(name, "out"),
                              subject=OptionName(name), suffix=out.suffix if solid and out else "")


def _print_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``Options`` that ``PRINT_OPTIONS`` give, checked and typed."""
    only = values["only"]
    return {"marks": values["marks"], "cut": values["cut"], "corner_mm": values["corner"] or 0.0,
            "kerf_mm": values["kerf"] or 0.0, "pdf_x": values["pdf_x"], "pdf_a": values["pdf_a"],
            "laser": values["laser"],
            "registration": values["registration"],
            "only": None if only is None else parse_tile_names(only), "only_set": values["set"],
            "scale": NO_SCALE if values["scale"] is None else parse_scale(values["scale"])}


def _check_reprint(given: Mapping[str, Any], values: Mapping[str, Any]) -> None:
    """``--set`` within ``--sets``; ``--only`` with several sets says which one; ``--only`` prints
    no rules page, so the options that describe it are refused with it."""
    number, sets = given.get("set"), values["sets"]
    if number is not None and number > sets:
        raise OptionError("{set} {number} is above {sets} {count}: the sets are numbered 1 to {count}; "
                          "use one of them", fields=("set", "sets"), number=number, count=sets)
    if given.get("only") is None:
        return
    if sets > 1 and number is None:
        raise OptionError("{only} with {sets} {count} prints those tiles once: say which set they belong "
                          "to with {set} N (1 to {count})", fields=("only", "sets", "set"), count=sets)
    for option in OPTIONS:
        if _RULES_PAGE in option.needs and given.get(option.name) not in (None, False):
            raise OptionError("{only} reprints tiles without the rules page, which {%s} describes; drop {%s}"
                              .replace("%s", option.name), fields=("only", option.name))


def parse_calibrate(mapping: Mapping[str, object]) -> tuple[Paper, str, str, tuple[float, float]]:
    """``calibrate``'s paper, duplex edge, language and printer scale from a mapping, checked."""
    # calibrate.py builds its page geometry classes on import: only for that command.
    from domino_print.geometry.calibration import check_paper

    values = _with_defaults(read_values(mapping, CALIBRATE_OPTIONS, command_line=True), CALIBRATE_OPTIONS)
    paper = parse_paper(values["paper"])
    check_paper(paper)
    scale = NO_SCALE if values["scale"] is None else parse_scale(values["scale"])
    return paper, values["duplex"], values["lang"], scale


def calibration_flags() -> dict[str, str]:
    """The options the calibration sheet's instructions name, as the command line spells them
    (``{backs_flag}``... in ``calibration.*`` texts): this table owns their names."""
    names = {"backs_flag": "backs", "duplex_flag": "duplex", "offset_flag": "back_offset",
             "scale_flag": "scale"}
    return {key: _BY_NAME[name].flag for key, name in names.items()}


def _target(given: Mapping[str, object]) -> int:
    """``--target`` as given (already checked), else the game's usual target (``implied_with``)."""
    target = current_value(_BY_NAME["target"], given)
    assert isinstance(target, int)  # checked as given; else the table's whole-number default
    return target


def _with_defaults(given: Mapping[str, Any], table: tuple[Option, ...]) -> dict[str, Any]:
    """Each option's value: as given, else its default, else the value it implies."""
    return {option.name: current_value(option, given) for option in table}


# -- the rules that tie options together ------------------------------------------------------
def current_value(option: Option, given: Mapping[str, object]) -> Any:
    """An option's value for the rules between options: as given, else its default, else implied."""
    for candidate in (given.get(option.name), option.default, implied_value(option, given)):
        if candidate is not None:
            return candidate
    return None


def implied_value(option: Option, given: Mapping[str, object]) -> object:
    """The value ``option`` implies when not given, following ``implied_with``."""
    if option.implied_with is not None:
        other, by_value = option.implied_with
        other_option = _BY_NAME[other]
        chosen = given.get(other)
        if chosen is None:
            chosen = other_option.default if other_option.default is not None else other_option.implied
        if chosen in by_value:
            return by_value[chosen]
    return option.implied


def unmet_need(option: Option, given: Mapping[str, object], table: tuple[Option, ...] = ()) -> Need | None:
    """The first of ``option``'s needs that ``given`` does not meet, or None."""
    by_name = {o.name: o for o in table} or _BY_NAME
    for need in option.needs:
        if not need.values:  # the other option must be set, to anything but its default
            other = by_name[need.option]
            if current_value(other, given) in (None, False, other.default):
                return need
        elif current_value(by_name[need.option], given) not in need.values:
            return need
    return None


def _check_combinations(values: Mapping[str, object], table: tuple[Option, ...] = ()) -> None:
    """Options that only mean something with another one (their ``needs``): refused, with the fix."""
    for option in table or OPTIONS:
        if values.get(option.name) is None or (option.kind == "flag" and values.get(option.name) is False):
            continue  # not given (a flag left off is not given either)
        need = unmet_need(option, values, table)
        if need is not None:
            raise OptionError(says=f"need.{need.message}", fields=(option.name, need.option),
                              subject=OptionName(option.name), **need.words)


def _check_rules_paper(paper: Paper) -> None:
    """The rules page needs A5 or larger."""
    short, long = sorted((paper.width_mm, paper.height_mm))
    if short < RULES_MIN_PAPER_MM[0] or long < RULES_MIN_PAPER_MM[1]:
        raise OptionError(says="option.rules_paper", fields=("paper", "no_rules"), name=paper.name,
                          short=short, long=long)


def check_with_theme(options: Options, *, pictures: bool, theme_name: str) -> None:
    """The rules that depend on the theme: ``labels`` names pictures."""
    if options.labels and not pictures:
        raise OptionError(says="option.labels_without_pictures", fields=("labels",), theme=repr(theme_name))


# -- the command line --------------------------------------------------------------------------
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
