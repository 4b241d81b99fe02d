"""Files made elsewhere (issue 35): every picture Pillow reads is read, a file left out is named,
an SVG browsers draw is drawn, a refusal is one line in our words, on every surface alike.

The corpus (``tests/corpus_elsewhere.py``) holds each file and its expected outcome, written
from the formats' documents; each test runs it through a surface and compares.
"""

from __future__ import annotations

import io
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from domino_print.pictures import IMAGE_SUFFIXES, PictureError
from domino_print.pictures.decode import LEFT_TO_OTHERS, decode, open_picture, reader_formats
from domino_print.pictures.raster import check_image
from domino_print.pictures.svg import load_svg, thumbnail
from domino_print.themes.user import list_images
from tests.corpus_elsewhere import DRAWN, LIBRARY_WORDS, PICTURES, REFUSED_SVGS, SVGS


def write_corpus(folder: Path, names) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_bytes(PICTURES[name][0]() if name in PICTURES else SVGS[name][0].encode())
    return folder


def outcome(path: Path) -> str:
    """What the command line's reader makes of a file: ``drawn`` or the refusal's category."""
    try:
        check_image(path)
        with path.open("rb") as file:
            decode(open_picture(file, path), path, 1.0)
    except PictureError as exc:
        assert not any(words in str(exc) for words in LIBRARY_WORDS), str(exc)
        return exc.category
    return "drawn"


# -- the formats -----------------------------------------------------------------------------------


def test_every_reader_pillow_has_is_used_but_those_left_to_others():
    Image.init()
    readers = set(reader_formats())
    assert {"AVIF", "JPEG", "PNG", "PPM", "TGA", "PSD", "ICO", "JPEG2000", "QOI", "WEBP", "TIFF"} <= readers
    assert not readers & {"EPS", "IPTC", "MPEG", "WMF"}  # Ghostscript, temporary files, no pixels
    assert readers | set(LEFT_TO_OTHERS) == {name for name in Image.ID if name in Image.OPEN}


def test_the_picture_endings_are_the_ones_pillow_names_for_its_readers():
    Image.init()
    named = {ext for ext, name in Image.EXTENSION.items() if name in reader_formats()}
    # FlashPix and Image Composer read only with olefile installed: found by content then
    assert named - set(IMAGE_SUFFIXES) <= {".fpx", ".mic"}
    assert set(IMAGE_SUFFIXES) - named == {".heic", ".heif", ".svg", ".mpo"}  # pillow-heif, SVG, MPO


@pytest.mark.slow
def test_the_studio_offers_every_picture_ending_the_decoder_reads():
    """Issue 32, item 2c: the studio's file picker reads the one list (``pictures.IMAGE_SUFFIXES``,
    kept to Pillow's readers above), not a list of its own (it offered .heic, .heif and .svg)."""
    import re

    from domino_print.studio.page import render_page

    html = render_page("en", {})
    accept = re.search(r'<input type="file" id="files"[^>]*accept="([^"]*)"', html)
    assert accept is not None
    assert accept.group(1).split(",") == ["image/*", *IMAGE_SUFFIXES]
    assert {".avif", ".psd", ".tga", ".heic", ".svg"} <= set(accept.group(1).split(","))


def test_a_file_with_another_ending_is_read_by_its_content(tmp_path):
    from domino_print.pictures.raster import is_picture

    (tmp_path / "scan.fpx").write_bytes(PICTURES["01-png.png"][0]())
    (tmp_path / "readme.md").write_text("# photos\n")
    assert is_picture(tmp_path / "scan.fpx") and not is_picture(tmp_path / "readme.md")


@pytest.mark.parametrize("name", list(PICTURES))
def test_each_file_of_the_corpus_has_its_outcome(tmp_path, name):
    path = write_corpus(tmp_path, [name]) / name
    assert outcome(path) == PICTURES[name][1]


def test_a_folder_lists_every_picture_by_content_and_names_the_rest(tmp_path):
    folder = write_corpus(tmp_path / "photos", list(PICTURES))
    (folder / "Thumbs.db").write_bytes(b"\0" * 64)
    pictures, others = list_images(folder)
    assert others == ["notes.txt", "postscript.eps"]  # Thumbs.db: Windows' own, without a word
    assert {p.name for p in pictures} == set(PICTURES) - {"notes.txt", "postscript.eps"}


# -- the command line ------------------------------------------------------------------------------


def seven(folder: Path, odd: str) -> Path:
    """A folder of seven pictures (a double-six), one of them ``odd``, six plain PNG files."""
    write_corpus(folder, [odd])
    for value in range(6):
        Image.new("RGB", (16, 16), (value * 40, 90, 30)).save(folder / f"usual-{value}.png")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("odd", [name for name in DRAWN if not name.endswith(".png")])
def test_seven_pictures_with_one_made_elsewhere_make_a_double_six(run_cli, tmp_path, odd):
    folder = seven(tmp_path / "photos", odd)
    out = tmp_path / "set.pdf"
    result = run_cli("--theme", folder, "--out", out, "--no-rules")
    assert result.exit_code == 0, result.output
    assert "28 dominoes (double-six)" in result.stdout and "left out" not in result.stdout
    assert len(PdfReader(out).pages) >= 1


@pytest.mark.slow
def test_a_file_left_out_is_named_in_the_summary(run_cli, tmp_path):
    folder = seven(tmp_path / "photos", "02-avif.avif")
    write_corpus(folder, ["notes.txt", "postscript.eps"])
    result = run_cli("--theme", folder, "--out", tmp_path / "set.pdf", "--no-rules")
    assert result.exit_code == 0, result.output
    assert "28 dominoes (double-six)" in result.stdout
    assert "2 files left out, not pictures (notes.txt, postscript.eps)" in result.stdout


@pytest.mark.slow
def test_pictures_over_the_largest_set_are_named_in_the_summary(run_cli, tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for value in range(21):
        Image.new("RGB", (8, 8), (value * 12, 40, 200)).save(folder / f"p{value:02}.png")
    result = run_cli("--theme", folder, "--out", tmp_path / "set.pdf", "--no-rules", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert "(double-eighteen)" in result.stdout
    assert "2 pictures left out, over the largest set (p19.png, p20.png)" in result.stdout
    asked = run_cli("--theme", folder, "--out", tmp_path / "small.pdf", "--no-rules", "--max", "3")
    assert asked.exit_code == 0 and "left out" not in asked.stdout  # the user asked for it


@pytest.mark.parametrize("name", ["webp-in.tif", "broken-lzw.tif", "bomb.gif"])
def test_a_refused_picture_is_one_line(run_cli, tmp_path, name):
    folder = seven(tmp_path / "photos", name)
    out = tmp_path / "set.pdf"
    result = run_cli("--theme", folder, "--out", out, "--no-rules")
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert name in line and not any(words in line for words in LIBRARY_WORDS), line
    assert not out.exists()


def test_a_webp_tiff_is_unsupported_not_damaged(tmp_path):
    path = write_corpus(tmp_path, ["webp-in.tif"]) / "webp-in.tif"
    with pytest.raises(PictureError) as caught:
        check_image(path)
    assert caught.value.category == "unsupported" and "compressed with WEBP" in str(caught.value)
    assert "damaged" not in str(caught.value)


@pytest.mark.slow  # subprocesses: what libtiff writes to the process's own standard error
@pytest.mark.parametrize("name", ["webp-in.tif", "broken-lzw.tif"])
def test_libtiff_writes_nothing_to_the_standard_error(tmp_path, name):
    folder = seven(tmp_path / "photos", name)
    result = subprocess.run(
        [sys.executable, "-m", "domino_print", "--theme", str(folder), "--out", str(tmp_path / "s.pdf"),
         "--no-rules"], capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("domino-print: error: ")


# -- SVG -----------------------------------------------------------------------------------------


def centre(image: Image.Image) -> tuple[int, int, int]:
    pixel = image.convert("RGB").getpixel((image.width // 2, image.height // 2))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


@pytest.mark.parametrize("name", list(SVGS))
def test_svgs_browsers_draw_are_drawn(tmp_path, name):
    text, expected = SVGS[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    load_svg(path)
    picture = thumbnail(path, 100)
    if expected is not None:
        assert all(abs(a - b) <= 40 for a, b in zip(centre(picture), expected, strict=True)), centre(picture)


def test_relative_font_sizes_follow_the_parent(tmp_path):
    """``larger`` and ``2em`` grow from the parent's size: a text at 2em is twice as wide."""
    from domino_print.pictures.svg_normal import FONT_SIZE_SCALE, MEDIUM_PX, font_size_px

    assert font_size_px("xx-large", 99) == 32 == MEDIUM_PX * FONT_SIZE_SCALE["xx-large"]
    assert font_size_px("larger", 10) == pytest.approx(12)
    assert font_size_px("2em", 13) == 26 and font_size_px("50%", 20) == 10
    assert font_size_px("12pt", 5) == 16 and font_size_px("wide", 5) is None


def test_current_color_on_a_stop_draws_the_colour(tmp_path):
    text, _ = SVGS["stop-current-color.svg"]
    path = tmp_path / "g.svg"
    path.write_text(text.replace('color="green"', 'color="#FF0000"'), encoding="utf-8")
    assert centre(thumbnail(path, 100))[0] > 200


@pytest.mark.parametrize("name", list(REFUSED_SVGS))
def test_a_refused_svg_is_worded_by_us(tmp_path, name):
    path = tmp_path / name
    path.write_text(REFUSED_SVGS[name], encoding="utf-8")
    with pytest.raises(PictureError) as caught:
        load_svg(path)
    assert caught.value.category == "bad_svg"
    assert not any(words in str(caught.value) for words in LIBRARY_WORDS), str(caught.value)


def test_the_thumbnail_leaves_the_drawing_as_the_face_draws_it(tmp_path):
    path = tmp_path / "red.svg"
    path.write_text(SVGS["style-comment.svg"][0], encoding="utf-8")
    before = load_svg(path)
    size = (before.width, before.height)
    thumbnail(path, 300)
    after = load_svg(path)
    assert (after.width, after.height) == size


# -- the studio: the same reader, the same answer ---------------------------------------------------


def studio_outcome(data: bytes, name: str) -> str:
    from domino_print.studio.uploads import prepare_upload

    try:
        prepare_upload(data, name)
    except PictureError as exc:
        return exc.category
    return "drawn"


@pytest.mark.parametrize("name", list(PICTURES))
def test_the_studio_takes_what_the_command_line_takes(tmp_path, name):
    path = write_corpus(tmp_path, [name]) / name
    command_line = outcome(path) if name not in ("notes.txt", "postscript.eps") else "not_a_picture"
    assert studio_outcome(path.read_bytes(), name) == command_line == PICTURES[name][1]


@pytest.mark.parametrize("name", [*SVGS, *REFUSED_SVGS])
def test_the_studio_draws_the_svgs_the_command_line_draws(tmp_path, name):
    text = SVGS[name][0] if name in SVGS else REFUSED_SVGS[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    try:
        load_svg(path)
        command_line = "drawn"
    except PictureError as exc:
        command_line = exc.category
    assert studio_outcome(text.encode(), name) == command_line


@pytest.mark.slow
def test_the_studio_words_a_bomb_and_an_unsupported_tiff_in_the_page_language(tmp_path):
    from domino_print.studio import create_app
    from domino_print.studio.settings import Settings

    with warnings.catch_warnings():  # starlette asks for httpx2, a newer name for the same client
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    client = TestClient(create_app(Settings(data_dir=tmp_path / "data")), base_url="http://127.0.0.1:8000")
    client.headers["origin"] = "http://127.0.0.1:8000"
    assert client.get("/").status_code == 200
    files = [("files", (name, PICTURES[name][0](), "application/octet-stream"))
             for name in ("bomb.gif", "webp-in.tif", "02-avif.avif", "10-photoshop.psd")]
    state = client.post("/api/pictures?lang=fr", files=files).json()
    messages = {item["name"]: item["message"] for item in state["rejected"]}
    assert "?" not in messages["bomb.gif"] and "900 mégapixels" in messages["bomb.gif"]
    assert "TIFF compressé en WEBP" in messages["webp-in.tif"]
    assert len(state["pictures"]) == 2


def test_the_studio_stores_a_picture_under_its_formats_ending(tmp_path):
    from domino_print.studio.uploads import prepare_upload

    assert prepare_upload(PICTURES["10-photoshop.psd"][0](), "x").extension == ".psd"
    assert prepare_upload(PICTURES["16-IMG_0016"][0](), "IMG_0016").extension == ".jpg"
    picture = io.BytesIO(prepare_upload(PICTURES["02-avif.avif"][0](), "a.avif").original)
    assert Image.open(picture).format == "AVIF"


@pytest.mark.parametrize("lang", ["fr", "en", "es", "de"])
def test_the_files_left_out_are_said_in_every_language(lang):
    from domino_print.output.summary import DocumentFacts, summary_line

    facts = DocumentFacts(pages=2, tiles=28, deck="double", top=6, sets=1, backs=None, duplex="long",
                          paper="A4", size=2048, left_out=("notes.txt", "a.eps"), unused=("p19.png",))
    line = summary_line(DocumentFacts.from_json(facts.as_json()), lang)
    assert "(notes.txt, a.eps)" in line and "(p19.png)" in line
    english = {"fr": "left out", "es": "left out", "de": "left out", "en": "omitido"}[lang]
    assert english not in line
    with pytest.raises(ValueError, match="left_out"):
        DocumentFacts.from_json({**facts.as_json(), "left_out": [3]})


@pytest.mark.slow
def test_the_studio_marks_the_pictures_over_the_set(tmp_path):
    """20 pictures: a double-eighteen uses 19; the 20th is named in the summary and the preview
    says the set's highest value, for the page to mark the thumbnail beside it."""
    from tests.test_studio import make_client, png_bytes, preview, upload

    with make_client(tmp_path / "data") as client:
        pictures = [(f"p{value:02}.png", png_bytes(Image.new("RGB", (8, 8), (value * 12, 40, 200))))
                    for value in range(20)]
        assert len(upload(client, pictures).json()["pictures"]) == 20
        answer = preview(client, theme="pictures")
        assert answer.status_code == 200, answer.text
        assert answer.json()["pictures_top"] == 18
        assert "1 picture left out, over the largest set (p19)" in answer.json()["summary"]
        fewer = preview(client, theme="pictures", max=5).json()
        assert fewer["pictures_top"] == 5 and "left out" not in fewer["summary"]


def test_a_session_folder_half_made_by_another_request_is_finished_not_used(tmp_path):
    """Three uploads at once of a new visitor's pictures: one request makes the folder while
    another sees it; a folder without its state yet is not the session's (its pictures folder
    may not exist yet: a 500 in the browser), and finishing it keeps what is there."""
    from domino_print.studio.sessions import SessionStore

    store = SessionStore(tmp_path, ttl_s=3600)
    session = store.create()
    session.folder.mkdir(parents=True)  # what the other request has made so far
    assert not session.exists
    session.ensure()
    assert session.exists and session.pictures_dir.is_dir() and session.read_state()["pictures"] == []
    with session.changing() as state:
        state["title"] = "Mamie"
    store.make_folder(session.folder)  # a late request making it again keeps the state
    assert session.read_state()["title"] == "Mamie"
