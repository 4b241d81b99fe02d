"""Differentiated decks (``--niveaux N``): the same game at N levels, one deck per level.

The theme's file names its ladders of levels (``themes.levels``): sums to 10, to 20, to 100;
hours, half hours, five minutes. ``level_parts`` picks the ladder that serves the faces,
takes N of its levels from the easiest to the hardest (``themes.levels.spread``), and builds
each level's deck as ``association.association_parts`` builds any association set, with the
level's options in place of the command line's (so each level is proved by the meaning check
as any set is). Every level must make the same number of cards, laid out the same way.

The decks are then one job: their faces numbered together (level 1's first), each level's
tiles (``LevelDeck``) drawn on its own pages with its mark (a shape and a colour,
``geometry.backs.LEVEL_MARKS``) on each front and back, and one rules page followed by one
key holding every level's solution.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_print.errors import OptionError, OptionName, PluralPhrase
from domino_print.options.table import Options
from domino_print.sets.parts import LevelDeck, PairsSource, SetParts, Source
from domino_print.sets.tiles import Tile
from domino_print.themes.levels import LEVEL_SETTINGS, Ladder, spread
from domino_print.themes.representations import Face

if TYPE_CHECKING:
    from domino_print.geometry.sheet import SheetSpec
    from domino_print.rules.content import RulesContext


def level_themes() -> str:
    """The built-in themes that name levels, for a message: ``fractions, heures, ...``."""
    from domino_print.themes.model import association_themes  # only to word a refusal

    return ", ".join(name for name, theme in association_themes().items()
                     if theme.association is not None and theme.association.levels)


def ladder_for(options: Options, source: Source) -> Ladder:
    """The ladder of levels that serves the set ``options`` ask for; ``OptionError`` naming the fix
    when the theme names none, none serves the faces, or fewer levels than ``--niveaux``."""
    if isinstance(source, PairsSource):
        raise OptionError(says="level.list_has_none", fields=("niveaux", "theme"), themes=level_themes())
    theme = source.theme
    association = theme.association
    if association is None or not association.levels:
        raise OptionError(says="level.theme_has_none", fields=("niveaux", "theme"), name=repr(theme.name),
                          themes=level_themes())
    faces: tuple[str, ...] = association.default_faces
    if options.faces is not None:
        faces = tuple(name.strip() for name in options.faces.split(","))
        found = next((ladder for ladder in association.levels if ladder.fits(faces)), None)
        if found is None:
            served = sorted({name for ladder in association.levels for name in ladder.serves})
            raise OptionError(says="level.faces", fields=("niveaux", "faces"), name=repr(theme.name),
                              served=", ".join(served))
        ladder = found
    else:
        ladder = association.levels[0]
    if options.niveaux is not None and options.niveaux > len(ladder.levels):
        labels = ", ".join(level.label_in(options.lang) for level in ladder.levels)
        raise OptionError(says="level.too_many", fields=("niveaux",), count=options.niveaux,
                          name=repr(theme.name), have=len(ladder.levels), labels=labels,
                          levels=PluralPhrase("level.levels_count", count=len(ladder.levels)))
    return ladder


def level_parts(options: Options, source: Source, sheet: SheetSpec) -> SetParts:
    """The parts of a differentiated job: every level's deck built and proved, the same number of
    cards each, their faces numbered together; the rules context keys every level."""
    assert options.niveaux is not None
    ladder = ladder_for(options, source)
    _refuse_settings(options, source, ladder)
    built = _build_levels(options, source, sheet, ladder)
    _check_same_size(built)
    first = built[0][1]
    decks, faces = _numbered_together(built)
    assert first.association is not None
    tiles = tuple(tile for deck in decks for tile in deck.tiles)
    merged = first.association._replace(faces=faces, tiles=tiles)
    return first._replace(association=merged, rules_context=_keyed_rules(first, decks), levels=decks)


def _refuse_settings(options: Options, source: Source, ladder: Ladder) -> None:
    """``OptionError`` for ``--sets`` above 1, or an option the ladder's levels set themselves."""
    if options.sets > 1:
        raise OptionError(says="level.and_sets", fields=("niveaux", "sets"))
    for name in (*LEVEL_SETTINGS, "max"):
        given = getattr(options, name) is not None
        if given and (ladder.sets(name) or (name == "max" and ladder.sets("values"))):
            raise OptionError(says="level.sets_it", fields=(name, "niveaux"), setting=OptionName(name),
                              theme_name=repr(source.theme.name))


def _build_levels(
    options: Options, source: Source, sheet: SheetSpec, ladder: Ladder
) -> list[tuple[str, SetParts]]:
    """Each chosen level's label and its deck's parts, built with the level's options, easiest first."""
    from domino_print.sets.association import association_parts  # association sets only

    assert options.niveaux is not None
    faces = options.faces
    if faces is None and ladder.faces:
        faces = ",".join(ladder.faces)
    chosen = [ladder.levels[index] for index in spread(len(ladder.levels), options.niveaux)]
    built: list[tuple[str, SetParts]] = []
    for level in chosen:
        level_options = options._replace(faces=faces, niveaux=None)
        for name, value in level.settings:
            level_options = level_options._replace(**{name: value})  # type: ignore[arg-type]  # text options
        built.append((level.label_in(options.lang),
                      association_parts(level_options, source, sheet, class_size=False)))
    return built


def _check_same_size(built: list[tuple[str, SetParts]]) -> None:
    """``OptionError`` naming the first level that makes another number of cards than the first."""
    first_label, first = built[0]
    for number, (label, parts) in enumerate(built, start=1):
        if len(parts.tiles) != len(first.tiles):
            raise OptionError(says="level.unequal", fields=("niveaux",), number=number, label=label,
                              count=len(parts.tiles), first=first_label, first_count=len(first.tiles))


def _numbered_together(built: list[tuple[str, SetParts]]) -> tuple[tuple[LevelDeck, ...], tuple[Face, ...]]:
    """Every level's deck, its tiles naming the job's faces (each level's after the ones before
    it), and those faces."""
    decks: list[LevelDeck] = []
    faces_so_far: list[Face] = []
    for number, (label, parts) in enumerate(built, start=1):
        made = parts.association
        assert made is not None
        offset = len(faces_so_far)
        faces_so_far.extend(made.faces)
        tiles = tuple(Tile(tile.a + offset, tile.b + offset) for tile in made.tiles)
        decks.append(LevelDeck(number, label, tiles, made))
    return tuple(decks), tuple(faces_so_far)


def _keyed_rules(first: SetParts, decks: tuple[LevelDeck, ...]) -> RulesContext | None:
    """The first level's rules context with a key for every level (None stays None)."""
    rules = first.rules_context
    if rules is None:
        return None
    from domino_print.rules.content import DeckKey

    return rules._replace(keys=tuple(DeckKey(deck.number, deck.label, deck.deck) for deck in decks))
