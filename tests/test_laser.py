"""``--cut svg --laser`` (issue 21): engrave and cut layers a laser's software reads, parsed back
and compared with the document's tiles and with the printed sheet's pixels."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from domino_print.api import parse_options
from tests.conftest import render_page
from tests.cut_simulation import assert_cut_leaves_the_tiles, distinct_edge_length, read_cuts

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"


def _layers(svg_path):
    root = ET.parse(svg_path).getroot()
    layers = [g for g in root if g.tag == f"{SVG}g" and g.get(f"{INKSCAPE}groupmode") == "layer"]
    return root, {g.get(f"{INKSCAPE}label"): g for g in layers}, [g.get(f"{INKSCAPE}label") for g in layers]


def _laser_run(run_cli, tmp_path, *extra: str):
    out = tmp_path / "planche.pdf"
    result = run_cli("--no-rules", "--cut", "svg", "--laser", "--out", out, *extra)
    assert result.exit_code == 0, result.stderr
    pairs = zip(extra[::2], extra[1::2], strict=True)
    given = {flag.lstrip("-").replace("-", "_"): value for flag, value in pairs}
    return out, parse_options({"no_rules": True, **given})


@pytest.mark.parametrize("extra", [(), ("--max", "9"), ("--theme", "pips-couleur", "--gap", "2")])
def test_engrave_then_cut_layers_with_the_colours_lasers_expect(run_cli, tmp_path, extra):
    _, job = _laser_run(run_cli, tmp_path, *extra)
    layout = job.layout
    for number, page in enumerate(layout.pages, start=1):
        _, layers, order = _layers(tmp_path / f"planche-cut-{number}.svg")
        assert order == ["Engrave", "Cut"], "engraving runs before the pieces are cut loose"
        cut, engrave = layers["Cut"], layers["Engrave"]
        assert cut.get("stroke") == "#FF0000" and cut.get("fill") == "none"
        assert float(cut.get("stroke-width")) in (0.01, 0.0254)  # a hairline: 0.01 mm or 0.001 in
        cuts = read_cuts(tmp_path / f"planche-cut-{number}.svg")
        height = layout.page_height_mm
        rectangles = [(t.x_mm, height - t.y_mm - t.height_mm, t.x_mm + t.width_mm, height - t.y_mm)
                      for t in page.placements]
        assert_cut_leaves_the_tiles(cuts, rectangles, 0.0)
        if "--gap" in extra:  # apart: each tile its own outline; touching: each shared edge once
            assert all(path[0] == path[-1] for path in cuts.paths) and len(cuts.paths) == len(rectangles)
        else:
            assert cuts.length_mm == pytest.approx(distinct_edge_length(rectangles), abs=0.01)
        assert engrave.get("fill") == "#000000"
        groups = {g.get("id"): g for g in engrave if g.tag == f"{SVG}g"}
        assert len(groups) == len(page.placements)
        for tile in page.placements:
            group = groups[f"engrave-tile-{tile.index + 1}"]
            values = job.tiles[tile.index]
            assert len(group.findall(f"{SVG}circle")) == values.a + values.b, "a circle per printed pip"
            (line,) = group.findall(f"{SVG}path")
            assert line.get("stroke") == "#000000"
        # nothing red outside the cut layer, nothing but black in the engrave layer
        assert "#FF0000" not in ET.tostring(engrave, encoding="unicode")


@pytest.mark.slow
@pytest.mark.parametrize("extra", [(), ("--max", "3")])
def test_engraved_pips_sit_on_the_printed_pips(run_cli, tmp_path, extra):
    """Each engraved circle's centre is dark on the printed sheet and its rim's outside is white:
    the laser engraves the pips where the printer put them (standing and lying tiles)."""
    out, job = _laser_run(run_cli, tmp_path, *extra)
    assert {p.vertical for p in job.layout.pages[0].placements} == {not extra}
    dpi = 150
    image = render_page(out, 0, dpi=dpi)
    px = dpi / 25.4
    _, layers, _ = _layers(tmp_path / "planche-cut-1.svg")
    circles = list(layers["Engrave"].iter(f"{SVG}circle"))
    assert circles
    for circle in circles:
        cx, cy, r = (float(circle.get(k)) for k in ("cx", "cy", "r"))
        assert image.getpixel((round(cx * px), round(cy * px))) < 80
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            outside = (round((cx + dx * (r + 0.5)) * px), round((cy + dy * (r + 0.5)) * px))
            assert image.getpixel(outside) > 180


def test_laser_needs_cut_svg_and_the_plain_cut_file_has_no_layers(run_cli, tmp_path):
    result = run_cli("--laser", "--out", tmp_path / "a.pdf")
    assert result.exit_code == 2 and "--laser" in result.stderr and "--cut svg" in result.stderr
    assert not (tmp_path / "a.pdf").exists()
    result = run_cli("--no-rules", "--cut", "svg", "--out", tmp_path / "b.pdf")
    assert result.exit_code == 0
    _, layers, _ = _layers(tmp_path / "b-cut-1.svg")
    assert layers == {}


def test_pictures_engrave_the_middle_line_only(run_cli, tmp_path):
    _, job = _laser_run(run_cli, tmp_path, "--theme", "fruits")
    _, layers, _ = _layers(tmp_path / "planche-cut-1.svg")
    engrave = layers["Engrave"]
    assert not engrave.findall(f".//{SVG}circle")
    lines = engrave.findall(f".//{SVG}path")
    assert len(lines) == len(job.layout.pages[0].placements)
    short = job.layout.tile_short_mm
    for line in lines:
        x0, y0, x1, y1 = (float(v) for v in re.fullmatch(r"M(\S+) (\S+)L(\S+) (\S+)", line.get("d")).groups())
        assert abs(x1 - x0) + abs(y1 - y0) == pytest.approx(short * (1 - 2 * 0.16), abs=0.01)
