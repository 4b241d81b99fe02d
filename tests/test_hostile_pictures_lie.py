"""Issue 17, class 7: pictures that lie, and phone pictures.

- A header that claims more pixels than the file can hold (a JPEG saying 17000 x 17000 in a few
  hundred bytes, whose missing data libjpeg would fill with grey) is refused in one line; a
  picture is accepted only when it decodes, whatever header and length hypothesis makes.
- HEIC/HEIF is recognised by its content (``.heic``, or a phone photo renamed ``.jpg``) and
  read through pillow-heif; a folder never skips one silently.
"""

from __future__ import annotations

import io
import struct
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from domino_print.cli import cli


def _run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _jpeg(width: int, height: int, keep: int | None, colour: str = "red") -> bytes:
    """A small real JPEG whose frame header says ``width`` x ``height``; scan data cut to ``keep``
    bytes (None: all of it), then the end marker."""
    buffer = io.BytesIO()
    Image.new("RGB", (16, 16), colour).save(buffer, "JPEG")
    data = bytearray(buffer.getvalue())
    frame = data.find(b"\xff\xc0")
    struct.pack_into(">HH", data, frame + 5, height, width)
    scan = data.find(b"\xff\xda")
    start = scan + 2 + struct.unpack(">H", data[scan + 2: scan + 4])[0]
    body = bytes(data[start:-2]) if keep is None else bytes(data[start:start + keep])
    return bytes(data[:start]) + body + b"\xff\xd9"


def _colours_folder(folder: Path, count: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for index, colour in enumerate(["#1E88E5", "#43A047", "#FDD835", "#8E24AA"][:count]):
        Image.new("RGB", (40, 40), colour).save(folder / f"p{index + 1}.png")


def test_a_jpeg_header_of_17000_squared_with_no_data_is_refused(tmp_path):
    folder = tmp_path / "f"
    _colours_folder(folder, 2)
    (folder / "p0.jpg").write_bytes(_jpeg(17000, 17000, 0))
    out = tmp_path / "x.pdf"
    result = _run("--theme", folder, "--no-rules", "--out", out)
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "17000 x 17000" in lines[0] and "holds only" in lines[0]
    assert not out.exists()


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::PIL.Image.DecompressionBombWarning")
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(width=st.integers(1, 20000), height=st.integers(1, 20000), keep=st.none() | st.integers(0, 400))
def test_a_picture_is_accepted_only_when_it_decodes(width, height, keep):
    with tempfile.TemporaryDirectory() as name:
        root = Path(name)
        folder = root / "f"
        _colours_folder(folder, 2)
        data = _jpeg(width, height, keep)
        (folder / "p0.jpg").write_bytes(data)
        out = root / "x.pdf"
        result = _run("--theme", folder, "--no-rules", "--max", "2", "--dpi", "72", "--out", out)
        if width * height > len(data) * 1024:  # more than any JPEG of that length can hold
            assert result.exit_code == 1, result.output  # it holds too few bytes, or is over every limit
            assert "holds only" in result.stderr or "megapixels" in result.stderr, result.stderr
        if result.exit_code != 0:
            assert result.exception is None or isinstance(result.exception, SystemExit)
            assert len(result.stderr.strip().splitlines()) == 1 and not out.exists()


pillow_heif = pytest.importorskip("pillow_heif")


def _heic(path: Path, colour: str) -> Path:
    pillow_heif.from_pillow(Image.new("RGB", (64, 64), colour)).save(path, quality=90)
    return path


@pytest.mark.parametrize("name", ["IMG_0001.HEIC", "photo.heif", "renamed.jpg"])
def test_heic_is_read_by_its_content_never_skipped(tmp_path, name):
    folder = tmp_path / "phone"
    folder.mkdir()
    Image.new("RGB", (64, 64), "#1E88E5").save(folder / "a.png")
    Image.new("RGB", (64, 64), "#43A047").save(folder / "b.png")
    _heic(folder / name, "#E53935")
    out = tmp_path / "x.pdf"
    result = _run("--theme", folder, "--no-rules", "--out", out)
    assert result.exit_code == 0, result.output
    assert "6 dominoes (double-two)" in result.output  # three pictures: none skipped
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(out.read_bytes())
    page = document[0].render(scale=40 / 72).to_pil().convert("RGB")
    document.close()
    red = sum(1 for r, g, b in page.getdata() if r > 180 and g < 100 and b < 100)
    assert red > 200, "the HEIC picture's red is drawn on its faces"
