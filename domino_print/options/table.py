"""Every option, declared once: the option table and the checked record it gives.

``OPTIONS`` (the main command) and ``CALIBRATE_OPTIONS`` list each option's name, type,
default, choices or range, and which option it needs (``Need``); its label and help text live in
the text catalogues under ``option.<name>.label`` and ``option.<name>.help``. ``Options`` is
the checked, typed record ``parsing.parse`` makes from a mapping (a test keeps each of its
defaults equal to the table's). The rest of the package reads this table:

- ``values``: one value from a surface as its option's type (numbers with a decimal comma too);
- ``parsing``: a mapping -> ``Options``, the same messages whatever the surface;
- ``combinations``: the rules that tie options together (``needs``);
- ``wording``: labels, help, the form's fields, and ``describe``, which words an error for a
  surface (``--max 9`` on the command line, the field's label on a form);
- ``command_line``: the click options of the command line, help in English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NamedTuple

from domino_print.errors import OneOf, OptionName, Phrase, flag_name
from domino_print.formats import CUT_FORMATS
from domino_print.geometry.backs import (
    BACK_KINDS,
    MAX_LABEL_CHARS,
    MAX_LEVELS,
    MAX_SETS,
)
from domino_print.geometry.crop_marks import MARK_STYLES
from domino_print.geometry.cutting import MAX_CORNER_MM, MAX_KERF_MM, gap_for_kerf
from domino_print.geometry.registration import REGISTRATION_MACHINES
from domino_print.geometry.sheet import ORIENTATIONS, SheetSpec
from domino_print.geometry.sizes import (
    DEFAULT_BED,
    DEFAULT_RELIEF_MM,
    DEFAULT_THICKNESS_MM,
    PAPERS_MM,
    RELIEF_RANGE_MM,
    THICKNESS_RANGE_MM,
    TILE_PRESETS_MM,
    Bed,
    Paper,
)
from domino_print.ink import DEFAULT_INK, INK_MODES
from domino_print.rules import default_targets, score_games
from domino_print.rules import names as rules_variants
from domino_print.rules.variant import MAX_PLAYERS, STARTERS
from domino_print.sets.tiles import MAX_TOP
from domino_print.texts import DEFAULT_LANG, languages
from domino_print.themes.maths import STEPS

HELP_LANG = "en"
"""The help's language where no command line says one (``docs/usage.md``); the command line's help
follows the reader's (``options.command_line.help_language``)."""

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
    pair: bool = False
    """A text of two numbers ``X,Y`` (``--back-offset``, ``--scale``): with decimal commas, the two
    are split by a semicolon (``1,5;-0,5``), read as ``1.5,-0.5`` (``values.decimal_points``)."""

    @property
    def flag(self) -> str:
        return flag_name(self.name)

    def choice_list(self) -> tuple[str, ...]:
        return self.choices() if callable(self.choices) else self.choices


RULES_PAGE = Need("no_rules", (False,), "rules_page")
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

_WITH_CUT = Need("cut", CUT_FORMATS, "cut")

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
    Option("scale", "text", None, metavar="X,Y", longest=40, cli_only=True, pair=True),
)
"""Print shops and cutting machines (issue 21): guides, cut files, standards. Kept together."""

HOUSE_RULE_OPTIONS = (
    Option("hand", "int", None, low=1, high=60, metavar="N", needs=(RULES_PAGE,)),
    Option("starter", "choice", None, choices=STARTERS, needs=(RULES_PAGE,)),
    Option("players", "int", None, low=2, high=MAX_PLAYERS, metavar=f"2-{MAX_PLAYERS}", needs=(RULES_PAGE,)),
    Option("score_sheet", "flag", False, needs=(
        RULES_PAGE, Need("rules", score_games(), "score_sheet", {"games": _games(score_games())}))),
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
    Option("rules", "choice", None, choices=rules_variants, implied="famille", needs=(RULES_PAGE,)),
    Option("no_rules", "flag", False),
    Option("target", "int", None, low=1, high=1000, metavar="1-1000", implied=DEFAULT_TARGET,
           implied_with=("rules", TARGETS),
           needs=(RULES_PAGE, Need("rules", TARGET_GAMES, "target", {"games": _games(TARGET_GAMES)}))),
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
    Option("back_offset", "text", None, metavar="X,Y", longest=40, needs=(_WITH_BACKS, _TWO_SIDED),
           pair=True),
    *PRINT_OPTIONS,
    *TOUCH_OPTIONS,
    Option("preview", "flag", False, cli_only=True),
    Option("preview_dpi", "int", None, low=30, high=600, cli_only=True, metavar="30-600",
           implied=DEFAULT_PREVIEW_DPI,
           needs=(Need("preview", (True,), "preview_dpi"),)),
    Option("quiet", "flag", False, cli_only=True, short="-q"),
)
"""The main command's options, in the order ``--help`` lists them."""

BY_NAME = {option.name: option for option in OPTIONS}

CALIBRATE_OPTIONS: tuple[Option, ...] = (
    BY_NAME["paper"],
    BY_NAME["duplex"]._replace(default="long", help_key="option.duplex.calibrate_help"),
    BY_NAME["out"]._replace(help_key="option.out.calibrate_help"),
    BY_NAME["lang"]._replace(help_key="option.lang.calibrate_help"),
    BY_NAME["scale"]._replace(help_key="option.scale.calibrate_help"),
    BY_NAME["quiet"],
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
    """A cut format (``formats.CUT_FORMATS``: ``svg``): a cut file per sheet page beside the PDF
    (command line only); None for none."""
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
