"""3D-printed tiles (issue 33): closed solids of the asked size, pips to count, plates that fit the bed.

The meshes are read back from the files with trimesh (``touch_meshes``), and the pips counted on
them; the slicer test (``test_touch_slicer.py``) hands the 3MF to PrusaSlicer.
"""

from __future__ import annotations

import zipfile
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from touch_meshes import flat_patches, load_3mf, raised_per_half

from domino_print.errors import OptionError
from domino_print.geometry.sizes import Bed, parse_bed
from domino_print.geometry.touch import (
    PLATE_MARGIN_MM,
    HalfRelief,
    pips_of_half,
    plates,
    tile_body,
)
from domino_print.output.mesh import TileSpec, tile_mesh

DOUBLE_SIX = [(a, b) for a, b in combinations_with_replacement(range(7), 2)]
"""Written here, apart from ``sets.tiles``: the 28 tiles of a double-six."""


def _write(run_cli, tmp_path, name: str, *args: str):
    out = tmp_path / name
    result = run_cli("--out", out, *args)
    assert result.exit_code == 0, result.output
    return out, result.output


@pytest.mark.slow
def test_a_double_six_3mf_has_28_named_closed_tiles_of_a_real_dominos_size(run_cli, tmp_path):
    out, said = _write(run_cli, tmp_path, "dominos.3mf", "--theme", "pips")
    assert "28 dominoes (double-six), 1 plate (220 x 220 mm)" in said
    tiles = load_3mf(out.read_bytes())
    assert sorted(tiles) == sorted(f"{b}-{a}" for a, b in DOUBLE_SIX)
    for name, mesh in tiles.items():
        assert mesh.is_watertight and mesh.is_winding_consistent and mesh.is_volume, name
        (x0, y0, z0), (x1, y1, z1) = mesh.bounds
        assert (x1 - x0, y1 - y0, z0) == pytest.approx((48.0, 24.0, 0.0), abs=1e-3)
        assert z1 == pytest.approx(7.5 + 0.8, abs=1e-3)  # the body and the raised pips


@pytest.mark.slow
def test_every_half_carries_its_value_in_raised_pips_and_the_middle_a_ridge(run_cli, tmp_path):
    out, _ = _write(run_cli, tmp_path, "d6.3mf")
    tiles = load_3mf(out.read_bytes())
    for a, b in DOUBLE_SIX:
        assert raised_per_half(tiles[f"{b}-{a}"], 48.0, 8.3) == (a, b, 1), (a, b)


@pytest.mark.slow
def test_engraved_pips_are_hollows_as_deep_as_the_relief(run_cli, tmp_path):
    out, _ = _write(run_cli, tmp_path, "e.3mf", "--engrave", "--relief", "1", "--max", "3",
                    "--tile-size", "30x60mm", "--thickness", "9")
    tiles = load_3mf(out.read_bytes())
    for a, b in combinations_with_replacement(range(4), 2):
        mesh = tiles[f"{b}-{a}"]
        assert mesh.is_watertight and mesh.is_volume
        (x0, y0, _), (x1, y1, z1) = mesh.bounds
        assert (x1 - x0, y1 - y0, z1) == pytest.approx((60.0, 30.0, 9.0), abs=1e-3)
        floors = flat_patches(mesh, 9.0 - 1.0)
        halves = [sum(1 for p in floors if p[:, 0].max() < 30), sum(1 for p in floors if p[:, 0].min() > 30)]
        assert halves == [a, b]


@pytest.mark.slow
def test_set_marks_stand_in_a_pocket_on_the_back_and_the_back_stays_flat(run_cli, tmp_path):
    out, said = _write(run_cli, tmp_path, "classe.3mf", "--max", "2", "--sets", "2")
    assert "2 sets of 6 dominoes" in said
    tiles = load_3mf(out.read_bytes())
    assert sorted(tiles) == sorted(f"{b}-{a} #{n}" for a, b in combinations_with_replacement(range(3), 2)
                                   for n in (1, 2))
    for mesh in tiles.values():
        assert mesh.is_watertight and mesh.bounds[0][2] == pytest.approx(0.0)
        pocket_roofs = flat_patches(mesh, 0.8, up=False)
        assert len(pocket_roofs) == 1  # the ring round the mark, cut 0.8 mm into the back
        backs = flat_patches(mesh, 0.0, up=False)
        assert len(backs) == 2  # the back itself and the mark's face, flush with it
    disc, star = tiles["1-0 #1"], tiles["1-0 #2"]
    assert disc.volume != pytest.approx(star.volume, abs=1.0)  # two shapes, two sets


def test_coloured_pips_keep_their_colours_in_the_3mf(run_cli, tmp_path):
    out, _ = _write(run_cli, tmp_path, "c.3mf", "--theme", "pips-couleur", "--max", "2")
    model = zipfile.ZipFile(out).read("3D/3dmodel.model").decode()
    assert model.count("<base ") == 1 + 8  # the body, then the 8 distinct colours of values 1-8 (its .toml)
    assert 'displaycolor="#D55E00"' in model and 'displaycolor="#0072B2"' in model
    assert ' p1="1"' in model and ' p1="2"' in model


@pytest.mark.slow
def test_the_same_command_writes_the_same_bytes(run_cli, tmp_path):
    first, _ = _write(run_cli, tmp_path, "a.3mf", "--max", "3")
    second, _ = _write(run_cli, tmp_path, "b.3mf", "--max", "3")
    assert first.read_bytes() == second.read_bytes()
    for info in zipfile.ZipFile(first).infolist():
        assert info.date_time == (1980, 1, 1, 0, 0, 0)


@pytest.mark.slow
def test_an_stl_per_plate_when_the_set_needs_several(run_cli, tmp_path):
    import trimesh

    out, said = _write(run_cli, tmp_path, "d9.stl", "--max", "9")
    assert "55 dominoes (double-nine), 2 plates" in said
    assert not out.exists()
    meshes = [trimesh.load(tmp_path / f"d9-{n}.stl", file_type="stl") for n in (1, 2)]
    assert sum(len(mesh.split(only_watertight=True)) for mesh in meshes) == 55
    for mesh in meshes:
        (x0, y0, _), (x1, y1, _) = mesh.bounds
        assert x0 >= PLATE_MARGIN_MM and y0 >= PLATE_MARGIN_MM
        assert x1 <= 220 - PLATE_MARGIN_MM and y1 <= 220 - PLATE_MARGIN_MM


@pytest.mark.slow
def test_a_run_with_fewer_plates_removes_the_plates_it_no_longer_writes(run_cli, tmp_path):
    _write(run_cli, tmp_path, "s.3mf", "--max", "9")
    assert (tmp_path / "s-2.3mf").exists()
    _write(run_cli, tmp_path, "s.3mf", "--max", "2")
    assert (tmp_path / "s.3mf").exists()
    assert not (tmp_path / "s-1.3mf").exists() and not (tmp_path / "s-2.3mf").exists()


def test_a_file_of_the_users_in_the_way_of_a_plate_is_kept(run_cli, tmp_path):
    mine = tmp_path / "s-2.3mf"
    mine.write_bytes(b"my own model")
    result = run_cli("--out", tmp_path / "s.3mf", "--max", "9")
    assert result.exit_code == 1
    assert "s-2.3mf is in the way of a plate of s.3mf" in result.output
    assert mine.read_bytes() == b"my own model" and not (tmp_path / "s-1.3mf").exists()


@pytest.mark.parametrize(("args", "says"), [
    (("--out", "x.3mf", "--backs"), "--backs shapes a PDF, and --out names a .3mf 3D print"),
    (("--out", "x.stl", "--cut", "svg"), "--cut shapes a PDF"),
    (("--out", "x.pdf", "--bed", "200x200"), "--bed shapes a 3D print; give --out a name ending in .3mf"),
    (("--engrave",), "--engrave shapes a 3D print"),
    (("--out", "x.3mf", "--bed", "200"), "--bed '200' is not a bed size; use WxD in mm"),
    (("--out", "x.3mf", "--bed", "20x200"), "each side must be 60 to 1000 mm"),
    (("--out", "x.3mf", "--bed", "80x80", "--tile-size", "large"),
     "a 40 x 80 mm tile does not fit a 80 x 80 mm bed"),
    (("--out", "x.3mf", "--thickness", "1"), "--thickness"),
    (("--out", "x.obj",), "must end in .pdf, or .3mf or .stl"),
])
def test_options_that_do_not_fit_the_output_are_refused_in_one_line(run_cli, tmp_path, args, says):
    result = run_cli(*[str(tmp_path / a) if a.startswith("x.") else a for a in args])
    assert result.exit_code == 2, result.output
    assert says in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())


def test_the_refusals_are_worded_in_the_runs_language(run_cli, tmp_path):
    result = run_cli("--out", tmp_path / "x.3mf", "--backs", "--lang", "fr")
    assert "--backs règle un PDF" in result.output


def test_a_tile_mesh_is_true_to_every_size_and_thickness():
    for short, thickness, relief in ((20.0, 4.0, 0.4), (27.0, 7.5, 0.8), (40.0, 12.0, 2.0)):
        body = tile_body(short, thickness, relief, engraved=False)
        spec = TileSpec(body, (HalfRelief(pips_of_half(12, 0, body)), HalfRelief(pips_of_half(7, 1, body))))
        import trimesh

        mesh = tile_mesh(spec)
        solid = trimesh.Trimesh(mesh.vertices, mesh.triangles, process=False)
        assert solid.is_watertight and solid.is_winding_consistent and solid.volume > 0
        assert solid.bounds.ravel().tolist() == pytest.approx([0, 0, 0, 2 * short, short, thickness + relief],
                                                              abs=1e-3)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(count=st.integers(1, 200), short=st.sampled_from([20.0, 24.0, 30.0, 40.0]),
       width=st.floats(100, 400), depth=st.floats(100, 400))
def test_plates_hold_every_tile_once_inside_the_bed_without_overlap(count, short, width, depth):
    body = tile_body(short, 7.5, 0.8, engraved=False)
    try:
        laid = plates(count, body, Bed(width, depth))
    except OptionError:
        assert 2 * short > width - 2 * PLATE_MARGIN_MM or short > depth - 2 * PLATE_MARGIN_MM
        return
    indices = [tile.tile for plate in laid for tile in plate.tiles]
    assert sorted(indices) == list(range(count))
    for plate in laid:
        boxes = [(t.x_mm, t.y_mm, t.x_mm + body.length_mm, t.y_mm + body.width_mm) for t in plate.tiles]
        for x0, y0, x1, y1 in boxes:
            assert x0 >= PLATE_MARGIN_MM - 1e-6 and y0 >= PLATE_MARGIN_MM - 1e-6
            assert x1 <= width - PLATE_MARGIN_MM + 1e-6 and y1 <= depth - PLATE_MARGIN_MM + 1e-6
        for i, first in enumerate(boxes):
            for second in boxes[i + 1:]:
                apart = (first[2] <= second[0] or second[2] <= first[0] or first[3] <= second[1]
                         or second[3] <= first[1])
                assert apart
    assert [plate.number for plate in laid] == list(range(1, len(laid) + 1))
    assert all(plate.tiles for plate in laid)


def test_a_double_six_of_real_dominoes_fits_one_common_bed():
    assert len(plates(28, tile_body(None, 7.5, 0.8, False), parse_bed("220x220"))) == 1
    assert len(plates(28, tile_body(None, 7.5, 0.8, False), parse_bed("180 x 180 mm"))) == 2


@pytest.mark.slow
def test_the_api_makes_the_plates_and_their_picture(run_cli, tmp_path):
    import io

    from PIL import Image

    from domino_print import api

    solids = api.make_solids({"theme": "pips", "max": 3})
    out = tmp_path / "dominos.3mf"
    assert run_cli("--theme", "pips", "--max", "3", "--out", out, "--quiet").exit_code == 0
    assert solids.files == (("dominos.3mf", out.read_bytes()),) and solids.tiles == 10
    picture = Image.open(io.BytesIO(api.plate_picture({"theme": "pips", "max": 3}, width_px=400)))
    assert picture.format == "PNG" and picture.width == 400
    with pytest.raises(ValueError, match="plate 2 is out of range"):
        api.plate_picture({"theme": "pips", "max": 3}, plate=2)
