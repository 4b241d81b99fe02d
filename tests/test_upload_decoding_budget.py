"""Uploads share a decoding budget (issue 36): a phone's JPEG, decoded at 1/8 for the preview,
holds little, so two decode side by side (one per core); a picture decoded whole at the limit, one
to reduce first, an SVG or a refused header still waits to be alone (issue 17: never several large
pictures' pixels at once)."""

from __future__ import annotations

import io
import struct
import threading
import zlib
from pathlib import Path

import pytest
from PIL import Image

from domino_print.api_internal import decoding_pixels
from domino_print.studio import uploads
from domino_print.studio.uploads import DecodingBudget, _decoding_cost


def _jpeg(width: int, height: int, **options) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (200, 120, 40)).save(buffer, "JPEG", quality=80, **options)
    return buffer.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_header(width: int, height: int) -> bytes:
    """A PNG that says its size and holds no pixels (its header is all that is read here)."""
    header = _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    return b"\x89PNG\r\n\x1a\n" + header + _chunk(b"IDAT", zlib.compress(b"")) + _chunk(b"IEND", b"")


@pytest.mark.slow  # encodes two JPEGs
def test_what_preparing_an_upload_holds_is_read_from_its_header():
    path = Path("photo.jpg")
    # 1600 x 1200 for a 400 px preview: libjpeg decodes it at 1/4, 400 x 300
    assert _decoding_cost(_jpeg(1600, 1200), path) == 400 * 300
    # a progressive JPEG keeps all its coefficients: as much as decoding it whole
    assert _decoding_cost(_jpeg(1600, 1200, progressive=True), path) == 1600 * 1200
    assert _decoding_cost(_png_header(800, 600), Path("a.png")) == 800 * 600
    # over the decoding limit (reduced first), an SVG, or what is no picture: the whole budget
    assert _decoding_cost(_png_header(8000, 6000), Path("a.png")) is None
    assert decoding_pixels(Image.open(io.BytesIO(_png_header(8000, 6000))), 0.05) is None
    assert decoding_pixels(Image.open(io.BytesIO(_png_header(6000, 6000))), 0.05) == 36_000_000
    assert _decoding_cost(b'<svg xmlns="http://www.w3.org/2000/svg"/>', Path("a.svg")) is None
    assert _decoding_cost(b"not a picture at all", path) is None


def _holder(budget: DecodingBudget, pixels: int | None, entered: threading.Event, leave: threading.Event):
    def hold() -> None:
        with budget.holding(pixels):
            entered.set()
            leave.wait(10)

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    return thread


def _until(condition) -> None:
    for _ in range(10_000):
        if condition():
            return
        threading.Event().wait(0.001)
    raise AssertionError("never came")


@pytest.mark.slow  # threads waiting on each other
def test_small_decodes_share_the_budget_and_a_large_one_waits_to_be_alone():
    budget = DecodingBudget(1_000)
    first, second, large, late = (threading.Event() for _ in range(4))
    leave_small, leave_large, leave_late = threading.Event(), threading.Event(), threading.Event()
    threads = [_holder(budget, 300, first, leave_small), _holder(budget, 300, second, leave_small)]
    assert first.wait(10) and second.wait(10)  # side by side
    assert budget.used == 600
    threads.append(_holder(budget, None, large, leave_large))  # unknown cost: the whole budget
    _until(lambda: budget._waiting_large == 1)
    threads.append(_holder(budget, 100, late, leave_late))  # would fit, but comes after the large one
    assert not large.wait(0.05) and not late.is_set()
    leave_small.set()
    assert large.wait(10)
    assert budget.used == 1_000 and not late.is_set()  # alone
    leave_large.set()
    assert late.wait(10)
    leave_late.set()
    for thread in threads:
        thread.join(10)
    assert budget.used == 0


def test_a_decode_over_the_budget_holds_all_of_it_and_what_it_held_is_given_back_on_error():
    budget = DecodingBudget(1_000)
    with budget.holding(5_000) as held:
        assert held == 1_000 and budget.used == 1_000
    try:
        with budget.holding(10):
            raise ValueError("a refused picture")
    except ValueError:
        pass
    assert budget.used == 0


def test_the_studios_budget_is_one_picture_at_the_decoding_limit():
    from domino_print.pictures.decode import MAX_DECODED_PIXELS

    assert uploads.DECODING.pixels == MAX_DECODED_PIXELS == 40_000_000
