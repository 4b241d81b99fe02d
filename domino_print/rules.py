"""The rules page: what to say for each variant and language, laid out with Platypus.

Every PDF ends with one rules page. This module builds its content as plain data
(``build_content``: title, key facts, numbered steps grouped under headings, an
example chain and its caption), then typesets it on one page with ReportLab
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

Typography: Helvetica family only (standard PDF fonts, nothing embedded); body
text 12 pt, stepping down to no less than 9.5 pt when a page is short; French
spacing by ``french_spacing`` (a no-break space, U+00A0, before ``: ; ! ?`` and
inside guillemets).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from domino_print.errors import OptionError
from domino_print.platypus_import import (
    Flowable,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from domino_print.tiles import set_name, tile_count

__all__ = [
    "LANGS",
    "MIN_TOP",
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
    "validate_rules",
]

LANGS = ("fr", "en")
VARIANTS = ("famille", "points")
MIN_TOP = 2
"""The smallest set that makes a game (double-two, 6 tiles, two players)."""

NBSP = "\u00a0"


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

    lang: str  # "fr" or "en"
    variant: str  # "famille" or "points"
    top: int  # highest value of the set: 6 = double-six (28 tiles)
    pictures: bool  # picture theme: speak of pictures, never ask to count
    numeric: bool  # faces show numbers (pips, coloured pips, numerals)
    theme_title: str  # shown in the heading, e.g. "Fruits"
    target: int = 50  # points variant: score that wins the game


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
        raise RulesError(_too_small_message(top))
    if top in _SMALL_DEALS:
        return dict(_SMALL_DEALS[top])
    if top < 9:
        return {2: 7, 3: 5, 4: 5}
    if top < 12:
        return {2: 7, 3: 7, 4: 7}
    return {2: 15, 3: 15, 4: 15}


def _too_small_message(top: int) -> str:
    return (
        f"a double-{top} set ({tile_count(top)} tile{'s' if tile_count(top) > 1 else ''}) "
        f"is too small for a game; use --max {MIN_TOP} or more, or --no-rules"
    )


def validate_rules(ctx: RulesContext) -> None:
    """Raise ``RulesError`` (one line, naming the fix) for an impossible combination."""
    if ctx.lang not in LANGS:
        raise RulesError(f"unknown rules language {ctx.lang!r}; use --lang fr or --lang en")
    if ctx.variant not in VARIANTS:
        raise RulesError(f"unknown rules variant {ctx.variant!r}; use --rules famille or --rules points")
    if ctx.variant == "points" and (ctx.pictures or not ctx.numeric):
        raise RulesError(
            "--rules points needs a theme with numbers (pips, pips-couleur, chiffres); "
            "use --rules famille with this picture theme"
        )
    if isinstance(ctx.target, bool) or not isinstance(ctx.target, int) or ctx.target < 1:
        raise RulesError(f"the target score must be a whole number of 1 or more, not {ctx.target!r}")
    if ctx.top < MIN_TOP:
        raise RulesError(_too_small_message(ctx.top))


def example_chain(top: int) -> tuple[tuple[int, int], ...]:
    """The four tiles of the drawn example, left to right; the second is a double.

    2-5, 5-5, 5-3, 3-1 whenever the set has a 5; smaller sets use values they hold.
    """
    if top >= 5:
        return ((2, 5), (5, 5), (5, 3), (3, 1))
    if top >= 3:
        return ((1, 3), (3, 3), (3, 2), (2, 0))
    return ((1, 2), (2, 2), (2, 0), (0, 1))


# ----------------------------------------------------------------- French spacing

_BEFORE_PUNCT = re.compile(r"([^\s:;!?])[ \u00a0\u202f]*([:;!?]+)(?=[\s»)\]<]|$)")
_ENTITY = re.compile(r"&#?\w+;")
_PRIVATE_USE = 0xE000
_AFTER_OPEN_QUOTE = re.compile(r"«[ \u00a0\u202f]*")
_BEFORE_CLOSE_QUOTE = re.compile(r"[ \u00a0\u202f]*»")


def french_spacing(text: str) -> str:
    """Apply French spacing: a no-break space before ``: ; ! ?`` and inside ``« »``.

    Spaces already there become no-break spaces; missing ones are added. A colon
    inside a word or number (``10:30``, ``http://``) is left alone, a run such as
    ``?!`` gets one space before it, not between its marks, and markup entities
    such as ``&amp;`` keep their semicolon.
    """
    entities: list[str] = []

    def hide(match: re.Match[str]) -> str:
        entities.append(match.group(0))
        return chr(_PRIVATE_USE + len(entities) - 1)

    text = _ENTITY.sub(hide, text)  # "&amp;" must keep its ";"
    text = _BEFORE_PUNCT.sub(lambda m: f"{m.group(1)}{NBSP}{m.group(2)}", text)
    text = _AFTER_OPEN_QUOTE.sub("«" + NBSP, text)
    text = _BEFORE_CLOSE_QUOTE.sub(NBSP + "»", text)
    for i, entity in enumerate(entities):
        text = text.replace(chr(_PRIVATE_USE + i), entity)
    return text


# ------------------------------------------------------------------------ content


class Section(NamedTuple):
    """A heading and its numbered steps (paragraph markup: ``<b>``, ``<i>`` only)."""

    heading: str
    steps: tuple[str, ...]


class RulesContent(NamedTuple):
    """The whole page as data: every string is final text, already French-spaced."""

    lang: str
    title: str
    facts: tuple[tuple[str, str], ...]  # (label, value) for the key-facts band
    sections: tuple[Section, ...]
    example_heading: str
    example_tiles: tuple[tuple[int, int], ...]
    example_caption: str


def _group_deal(deal: dict[int, int]) -> list[tuple[list[int], int]]:
    """``{2: 7, 3: 5, 4: 5}`` -> ``[([2], 7), ([3, 4], 5)]`` (equal hands grouped)."""
    groups: list[tuple[list[int], int]] = []
    for players, each in deal.items():
        if groups and groups[-1][1] == each:
            groups[-1][0].append(players)
        else:
            groups.append(([players], each))
    return groups


def _join(words: Sequence[str], last: str) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def _deal_fr(deal: dict[int, int]) -> str:
    words = {2: "deux", 3: "trois", 4: "quatre"}
    parts = []
    for i, (players, each) in enumerate(_group_deal(deal)):
        names = [words[p] for p in players]
        who = ("À " if i == 0 else "à ") + _join(names, "ou à" if len(names) == 2 else "ou")
        take = "chaque joueur prend" if i == 0 else "chacun en prend"
        parts.append(f"{who}, {take} <b>{each}{NBSP}dominos</b>")
    return " ; ".join(parts) + "."


def _deal_en(deal: dict[int, int]) -> str:
    words = {2: "Two", 3: "three", 4: "four"}
    parts = []
    for i, (players, each) in enumerate(_group_deal(deal)):
        names = [words[p] for p in players]
        names[0] = names[0].capitalize() if i == 0 else names[0].lower()
        parts.append(f"{_join(names, 'or')} players take <b>{each}{NBSP}dominoes</b> each")
    return "; ".join(parts) + "."


def _players(deal: dict[int, int], lang: str) -> str:
    low, high = min(deal), max(deal)
    if low == high:
        return f"{low}"
    return f"{low}{NBSP}à{NBSP}{high}" if lang == "fr" else f"{low}{NBSP}to{NBSP}{high}"


def build_content(ctx: RulesContext) -> RulesContent:
    """The page's text for ``ctx`` (validated first), in its language and variant."""
    validate_rules(ctx)
    content = _content_fr(ctx) if ctx.lang == "fr" else _content_en(ctx)
    if ctx.lang == "fr":
        content = RulesContent(
            lang=content.lang,
            title=french_spacing(content.title),
            facts=tuple((french_spacing(k), french_spacing(v)) for k, v in content.facts),
            sections=tuple(
                Section(french_spacing(s.heading), tuple(french_spacing(t) for t in s.steps))
                for s in content.sections
            ),
            example_heading=french_spacing(content.example_heading),
            example_tiles=content.example_tiles,
            example_caption=french_spacing(content.example_caption),
        )
    return content


def _content_fr(ctx: RulesContext) -> RulesContent:
    deal = deal_sizes(ctx.top)
    count = tile_count(ctx.top)
    points = ctx.variant == "points"
    if ctx.numeric and not ctx.pictures:
        same = "le même nombre"
        age = f"dès 6{NBSP}ans"
        blank = " Le blanc (0) se pose contre un autre blanc (0)."
    elif ctx.pictures:
        same = "la même image"
        age = f"dès 4{NBSP}ans"
        blank = ""
    else:
        same = "le même motif"
        age = f"dès 4{NBSP}ans"
        blank = ""

    prepare = [
        f"Découpez les {count}{NBSP}dominos en suivant leur contour, chacun d’un seul tenant. "
        "Le trait du milieu ne se coupe pas : il sépare les deux moitiés d’une même pièce.",
        "Retournez tous les dominos face cachée et mélangez-les bien.",
        _deal_fr(deal) + " Cachez votre jeu aux autres. Les dominos qui restent, "
        "toujours face cachée, forment la <b>pioche</b>.",
    ]
    if points:
        prepare.append(
            "Le joueur qui a le <b>double le plus fort</b> le pose au milieu de la table. "
            "Si personne n’a de double, on ouvre avec le domino au plus gros total ; "
            "à total égal, celui qui porte la plus forte moitié."
        )
    else:
        prepare.append(
            "<b>Le plus jeune joueur commence</b> : il pose au milieu de la table le domino de son choix."
        )
    turn = [
        "On joue chacun son tour, dans le sens des aiguilles d’une montre. Posez "
        "<b>un domino</b> à l’un des deux bouts de la chaîne : la moitié qui touche "
        f"le bout doit montrer {same}.{blank}",
        "Un <b>double se pose en travers</b> de la chaîne. Il n’ouvre pas de nouvelle "
        "branche : on continue de jouer aux deux bouts.",
        "Aucun domino ne va ? <b>Piochez</b> une pièce à la fois jusqu’à en tirer une "
        "qui convient, et posez-la aussitôt. Pioche vide et toujours rien à jouer : "
        "<b>passez</b> votre tour.",
    ]
    if points:
        end = Section(
            "Fin de la manche",
            (
                "Le premier qui pose son dernier domino gagne la manche.",
                "<b>Jeu bloqué</b> (pioche vide, plus personne ne peut jouer) : chacun "
                "additionne les points des dominos qui lui restent. Le plus petit total "
                "gagne la manche ; si plusieurs joueurs ont ce plus petit total, "
                "la manche est nulle.",
            ),
        )
        score = Section(
            "Compter les points (facultatif)",
            (
                "Le gagnant de la manche marque les points restés dans les mains de ses "
                "adversaires, moins ceux de sa propre main. Jouez plusieurs manches : "
                f"le premier à atteindre <b>{ctx.target}{NBSP}points</b> gagne la partie.",
            ),
        )
        sections = (
            Section("Préparer la partie", tuple(prepare)),
            Section("À votre tour", tuple(turn)),
            end,
            score,
        )
        goal = "vider sa main le premier, ou garder le moins de points"
    else:
        end = Section(
            "Qui gagne ?",
            (
                "Le premier joueur qui n’a plus de domino en main <b>gagne aussitôt</b>.",
                "Si la pioche est vide et que personne ne peut jouer pendant un tour "
                "complet, le joueur qui garde <b>le moins de dominos</b> gagne. "
                "En cas d’égalité, les joueurs concernés sont <b>ex æquo</b>.",
            ),
        )
        sections = (
            Section("Préparer la partie", tuple(prepare)),
            Section("À votre tour", tuple(turn)),
            end,
        )
        goal = "être le premier à poser tous ses dominos"

    tiles = example_chain(ctx.top)
    if ctx.numeric and not ctx.pictures:
        (a, b), (d, _), (_, e), (_, f) = tiles
        caption = (
            f"Le{NBSP}{b} du domino{NBSP}{a}-{b} touche le double{NBSP}{d}-{d}, posé en "
            f"travers. La chaîne continue avec {d}-{e} puis {e}-{f}. Le prochain domino "
            + (f"devra porter un{NBSP}{a} ou un{NBSP}{f}." if a != f else f"devra porter un{NBSP}{a}.")
        )
    else:
        caption = (
            f"Deux moitiés qui se touchent montrent toujours {same}. Le double est posé "
            "en travers, sans ouvrir de branche : on joue seulement aux deux bouts."
        )
    return RulesContent(
        lang="fr",
        title=f"Règle du jeu — Dominos {escape(ctx.theme_title)}",
        facts=(
            ("Joueurs", _players(deal, "fr")),
            ("Âge", age),
            ("Jeu", f"{count}{NBSP}dominos, {set_name(ctx.top, 'fr')}"),
            ("But", goal),
        ),
        sections=sections,
        example_heading="Exemple",
        example_tiles=tiles,
        example_caption=caption,
    )


def _content_en(ctx: RulesContext) -> RulesContent:
    deal = deal_sizes(ctx.top)
    count = tile_count(ctx.top)
    points = ctx.variant == "points"
    if ctx.numeric and not ctx.pictures:
        same = "the same number"
        age = "6 and up"
        blank = " A blank (0) goes against another blank (0)."
    elif ctx.pictures:
        same = "the same picture"
        age = "4 and up"
        blank = ""
    else:
        same = "the same symbol"
        age = "4 and up"
        blank = ""

    prepare = [
        f"Cut out the {count}{NBSP}dominoes along their outline, each in one piece. "
        "Do not cut the line across the middle: it divides the two halves of one domino.",
        "Turn all the dominoes face down and mix them well.",
        _deal_en(deal) + " Keep your hand hidden from the others. The dominoes left "
        "over stay face down: they make the <b>draw pile</b>.",
    ]
    if points:
        prepare.append(
            "The player holding the <b>highest double</b> lays it in the middle of the "
            "table. If nobody has a double, the domino with the biggest total opens; "
            "between equal totals, the one with the higher half."
        )
    else:
        prepare.append(
            "<b>The youngest player starts</b> by laying any domino from their hand "
            "in the middle of the table."
        )
    turn = [
        "Take turns clockwise. On your turn, lay <b>one domino</b> at either end of the "
        f"chain: the half that touches the end must show {same}.{blank}",
        "A <b>double is laid crosswise</b>, across the chain. It does not open a new "
        "branch: play carries on at the two ends.",
        "Nothing fits? <b>Draw</b> from the pile one domino at a time until one fits, "
        "and lay it at once. If the pile is empty and you still cannot play, "
        "<b>pass</b>.",
    ]
    if points:
        sections = (
            Section("Getting ready", tuple(prepare)),
            Section("On your turn", tuple(turn)),
            Section(
                "End of the round",
                (
                    "The first player to lay their last domino wins the round.",
                    "<b>Blocked game</b> (empty pile, nobody can play): everyone adds up "
                    "the pips on the dominoes left in their hand. The lowest total wins "
                    "the round; if two or more players share the lowest total, the round "
                    "is a draw.",
                ),
            ),
            Section(
                "Keeping score (optional)",
                (
                    "The round winner scores the pips left in the other players’ hands, "
                    "minus the pips in their own hand. Play several rounds: the first to "
                    f"reach <b>{ctx.target}{NBSP}points</b> wins the game.",
                ),
            ),
        )
        goal = "empty your hand first, or keep the fewest pips"
    else:
        sections = (
            Section("Getting ready", tuple(prepare)),
            Section("On your turn", tuple(turn)),
            Section(
                "Who wins?",
                (
                    "The first player with no dominoes left <b>wins at once</b>.",
                    "If the pile is empty and nobody can play for a whole round, the "
                    "player holding <b>the fewest dominoes</b> wins. Tied players "
                    "<b>share the win</b>.",
                ),
            ),
        )
        goal = "be the first to lay down all your dominoes"

    tiles = example_chain(ctx.top)
    if ctx.numeric and not ctx.pictures:
        (a, b), (d, _), (_, e), (_, f) = tiles
        caption = (
            f"The{NBSP}{b} of the{NBSP}{a}-{b} touches the double{NBSP}{d}-{d}, laid "
            f"crosswise. The chain goes on with {d}-{e}, then {e}-{f}. The next domino must "
            + (f"have a{NBSP}{a} or a{NBSP}{f}." if a != f else f"have a{NBSP}{a}.")
        )
    else:
        caption = (
            f"Touching halves always show {same}. The double lies crosswise and opens "
            "no branch: you still play only at the two ends."
        )
    return RulesContent(
        lang="en",
        title=f"How to play — {escape(ctx.theme_title)} dominoes",
        facts=(
            ("Players", _players(deal, "en")),
            ("Age", age),
            ("Set", f"{count}{NBSP}dominoes, {set_name(ctx.top, 'en')}"),
            ("Goal", goal),
        ),
        sections=sections,
        example_heading="Example",
        example_tiles=tiles,
        example_caption=caption,
    )


# -------------------------------------------------------------------- typesetting

INK = colors.HexColor("#1F2328")
ACCENT = colors.HexColor("#1D5C78")
TINT = colors.HexColor("#EAF2F5")
MUTED = colors.HexColor("#4A5560")

BODY_SIZES = (12.0, 11.5, 11.0, 10.5, 10.0, 9.5)
"""Body sizes tried in turn, largest first, until the page fits; never under 9.5 pt."""

EXAMPLE_SHORT_MM = (15.0, 13.0, 11.0)
"""Short side of the example tiles, tried with each body size."""

EXAMPLE_LAST_RESORT_MM = 9.0
"""A smaller example, tried only once no body size fits with the sizes above."""

REDUCTIONS = (1.0, 0.85, 0.75, 0.71)
"""Scales tried in turn for the rules page; 0.71 takes an A4 layout to A5 (body text >= 6.7 pt)."""
AIR = (1.6, 1.35, 1.15, 1.0)
"""Factors on the space around headings and steps: a short text is spread out a little
rather than leaving the bottom third of the page empty."""


class _Look(NamedTuple):
    body_pt: float
    short_mm: float
    air: float


def _looks(width: float) -> list[_Look]:
    """Every look to try, best first: the largest type, then the largest example, then air."""
    return [
        _Look(body, short, air)
        for shorts in (EXAMPLE_SHORT_MM, (EXAMPLE_LAST_RESORT_MM,))
        for body in BODY_SIZES
        for short in shorts
        if 7 * short * mm <= width * 0.55  # the chain leaves room for its caption
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
        widths = [s if a == b else 2 * s for a, b in self.tiles]
        return sum(widths) + self.gap_pt * (len(widths) - 1)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = self.chain_width()
        self.height = 2 * self.short_pt
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        s = self.short_pt
        x = 0.0
        for a, b in self.tiles:
            canvas.saveState()
            if a == b:
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
    lead = round(body_pt * 1.36, 1)
    body = ParagraphStyle(
        "rules-body",
        fontName="Helvetica",
        fontSize=body_pt,
        leading=lead,
        textColor=INK,
        alignment=TA_LEFT,
        spaceAfter=body_pt * 0.35 * air,
    )
    return _Styles(
        title=ParagraphStyle(
            "rules-title",
            fontName="Helvetica-Bold",
            fontSize=body_pt * 2,
            leading=body_pt * 2.4,
            textColor=ACCENT,
            spaceAfter=body_pt * 0.8 * air,
        ),
        label=ParagraphStyle(
            "rules-label",
            fontName="Helvetica-Bold",
            fontSize=max(8.5, body_pt - 1.5),
            leading=body_pt + 1,
            textColor=ACCENT,
        ),
        fact=ParagraphStyle(
            "rules-fact",
            fontName="Helvetica",
            fontSize=body_pt,
            leading=body_pt * 1.25,
            textColor=INK,
        ),
        heading=ParagraphStyle(
            "rules-heading",
            fontName="Helvetica-Bold",
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
            bulletFontName="Helvetica-Bold",
            bulletFontSize=body_pt,
            bulletColor=ACCENT,
        ),
        caption=ParagraphStyle(
            "rules-caption",
            parent=body,
            fontName="Helvetica-Oblique",
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

    chain = ChainExample(draw_tile, content.example_tiles, short_pt)
    chain_w = chain.chain_width()
    gutter = body_pt * 1.6
    example = Table(
        [[chain, Paragraph(content.example_caption, st.caption)]],
        colWidths=[chain_w + gutter, width - chain_w - gutter],
    )
    example.setStyle(
        TableStyle(
            [
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
        looks = _looks(width)
        for index, look in enumerate(looks):
            story = _story(content, draw_tile, width, look)
            sizes = _measure(canvas, story, width, height)
            if sizes is not None:
                canvas.saveState()
                canvas.scale(scale, scale)
                _stack(canvas, story, sizes, margin_pt / scale, (page_height_pt - margin_pt) / scale, width)
                canvas.restoreState()
                return
            if (
                index == 0
                and _measure(canvas, _story(content, draw_tile, width, looks[-1]), width, height) is None
            ):
                break  # not even the tightest look fits at this scale: reduce more
    raise RulesError(
        f"the rules page does not fit on a {min(page_width_pt, page_height_pt) / mm:.0f} x "
        f"{max(page_width_pt, page_height_pt) / mm:.0f} mm page; use A5 paper or larger, "
        "smaller margins, or leave the rules out with --no-rules"
    )
