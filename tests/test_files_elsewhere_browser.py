"""The studio in a real browser with files made elsewhere (issue 35): a picture over the set is
marked beside its thumbnail, a picture in a format made elsewhere (AVIF, PSD, TGA) is taken as
the command line takes it, and a refused one is named with our words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from tests.corpus_elsewhere import PICTURES
from tests.test_studio_browser import page, settled_summary, shown_seq, studio, wait_for_preview  # noqa: F401

pytestmark = pytest.mark.slow


def test_pictures_over_the_set_and_files_made_elsewhere_in_the_studio(page, tmp_path):  # noqa: F811
    folder = tmp_path / "photos"
    folder.mkdir()
    paths: list[Path] = []
    for value in range(17):
        path = folder / f"p{value:02}.png"
        Image.new("RGB", (24, 24), (value * 14, 60, 200 - value * 9)).save(path)
        paths.append(path)
    for name in ("02-avif.avif", "10-photoshop.psd", "08-targa.tga", "webp-in.tif"):
        path = folder / name
        path.write_bytes(PICTURES[name][0]())
        paths.append(path)
    before = shown_seq(page)
    page.set_input_files("#files", [str(p) for p in paths])
    page.wait_for_selector("#refused li")
    refused = page.locator("#refused li").all_inner_texts()
    assert len(refused) == 1, refused
    assert refused[0].startswith("webp-in.tif\u00a0: l’image est un TIFF compressé en WEBP"), refused
    assert page.locator("#thumbs li").count() == 20
    wait_for_preview(page, before + 1)
    assert "image laissée de côté, au-delà du plus grand jeu" in settled_summary(page)
    notes = page.locator("#thumbs .left-out")
    assert notes.count() == 1
    assert notes.first.inner_text() == "laissée de côté\u00a0: le jeu s’arrête à la valeur 18"
    last = page.locator("#thumbs li").nth(19)
    assert last.locator(".left-out").count() == 1
