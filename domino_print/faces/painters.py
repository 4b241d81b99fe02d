"""The registry of face painters: each draws one value into a square box, knowing nothing of the page.

A painter is a small object with ``draw(canvas, value, size_pt)`` that paints the
face of ``value`` into the square ``(0, 0)-(size_pt, size_pt)`` of the canvas's
current coordinates, and a ``follows_tile`` flag: True when the face turns with a
vertical tile (pips), False when it stays upright on the page (numerals, pictures).
A painter may also define ``prepare(values, size_pt)``, called once before any
drawing, to start slow work (decoding photos) for those values ahead of time.

``PAINTERS`` is the registry from a theme's kind (``themes.kinds.KINDS``: pips, numerals,
pictures, association) to its painter class, which builds itself from a theme with
``for_theme(theme, dpi=...)``. The kind's facts (its highest value, what its faces show) are
its record in ``themes.kinds``, not the painter's: a new kind is that record and a class here.
A painter that draws differently for an ink mode (``ink.Ink``) has ``use_ink(ink)``, returning
the painter for that mode; one without it draws as in colour (a grey-only canvas still turns its
colours grey). The painter modules are light: the heavy libraries a picture needs (Pillow,
svglib) load only when one is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from domino_print.faces.numerals import NumeralPainter
from domino_print.faces.pips import PipPainter
from domino_print.themes.kinds import KINDS as THEME_KINDS

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from domino_print.ink import Ink
    from domino_print.themes.model import Theme


class FacePainter(Protocol):
    follows_tile: bool

    def draw(self, canvas: Canvas, value: int, size_pt: float) -> None: ...


class PainterClass(Protocol):
    """What the registry holds for a kind: how to build its painter for a theme."""

    def for_theme(self, theme: Theme, *, dpi: int) -> FacePainter: ...


class AssociationFaces:
    """Association themes (issue 12): their painter, ``faces.association.AssociationPainter``,
    draws face ids and is built by ``sets.association.painter_for_set``. The registry holds only its
    limits, so that importing it stays light for every other theme."""

    follows_tile = False

    @classmethod
    def for_theme(cls, theme: Theme, *, dpi: int) -> FacePainter:
        from domino_print.faces.association import AssociationPainter  # association sets only

        return AssociationPainter(())


class PictureFaces:
    """Picture themes: their painter, ``faces.artwork.PicturePainter``, loaded with what it draws
    with (``pictures.art``, ``pictures.svg``) only when a theme of pictures is painted, so that a
    pips or numerals run does not import them (issue 36: start-up)."""

    follows_tile = False

    @classmethod
    def for_theme(cls, theme: Theme, *, dpi: int) -> FacePainter:
        from domino_print.faces.artwork import PicturePainter  # picture themes only

        return PicturePainter.for_theme(theme, dpi=dpi)


PAINTERS: dict[str, PainterClass] = {
    "pips": PipPainter,
    "numerals": NumeralPainter,
    "pictures": PictureFaces,
    "association": AssociationFaces,
}
"""The painter class for each kind of theme (``themes.kinds.KINDS``), looked up by its name."""

KINDS = tuple(PAINTERS)
"""The kinds painted: ``themes.kinds.KINDS``, which the registry follows (checked on import)."""
if KINDS != THEME_KINDS:
    raise RuntimeError(f"faces.painters.PAINTERS paints {KINDS}, the theme kinds are {THEME_KINDS}: "
                       "register a painter class for each record of themes.kinds.THEME_KINDS, in its order")


def painter_for(theme: Theme, *, dpi: int = 300, ink: Ink | None = None) -> FacePainter:
    """The painter of the theme's kind, set up with the theme's colours or images, for the
    ``ink`` mode (colour when None)."""
    painter = PAINTERS[theme.kind].for_theme(theme, dpi=dpi)
    use_ink = getattr(painter, "use_ink", None)
    return use_ink(ink) if ink is not None and use_ink is not None else painter
