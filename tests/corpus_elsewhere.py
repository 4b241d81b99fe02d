"""A corpus of files made elsewhere (issue 35), written by script in the shapes other projects
publish for their own tests (Pillow's Tests/images, resvg's tests/), each with the outcome it
must have on every surface.

``PICTURES``: name -> (bytes maker, expected), expected ``"drawn"`` or a ``PictureError.category``
(``"not_a_picture"``, ``"unsupported"``, ``"damaged"``). ``SVGS``: name -> (text, expected
pixel at the centre of a 100 x 100 thumbnail, or None for any). The expectations are written
here from the formats' own documents, not from what the code under test answers.
"""

from __future__ import annotations

import base64
import io
import random
import struct
from collections.abc import Callable

from PIL import Image, ImageDraw


def _picture(seed: int, mode: str = "RGB", size: tuple[int, int] = (48, 40)) -> Image.Image:
    """A small drawing, different per seed (distinct bytes: each value its own picture)."""
    image = Image.new("RGB", size, ((seed * 47) % 256, 120, (255 - seed * 31) % 256))
    draw = ImageDraw.Draw(image)
    draw.ellipse((6, 6, size[0] - 6, size[1] - 6), fill=(250, (seed * 67) % 256, 20))
    return image.convert(mode)


def _saved(image: Image.Image, fmt: str, **options) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def psd(image: Image.Image, *, rle: bool = False) -> bytes:
    """An Adobe Photoshop file as its specification lays it out (header, empty colour mode data,
    image resources and layers, then the merged image, raw or PackBits): what Pillow cannot write."""
    rgb = image.convert("RGB")
    width, height = rgb.size
    out = io.BytesIO()
    out.write(b"8BPS" + struct.pack(">H", 1) + b"\0" * 6 + struct.pack(">HIIHH", 3, height, width, 8, 3))
    out.write(struct.pack(">III", 0, 0, 0))
    bands = [band.tobytes() for band in rgb.split()]
    if not rle:
        out.write(struct.pack(">H", 0) + b"".join(bands))
        return out.getvalue()
    rows = []
    for band in bands:
        for y in range(height):
            row = band[y * width:(y + 1) * width]
            packed = bytearray()
            for start in range(0, width, 128):  # literal runs of at most 128 bytes (PackBits)
                chunk = row[start:start + 128]
                packed += bytes([len(chunk) - 1]) + chunk
            rows.append(bytes(packed))
    out.write(struct.pack(">H", 1) + b"".join(struct.pack(">H", len(r)) for r in rows) + b"".join(rows))
    return out.getvalue()


def mpo(seed: int) -> bytes:
    """A phone's portrait-mode JPEG: two pictures in one Multi-Picture Object file."""
    return _saved(_picture(seed), "MPO", save_all=True, append_images=[_picture(seed + 1)])


def tiff_with_compression(code: int) -> bytes:
    """A valid uncompressed TIFF whose Compression tag (259) says ``code``: 50001 is WebP, which
    libtiff decodes only when built with libwebp (the TIFF of GDAL, QGIS and scanners)."""
    data = bytearray(_saved(_picture(3), "TIFF"))
    offset = struct.unpack("<I", data[4:8])[0]
    for index in range(struct.unpack("<H", data[offset:offset + 2])[0]):
        entry = offset + 2 + 12 * index
        if struct.unpack("<H", data[entry:entry + 2])[0] == 259:
            data[entry + 8:entry + 10] = struct.pack("<H", code)
    return bytes(data)


def damaged_lzw_tiff() -> bytes:
    """An LZW TIFF whose strip is overwritten: libtiff's decoder fails on it ("Using code not yet
    in table" on its own standard error, before the fix)."""
    rng = random.Random(35)
    image = Image.frombytes("RGB", (120, 120), bytes(rng.randrange(256) for _ in range(120 * 120 * 3)))
    data = bytearray(_saved(image, "TIFF", compression="tiff_lzw"))
    data[400:30000] = b"\xff" * (30000 - 400)
    return bytes(data)


def gif_bomb() -> bytes:
    """A GIF whose logical screen is 30000 x 30000 (900 megapixels) around a 1 x 1 picture."""
    small = _saved(Image.new("P", (1, 1)), "GIF")
    return small[:6] + struct.pack("<HH", 30000, 30000) + small[10:]


PICTURES: dict[str, tuple[Callable[[], bytes], str]] = {
    "01-png.png": (lambda: _saved(_picture(1), "PNG"), "drawn"),
    "02-avif.avif": (lambda: _saved(_picture(2), "AVIF"), "drawn"),
    "03-portrait.mpo": (lambda: mpo(3), "drawn"),
    "04-colour.ppm": (lambda: _saved(_picture(4), "PPM"), "drawn"),
    "05-grey.pgm": (lambda: _saved(_picture(5, "L"), "PPM"), "drawn"),
    "06-grey16.pgm": (lambda: _saved(_picture(6, "L").convert("I;16"), "PPM"), "drawn"),
    "07-bits.pbm": (lambda: _saved(_picture(7, "1"), "PPM"), "drawn"),
    "08-targa.tga": (lambda: _saved(_picture(8), "TGA"), "drawn"),
    "09-targa-rle.tga": (lambda: _saved(_picture(9), "TGA", compression="tga_rle"), "drawn"),
    "10-photoshop.psd": (lambda: psd(_picture(10)), "drawn"),
    "11-photoshop-rle.psd": (lambda: psd(_picture(11), rle=True), "drawn"),
    "12-icon.ico": (lambda: _saved(_picture(12, size=(64, 64)), "ICO", sizes=[(16, 16), (64, 64)]), "drawn"),
    "13-jpeg2000.jp2": (lambda: _saved(_picture(13), "JPEG2000"), "drawn"),
    "14-codestream.j2k": (lambda: _saved(_picture(14), "JPEG2000"), "drawn"),
    "15-quite-ok.qoi": (lambda: _saved(_picture(15), "QOI"), "drawn"),
    "16-IMG_0016": (lambda: _saved(_picture(16), "JPEG"), "drawn"),  # a phone's file, no ending
    "17-scan": (lambda: _saved(_picture(17), "PNG"), "drawn"),
    "18-paint.pcx": (lambda: _saved(_picture(18), "PCX"), "drawn"),
    "19-irix.sgi": (lambda: _saved(_picture(19), "SGI"), "drawn"),
    "20-texture.dds": (lambda: _saved(_picture(20, "RGBA"), "DDS"), "drawn"),
    "21-download.dat": (lambda: _saved(_picture(21), "JPEG"), "drawn"),  # a JPEG under a wrong name
    "22-animated.gif": (lambda: _saved(_picture(22), "GIF", save_all=True,
                                       append_images=[_picture(23)]), "drawn"),
    "23-webp.webp": (lambda: _saved(_picture(24), "WEBP"), "drawn"),
    "24-deflate.tif": (lambda: _saved(_picture(25), "TIFF", compression="tiff_adobe_deflate"), "drawn"),
    "25-x11.xbm": (lambda: _saved(_picture(26, "1"), "XBM"), "drawn"),
    "webp-in.tif": (lambda: tiff_with_compression(50001), "unsupported"),
    "broken-lzw.tif": (damaged_lzw_tiff, "damaged"),
    "postscript.eps": (lambda: b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n",
                       "not_a_picture"),
    "bomb.gif": (gif_bomb, "too_large"),
    "notes.txt": (lambda: b"Les photos de mamie\n", "not_a_picture"),
}
"""Every picture a folder or the studio may be given; ``drawn`` ones make a face."""

DRAWN = [name for name, (_, outcome) in PICTURES.items() if outcome == "drawn"]


def _uri(colour: str, fmt: str) -> str:
    encoded = base64.b64encode(_saved(Image.new("RGB", (8, 8), colour), fmt)).decode()
    return f"data:image/{fmt.lower()};base64,{encoded}"


_SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' \
       'width="100" height="100"{attrs}>{body}</svg>'
RED, GREEN, BLUE = (255, 0, 0), (0, 128, 0), (0, 0, 255)

SVGS: dict[str, tuple[str, tuple[int, int, int] | None]] = {
    # CSS Fonts 4 absolute sizes, relative sizes, em and percentages (resvg's text/font-size tests)
    "font-size-xx-large.svg": (
        _SVG.format(attrs="", body='<text x="5" y="60" font-size="xx-large">Ab</text>'), None),
    "font-size-keywords.svg": (_SVG.format(attrs=' font-size="small"', body=(
        '<g font-size="larger"><text x="5" y="30" font-size="smaller">a</text>'
        '<text x="5" y="60" style="font-size: x-small">b</text>'
        '<text x="5" y="90" font-size="150%">c</text>'
        '<text x="50" y="90" font-size="2em">d</text></g>')), None),
    # currentColor where svglib only knew fills (resvg's painting/stop-color tests)
    "stop-current-color.svg": (_SVG.format(attrs=' color="green"', body=(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="currentColor"/>'
        '<stop offset="1" stop-color="currentColor"/></linearGradient></defs>'
        '<rect width="100" height="100" fill="url(#g)"/>')), GREEN),
    "fill-current-color-style.svg": (_SVG.format(attrs=' style="color: blue"', body=(
        '<rect width="100" height="100" style="fill: currentColor"/>')), BLUE),
    # CSS in style attributes as browsers read it
    "style-comment.svg": (_SVG.format(attrs="", body=(
        '<rect width="100" height="100" style="fill: red; /* Inkscape wrote this */ stroke: none"/>')), RED),
    "style-important.svg": (_SVG.format(attrs="", body=(
        '<rect width="100" height="100" style="fill: blue !important"/>')), BLUE),
    "style-quoted-colon.svg": (_SVG.format(attrs="", body=(
        '<rect width="100" height="100" fill="red"/>'
        '<text x="5" y="50" style="font-family: \'Font: Bold\'; font-size: 12px">x</text>')), RED),
    "style-vendor.svg": (_SVG.format(attrs="", body=(
        '<rect width="100" height="100" style="-inkscape-stroke: none; fill: #00f"/>')), BLUE),
    "sheet-keywords.svg": (_SVG.format(attrs=' color="green"', body=(
        '<style>/* a sheet */ text { font-size: xx-large } .s { stop-color: currentColor }</style>'
        '<defs><linearGradient id="g"><stop class="s" offset="0"/><stop class="s" offset="1"/>'
        '</linearGradient></defs><rect width="100" height="100" fill="url(#g)"/>'
        '<text y="20">a</text>')), None),
    # embedded pictures (what Inkscape writes for an imported photo)
    "embedded-png.svg": (_SVG.format(attrs="", body=(
        f'<image width="100" height="100" xlink:href="{_uri("red", "PNG")}"/>')), RED),
    "embedded-jpeg.svg": (_SVG.format(attrs="", body=(
        f'<image width="100" height="100" href="{_uri("blue", "JPEG")}"/>')), None),
}
"""SVG files browsers draw (resvg's suite draws each), and what the middle of each looks like."""

REFUSED_SVGS: dict[str, str] = {
    "broken-xml.svg": _SVG.format(attrs="", body="<rect>"),
    "bad-length.svg": _SVG.format(attrs="", body='<rect width="wide" height="10"/>'),
}
"""SVG files that cannot be drawn: refused in our words, never a library's."""

LIBRARY_WORDS = ("Can't convert", "object has no attribute", "XMLSyntaxError", "Opening and ending tag",
                 "decoder error", "Invalid attribute", "Traceback", "tempfile.tif", "not configured")
"""Texts of the libraries' own errors that must never reach a user."""
