"""Plain shapes on a page, in millimetres from its lower-left corner, y upwards: rectangles
(``Rect``), straight lines (``Segment``, joined by ``merge_segments``) and where one tile goes
(``Placement``). The layout (``geometry.sheet``), its crop marks (``geometry.crop_marks``) and
the print-and-cut marks (``geometry.registration``) all speak in them; this module imports none
of the package.
"""

from __future__ import annotations

import math
from typing import NamedTuple

EPS_MM = 1e-6
"""Two lengths closer than this are the same length (rounding in the layout's sums)."""


class Rect(NamedTuple):
    """A rectangle in mm: its lower-left corner and size."""

    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float

    @property
    def right(self) -> float:
        return self.x_mm + self.width_mm

    @property
    def top(self) -> float:
        return self.y_mm + self.height_mm

    def overlaps(self, other: Rect) -> bool:
        """Whether the two rectangles share more than an edge."""
        return (self.x_mm < other.right and other.x_mm < self.right
                and self.y_mm < other.top and other.y_mm < self.top)

    def contains(self, other: Rect, slack: float = 1e-6) -> bool:
        return (other.x_mm >= self.x_mm - slack and other.right <= self.right + slack
                and other.y_mm >= self.y_mm - slack and other.top <= self.top + slack)


class Placement(NamedTuple):
    """Where one tile goes: ``index`` into the tile sequence, its rectangle, its direction."""

    index: int  # type: ignore[assignment]  # a field, shadowing tuple.index, which nothing here calls
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float
    vertical: bool

    @property
    def centre_mm(self) -> tuple[float, float]:
        return (self.x_mm + self.width_mm / 2, self.y_mm + self.height_mm / 2)


class Segment(NamedTuple):
    """A straight line from (x0, y0) to (x1, y1), in millimetres; horizontal or vertical."""

    x0: float
    y0: float
    x1: float
    y1: float


def merge_segments(segments: list[Segment]) -> tuple[Segment, ...]:
    """Join collinear horizontal or vertical segments that touch or overlap; drop duplicates."""
    lines: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for seg in segments:
        if abs(seg.y0 - seg.y1) < EPS_MM:
            key, span = ("h", round(seg.y0, 6)), (min(seg.x0, seg.x1), max(seg.x0, seg.x1))
        else:
            key, span = ("v", round(seg.x0, 6)), (min(seg.y0, seg.y1), max(seg.y0, seg.y1))
        lines.setdefault(key, []).append(span)
    merged: list[Segment] = []
    for (kind, at), spans in sorted(lines.items()):
        spans.sort()
        start, end = spans[0]
        for lo, hi in [*spans[1:], (math.inf, math.inf)]:
            if lo <= end + EPS_MM:
                end = max(end, hi)
                continue
            merged.append(Segment(start, at, end, at) if kind == "h" else Segment(at, start, at, end))
            start, end = lo, hi
    return tuple(merged)
