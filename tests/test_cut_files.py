"""SVG cut files for cutting machines (issue 21): ``--cut svg``, ``--corner MM``, ``--kerf MM``;
parsed back and compared with the document's geometry."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domino_print.api import parse_options
from domino_print.geometry.cutting import shared_cut_lines
from domino_print.geometry.shapes import Placement
from domino_print.options.parsing import parse
from tests.cut_simulation import assert_cut_leaves_the_tiles, distinct_edge_length, read_cuts

SVG = "{http://www.w3.org/2000/svg}"
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _paths(svg: Path) -> tuple[ET.Element, list[str]]:
    root = ET.parse(svg).getroot()
    return root, [path.get("d", "") for path in root.iter(f"{SVG}path")]


def _rectangle(d: str) -> tuple[float, float, float, float]:
    """A closed path of straight sides only (M x y H V H Z) as (left, top, right, bottom)."""
    match = re.fullmatch(r"M(\S+) (\S+)H(\S+)V(\S+)H(\S+)Z", d)
    assert match, d
    left, top, right, bottom, back = (float(v) for v in match.groups())
    assert back == left  # it closes where it started
    return left, top, right, bottom


def _run(run_cli, tmp_path, *args):
    out = tmp_path / "planche.pdf"
    result = run_cli("--no-rules", "--out", out, *args)
    assert result.exit_code == 0, result.stderr
    return out, result


def _layout(given):
    """The layout the command line lays out for these options (cut options included)."""
    return parse_options(parse({"no_rules": True, "cut": "svg", **given}, command_line=True)).layout


def _given(extra) -> dict[str, str]:
    pairs = zip(extra[::2], extra[1::2], strict=True)
    return {flag.lstrip("-").replace("-", "_"): value for flag, value in pairs}


def _tile_rectangles(layout, page) -> list[tuple[float, float, float, float]]:
    """Each tile's (left, top, right, bottom) in a cut file's frame: the page's, y downwards."""
    height = layout.page_height_mm
    return [(t.x_mm, height - t.y_mm - t.height_mm, t.x_mm + t.width_mm, height - t.y_mm)
            for t in page.placements]


@pytest.mark.parametrize("extra", [[], ["--max", "9"], ["--kerf", "0.3"], ["--gap", "3", "--paper", "A5"],
                                   ["--gap", "2", "--kerf", "0.3"], ["--gap", "0.1", "--kerf", "0.3"],
                                   ["--corner", "2", "--gap", "2", "--kerf", "0.2"], ["--corner", "3"],
                                   ["--registration", "silhouette", "--kerf", "0.3"]])
def test_the_simulated_cut_leaves_every_tile_its_printed_size(run_cli, tmp_path, extra):
    """Issue 30: a kerf of 0.3 mm at --gap 0 left tiles 27.10-27.40 mm wide instead of 27.70."""
    _, result = _run(run_cli, tmp_path, "--cut", "svg", *extra)
    given = _given(extra)
    kerf = float(given.get("kerf", 0))
    layout = _layout(given)
    files = sorted(tmp_path.glob("planche-cut-*.svg"))
    assert [f.name for f in files] == [f"planche-cut-{n}.svg" for n in range(1, len(layout.pages) + 1)]
    assert "SVG cut file" in result.output
    gap = float(given.get("gap", 0))
    assert layout.pages[0].placements[1].x_mm - layout.pages[0].placements[0].x_mm == pytest.approx(
        layout.tile_size_mm[0] + max(gap, kerf)), "tiles at least a kerf apart"
    assert ("tiles laid 0.3 mm apart so that the 0.3 mm kerf" in result.output) == (gap < kerf)
    for page, svg in zip(layout.pages, files, strict=True):
        cuts = read_cuts(svg)
        root = ET.parse(svg).getroot()
        assert root.get("width") == f"{layout.page_width_mm:g}mm"
        assert root.get("height") == f"{layout.page_height_mm:g}mm"
        assert (cuts.width_mm, cuts.height_mm) == (layout.page_width_mm, layout.page_height_mm)
        assert_cut_leaves_the_tiles(cuts, _tile_rectangles(layout, page), kerf, rounded="corner" in given)
        group = root.find(f"{SVG}g")
        assert group is not None and group.get("stroke") == "#FF0000" and group.get("fill") == "none"


def _distinct_cut_rectangles(layout, page, kerf):
    """The tiles' outlines grown by half the kerf (the lines a cut follows), in the file's frame."""
    grow = kerf / 2
    return [(left - grow, top - grow, right + grow, bottom + grow)
            for left, top, right, bottom in _tile_rectangles(layout, page)]


@pytest.mark.parametrize("extra", [[], ["--max", "9"], ["--kerf", "0.3"], ["--paper", "A5", "--max", "4"]])
def test_touching_tiles_are_cut_once_along_each_edge_in_long_lines(run_cli, tmp_path, extra):
    """At gap 0 (or a kerf apart) the file holds each distinct edge once: its cut length is the
    tiles' distinct edge length (closed outlines made 1.8 times as much), in long straight lines
    across or down the block, and the travel between them short."""
    _run(run_cli, tmp_path, "--cut", "svg", *extra)
    given = _given(extra)
    kerf = float(given.get("kerf", 0))
    layout = _layout(given)
    for number, page in enumerate(layout.pages, start=1):
        cuts = read_cuts(tmp_path / f"planche-cut-{number}.svg")
        rectangles = _distinct_cut_rectangles(layout, page, kerf)
        distinct = distinct_edge_length(rectangles)
        outlines = sum(2 * (right - left) + 2 * (bottom - top) for left, top, right, bottom in rectangles)
        assert cuts.length_mm == pytest.approx(distinct, abs=0.01)
        assert distinct < 0.75 * outlines
        segments = [(a, b) for path in cuts.paths for a, b in itertools.pairwise(path)]
        assert all(a[0] == b[0] or a[1] == b[1] for a, b in segments), "straight lines, across or down"
        downs = {a[0] for a, b in segments if a[0] == b[0]}
        acrosses = {a[1] for a, b in segments if a[1] == b[1]}
        assert len(segments) <= len(downs) + len(acrosses), "one long line along each cut"
        # The tool moves lifted less than it cuts, and far less than in a file order that ignores it.
        assert cuts.travel_mm() < 0.5 * cuts.length_mm
        if number == 1 and not extra:
            print(f"double-six: {cuts.length_mm:.0f} mm cut ({outlines:.0f} mm of outlines), "
                  f"{cuts.travel_mm():.0f} mm of travel")
            assert cuts.travel_mm() < 0.25 * cuts.length_mm


def test_without_a_shared_edge_each_tile_keeps_its_closed_outline(run_cli, tmp_path):
    """With a gap wider than the kerf, or rounded corners, every tile is one closed path."""
    for extra in (["--gap", "2"], ["--corner", "3"]):
        _run(run_cli, tmp_path, "--cut", "svg", *extra)
        layout = _layout(_given(extra))
        cuts = read_cuts(tmp_path / "planche-cut-1.svg")
        assert cuts.ids == [f"tile-{tile.index + 1}" for tile in layout.pages[0].placements]
        assert all(path[0] == path[-1] for path in cuts.paths)


def test_kerf_grows_each_path_by_half_of_it_and_corners_round(run_cli, tmp_path):
    _run(run_cli, tmp_path, "--cut", "svg", "--kerf", "0.2", "--gap", "2")
    layout = parse_options({"no_rules": True, "gap": "2"}).layout
    _, paths = _paths(tmp_path / "planche-cut-1.svg")
    tile = layout.pages[0].placements[0]
    left, top, right, bottom = _rectangle(paths[0])
    assert right - left == pytest.approx(tile.width_mm + 0.2, abs=0.005)
    assert bottom - top == pytest.approx(tile.height_mm + 0.2, abs=0.005)
    assert left == pytest.approx(tile.x_mm - 0.1, abs=0.005)
    _run(run_cli, tmp_path, "--cut", "svg", "--corner", "3")
    layout = parse_options({"no_rules": True}).layout
    tile = layout.pages[0].placements[0]
    _, paths = _paths(tmp_path / "planche-cut-1.svg")
    assert paths[0].count("A3 3 0 0 1") == 4 and paths[0].endswith("Z")
    numbers = [float(v) for v in _NUMBER.findall(paths[0].replace("A3 3 0 0 1", ""))]
    assert min(numbers) == pytest.approx(min(tile.x_mm, layout.page_height_mm - tile.y_mm - tile.height_mm))


def test_cut_options_need_cut_and_a_users_file_is_never_replaced(run_cli, tmp_path):
    result = run_cli("--corner", "2", "--out", tmp_path / "a.pdf")
    assert result.exit_code == 2 and "--cut svg" in result.stderr and not (tmp_path / "a.pdf").exists()
    result = run_cli("--cut", "svg", "--kerf", "5", "--out", tmp_path / "a.pdf")
    assert result.exit_code == 2 and "--kerf" in result.stderr
    mine = tmp_path / "a-cut-1.svg"
    mine.write_text("<svg>my drawing</svg>")
    result = run_cli("--cut", "svg", "--out", tmp_path / "a.pdf")
    assert result.exit_code == 1 and "a-cut-1.svg" in result.stderr
    assert mine.read_text() == "<svg>my drawing</svg>" and not (tmp_path / "a.pdf").exists()


def test_cut_files_of_a_longer_earlier_run_are_removed(run_cli, tmp_path):
    _run(run_cli, tmp_path, "--cut", "svg", "--max", "12")
    assert (tmp_path / "planche-cut-2.svg").exists()
    _run(run_cli, tmp_path, "--cut", "svg")
    assert sorted(p.name for p in tmp_path.glob("*.svg")) == ["planche-cut-1.svg"]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(columns=st.integers(1, 8), rows=st.integers(1, 6), missing=st.integers(0, 7),
       vertical=st.booleans(), short=st.floats(10, 40), kerf=st.sampled_from([0.0, 0.2, 0.5]))
def test_shared_cut_lines_hold_each_edge_once_in_straight_connected_runs(columns, rows, missing, vertical,
                                                                         short, kerf):
    """Any grid laid a kerf apart, its last row short of ``missing`` tiles: the runs are straight
    lines across or down, each run joined end to start, their length the tiles' distinct edge
    length, and every tile's four sides on them."""
    width, height = (short, 2 * short) if vertical else (2 * short, short)
    count = max(1, columns * rows - min(missing, columns - 1))
    tiles = [Placement(i, 10 + (i % columns) * (width + kerf), 200 - (i // columns + 1) * (height + kerf),
                       width, height, vertical) for i in range(count)]
    runs = shared_cut_lines(tiles, kerf, start=(0.0, 210.0))
    if count == 1:
        assert runs is None  # nothing shared: the tile keeps its closed outline
        return
    assert runs is not None
    lines = [line for run in runs for line in run]
    assert all(line.x0 == line.x1 or line.y0 == line.y1 for line in lines)
    for run in runs:
        assert all((a.x1, a.y1) == (b.x0, b.y0) for a, b in itertools.pairwise(run))
    half = kerf / 2
    grown = [(t.x_mm - half, t.y_mm - half, t.x_mm + t.width_mm + half, t.y_mm + t.height_mm + half)
             for t in tiles]
    length = sum(abs(line.x1 - line.x0) + abs(line.y1 - line.y0) for line in lines)
    assert length == pytest.approx(distinct_edge_length(grown), abs=0.01)
