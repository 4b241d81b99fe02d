"""With ``fit = "cover"`` the square cut from a picture can be moved (``crop = [[x, y], ...]`` in
theme.toml, what the studio stores when a picture's crop is dragged), and a covering picture
keeps a small margin from the cut and centre lines (``faces.artwork.COVER_MARGIN``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from domino_print.faces.artwork import COVER_MARGIN, PADDING
from domino_print.pictures.raster import prepare_face_image
from domino_print.themes.loader import load_theme
from tests.fixtures_images import BLUE, GREEN, RED, close_to, face_boxes, page_pixels, render_theme, sample

MAGENTA = (255, 0, 255)


def portrait(path: Path) -> Path:
    """A tall picture in thirds: red on top (where a face would be), green, blue at the bottom."""
    image = Image.new("RGB", (100, 300), GREEN)
    image.paste(RED, (0, 0, 100, 100))
    image.paste(BLUE, (0, 200, 100, 300))
    image.save(path)
    return path


def theme_folder(tmp_path: Path, crop: str = "") -> Path:
    folder = tmp_path / "photos"
    folder.mkdir(exist_ok=True)
    portrait(folder / "a.png")
    text = 'images = ["a.png"]\nfit = "cover"\nbackground = "#FF00FF"\n'
    text += f"crop = {crop}\n" if crop else ""
    (folder / "theme.toml").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize(("at", "colour"), [(0.0, RED), (0.5, GREEN), (1.0, BLUE)])
def test_the_square_is_cut_where_the_position_says(tmp_path, at, colour):
    face = prepare_face_image(portrait(tmp_path / "p.png"), 80.0, dpi=300, fit="cover", position=(0.5, at))
    assert face.image.size[0] == face.image.size[1]
    assert close_to(face.image.getpixel((face.image.width // 2, face.image.height // 2)), colour, 4)


@pytest.mark.slow
def test_the_crop_reaches_the_pdf_and_moves_its_pixels(tmp_path):
    seen = {}
    for crop in ("", "[[0.5, 0.0]]", "[[0.5, 1.0]]"):
        out = tmp_path / f"crop{len(seen)}.pdf"
        assert render_theme(theme_folder(tmp_path, crop), out).exit_code == 0
        layout, pages = face_boxes(1)
        x, y, s = pages[0][0][0]
        seen[crop] = sample(page_pixels(out, dpi=100), layout, x + s / 2, y + s / 2, dpi=100)
    assert close_to(seen[""], GREEN, 12)  # the middle by default
    assert close_to(seen["[[0.5, 0.0]]"], RED, 12)  # the top: a face near the top stays in view
    assert close_to(seen["[[0.5, 1.0]]"], BLUE, 12)


def test_a_covering_picture_keeps_a_margin_from_the_cut_and_centre_lines(tmp_path):
    out = tmp_path / "margin.pdf"
    assert render_theme(theme_folder(tmp_path), out).exit_code == 0
    layout, pages = face_boxes(1)
    page = page_pixels(out, dpi=200)
    x, y, s = pages[0][0][0]
    inside = s * (COVER_MARGIN + 0.02)
    for edge_x, edge_y in ((x + s * 0.02, y + s / 2), (x + s - s * 0.02, y + s / 2),
                           (x + s / 2, y + s * 0.02), (x + s / 2, y + s - s * 0.02)):
        assert close_to(sample(page, layout, edge_x, edge_y, dpi=200), MAGENTA, 24)  # the background
    assert close_to(sample(page, layout, x + inside, y + s / 2, dpi=200), GREEN, 24)
    assert COVER_MARGIN < PADDING  # a covering picture is still larger than a contained one


@pytest.mark.parametrize(("crop", "problem"), [
    ("[[0.5, 0.2], [0.5, 0.5]]", "crop must be a list of 1 [x, y] pair,"),
    ("[[0.5, 1.5]]", "crop 0 must be two numbers from 0 to 1"),
    ('[["top", 0]]', "crop 0 must be two numbers from 0 to 1"),
    ("[0.5]", "crop 0 must be two numbers from 0 to 1"),
])
def test_a_bad_crop_is_refused_in_one_line(tmp_path, crop, problem):
    from domino_print.themes.model import ThemeError

    with pytest.raises(ThemeError) as caught:
        load_theme(str(theme_folder(tmp_path, crop)))
    message = str(caught.value)
    assert problem in message and "\n" not in message and "theme.toml" in message


def test_a_theme_without_crop_cuts_every_picture_in_its_middle(tmp_path):
    assert load_theme(str(theme_folder(tmp_path))).crops == ()
    assert load_theme(str(theme_folder(tmp_path, "[[0.25, 0]]"))).crops == ((0.25, 0.0),)
