"""One domino tile: two faces side by side, the optional word under each, the centre line.

A tile is drawn in its own coordinates: face ``a`` on the square ``(0, 0)-(size, size)``,
face ``b`` on the next one to the right. ``place_faces`` is the one place that puts a tile's
faces down, for the cutting sheet (at a placement, lying or standing) and for the rules
page's example chain (``draw_example_tile``, at the origin, scaled). Each face is a form
from ``FaceForms``, drawn once by the theme's painter (with its word below when there are
labels) and clipped to its square. The centre line belongs to the tile and is never a cut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getDescent, stringWidth

from domino_print import fonts
from domino_print.geometry.engraving import CENTRE_INSET
from domino_print.geometry.face_box import LABEL_SHARE
from domino_print.geometry.sizes import SAFE_AREA_MM
from domino_print.pdf.shrink import shrink_to_fit

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.faces.painters import FacePainter
    from domino_print.pdf.canvas import FormCache

CUT_LINE_PT = 0.6
CUT_COLOUR = "#000000"
CENTRE_LINE_PT = 0.5
CENTRE_COLOUR = "#9A9A9A"
CENTRE_DASH_PT = (2.2, 2.2)
MIN_TEXT_PT = 6.0
"""No word is printed smaller (what print shops accept). (The word's band, ``LABEL_SHARE``, is
the face box's: ``geometry.face_box``.)"""


def face_name(value: int) -> str:
    return f"Face{value}"


class FaceForms:
    """The face of each value as a form ``size_pt`` square, with its word under the picture
    when ``labels`` (one word per value) is given."""

    def __init__(
        self, forms: FormCache, painter: FacePainter, size_pt: float, labels: tuple[str, ...] = (),
        braille: tuple[tuple[frozenset[int], ...] | None, ...] = (),
    ) -> None:
        self.forms = forms
        self.painter = painter
        self.size_pt = size_pt
        self.labels = labels
        self.braille = braille
        """Each face's braille cells (``geometry.braille``), or None: drawn under the face."""

    @property
    def follows_tile(self) -> bool:
        """Whether the faces turn with a standing tile (pips) or stay upright on the page."""
        return self.painter.follows_tile

    @property
    def picture_pt(self) -> float:
        """The side of the square the painter draws into: the face, less the word's band."""
        return self.size_pt * (1 - LABEL_SHARE) if self.labels else self.size_pt

    def name(self, value: int) -> str:
        """The form for ``value``, defined the first time it is needed."""
        size = self.size_pt

        def draw() -> None:
            cells = self.braille[value] if value < len(self.braille) else None
            if cells:
                self._draw_braille_face(value, size, cells)
            elif self.labels:
                self._draw_labelled_face(value, size)
            else:
                self.painter.draw(self.forms.canvas, value, size)

        return self.forms.define(face_name(value), draw, (0, 0, size, size))

    def _draw_braille_face(self, value: int, size: float, cells: tuple[frozenset[int], ...]) -> None:
        """The face above its braille cells: black dots of Marburg Medium size and spacing, which
        swell paper raises (``--ink relief``) and an embosser's user reads beside the print."""
        from domino_print.geometry.braille import HEIGHT_MM, dot_centres

        band = (HEIGHT_MM + 2 * SAFE_AREA_MM) * mm
        picture = size - band
        canvas = self.forms.canvas
        canvas.saveState()
        canvas.translate((size - picture) / 2, band)
        self.painter.draw(canvas, value, picture)
        canvas.restoreState()
        canvas.setFillColor("#000000")
        for dot in dot_centres(cells, size / 2 / mm, band / mm - SAFE_AREA_MM):
            canvas.circle(dot.x_mm * mm, dot.y_mm * mm, dot.radius_mm * mm, stroke=0, fill=1)

    def _draw_labelled_face(self, value: int, size: float) -> None:
        canvas = self.forms.canvas
        picture = size * (1 - LABEL_SHARE)
        canvas.saveState()
        canvas.translate((size - picture) / 2, size - picture)
        self.painter.draw(canvas, value, picture)
        canvas.restoreState()
        word = self.labels[value]
        room = max(size - 2 * SAFE_AREA_MM * mm, size * 0.6)  # clear of the cut lines at the sides
        font_size = shrink_to_fit(
            min(size * LABEL_SHARE * 0.62, 9.0), MIN_TEXT_PT,
            lambda s: stringWidth(word, fonts.REGULAR, s) <= room,
        )
        canvas.setFillColor("#222222")
        canvas.setFont(fonts.REGULAR, font_size)
        # descenders at least SAFE_AREA_MM above the cut line under the face
        baseline = max(size * LABEL_SHARE * 0.32, SAFE_AREA_MM * mm - getDescent(fonts.REGULAR, font_size))
        canvas.drawCentredString(size / 2, baseline, word)


def place_faces(
    canvas: Canvas,
    faces: FaceForms,
    a: int,
    b: int,
    *,
    x: float = 0.0,
    y: float = 0.0,
    vertical: bool = False,
    turned: bool = False,
) -> None:
    """Place a tile's two faces with its corner at ``(x, y)`` (points), ``a`` on the left half,
    or on the top half of a ``vertical`` tile (one standing on the page).

    Faces that follow the tile (pips) turn with a standing tile; the others stay upright.
    ``turned``: the caller has turned the canvas a quarter turn anticlockwise, so upright
    faces turn back within their square, as on a standing tile.
    """
    size = faces.size_pt
    for half, value in enumerate((a, b)):
        name = faces.name(value)
        canvas.saveState()
        if not vertical:
            canvas.translate(x + half * size, y)
            if turned and not faces.follows_tile:
                canvas.translate(0, size)
                canvas.rotate(-90)
        elif faces.follows_tile:
            # Turn the tile's own coordinates a quarter turn: its long side runs down the page.
            canvas.translate(x, y + (2 - half) * size)
            canvas.rotate(-90)
        else:
            canvas.translate(x, y + (1 - half) * size)
        canvas.doForm(name)
        canvas.restoreState()


def centre_line(
    x: float, y: float, size: float, vertical: bool, mark_room: float = 0.0
) -> tuple[float, float, float, float]:
    """The centre line of the tile with its corner at ``(x, y)``: ``(x0, y0, x1, y1)`` in points,
    across the tile between its two faces, stopping short of the long edges; at the end where a
    set mark sits (``x1, y1``, see ``backs.mark_centre``) at least ``mark_room`` short of it."""
    inset = CENTRE_INSET * size
    end = max(inset, mark_room)
    if vertical:
        return x + inset, y + size, x + size - end, y + size
    return x + size, y + inset, x + size, y + size - end


def draw_example_tile(
    canvas: Canvas,
    faces: FaceForms,
    a: int,
    b: int,
    short_pt: float,
    turned: bool = False,
    *,
    line_scale: float = 1.0,
) -> None:
    """A lying tile at the origin, ``short_pt`` high, outlined: the rules page's example chain.

    ``turned``: the caller has turned the canvas a quarter turn anticlockwise (see ``place_faces``).
    """
    size = faces.size_pt
    scale = short_pt / size
    canvas.saveState()
    canvas.scale(scale, scale)
    place_faces(canvas, faces, a, b, turned=turned)
    canvas.setLineWidth(CUT_LINE_PT * line_scale / scale)
    canvas.setStrokeColor(CUT_COLOUR)
    canvas.rect(0, 0, 2 * size, size, stroke=1, fill=0)
    canvas.setStrokeColor(CENTRE_COLOUR)
    canvas.setDash(CENTRE_DASH_PT[0] / scale, CENTRE_DASH_PT[1] / scale)
    canvas.line(*centre_line(0, 0, size, vertical=False))
    canvas.restoreState()
