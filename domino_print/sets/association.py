"""Association sets and loop decks as a ``Job``: the theme's faces or a pairs list -> face-id tiles.

``build_job`` sends here a built-in association theme (``nombres``, ``lettres``,
``couleurs``; ``fruits`` with ``--faces``) or a list of pairs (``job.PairsSource``). This
module picks the faces and values (``representations``), builds the structure
(``structures``: ``double`` or ``boucle``), checks that every text fits its half
at the chosen tile size (``fitting``) and prepares the rules page. The renderer
then draws the tiles as it draws any set: each tile is a pair of face ids, and
``faces.association.AssociationPainter`` draws a face id.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from domino_print import texts
from domino_print.errors import Lines, OptionError, OptionName, Phrase
from domino_print.geometry.sheet import SheetSpec
from domino_print.options.table import ASSOCIATION_OPTIONS, THEME_CHOICES, Options
from domino_print.sets import meaning
from domino_print.sets.meaning import ClashGroup, Half, Row, clash_groups, clashes
from domino_print.sets.parts import PairsSource, SetParts, Source, lay_out
from domino_print.sets.structures import (
    DEFAULT_SEED,
    LOOP_LIKE,
    AssociationSet,
    Pair,
    boucle,
    chaine,
    double,
    subset,
)
from domino_print.sets.tiles import MAX_TOP, tile_count
from domino_print.texts.page_text import normalise
from domino_print.themes.choosing import choose
from domino_print.themes.curricula import Skill, skill_of
from domino_print.themes.lists.table import Place, Table
from domino_print.themes.model import Theme, association_themes
from domino_print.themes.pairs import Cell, PairList, PairsError
from domino_print.themes.representations import (
    AssociationTheme,
    Choice,
    Face,
    Representation,
    Settings,
    faces_for,
    key_name,
    meaning_text,
    solution_value,
    value_name,
    variants_for,
)

if TYPE_CHECKING:
    from domino_print.faces.association import AssociationPainter
    from domino_print.ink import Ink
    from domino_print.rules.content import RulesContext

POINT_PER_MM = 72 / 25.4


def is_association(theme: Theme, options: Options) -> bool:
    """Built-in themes whose file lists representations: always when of kind ``association``,
    else (``fruits``) when ``--faces`` is given."""
    if theme.kind_facts.pictures and not theme.builtin:  # mots-images: a folder's pictures and words
        return options.faces is not None
    if not theme.builtin or theme.association is None:
        return False
    return theme.kind_facts.association or options.faces is not None


def picture_words(theme: Theme) -> AssociationTheme:
    """A folder of pictures as an association theme (mots-images): each picture against its word,
    the file's name (``chat.png``) or the theme file's label in the page's language."""
    count = theme.max_value + 1
    return AssociationTheme(theme.name, (Representation("image", count, "picture"),
                                         Representation("mot", count, "label")), ("image", "mot"), "pictures",
                            default_count=min(count, MAX_TOP + 1))


def refuse_association_options(options: Options, theme: Theme) -> None:
    """A classic theme takes none of the association options; one that lists representations
    (``fruits``) takes them with ``--faces``, which the message asks for."""
    for name in (option.name for option in ASSOCIATION_OPTIONS):  # --range and --step too
        if getattr(options, name) is not None:
            if theme.association is not None:
                raise OptionError(says="set.faces_make_association", fields=(name, "faces"),
                                  subject=OptionName(name), name=repr(theme.name),
                                  example=",".join(theme.association.default_faces))
            others = [other for other in association_themes() if other != theme.name]
            raise OptionError(says="set.classic_theme", fields=(name, "theme"), subject=OptionName(name),
                              name=repr(theme.name), themes=", ".join(others))


def check_meaning(pairs: PairList, ambiguous: bool, lang: str) -> PairList:
    """The meaning check (``sets.meaning``) on a list: rows whose sides share a meaning (the
    same text after normalising, the same value: "3 + 3" and "six", ½ and 50 %, the same picture)
    are refused, every group of them at once (one line per group, naming its rows and what they
    share; ``details["groups"]`` holds them all for a surface to mark each row, each with the
    ``says`` of its line: ``list.clash.same_value``...); with ``ambiguous``
    (``--ambiguous ok``) they are kept, in ``PairList.clashes``, for the key page to mark. Number
    words are read in ``lang``, the page's language (a French "six" is 6, an English "once" a word)."""
    found = clashes([Row(row.line, Half(row.first.text, row.first.picture),
                         Half(row.second.text, row.second.picture)) for row in pairs.rows], (lang,))
    if not found:
        return pairs
    if ambiguous:
        return pairs._replace(clashes=tuple((clash.first_line, clash.second_line) for clash in found))
    table, path = pairs.table, pairs.path
    groups = clash_groups(found)
    lines = [_clash_line(group, table) for group in groups]
    described = tuple({"says": problem.key, "lines": group.lines, "texts": group.texts,
                       "shared": group.shared.shown()}
                      for group, (_, problem) in zip(groups, lines, strict=True))
    more = [Phrase("list.clash.line", path=path, places=where, problem=words) for where, words in lines[1:]]
    error = PairsError(says="list.clashes", fields=("ambiguous",), path=path, places=lines[0][0],
                       problem=lines[0][1], more=Lines(more))
    error.lines_apart = len(groups) > 1
    first = groups[0]
    raise _located(error, table.at(first.lines[1], other=first.lines[0]), groups=described)


def _same_text(group: ClashGroup) -> bool:
    return group.shared.kind == "text" and len({normalise(text) for text in group.texts}) == 1


def _clash_kind(group: ClashGroup) -> str:
    """The last part of a group's key (``list.clash.same_value``...): ``same_text``, ``same_value``,
    ``same_picture`` or ``same_meaning``."""
    if _same_text(group):
        return "same_text"
    return {"value": "same_value", "picture": "same_picture"}.get(group.shared.kind, "same_meaning")


def _clash_line(group: ClashGroup, table: Table) -> tuple[Phrase, Phrase]:
    """One group of clashing rows as a line of the message: the rows, and what they share."""
    keep = OptionName("ambiguous")
    if _same_text(group):
        if len(group.lines) == 2:
            problem = Phrase("list.clash.same_text", text=repr(group.texts[1]),
                             other=row_place(table, group.lines[0]), ambiguous=keep)
            return row_place(table, group.lines[1]), problem
        problem = Phrase("list.clash.written_times", text=repr(group.texts[0]), count=len(group.lines),
                         ambiguous=keep)
    else:
        problem = Phrase(f"list.clash.{_clash_kind(group)}", texts=_and([repr(text) for text in group.texts]),
                         shared=group.shared.shown(), ambiguous=keep)
    return rows_place(table, group.lines), problem


def _and(words: list[str]) -> object:
    """``a and b``, ``a, b and c`` in the message's language."""
    if len(words) == 1:
        return words[0]
    return Phrase("list.clash.and", head=", ".join(words[:-1]), last=words[-1])


def row_place(table: Table, line: int) -> Phrase:
    """A row as a message names it: ``line 7``, ``sheet 'Feuil1', row 7``, ``table 2, row 7``."""
    if table.part is not None:
        return Phrase("list.clash.table_row", part=table.part, line=line)
    if table.sheet is None:
        return Phrase("list.clash.line_one", line=line)
    return Phrase("list.clash.sheet_row", sheet=repr(table.sheet), line=line)


def rows_place(table: Table, lines: tuple[int, ...]) -> Phrase:
    """Rows as a message names them: ``lines 3 and 7``, ``sheet 'Feuil1', rows 3, 7 and 12``."""
    rows = _and([str(line) for line in lines])
    if table.part is not None:
        return Phrase("list.clash.table_rows", part=table.part, rows=rows)
    if table.sheet is None:
        return Phrase("list.clash.lines", rows=rows)
    return Phrase("list.clash.sheet_rows", sheet=repr(table.sheet), rows=rows)


def _located(error: PairsError, at: Place, **details: object) -> PairsError:
    """``error`` with the data a surface words it from (``PairsError.at``, ``details``)."""
    error.at, error.details = at, details
    return error


def association_parts(options: Options, source: Source, sheet: SheetSpec, *,
                      class_size: bool = True) -> SetParts:
    """The parts of an association set or loop deck for ``job.build_job``, checked: its top,
    tiles (face ids), layout, rules context and the ``AssociationSet`` itself. A built-in theme's
    loop deck has ``--cards`` cards, else its ``loop_count`` (a class, 24) when ``class_size``
    (a level of ``--niveaux`` keeps the theme's usual seven values); as many as it can show."""
    theme = source.theme
    pairs = source.pairs if isinstance(source, PairsSource) else None
    structure = options.structure or ("boucle" if pairs is not None else "double")
    if structure not in LOOP_LIKE and options.style is not None:
        raise OptionError(says="set.style_needs_loop", fields=("style", "structure"))
    if options.labels:
        raise OptionError(says="set.labels", fields=("labels",))
    lang = options.lang
    choice: Choice | None = None
    if pairs is not None:
        value_pairs, match, generated = _list_pairs(options, pairs), "pairs", False
    else:
        choice, value_pairs, match, generated = _theme_pairs(options, theme, structure, class_size)
    if structure not in LOOP_LIKE and options.seed is not None and not generated:
        raise OptionError(says="set.seed_needs_loop", fields=("seed", "structure"))
    seed = DEFAULT_SEED if options.seed is None else options.seed
    if options.cards is not None:
        chosen = _chosen_cards(options.cards, structure, len(value_pairs), seed)
        value_pairs = [value_pairs[i] for i in chosen]
        if choice is not None:  # a theme's values follow, so that the set is proved on what it shows
            choice = choice._replace(values=tuple(choice.values[i] for i in chosen))
    made = _structure(structure, value_pairs, seed, options)
    if choice is not None:
        prove(choice, value_pairs, made, lang)
    layout = lay_out(sheet, len(made.tiles))
    check_fit(made, layout.tile_short_mm, pairs.path if pairs is not None else None)
    skill = skill_of(choice) if choice is not None else None
    rules = _rules_context(options, theme, made, match, len(value_pairs), skill)
    return SetParts(top=len(value_pairs) - 1, tiles=made.tiles, layout=layout, rules_context=rules,
                    association=made)


def _list_pairs(options: Options, pairs: PairList) -> list[Pair]:
    """A list's rows as the set's pairs; a list shows its own values, so no theme choice is taken."""
    for name in THEME_CHOICES:
        if getattr(options, name) is not None:
            raise OptionError(says="set.list_has_its_values", fields=(name,), subject=OptionName(name))
    return _pairs_from_list(pairs, options.lang)


def _theme_pairs(options: Options, theme: Theme, structure: str,
                 class_size: bool) -> tuple[Choice, list[Pair], str, bool]:
    """A built-in (or mots-images) theme's chosen faces and values as the set's pairs: the choice,
    the pairs, what its halves match by, and whether a seed draws them (generated faces, times)."""
    lang = options.lang
    association = theme.association or picture_words(theme)
    extra = 1 if structure == "chaine" else 0  # a chain adds its end card to one card a pair
    count = None
    if structure in LOOP_LIKE and options.values is None and options.max is None and class_size:
        count = (options.cards if options.cards is not None else association.loop_count) - extra
    choice = choose(association, options.faces, options.values, options.max, _settings(options),
                    count=max(count, 2) if count is not None else None)
    if not theme.builtin:  # the pictures and words the set shows, checked as with --labels
        theme.check_use(max(choice.values), lang=lang, labels=True)
        choice = choice._replace(labels=tuple(theme.label(v, lang) for v in range(theme.max_value + 1)))
    generated = any(face.generated for face in choice.faces)
    times = association.value_names == "times"
    _check_drawn_terms(options, generated, times)
    match = next((face.match for face in choice.faces if face.match), association.match)
    pairs = _pairs_of_choice(choice, structure == "double", lang, theme.images)
    return choice, pairs, match, generated or times  # the seed draws the times


def _check_drawn_terms(options: Options, generated: bool, times: bool) -> None:
    """``--step`` is for times, ``--range`` and ``--tables`` for generated faces (sums, tables)."""
    if options.step is not None and not times:
        raise OptionError(says="set.step_needs_times", fields=("step", "theme"))
    for name in ("range", "tables"):
        if getattr(options, name) is not None and not generated:
            raise OptionError(says="set.terms_need_generated", fields=(name, "faces"),
                              subject=OptionName(name))


def _pairs_of_choice(choice: Choice, with_variants: bool, lang: str,
                     images: tuple[Path, ...]) -> list[Pair]:
    """Each chosen value as a pair of faces, named for the key (a double set keeps each half's
    variants for the key page)."""
    made = []
    for v in choice.values:
        first, second = faces_for(choice, v, lang, images)
        variants = (variants_for(choice, v, 0), variants_for(choice, v, 1)) if with_variants else ((), ())
        names = key_name(choice, first, v, 0, lang), key_name(choice, second, v, 1, lang)
        made.append(Pair(first, second, *names, variants, value=solution_value(choice, v, lang)))
    return made


def _chosen_cards(cards: int, structure: str, available: int, seed: int) -> tuple[int, ...]:
    """Which of the ``available`` pairs make a deck of ``--cards`` cards (drawn with the seed)."""
    if structure not in LOOP_LIKE:
        raise OptionError(says="set.cards_need_loop", fields=("cards", "structure"))
    extra = 1 if structure == "chaine" else 0  # a chain adds its end card to one card a pair
    if cards - extra > available:
        raise OptionError(says="set.too_many_cards", fields=("cards",), count=cards,
                          have=available, most=available + extra)
    if cards - extra < 2:
        raise OptionError(says="set.too_few_cards", fields=("cards",), count=cards)
    return subset(available, cards - extra, seed)


def _structure(structure: str, value_pairs: list[Pair], seed: int, options: Options) -> AssociationSet:
    """The pairs as a loop deck, a chain, or a double set (at most ``MAX_TOP + 1`` values)."""
    if structure not in LOOP_LIKE:
        if len(value_pairs) > MAX_TOP + 1:
            raise OptionError(says="set.double_too_large", fields=("values", "structure"),
                              count=len(value_pairs), most=MAX_TOP + 1,
                              tiles=tile_count(len(value_pairs) - 1))
        return double(value_pairs)
    lang = options.lang
    jai = options.style == "jai-quia"
    worded = {
        "answer": texts.text(lang, "loop.answer", face="{}") if jai else "{}",
        "question": texts.text(lang, "loop.question", face="{}") if jai else "{}",
        "short_answer": texts.text(lang, "loop.answer_short") if jai else "",
        "short_question": texts.text(lang, "loop.question_short") if jai else "",
    }
    if structure == "chaine":
        return chaine(value_pairs, seed, start=texts.text(lang, "loop.chain_start"),
                      end=texts.text(lang, "loop.chain_end"), **worded)
    return boucle(value_pairs, seed, **worded)


def prove(choice: Choice, value_pairs: list[Pair], made: AssociationSet, lang: str) -> None:
    """Prove a theme's set with the meaning check (``sets.meaning``) before anything is drawn:
    both halves of each value mean the same (each expression evaluates to its value, every
    variant too), no half can be read as another value's, and a loop deck is one single cycle.
    A set that fails is refused in one line naming the values that read alike."""
    def half(face: Face, value: int, side: int) -> meaning.Half:
        return meaning.Half(meaning_text(choice, face, value, side, lang))

    langs = (lang,)  # the faces' words are written in the page's language

    listed = [meaning.Row(line, half(pair.first, value, 0), half(pair.second, value, 1))
              for line, (value, pair) in enumerate(zip(choice.values, value_pairs, strict=True), start=1)]
    rows = meaning.roman_columns(listed, langs)  # a column of Roman numerals reads as numbers (XII = 12)
    for row, value, pair in zip(rows, choice.values, value_pairs, strict=True):
        first, second = row.first, row.second
        shown = meaning.meaning_of(first, langs)
        for side, faces in enumerate(pair.variants):
            for face in faces:
                if shown.kind == "value" and meaning.meaning_of(half(face, value, side), langs) != shown:
                    raise AssertionError(f"{face.text!r} does not make {shown.shown()}")  # a generator bug
        same_clock = choice.theme.value_names != "times"  # a dial and a 24-hour time differ by 12 h
        other = meaning.meaning_of(second, langs)
        if same_clock and shown.kind == "value" == other.kind and other != shown:
            raise AssertionError(f"{first.text!r} and {second.text!r} differ")  # a generator bug
    try:
        meaning.check_rows(rows, langs)
    except meaning.MeaningError as error:
        clash = error.clash
        raise OptionError(says="set.values_read_alike", fields=("values", "faces"),
                          one=_value_shown(choice, clash.first_line),
                          two=_value_shown(choice, clash.second_line)) from None
    if made.structure == "boucle":
        order = [number - 1 for number in made.loop]
        before = {order[k]: order[k - 1] for k in range(len(order))}
        cards = [meaning.Card(holds=rows[before[index]].second, asks=rows[index].first)
                 for index in range(len(rows))]
        meaning.check_loop(cards, rows, langs)


def _value_shown(choice: Choice, line: int) -> str:
    return value_name(choice.theme, choice.values[line - 1])


def _settings(options: Options) -> Settings:
    """The seed, ``--range`` and ``--tables`` of generated faces, checked."""
    operands = (0, 10) if options.range is None else _parse_range(options.range)
    tables: tuple[int, ...] = ()
    if options.tables is not None:
        try:
            tables = tuple(dict.fromkeys(int(t) for t in options.tables.split(",")))
        except ValueError:
            raise OptionError(says="set.tables_not_numbers", fields=("tables",),
                              given=repr(options.tables)) from None
        if not tables or any(not 1 <= t <= 100 for t in tables):
            raise OptionError(says="set.tables_range", fields=("tables",), given=repr(options.tables))
    step = 60 if options.step is None else int(options.step)
    return Settings(DEFAULT_SEED if options.seed is None else options.seed, operands, tables, step)


def _parse_range(given: str) -> tuple[int, int]:
    low, dash, high = given.partition("-")
    try:
        first, last = int(low), int(high)
    except ValueError:
        first = last = -1
    if not dash or not 0 <= first < last <= 1000:
        raise OptionError(says="set.range", fields=("range",), given=repr(given))
    return first, last


def _pairs_from_list(pairs: PairList, lang: str) -> list[Pair]:
    """The list's rows as ``Pair``s; the key names a picture by its file name, adds a row's note
    (third column) and marks a row kept with ``--ambiguous ok``."""
    pictures = pairs.pictures
    twins: dict[int, list[int]] = {}
    for first, second in pairs.clashes:
        twins.setdefault(first, []).append(second)
        twins.setdefault(second, []).append(first)

    def face(cell: Cell, line: int) -> Face:
        if cell.picture is not None:
            return Face("picture", count=pictures.index(cell.picture), path=cell.picture, line=line)
        return Face("text", cell.text, line=line)

    made = []
    for row in pairs.rows:
        question = row.first.name
        if row.third is not None:
            question = f"{question} — {row.third.name}"
        for other in twins.get(row.line, ()):
            question = texts.text(lang, "loop.twist", name=question, line=other)
        made.append(Pair(face(row.first, row.line), face(row.second, row.line), question, row.second.name,
                         value=texts.text(lang, "key.line", line=row.line)))
    return made


def check_fit(made: AssociationSet, tile_short_mm: float, source: Path | None) -> None:
    """Every text fits its half at this tile size (wrapped, down to 9 pt); else name its line."""
    from domino_print.faces.association import CAPTION_SHARE, fitted  # deferred: font metrics

    size_pt = tile_short_mm * POINT_PER_MM
    for face in made.faces:
        if face.kind != "text" or fitted(face, size_pt * (1 - CAPTION_SHARE * bool(face.caption))):
            continue
        if source is None:
            raise OptionError(says="set.text_does_not_fit", fields=("tile_size",), text=repr(face.text),
                              size=tile_short_mm)
        raise PairsError(  # a list's own error (exit 1), worded per surface: its fix is an option
            says="list.text_does_not_fit", fields=("tile_size",), path=source, at=Place(face.line),
            text=repr(face.text), size=tile_short_mm)


def _rules_context(options: Options, theme: Theme, made: AssociationSet, match: str,
                   count: int, skill: Skill | None = None) -> RulesContext | None:
    if options.rules is None:
        return None
    from domino_print.rules import variant

    if "association" not in variant(options.rules).kinds:
        raise OptionError(says="set.rules_for_classic", fields=("rules",), variant=options.rules)
    from domino_print.rules.content import DeckKey, RulesContext, validate_rules

    if made.structure == "double":
        example = _double_example(made, count)
    else:
        example = tuple((made.tiles[number - 1][0], made.tiles[number - 1][1]) for number in made.loop[:3])
    context = RulesContext(
        lang=options.lang, variant=options.rules, top=max(2, count - 1), kind="association",
        theme_title=theme.title_in(options.lang), target=options.target, example=example, match=match,
        loop=made if made.structure in LOOP_LIKE else None, keys=(DeckKey(0, "", made),),
        hand=options.hand, starter=options.starter, players=options.players, score_sheet=options.score_sheet,
        skill=skill,
    )
    validate_rules(context)
    return context


def _double_example(made: AssociationSet, count: int) -> tuple[tuple[int, int], ...]:
    """The rules page's chain, 2-5, 5-5, 5-3, 3-1 in value indexes, as the set's own face ids."""
    from domino_print.rules.deals import example_chain

    if count < 3:
        return tuple((tile.a, tile.b) for tile in made.tiles[:2])
    by_values = {}
    index = 0
    for i in range(count):
        for j in range(i, count):
            by_values[(i, j)] = made.tiles[index]
            index += 1
    chain = []
    for a, b in example_chain(max(2, count - 1)):
        tile = by_values[(min(a, b), max(a, b))]
        chain.append((tile.a, tile.b) if a <= b else (tile.b, tile.a))
    return tuple(chain)


def painter_for_set(made: AssociationSet, theme: Theme, *, dpi: int,
                    ink: Ink | None = None) -> AssociationPainter:
    """The painter of an ``AssociationSet``; its pictures (a fruit, a pairs list's images) by index,
    drawn for the ``ink`` mode (an ``ink.Ink``; colour when None) as in a classic set."""
    # Deferred: the painters load at drawing time only.
    from domino_print.faces.artwork import PicturePainter
    from domino_print.faces.association import AssociationPainter

    pictures = None
    if any(face.kind == "picture" for face in made.faces):
        paths = {face.count: face.path for face in made.faces if face.kind == "picture"}
        images = tuple(paths.get(i) for i in range(max(paths) + 1))
        # Only the picture indices are ever drawn, so an index no face uses never reads its None.
        pictured = dataclasses.replace(theme, kind="pictures", images=images)  # type: ignore[arg-type]
        pictures = PicturePainter(pictured, dpi=dpi)
        if ink is not None:
            pictures = pictures.use_ink(ink)
    return AssociationPainter(made.faces, pictures)
