"""The rules page: what to say for each variant and language, laid out with Platypus.

Every PDF ends with one rules page. This module builds its content as plain data
(``build_content``: title, key facts, numbered steps grouped under headings, an
example chain and its caption) in two steps: ``_plan`` decides once, for every
language, which sections and facts apply (variant, face kind, set size, deal),
and ``_fill`` puts the plan into words from the ``rules.*`` keys of the
language's catalogue (``domino_print/texts/<lang>.toml``); no language has code
of its own. It then typesets the page with ReportLab
Platypus (``draw_rules_page``). It knows nothing of the cutting sheet: the
renderer hands it a ``draw_tile`` callback that paints one tile at the origin.

Variants
    ``famille`` (default): the simple family draw game. The youngest starts with
    any tile; the first player with an empty hand wins; a blocked round goes to the
    fewest tiles in hand, tied players sharing the win. It never asks to count,
    so it suits picture themes.
    ``points``: the classic double-six draw game. The highest double opens;
    a blocked round goes to the lowest total of pips in hand (a tie for the lowest
    total is a drawn round); optional scoring to ``RulesContext.target`` points.
    It needs faces with numbers.
    ``doubles``: the Doubles draw game (gamerules.com "Doubles"), double-six only.
    Two players take 8 dominoes each, three or four take 6 (``DOUBLES_DEAL``); the
    highest double opens, and with no double in any hand everything is dealt again. A
    number is locked until its double is on the table, and every double is a spinner,
    open on its four sides (the example is a spinner, drawn by ``spinner``). A player
    who cannot play draws one domino, lays it if it fits, else passes; nobody draws
    once two dominoes are left. Going out scores the pips left in the other hands; a
    blocked round goes to the lowest total, who scores the opponents' pips. The first
    to ``RulesContext.target`` (default 100) wins. Other sets are refused: the deal,
    the two dominoes left undrawn and the 100 points are all sized for 28 tiles, and
    no source gives them for another set. It needs faces with numbers.

Deal per player count (``deal_sizes``)
    ======  =====  =========  =========  =========  ================================
    top     tiles  2 players  3 players  4 players  source
    ======  =====  =========  =========  =========  ================================
    2       6      2          -          -          scaled down (see below)
    3       10     3          2          2          scaled down
    4       15     5          3          3          scaled down
    5       21     6          4          4          scaled down
    6-8     28-45  7          5          5          double-six family draw game
    9-11    55-78  7          7          7          double-nine draw game
    12-18   91-190 15         15         15         double-twelve and larger sets
    ======  =====  =========  =========  =========  ================================

    * Double-six, 7 for two players and 5 for three or four: the French family rule
      sheets this project follows (regles.com "Règle du jeu de domino", the
      illustrated double-six sheet), and the same deal in the English draw game
      described by htfbw.com "Basic (draw) dominoes".
    * Double-nine, 7 each: ehow.co.uk "Double nine dominoes rules" (all 55 tiles
      face down, each player draws seven). Sets of double-seven and double-eight,
      and double-ten and double-eleven, take the deal of the next smaller common set.
    * Double-twelve, double-fifteen, double-eighteen, 15 each for two to four
      players: the usual hand for these sets in Mexican Train (ourpastimes.com "How to
      play double 15 Mexican Train dominoes": 2 to 4 players draw 15 with double-12,
      -15 or -18 sets; htfbw.com and behar.co.com give the same 15 for up to four).
      Even with four players a large draw pile remains (31 tiles of double-twelve).
    * Smaller than double-six: no reference covers these, so the deal is scaled
      down: each hand is smaller so that a draw pile of at least two tiles always
      remains with the most players allowed, and a set too small for three or four
      hands (double-two, 6 tiles) is for two players only. Double-one and
      double-zero (3 and 1 tiles) cannot make a game: ``validate_rules`` refuses them.

Typography: the Fira Sans family (``fonts``: regular and bold, embedded); body
text 12 pt, stepping down to no less than 9.5 pt when a page is short; spacing
as the catalogue's ``typography.spacing`` asks (French: ``texts.french_spacing``,
a no-break space, U+00A0, before ``: ; ! ?`` and inside guillemets).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from domino_print import fonts, texts
from domino_print.errors import OptionError
from domino_print.pdf.spinner import SpinnerExample, spinner_tiles
from domino_print.platypus_import import (
    Flowable,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from domino_print.sets.tiles import tile_count
from domino_print.texts import NBSP, french_spacing

if TYPE_CHECKING:
    from domino_print.pdf.key_page import LoopPages

__all__ = [
    "DEFAULT_TARGETS",
    "DOUBLES_DEAL",
    "DOUBLES_TOP",
    "MIN_TOP",
    "NBSP",
    "VARIANTS",
    "DrawTile",
    "RulesContent",
    "RulesContext",
    "RulesError",
    "Section",
    "build_content",
    "deal_sizes",
    "draw_rules_page",
    "example_chain",
    "french_spacing",
    "target_of",
    "validate_rules",
]

VARIANTS = ("famille", "points", "doubles")
NUMBER_VARIANTS = ("points", "doubles")
NUMBER_KINDS = ("pips", "numerals")
"""Theme kinds whose faces show numbers: the games that count points need them."""
"""Variants that count pips: refused for picture themes."""
DEFAULT_TARGETS = {"famille": 50, "points": 50, "doubles": 100}
"""The score that wins the game when ``--target`` is not given (famille does not score)."""
DOUBLES_TOP = 6
"""The Doubles game is played with a double-six set."""
DOUBLES_DEAL = {2: 8, 3: 6, 4: 6}
"""Dominoes each in the Doubles game, by number of players."""
MIN_TOP = 2
"""The smallest set that makes a game (double-two, 6 tiles, two players)."""


def escape(text: str) -> str:
    """Make plain text safe inside Platypus paragraph markup."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


DrawTile = Callable[..., None]
"""``draw_tile(canvas, a, b, short_pt, turned=False)``: one horizontal tile (``2 * short_pt``
wide, ``short_pt`` high), ``a`` on the left half and ``b`` on the right, lower-left corner at
the canvas's current origin. The caller translates and rotates; ``turned=True`` says it has
turned the tile a quarter turn (a double laid crosswise), so faces that stay upright on the
sheet (pictures, numerals) can turn back."""


class RulesError(OptionError, ValueError):
    """An impossible rules-page request; the one-line message names the fix."""


class RulesContext(NamedTuple):
    """Everything the rules page needs to know about the printed set."""

    lang: str  # a catalogue in domino_print/texts: "fr", "en", "es", "de"...
    variant: str  # "famille", "points" or "doubles"
    top: int  # highest value of the set: 6 = double-six (28 tiles)
    kind: str  # the theme's kind: "pips" or "numerals" (numbers), "pictures", or "association"
    theme_title: str  # shown in the heading, e.g. "Fruits"
    target: int | None = None  # points and doubles: score that wins; None: DEFAULT_TARGETS
    example: tuple[tuple[int, int], ...] = ()  # association sets: the example chain as face ids
    match: str = ""  # association sets: what touching halves share, rules.match.<match>
    loop: LoopPages | None = None  # loop decks: words this page and adds the key


# --------------------------------------------------------------------------- facts


_SMALL_DEALS: dict[int, dict[int, int]] = {
    2: {2: 2},
    3: {2: 3, 3: 2, 4: 2},
    4: {2: 5, 3: 3, 4: 3},
    5: {2: 6, 3: 4, 4: 4},
}


def deal_sizes(top: int) -> dict[int, int]:
    """Tiles dealt to each player, by number of players, for a double-``top`` set.

    Returns ``{players: tiles_each}`` in increasing player order, for example
    ``{2: 7, 3: 5, 4: 5}`` for double-six. The keys are the player counts the set
    allows (2 to 4, only 2 for double-two). See the module docstring for the table
    and its sources. Raises ``RulesError`` below ``MIN_TOP``.
    """
    if top < MIN_TOP:
        raise _too_small(top)
    if top in _SMALL_DEALS:
        return dict(_SMALL_DEALS[top])
    if top < 9:
        return {2: 7, 3: 5, 4: 5}
    if top < 12:
        return {2: 7, 3: 7, 4: 7}
    return {2: 15, 3: 15, 4: 15}


def _too_small(top: int) -> RulesError:
    return RulesError(
        "a double-{top} set ({tiles} tile{plural}) is too small for a game; "
        "use {max} {least} or more, or {no_rules}",
        fields=("max", "no_rules"), top=top, tiles=tile_count(top),
        plural="s" if tile_count(top) > 1 else "", least=MIN_TOP,
    )


def validate_rules(ctx: RulesContext) -> None:
    """Raise ``RulesError`` (one line, naming the fix) for an impossible combination."""
    if ctx.lang not in texts.languages():
        choices = " or ".join("{lang} " + lang for lang in texts.languages())
        raise RulesError("unknown rules language {value!r}; use " + choices, fields=("lang",),
                         value=ctx.lang)
    if ctx.variant not in VARIANTS:
        raise RulesError("unknown rules variant {value!r}; use {rules} famille, {rules} points or "
                         "{rules} doubles", fields=("rules",), value=ctx.variant)
    if ctx.variant in NUMBER_VARIANTS and ctx.kind not in NUMBER_KINDS:
        raise RulesError(
            "{rules} {variant} needs a theme with numbers (pips, pips-couleur, chiffres); "
            "use {rules} famille with this picture theme", fields=("rules",), variant=ctx.variant,
        )
    if ctx.target is not None and (
        isinstance(ctx.target, bool) or not isinstance(ctx.target, int) or ctx.target < 1
    ):
        raise RulesError(f"the target score must be a whole number of 1 or more, not {ctx.target!r}")
    if ctx.top < MIN_TOP:
        raise _too_small(ctx.top)
    if ctx.variant == "doubles" and ctx.top != DOUBLES_TOP:
        raise RulesError(
            "{rules} doubles is played with a double-six set (28 tiles), not a double-{top} set; "
            "use {max} {doubles_top}, or {rules} points for a double-{top} set",
            fields=("max", "rules"), top=ctx.top, doubles_top=DOUBLES_TOP,
        )


def target_of(ctx: RulesContext) -> int:
    """The score that wins the game: ``ctx.target``, else the variant's default."""
    return ctx.target if ctx.target is not None else DEFAULT_TARGETS[ctx.variant]


def example_chain(top: int) -> tuple[tuple[int, int], ...]:
    """The four tiles of the drawn example, left to right; the second is a double.

    2-5, 5-5, 5-3, 3-1 whenever the set has a 5; smaller sets use values they hold.
    """
    if top >= 5:
        return ((2, 5), (5, 5), (5, 3), (3, 1))
    if top >= 3:
        return ((1, 3), (3, 3), (3, 2), (2, 0))
    return ((1, 2), (2, 2), (2, 0), (0, 1))


# ------------------------------------------------------------------------ content


class Section(NamedTuple):
    """A heading and its numbered steps (paragraph markup: ``<b>``, ``<i>`` only)."""

    heading: str
    steps: tuple[str, ...]


class RulesContent(NamedTuple):
    """The whole page as data: every string is final text, already spaced as its language wants."""

    lang: str
    title: str
    facts: tuple[tuple[str, str], ...]  # (label, value) for the key-facts band
    sections: tuple[Section, ...]
    example_heading: str
    example_tiles: tuple[tuple[int, int], ...]
    example_caption: str
    example_figure: str = "chain"  # "chain": a row with a crosswise double; "spinner": see spinner.py


class _Plan(NamedTuple):
    """What the page says, decided once from the context and independent of the language.

    Each field names catalogue keys or holds a number; ``_fill`` turns it into text.
    """

    variant: str  # "famille", "points" or "doubles": the catalogue table for start, ending and goal
    faces: str  # "numbers", "pictures" or "symbols": what touching halves must share
    top: int
    tiles: int
    deal: tuple[tuple[tuple[int, ...], int], ...]  # ((player counts), dominoes each), equal hands grouped
    players: tuple[int, int]  # fewest and most players
    turn: tuple[str, ...]  # keys of the turn's steps; the first says how to lay and takes {same}
    end: tuple[str, ...]  # keys of the end-of-round steps
    scoring: tuple[str, ...]  # keys of the scoring steps (they may take {target}); () for none
    example: tuple[tuple[int, int], ...]
    figure: str  # "chain" or "spinner"


def _group_deal(deal: dict[int, int]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``{2: 7, 3: 5, 4: 5}`` -> ``(((2,), 7), ((3, 4), 5))`` (equal hands grouped)."""
    groups: list[tuple[list[int], int]] = []
    for players, each in deal.items():
        if groups and groups[-1][1] == each:
            groups[-1][0].append(players)
        else:
            groups.append(([players], each))
    return tuple((tuple(players), each) for players, each in groups)


def _plan(ctx: RulesContext) -> _Plan:
    faces = "numbers" if ctx.kind in NUMBER_KINDS else "pictures" if ctx.kind == "pictures" else "symbols"
    faces = ctx.match or faces
    variant = f"rules.{ctx.variant}"
    if ctx.variant == "doubles":
        deal = dict(DOUBLES_DEAL)
        turn = tuple(f"{variant}.{step}" for step in ("lay", "locked", "spinner", "draw"))
        scoring = tuple(f"{variant}.{step}" for step in ("score_out", "score_blocked", "score_win"))
        example, figure = spinner_tiles(), "spinner"
    else:
        deal = deal_sizes(ctx.top)
        turn = ("rules.turn.lay", "rules.turn.double", "rules.turn.draw")
        scoring = (f"{variant}.score",) if ctx.variant == "points" else ()
        example, figure = ctx.example or example_chain(ctx.top), "chain"
    return _Plan(
        variant=ctx.variant,
        faces=faces,
        top=ctx.top,
        tiles=tile_count(ctx.top),
        deal=_group_deal(deal),
        players=(min(deal), max(deal)),
        turn=turn,
        end=(f"{variant}.end_win", f"{variant}.end_blocked"),
        scoring=scoring,
        example=example,
        figure=figure,
    )


def _capitalised(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _deal_sentence(lang: str, plan: _Plan) -> str:
    """"Two players take 7 dominoes each; three or four players take 5 dominoes each" (no full stop)."""
    parts = []
    for index, (players, each) in enumerate(plan.deal):
        names = [texts.text(lang, f"rules.deal.players.{count}") for count in players]
        parts.append(
            texts.text(
                lang,
                "rules.deal.first" if index == 0 else "rules.deal.next",
                players=texts.join_list(lang, "rules.deal.list", names),
                dominoes=texts.plural(lang, "rules.dominoes", each),
            )
        )
    return _capitalised(texts.text(lang, "rules.deal.between").join(parts))


def _caption(lang: str, plan: _Plan, same: str) -> str:
    if plan.figure == "spinner":
        return texts.text(lang, f"rules.{plan.variant}.example")
    if plan.faces != "numbers":
        return texts.text(lang, "rules.example.pictures", same=same)
    (a, b), (d, _), (_, e), (_, f) = plan.example
    following = (
        texts.text(lang, "rules.example.next_two", a=a, f=f)
        if a != f
        else texts.text(lang, "rules.example.next_one", a=a)
    )
    return texts.text(lang, "rules.example.numbers", a=a, b=b, d=d, e=e, f=f, next=following)


def _fill(lang: str, plan: _Plan, theme_title: str, target: int) -> RulesContent:
    """The plan in words, from the catalogue of ``lang`` alone."""

    def say(key: str, **values: object) -> str:
        return texts.text(lang, key, **values)

    variant = f"rules.{plan.variant}"
    same = say(f"rules.match.{plan.faces}")
    total = texts.plural(lang, "rules.points_total", target)
    lay_key, *other_turn_keys = plan.turn
    lay = say(lay_key, same=same)
    if plan.faces == "numbers":
        lay += " " + say("rules.turn.blank")
    prepare = (
        say("rules.prepare.cut", dominoes=texts.plural(lang, "rules.dominoes", plan.tiles)),
        say("rules.prepare.shuffle"),
        say("rules.prepare.deal", deal=_deal_sentence(lang, plan)),
        say(f"{variant}.start"),
    )
    sections = [
        Section(say("rules.prepare.heading"), prepare),
        Section(say("rules.turn.heading"), (lay, *(say(key) for key in other_turn_keys))),
        Section(say(f"{variant}.end_heading"), tuple(say(key) for key in plan.end)),
    ]
    if plan.scoring:
        steps = tuple(say(key, target=total) for key in plan.scoring)
        sections.append(Section(say(f"{variant}.score_heading"), steps))
    low, high = plan.players
    players = (
        say("rules.fact.players_exact", count=low)
        if low == high
        else say("rules.fact.players_range", low=low, high=high)
    )
    age = say("rules.age.numbers" if plan.faces == "numbers" else "rules.age.others")
    set_value = say(
        "rules.fact.set_value",
        dominoes=texts.plural(lang, "rules.dominoes", plan.tiles),
        set_name=texts.set_name(lang, plan.top),
    )
    return RulesContent(
        lang=lang,
        title=say("rules.title", theme=escape(theme_title)),
        facts=(
            (say("rules.fact.players"), players),
            (say("rules.fact.age"), age),
            (say("rules.fact.set"), set_value),
            (say("rules.fact.goal"), say(f"{variant}.goal", target=total)),
        ),
        sections=tuple(sections),
        example_heading=say("rules.example_heading"),
        example_tiles=plan.example,
        example_caption=_caption(lang, plan, same),
        example_figure=plan.figure,
    )


def _spaced(lang: str, content: RulesContent) -> RulesContent:
    """Every string of ``content`` with the spacing its catalogue asks for (French: no-break spaces)."""

    def typeset(value: str) -> str:
        return texts.typeset(lang, value)

    return content._replace(
        title=typeset(content.title),
        facts=tuple((typeset(label), typeset(value)) for label, value in content.facts),
        sections=tuple(
            Section(typeset(s.heading), tuple(typeset(step) for step in s.steps)) for s in content.sections
        ),
        example_heading=typeset(content.example_heading),
        example_caption=typeset(content.example_caption),
    )


def build_content(ctx: RulesContext) -> RulesContent:
    """The page's text for ``ctx`` (validated first), in its language and variant."""
    validate_rules(ctx)
    if ctx.loop is not None:
        return _spaced(ctx.lang, ctx.loop.content(ctx))
    return _spaced(ctx.lang, _fill(ctx.lang, _plan(ctx), ctx.theme_title, target_of(ctx)))


# -------------------------------------------------------------------- typesetting

INK = colors.HexColor("#222222")
ACCENT = colors.HexColor("#1D5C78")
TINT = colors.HexColor("#EAF2F5")
MUTED = colors.HexColor("#555555")

BODY_SIZES = (12.0, 11.5, 11.0, 10.5, 10.0, 9.5)
"""Body sizes tried in turn, largest first, until the page fits; never under 9.5 pt."""

EXAMPLE_SHORT_MM = (15.0, 13.0, 11.0)
"""Short side of the example tiles, tried with each body size."""

EXAMPLE_LAST_RESORT_MM = 9.0
"""A smaller example, tried only once no body size fits with the sizes above."""

SPINNER_SHORT_MM = (11.0, 10.0, 9.0)
"""The spinner figure stands six short sides high: its tiles start smaller than the chain's."""

SPINNER_LAST_RESORT_MM = 8.0
"""The smallest spinner figure (48 mm high), tried only once no body size fits with the sizes above."""

REDUCTIONS = (1.0, 0.85, 0.75, 0.71)
"""Scales tried in turn for the rules page; 0.71 takes an A4 layout to A5 (body text >= 6.7 pt)."""
AIR = (1.6, 1.35, 1.15, 1.0)
"""Factors on the space around headings and steps: a short text is spread out a little
rather than leaving the bottom third of the page empty."""


class _Look(NamedTuple):
    body_pt: float
    short_mm: float
    air: float


def _looks(width: float, figure: str = "chain") -> list[_Look]:
    """Every look to try, best first: the largest type, then the largest example, then air."""
    if figure == "spinner":
        sizes, last_resort, units_wide = SPINNER_SHORT_MM, SPINNER_LAST_RESORT_MM, 6.2
    else:
        sizes, last_resort, units_wide = EXAMPLE_SHORT_MM, EXAMPLE_LAST_RESORT_MM, 7
    return [
        _Look(body, short, air)
        for shorts in (sizes, (last_resort,))
        for body in BODY_SIZES
        for short in shorts
        if units_wide * short * mm <= width * 0.55  # the figure leaves room for its caption
        for air in AIR
    ]


class ChainExample(Flowable):
    """The example chain: horizontal tiles, the double crosswise, drawn by ``draw_tile``."""

    def __init__(self, draw_tile: DrawTile, tiles: Sequence[tuple[int, int]], short_pt: float):
        super().__init__()
        self.draw_tile = draw_tile
        self.tiles = tuple(tiles)
        self.short_pt = short_pt
        self.gap_pt = max(1.0, short_pt * 0.04)

    def chain_width(self) -> float:
        s = self.short_pt
        widths = [s if a == b or (i == 1 and len(self.tiles) == 4) else 2 * s
                  for i, (a, b) in enumerate(self.tiles)]
        return sum(widths) + self.gap_pt * (len(widths) - 1)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = self.chain_width()
        self.height = 2 * self.short_pt
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        s = self.short_pt
        x = 0.0
        for index, (a, b) in enumerate(self.tiles):
            canvas.saveState()
            # The four-tile chain's second tile is its double, even when its halves differ (association).
            if a == b or (index == 1 and len(self.tiles) == 4):
                # Crosswise: rotate the horizontal tile a quarter turn; it spans x..x+s.
                canvas.translate(x + s, 0)
                canvas.rotate(90)
                self.draw_tile(canvas, a, b, s, turned=True)
                x += s
            else:
                canvas.translate(x, s / 2)
                self.draw_tile(canvas, a, b, s)
                x += 2 * s
            canvas.restoreState()
            x += self.gap_pt


class _Styles(NamedTuple):
    title: ParagraphStyle
    label: ParagraphStyle
    fact: ParagraphStyle
    heading: ParagraphStyle
    body: ParagraphStyle
    step: ParagraphStyle
    caption: ParagraphStyle


def _styles(body_pt: float, air: float) -> _Styles:
    regular, bold = fonts.paragraph_fonts()  # <b> in the texts needs the bold face
    lead = round(body_pt * 1.36, 1)
    body = ParagraphStyle(
        "rules-body",
        fontName=regular,
        fontSize=body_pt,
        leading=lead,
        textColor=INK,
        alignment=TA_LEFT,
        spaceAfter=body_pt * 0.35 * air,
    )
    return _Styles(
        title=ParagraphStyle(
            "rules-title",
            fontName=bold,
            fontSize=body_pt * 2,
            leading=body_pt * 2.4,
            textColor=ACCENT,
            spaceAfter=body_pt * 0.8 * air,
        ),
        label=ParagraphStyle(
            "rules-label",
            fontName=bold,
            fontSize=max(8.5, body_pt - 1.5),
            leading=body_pt + 1,
            textColor=ACCENT,
        ),
        fact=ParagraphStyle(
            "rules-fact",
            fontName=regular,
            fontSize=body_pt,
            leading=body_pt * 1.25,
            textColor=INK,
        ),
        heading=ParagraphStyle(
            "rules-heading",
            fontName=bold,
            fontSize=body_pt * 1.25,
            leading=body_pt * 1.5,
            textColor=ACCENT,
            spaceBefore=body_pt * 1.1 * air,
            spaceAfter=body_pt * 0.45 * air,
        ),
        body=body,
        step=ParagraphStyle(
            "rules-step",
            parent=body,
            leftIndent=body_pt * 1.9,
            bulletIndent=0,
            bulletFontName=bold,
            bulletFontSize=body_pt,
            bulletColor=ACCENT,
        ),
        caption=ParagraphStyle(
            "rules-caption",
            parent=body,
            fontName=regular,  # told apart by its colour: no italic file to read at start-up
            textColor=MUTED,
            spaceAfter=0,
        ),
    )


def _facts_band(content: RulesContent, st: _Styles, width: float) -> Table:
    cells = [
        [Paragraph(label.upper(), st.label), Paragraph(value, st.fact)] for label, value in content.facts
    ]
    # Goal gets the widest column; the others share the rest.
    weights = (0.15, 0.16, 0.31, 0.38)
    table = Table([cells], colWidths=[width * w for w in weights])
    pad = st.body.fontSize * 0.6
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), st.body.fontName),  # a table sets it on every cell
                ("BACKGROUND", (0, 0), (-1, -1), TINT),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad * 0.5),
                ("TOPPADDING", (0, 0), (-1, -1), pad),
                ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
                ("LINEBEFORE", (1, 0), (-1, -1), 0.6, colors.white),
                ("ROUNDEDCORNERS", [4, 4, 4, 4]),
            ]
        )
    )
    return table


def _story(content: RulesContent, draw_tile: DrawTile, width: float, look: _Look) -> list[Flowable]:
    body_pt, short_pt = look.body_pt, look.short_mm * mm
    st = _styles(body_pt, look.air)
    story: list[Flowable] = [
        Paragraph(content.title, st.title),
        _facts_band(content, st, width),
    ]
    number = 1
    for section in content.sections:
        story.append(Paragraph(section.heading, st.heading))
        for step in section.steps:  # numbered on from one section to the next
            story.append(Paragraph(step, st.step, bulletText=f"{number}."))
            number += 1

    figure: ChainExample | SpinnerExample
    if content.example_figure == "spinner":
        figure = SpinnerExample(draw_tile, short_pt)
        figure_w = figure.figure_width()
    else:
        figure = ChainExample(draw_tile, content.example_tiles, short_pt)
        figure_w = figure.chain_width()
    gutter = body_pt * 1.6
    example = Table(
        [[figure, Paragraph(content.example_caption, st.caption)]],
        colWidths=[figure_w + gutter, width - figure_w - gutter],
    )
    example.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), st.body.fontName),  # a table sets it on every cell
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 0),
                # Italic glyphs can lean past a line's measured width: keep them off the margin.
                ("RIGHTPADDING", (1, 0), (1, 0), 2),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    story += [Paragraph(content.example_heading, st.heading), Spacer(1, 2), example]
    return story


def _measure(
    canvas: Canvas, story: list[Flowable], width: float, height: float
) -> list[tuple[float, float]] | None:
    """Each flowable's wrapped (width, height) when the stacked story fits, else None.

    Measuring never draws. Space before the first flowable and after the last is
    counted too, so the estimate errs on the safe side.
    """
    sizes, used = [], 0.0
    for flowable in story:
        size = flowable.wrapOn(canvas, width, height)
        used += size[1] + flowable.getSpaceBefore() + flowable.getSpaceAfter()
        if used > height:
            return None
        sizes.append(size)
    return sizes


def _stack(canvas: Canvas, story: list[Flowable], sizes, left: float, top: float, width: float) -> None:
    """Draw a measured story from ``top`` down, as a Platypus frame would, without wrapping again."""
    y = top
    for index, (flowable, (used_width, height)) in enumerate(zip(story, sizes, strict=True)):
        if index:
            y -= flowable.getSpaceBefore()
        y -= height
        flowable.drawOn(canvas, left, y, _sW=width - used_width)
        y -= flowable.getSpaceAfter()


def _first_fitting(
    canvas: Canvas, content: RulesContent, draw_tile: DrawTile, width: float, height: float
) -> tuple[list[Flowable], list[tuple[float, float]]] | None:
    """The story of the best look that fits ``width`` x ``height``, with its sizes; None if none fits.

    Looks come in runs of one body size, tightest last: a run whose tightest look does not
    fit is skipped whole (the same look wins as when trying every look, found sooner).
    """

    def measured(look: _Look) -> tuple[list[Flowable], list[tuple[float, float]] | None]:
        story = _story(content, draw_tile, width, look)
        return story, _measure(canvas, story, width, height)

    looks = _looks(width, content.example_figure)
    if not looks:
        return None  # too narrow for even the smallest example beside its caption
    best = measured(looks[0])
    if best[1] is not None:
        return best[0], best[1]
    if measured(looks[-1])[1] is None:
        return None  # not even the tightest look fits
    for _, run in itertools.groupby(looks[1:], key=lambda look: look.body_pt):
        block = list(run)
        if len(block) > 1 and measured(block[-1])[1] is None:
            continue
        for look in block:
            story, sizes = measured(look)
            if sizes is not None:
                return story, sizes
    return None


def draw_rules_page(
    canvas: Canvas,
    ctx: RulesContext,
    draw_tile: DrawTile,
    *,
    page_width_pt: float,
    page_height_pt: float,
    margin_pt: float,
) -> None:
    """Draw the whole rules page onto the current page of ``canvas``.

    The caller calls ``showPage()`` afterwards. The largest body size (12 pt down to
    9.5 pt), then the largest example and the most air that fit are chosen. On paper
    too small for that (A5), the page is laid out larger and reduced, as a copier
    would, by at most ``REDUCTIONS[-1]``. If nothing fits, ``RulesError`` is raised
    rather than any text being dropped.
    """
    content = build_content(ctx)
    if page_width_pt - 2 * margin_pt <= 0 or page_height_pt - 2 * margin_pt <= 0:
        raise RulesError("the page margins leave no room for the rules page; use smaller margins")
    for scale in REDUCTIONS:
        # A page too small for the text (A5) gets the layout of a larger page, reduced.
        width = (page_width_pt - 2 * margin_pt) / scale
        height = (page_height_pt - 2 * margin_pt) / scale
        found = _first_fitting(canvas, content, draw_tile, width, height)
        if found is not None:
            story, sizes = found
            canvas.saveState()
            canvas.scale(scale, scale)
            _stack(canvas, story, sizes, margin_pt / scale, (page_height_pt - margin_pt) / scale, width)
            canvas.restoreState()
            if ctx.loop is not None:
                ctx.loop.draw_key_page(canvas, ctx, page_width_pt, page_height_pt, margin_pt)
            return
    raise RulesError(
        "the rules page does not fit on a {short_mm:.0f} x {long_mm:.0f} mm page; use A5 paper or "
        "larger, smaller margins, or leave the rules out with {no_rules}",
        fields=("no_rules",), short_mm=min(page_width_pt, page_height_pt) / mm,
        long_mm=max(page_width_pt, page_height_pt) / mm,
    )
