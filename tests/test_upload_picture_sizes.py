"""The studio reads each stored original's size once (issue 36): its upload's check gives it, and
every preview's "prints soft" notes reuse it; a HEIC's reader read the whole file for its size, 12 ms a
12 MP photo, seven of them at every option change."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from domino_print import api_internal
from domino_print.studio import uploads


def _png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (30, 90, 160)).save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.slow  # decodes two uploads
def test_a_previews_low_resolution_notes_read_no_header_again(tmp_path, monkeypatch):
    folders = [tmp_path / name for name in ("pictures", "preview", "thumbs")]
    for folder in folders:
        folder.mkdir()
    entries = [uploads.store(uploads.prepare_upload(_png(w, h), f"{w}.png"), *folders)
               for w, h in ((120, 90), (2400, 1800))]
    state = {"pictures": entries, "fit": "contain"}
    checked: list[str] = []
    real = api_internal.check_picture
    monkeypatch.setattr(uploads, "check_picture", lambda path: checked.append(path.name) or real(path))
    for _ in range(3):
        said = uploads.low_resolution(state, 30.0, folders[0], "en")
        # contain: 120 px across 30 mm less 8 % on each side (25.2 mm = 0.992 in): 120.95 ppi, said
        # rounded down; 2400 px prints sharp
        assert list(said) == [entries[0]["id"]]
        assert "120" in said[entries[0]["id"]] and "150" in said[entries[0]["id"]]
    assert checked == []  # the sizes came from the uploads' own checks


def test_a_size_known_gives_the_same_ppi_as_the_header(tmp_path):
    path = tmp_path / "small.png"
    path.write_bytes(_png(120, 90))
    assert api_internal.check_picture(path) == (120, 90)
    for fit in ("contain", "cover"):
        for box in (12.0, 30.0, 60.0):
            read = api_internal.low_picture_ppi(path, box, fit)
            assert api_internal.low_picture_ppi(path, box, fit, size=(120, 90)) == read
    assert api_internal.low_picture_ppi(path, 30.0, "contain", size=(120, 90)) is not None


def test_a_session_opened_by_another_process_reads_each_size_once(tmp_path, monkeypatch):
    path = tmp_path / "abc.png"
    path.write_bytes(_png(120, 90))
    checked: list[str] = []
    real = api_internal.check_picture
    monkeypatch.setattr(uploads, "check_picture", lambda p: checked.append(p.name) or real(p))
    state = {"pictures": [{"id": "abc", "file": "abc.png"}], "fit": "contain"}
    first = uploads.low_resolution(state, 30.0, tmp_path, "en")
    assert uploads.low_resolution(state, 30.0, tmp_path, "en") == first and list(first) == ["abc"]
    assert checked == ["abc.png"]
