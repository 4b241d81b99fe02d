"""Issue 28, bugs 2 and 7 and the zip minor items: a theme's .zip counted from its end record before
``zipfile`` reads its member list, a name that is a file and a folder, the words of each refusal,
and what the studio unpacks per request.

A 159 MB zip listing 3 million members cost 1.4 GB in ``zipfile`` before the 500-member check;
``x.png`` beside ``x.png/y.png`` gave a 500 in the studio, ``FileExistsError`` in the API and a
temporary folder's name on the command line. Memory is measured in ``bench/hostile_memory.py``.
"""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from domino_print.studio import theme_zip
from domino_print.themes.archive import ArchiveError, unpack_theme
from domino_print.themes.zip_directory import TooManyMembers, check_directory
from tests.test_studio import make_client, png_bytes, upload

PNG = png_bytes(Image.new("RGB", (8, 8), "red"))


def zip_of(names: list[str], data: bytes = PNG) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
        for name in names:
            out.writestr(name, b"" if name.endswith("/") else data)
    return buffer.getvalue()


class _NoZipfile:
    """Fails the test if zipfile.ZipFile is opened: the refusal must come before it."""

    def __init__(self, *args, **kwargs):
        raise AssertionError("zipfile read the member list")


@pytest.mark.slow
@pytest.mark.parametrize("members", [501, 5000, 70_000])
def test_too_many_members_are_refused_from_the_end_record(tmp_path, monkeypatch, members):
    """70,000 members makes zipfile write a ZIP64 end record (more than 65,535 entries)."""
    path = tmp_path / "many.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as out:
        for n in range(members):
            out.writestr(f"{n}.txt", b"")
    monkeypatch.setattr(zipfile, "ZipFile", _NoZipfile)  # (archive imports zipfile when it unpacks)
    with pytest.raises(ArchiveError) as caught:
        unpack_theme(path, tmp_path / "into")
    assert caught.value.says == "archive.too_many" and caught.value.values["count"] == members


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(declared=st.integers(0, 0xFFFE), listed=st.integers(600, 3000))
def test_an_end_record_that_lies_about_its_count_is_refused_by_the_list_s_length(declared, listed):
    """zipfile reads as many entries as the directory's byte length holds, whatever the count
    says: a record declaring few members over a long list is refused by that length."""
    data = bytearray(zip_of([f"{n:05d}-{'n' * 200}.txt" for n in range(listed)], b""))
    end = data.rfind(b"PK\x05\x06")
    struct.pack_into("<HH", data, end + 8, declared, declared)
    with pytest.raises(TooManyMembers):
        check_directory(io.BytesIO(bytes(data)), most_members=500, most_entry_bytes=200)


def test_a_theme_of_few_members_is_still_read(tmp_path):
    path = tmp_path / "ok.zip"
    path.write_bytes(zip_of(["photos/a.png", "photos/b.png", "__MACOSX/photos/._a.png"]))
    assert sorted(p.name for p in unpack_theme(path, tmp_path / "into").iterdir()) == ["a.png", "b.png"]


names = st.text(alphabet="abcXYZ-_é", min_size=1, max_size=6)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(folders=st.lists(names, max_size=2), stem=names, inner=names, upper=st.booleans(),
       inner_first=st.booleans())
def test_a_name_that_is_a_file_and_a_folder_is_refused_naming_it(tmp_path_factory, folders, stem, inner,
                                                                  upper, inner_first):
    file_name = "/".join([*folders, f"{stem}.png"])
    folder_name = file_name.upper() if upper else file_name
    members = [file_name, f"{folder_name}/{inner}.png"]
    if inner_first:
        members.reverse()
    into = tmp_path_factory.mktemp("into")
    path = into.parent / f"{into.name}.zip"
    path.write_bytes(zip_of(members))
    with pytest.raises(ArchiveError) as caught:
        unpack_theme(path, into)
    error = caught.value
    assert error.says == "archive.file_and_folder" and error.name == file_name
    assert "outside" not in str(error) and list(into.iterdir()) == []


def test_the_command_line_names_the_member_not_a_temporary_folder(tmp_path, run_cli):
    (tmp_path / "clash.zip").write_bytes(zip_of(["x.png", "x.png/y.png"]))
    result = run_cli("--theme", tmp_path / "clash.zip", "--out", tmp_path / "o.pdf")
    assert result.exit_code != 0 and "x.png is a file and also a folder" in result.output
    assert "domino-print-theme-" not in result.output and "Traceback" not in result.output
    assert result.output.strip().count("\n") == 0


def test_the_api_raises_the_documented_error(tmp_path):
    from domino_print.api import DominoError
    from domino_print.api_internal import open_theme_archive

    (tmp_path / "clash.zip").write_bytes(zip_of(["x.png", "x.png/y.png"]))
    (tmp_path / "into").mkdir()
    with pytest.raises(DominoError):
        open_theme_archive(str(tmp_path / "clash.zip"), str(tmp_path / "into"))  # str paths work too


@pytest.mark.parametrize("members, kind, words", [
    (["x.png", "x.png/y.png"], "file_and_folder", "both as a file and as a folder"),
    (["a.png", "A.PNG"], "twice", "twice"),
    (["a.png", "..\\b.png"], "not_plain", "not a plain name"),
])
def test_each_unsafe_archive_is_worded_for_what_it_is(tmp_path, members, kind, words):
    path = tmp_path / "t.zip"
    path.write_bytes(zip_of(members))
    with pytest.raises(ArchiveError) as caught:
        unpack_theme(path, tmp_path / "into")
    assert caught.value.says == f"archive.{kind}"
    message = theme_zip.refusal(caught.value, "en")
    assert words in message and "outside" not in message


def test_a_link_is_worded_as_a_link(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        out.writestr("a.png", PNG)
        link = zipfile.ZipInfo("b.png")
        link.external_attr = (0o120777 << 16)
        out.writestr(link, "a.png")
    (tmp_path / "l.zip").write_bytes(buffer.getvalue())
    with pytest.raises(ArchiveError) as caught:
        unpack_theme(tmp_path / "l.zip", tmp_path / "into")
    assert caught.value.says == "archive.link" and "link" in theme_zip.refusal(caught.value, "en")


def test_the_studio_refuses_a_clash_in_a_line_and_serves_another_visitor(tmp_path):
    with make_client(tmp_path / "a") as hostile, make_client(tmp_path / "b") as other:
        assert upload(other, [("a.png", PNG)]).status_code == 200
        answer = hostile.post("/api/theme?lang=fr", content=zip_of(["x.png", "x.png/y.png"]))
        assert answer.status_code == 422, answer.text
        assert "x.png" in answer.json()["message"] and "dossier" in answer.json()["message"]
        assert other.get("/api/pictures").json()["pictures"]


@pytest.mark.slow
def test_the_studio_unpacks_no_more_than_a_session_may_hold(tmp_path):
    """The session's limit (here 1 MB), not the command line's 512 MB, bounds what one request
    unpacks: four pictures of 400 KB are refused before one is written."""
    noise = Image.effect_noise((380, 380), 90).convert("RGB")
    big = png_bytes(noise)
    assert len(big) > 100_000
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as out:
        for n in range(12):
            out.writestr(f"{n}.png", big)
    with make_client(tmp_path / "data", bytes_per_session=len(big) * 12 + 10_000,
                     bytes_per_file=len(big) * 2) as client:
        client.get("/")
        client.post("/api/list", json={"rows": [], "mode": "typed"})
        limited = theme_zip.read_archive
        seen = {}

        def spy(zip_path: Path, folder: Path, lang: str, most_bytes=None, most_file_bytes=None):
            seen.update(most=most_bytes, file=most_file_bytes)
            return limited(zip_path, folder, lang, most_bytes, most_file_bytes)

        theme_zip.read_archive = spy
        try:
            client.post("/api/theme?lang=en", content=buffer.getvalue())
        finally:
            theme_zip.read_archive = limited
        assert seen == {"most": len(big) * 12 + 10_000, "file": len(big) * 2}
    with pytest.raises(ArchiveError) as caught:
        (tmp_path / "t.zip").write_bytes(buffer.getvalue())
        from domino_print.api_internal import open_theme_archive

        (tmp_path / "into").mkdir()
        open_theme_archive(tmp_path / "t.zip", tmp_path / "into", most_bytes=len(big) * 3)
    assert caught.value.says == "archive.too_large"


def test_a_declared_huge_body_is_refused_before_it_is_read(tmp_path):
    with make_client(tmp_path / "data") as client:
        client.post("/api/list", json={"rows": [], "mode": "typed"})

        def body():
            yield b"PK" + b"\0" * 1000
            raise AssertionError("the body was read")

        answer = client.post("/api/theme?lang=en", content=body(),
                             headers={"content-length": str(1024 ** 3)})
        assert answer.status_code == 413
