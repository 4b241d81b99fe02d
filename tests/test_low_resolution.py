"""Issue 34, item 3: a photo that would print under 150 ppi at the tile's size is warned about.

The resolution is the picture's pixels over the side of the face box it is drawn across
(``geometry.face_box``): reference values are worked out here by hand, from the face's size in
mm, the word's band and the padding, not by the code under test. The command line's summary line
names the pictures of a folder theme that print soft; the studio's thumbnails (its browser test,
``test_studio_polish_browser``) say it beside each.
"""

from __future__ import annotations

import pytest
from PIL import Image

from domino_print.geometry import face_box
from domino_print.geometry.face_box import LOW_PPI, is_low, picture_box_mm, print_ppi
from domino_print.output.summary import DocumentFacts


@pytest.mark.parametrize(("pixels", "box_mm", "fit", "expected"), [
    # contain: the longer side across the box less 8 % on each side (40 mm -> 33.6 mm = 1.3228 in)
    ((80, 80), 40.0, "contain", 80 / (33.6 / 25.4)),          # 60.5 ppi: the 80 x 80 photo
    ((1200, 900), 40.0, "contain", 1200 / (33.6 / 25.4)),     # 907 ppi
    ((900, 1200), 40.0, "contain", 1200 / (33.6 / 25.4)),     # turned: the same
    # cover: the shorter side across the box less 4 % on each side (40 mm -> 36.8 mm)
    ((600, 400), 40.0, "cover", 400 / (36.8 / 25.4)),         # 276 ppi
    ((200, 150), 24.0, "cover", 150 / (22.08 / 25.4)),        # 172.6 ppi on a small tile
])
def test_print_ppi_against_values_worked_out_by_hand(pixels, box_mm, fit, expected):
    assert print_ppi(*pixels, box_mm, fit) == pytest.approx(expected, rel=1e-9)


def test_the_face_box_loses_the_words_band_with_labels():
    assert picture_box_mm(40.0, labels=False) == 40.0
    assert picture_box_mm(40.0, labels=True) == pytest.approx(40.0 * 0.78)  # the bottom 22 % holds the word


def test_one_threshold_of_150_ppi():
    assert LOW_PPI == 150
    assert is_low(149.9) and not is_low(150.0)


def test_the_renderer_draws_with_the_face_boxs_shares():
    """The painter and the tile import the face box's shares: one owner, never a copy."""
    from domino_print.faces import artwork
    from domino_print.pdf import tile

    assert artwork.PADDING is face_box.PADDING
    assert artwork.COVER_MARGIN is face_box.COVER_MARGIN
    assert tile.LABEL_SHARE is face_box.LABEL_SHARE


def _folder(tmp_path, sizes):
    folder = tmp_path / "photos"
    folder.mkdir()
    for index, size in enumerate(sizes):
        Image.new("RGB", size, (40 * index, 120, 200)).save(folder / f"{index:02d}-photo.jpg", "JPEG")
    return folder


@pytest.mark.slow
def test_the_summary_line_warns_for_a_folders_small_photo(run_cli, tmp_path):
    # 7 photos make a double-six; the second is 80 x 80 px, as a messaging app sends it.
    folder = _folder(tmp_path, [(1200, 900), (80, 80), *[(1200, 900)] * 5])
    out = tmp_path / "set.pdf"
    result = run_cli("--theme", folder, "--out", out, "--tile-size", "large")
    assert result.exit_code == 0, result.output
    line = result.output.strip().splitlines()[-1]
    # large: 40 mm faces, drawn across 33.6 mm: 80 px there is 60 ppi.
    assert "1 picture would print under 150 ppi at this tile size (01-photo.jpg at 60 ppi)" in line, line
    assert "larger photo (the original rather than a messaging app's copy) or smaller tiles" in line
    assert "00-photo.jpg" not in line
    labelled = run_cli("--theme", folder, "--out", out, "--tile-size", "large", "--labels")
    # the word's band leaves a 31.2 mm box, drawn across 26.2 mm: 77 ppi
    assert "(01-photo.jpg at 77 ppi)" in labelled.output


@pytest.mark.slow
def test_large_photos_and_vector_art_are_not_warned_about(run_cli, tmp_path):
    folder = _folder(tmp_path, [(1200, 900)] * 7)
    out = tmp_path / "set.pdf"
    result = run_cli("--theme", folder, "--out", out, "--tile-size", "large")
    assert result.exit_code == 0 and "ppi" not in result.output, result.output
    builtin = run_cli("--theme", "fruits", "--out", out, "--tile-size", "80x160mm")
    assert builtin.exit_code == 0 and "ppi" not in builtin.output, builtin.output


@pytest.mark.slow
def test_the_warning_is_in_the_readers_language_and_kept_with_the_facts(tmp_path):
    from domino_print.api import make_document, summary_line

    folder = _folder(tmp_path, [(1200, 900), (80, 80), *[(1200, 900)] * 5])
    document = make_document({"theme": str(folder), "tile_size": "large"})
    assert document.low_resolution == (("01-photo.jpg", 60),)
    assert document.picture_mm == pytest.approx(40.0)
    kept = DocumentFacts.from_json(DocumentFacts.of(document).as_json())
    assert kept.low_resolution == document.low_resolution and kept.picture_mm == document.picture_mm
    french = summary_line(kept, "fr")
    assert "1 image s’imprimerait à moins de 150 ppp" in french and "01-photo.jpg à 60 ppp" in french
