"""The ReportLab renderer: placements, cut lines, centre lines, faces, legend, backs, rules page.

It takes plain data (the tiles, a ``SheetLayout``, a painter, optionally the
``BackPage`` geometry) and returns PDF bytes. Millimetres come in; points exist
only inside this module. Each distinct face is drawn once as a form XObject and
placed wherever it is needed; the form's bounding box clips it, so a face never
spills into its neighbour. Cut lines belong to the sheet (solid, dark); the
centre line belongs to the tile (dashed, light grey) and is never a cut.

With several sets, each sheet page is drawn once as a form and every set's
page places that form, then its own set marks: a set costs a few hundred bytes.
Each back page places the page's pattern form (a light lattice clipped to the
tiles) and one emblem form per tile, all shifted by the back offset.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from domino_print import __version__, fonts
from domino_print.backs import BackPage, mark_centre, mark_radius_mm, set_colour
from domino_print.faces import FacePainter
from domino_print.layout import PageLayout, Placement, SheetLayout
from domino_print.texts import text
from domino_print.tiles import Tile

if TYPE_CHECKING:
    from domino_print.rules import RulesContext

rl_config.useA85 = 0  # binary streams: smaller and faster than ASCII85

CUT_LINE_PT = 0.6
CUT_COLOUR = "#000000"
CENTRE_LINE_PT = 0.5
CENTRE_COLOUR = "#9A9A9A"
CENTRE_DASH_PT = (2.2, 2.2)
CENTRE_INSET = 0.16
"""The centre line stops this fraction of the short side before each long edge."""
LABEL_SHARE = 0.22
"""With labels, the bottom share of a face that holds the word."""
SCALE_BAR_MM = 50
PRINTABLE_EDGE_MM = 5.0
"""Most printers leave this much of the paper's edge blank: no text goes closer."""
BACK_LINE_COLOUR = "#B4C2D0"
BACK_LINE_PT = 0.5
BACK_LATTICE_MM = 4.0
"""Spacing of the back pattern's diagonal lines, measured along the page's x axis."""
SINGLE_SET_COLOUR = "#7D8B99"

class RenderOptions(NamedTuple):
    """What the renderer needs besides geometry: texts, language and metadata."""

    title: str
    subject: str
    lang: str = "fr"
    labels: tuple[str, ...] = ()
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


def draw_scissors(canvas: Canvas, x: float, y: float, length: float) -> None:
    """A small open pair of scissors pointing right, centred vertically on ``y``."""
    ring = length * 0.17
    canvas.saveState()
    canvas.setStrokeColor("#000000")
    canvas.setLineWidth(length * 0.07)
    canvas.setLineCap(1)
    for side in (1, -1):
        canvas.circle(x + ring, y + side * ring * 1.25, ring, stroke=1, fill=0)
        canvas.line(x + 1.9 * ring, y + side * ring * 0.75, x + length, y - side * ring * 0.9)
    canvas.restoreState()


def _ink_on(colour: str) -> str:
    """Black or white, whichever reads better on the hex ``colour``."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#FFFFFF"


DUPLEX_PREFERENCE = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
"""The PDF viewer preference for each ``--duplex`` flip edge."""


def new_print_canvas(
    buffer, page_size_pt: tuple[float, float], *, lang: str, title: str, subject: str = ""
) -> Canvas:
    """A canvas for a print-ready PDF: deterministic bytes, metadata, and no scaling when printed."""
    canvas = Canvas(buffer, pagesize=page_size_pt, invariant=1, pageCompression=1, lang=lang,
                    initialFontName=fonts.REGULAR)  # else an unembedded Helvetica is listed
    canvas.setTitle(title)
    if subject:
        canvas.setSubject(subject)
    canvas.setCreator(f"domino-print {__version__}")
    canvas.setAuthor("domino-print")
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


def face_name(value: int) -> str:
    return f"Face{value}"


class SheetRenderer:
    """Draws one PDF: faces as forms, then sheet pages, then optionally a rules page."""

    def __init__(self, layout: SheetLayout, painter: FacePainter, options: RenderOptions) -> None:
        self.layout = layout
        self.painter = painter
        self.options = options
        self.short_pt = layout.tile_short_mm * mm
        self.buffer = io.BytesIO()
        self.canvas = new_print_canvas(
            self.buffer,
            (layout.page_width_mm * mm, layout.page_height_mm * mm),
            lang=options.lang,
            title=options.title,
            subject=options.subject,
        )
        self._forms: set[str] = set()
        self.page_count = 0
        self.on_page: Callable[[], None] | None = None
        """Called after each finished page (progress reporting)."""

    # -- faces ---------------------------------------------------------------------------
    def _ensure_face(self, value: int) -> str:
        """The form for ``value``, defined the first time it is needed."""
        size = self.short_pt

        def draw() -> None:
            if self.options.labels:
                self._draw_labelled_face(value, size)
            else:
                self.painter.draw(self.canvas, value, size)

        return self._define_form(face_name(value), draw, (0, 0, size, size))

    def _draw_labelled_face(self, value: int, size: float) -> None:
        canvas = self.canvas
        picture = size * (1 - LABEL_SHARE)
        canvas.saveState()
        canvas.translate((size - picture) / 2, size - picture)
        self.painter.draw(canvas, value, picture)
        canvas.restoreState()
        word = self.options.labels[value]
        font_size = min(size * LABEL_SHARE * 0.62, 9.0)
        while font_size > 4 and stringWidth(word, fonts.REGULAR, font_size) > size * 0.92:
            font_size -= 0.25
        canvas.setFillColor("#222222")
        canvas.setFont(fonts.REGULAR, font_size)
        canvas.drawCentredString(size / 2, size * LABEL_SHARE * 0.32, word)

    # -- tiles ---------------------------------------------------------------------------
    def draw_tile_faces(self, tile: Tile, placement: Placement) -> None:
        """Place both faces of a tile; the first value on the left or top half."""
        canvas, size = self.canvas, self.short_pt
        x, y = placement.x_mm * mm, placement.y_mm * mm
        for half, value in enumerate((tile.a, tile.b)):
            name = self._ensure_face(value)
            canvas.saveState()
            if not placement.vertical:
                canvas.translate(x + half * size, y)
            elif self.painter.follows_tile:
                # Turn the tile's own coordinates a quarter turn: its long side runs down the page.
                canvas.translate(x, y + (2 - half) * size)
                canvas.rotate(-90)
            else:
                canvas.translate(x, y + (1 - half) * size)
            canvas.doForm(name)
            canvas.restoreState()

    def draw_centre_lines(self, placements: Sequence[Placement]) -> None:
        canvas, size = self.canvas, self.short_pt
        inset = CENTRE_INSET * size
        path = canvas.beginPath()
        for p in placements:
            x, y = p.x_mm * mm, p.y_mm * mm
            if p.vertical:
                path.moveTo(x + inset, y + size)
                path.lineTo(x + size - inset, y + size)
            else:
                path.moveTo(x + size, y + inset)
                path.lineTo(x + size, y + size - inset)
        canvas.saveState()
        canvas.setStrokeColor(CENTRE_COLOUR)
        canvas.setLineWidth(CENTRE_LINE_PT)
        canvas.setDash(*CENTRE_DASH_PT)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()

    def draw_segments(self, segments, width_pt: float, colour: str) -> None:
        canvas = self.canvas
        path = canvas.beginPath()
        for s in segments:
            path.moveTo(s.x0 * mm, s.y0 * mm)
            path.lineTo(s.x1 * mm, s.y1 * mm)
        canvas.saveState()
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(width_pt)
        canvas.setLineCap(2)  # square caps: corners close without gaps
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()

    # -- margins ---------------------------------------------------------------------------
    def draw_legend(self, *, header: bool = True) -> None:
        """Scissors and the cutting rule on the left, the 50 mm scale bar on the right."""
        canvas, lang = self.canvas, self.options.lang
        cut = text(lang, "sheet.cut")
        margin = self.layout.margin_mm * mm
        base = margin + 3.2 * mm
        draw_scissors(canvas, margin, base + 1.2, 5.5 * mm)
        right = (self.layout.page_width_mm - self.layout.margin_mm) * mm
        bar = SCALE_BAR_MM * mm
        left = right - bar
        scale_note = text(lang, "sheet.scale_note", bar=SCALE_BAR_MM)
        note_width = stringWidth(scale_note, fonts.REGULAR, 7)
        # The cutting rule takes what the scale bar leaves; on narrow pages it wraps to two lines.
        room = right - max(bar, note_width) - 4 * mm - (margin + 7 * mm)
        lines = [cut]
        if stringWidth(cut, fonts.REGULAR, 7.5) > room:
            first, _, second = cut.partition(". ")
            lines = [first + ".", second]
        size = 7.5
        while size > 5 and max(stringWidth(line, fonts.REGULAR, size) for line in lines) > room:
            size -= 0.25
        canvas.setFillColor("#000000")
        canvas.setFont(fonts.REGULAR, size)
        for row, line in enumerate(lines):
            canvas.drawString(margin + 7 * mm, base + (len(lines) - 1 - 2 * row) * 0.55 * size, line)
        canvas.setLineWidth(0.6)
        canvas.setStrokeColor("#000000")
        ticks = canvas.beginPath()
        ticks.moveTo(left, base + 5 * mm)
        ticks.lineTo(right, base + 5 * mm)
        for step in range(SCALE_BAR_MM // 10 + 1):
            tick = left + step * 10 * mm
            ticks.moveTo(tick, base + 5 * mm)
            ticks.lineTo(tick, base + (3.6 if step % 5 else 3.0) * mm)
        canvas.drawPath(ticks, stroke=1, fill=0)
        canvas.setFont(fonts.REGULAR, 7)
        canvas.drawRightString(right, base - 0.2 * mm, scale_note)
        if header and self.options.header:
            top = (self.layout.page_height_mm - self.layout.margin_mm) * mm + 3 * mm
            canvas.setFillColor("#666666")
            canvas.setFont(fonts.REGULAR, 7)
            canvas.drawString(margin, top, self.options.header)

    def _set_info(self, number: int) -> str:
        """``CM1 · Jeu 3 / 30``: the label and the set, for the top right of a page."""
        parts = [self.options.label] if self.options.label else []
        if self.options.sets > 1:
            parts.append(text(self.options.lang, "sheet.set_number", number=number, sets=self.options.sets))
        return " · ".join(parts)

    def _header_fits(self) -> bool:
        """Whether the grey header and the widest set line fit side by side in the top margin."""
        info = self._set_info(self.options.sets)
        if not info:
            return True
        room = (self.layout.page_width_mm - 2 * self.layout.margin_mm - 6) * mm
        used = stringWidth(self.options.header, fonts.REGULAR, 7) + stringWidth(info, fonts.BOLD, 8)
        return used + 2 * mark_radius_mm(40) * mm + 2 * mm <= room

    def draw_set_info(self, number: int) -> None:
        """The label and set number, right-aligned in the top margin, with the set's mark."""
        info = self._set_info(number)
        if not info:
            return
        canvas = self.canvas
        right = (self.layout.page_width_mm - self.layout.margin_mm) * mm
        base = (self.layout.page_height_mm - self.layout.margin_mm) * mm + 3 * mm
        if self.options.sets > 1:
            radius = mark_radius_mm(40) * mm
            canvas.saveState()
            canvas.translate(right - radius, base + 2.6)
            canvas.scale(radius / self._mark_radius_pt, radius / self._mark_radius_pt)
            canvas.doForm(self._ensure_mark(number))
            canvas.restoreState()
            right -= 2 * radius + 1.2 * mm
        canvas.setFillColor("#222222")
        canvas.setFont(fonts.BOLD, 8)
        canvas.drawRightString(right, base, info)

    # -- pages ---------------------------------------------------------------------------
    def _draw_sheet_content(self, tiles: Sequence[Tile], page: PageLayout, *, header: bool) -> None:
        for placement in page.placements:
            self.draw_tile_faces(tiles[placement.index], placement)
        self.draw_centre_lines(page.placements)
        self.draw_segments(page.cut_lines, CUT_LINE_PT, CUT_COLOUR)
        if page.crop_marks:
            self.draw_segments(page.crop_marks, 0.4, CUT_COLOUR)
        self.draw_legend(header=header)

    def draw_sheet_pages(self, tiles: Sequence[Tile], backs: Sequence[BackPage] | None = None) -> None:
        """Every set's pages in turn, each sheet page followed by its back when ``backs`` is given.

        One set is drawn directly. Several sets draw each sheet page once as a
        form, then every set places it and adds its own marks, header and backs.
        """
        options, canvas = self.options, self.canvas
        prepare = getattr(self.painter, "prepare", None)
        if prepare is not None:  # let a picture painter decode its images side by side
            face_pt = self.short_pt * (1 - LABEL_SHARE) if options.labels else self.short_pt
            prepare(sorted({v for tile in tiles for v in (tile.a, tile.b)}), face_pt)
        if backs is not None:
            canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE[options.duplex])
        header = self._header_fits()
        if options.sets > 1:
            for n, page in enumerate(self.layout.pages):
                self._define_form(
                    f"Sheet{n}", lambda page=page: self._draw_sheet_content(tiles, page, header=header)
                )
            canvas.showOutline()
        for number in range(1, options.sets + 1):
            for n, page in enumerate(self.layout.pages):
                if options.sets > 1:
                    if n == 0:
                        key = f"set{number}"
                        canvas.bookmarkPage(key)
                        canvas.addOutlineEntry(text(options.lang, "sheet.set_bookmark", number=number), key)
                    canvas.doForm(f"Sheet{n}")
                    self.draw_set_marks(page, number)
                else:
                    self._draw_sheet_content(tiles, page, header=header)
                self.draw_set_info(number)
                self.finish_page()
                if backs is not None:
                    self.draw_back_page(backs[n], n, number)
                    self.finish_page()

    # -- set marks and backs -----------------------------------------------------------------
    def _define_form(self, name: str, draw: Callable[[], None], bbox: tuple[float, ...] = ()) -> str:
        """Draw a named form once (``bbox`` in points, the whole page by default)."""
        if name not in self._forms:
            self.canvas.beginForm(name, *bbox)
            draw()
            self.canvas.endForm()
            self._forms.add(name)
        return name

    @property
    def _mark_radius_pt(self) -> float:
        return mark_radius_mm(self.layout.tile_short_mm) * mm

    def _ensure_mark(self, number: int) -> str:
        """The set mark: a disc in the set's colour with the set number, centred on the origin."""
        radius = self._mark_radius_pt

        def draw() -> None:
            canvas = self.canvas
            colour = set_colour(number)
            canvas.setFillColor(colour)
            canvas.circle(0, 0, radius, stroke=0, fill=1)
            text = str(number)
            size = min(radius * 1.3, 1.55 * radius / (stringWidth(text, fonts.BOLD, 1) or 1))
            canvas.setFillColor(_ink_on(colour))
            canvas.setFont(fonts.BOLD, size)
            canvas.drawCentredString(0, -0.36 * size, text)

        return self._define_form(f"Mark{number}", draw, (-radius, -radius, radius, radius))

    def draw_set_marks(self, page: PageLayout, number: int) -> None:
        canvas, name = self.canvas, self._ensure_mark(number)
        for p in page.placements:
            x, y = mark_centre(p, self.layout.tile_short_mm)
            canvas.saveState()
            canvas.translate(x * mm, y * mm)
            canvas.doForm(name)
            canvas.restoreState()

    def _draw_back_pattern(self, back: BackPage) -> None:
        """A light diagonal lattice clipped to the tiles, each grown by the bleed."""
        canvas, bleed = self.canvas, back.bleed_mm
        clip = canvas.beginPath()
        for p in back.placements:
            clip.rect(
                (p.x_mm - bleed) * mm,
                (p.y_mm - bleed) * mm,
                (p.width_mm + 2 * bleed) * mm,
                (p.height_mm + 2 * bleed) * mm,
            )
        canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_NON_ZERO)  # the union of the rects
        x0 = min(p.x_mm for p in back.placements) - bleed
        x1 = max(p.x_mm + p.width_mm for p in back.placements) + bleed
        y0 = min(p.y_mm for p in back.placements) - bleed
        y1 = max(p.y_mm + p.height_mm for p in back.placements) + bleed
        lattice = canvas.beginPath()
        step, height = BACK_LATTICE_MM, y1 - y0
        k = 0
        while x0 - height + k * step <= x1:
            start = x0 - height + k * step  # lines x - y = c (rising) and x + y = c (falling)
            lattice.moveTo(start * mm, y0 * mm)
            lattice.lineTo((start + height) * mm, y1 * mm)
            lattice.moveTo(start * mm, y1 * mm)
            lattice.lineTo((start + height) * mm, y0 * mm)
            k += 1
        canvas.setStrokeColor(BACK_LINE_COLOUR)
        canvas.setLineWidth(BACK_LINE_PT)
        canvas.drawPath(lattice, stroke=1, fill=0)

    def _emblem_layout(self) -> tuple[float, float, float, str, float]:
        """The back emblem's pill width, the set disc's centre x and radius, the label and its
        font size, in points in a horizontal tile's frame centred on the origin."""
        size, options = self.short_pt, self.options
        disc = 0.115 * size if options.sets > 1 else 0.0
        pad, space = 0.09 * size, 0.06 * size
        label, font = options.label, min(8.0, 0.15 * size)
        room = 1.75 * size - 2 * pad - (2 * disc + space if disc else 0)
        while label and font > 4 and stringWidth(label, fonts.BOLD, font) > room:
            font -= 0.25
        while len(label) > 1 and stringWidth(label, fonts.BOLD, font) > room:
            label = label[:-2] + "…"
        text_w = stringWidth(label, fonts.BOLD, font) if label else 0.0
        inner = 2 * disc + text_w + (space if disc and label else 0)
        if not label and not disc:
            inner = 0.5 * size  # the motif: a small domino
        return inner + 2 * pad, -inner / 2 + disc, disc, label, font

    def _ensure_emblem(self) -> str:
        """A tile back's centre piece, the same for every set: a white pill holding the label
        (and room for the set mark), or a small domino motif. Its outline takes the stroke
        colour in force where it is placed, so one form serves every set's colour."""
        size = self.short_pt

        def draw() -> None:
            canvas = self.canvas
            width, disc_x, disc, label, font = self._emblem_layout()
            height = 0.34 * size
            canvas.setFillColor("#FFFFFF")
            canvas.setLineWidth(0.8)
            canvas.roundRect(-width / 2, -height / 2, width, height, height / 2, stroke=1, fill=1)
            if label:
                canvas.setFillColor("#333333")
                canvas.setFont(fonts.BOLD, font)
                left = disc_x + disc + 0.06 * size if disc else disc_x
                canvas.drawString(left, -0.35 * font, label)
            elif not disc:
                half = 0.2 * size  # the motif: a domino 0.4 x 0.2 of the tile
                canvas.setLineWidth(0.6)
                canvas.rect(-half, -half / 2, 2 * half, half, stroke=1, fill=0)
                canvas.line(0, -half / 2, 0, half / 2)
                canvas.setFillColor(SINGLE_SET_COLOUR)
                for x in (-half / 2, half / 2):
                    canvas.circle(x, 0, 0.11 * half, stroke=0, fill=1)

        return self._define_form("Emblem", draw, (-size, -size / 2, size, size / 2))

    def draw_back_page(self, back: BackPage, page_index: int, number: int) -> None:
        """The back of a sheet page: pattern, then behind each tile its emblem and set mark,
        then a note in the margin; all shifted by the back offset."""
        canvas, options = self.canvas, self.options
        pattern = self._define_form(f"Back{page_index}", lambda: self._draw_back_pattern(back))
        emblem = self._ensure_emblem()
        _, disc_x, disc, _, _ = self._emblem_layout()
        mark = self._ensure_mark(number) if disc else ""
        dx, dy = options.back_offset_mm
        canvas.saveState()
        canvas.translate(dx * mm, dy * mm)
        canvas.doForm(pattern)
        canvas.setStrokeColor(set_colour(number) if options.sets > 1 else SINGLE_SET_COLOUR)
        for p in back.placements:
            x, y = p.centre_mm
            canvas.saveState()
            canvas.translate(x * mm, y * mm)
            if p.vertical:
                canvas.rotate(90)
            canvas.doForm(emblem)
            if mark:
                scale = disc / self._mark_radius_pt
                canvas.transform(scale, 0, 0, scale, disc_x, 0)
                canvas.doForm(mark)
            canvas.restoreState()
        lang = options.lang
        note = [text(lang, "backs.title"), self._set_info(number), text(lang, f"backs.flip.{options.duplex}")]
        canvas.setFillColor("#8A8A8A")
        canvas.setFont(fonts.REGULAR, 6.5)
        canvas.drawString(
            self.layout.margin_mm * mm,
            max(PRINTABLE_EDGE_MM, self.layout.margin_mm - 5) * mm,
            " · ".join(part for part in note if part),
        )
        canvas.restoreState()

    def draw_example_tile(
        self, canvas: Canvas, a: int, b: int, short_pt: float, turned: bool = False
    ) -> None:
        """A horizontal tile at the origin, ``short_pt`` high: used by the rules page.

        ``turned``: the caller has turned the canvas a quarter turn anticlockwise; faces
        that stay upright on the sheet turn back within their square, as on a vertical tile.
        """
        scale = short_pt / self.short_pt
        canvas.saveState()
        canvas.scale(scale, scale)
        size = self.short_pt
        for half, value in enumerate((a, b)):
            name = self._ensure_face(value)
            canvas.saveState()
            canvas.translate(half * size, 0)
            if turned and not self.painter.follows_tile:
                canvas.translate(0, size)
                canvas.rotate(-90)
            canvas.doForm(name)
            canvas.restoreState()
        canvas.setLineWidth(CUT_LINE_PT / scale)
        canvas.setStrokeColor(CUT_COLOUR)
        canvas.rect(0, 0, 2 * size, size, stroke=1, fill=0)
        canvas.setStrokeColor(CENTRE_COLOUR)
        canvas.setDash(CENTRE_DASH_PT[0] / scale, CENTRE_DASH_PT[1] / scale)
        canvas.line(size, CENTRE_INSET * size, size, (1 - CENTRE_INSET) * size)
        canvas.restoreState()

    def draw_rules_page(self, context: RulesContext) -> None:
        """The rules page, always portrait, with example tiles drawn from this sheet's faces."""
        from domino_print.rules import draw_rules_page

        width, height = sorted((self.layout.page_width_mm * mm, self.layout.page_height_mm * mm))
        self.canvas.setPageSize((width, height))
        self.draw_rules_bookmark()
        draw_rules_page(
            self.canvas,
            context,
            self.draw_example_tile,
            page_width_pt=width,
            page_height_pt=height,
            margin_pt=self.layout.margin_mm * mm,
        )
        self.finish_page()

    def draw_rules_bookmark(self) -> None:
        if self.options.sets > 1:
            self.canvas.bookmarkPage("rules")
            self.canvas.addOutlineEntry(text(self.options.lang, "sheet.rules_bookmark"), "rules")

    def finish_page(self) -> None:
        width, height = self.canvas._pagesize
        self.canvas.setTrimBox((0, 0, width, height))
        self.canvas.showPage()
        self.page_count += 1
        if self.on_page is not None:
            self.on_page()

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
) -> tuple[bytes, int]:
    """The PDF bytes and page count for ``options.sets`` sets, each sheet page followed by its
    back when ``backs`` (one per layout page) is given, with an optional rules page at the end."""
    renderer = SheetRenderer(layout, painter, options)
    renderer.on_page = on_page
    renderer.draw_sheet_pages(tiles, backs)
    if rules is not None:
        renderer.draw_rules_page(rules)
    return renderer.pdf_bytes(), renderer.page_count
