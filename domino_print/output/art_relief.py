"""SVG artwork as a shape to feel: a picture's silhouette traced into outlines, in mm.

The picture's opacity (``pictures.silhouette``: loaded as a theme's SVG is, with its checks and
limits) is drawn at ``PIXELS_PER_MM``, and the edge of its opaque pixels traced with contourpy
(the contouring library behind matplotlib); holes stay holes (the outlines are filled
even-odd), and specks smaller than ``SMALLEST_MM2`` (too small to print or to feel) are left out.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

from domino_print.geometry.touch import Contour

PIXELS_PER_MM = 8
SMALLEST_MM2 = 1.0


@functools.lru_cache(maxsize=64)
def _unit_outlines(path: Path, pixels: int) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The silhouette's outlines in a unit square (0-1, y up), the picture centred in it."""
    import contourpy

    from domino_print.pictures.silhouette import svg_alpha

    alpha = svg_alpha(path, pixels).astype(np.float64) / 255.0
    rows, columns = alpha.shape
    padded = np.pad(alpha, 1)  # a shape touching the edge is closed along it
    lines = contourpy.contour_generator(z=padded, line_type="Separate").lines(0.5)
    side = max(rows, columns)
    off_x, off_y = (side - columns) / 2, (side - rows) / 2
    outlines = []
    for line in lines:
        line = np.asarray(line, dtype=np.float64)
        if len(line) < 4:
            continue
        xs = (line[:, 0] - 1 + off_x) / side
        ys = 1 - (line[:, 1] - 1 + off_y) / side
        area = 0.5 * abs(float(np.dot(xs, np.roll(ys, 1)) - np.dot(ys, np.roll(xs, 1))))
        if area * (pixels / PIXELS_PER_MM) ** 2 < SMALLEST_MM2:
            continue
        outlines.append(tuple(zip(xs.round(5).tolist(), ys.round(5).tolist(), strict=True)))
    return tuple(outlines)


def picture_contours(path: Path, corner: tuple[float, float], side_mm: float) -> tuple[Contour, ...]:
    """The picture's silhouette fitted in the square of ``side_mm`` from ``corner`` (lower left)."""
    pixels = max(32, round(side_mm * PIXELS_PER_MM))
    x0, y0 = corner
    return tuple(tuple((round(x0 + x * side_mm, 4), round(y0 + y * side_mm, 4)) for x, y in outline)
                 for outline in _unit_outlines(Path(path), pixels))
