"""The ReportLab renderer: placements, cut lines, centre lines, faces, legend, rules page.

It takes plain data (the tiles, a ``SheetLayout``, a painter) and returns PDF
bytes. Millimetres come in; points exist only inside this module. Each
distinct face is drawn once as a form XObject and placed wherever it is needed;
the form's bounding box clips it, so a face never spills into its neighbour.
Cut lines belong to the sheet (solid, dark); the centre line belongs to the
tile (dashed, light grey) and is never a cut.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from domino_print import __version__
from domino_print.faces import FacePainter
from domino_print.layout import Placement, SheetLayout
from domino_print.tiles import Tile

rl_config.useA85 = 0  # binary streams: smaller and faster than ASCII85

CUT_LINE_PT = 0.6
CUT_COLOUR = "#000000"
CENTRE_LINE_PT = 0.5
CENTRE_COLOUR = "#9A9A9A"
CENTRE_DASH_PT = (2.2, 2.2)
CENTRE_INSET = 0.12
"""The centre line stops this fraction of the short side before each long edge."""
LABEL_SHARE = 0.22
"""With labels, the bottom share of a face that holds the word."""
SCALE_BAR_MM = 50

_TEXTS = {
    "fr": {
        "cut": "Découpez sur les traits pleins. Ne coupez jamais la ligne du milieu (pointillés).",
        "scale": "imprimer à 100 % (taille réelle)",
    },
    "en": {
        "cut": "Cut along the solid lines. Never cut the dotted middle line.",
        "scale": "print at 100 % (actual size)",
    },
}


@dataclass(frozen=True)
class RenderOptions:
    """What the renderer needs besides geometry: texts, language and metadata."""

    title: str
    subject: str
    lang: str = "fr"
    labels: tuple[str, ...] = ()
    """One word per value printed under each face, or empty for none."""
    header: str = ""
    """A short line printed in the top margin of every sheet page."""


DrawRulesPage = Callable[[Canvas, Callable[[Canvas, int, int, float], None]], None]


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
        self.canvas = Canvas(
            self.buffer,
            pagesize=(layout.page_width_mm * mm, layout.page_height_mm * mm),
            invariant=1,
            pageCompression=1,
            lang=options.lang,
        )
        self.canvas.setTitle(options.title)
        self.canvas.setSubject(options.subject)
        self.canvas.setCreator(f"domino-print {__version__}")
        self.canvas.setAuthor("domino-print")
        self.canvas.setViewerPreference("PrintScaling", "None")
        self._forms: set[int] = set()
        self.page_count = 0

    # -- faces ---------------------------------------------------------------------------
    def _ensure_face(self, value: int) -> str:
        """Define the form for ``value`` the first time it is needed."""
        name = face_name(value)
        if value not in self._forms:
            canvas, size = self.canvas, self.short_pt
            canvas.beginForm(name, 0, 0, size, size)
            if self.options.labels:
                self._draw_labelled_face(value, size)
            else:
                self.painter.draw(canvas, value, size)
            canvas.endForm()
            self._forms.add(value)
        return name

    def _draw_labelled_face(self, value: int, size: float) -> None:
        canvas = self.canvas
        picture = size * (1 - LABEL_SHARE)
        canvas.saveState()
        canvas.translate((size - picture) / 2, size - picture)
        self.painter.draw(canvas, value, picture)
        canvas.restoreState()
        word = self.options.labels[value]
        font_size = min(size * LABEL_SHARE * 0.62, 9.0)
        from reportlab.pdfbase.pdfmetrics import stringWidth

        while font_size > 4 and stringWidth(word, "Helvetica", font_size) > size * 0.92:
            font_size -= 0.25
        canvas.setFillColor("#222222")
        canvas.setFont("Helvetica", font_size)
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
    def draw_legend(self) -> None:
        """Scissors and the cutting rule on the left, the 50 mm scale bar on the right."""
        canvas, texts = self.canvas, _TEXTS[self.options.lang]
        margin = self.layout.margin_mm * mm
        base = margin + 3.2 * mm
        draw_scissors(canvas, margin, base + 1.2, 5.5 * mm)
        canvas.setFillColor("#000000")
        canvas.setFont("Helvetica", 7.5)
        canvas.drawString(margin + 7 * mm, base, texts["cut"])
        right = (self.layout.page_width_mm - self.layout.margin_mm) * mm
        bar = SCALE_BAR_MM * mm
        left = right - bar
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
        canvas.setFont("Helvetica", 7)
        canvas.drawRightString(right, base - 0.2 * mm, f"{SCALE_BAR_MM} mm : {texts['scale']}"
                               if self.options.lang == "fr" else f"{SCALE_BAR_MM} mm: {texts['scale']}")
        if self.options.header:
            top = (self.layout.page_height_mm - self.layout.margin_mm) * mm + 3 * mm
            canvas.setFillColor("#666666")
            canvas.setFont("Helvetica", 7)
            canvas.drawString(margin, top, self.options.header)

    # -- pages ---------------------------------------------------------------------------
    def draw_sheet_pages(self, tiles: Sequence[Tile]) -> None:
        for page in self.layout.pages:
            for placement in page.placements:
                self.draw_tile_faces(tiles[placement.index], placement)
            self.draw_centre_lines(page.placements)
            self.draw_segments(page.cut_lines, CUT_LINE_PT, CUT_COLOUR)
            if page.crop_marks:
                self.draw_segments(page.crop_marks, 0.4, CUT_COLOUR)
            self.draw_legend()
            self.finish_page()

    def draw_example_tile(self, canvas: Canvas, a: int, b: int, short_pt: float) -> None:
        """A horizontal tile at the origin, ``short_pt`` high: used by the rules page."""
        scale = short_pt / self.short_pt
        canvas.saveState()
        canvas.scale(scale, scale)
        size = self.short_pt
        for half, value in enumerate((a, b)):
            name = self._ensure_face(value)
            canvas.saveState()
            canvas.translate(half * size, 0)
            canvas.doForm(name)
            canvas.restoreState()
        canvas.setLineWidth(CUT_LINE_PT / scale)
        canvas.setStrokeColor(CUT_COLOUR)
        canvas.rect(0, 0, 2 * size, size, stroke=1, fill=0)
        canvas.setStrokeColor(CENTRE_COLOUR)
        canvas.setDash(CENTRE_DASH_PT[0] / scale, CENTRE_DASH_PT[1] / scale)
        canvas.line(size, CENTRE_INSET * size, size, (1 - CENTRE_INSET) * size)
        canvas.restoreState()

    def draw_rules_page(self, draw_page: DrawRulesPage) -> None:
        draw_page(self.canvas, self.draw_example_tile)
        self.finish_page()

    def finish_page(self) -> None:
        self.canvas.showPage()
        self.page_count += 1

    def pdf_bytes(self) -> bytes:
        self.canvas.save()
        return self.buffer.getvalue()


def render_sheet(
    tiles: Sequence[Tile],
    layout: SheetLayout,
    painter: FacePainter,
    options: RenderOptions,
    rules_page: DrawRulesPage | None = None,
) -> tuple[bytes, int]:
    """The PDF bytes and page count for one set, with an optional rules page at the end."""
    renderer = SheetRenderer(layout, painter, options)
    renderer.draw_sheet_pages(tiles)
    if rules_page is not None:
        renderer.draw_rules_page(rules_page)
    return renderer.pdf_bytes(), renderer.page_count
