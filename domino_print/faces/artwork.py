"""Pictures as faces: SVG art drawn as vectors, photos and raster art as embedded images.

Built-in SVG art is drawn from its precompiled operators (``pictures.art``)
when they match the file; any other SVG is converted with svglib.

Each picture is scaled to fit its square with even padding and never distorted (the shares
free around it, ``PADDING`` and ``COVER_MARGIN``, are the face box's: ``geometry.face_box``).
The renderer draws every face once as a reusable form, so an image is embedded
once however many tiles show it.

For an ink mode (``use_ink``) vector art is drawn in the mode's style (``pictures.restyle``:
pale for eco, line art for noir). In noir a photo is embedded as grey pixels and a user
theme's background is left out: a line filter turns the busy backgrounds and soft edges
of real photos into speckle, while a greyscale photo still shows what it shows, in black ink.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_print.geometry.face_box import COVER_MARGIN, PADDING
from domino_print.ink import COLOUR
from domino_print.pictures import is_svg
from domino_print.pictures.art import load_compiled
from domino_print.pictures.restyle import restyle
from domino_print.pictures.svg import draw_drawing, load_svg

if TYPE_CHECKING:
    from pathlib import Path

    from reportlab.pdfgen.canvas import Canvas

    from domino_print.ink import Ink
    from domino_print.themes.model import Theme


class PicturePainter:
    """Draws ``theme.images[value]`` upright in the face."""

    follows_tile = False

    def __init__(self, theme: Theme, *, dpi: int = 300, ink: Ink = COLOUR) -> None:
        self.theme = theme
        self.dpi = dpi
        self.ink = ink
        self._pending: dict = {}
        """Pictures already being prepared in worker threads, by path."""
        self._keys: dict = {}
        """Each raster picture's key in ``pictures.kept`` (its bytes read once a render), by path,
        size and crop position."""

    @classmethod
    def for_theme(cls, theme: Theme, *, dpi: int) -> PicturePainter:
        return cls(theme, dpi=dpi)

    def use_ink(self, ink: Ink) -> PicturePainter:
        """This painter for an ink mode: art in the mode's style, grey photos in noir."""
        return PicturePainter(self.theme, dpi=self.dpi, ink=ink)

    @property
    def background(self) -> str:
        """The colour behind a user's pictures: white when the ink mode leaves it out."""
        return "#FFFFFF" if self.ink.plain_background else self.theme.background

    def prepare(self, values, size_pt: float) -> None:
        """Start preparing these values' raster pictures side by side; ``draw`` collects them."""
        rasters = [self.theme.images[v] for v in values if not is_svg(self.theme.images[v])]
        if not rasters:
            return  # vector art only: nothing slow to start, and no need to import Pillow's tools
        from domino_print.pictures import kept
        from domino_print.pictures.raster import prepare_in_parallel  # deferred: Pillow, for photos only

        for value in values:  # those an earlier render prepared are not prepared again
            path = self.theme.images[value]
            if path in rasters and kept.recall(self._key(path, size_pt, self._position(value))) is not None:
                rasters.remove(path)
        self._pending = prepare_in_parallel(
            rasters,
            size_pt,
            dpi=self.dpi,
            fit=self.theme.fit,
            background=self.background,
            padding=PADDING,
            margin=COVER_MARGIN,
            positions={self.theme.images[v]: self._position(v) for v in values},
            digests={path: key[0] for (path, _, _), key in self._keys.items() if key is not None},
            grey=self.ink.grey_only,
        )

    def _position(self, value: int) -> tuple[float, float]:
        """Where the square of this value's picture is cut with ``cover`` (the theme's ``crop``)."""
        crops = self.theme.crops
        return crops[value] if value < len(crops) else (0.5, 0.5)

    def draw(self, canvas: Canvas, value: int, size_pt: float) -> None:
        path = self.theme.images[value]
        if is_svg(path):
            self._draw_svg(canvas, path, size_pt)
        else:
            self._draw_raster(canvas, path, size_pt, self._position(value))

    def _draw_svg(self, canvas: Canvas, path: Path, size_pt: float) -> None:
        """Vector art, scaled to fit: from its precompiled operators when they are current."""
        style = self.ink.art
        # Precompiled operators hold their own greys; black-only ink draws through the canvas's colours.
        compiled = load_compiled(path, style) if self.theme.builtin and not self.ink.black_only else None
        drawing = None if compiled else restyle(load_svg(path), style)
        measured = compiled or drawing
        assert measured is not None
        width, height = measured.width, measured.height
        inner = size_pt * (1 - 2 * PADDING)
        scale = min(inner / width, inner / height)
        canvas.saveState()
        if not self.theme.builtin and not self.ink.plain_background:
            canvas.setFillColor(self.theme.background)
            canvas.rect(0, 0, size_pt, size_pt, stroke=0, fill=1)
        canvas.translate((size_pt - width * scale) / 2, (size_pt - height * scale) / 2)
        canvas.scale(scale, scale)
        if compiled:
            canvas.addLiteral(compiled.operators)
        else:
            draw_drawing(canvas, drawing)
        canvas.restoreState()

    def _key(self, path: Path, size_pt: float, position: tuple[float, float]) -> tuple | None:
        """The key of this picture in ``pictures.kept``, worked out once per painter."""
        found = (path, size_pt, position)
        if found not in self._keys:
            from domino_print.pictures.raster import face_key

            self._keys[found] = face_key(path, size_pt, dpi=self.dpi, fit=self.theme.fit,
                                         background=self.background, padding=PADDING, margin=COVER_MARGIN,
                                         position=position, grey=self.ink.grey_only)
        return self._keys[found]

    def _draw_raster(self, canvas: Canvas, path, size_pt: float, position: tuple[float, float]) -> None:
        from domino_print.pictures.raster import draw_raster  # deferred: Pillow, for photos only

        draw_raster(
            canvas,
            path,
            size_pt,
            dpi=self.dpi,
            fit=self.theme.fit,
            background=self.background,
            padding=PADDING,
            margin=COVER_MARGIN,
            position=position,
            pending=self._pending.pop(path, None),
            grey=self.ink.grey_only,
            key=self._key(path, size_pt, position),
        )
