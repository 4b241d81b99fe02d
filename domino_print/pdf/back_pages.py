"""Back pages for two-sided printing: a light lattice behind the tiles, an emblem and the set
mark on each tile's back, a note in the margin, all shifted by the printer's back offset.
A fold-over page draws the same tile backs (``draw_tile_backs``) beside its fronts.

The geometry (where each tile's back lands for the flip edge, the bleed) is pure millimetres
in ``domino_print.geometry.backs``; this module draws it. The lattice of a sheet page is one form,
and so is the emblem: its outline takes the stroke colour in force where it is placed, so
one form serves every set's colour.

The ink mode (``ink.Ink``) decides what stays: the lattice only with ``back_pattern``, a light
outline of each tile with ``back_outline``, the pill only with ``back_pill`` (in noir the label
stands alone, in grey).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getDescent, stringWidth
from reportlab.pdfgen.canvas import FILL_NON_ZERO

from domino_print import fonts
from domino_print.ink import BACK_OUTLINE_GREY, COLOUR, Ink
from domino_print.pdf.margins import PRINTABLE_EDGE_MM
from domino_print.pdf.shrink import shrink_to_fit, widest, wrap_words

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.geometry.backs import BackPage
    from domino_print.pdf.canvas import FormCache
    from domino_print.pdf.marks import SetMarks

BACK_LINE_COLOUR = "#B4C2D0"
BACK_LINE_PT = 0.5
BACK_LATTICE_MM = 4.0
"""Spacing of the back pattern's diagonal lines, measured along the page's x axis."""
SINGLE_SET_COLOUR = "#7D8B99"
BACK_OUTLINE_PT = 0.3
"""The light outline of each tile's back, when the ink mode has one instead of the lattice."""


def draw_back_pattern(canvas: Canvas, back: BackPage) -> None:
    """A light diagonal lattice clipped to the tiles, each grown by the bleed."""
    bleed = back.bleed_mm
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


def draw_back_outlines(canvas: Canvas, back: BackPage) -> None:
    """A light thin outline of each tile's back, where the lattice would be (eco and noir)."""
    path = canvas.beginPath()
    for p in back.placements:
        path.rect(p.x_mm * mm, p.y_mm * mm, p.width_mm * mm, p.height_mm * mm)
    canvas.setStrokeColor(BACK_OUTLINE_GREY)
    canvas.setLineWidth(BACK_OUTLINE_PT)
    canvas.drawPath(path, stroke=1, fill=0)


class EmblemLayout(NamedTuple):
    """The emblem in points, centred on the origin: lying along a tile (``upright`` False), or
    upright on a standing tile, its label in lines across the tile's width."""

    width: float
    """The pill's width."""
    disc_x: float
    """The centre x of the set mark's disc."""
    disc: float
    """The disc's radius, 0 with one set."""
    label: str
    """The label, shortened with an ellipsis if even the smallest type is too wide."""
    font: float
    upright: bool = False
    lines: tuple[str, ...] = ()
    """An upright emblem's label, one line per entry (the disc above them)."""
    height: float = 0.0
    """An upright emblem's pill height (a lying one's is ``0.34`` of the tile)."""
    disc_y: float = 0.0
    """The centre y of the set mark's disc."""


UPRIGHT_LINES = 3
"""An upright emblem's label takes at most this many lines (then an ellipsis)."""


def emblem_layout(short_pt: float, label: str, sets: int, *, upright: bool = False) -> EmblemLayout:
    """Where the label and the set mark go in the emblem of a tile ``short_pt`` wide.

    A standing tile's emblem is ``upright``: its text runs across the page like the rest of the
    page's text, so that converters that turn pages by their text (Ghostscript's default) keep
    the back page as it is, lined up behind its sheet."""
    size = short_pt
    if upright:
        return _upright_layout(size, label, sets)
    disc = 0.115 * size if sets > 1 else 0.0
    pad, space = 0.09 * size, 0.06 * size
    room = 1.75 * size - 2 * pad - (2 * disc + space if disc else 0)
    font = shrink_to_fit(
        min(8.0, 0.15 * size), 6, lambda f: not label or stringWidth(label, fonts.BOLD, f) <= room
    )
    while len(label) > 1 and stringWidth(label, fonts.BOLD, font) > room:
        label = label[:-2] + "…"
    text_w = stringWidth(label, fonts.BOLD, font) if label else 0.0
    inner = 2 * disc + text_w + (space if disc and label else 0)
    if not label and not disc:
        inner = 0.5 * size  # the motif: a small domino
    return EmblemLayout(inner + 2 * pad, -inner / 2 + disc, disc, label, font)


def _upright_layout(size: float, label: str, sets: int) -> EmblemLayout:
    disc = 0.115 * size if sets > 1 else 0.0
    pad, space = 0.09 * size, 0.06 * size
    room = 0.86 * size - 2 * pad

    def lines_at(font: float) -> list[str]:
        return wrap_words(label, fonts.BOLD, font, room) if label else []

    def fits(font: float) -> bool:
        lines = lines_at(font)
        return not lines or (len(lines) <= UPRIGHT_LINES and widest(lines, fonts.BOLD, font) <= room)

    font = shrink_to_fit(min(8.0, 0.15 * size), 6, fits)
    lines = lines_at(font)[:UPRIGHT_LINES]
    shortened = []
    for line in lines:
        while len(line) > 1 and stringWidth(line, fonts.BOLD, font) > room:
            line = line[:-2] + "…"
        shortened.append(line)
    if len(lines_at(font)) > UPRIGHT_LINES and shortened:
        shortened[-1] = shortened[-1].rstrip("…") + "…"
    text_w = widest(shortened, fonts.BOLD, font) if shortened else 0.0
    text_h = 1.2 * font * len(shortened)
    if not shortened and not disc:
        return EmblemLayout(0.5 * size + 2 * pad, 0.0, 0.0, "", font, upright=True, height=0.34 * size)
    inner_h = text_h + (2 * disc + (space if shortened else 0) if disc else 0)
    width = max(text_w, 2 * disc, 0.34 * size - 2 * pad) + 2 * pad
    height = inner_h + 2 * pad
    disc_y = inner_h / 2 - disc
    return EmblemLayout(width, 0.0, disc, " ".join(shortened), font, upright=True, lines=tuple(shortened),
                        height=height, disc_y=disc_y)


def emblem_form(forms: FormCache, short_pt: float, layout: EmblemLayout, *, pill: bool = True) -> str:
    """A tile back's centre piece, the same for every set: a white pill (without ``pill``, no
    pill) holding the label (and room for the set mark), or a small domino motif."""
    size = short_pt

    def draw() -> None:
        canvas = forms.canvas
        width, disc_x, disc, label, font = layout[:5]
        height = layout.height or 0.34 * size
        if pill:
            canvas.setFillColor("#FFFFFF")
            canvas.setLineWidth(0.8)
            radius = min(height, width) / 2
            canvas.roundRect(-width / 2, -height / 2, width, height, radius, stroke=1, fill=1)
        if layout.lines:
            canvas.setFillColor("#333333")
            canvas.setFont(fonts.BOLD, font)
            top = layout.disc_y - disc - 0.06 * size if disc else (len(layout.lines) * 1.2 * font) / 2
            for row, line in enumerate(layout.lines):
                canvas.drawCentredString(0, top - (row + 1) * 1.2 * font + 0.3 * font, line)
        elif label:
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

    name = ("Emblem" if pill else "EmblemBare") + ("Upright" if layout.upright else "")
    return forms.define(name, draw, (-size, -size, size, size))


class TileBacks(NamedTuple):
    """The forms that the backs of one page and one set are drawn with (see ``prepare_tile_backs``)."""

    pattern: str
    """The lattice's or the outlines' form, or empty for neither (as the ink mode says)."""
    emblem: EmblemLayout
    emblem_form: str
    mark: str
    """The set mark's form, or empty with one set."""
    colour: str
    """The emblem's outline: the set's colour, or a grey with one set."""


def prepare_tile_backs(
    forms: FormCache,
    marks: SetMarks,
    back: BackPage,
    *,
    page_index: int,
    number: int,
    sets: int,
    label: str,
    short_pt: float,
    ink: Ink = COLOUR,
) -> TileBacks:
    """Define (once) the forms the backs of sheet page ``page_index`` need for set ``number``:
    before any state is saved, since a form is drawn apart from the page."""
    canvas = forms.canvas
    if ink.back_pattern:
        pattern = forms.define(f"Back{page_index}", lambda: draw_back_pattern(canvas, back))
    elif ink.back_outline:
        pattern = forms.define(f"BackOutline{page_index}", lambda: draw_back_outlines(canvas, back))
    else:
        pattern = ""
    upright = bool(back.placements) and back.placements[0].vertical
    emblem = emblem_layout(short_pt, label, sets, upright=upright)
    emblem_name = emblem_form(forms, short_pt, emblem, pill=ink.back_pill)
    mark = marks.name(number) if emblem.disc else ""
    colour = marks.colour(number) if sets > 1 else SINGLE_SET_COLOUR
    return TileBacks(pattern, emblem, emblem_name, mark, colour)


def draw_tile_backs(canvas: Canvas, back: BackPage, forms: TileBacks, marks: SetMarks) -> None:
    """The pattern, then behind each tile its emblem and set mark, each upright on the page (a
    standing tile's emblem is an upright one, its text across the page)."""
    if forms.pattern:
        canvas.doForm(forms.pattern)
    canvas.setStrokeColor(forms.colour)
    emblem = forms.emblem
    for p in back.placements:
        x, y = p.centre_mm
        canvas.saveState()
        canvas.translate(x * mm, y * mm)
        if p.vertical and not emblem.upright:
            canvas.rotate(90)
        canvas.doForm(forms.emblem_form)
        if forms.mark:
            scale = emblem.disc / marks.radius_pt
            canvas.transform(scale, 0, 0, scale, emblem.disc_x, emblem.disc_y)
            canvas.doForm(forms.mark)
        canvas.restoreState()


def draw_back_page(
    canvas: Canvas,
    forms: FormCache,
    marks: SetMarks,
    back: BackPage,
    *,
    page_index: int,
    number: int,
    sets: int,
    label: str,
    short_pt: float,
    note: str,
    margin_mm: float,
    offset_mm: tuple[float, float],
    ink: Ink = COLOUR,
) -> None:
    """The back of sheet page ``page_index`` for set ``number``: pattern (or outlines, as the
    ``ink`` mode says), then behind each tile its emblem and set mark, then ``note`` in the
    bottom margin; all shifted by ``offset_mm`` (x right, y up)."""
    backs = prepare_tile_backs(
        forms, marks, back, page_index=page_index, number=number, sets=sets, label=label, short_pt=short_pt,
        ink=ink,
    )
    dx, dy = offset_mm
    canvas.saveState()
    canvas.translate(dx * mm, dy * mm)
    draw_tile_backs(canvas, back, backs, marks)
    canvas.setFillColor("#8A8A8A")
    canvas.setFont(fonts.REGULAR, 6.5)
    lowest = PRINTABLE_EDGE_MM * mm - getDescent(fonts.REGULAR, 6.5)  # descenders clear of the last 5 mm
    canvas.drawString(margin_mm * mm, max(lowest, (margin_mm - 5) * mm), note)
    canvas.restoreState()
