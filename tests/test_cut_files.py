"""SVG cut files for cutting machines (issue 21): ``--cut svg``, ``--corner MM``, ``--kerf MM``;
parsed back and compared with the document's geometry."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from domino_print.api import parse_options

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


@pytest.mark.parametrize("extra", [[], ["--max", "9"], ["--gap", "3", "--paper", "A5"]])
def test_one_closed_rectangle_per_tile_at_its_place_and_size(run_cli, tmp_path, extra):
    _, result = _run(run_cli, tmp_path, "--cut", "svg", *extra)
    given = {flag.lstrip("-"): value for flag, value in zip(extra[::2], extra[1::2], strict=True)}
    job = parse_options({"no_rules": True, **given})
    layout = job.layout
    files = sorted(tmp_path.glob("planche-cut-*.svg"))
    assert [f.name for f in files] == [f"planche-cut-{n}.svg" for n in range(1, len(layout.pages) + 1)]
    assert "SVG cut file" in result.output
    for page, svg in zip(layout.pages, files, strict=True):
        root, paths = _paths(svg)
        assert root.get("width") == f"{layout.page_width_mm:g}mm"
        assert root.get("height") == f"{layout.page_height_mm:g}mm"
        assert root.get("viewBox") == f"0 0 {layout.page_width_mm:g} {layout.page_height_mm:g}"
        assert len(paths) == len(page.placements)
        for tile, d in zip(page.placements, paths, strict=True):
            left, top, right, bottom = _rectangle(d)
            assert right - left == pytest.approx(tile.width_mm, abs=0.05)
            assert bottom - top == pytest.approx(tile.height_mm, abs=0.05)
            assert left == pytest.approx(tile.x_mm, abs=0.05)
            # SVG's y runs down from the top edge
            assert bottom == pytest.approx(layout.page_height_mm - tile.y_mm, abs=0.05)
        group = root.find(f"{SVG}g")
        assert group is not None and group.get("stroke") == "#FF0000" and group.get("fill") == "none"


def test_kerf_grows_each_path_by_half_of_it_and_corners_round(run_cli, tmp_path):
    _run(run_cli, tmp_path, "--cut", "svg", "--kerf", "0.2")
    layout = parse_options({"no_rules": True}).layout
    _, paths = _paths(tmp_path / "planche-cut-1.svg")
    tile = layout.pages[0].placements[0]
    left, top, right, bottom = _rectangle(paths[0])
    assert right - left == pytest.approx(tile.width_mm + 0.2, abs=0.005)
    assert bottom - top == pytest.approx(tile.height_mm + 0.2, abs=0.005)
    assert left == pytest.approx(tile.x_mm - 0.1, abs=0.005)
    _run(run_cli, tmp_path, "--cut", "svg", "--corner", "3")
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
