"""A theme as one .zip file (``--theme photos.zip``), read with a folder's containment rules; zip
slips, links, zip bombs and oversized members refused in one line, nothing written."""

from __future__ import annotations

import stat
import zipfile
from pathlib import Path

import pytest

from domino_print.themes import archive
from tests.fixtures_images import SEVEN, colour_folder, run


def zipped(folder: Path, target: Path, *, top: str | None = "photos",
           extra: dict[str, bytes] | None = None) -> Path:
    """``folder``'s files in a zip, under the folder ``top`` (as a file manager zips a folder)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for path in sorted(folder.iterdir()):
            out.write(path, f"{top}/{path.name}" if top else path.name)
        for name, data in (extra or {}).items():
            out.writestr(name, data)
    return target


def photos(tmp_path: Path) -> Path:
    folder = colour_folder(tmp_path / "photos", SEVEN[:4])
    (folder / "theme.toml").write_text(
        'title = "Nos photos"\nfit = "cover"\ncrop = [[0.5, 0], [0.5, 0.5], [0.5, 1], [0, 0.5]]\n'
        '[labels]\nfr = ["papa", "maman", "Léa", "Tom"]\n', encoding="utf-8")
    return folder


@pytest.mark.parametrize("top", ["photos", None])
def test_the_zip_makes_the_same_pdf_as_the_folder(tmp_path, top):
    folder = photos(tmp_path)
    from_folder, from_zip = tmp_path / "folder.pdf", tmp_path / "zip.pdf"
    assert run("--theme", folder, "--labels", "--out", from_folder).exit_code == 0
    result = run("--theme", zipped(folder, tmp_path / "photos.zip", top=top), "--labels", "--out", from_zip)
    assert result.exit_code == 0, result.output
    assert "10 dominoes (double-three)" in result.output
    assert from_zip.read_bytes() == from_folder.read_bytes()


def test_a_zip_of_pictures_without_theme_toml_is_a_folder_theme(tmp_path):
    folder = colour_folder(tmp_path / "family", SEVEN[:3])
    result = run("--theme", zipped(folder, tmp_path / "family.zip", top=None,
                                   extra={"__MACOSX/._img1.png": b"junk", "notes.txt": b"hello"}),
                 "--no-rules", "--out", tmp_path / "x.pdf")
    assert result.exit_code == 0, result.output
    assert "6 dominoes (double-two)" in result.output  # the macOS leftovers and the note left out


def _refused(tmp_path: Path, zip_path: Path, *words: str) -> str:
    out = tmp_path / "out.pdf"
    result = run("--theme", zip_path, "--out", out)
    assert result.exit_code == 1, result.output
    line = result.output.strip()
    assert "\n" not in line and "Traceback" not in line, line
    for word in words:
        assert word in line, line
    assert not out.exists()
    return line


@pytest.mark.parametrize("name", ["../evil.png", "photos/../../evil.png", "/tmp/evil.png", "C:/evil.png",
                                  "photos\\..\\evil.png"])
def test_a_zip_slip_is_refused(tmp_path, name):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    bad = zipped(folder, tmp_path / "slip.zip", extra={name: (folder / "img1.png").read_bytes()})
    _refused(tmp_path, bad, "refused")
    assert not (tmp_path / "evil.png").exists()


def test_a_link_in_the_archive_is_refused(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    target = zipped(folder, tmp_path / "link.zip")
    with zipfile.ZipFile(target, "a") as out:
        info = zipfile.ZipInfo("photos/img3.png")
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        out.writestr(info, "/etc/passwd")
    _refused(tmp_path, target, "photos/img3.png is a link")


def test_a_name_twice_is_refused(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    target = tmp_path / "twice.zip"
    with zipfile.ZipFile(target, "w") as out:
        out.write(folder / "img1.png", "img1.png")
        out.write(folder / "img2.png", "IMG1.png")
    _refused(tmp_path, target, "twice")


@pytest.mark.slow
def test_a_zip_bomb_is_refused_before_anything_is_unpacked(tmp_path):
    target = tmp_path / "bomb.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("bomb.png", b"\0" * (40 * 1024 * 1024))  # 40 MB of zeros pack to 40 KB
    _refused(tmp_path, target, "bomb.png unpacks to", "times its packed size")


def test_an_oversized_member_and_too_many_members_are_refused(tmp_path, monkeypatch):
    folder = colour_folder(tmp_path / "photos", SEVEN)
    target = zipped(folder, tmp_path / "photos.zip")
    monkeypatch.setattr(archive, "MAX_MEMBER_BYTES", 50)
    _refused(tmp_path, target, "unpacks to 0 MB, over 0 MB for one file")
    monkeypatch.setattr(archive, "MAX_MEMBER_BYTES", 1 << 30)
    monkeypatch.setattr(archive, "MAX_MEMBERS", 5)
    _refused(tmp_path, target, "holds 7 files, more than 5")


@pytest.mark.parametrize(("content", "words"), [
    (b"PK\x03\x04 not really a zip", ("not a .zip archive that can be read",)),
    (None, ("holds no picture",)),
])
def test_not_a_zip_and_no_pictures_are_refused(tmp_path, content, words):
    target = tmp_path / "theme.zip"
    if content is None:
        with zipfile.ZipFile(target, "w") as out:
            out.writestr("readme.txt", "nothing here")
    else:
        target.write_bytes(content)
    _refused(tmp_path, target, *words)


def test_the_theme_toml_in_the_zip_follows_the_folder_rules(tmp_path):
    folder = colour_folder(tmp_path / "photos", SEVEN[:2])
    (folder / "theme.toml").write_text('images = ["../outside.png", "img1.png"]\n', encoding="utf-8")
    _refused(tmp_path, zipped(folder, tmp_path / "photos.zip"), "outside the folder")
