"""A cut, simulated (issue 30): a cut file's paths read back from the SVG, each swept by the kerf
(shapely buffers), and the pieces of paper left between the swaths measured. Written from SVG's
path grammar and plain geometry, independently of ``output.cut_svg`` and ``geometry.cutting``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import NamedTuple

import pytest
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

SVG = "{http://www.w3.org/2000/svg}"
_TOKEN = re.compile(r"[MHVLAZ]|-?\d+(?:\.\d+)?")
HAIRLINE_MM = 0.002
"""The swath a kerf of 0 is simulated with: a blade's cut, thin but not nothing."""


class Cuts(NamedTuple):
    """A cut file's cut paths, as polylines in the file's millimetres (y downwards), in file order."""

    width_mm: float
    height_mm: float
    paths: list[list[tuple[float, float]]]
    ids: list[str]

    @property
    def length_mm(self) -> float:
        """The length the blade or beam travels cutting (arcs counted as their chords)."""
        return sum(LineString(path).length for path in self.paths)

    def travel_mm(self, start: tuple[float, float] = (0.0, 0.0)) -> float:
        """The distance moved with the tool lifted: from ``start`` to the first path, then from
        each path's end to the next one's start."""
        travel, (x, y) = 0.0, start
        for path in self.paths:
            travel += ((path[0][0] - x) ** 2 + (path[0][1] - y) ** 2) ** 0.5
            x, y = path[-1]
        return travel


def polyline(d: str) -> list[tuple[float, float]]:
    """The points of one SVG path of M, L, H, V, A (arcs as their chord) and Z, absolute."""
    tokens = _TOKEN.findall(d)
    points: list[tuple[float, float]] = []
    index, command = 0, ""
    x = y = 0.0
    while index < len(tokens):
        if tokens[index].isalpha():
            command = tokens[index]
            index += 1
        if command == "Z":
            points.append(points[0])
            continue
        if command in "ML":
            x, y = float(tokens[index]), float(tokens[index + 1])
            index += 2
        elif command == "H":
            x = float(tokens[index])
            index += 1
        elif command == "V":
            y = float(tokens[index])
            index += 1
        elif command == "A":
            x, y = float(tokens[index + 5]), float(tokens[index + 6])
            index += 7
        points.append((x, y))
    return points


def read_cuts(svg: Path) -> Cuts:
    """The cut layer's paths (red strokes, never the engraving) of a cut file."""
    root = ET.parse(svg).getroot()
    cut = root.find(f"{SVG}g[@id='cut']")
    assert cut is not None and cut.get("stroke") == "#FF0000"
    paths = list(cut.iter(f"{SVG}path"))
    width, height = (float(v) for v in root.get("viewBox", "").split()[2:])
    return Cuts(width, height, [polyline(p.get("d", "")) for p in paths], [p.get("id", "") for p in paths])


def finished_pieces(cuts: Cuts, kerf_mm: float) -> list[Polygon]:
    """The pieces of the sheet left once every path has been cut by a swath ``kerf_mm`` wide
    (a round beam: round caps and joins)."""
    swath = max(kerf_mm, HAIRLINE_MM) / 2
    cut_away = unary_union([LineString(path).buffer(swath) for path in cuts.paths])
    left = box(0, 0, cuts.width_mm, cuts.height_mm).difference(cut_away)
    return list(getattr(left, "geoms", [left]))


def distinct_edge_length(rectangles: list[tuple[float, float, float, float]]) -> float:
    """The length of the tiles' edges counting each shared stretch once: (left, top, right, bottom);
    edges within a micrometre of one another are one edge."""
    return unary_union([box(*(round(v, 3) for v in r)).exterior for r in rectangles]).length


def assert_cut_leaves_the_tiles(cuts, rectangles, kerf_mm, *, rounded=False):
    """Cut along every path with a swath ``kerf_mm`` wide: each tile comes out whole, at its
    place and printed size (within 0.005 mm), and no piece holds two tiles."""
    pieces = finished_pieces(cuts, kerf_mm)
    for left, top, right, bottom in rectangles:
        centre = Point((left + right) / 2, (top + bottom) / 2)
        (piece,) = [p for p in pieces if p.contains(centre)]
        assert piece.bounds == pytest.approx((left, top, right, bottom), abs=0.005)
        if not rounded:
            area = (right - left) * (bottom - top)
            assert piece.area == pytest.approx(area, abs=0.005 * 2 * (right - left))
