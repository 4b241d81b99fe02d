"""One document to make: checked options in, a ``Job`` that is valid once built, PDF bytes out.

``build_job`` reads the source (a theme or a list of pairs, ``Source``), applies
the checks that need it, lays the set out and computes the rules page's context
once, so a bad value fails before any drawing; ``output.render.render_job`` draws the PDF in
memory (the painters and the pages stand below the job: docs/ARCHITECTURE.md). Nothing here
writes a file, prints or exits: the surfaces (``cli``, ``api``) do that.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from domino_print import fonts
from domino_print.errors import OptionError, OptionName, PluralPhrase, SizeError
from domino_print.geometry.backs import BackPage, back_page, fold_back_page
from domino_print.geometry.cutting import CutPlan, cut_plan
from domino_print.geometry.sheet import SheetLayout, SheetSpec
from domino_print.options import table
from domino_print.options.combinations import check_with_theme
from domino_print.options.table import Options
from domino_print.options.wording import word_size_error
from domino_print.sets.naming import Deck, set_name
from domino_print.sets.parts import PairsSource, SetParts, Source, ThemeSource, lay_out, pairs_theme
from domino_print.sets.tiles import MAX_TOP, Tile, double_set, select_tiles
from domino_print.texts import decimal_mark, plural, text
from domino_print.themes.loader import load_theme
from domino_print.themes.model import Theme

if TYPE_CHECKING:
    from domino_print.rules.content import RulesContext
    from domino_print.sets.parts import LevelDeck
    from domino_print.sets.structures import AssociationSet
    from domino_print.themes.pairs import PairList


class Job(NamedTuple):
    """Everything one document needs, checked: building it (``build_job``) is the validation."""

    options: Options
    source: Source
    top: int
    tiles: tuple[Tile, ...]
    sheet: SheetSpec
    layout: SheetLayout
    rules_context: RulesContext | None
    """The rules page's ``RulesContext``, validated; None without a rules page."""
    association: AssociationSet | None
    """An association set or loop deck (``structures.AssociationSet``): tiles are face ids;
    None for a classic set, whose tiles are values."""
    levels: tuple[LevelDeck, ...] = ()
    """A differentiated deck (``--niveaux``, ``sets.levels``): each level's tiles, drawn on its
    own pages with its mark; ``tiles`` are then level 1's. Empty otherwise."""

    @property
    def copies(self) -> int:
        """How many decks the sheet pages print: the levels, else ``--sets``."""
        return len(self.levels) or self.options.sets

    @property
    def theme(self) -> Theme:
        """The theme the faces come from (made from the list for a list of pairs)."""
        return self.source.theme

    @property
    def pairs(self) -> PairList | None:
        """The list of pairs the set is made of, if it is made of one."""
        return self.source.pairs if isinstance(self.source, PairsSource) else None

    @property
    def lang(self) -> str:
        return self.options.lang

    @property
    def page_count(self) -> int:
        """Pages the PDF will have: each sheet page per set (and its back page with duplex backs),
        then the rules page."""
        sheets = len(self.layout.pages) * len(self.set_numbers) * (2 if self.options.backs == "duplex" else 1)
        return sheets + self.rules_pages

    @property
    def set_numbers(self) -> tuple[int, ...]:
        """The sets whose pages the PDF holds: every one of ``--sets``, or the one ``--set`` names."""
        if self.options.only_set is not None:
            return (self.options.only_set,)
        return tuple(range(1, self.copies + 1))

    @property
    def rules_pages(self) -> int:
        """The rules page and the pages a game or a loop deck's key adds to it (0 without rules)."""
        if self.rules_context is None:
            return 0
        from domino_print.pdf.document import rules_page_count  # lays a loop deck's key out

        return rules_page_count(self.rules_context, self.layout)

    @property
    def deck(self) -> Deck:
        """``loop`` for a loop deck, ``chain`` for a chain, else ``double`` (a classic set or an
        association double set)."""
        structure = self.association.structure if self.association is not None else "double"
        decks: dict[str, Deck] = {"boucle": "loop", "chaine": "chain"}
        return decks.get(structure, "double")

    @property
    def file_stem(self) -> str:
        """The default output file's name without its ending: the theme, then what sets this job
        apart from the same theme's whole set, so that examples run one after another keep
        each file: ``dominos-pips-couleur-30-sets`` for a class set, ``...-set-7-reprint`` for its
        reprint of lost tiles (``--only``), ``...-set-7`` for one set of it."""
        parts = [f"dominos-{self.theme.file_stem}"]
        if self.options.only_set is not None:
            parts.append(f"set-{self.options.only_set}")
        elif self.options.sets > 1:
            parts.append(f"{self.options.sets}-sets")
        if self.options.only is not None:
            parts.append("reprint")
        return "-".join(parts)

    def set_name_in(self, lang: str) -> str:
        """``double-six``, or ``loop`` for a loop deck, in ``lang``."""
        return set_name(lang, self.deck, self.top)


def build_job(options: Options) -> Job:
    """The ``Job`` for ``options``; ``OptionError`` if the theme, set or paper cannot make it.

    The one place a ``Job`` is made: the source (``read_source``), the sheet, then the
    set's parts from the classic builder or the association one."""
    source = read_source(options)
    if isinstance(source, ThemeSource) and source.theme.print_labels and not options.labels:
        options = options._replace(labels=True)  # the theme's own "names under the pictures"
    sheet = options.sheet_spec()
    if options.niveaux is not None:
        from domino_print.sets.levels import level_parts  # differentiated decks only

        parts = level_parts(options, source, sheet)
    elif wants_association(options, source):
        if options.only is not None:
            raise OptionError(says="tiles.only_classic", fields=("only", "theme"),
                              name=repr(source.theme.name))
        from domino_print.sets.association import association_parts  # association sets only

        parts = association_parts(options, source, sheet)
    else:
        parts = _classic_parts(options, source.theme, sheet)
    return Job(options=options, source=source, top=parts.top, tiles=parts.tiles, sheet=sheet,
               layout=parts.layout, rules_context=parts.rules_context, association=parts.association,
               levels=parts.levels)


def read_source(options: Options) -> Source:
    """What ``--theme`` names: a list of pairs (a file its reader claims), read as the list
    options say (``--sheet``, ``--header``, ``--cells``, the page's decimal separator) and checked for
    meaning (``association.check_meaning``, number words in the page's language), else a
    theme, which takes no list option."""
    ref = options.theme
    if _is_pairs_list(ref):
        from domino_print.sets.association import check_meaning  # lists of pairs only
        from domino_print.themes.lists.table import parse_cells
        from domino_print.themes.pairs import ReadSettings, read_pairs

        settings = ReadSettings(sheet=options.sheet, decimal=decimal_mark(options.lang),
                                lang=options.lang)
        header = True if options.header else False if options.no_header else None
        cells = None
        if options.cells is not None and options.cells.strip():
            cells = parse_cells(options.cells)
            if cells is None:
                raise OptionError(says="set.bad_cells", fields=("cells",), value=repr(options.cells))
        pairs = check_meaning(read_pairs(ref, settings, header=header, cells=cells),
                              ambiguous=options.ambiguous == "ok", lang=options.lang)
        return PairsSource(pairs, pairs_theme(pairs))
    theme = load_theme(ref)
    _refuse_list_options(options, theme.name)
    return ThemeSource(theme)


LIST_ONLY = ("sheet", "header", "no_header", "cells", "ambiguous")
"""Options that say how to read a list of pairs (``options.table.LIST_OPTIONS``)."""


def _refuse_list_options(options: Options, theme_name: str) -> None:
    for name in LIST_ONLY:
        if getattr(options, name) not in (None, False):
            raise OptionError(says="set.list_option", fields=(name, "theme"), subject=OptionName(name),
                              name=repr(theme_name))


def _is_pairs_list(ref: str) -> bool:
    if "." not in ref:  # a built-in theme's name: no suffix, so the readers need not load
        return False
    from domino_print.themes.lists.registry import LIST_SUFFIXES  # the readers' suffixes (no reader runs)

    if not ref.lower().endswith(LIST_SUFFIXES):
        return False
    from domino_print.themes.pairs import is_pairs_list  # only for a file that may be a list of pairs

    return is_pairs_list(ref)


ASSOCIATION_OPTIONS = tuple(option.name for option in table.ASSOCIATION_OPTIONS)


def wants_association(options: Options, source: Source) -> bool:
    """A list of pairs, a built-in theme that lists representations (``association.is_association``)
    make association sets; association options on any other theme are refused here."""
    if isinstance(source, PairsSource):
        return True
    theme = source.theme
    given = any(getattr(options, name) is not None for name in ASSOCIATION_OPTIONS)
    if not theme.kind_facts.association and not given:
        return False
    from domino_print.sets import association as matching  # association sets only

    if matching.is_association(theme, options):
        return True
    matching.refuse_association_options(options, theme)
    return False


def _classic_parts(options: Options, theme: Theme, sheet: SheetSpec) -> SetParts:
    """A double set of a theme's values, checked against the theme."""
    top = options.max
    if top is None:
        # Built-in themes default to double-six; a user's pictures make the largest set they can.
        top = min(6, theme.max_value) if theme.builtin else min(theme.max_value, MAX_TOP)
    theme.check_top(top)
    theme.check_use(top, lang=options.lang, labels=options.labels)  # the pictures and texts the set uses
    pictures = theme.kind_facts.pictures
    check_with_theme(options, pictures=pictures, theme_name=theme.name)
    photos = pictures and any(path.suffix.lower() != ".svg" for path in theme.images)
    if options.ink == "relief" and photos:
        raise OptionError(says="touch.photo_relief", fields=("theme", "ink"), name=repr(theme.name))
    try:
        tiles = double_set(top)
    except SizeError as exc:
        raise word_size_error(exc) from None
    if options.only is not None:  # a reprint of lost tiles, at the size the whole set is printed
        sheet = sheet._replace(tile_short_mm=lay_out(sheet, len(tiles)).tile_short_mm)
        tiles = select_tiles(tiles, options.only, top=top, set_name=set_name("en", "double", top))
    layout = lay_out(sheet, len(tiles))
    return SetParts(top, tiles, layout, _rules_context(options, theme, top), association=None)


def _rules_context(options: Options, theme: Theme, top: int) -> RulesContext | None:
    """The rules page's context, validated; None without a rules page."""
    if options.rules is None:
        return None
    from domino_print.rules.content import RulesContext, validate_rules
    from domino_print.rules.variant import MIN_TOP

    if theme.max_value < MIN_TOP:
        raise OptionError(says="set.too_few_values_for_a_game", fields=("no_rules",), theme=repr(theme.name),
                          count=PluralPhrase("theme.values_count", count=theme.max_value + 1),
                          least=MIN_TOP + 1)
    context = RulesContext(
        lang=options.lang,
        variant=options.rules,
        top=top,
        kind=theme.kind,
        theme_title=fonts.printable(theme.title_in(options.lang)),
        target=options.target,
        hand=options.hand, starter=options.starter, players=options.players, score_sheet=options.score_sheet,
    )
    validate_rules(context)  # a RulesError is an OptionError: exit code 2
    return context


def document_title(job: Job) -> str:
    return text(job.lang, "document.title", set_name=job.set_name_in(job.lang),
                theme_title=fonts.printable(job.theme.title_in(job.lang)))


def document_subject(job: Job) -> str:
    set_name = job.set_name_in(job.lang)
    return plural(job.lang, "document.subject", len(job.tiles), set_name=set_name, theme=job.theme.name)


def face_texts(job: Job) -> tuple[str, ...]:
    """What each face says, by face id: a numeral theme's numbers, an association set's texts;
    empty for pips and pictures (the braille of ``--braille`` is written from these)."""
    if job.association is not None:
        faces = job.association.faces
        return tuple(" ".join(face.text.split()) if face.kind == "text" else "" for face in faces)
    if job.theme.kind_facts.written:
        return tuple(str(value) for value in range(job.top + 1))
    return tuple("" for _ in range(job.top + 1))


def braille_cells(job: Job) -> tuple[tuple[frozenset[int], ...] | None, ...]:
    """Each face's braille cells (numbers and letters; None for the rest); ``OptionError`` when the
    set shows neither."""
    from domino_print.geometry.braille import cells_for

    cells = tuple(cells_for(shown, job.lang) if shown else None for shown in face_texts(job))
    if not any(cells):
        raise OptionError(says="touch.braille_without_text", fields=("braille", "theme"),
                          name=repr(job.theme.name))
    return cells


def level_line(job: Job, number: int) -> str:
    """``CM1 · Niveau 2 sur 3 · ≤ 20``: the label and the level, for the top right of its pages."""
    deck = job.levels[number - 1]
    line = text(job.lang, "level.line", number=number, count=len(job.levels),
                name=fonts.printable(deck.label))
    return " · ".join(part for part in (job.options.label, line) if part)


def job_backs(job: Job) -> list[BackPage] | None:
    """The backs of each layout page: beside the fronts on a fold-over sheet, on back pages with
    ``--backs``; None without backs."""
    layout = job.layout
    if layout.fold is not None:
        return [fold_back_page(page, layout.fold, job.sheet.gap_mm) for page in layout.pages]
    if job.options.backs:
        return [
            back_page(page, layout.page_width_mm, layout.page_height_mm, job.options.duplex, job.sheet.gap_mm)
            for page in layout.pages
        ]
    return None


def job_cut_plan(job: Job) -> CutPlan:
    """What is cut, guided and folded on every sheet and back page of ``job``'s PDF, in mm."""
    pips = None
    if job.association is None and job.theme.kind_facts.dots:  # what a laser engraves besides middle lines
        pips = tuple((tile.a, tile.b) for tile in job.tiles)
    return cut_plan(job.layout, sets=job.set_numbers, backs=job_backs(job), pips=pips)
