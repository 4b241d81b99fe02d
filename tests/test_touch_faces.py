"""Themes in relief on 3D tiles (issue 33): numerals and letters as glyphs, braille cells, artwork.

The braille reference is written here from the Unicode braille patterns as the codes print them
(letters: the international a-z; numbers: UEB/ONCE/German number sign, and the French Antoine
digits of the Code braille français uniformisé 2008), apart from ``geometry.braille``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import trimesh
from PIL import Image
from touch_meshes import flat_patches, load_3mf

from domino_print.geometry import braille

LETTERS_PRINTED = "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵"
"""a to z in Unicode braille, as braille tables print them."""
NUMBER_SIGN = {"en": "⠼", "es": "⠼", "de": "⠼", "fr": "⠠"}
DIGITS = {"en": "⠚⠁⠃⠉⠙⠑⠋⠛⠓⠊", "es": "⠚⠁⠃⠉⠙⠑⠋⠛⠓⠊", "de": "⠚⠁⠃⠉⠙⠑⠋⠛⠓⠊",
          "fr": "⠼⠡⠣⠩⠹⠱⠫⠻⠳⠪"}
"""0 to 9: the letters j, a-i after the number sign; in French the Antoine digits (⠼ for 0)."""


def _printed(cells) -> str:
    return "".join(chr(0x2800 + sum(1 << (dot - 1) for dot in cell)) for cell in cells)


@pytest.mark.parametrize("lang", ["en", "fr", "es", "de"])
def test_braille_cells_match_the_printed_codes(lang):
    for letter, expected in zip("abcdefghijklmnopqrstuvwxyz", LETTERS_PRINTED, strict=True):
        assert _printed(braille.cells_for(letter, lang)) == expected
        assert _printed(braille.cells_for(letter.upper(), lang)) == expected
    for number in (0, 7, 12, 18, 20):
        expected = NUMBER_SIGN[lang] + "".join(DIGITS[lang][int(d)] for d in str(number))
        assert _printed(braille.cells_for(str(number), lang)) == expected
    assert braille.cells_for("chat", lang) is None and braille.cells_for("3 + 4", lang) is None


def test_braille_dots_keep_the_marburg_medium_spacing():
    cells = braille.cells_for("89", "en")  # each cell with dots in both columns
    dots = braille.dot_centres(cells, 0.0, 10.0)
    xs = sorted({dot.x_mm for dot in dots})
    assert all(dot.radius_mm == pytest.approx(0.75) for dot in dots)  # 1.5 mm across
    assert xs[0] == pytest.approx(-braille.width_mm(3) / 2 + 0.75)
    assert np.diff(sorted({round(x, 3) for x in xs})).tolist() == pytest.approx([2.5, 3.5, 2.5, 3.5, 2.5])
    assert max(dot.y_mm for dot in dots) == pytest.approx(10.0 - 0.75)
    ys = sorted({round(dot.y_mm, 3) for dot in dots})
    assert np.diff(ys).tolist() == pytest.approx([2.5, 2.5])


def _domes(mesh: trimesh.Trimesh, top: float, length: float) -> tuple[int, int]:
    """Braille dots on each half: patches of upward triangles near a dome's crown (0.3-0.55 mm up)."""
    centres = mesh.triangles_center
    chosen = np.nonzero((mesh.face_normals[:, 2] > 0.5) & (centres[:, 2] > top + 0.3)
                        & (centres[:, 2] < top + 0.55))[0]
    keep = set(chosen.tolist())
    pairs = [pair for pair in mesh.face_adjacency.tolist() if pair[0] in keep and pair[1] in keep]
    groups = trimesh.graph.connected_components(pairs, nodes=chosen, min_len=1)
    xs = [centres[np.asarray(group)][:, 0].mean() for group in groups]
    return sum(1 for x in xs if x < length / 2), sum(1 for x in xs if x > length / 2)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_numerals_carry_their_braille_dots_on_their_own_half(run_cli, tmp_path, lang):
    out = tmp_path / "chiffres.3mf"
    result = run_cli("--theme", "chiffres", "--max", "12", "--braille", "--lang", lang, "--bed", "400x400",
                     "--out", out)
    assert result.exit_code == 0, result.output
    tiles = load_3mf(out.read_bytes())
    for a, b in ((0, 0), (1, 0), (7, 3), (12, 9), (12, 12)):
        mesh = tiles[f"{a}-{b}"]
        assert mesh.is_watertight and mesh.is_volume

        def dots(n: int) -> int:
            printed = NUMBER_SIGN[lang] + "".join(DIGITS[lang][int(d)] for d in str(n))
            return sum(bin(ord(c) - 0x2800).count("1") for c in printed)

        assert _domes(mesh, 7.5, 48.0) == (dots(b), dots(a)), (a, b)  # half a holds the lower value


@pytest.mark.slow
def test_numerals_stand_as_glyphs_and_six_and_nine_are_underlined(run_cli, tmp_path):
    out = tmp_path / "n.3mf"
    assert run_cli("--theme", "chiffres", "--max", "9", "--bed", "320x320", "--out", out).exit_code == 0
    tiles = load_3mf(out.read_bytes())
    for name in ("1-0", "9-6", "8-7"):
        mesh = tiles[name]
        assert mesh.is_watertight and mesh.is_winding_consistent
        assert mesh.bounds[1][2] == pytest.approx(8.3)
        tops = flat_patches(mesh, 8.3)
        halves = (sum(1 for p in tops if p[:, 0].max() < 24), sum(1 for p in tops if p[:, 0].min() > 24))
        underlined = name == "9-6"
        assert halves == ((2, 2) if underlined else (1, 1)), name  # a digit, and its bar for 6 and 9


@pytest.mark.slow
def test_letters_association_and_dots_print_in_relief(run_cli, tmp_path):
    out = tmp_path / "l.3mf"
    result = run_cli("--theme", "nombres", "--faces", "chiffre,points", "--values", "1-6", "--out", out)
    assert result.exit_code == 0, result.output
    tiles = load_3mf(out.read_bytes())
    assert tiles and all(mesh.is_watertight for mesh in tiles.values())
    out = tmp_path / "lettres.3mf"
    assert run_cli("--theme", "lettres", "--max", "3", "--braille", "--out", out).exit_code == 0
    tiles = load_3mf(out.read_bytes())
    assert "A-a" in tiles and all(mesh.is_watertight for mesh in tiles.values())


@pytest.mark.slow
def test_fruit_artwork_stands_as_its_silhouette(run_cli, tmp_path):
    out = tmp_path / "f.3mf"
    assert run_cli("--theme", "fruits", "--max", "2", "--out", out).exit_code == 0
    for mesh in load_3mf(out.read_bytes()).values():
        assert mesh.is_watertight and mesh.is_volume
        tops = flat_patches(mesh, 8.3)
        area = [sum(1 for p in tops if p[:, 0].max() < 24), sum(1 for p in tops if p[:, 0].min() > 24)]
        assert all(count >= 1 for count in area)


def test_a_theme_of_photos_is_refused_with_the_reason(run_cli, tmp_path):
    folder = tmp_path / "famille"
    folder.mkdir()
    for index, colour in enumerate(("red", "green", "blue")):
        Image.new("RGB", (64, 48), colour).save(folder / f"photo-{index}.jpg")
    result = run_cli("--theme", folder, "--out", tmp_path / "f.3mf")
    assert result.exit_code == 2
    assert "is made of photos, and a photo is not a shape to feel" in result.output
    assert not (tmp_path / "f.3mf").exists()


@pytest.mark.parametrize(("args", "says"), [
    (("--theme", "pips", "--braille"), "--braille writes numbers and letters in braille, and --theme 'pips'"),
    (("--theme", "chiffres", "--max", "18", "--braille", "--tile-size", "18x36mm"),
     "--braille: 3 braille cells take 16 mm"),
    (("--theme", "heures",), "shows some values as clock drawings"),
])
def test_relief_that_cannot_be_made_is_refused_in_one_line(run_cli, tmp_path, args, says):
    result = run_cli(*args, "--out", tmp_path / "x.3mf")
    assert result.exit_code == 2, result.output
    assert says in result.output and len(result.output.strip().splitlines()) == 1


def test_a_silhouette_leaves_the_shared_drawing_of_its_svg_as_it_was():
    """The 3D relief reads an SVG through the drawing cache every surface shares: tracing it
    must not scale that drawing (a fruit set printed after a fruit .stl in one process, as the
    studio does, drew its pictures 1.84 times too large)."""
    from domino_print.pictures.silhouette import svg_alpha
    from domino_print.pictures.svg import load_svg

    fruit = next((Path(__file__).resolve().parent.parent / "assets").rglob("pomme.svg"))
    before = load_svg(fruit)
    size, transform = (before.width, before.height), tuple(before.transform)
    svg_alpha(fruit, 200)
    after = load_svg(fruit)
    assert (after.width, after.height) == size and tuple(after.transform) == transform
