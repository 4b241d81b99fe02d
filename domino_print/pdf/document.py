"""Assembly of the whole PDF: sheet pages in order, each set's bookmark, backs, the rules page.

``render_sheet`` takes plain data (the tiles, a ``SheetLayout``, a face painter, the texts
and print settings in ``RenderOptions``, optionally the ``BackPage`` geometry and the rules
context) and returns the PDF bytes and page count. Millimetres come in; the writers in this
package turn them into points.

With several sets, each sheet page is drawn once as a form and every set's page places that
form, then its own set marks: a set costs a few hundred bytes.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from reportlab.lib.units import mm

from domino_print.errors import OptionError
from domino_print.ink import COLOUR, Ink
from domino_print.pdf.back_pages import draw_back_page, draw_tile_backs, prepare_tile_backs
from domino_print.pdf.canvas import DUPLEX_PREFERENCE, FormCache, correct_scale, finish_page, new_print_canvas
from domino_print.pdf.margins import draw_header, draw_legend, draw_set_line, header_fits, set_line
from domino_print.pdf.marks import LevelMarks, SetMarks
from domino_print.pdf.sheet import draw_sheet_tiles
from domino_print.pdf.tile import FaceForms, draw_example_tile
from domino_print.texts import decimal, text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.faces.painters import FacePainter
    from domino_print.geometry.backs import BackPage
    from domino_print.geometry.sheet import PageLayout, SheetLayout
    from domino_print.rules.content import RulesContext
    from domino_print.sets.tiles import Tile


class RenderOptions(NamedTuple):
    """What the renderer needs besides geometry: texts, language and metadata."""

    title: str
    subject: str
    lang: str = "fr"
    labels: tuple[str, ...] = ()
    braille: tuple[tuple[frozenset[int], ...] | None, ...] = ()
    """Each face's braille cells under it (``--braille``), or None; empty without braille."""
    """One word per value printed under each face, or empty for none."""
    header: str = ""
    """A short line printed in the top margin of every sheet page."""
    sets: int = 1
    """How many complete sets to print, each starting on a new page."""
    label: str = ""
    """A class name or similar, printed top right on every sheet page and on every back."""
    duplex: str = "long"
    """The edge the sheet is turned on for two-sided printing: ``long`` or ``short``."""
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    """Shift of the back pages (x right, y up, mm) that cancels a printer's misregistration."""
    ink: Ink = COLOUR
    """How the ink mode draws (``ink.INKS``): grey only, line widths, backs, set marks."""
    full_guides: bool = False
    """The cut guides run across the margins (``--marks full``): margin texts sit on white."""
    standard: str | None = None
    """``pdf-x`` (PDF/X-4) or ``pdf-a`` (PDF/A-1b), see ``pdf.pdf_x``: older PDF's keys only, so no
    Duplex viewer preference; None for none."""
    level_lines: tuple[str, ...] = ()
    """A differentiated deck (``--niveaux``): each level's line for the top margin of its pages."""
    set_numbers: tuple[int, ...] = ()
    """The sets whose pages are drawn (``--set``), each with its marks; empty for 1 to ``sets``."""
    scale: tuple[float, float] = (100.0, 100.0)
    """The printer's scale in percent (``--scale``): every page is drawn 100 / scale about its centre."""


class _Document:
    """One PDF being drawn: its canvas, forms and page count."""

    def __init__(
        self,
        layout: SheetLayout,
        painter: FacePainter,
        options: RenderOptions,
        on_page: Callable[[], None] | None,
        levels: int = 0,
    ) -> None:
        self.layout = layout
        self.copies = levels or options.sets
        """The decks the sheet pages print: the levels, else the sets."""
        self.options = options
        self.on_page = on_page
        self.buffer = io.BytesIO()
        self.canvas = new_print_canvas(
            self.buffer,
            (layout.page_width_mm * mm, layout.page_height_mm * mm),
            lang=options.lang,
            title=options.title,
            subject=options.subject,
            grey=options.ink.grey_only,
            standard=options.standard,
            black=options.ink.black_only,
        )
        self.forms = FormCache(self.canvas)
        self.faces = FaceForms(self.forms, painter, layout.tile_short_mm * mm, options.labels,
                               options.braille)
        if levels:
            self.marks: SetMarks = LevelMarks(self.forms, layout.tile_short_mm)
        else:
            self.marks = SetMarks(self.forms, layout.tile_short_mm, shapes=options.ink.mark_shapes,
                                  sets=options.sets)
        self.page_count = 0

    def set_line(self, number: int) -> str:
        if self.options.level_lines:
            return self.options.level_lines[number - 1]
        return set_line(self.options.lang, self.options.label, self.options.sets, number)

    def start_page(self) -> None:
        """Begin drawing a page, at its size: the printer's scale corrected (``--scale``)."""
        correct_scale(self.canvas, self.options.scale)

    def finish_page(self) -> None:
        finish_page(self.canvas)
        self.page_count += 1
        if self.on_page is not None:
            self.on_page()

    # -- sheet pages -----------------------------------------------------------------------
    def draw_sheet_content(self, tiles: Sequence[Tile], page: PageLayout, *, header: bool) -> None:
        """What every set's copy of a sheet page shares: the tiles, lines, legend and header, and a
        print-and-cut machine's marks (the legend and header then sit in the box they leave free)."""
        layout, options = self.layout, self.options
        draw_sheet_tiles(self.canvas, self.faces, tiles, page, line_scale=options.ink.line_scale,
                         mark_room_pt=self.marks.room_pt() if self.copies > 1 else 0.0)
        steps = [text(options.lang, f"fold.step.{n}") for n in (1, 2, 3)] if layout.fold else []
        frame = layout.content_frame
        self.enter_frame()
        draw_legend(
            self.canvas, page_width_mm=frame.width_mm, margin_mm=frame.margin_mm, lang=options.lang,
            steps=steps, knockout=options.full_guides, note=self.correction_note(),
        )
        if layout.fold is not None:  # never with a frame: marks go on sheets without a fold
            from domino_print.pdf.fold import draw_fold_line  # (loaded for a fold only, issue 36)

            draw_fold_line(self.canvas, layout.fold, lang=options.lang, margin_mm=layout.margin_mm)
        if header and options.header:
            draw_header(
                self.canvas, options.header, page_height_mm=frame.height_mm, margin_mm=frame.margin_mm,
                knockout=options.full_guides,
            )
        self.leave_frame()
        if layout.registration is not None:
            from domino_print.pdf.registration import draw_registration_marks  # (for a machine's marks only)

            draw_registration_marks(self.canvas, layout.registration)

    def enter_frame(self) -> None:
        """Draw the margin texts in the box a print-and-cut machine's marks leave free (if any)."""
        frame = self.layout.frame
        if frame is not None:
            self.canvas.saveState()
            self.canvas.translate(frame.x_mm * mm, frame.y_mm * mm)

    def leave_frame(self) -> None:
        if self.layout.frame is not None:
            self.canvas.restoreState()

    def correction_note(self) -> str:
        """The printer correction in force, for the legend: ``--scale`` and ``--back-offset`` when set."""
        options, lang = self.options, self.options.lang

        def shown(value: float) -> str:
            return decimal(lang, value)

        parts = []
        if options.scale != (100.0, 100.0):
            x, y = options.scale
            parts.append(text(lang, "sheet.scale_in_force", x=shown(x), y=shown(y)))
        if options.back_offset_mm != (0.0, 0.0):
            dx, dy = options.back_offset_mm
            parts.append(text(lang, "sheet.offset_in_force", x=shown(dx), y=shown(dy)))
        return " · ".join(parts)

    def draw_sheet_pages(self, tiles: Sequence[Tile], backs: Sequence[BackPage] | None) -> None:
        """Every set's pages in turn, each sheet page followed by its back when ``backs`` is given.

        One set is drawn directly. Several sets draw each sheet page once as a form, then
        every set places it and adds its own marks, set line and backs.
        """
        options, canvas, layout = self.options, self.canvas, self.layout
        prepare = getattr(self.faces.painter, "prepare", None)
        if prepare is not None:  # let a picture painter decode its images side by side
            prepare(sorted({v for tile in tiles for v in (tile.a, tile.b)}), self.faces.picture_pt)
        self.prefer_duplex(backs is not None and layout.fold is None)
        frame = layout.content_frame
        header = header_fits(
            options.header,
            self.set_line(options.sets),
            page_width_mm=frame.width_mm,
            margin_mm=frame.margin_mm,
            mark_radius_pt=self.marks.radius_pt if options.sets > 1 else 0.0,
        )
        if options.sets > 1:
            for n, page in enumerate(layout.pages):
                draw = functools.partial(self.draw_sheet_content, tiles, page, header=header)
                self.forms.define(f"Sheet{n}", draw)
            canvas.showOutline()
        for number in options.set_numbers or range(1, options.sets + 1):
            for n, page in enumerate(layout.pages):
                self.start_page()
                if options.sets > 1:
                    if n == 0:
                        self.bookmark(f"set{number}", text(options.lang, "sheet.set_bookmark", number=number))
                    canvas.doForm(f"Sheet{n}")
                    self.marks.draw_on_tiles(canvas, page, number)
                else:
                    self.draw_sheet_content(tiles, page, header=header)
                self.finish_sheet_page(n, number, backs, marked=options.sets > 1)

    def prefer_duplex(self, duplex_backs: bool) -> None:
        """Backs on their own pages ask the viewer to print both sides (a PDF 1.7 key, left
        out of PDF/X-4's 1.6 files and PDF/A-1's 1.4 ones)."""
        if duplex_backs and self.options.standard is None:
            self.canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE[self.options.duplex])

    def finish_sheet_page(self, page_index: int, number: int, backs: Sequence[BackPage] | None, *,
                          marked: bool) -> None:
        """The end of a sheet page of set (or level) ``number``: its line in the top margin
        (with its mark when ``marked``), its backs beside it on a fold-over page, then the page
        of backs that follows it in duplex."""
        options, frame = self.options, self.layout.content_frame
        fold = self.layout.fold is not None
        self.enter_frame()
        draw_set_line(
            self.canvas,
            self.set_line(number),
            self.marks if marked else None,
            number,
            page_width_mm=frame.width_mm,
            page_height_mm=frame.height_mm,
            margin_mm=frame.margin_mm,
            knockout=options.full_guides,
        )
        self.leave_frame()
        if backs is not None and fold:
            self.draw_fold_backs(backs[page_index], page_index, number)
        self.finish_page()
        if backs is not None and not fold:
            self.start_page()
            self.draw_back_page(backs[page_index], page_index, number)
            self.finish_page()

    def draw_back_page(self, back: BackPage, page_index: int, number: int) -> None:
        options, lang = self.options, self.options.lang
        note = [text(lang, "backs.title"), self.set_line(number), text(lang, f"backs.flip.{options.duplex}")]
        draw_back_page(
            self.canvas,
            self.forms,
            self.marks,
            back,
            page_index=page_index,
            number=number,
            sets=self.copies,
            label=options.label,
            short_pt=self.faces.size_pt,
            note=" · ".join(part for part in note if part),
            margin_mm=self.layout.margin_mm,
            offset_mm=options.back_offset_mm,
            ink=options.ink,
        )

    def draw_fold_backs(self, back: BackPage, page_index: int, number: int) -> None:
        """The backs beside the fronts of a fold-over page: no offset (the fold lines them up)."""
        options = self.options
        forms = prepare_tile_backs(
            self.forms, self.marks, back, page_index=page_index, number=number, sets=self.copies,
            label=options.label, short_pt=self.faces.size_pt, ink=options.ink,
        )
        self.canvas.saveState()
        draw_tile_backs(self.canvas, back, forms, self.marks)
        self.canvas.restoreState()

    def draw_level_pages(self, levels: Sequence[Sequence[Tile]], backs: Sequence[BackPage] | None) -> None:
        """A differentiated deck: each level's pages in turn, its tiles drawn in the one layout,
        each tile marked with the level's mark in its corner, the level's line and mark in the
        top margin, and its backs (after each sheet page, or beside it) carrying the mark."""
        options, canvas, layout = self.options, self.canvas, self.layout
        self.prefer_duplex(backs is not None and layout.fold is None)
        widest = max(options.level_lines, key=len)
        header = header_fits(options.header, widest, page_width_mm=layout.page_width_mm,
                             margin_mm=layout.margin_mm, mark_radius_pt=self.marks.radius_pt)
        canvas.showOutline()
        for number, tiles in enumerate(levels, start=1):
            for n, page in enumerate(layout.pages):
                self.start_page()
                if n == 0:
                    self.bookmark(f"level{number}", self.set_line(number))
                self.draw_sheet_content(tiles, page, header=header)
                self.marks.draw_on_tiles(canvas, page, number)
                self.finish_sheet_page(n, number, backs, marked=True)

    # -- bookmarks and the rules page --------------------------------------------------------
    def bookmark(self, key: str, title: str) -> None:
        """An outline entry for the current page (shown with several sets)."""
        self.canvas.bookmarkPage(key)
        self.canvas.addOutlineEntry(title, key)

    def rules_page_size(self) -> tuple[float, float]:
        """The rules and key pages are always portrait."""
        width, height = sorted((self.layout.page_width_mm * mm, self.layout.page_height_mm * mm))
        return width, height

    def draw_rules_pages(self, context: RulesContext) -> None:
        """The rules page, with example tiles drawn from this sheet's faces, then a loop deck's key
        on as many pages as it needs, or the pages the game's unit declares (``Variant.pages``, the
        score sheet: ``pdf.game_pages`` draws each by name); each page is ended and counted here."""
        from domino_print.pdf.rules_page import draw_rules_page  # Platypus is loaded only for a rules page

        width, height = self.rules_page_size()
        self.canvas.setPageSize((width, height))
        self.start_page()
        if self.options.sets > 1:
            self.bookmark("rules", text(self.options.lang, "sheet.rules_bookmark"))

        def draw_tile(canvas: Canvas, a: int, b: int, short_pt: float, turned: bool = False) -> None:
            line_scale = self.options.ink.line_scale
            draw_example_tile(canvas, self.faces, a, b, short_pt, turned, line_scale=line_scale)

        margin = self.layout.margin_mm * mm
        draw_rules_page(self.canvas, context, draw_tile, page_width_pt=width, page_height_pt=height,
                        margin_pt=margin)
        self.draw_label(width, height)
        self.finish_page()
        if context.keys:
            from domino_print.pdf.key_page import draw_key_page, key_pages

            for page in key_pages(self.canvas, context, page_width_pt=width, page_height_pt=height,
                                  margin_pt=margin):
                self.start_page()
                draw_key_page(self.canvas, page, page_height_pt=height, margin_pt=margin)
                self.draw_label(width, height)
                self.finish_page()
        from domino_print.rules.content import extra_pages

        for name in extra_pages(context):  # the pages the game's unit declares (none for a loop deck)
            from domino_print.pdf.game_pages import game_page  # loaded only for a game with pages (issue 36)

            self.start_page()
            game_page(name).draw(self.canvas, context, self.marks, page_width_pt=width, page_height_pt=height,
                                 margin_pt=margin)
            self.finish_page()

    def draw_label(self, width_pt: float, height_pt: float) -> None:
        """The class label (``--label``) top right, as on the sheets: on the rules and key pages too."""
        draw_set_line(self.canvas, self.options.label, None, 0, page_width_mm=width_pt / mm,
                      page_height_mm=height_pt / mm, margin_mm=self.layout.margin_mm)

    def pdf_bytes(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()


def render_sheet(
    tiles: Sequence[Tile],
    layout: SheetLayout,
    painter: FacePainter,
    options: RenderOptions,
    rules: RulesContext | None = None,
    backs: Sequence[BackPage] | None = None,
    on_page: Callable[[], None] | None = None,
    *,
    levels: Sequence[Sequence[Tile]] = (),
) -> tuple[bytes, int]:
    """The PDF bytes and page count for ``options.sets`` sets, each sheet page followed by its
    back when ``backs`` (one per layout page) is given, with an optional rules page at the end.
    On a fold-over layout (``layout.fold``) each page carries its backs beside its fronts.
    With ``levels`` (a differentiated deck), each level's tiles on its own pages instead."""
    document = _Document(layout, painter, options, on_page, levels=len(levels))
    if levels:
        document.draw_level_pages(levels, backs)
    else:
        document.draw_sheet_pages(tiles, backs)
    if rules is not None:
        document.draw_rules_pages(rules)
    pdf = document.pdf_bytes()
    if options.standard == "pdf-a":
        from domino_print.pdf.pdf_x import transparent

        if transparent(pdf):  # PDF/A-1 forbids it (PDF/X-4 does not)
            raise OptionError(says="pdf_a.transparent", fields=("pdf_a", "pdf_x"))
    return pdf, document.page_count


def rules_page_count(context: RulesContext, layout: SheetLayout) -> int:
    """How many pages ``draw_rules_pages`` makes for ``context`` on ``layout``'s paper: the rules
    page, an association set's key pages (laid out, not drawn), then the pages the game declares."""
    from domino_print.rules.content import extra_pages

    keys = _key_page_count(context, layout) if context.keys else 0
    return 1 + keys + len(extra_pages(context))


@functools.lru_cache(maxsize=8)
def _key_page_count(context: RulesContext, layout: SheetLayout) -> int:
    """The key pages of an association set, laid out once for the same context and paper (the
    command line asks before checking its outputs and again for its progress bar)."""
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.pdf.key_page import key_pages

    width, height = sorted((layout.page_width_mm * mm, layout.page_height_mm * mm))
    scratch = Canvas(io.BytesIO())
    return len(key_pages(scratch, context, page_width_pt=width, page_height_pt=height,
                         margin_pt=layout.margin_mm * mm))

