"""Every drawing on a tile keeps the 3 mm safe area from its cut, seen in the pixels (issue 29, item 9).

The check stands outside the drawing code: it renders the front pages with pypdfium2 at a known
dpi, takes every non-white pixel inside each tile's cut rectangle (the rectangle from the layout's
geometry, the cut line's own width left out), and measures its distance to the nearest cut. A
clock's dial, a loop card's grey "?", a die, a ten-frame or an underline that comes within 3 mm
of the cut fails here, whichever painter drew it. Every built-in theme is checked, each face kind
of the association themes, loop decks, and the small, medium and large tiles.
"""

from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

from domino_print.api import make_document, parse_options
from domino_print.geometry.sizes import SAFE_AREA_MM

DPI = 200
PX_PER_MM = DPI / 25.4
CUT_LINE_MM = 0.45
"""The band along each cut left unread: the cut line itself (0.5 pt) and its anti-aliasing."""
INK_BELOW = 245
"""A pixel darker than this (0-255 grey) is ink; paper is 255."""
TOLERANCE_MM = 0.1
"""Half a pixel at 200 dpi and a little: a shape drawn exactly 3 mm inside is anti-aliased one
pixel further out."""

CLASSIC = ["chiffres", "fruits", "pips", "pips-couleur"]
"""The classic themes' faces: numerals, pictures, pips."""
ASSOCIATION = [
    ("nombres", "chiffre,points"), ("nombres", "doigts,bâtons"), ("nombres", "cadre,dé"),
    ("nombres", "barres,mot"), ("nombres", "romains,points"),
    ("fractions", "disque,barre"), ("fractions", "décimal,pourcentage"), ("fractions", "fraction,disque"),
    ("heures", "horloge,numérique"), ("heures", "cadran,mots"), ("heures", "numérique-12,horloge"),
    ("monnaie", "pièces,prix"), ("lettres", "capitale,minuscule"), ("couleurs", "couleur,mot"),
    ("fruits", "image,mot"),
]
"""Every face kind of the association themes, two to a deck."""
SIZES = ["small", "medium", "large"]


def nearest_ink_mm(options: dict[str, object]) -> tuple[float, str]:
    """The smallest distance (mm) from any ink on a tile of the front pages to that tile's cut,
    and where it was (page, point, tile)."""
    job = parse_options({"no_rules": True, **options})
    height_mm = job.layout.page_height_mm
    document = pdfium.PdfDocument(make_document(job).pdf)
    nearest, where = float("inf"), "no ink on any tile"
    try:
        for index, page in enumerate(job.layout.pages):
            grey = np.asarray(document[index].render(scale=DPI / 72, grayscale=True).to_pil().convert("L"))
            ink = grey < INK_BELOW
            for tile in page.placements:
                left, right = tile.x_mm, tile.x_mm + tile.width_mm
                bottom, top = tile.y_mm, tile.y_mm + tile.height_mm
                c0 = int(np.ceil((left + CUT_LINE_MM) * PX_PER_MM))
                c1 = int(np.floor((right - CUT_LINE_MM) * PX_PER_MM))
                r0 = int(np.ceil((height_mm - top + CUT_LINE_MM) * PX_PER_MM))
                r1 = int(np.floor((height_mm - bottom - CUT_LINE_MM) * PX_PER_MM))
                rows, columns = np.nonzero(ink[r0:r1, c0:c1])
                if not len(rows):
                    continue
                xs = (columns + c0 + 0.5) / PX_PER_MM  # pixel centres, in mm from the page's corner
                ys = height_mm - (rows + r0 + 0.5) / PX_PER_MM
                room = np.minimum.reduce([xs - left, right - xs, ys - bottom, top - ys])
                k = int(np.argmin(room))
                if room[k] < nearest:
                    nearest = float(room[k])
                    where = f"page {index + 1}, ink at ({xs[k]:.1f}, {ys[k]:.1f}) mm on {tile}"
    finally:
        document.close()
    return nearest, where


def _assert_inside(options: dict[str, object]) -> None:
    room, where = nearest_ink_mm(options)
    assert room != float("inf"), where
    assert room >= SAFE_AREA_MM - TOLERANCE_MM, f"ink {room:.2f} mm from the cut: {where}"


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("theme", CLASSIC)
def test_classic_faces_keep_3_mm_from_the_cut(theme, size):
    _assert_inside({"theme": theme, "tile_size": size, "sets": 2})


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("theme", "faces"), ASSOCIATION, ids=[f"{t}-{f}" for t, f in ASSOCIATION])
def test_association_faces_keep_3_mm_from_the_cut(theme, faces, size):
    _assert_inside({"theme": theme, "faces": faces, "tile_size": size})


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("theme", "faces"), ASSOCIATION, ids=[f"{t}-{f}" for t, f in ASSOCIATION])
def test_loop_cards_keep_3_mm_from_the_cut(theme, faces, size):
    """The loop's card numbers and grey "?" too, in their corners."""
    _assert_inside({"theme": theme, "faces": faces, "tile_size": size, "structure": "boucle"})


@pytest.mark.slow
def test_the_check_sees_ink_near_the_cut():
    """The measure itself: a fruits set's pictures sit well inside, so the check finds its nearest
    ink somewhere between the safe area and the middle of a tile (it reads real pixels)."""
    room, where = nearest_ink_mm({"theme": "fruits", "max": 2})
    assert SAFE_AREA_MM <= room < 15, where
