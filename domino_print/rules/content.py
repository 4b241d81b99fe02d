"""The rules page's words as plain data: a variant and a printed set in, ``RulesContent`` out.

``plan`` decides once, for every language, what the page says (the variant's facts for this
set, the house rules a user changed, what touching halves share, the example figure);
``fill`` puts the plan into words from the ``rules.*`` keys of the language's catalogue
(``domino_print/texts/<lang>.toml``); no language has code of its own. The typesetting is
``pdf.rules_page``'s job. A loop deck's page comes from ``loop.loop_content`` instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from domino_print import texts
from domino_print.errors import CatalogueText, OneOf, OptionError, OptionName, Phrase, PluralPhrase
from domino_print.rules import registry, variant
from domino_print.rules.ages import age_text
from domino_print.rules.deals import example_chain
from domino_print.rules.page import RulesContent, Section, escape, follows_line
from domino_print.rules.variant import MIN_TOP, NUMBER_KINDS, STARTERS, Figure, Variant
from domino_print.sets.tiles import tile_count
from domino_print.themes.kinds import KINDS, theme_kind

if TYPE_CHECKING:
    from domino_print.sets.structures import AssociationSet
    from domino_print.themes.curricula import Skill

__all__ = [
    "SCORE_SHEET", "RulesContent", "RulesContext", "RulesError", "Section", "build_content", "deal_of",
    "escape", "extra_pages", "figure_of", "target_of", "validate_rules",
]


class RulesError(OptionError, ValueError):
    """An impossible rules-page request; the one-line message names the fix."""


class DeckKey(NamedTuple):
    """One deck's part of the teacher's key: its ``level`` (1, 2, 3... with ``--niveaux``; 0 for a
    deck alone), the level's ``name`` and the deck (a loop's order, a double set's solution)."""

    level: int
    name: str
    deck: AssociationSet


class RulesContext(NamedTuple):
    """Everything the rules page needs to know about the printed set."""

    lang: str  # a catalogue in domino_print/texts: "fr", "en", "es", "de"...
    variant: str  # a game of the registry: "famille", "points", "doubles"...
    top: int  # highest value of the set: 6 = double-six (28 tiles)
    kind: str  # the theme's kind: "pips" or "numerals" (numbers), "pictures", or "association"
    theme_title: str  # shown in the heading, e.g. "Fruits"
    target: int | None = None  # games that score: the score that wins; None: the game's own
    example: tuple[tuple[int, int], ...] = ()  # association sets: the example chain as face ids
    match: str = ""  # association sets: what touching halves share, rules.match.<match>
    loop: AssociationSet | None = None  # a loop deck: its own page (loop.py), then the key pages
    hand: int | None = None  # house rule: dominoes each, whatever the players; None: the game's own
    starter: str | None = None  # house rule: one of variant.STARTERS; None: the game's own
    players: int | None = None  # how many play: only that deal, the score sheet's columns, the hub's slots
    score_sheet: bool = False  # add a score sheet page (games that keep a score)
    keys: tuple[DeckKey, ...] = ()  # association sets: the teacher's key of each deck (level), in order
    skill: Skill | None = None  # association sets: what the content asks, placed in the curricula


# --------------------------------------------------------------------------- facts


def _set_name(top: int) -> CatalogueText:
    return CatalogueText("set.name", number=CatalogueText(f"set.number.{top}"))


def _sets_taken(game: Variant) -> tuple[Phrase, Phrase | str]:
    """How a message names the sets ``game`` takes, and the ``--max`` values to give."""
    assert game.tops is not None
    low, high = game.tops[0], game.tops[-1]
    if low == high:
        return Phrase("rules.one_set", set_name=_set_name(low), tiles=tile_count(low)), str(low)
    return (Phrase("rules.sets_between", low=_set_name(low), high=_set_name(high)),
            Phrase("range.between", low=low, high=high, unit=""))


def _kind_words(kinds: frozenset[str]) -> Phrase:
    """What a message calls themes of ``kinds``: "a theme with numbers (pips, pips-couleur, chiffres)"."""
    from domino_print.themes.model import list_themes  # only to word a refusal

    found = sorted((t for t in list_themes() if t.kind in kinds),
                   key=lambda t: (KINDS.index(t.kind), t.name))
    names = ", ".join(t.name for t in found)
    words = (Phrase("rules.numbers_theme") if kinds <= NUMBER_KINDS
             else Phrase("rules.kind_theme", kinds=OneOf(sorted(kinds))))
    return Phrase("rules.themes_named", words=words, names=names) if names else words


def _alternative(game: Variant, kind: str, top: int) -> Variant | None:
    """The game to suggest instead of ``game``: played with this kind of theme and this set, one
    that keeps a score as ``game`` does first."""
    fits = [v for v in registry().values() if v is not game and kind in v.kinds and v.plays(top)]
    return min(fits, key=lambda v: (v.scores != game.scores, v.order), default=None)


def _too_small(top: int) -> RulesError:
    return RulesError(says="rules.too_small", fields=("max", "no_rules"), top=top,
                      tiles=PluralPhrase("rules.tiles", count=tile_count(top)),
                      least=MIN_TOP)


def too_small(top: int) -> RulesError:
    """The refusal of a set too small for any game."""
    return _too_small(top)


def _choices(option: str, values: Iterable[str]) -> OneOf:
    """``--rules famille, --rules points or --rules doubles``, worded per surface and language."""
    return OneOf([Phrase("option.with_value", option=OptionName(option), value=value) for value in values])


def validate_rules(ctx: RulesContext) -> None:
    """Raise ``RulesError`` (one line, naming the fix) for an impossible combination: each case
    below in turn, so the first wrong thing is the one named."""
    game = _known_game(ctx)
    _check_loop(ctx)
    _check_kind(ctx, game)
    _check_target(ctx)
    _check_set(ctx, game)
    _check_starter(ctx)
    _check_score_sheet(ctx, game)
    _check_deal(ctx, game)


def _known_game(ctx: RulesContext) -> Variant:
    """The game ``ctx`` names, in a language the catalogues have."""
    if ctx.lang not in texts.languages():
        raise RulesError(says="rules.unknown_lang", fields=("lang",), value=repr(ctx.lang),
                         choices=_choices("lang", texts.languages()))
    if ctx.variant not in registry():
        raise RulesError(says="rules.unknown_variant", fields=("rules",), value=repr(ctx.variant),
                         choices=_choices("rules", registry()))
    return variant(ctx.variant)


def _check_loop(ctx: RulesContext) -> None:
    """A loop deck has its own page: no house rule, no score sheet."""
    changed = [name for name in ("hand", "starter", "players") if getattr(ctx, name) is not None]
    if ctx.loop is not None and (changed or ctx.score_sheet):
        name = (changed or ["score_sheet"])[0]
        raise RulesError(says="rules.loop_has_its_page", fields=(name,), subject=OptionName(name))


def _check_kind(ctx: RulesContext, game: Variant) -> None:
    """The game is played with this kind of theme (else the game to play instead)."""
    if ctx.kind not in game.kinds:
        other = _alternative(game, ctx.kind, ctx.top)
        this = theme_kind(ctx.kind).noun if ctx.kind in KINDS else "other"
        fix: object = (Phrase(f"rules.use_other.{this}", rules=OptionName("rules"), other=other.name)
                       if other is not None else "")
        raise RulesError(says="rules.needs_kind", fields=("rules",), variant=ctx.variant,
                         kinds=_kind_words(game.kinds), fix=fix)


def _check_target(ctx: RulesContext) -> None:
    """A target score, if given, is a whole number of 1 or more."""
    if ctx.target is not None and (
        isinstance(ctx.target, bool) or not isinstance(ctx.target, int) or ctx.target < 1
    ):
        raise RulesError(says="rules.target", fields=("target",), value=repr(ctx.target))


def _check_set(ctx: RulesContext, game: Variant) -> None:
    """The set is big enough for a game, and one the game is played with."""
    if ctx.top < MIN_TOP:
        raise _too_small(ctx.top)
    if not game.plays(ctx.top):
        sets, tops = _sets_taken(game)
        other = _alternative(game, ctx.kind, ctx.top)
        other_fix: object = (Phrase("rules.or_other", rules=OptionName("rules"), other=other.name,
                             top=ctx.top)
                             if other is not None else "")
        raise RulesError(says="rules.plays_other_sets", fields=("max", "rules"), variant=ctx.variant,
                         top=ctx.top, sets=sets, tops=tops, fix=other_fix)


def _check_starter(ctx: RulesContext) -> None:
    """A starter rule the games know; the highest double only with numbers."""
    if ctx.starter is not None and ctx.starter not in STARTERS:
        raise RulesError(says="rules.unknown_starter", fields=("starter",), value=repr(ctx.starter),
                         choices=_choices("starter", STARTERS))
    if ctx.starter == "plus-grand-double" and ctx.kind not in NUMBER_KINDS:
        raise RulesError(says="rules.starter_needs_numbers", fields=("starter",))


def _check_score_sheet(ctx: RulesContext, game: Variant) -> None:
    """A score sheet only for a game that keeps a score."""
    if ctx.score_sheet and not game.scores:
        keeping = [Phrase("option.with_value", option=OptionName("rules"), value=v.name)
                   for v in registry().values() if v.scores]
        raise RulesError(says="rules.score_sheet", fields=("score_sheet", "rules"), games=OneOf(keeping))


def _check_deal(ctx: RulesContext, game: Variant) -> None:
    """The players and the hand (house rules) make a deal the set allows."""
    own = dict(game.hands(ctx.top))
    if ctx.players is not None and ctx.players not in own:
        raise RulesError(says="rules.players", fields=("players", "rules"), count=ctx.players,
                         variant=ctx.variant, top=ctx.top, low=min(own), high=max(own))
    if ctx.hand is not None and not deal_of(ctx):
        tiles = tile_count(ctx.top)
        fewest = ctx.players or min(own)
        raise RulesError(says="rules.hand", fields=("hand",), hand_size=ctx.hand, fewest=fewest, tiles=tiles,
                         top=ctx.top, most=max(1, (tiles - 2) // fewest))


def target_of(ctx: RulesContext) -> int:
    """The score that wins the game: ``ctx.target``, else the variant's own (50 for a game without)."""
    if ctx.target is not None:
        return ctx.target
    own = variant(ctx.variant).target
    return own if own is not None else 50


def deal_of(ctx: RulesContext) -> dict[int, int]:
    """Dominoes each by number of players: the game's facts, or the house rule ``ctx.hand``.

    With a house rule, the player counts that would leave fewer than two dominoes to draw
    are dropped; none left means the hand is too large (``validate_rules`` refuses it).
    """
    own = dict(variant(ctx.variant).hands(ctx.top))
    if ctx.players is not None:
        own = {ctx.players: own[ctx.players]} if ctx.players in own else {}
    if ctx.hand is None:
        return own
    tiles = tile_count(ctx.top)
    return {players: ctx.hand for players in own if players * ctx.hand + 2 <= tiles}


SCORE_SHEET = "score_sheet"
"""The page ``--score-sheet`` adds after a scoring game's own pages."""


def extra_pages(ctx: RulesContext) -> tuple[str, ...]:
    """The pages that follow the rules page, by name (``pdf.game_pages`` draws each): the ones the
    game's unit declares (``Variant.pages``), then the score sheet with ``--score-sheet``. A loop
    deck's key pages are its own, and it adds none."""
    if ctx.loop is not None:
        return ()
    return (*variant(ctx.variant).pages, *((SCORE_SHEET,) if ctx.score_sheet else ()))


def figure_of(ctx: RulesContext) -> Figure:
    """The example figure of ``ctx``'s game for its set."""
    return variant(ctx.variant).figure(ctx.top, ctx.example or example_chain(ctx.top))


# ------------------------------------------------------------------------ content


class Plan(NamedTuple):
    """What the page says, decided once from the context and independent of the language.

    Each field names catalogue keys or holds a number; ``fill`` turns it into text.
    """

    game: Variant
    faces: str  # "numbers", "pictures" or "symbols": what touching halves must share
    top: int
    tiles: int
    deal: tuple[tuple[tuple[int, ...], int], ...]  # ((player counts), dominoes each), equal hands grouped
    players: tuple[int, int]  # fewest and most players
    start: str  # the key of who starts
    target: int
    figure: Figure


def _group_deal(deal: dict[int, int]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``{2: 7, 3: 5, 4: 5}`` -> ``(((2,), 7), ((3, 4), 5))`` (equal hands grouped)."""
    groups: list[tuple[list[int], int]] = []
    for players, each in deal.items():
        if groups and groups[-1][1] == each:
            groups[-1][0].append(players)
        else:
            groups.append(([players], each))
    return tuple((tuple(players), each) for players, each in groups)


def plan(ctx: RulesContext) -> Plan:
    game = variant(ctx.variant)
    faces = theme_kind(ctx.kind).shows
    deal = deal_of(ctx)
    starter = ctx.starter or game.starter
    start = f"{game.prefix}.start"
    if starter != game.starter:  # a house rule: the game's own wording of it, else the common one
        own = f"{game.prefix}.start_{starter}"
        start = own if texts.lookup(ctx.lang, own) is not None else f"rules.starter.{starter}"
    return Plan(
        game=game,
        faces=ctx.match or faces,
        top=ctx.top,
        tiles=tile_count(ctx.top),
        deal=_group_deal(deal),
        players=(min(deal), max(deal)),
        start=start,
        target=target_of(ctx),
        figure=figure_of(ctx),
    )


def _capitalised(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _deal_sentence(lang: str, plan: Plan) -> str:
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


def _caption(lang: str, plan: Plan, same: str, facts: dict[str, object]) -> str:
    if plan.game.caption is not None:
        return texts.text(lang, plan.game.caption, **facts)
    if plan.faces != "numbers":
        return texts.text(lang, "rules.example.pictures", same=same)
    (a, b), (d, _), (_, e), (_, f) = plan.figure.tiles
    following = (
        texts.text(lang, "rules.example.next_two", a=a, f=f)
        if a != f
        else texts.text(lang, "rules.example.next_one", a=a)
    )
    return texts.text(lang, "rules.example.numbers", a=a, b=b, d=d, e=e, f=f, next=following)


def fill(lang: str, plan: Plan, theme_title: str, skill: Skill | None = None) -> RulesContent:
    """The plan in words, from the catalogue of ``lang`` alone."""

    def say(key: str, **values: object) -> str:
        return texts.text(lang, key, **values)

    game = plan.game
    prefix = game.prefix
    same = say(f"rules.match.{plan.faces}")
    total = texts.plural(lang, "rules.points_total", plan.target)
    lay_key, *other_turn_keys = game.turn
    lay = say(lay_key, same=same)
    if plan.faces == "numbers" and game.blank:
        lay += " " + say("rules.turn.blank")
    facts = {"dominoes": texts.plural(lang, "rules.dominoes", plan.tiles), "deal": _deal_sentence(lang, plan),
             "top": plan.top, "double": texts.set_name(lang, plan.top), "rounds": plan.top + 1, "same": same}
    prepare = (*(say(key, **facts) for key in game.prepare), say(plan.start, **facts))
    sections = [
        Section(say("rules.prepare.heading"), prepare),
        Section(say("rules.turn.heading"), (lay, *(say(key, **facts) for key in other_turn_keys))),
        Section(say(f"{prefix}.end_heading"), tuple(say(key, **facts) for key in game.end)),
    ]
    if game.scoring:
        steps = tuple(say(key, target=total, **facts) for key in game.scoring)
        sections.append(Section(say(f"{prefix}.score_heading"), steps))
    low, high = plan.players
    players = (
        say("rules.fact.players_exact", count=low)
        if low == high
        else say("rules.fact.players_range", low=low, high=high)
    )
    age = age_text(lang, skill) if skill is not None and game.age is None else say(
        game.age or ("rules.age.numbers" if plan.faces == "numbers" else "rules.age.others"))
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
            (say("rules.fact.goal"), say(f"{prefix}.goal", target=total, **facts)),
        ),
        sections=tuple(sections),
        example_heading=say("rules.example_heading"),
        example_tiles=plan.figure.tiles,
        example_caption=_caption(lang, plan, same, facts),
        figure=plan.figure,
        source=follows_line(lang, game),
    )


def spaced(lang: str, content: RulesContent) -> RulesContent:
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
        source=typeset(content.source),
    )


def build_content(ctx: RulesContext) -> RulesContent:
    """The page's text for ``ctx`` (validated first), in its language and variant."""
    validate_rules(ctx)
    if ctx.loop is not None:
        from domino_print.rules.loop import loop_content  # (a loop deck's page only, issue 36)

        return spaced(ctx.lang, loop_content(ctx.lang, ctx.theme_title, ctx.example, ctx.skill, ctx.loop))
    return spaced(ctx.lang, fill(ctx.lang, plan(ctx), ctx.theme_title, ctx.skill))
