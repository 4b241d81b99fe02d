"""Decode a user's raster picture with every guard on: formats, size limits, errors as one line.

The one door through which a user's pixels come in, from a file or from bytes
(a picture embedded in an SVG):

* ``open_picture`` reads the header only: the format is any the installed
  Pillow reads (``reader_formats``: PNG, JPEG and MPO, HEIC and AVIF, WebP, GIF,
  TIFF, BMP, JPEG 2000, PSD, TGA, ICO, QOI, PPM/PGM... found by content,
  whatever the file's name) but the few in ``LEFT_TO_OTHERS`` (a decoder that
  would start a program, write a file, or only names a format it cannot
  decode), and the size must be within the limits below, before any pixel is
  decoded.
* ``decode`` decodes it at the smallest scale that still gives ``scale`` of
  its pixels (a JPEG at 1/2, 1/4 or 1/8 with ``Image.draft``: cheap, and the
  full image is never held; a HEIC from the thumbnail its phone embedded, when
  that one is large enough), turns it as its EXIF orientation says, converts
  colour profiles to sRGB and any colour mode to ``RGB``, ``L``, ``RGBA`` or
  ``LA``.

Limits, so that one picture's cost is bounded whatever its header says:

* ``MAX_DECODED_PIXELS`` (40 megapixels): the most pixels decoded for one
  picture. PNG, WebP, GIF, BMP, TIFF and progressive JPEG are decoded whole
  (``decoded_whole``), so that is also their largest size (a 30000 x 30000
  PNG of a few KB is refused from its header).
* ``MAX_JPEG_PIXELS`` (300 megapixels): the largest baseline JPEG (what
  cameras and phones write). A 200 MP phone photo decodes at 1/8 scale to
  about 3 MP for a printed face.

Errors are ``PictureError``: one line naming the file, never a traceback.
"""

from __future__ import annotations

import functools
import io
import math
import os
import re
import warnings
from pathlib import Path
from typing import BinaryIO

from PIL import Image, ImageOps, UnidentifiedImageError

from domino_print.errors import OneOf, Phrase
from domino_print.pictures import FORMATS, PictureError

MAX_DECODED_PIXELS = 40_000_000
"""Most pixels decoded for one picture (a 600 dpi scan of an A4 page is 35 megapixels)."""
MAX_JPEG_PIXELS = 300_000_000
"""Largest JPEG accepted: decoded at reduced scale, a 200 MP phone photo costs little."""

Image.MAX_IMAGE_PIXELS = MAX_JPEG_PIXELS // 2  # Pillow refuses over twice this: our JPEG limit
# Pillow warns between 1x and 2x its limit; we check every picture with our own limits instead.
warnings.filterwarnings("ignore", category=Image.DecompressionBombWarning)
# Damaged EXIF or TIFF tags ("Corrupt EXIF data", "Truncated File Read") are warnings in Pillow:
# the picture still decodes, or fails with one clear error line; they must not add lines of their own.
warnings.filterwarnings("ignore", category=UserWarning, module=r"PIL\.")

LEFT_TO_OTHERS = {
    "EPS": "Pillow's EPS reader runs Ghostscript, an outside program",
    "IPTC": "Pillow's IPTC reader writes a temporary file and opens it again",
    "MPEG": "Pillow only names an MPEG video; it decodes no picture",
    "BUFR": "a stub in Pillow: it needs a handler installed by the program",
    "GRIB": "a stub in Pillow: it needs a handler installed by the program",
    "HDF5": "a stub in Pillow: it needs a handler installed by the program",
    "WMF": "Pillow draws WMF and EMF on Windows only",
}
"""Pillow readers a user's file never reaches, each with the reason; every other one is used."""


@functools.cache
def reader_formats() -> tuple[str, ...]:
    """The Pillow readers a user's picture may use, in Pillow's own order, those that recognise
    a file by its first bytes before those that try to parse any file (TGA, PCD, SPIDER...)."""
    Image.init()
    usable = [name for name in Image.ID if name in Image.OPEN and name not in LEFT_TO_OTHERS]
    return (*(n for n in usable if Image.OPEN[n][1] is not None),
            *(n for n in usable if Image.OPEN[n][1] is None))
HEIF_FORMATS = ("HEIF",)
"""The decoder pillow-heif adds (HEIC and HEIF, what phones save): registered the first time a
file's content says it is one (``_is_heif``), whatever its name (``IMG_0001.jpg`` too)."""
_HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1")
"""The ``ftyp`` brands of HEIF files with HEVC pictures (ISO/IEC 23008-12)."""
MIN_BYTES_PER_PIXEL = {"JPEG": 1 / 1024, "MPO": 1 / 1024, "PNG": 1 / (8 * 1032)}
"""The fewest bytes a picture of that format can hold per pixel it declares: a JPEG codes each
8 x 8 block of its first component in one bit at least (1/512 byte a pixel; half that here), a
PNG at least one bit a pixel, deflated at most 1032 to 1. A header claiming more pixels than
the file can hold is a lie (17000 x 17000 in 600 bytes): libjpeg would fill the rest with grey."""
JPEG_FORMATS = ("JPEG", "MPO")
"""What Pillow calls a JPEG it opened (MPO: a phone's JPEG with extra pictures)."""

_ORIENTATION = 0x0112
"""The EXIF tag saying how the stored pixels must be turned."""

READ_ERRORS = (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError)
"""What Pillow raises for a file that is not an image, or a damaged one."""


_USUAL_SUFFIX = {"JPEG": ".jpg", "MPO": ".jpg", "HEIF": ".heic", "TIFF": ".tif", "PPM": ".ppm",
                 "JPEG2000": ".jp2"}
"""The ending people give these formats, where Pillow lists another first (``.jfif``...)."""


def suffix_for(format_name: str) -> str:
    """The file name ending for a picture Pillow opened as ``format_name`` (``.jpg`` for JPEG);
    ``.img`` for a format Pillow names no ending for (read by content anyway)."""
    if format_name in _USUAL_SUFFIX:
        return _USUAL_SUFFIX[format_name]
    Image.init()
    return next((ext for ext, name in Image.EXTENSION.items() if name == format_name), ".img")


def _megapixels(width: int, height: int) -> Phrase:
    return Phrase("picture.pixels", width=width, height=height, megapixels=width * height / 1e6)


def bomb_megapixels(exc: Exception, limit: int) -> int:
    """The megapixels a picture Pillow refused as a decompression bomb declares: read from the
    refusal's numbers (``Image size (N pixels) exceeds limit...``), else just over ``limit``."""
    found = re.search(r"\((\d+) pixels\)", str(exc))
    pixels = int(found.group(1)) if found else limit + 1
    return max(math.ceil(pixels / 1e6), limit // 1_000_000 + 1)


def decoded_whole(image: Image.Image) -> bool:
    """Whether decoding holds every pixel (or coefficient) at once: all but a baseline JPEG.

    A progressive JPEG is decoded at reduced scale too, but libjpeg keeps all
    its coefficients meanwhile (about 3 bytes a pixel), as much as decoding it whole.
    """
    return (image.format or "") not in JPEG_FORMATS or bool(image.info.get("progressive"))


def too_large(path: Path, width: int, height: int, whole: bool, kind: Phrase | None = None) -> PictureError:
    """The one-line refusal of a picture over its limit (``whole``: see ``decoded_whole``; ``kind``:
    the pictures the limit is for, by default those decoded whole)."""
    return PictureError(
        path, "picture.too_large_whole" if whole else "picture.too_large_jpeg",
        size=_megapixels(width, height), kinds=kind or Phrase("picture.kinds_whole"),
        megapixels=round(width * height / 1e6),
        limit=(MAX_DECODED_PIXELS if whole else MAX_JPEG_PIXELS) // 1_000_000,
    )


def damaged(path: Path, exc: BaseException) -> PictureError:
    """The refusal of a picture whose pixels fail to decode, in our words (the decoder's own,
    ``decoder error -2``, tell a user nothing)."""
    del exc  # deliberately unused: see above
    return PictureError(path, "picture.damaged")


def open_picture(source: BinaryIO, path: Path) -> Image.Image:
    """Open ``source`` (an open file, or bytes; ``path`` names it in messages): header read and
    checked. Opening the file itself, and its errors, is the caller's (``raster._opened``)."""
    try:
        image = Image.open(source, formats=_formats_for(source))
    except Image.DecompressionBombError as exc:
        raise PictureError(
            path, "picture.over_every_limit", jpeg=MAX_JPEG_PIXELS // 1_000_000,
            whole=MAX_DECODED_PIXELS // 1_000_000, megapixels=bomb_megapixels(exc, MAX_JPEG_PIXELS),
            limit=MAX_JPEG_PIXELS // 1_000_000,
        ) from None
    except READ_ERRORS:
        raise PictureError(path, "picture.not_a_picture",
                           formats=OneOf(FORMATS)) from None
    if image.format == "TIFF":
        _check_tiff_codec(image, path)
    width, height = image.size
    whole = decoded_whole(image)
    if width * height > (MAX_DECODED_PIXELS if whole else MAX_JPEG_PIXELS):
        image.close()
        raise too_large(path, width, height, whole)
    least = math.floor(width * height * MIN_BYTES_PER_PIXEL.get(image.format or "", 0))
    if (size := _size(source)) is not None and size < least:
        image.close()
        raise PictureError(path, "picture.truncated", width=width, height=height, size=size)
    return image


TIFF_COMPRESSION = 259
"""The TIFF tag naming a picture's compression."""


def _check_tiff_codec(image: Image.Image, path: Path) -> None:
    """libtiff silenced (``libtiff.quiet``), and a TIFF in a compression it lacks refused as such,
    never as damaged: WebP, Zstandard, JPEG XL... inside a valid TIFF."""
    from PIL import TiffImagePlugin

    from domino_print.pictures import libtiff  # deferred: ctypes, for TIFF only

    libtiff.quiet()
    code = image.tag_v2.get(TIFF_COMPRESSION, 1) if hasattr(image, "tag_v2") else 1
    if not isinstance(code, int) or libtiff.codec_configured(code) is not False:
        return
    known = TiffImagePlugin.COMPRESSION_INFO.get(code)
    name: object = (known.removeprefix("tiff_").replace("_", " ").upper() if known
                    else Phrase("picture.tiff_code", code=code))
    image.close()
    raise PictureError(path, "picture.tiff_codec", compression=name)


def _size(source: BinaryIO) -> int | None:
    """How many bytes ``source`` holds, or None if it cannot tell."""
    if isinstance(source, (str, Path)):
        try:
            return os.stat(source).st_size
        except OSError:
            return None
    try:
        here = source.tell()
        end = source.seek(0, io.SEEK_END)
        source.seek(here)
        return end
    except (OSError, ValueError, AttributeError):
        return None


def _is_heif(source: BinaryIO) -> bool:
    """Whether the content starts as a HEIF file does (``ftyp`` box with a HEVC brand)."""
    try:
        if isinstance(source, (str, Path)):
            with open(source, "rb") as stream:
                head = stream.read(12)
        else:
            here = source.tell()
            head = source.read(12)
            source.seek(here)
    except (OSError, ValueError, AttributeError):
        return False
    return len(head) == 12 and head[4:8] == b"ftyp" and head[8:12] in _HEIF_BRANDS


def _formats_for(source: BinaryIO) -> tuple[str, ...]:
    """The decoders that may open ``source``: ours, or pillow-heif's for a HEIF file (loaded then)."""
    if not _is_heif(source):
        return reader_formats()
    try:
        import pillow_heif  # deferred: about 20 ms, for phone photos only
    except ImportError:  # pragma: no cover - a dependency; an install without it says so
        return reader_formats()
    pillow_heif.register_heif_opener()
    return HEIF_FORMATS


def decoded_size(image: Image.Image, scale: float) -> tuple[int, int]:
    """Pixels held decoding ``image`` for ``scale`` (printed per stored pixel): a baseline JPEG's
    at 1/2, 1/4 or 1/8, every other picture's all."""
    return decoded_size_of(image.size, decoded_whole(image), scale)


def decoded_size_of(stored: tuple[int, int], whole: bool, scale: float) -> tuple[int, int]:
    """``decoded_size`` of a picture of ``stored`` pixels that ``decoded_whole`` says ``whole``."""
    if whole or scale >= 1:
        return stored
    factor = next(f for f in (8, 4, 2, 1) if f <= 1 / scale)
    return math.ceil(stored[0] / factor), math.ceil(stored[1] / factor)


def upright(image: Image.Image) -> Image.Image:
    """The picture turned as its EXIF orientation says; unchanged if the EXIF data is broken."""
    try:
        if image.getexif().get(_ORIENTATION, 1) in (1, None):
            return image  # upright already: no copy of the pixels
        turned = ImageOps.exif_transpose(image)
    except (*READ_ERRORS, KeyError, TypeError, AttributeError):
        return image
    return turned if turned is not None else image


def has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or (
        image.mode in ("P", "L", "RGB", "1") and "transparency" in image.info
    )


def _highest(image: Image.Image) -> float:
    """The highest value of a one-band image."""
    high = image.getextrema()[1]
    assert not isinstance(high, tuple)  # one band: (low, high)
    return high


def _scaled_16_bit(image: Image.Image) -> Image.Image:
    """Grey images of 16 or 32 bits per pixel as 8-bit grey, scaled (``convert`` would clip)."""
    if image.mode == "F":
        factor = 255.0 if _highest(image) <= 1.0 else 1 / 257
        return image.point(lambda v: v * factor).convert("L")
    if image.mode == "I;16":  # scaled as it is (what PNG gives): a 32-bit copy took 40 MP to 430 MB
        return image.point(lambda v: v / 257).convert("L")
    as_int = image if image.mode == "I" else image.convert("I")
    # 16-bit grey is scaled down; 32-bit "I" holding only 8-bit values is kept as it is.
    eight_bit = image.mode == "I" and _highest(as_int) <= 255
    factor = 1.0 if eight_bit else 1 / 257
    return as_int.point(lambda v: v * factor).convert("L")


def _srgb(image: Image.Image) -> Image.Image:
    """RGB, CMYK or grey pixels with an embedded ICC profile converted to sRGB (grey stays)."""
    icc = image.info.get("icc_profile")
    if not icc or image.mode not in ("RGB", "CMYK"):
        return image
    try:
        from PIL import ImageCms  # deferred: littleCMS loads only for a picture with a profile

        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        target = ImageCms.createProfile("sRGB")
        converted = ImageCms.profileToProfile(image, source, target, outputMode="RGB")
    except Exception:  # a broken or unusual profile: fall back to the plain conversion
        return image
    return converted if converted is not None else image


def _working_mode(image: Image.Image) -> Image.Image:
    """The picture as ``RGB``, ``L``, ``RGBA`` or ``LA``: one of the four the rest handles."""
    mode = image.mode
    if mode in ("RGB", "L") and "transparency" not in image.info:
        return image
    if mode in ("RGBA", "LA"):
        return image
    if mode == "1":
        return image.convert("L")
    if mode in ("P", "PA", "RGBa") or (mode in ("RGB", "L") and "transparency" in image.info):
        return image.convert("RGBA") if has_alpha(image) else image.convert("RGB")
    if mode == "La":
        return image.convert("LA")
    if mode in ("I", "F") or mode.startswith("I;16"):
        return _scaled_16_bit(image)
    return image.convert("RGB")  # CMYK, YCbCr, LAB, HSV, RGBX


def in_working_mode(image: Image.Image) -> Image.Image:
    """Decoded pixels (upright already) in sRGB and one of the working modes, as ``decode`` ends."""
    return _working_mode(_srgb(image))


def decode(image: Image.Image, path: Path, scale: float) -> Image.Image:
    """The pixels of an image from ``open_picture``, at least ``scale`` of them, upright, working mode.

    The caller keeps the file open until this returns and closes it after; the
    returned image holds its own pixels.
    """
    fmt = image.format or ""
    if fmt in JPEG_FORMATS and scale < 1:
        image.draft("RGB", (math.ceil(image.width * scale), math.ceil(image.height * scale)))
    elif fmt in HEIF_FORMATS and scale < 1:  # the thumbnail a phone embeds, when it is large enough
        image.draft(None, (math.ceil(image.width * scale), math.ceil(image.height * scale)))
    if image.width * image.height > MAX_DECODED_PIXELS:  # a JPEG this face needs at full scale
        raise too_large(path, image.width, image.height, True, Phrase("picture.this_face_size"))
    try:
        image.load()
    except Image.DecompressionBombError:
        raise too_large(path, image.width, image.height, decoded_whole(image)) from None
    except READ_ERRORS as exc:
        raise damaged(path, exc) from None
    try:
        return _working_mode(_srgb(upright(image)))
    except READ_ERRORS as exc:
        raise damaged(path, exc) from None
