"""The value as a large numeral, upright; 6 and 9 are underlined to tell them apart."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_print import fonts

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.themes.model import Theme

UNDERLINED = frozenset({6, 9})


class NumeralPainter:
    """Bold numerals (``fonts.BOLD``) centred in the face; two digits get a smaller size."""

    follows_tile = False

    @classmethod
    def for_theme(cls, theme: Theme, *, dpi: int) -> NumeralPainter:
        return cls()

    def draw(self, canvas: Canvas, value: int, size_pt: float) -> None:
        text = str(value)
        font_size = size_pt * (0.62 if len(text) == 1 else 0.5)
        width = canvas.stringWidth(text, fonts.BOLD, font_size)
        cap_height = font_size * fonts.CAP_HEIGHT
        baseline = (size_pt - cap_height) / 2 + (0.04 * size_pt if value in UNDERLINED else 0)
        canvas.setFillColor("#111111")
        canvas.setFont(fonts.BOLD, font_size)
        canvas.drawCentredString(size_pt / 2, baseline, text)
        if value in UNDERLINED:
            bar = font_size * 0.08
            canvas.rect((size_pt - width) / 2, baseline - 2.2 * bar, width, bar, stroke=0, fill=1)
