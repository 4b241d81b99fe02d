"""Pictures as phones make them, in the studio: HEIC with its orientation, and photos over the
decoding limit reduced on arrival (``pictures.reduce``) instead of refused, up to 200 MP.

The limits are lowered for these tests (``decode.MAX_DECODED_PIXELS``, the kept size, the band
size), so that small pictures take the same paths a 48 MP HEIC or a 100 MP PNG takes; the real
sizes and the server's memory are measured by ``bench/upload_memory.py``.
"""

from __future__ import annotations

import io
import random
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

import domino_print.pictures.decode as decode
import domino_print.pictures.reduce as reduce
from domino_print.pictures import PictureError
from domino_print.studio import uploads
from domino_print.studio.routes.pictures import picture_message
from tests.fixtures_images import BLUE, RED, huge_png_header, noisy, top_and_bottom

pillow_heif = pytest.importorskip("pillow_heif")


@pytest.fixture
def small_limits(monkeypatch):
    """Pictures over 20 000 pixels are 'over the decoding limit'; copies kept at 5 000 pixels."""
    monkeypatch.setattr(decode, "MAX_DECODED_PIXELS", 20_000)
    monkeypatch.setattr(reduce, "KEPT_PIXELS", 5_000)
    monkeypatch.setattr(reduce, "BAND_PIXELS", 700)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filtered_png(image: Image.Image, palette: bytes = b"", transparency: bytes = b"") -> bytes:
    """An 8-bit PNG whose rows use every PNG filter (None, Sub, Up, Average, Paeth) at random,
    in small IDAT chunks: what the band decoder must undo row after row."""
    colour = {"L": 0, "RGB": 2, "P": 3, "LA": 4, "RGBA": 6}[image.mode]
    per_pixel = {"L": 1, "RGB": 3, "P": 1, "LA": 2, "RGBA": 4}[image.mode]
    width, height = image.size
    raw, row_bytes = image.tobytes(), width * per_pixel
    chooser = random.Random(7)
    rows, previous = [], bytes(row_bytes)
    for y in range(height):
        row = raw[y * row_bytes:(y + 1) * row_bytes]
        kind = chooser.randrange(5)
        out = bytearray(row_bytes)
        for i in range(row_bytes):
            a = row[i - per_pixel] if i >= per_pixel else 0
            b = previous[i]
            c = previous[i - per_pixel] if i >= per_pixel else 0
            out[i] = (row[i] - (0, a, b, (a + b) // 2, _paeth(a, b, c))[kind]) & 255
        rows.append(bytes([kind]) + bytes(out))
        previous = row

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    packed = zlib.compress(b"".join(rows), 9)
    idat = b"".join(chunk(b"IDAT", packed[i:i + 500]) for i in range(0, len(packed), 500))
    extra = chunk(b"PLTE", palette) if palette else b""
    extra += chunk(b"tRNS", transparency) if transparency else b""
    header = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0))
    return reduce._PNG_SIGNATURE + header + extra + idat + chunk(b"IEND", b"")


def _noise(mode: str, size=(53, 71)) -> Image.Image:
    bands = [Image.effect_noise(size, 50 + 15 * n) for n in range(len(mode))]
    return bands[0] if mode == "L" else Image.merge(mode, bands)


@pytest.mark.parametrize("mode", ["L", "RGB", "LA", "RGBA"])
@pytest.mark.parametrize("factor", [1, 2, 3])
def test_a_png_read_by_bands_gives_the_pixels_read_whole(monkeypatch, mode, factor):
    monkeypatch.setattr(reduce, "BAND_PIXELS", 300)  # a band of a few rows: many bands
    image = _noise(mode)
    data = filtered_png(image)
    with Image.open(io.BytesIO(data)) as whole:
        assert whole.tobytes() == image.tobytes()  # the fixture is a valid PNG
    got = reduce._png_in_bands(data, Path("big.png"), factor)
    assert got.tobytes() == (image.reduce(factor) if factor > 1 else image).tobytes()


def test_a_palette_png_with_transparency_read_by_bands(monkeypatch):
    monkeypatch.setattr(reduce, "BAND_PIXELS", 200)
    indices = Image.effect_noise((40, 30), 90).point(lambda v: v % 4)
    palette = bytes([255, 0, 0, 0, 0, 255, 0, 255, 0, 255, 255, 255])
    data = filtered_png(_as_p(indices), palette, b"\x00")
    with Image.open(io.BytesIO(data)) as whole:
        expected = whole.convert("RGBA")
    got = reduce._png_in_bands(data, Path("art.png"), 1)
    assert got.mode == "RGBA" and got.tobytes() == expected.tobytes()


def _as_p(indices: Image.Image) -> Image.Image:
    image = Image.frombytes("P", indices.size, indices.tobytes())
    return image


def _stored(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_a_png_over_the_limit_is_kept_reduced_and_upright(small_limits):
    big = top_and_bottom((300, 200), top=RED, bottom=BLUE)  # 60 000 pixels: over the lowered limit
    exif = Image.Exif()
    exif[0x0112] = 6  # stored turned: the top is on the right
    buffer = io.BytesIO()
    big.transpose(Image.Transpose.ROTATE_90).save(buffer, "PNG", exif=exif.tobytes())
    prepared = uploads.prepare_upload(buffer.getvalue(), "panorama.png")
    kept = _stored(prepared.original)
    assert kept.width * kept.height <= 5_000 and kept.width > kept.height  # reduced, upright
    middle = kept.width // 2
    assert kept.getpixel((middle, 2))[:3] == RED and kept.getpixel((middle, kept.height - 3))[:3] == BLUE
    decode.open_picture(io.BytesIO(prepared.original), Path("kept"))  # within the limit now


@pytest.mark.parametrize("kind", ["WEBP", "TIFF"])
def test_other_formats_over_the_limit_are_decoded_whole_and_reduced(small_limits, kind):
    big = noisy((300, 200), seed=3)
    buffer = io.BytesIO()
    big.save(buffer, kind, **({"lossless": True} if kind == "WEBP" else {}))
    prepared = uploads.prepare_upload(buffer.getvalue(), f"photo.{kind.lower()}")
    kept = _stored(prepared.original)
    assert kept.width * kept.height <= 5_000 and prepared.extension == ".jpg"  # a photo: kept as JPEG


def _heic_bytes(image: Image.Image, orientation: int = 1) -> bytes:
    buffer = io.BytesIO()
    heif = pillow_heif.from_pillow(image)
    if orientation != 1:
        exif = Image.Exif()
        exif[0x0112] = orientation
        heif.info["exif"] = exif.tobytes()
    heif.save(buffer, quality=90)
    return buffer.getvalue()


@pytest.mark.parametrize("over_the_limit", [False, True])
def test_a_heic_photo_arrives_upright_with_its_orientation(request, over_the_limit):
    if over_the_limit:
        request.getfixturevalue("small_limits")
    upright = top_and_bottom((240, 160), top=RED, bottom=BLUE)
    data = _heic_bytes(upright.transpose(Image.Transpose.ROTATE_90), orientation=6)
    prepared = uploads.prepare_upload(data, "IMG_0042.HEIC")
    preview = _stored(prepared.preview)
    assert preview.width > preview.height
    middle = preview.width // 2
    top, bottom = preview.getpixel((middle, 3)), preview.getpixel((middle, preview.height - 4))
    assert top[0] > 200 > top[2] and bottom[2] > 200 > bottom[0]
    kept = _stored(prepared.original)
    assert (prepared.extension == ".heic") != over_the_limit  # reduced copies are ours (PNG or JPEG)
    assert kept.width * kept.height <= (5_000 if over_the_limit else 240 * 160)


def test_over_200_megapixels_is_refused_saying_its_size_in_the_page_language(tmp_path):
    data = huge_png_header(tmp_path / "h.png", 20_000, 15_000).read_bytes()
    with pytest.raises(PictureError) as caught:
        uploads.prepare_upload(data, "huge.png")
    assert caught.value.category == "too_large"
    assert picture_message(caught.value, "fr") == (
        "l’image a 300 mégapixels, au-delà de la limite de 200\u00a0; réduisez-la d’abord")
    assert "300 megapixels" in picture_message(caught.value, "en")


def test_a_picture_within_the_limits_is_kept_as_it_was_sent():
    buffer = io.BytesIO()
    noisy((120, 90)).save(buffer, "PNG")
    prepared = uploads.prepare_upload(buffer.getvalue(), "small.png")
    assert prepared.original == buffer.getvalue() and prepared.extension == ".png"


@pytest.mark.slow
def test_a_heic_preview_comes_from_the_thumbnail_its_phone_embedded(tmp_path):
    """Decoding a phone's HEVC picture whole takes seconds; its 320 px thumbnail is enough for the
    preview. The PDF still reads the whole picture where a face needs more pixels."""
    from domino_print.pictures.raster import prepare_face_image

    upright = noisy((1600, 1200), seed=5)
    upright.paste(RED, (0, 0, 1600, 600))
    upright.paste(BLUE, (0, 600, 1600, 1200))
    buffer = io.BytesIO()
    heif = pillow_heif.from_pillow(upright.transpose(Image.Transpose.ROTATE_90))
    exif = Image.Exif()
    exif[0x0112] = 6
    heif.info["exif"] = exif.tobytes()
    heif.save(buffer, quality=70, thumbnails=[320])
    prepared = uploads.prepare_upload(buffer.getvalue(), "IMG_0100.HEIC")
    preview = _stored(prepared.preview)
    assert preview.size == (320, 240)  # the thumbnail, upright
    assert preview.getpixel((160, 3))[0] > 200 and preview.getpixel((160, 236))[2] > 200
    path = tmp_path / "IMG_0100.heic"
    path.write_bytes(prepared.original)
    face = prepare_face_image(path, 40 / 25.4 * 72, dpi=300, fit="cover")
    assert face.image.size == (472, 472)  # 40 mm at 300 dpi: more than the thumbnail holds
