"""The painter of association sets: a face id stands for one ``Face`` (text, dots, hand, colour, picture).

The set's structure (``structures``) numbers its distinct faces; this painter
draws face ``n`` as ``faces[n]`` says, upright. Numerals, letters and words stay
real text (selectable, searchable, read aloud), fitted into the half by
``fitting.fit_text``; a text that reads as another one upside down is underlined.
Dots follow dice up to 6, and above that show full groups of five plus the rest.
Counting faces are drawn to be counted at the smallest tile size: tally marks in fives (four
strokes and one across), one ten-frame up to 10 and two up to 20, one die up to 6 and a second
beyond, tens as rods of ten squares beside the units.
Each colour patch carries its own pattern, so a colour-blind child tells colours
apart too. Loop cards get their small number in the lower left corner of the
answer half, and a small grey "?" in the lower right corner of the question half:
the mark a child learns for "this half asks".
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from domino_print import fonts
from domino_print.colour import hex_luma
from domino_print.faces.drawings import (
    BOLD,
    INK,
    MIN_LABEL_PT,
    PATTERNS,
    SAFE_PT,
    draw_bar,
    draw_clock,
    draw_coins,
    draw_dice,
    draw_frames,
    draw_pie,
    draw_rods,
    draw_tally,
)
from domino_print.geometry.dice import UPRIGHT_DICE
from domino_print.geometry.text_fit import LEADING, fit_text
from domino_print.themes.representations import COLOURS, Face

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

REGULAR = fonts.REGULAR
MARK_GREY = "#9A9A9A"
"""The loop cards' small marks: the card number and the question half's "?"."""
TEXT_WIDTH = 0.86
TEXT_HEIGHT = 0.82
CAPTION_SHARE = 0.24
"""With a caption ("J'ai"), the top share of the face that holds it."""


REACH: dict[str, Callable[[Face], float]] = {
    "dots": lambda face: 0.345 if face.count <= 6 else 0.48,  # one die; groups of five in a 2 x 2 grid
    "hand": lambda face: 0.44 if face.count <= 5 else 0.48,  # one hand; two, thumbs out
    "colour": lambda face: 0.39,
    "tally": lambda face: 0.44,  # two groups side by side, round caps
    "frame": lambda face: 0.44,
    "dice": lambda face: 0.32 if face.count <= 6 else 0.48,  # one die; two side by side
    "rods": lambda face: 0.41,
    "pie": lambda face: 0.41,
    "bar": lambda face: 0.43,
}
"""How far each drawn face reaches from its centre, strokes included, as a share of the face's
side (its painter's own proportions). On a small face that would bring it within the safe area
of the cut, the drawing is drawn smaller (``_kept_inside``). Text fits its own box
(``text_box``); clocks and coins keep the safe area themselves (their type keeps 6 pt)."""


def _kept_inside(size: float, face: Face) -> float:
    """The scale at which ``face``'s drawing keeps the safe area (``SAFE_PT``) from the edges of
    its square of ``size`` points, and clear of a loop card's corner marks (``_marks_band``): 1
    when it already does."""
    reach = REACH.get(face.kind)
    if reach is None:
        return 1.0
    margin = max(SAFE_PT, _marks_band(size, face))
    return min(1.0, (size / 2 - margin) / (reach(face) * size))


def _marks_band(size: float, face: Face) -> float:
    """How far from the face's edges its corner marks reach (points): the card number's or the
    "?"'s top, above their inset; 0 for a face with neither. A drawing that fills its square (four
    groups of dots, two hands) is drawn smaller to keep out of that band, not under the mark."""
    if not (face.card or face.asks):
        return 0.0
    tallest = max(_card_number_size(size) if face.card else 0.0,
                  _question_mark_size(size) if face.asks else 0.0)
    return _corner_inset(size) + tallest * fonts.CAP_HEIGHT


def _card_number_size(size: float) -> float:
    return max(6.0, size * 0.075)


def _question_mark_size(size: float) -> float:
    return max(7.0, size * 0.13)


def _corner_inset(size: float) -> float:
    """How far the corner marks sit from a face's edges (points, the face ``size`` wide): the
    safe area, or 5 % of the face on a larger one."""
    return max(size * 0.05, SAFE_PT)


def text_box(size_pt: float) -> tuple[float, float]:
    """The room for a face's text (width, height in points): most of the face, the safe area kept
    on every side."""
    return (min(size_pt * TEXT_WIDTH, size_pt - 2 * SAFE_PT),
            min(size_pt * TEXT_HEIGHT, size_pt - 2 * SAFE_PT))


DESCENDERS = frozenset("gjpqyçęţşŋµ")
"""Letters that reach below the baseline: their underline goes below the font's descent, or it
would cross them (a p with a bar through its stem)."""
FONT_DESCENT = 0.265
"""Fira Sans's descent, in ems (its hhea and OS/2 tables: -265 per 1000)."""
SKIN, SKIN_LINE = "#F7D7B5", "#6B4226"


def _underline_bar(font_size: float) -> float:
    return max(0.8, font_size * 0.08)


def _below_baseline(line: str, font_size: float, underline: bool) -> float:
    """How far a ``line`` of text reaches under its baseline (points): its underline's lower edge
    (under the descenders when it has some), else its descenders, else nothing."""
    descends = bool(DESCENDERS.intersection(line))
    if underline:
        bar = _underline_bar(font_size)
        return (FONT_DESCENT * font_size + 1.6 * bar if descends else 2.2 * bar) + bar
    return FONT_DESCENT * font_size if descends else 0.0


def font_of(face: Face) -> str:
    return BOLD if face.bold else REGULAR


def largest_size(face: Face, size_pt: float) -> float:
    """The size a text starts from: large for a numeral or a letter, smaller for words."""
    if face.bold and len(face.text) <= 2:
        return size_pt * (0.62 if len(face.text) == 1 else 0.5)
    return min(size_pt * 0.3, 28.0)


def measure(font: str):
    from reportlab.pdfbase.pdfmetrics import stringWidth  # deferred: font metrics, at drawing time

    return lambda text, size: stringWidth(text, font, size)


def fitted(face: Face, size_pt: float, largest_pt: float | None = None):
    """How ``face``'s text fits a face of ``size_pt``: a ``Fitted``, or None when it cannot.

    ``largest_pt`` caps the size (a set's common word size); by default it is ``largest_size``.
    The same text, font and sizes are fitted once (the fit check before drawing, the set's
    word size and the drawing ask the same question)."""
    return _fitted(face.text, font_of(face), size_pt, largest_pt or largest_size(face, size_pt))


@lru_cache(maxsize=4096)
def _fitted(text: str, font: str, size_pt: float, largest_pt: float):
    return fit_text(text, *text_box(size_pt), measure(font), largest_pt=largest_pt)


class AssociationPainter:
    """Draws ``faces[face_id]``; pictures through a ``PicturePainter`` over ``images``."""

    follows_tile = False

    def __init__(self, faces: tuple[Face, ...], pictures=None) -> None:
        self.faces = faces
        self.pictures = pictures
        """A ``PicturePainter`` whose theme lists the pictures by ``Face.count``, or None."""
        self._word_sizes: dict[float, float] = {}

    @classmethod
    def for_theme(cls, theme, *, dpi: int) -> AssociationPainter:
        return cls(())

    def prepare(self, values, size_pt: float) -> None:
        if self.pictures is not None:
            wanted = sorted({self.faces[v].count for v in values if self.faces[v].kind == "picture"})
            self.pictures.prepare(wanted, size_pt * (1 - CAPTION_SHARE))

    def draw(self, canvas: Canvas, value: int, size_pt: float) -> None:
        face = self.faces[value]
        inner = size_pt
        if face.caption:
            self._caption(canvas, face.caption, size_pt)
            inner = size_pt * (1 - CAPTION_SHARE)
            canvas.saveState()
            canvas.translate((size_pt - inner) / 2, 0)
        keep = _kept_inside(inner, face)
        if keep < 1:  # a drawing that would reach into the safe area is drawn smaller, about its centre
            canvas.saveState()
            canvas.translate(inner / 2, inner / 2)
            canvas.scale(keep, keep)
            canvas.translate(-inner / 2, -inner / 2)
        FACE_PAINTERS[face.kind](self, canvas, face, inner)
        if keep < 1:
            canvas.restoreState()
        if face.caption:
            canvas.restoreState()
        if face.card:
            self._card_number(canvas, face.card, size_pt)
        if face.asks:
            self._question_mark(canvas, size_pt)

    def _picture(self, canvas: Canvas, face: Face, size: float) -> None:
        if self.pictures is not None:
            self.pictures.draw(canvas, face.count, size)

    # -- text ----------------------------------------------------------------------------
    def _word_size(self, size: float) -> float:
        """One size for every word of the set (the size the longest fits at): a set reads evenly."""
        if size not in self._word_sizes:
            sizes = [fit.size_pt for face in self.faces if face.kind == "text" and not face.bold
                     if (fit := fitted(face, size)) is not None]
            self._word_sizes[size] = min(sizes, default=0.0)
        return self._word_sizes[size]

    def _text(self, canvas: Canvas, face: Face, size: float) -> None:
        fit = fitted(face, size, largest_pt=None if face.bold else self._word_size(size))
        if fit is None:  # checked before drawing; a last resort keeps the text whole
            fit = fit_text(face.text, text_box(size)[0], size * 4, measure(font_of(face)),
                           largest_pt=9, smallest_pt=3)
        font, font_size = font_of(face), fit.size_pt
        while True:  # the underline and the descenders of the last line keep the safe area too
            lead = font_size * LEADING
            cap = font_size * fonts.CAP_HEIGHT
            block = cap + lead * (len(fit.lines) - 1)
            baseline = (size + block) / 2 - cap + (0.04 * size if face.underline else 0)
            low = _below_baseline(fit.lines[-1], font_size, face.underline)
            bottom = baseline - lead * (len(fit.lines) - 1) - low
            raised = baseline + max(0.0, SAFE_PT - bottom)
            if raised + cap <= size - SAFE_PT or font_size <= MIN_LABEL_PT:
                baseline = raised
                break
            font_size *= 0.95
        canvas.setFillColor(INK)
        canvas.setFont(font, font_size)
        for line in fit.lines:
            canvas.drawCentredString(size / 2, baseline, line)
            if face.underline:
                width = canvas.stringWidth(line, font, font_size)
                bar = _underline_bar(font_size)
                below = _below_baseline(line, font_size, True) - bar
                canvas.rect((size - width) / 2, baseline - below, width, bar, stroke=0, fill=1)
            baseline -= lead

    def _caption(self, canvas: Canvas, caption: str, size: float) -> None:
        font_size = max(6.0, size * CAPTION_SHARE * 0.5)
        while font_size > 5 and canvas.stringWidth(caption, REGULAR, font_size) > size * 0.9:
            font_size -= 0.25
        canvas.setFillColor(INK)
        canvas.setFont(REGULAR, font_size)
        canvas.drawCentredString(size / 2, size * (1 - CAPTION_SHARE * 0.7), caption)

    def _card_number(self, canvas: Canvas, number: int, size: float) -> None:
        font_size = _card_number_size(size)
        inset = _corner_inset(size)
        canvas.setFillColor(MARK_GREY)
        canvas.setFont(REGULAR, font_size)
        canvas.drawString(inset, inset, str(number))

    def _question_mark(self, canvas: Canvas, size: float) -> None:
        font_size = _question_mark_size(size)
        inset = _corner_inset(size)
        canvas.setFillColor(MARK_GREY)
        canvas.setFont(BOLD, font_size)
        canvas.drawRightString(size - inset, inset, "?")

    # -- dots ----------------------------------------------------------------------------
    def _dots(self, canvas: Canvas, count: int, size: float) -> None:
        canvas.setFillColor(INK)
        if count <= 6:
            self._dice(canvas, count, 0, 0, size, 0.085)
            return
        groups = [5] * (count // 5) + ([count % 5] if count % 5 else [])
        cell = size * 0.5
        if len(groups) == 2:
            spots = [(0, size * 0.25), (cell, size * 0.25)]
        else:
            spots = [(0, cell), (cell, cell), (0, 0), (cell, 0)]
        canvas.saveState()
        canvas.setStrokeColor("#BBBBBB")
        canvas.setLineWidth(max(0.4, size * 0.01))
        for (x, y), group in zip(spots, groups, strict=False):
            canvas.roundRect(x + cell * 0.06, y + cell * 0.06, cell * 0.88, cell * 0.88, cell * 0.12,
                             stroke=1, fill=0)
            self._dice(canvas, group, x, y, cell, 0.11)
        canvas.restoreState()

    def _dice(self, canvas: Canvas, count: int, x: float, y: float, cell: float, radius: float) -> None:
        for fx, fy in UPRIGHT_DICE[count]:
            canvas.circle(x + fx * cell, y + fy * cell, radius * cell, stroke=0, fill=1)

    # -- hands ---------------------------------------------------------------------------
    def _hands(self, canvas: Canvas, count: int, size: float) -> None:
        if count <= 5:  # a hand spans -0.28 w (the thumb out; else 0.1 w) to 0.94 w, and 1.47 w high
            width = size * 0.58
            left = -0.28 if count == 5 else 0.1
            self._hand(canvas, count, size / 2 - (left + 0.94) / 2 * width, size * 0.07, width)
        else:
            # Five on the left, thumb out to the left; the rest on the right, mirrored.
            self._hand(canvas, 5, size * 0.125, size * 0.22, size * 0.34)
            self._hand(canvas, count - 5, size * 0.65, size * 0.22, size * 0.34, mirrored=True)

    def _hand(self, canvas: Canvas, raised: int, x: float, y: float, w: float, *,
              mirrored: bool = False) -> None:
        """A hand, palm facing us, ``w`` wide: index, middle, ring, little, then the thumb.

        Mirrored, its thumb points right (the second hand of 6 to 10), within the same span."""
        canvas.saveState()
        canvas.translate(x, y)
        if mirrored:
            canvas.translate(0.66 * w, 0)
            canvas.scale(-1, 1)
        canvas.setFillColor(SKIN)
        canvas.setStrokeColor(SKIN_LINE)
        canvas.setLineWidth(max(0.7, w * 0.035))
        canvas.setLineJoin(1)
        finger_w = w * 0.17
        long_h, short_h = w * 0.62, w * 0.16
        palm_top = w * 0.8
        for index in range(4):  # index finger next to the thumb, on the left
            fx = w * 0.18 + index * (finger_w + w * 0.025)
            height = long_h * (1, 1.08, 1, 0.8)[index] if index < raised else short_h
            canvas.roundRect(fx, palm_top - finger_w, finger_w, height + finger_w, finger_w / 2,
                             stroke=1, fill=1)
        thumb = canvas.beginPath()
        if raised == 5:  # the thumb out to the left
            thumb.roundRect(-w * 0.28, w * 0.3, w * 0.5, finger_w * 1.05, finger_w / 2)
        else:  # folded across the palm
            thumb.roundRect(w * 0.1, w * 0.28, w * 0.52, finger_w * 1.05, finger_w / 2)
        palm = canvas.beginPath()
        palm.roundRect(w * 0.14, 0, w * 0.8, palm_top, w * 0.16)
        if raised == 5:
            canvas.drawPath(thumb, stroke=1, fill=1)
            canvas.drawPath(palm, stroke=1, fill=1)
        else:
            canvas.drawPath(palm, stroke=1, fill=1)
            canvas.drawPath(thumb, stroke=1, fill=1)
        canvas.restoreState()

    # -- colours -------------------------------------------------------------------------
    def _colour(self, canvas: Canvas, index: int, size: float) -> None:
        colour, pattern = COLOURS[index]
        inset, side = size * 0.12, size * 0.76
        patch = canvas.beginPath()
        patch.roundRect(inset, inset, side, side, size * 0.08)
        canvas.saveState()
        canvas.setFillColor(colour)
        canvas.setStrokeColor("#333333")
        canvas.setLineWidth(max(0.8, size * 0.015))
        canvas.drawPath(patch, stroke=1, fill=1)
        canvas.clipPath(patch, stroke=0, fill=0)
        ink = "#FFFFFF" if hex_luma(colour) < 110 else "#222222"
        canvas.setStrokeColor(ink)
        canvas.setFillColor(ink)
        canvas.setLineWidth(size * 0.025)
        PATTERNS[pattern](canvas, inset, side)
        canvas.restoreState()


# -- counting faces: tally marks, ten-frames, dice, base-ten rods ----------------------------
FacePaint = Callable[[AssociationPainter, "Canvas", Face, float], None]

FACE_PAINTERS: dict[str, FacePaint] = {
    "text": AssociationPainter._text,
    "dots": lambda painter, canvas, face, size: painter._dots(canvas, face.count, size),
    "hand": lambda painter, canvas, face, size: painter._hands(canvas, face.count, size),
    "colour": lambda painter, canvas, face, size: painter._colour(canvas, face.count, size),
    "picture": AssociationPainter._picture,
    "tally": lambda painter, canvas, face, size: draw_tally(canvas, face.count, size),
    "frame": lambda painter, canvas, face, size: draw_frames(canvas, face.count, size),
    "dice": lambda painter, canvas, face, size: draw_dice(canvas, face.count, size),
    "rods": lambda painter, canvas, face, size: draw_rods(canvas, face.count, size),
    "clock": lambda painter, canvas, face, size: draw_clock(canvas, face, size),
    "pie": lambda painter, canvas, face, size: draw_pie(canvas, face, size),
    "bar": lambda painter, canvas, face, size: draw_bar(canvas, face, size),
    "coins": lambda painter, canvas, face, size: draw_coins(canvas, face, size),
}
"""The painter of each ``Face.kind``: draws the face, upright, into the square of ``size`` points.
The representation kinds of ``themes.representations.KINDS`` make faces of these kinds."""
