"""Decode a user's raster picture with every guard on: formats, size limits, errors as one line.

The one door through which a user's pixels come in, from a file or from bytes
(a picture embedded in an SVG):

* ``open_picture`` reads the header only: the format must be one of
  ``FORMATS`` (no other Pillow decoder runs, so no plugin can start a program),
  and the size must be within the limits below, before any pixel is decoded.
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

import io
import math
import os
import warnings
from pathlib import Path
from typing import BinaryIO

from PIL import Image, ImageOps, UnidentifiedImageError

from domino_print.pictures import FORMAT_NAMES, PictureError

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

FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "BMP", "TIFF")
"""Pillow decoders a user's image may use; every other decoder stays off."""
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


def _megapixels(width: int, height: int) -> str:
    return f"{width} x {height} pixels ({width * height / 1e6:.0f} megapixels)"


def decoded_whole(image: Image.Image) -> bool:
    """Whether decoding holds every pixel (or coefficient) at once: all but a baseline JPEG.

    A progressive JPEG is decoded at reduced scale too, but libjpeg keeps all
    its coefficients meanwhile (about 3 bytes a pixel), as much as decoding it whole.
    """
    return (image.format or "") not in JPEG_FORMATS or bool(image.info.get("progressive"))


def too_large(path: Path, width: int, height: int, whole: bool, kind: str = "") -> PictureError:
    """The one-line refusal of a picture over its limit (``whole``: see ``decoded_whole``)."""
    if not whole:
        limit = f"the {MAX_JPEG_PIXELS // 1_000_000} megapixel limit for JPEG"
    else:
        kind = kind or "PNG, WebP, GIF, BMP, TIFF, progressive JPEG"
        limit = f"the {MAX_DECODED_PIXELS // 1_000_000} megapixel limit for pictures decoded whole ({kind})"
    return PictureError(
        path,
        f"the picture is {_megapixels(width, height)}, over {limit}; "
        "scale it down first (a printed face needs less than 1 megapixel)",
        reason="too_large", megapixels=round(width * height / 1e6),
        limit=(MAX_DECODED_PIXELS if whole else MAX_JPEG_PIXELS) // 1_000_000,
    )


def damaged(path: Path, exc: BaseException) -> PictureError:
    detail = " ".join(str(exc).split()) or type(exc).__name__
    return PictureError(
        path,
        f"the picture is damaged or incomplete ({detail}); open it in an image viewer, or replace it",
        reason="damaged",
    )


def open_picture(source: BinaryIO, path: Path) -> Image.Image:
    """Open ``source`` (an open file, or bytes; ``path`` names it in messages): header read and
    checked. Opening the file itself, and its errors, is the caller's (``raster._opened``)."""
    try:
        image = Image.open(source, formats=_formats_for(source))
    except Image.DecompressionBombError:
        raise PictureError(
            path,
            f"the picture is over {MAX_JPEG_PIXELS // 1_000_000} megapixels, over every limit "
            f"({MAX_DECODED_PIXELS // 1_000_000} megapixels for PNG, WebP, GIF, BMP, TIFF; "
            f"{MAX_JPEG_PIXELS // 1_000_000} for JPEG); scale it down first",
            reason="too_large", megapixels="?", limit=MAX_JPEG_PIXELS // 1_000_000,
        ) from None
    except READ_ERRORS:
        raise PictureError(path, f"not a picture that can be read; use {FORMAT_NAMES} files",
                           reason="not_a_picture") from None
    width, height = image.size
    whole = decoded_whole(image)
    if width * height > (MAX_DECODED_PIXELS if whole else MAX_JPEG_PIXELS):
        image.close()
        raise too_large(path, width, height, whole)
    least = math.floor(width * height * MIN_BYTES_PER_PIXEL.get(image.format or "", 0))
    if (size := _size(source)) is not None and size < least:
        image.close()
        raise PictureError(path, f"the picture is damaged or incomplete: its header says {width} x {height} "
                                 f"pixels, and the file holds only {size} bytes; open it in an image viewer, "
                                 "or replace it")
    return image


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
        return FORMATS
    try:
        import pillow_heif  # deferred: about 20 ms, for phone photos only
    except ImportError:  # pragma: no cover - a dependency; an install without it says so
        return FORMATS
    pillow_heif.register_heif_opener()
    return HEIF_FORMATS


def decoded_size(image: Image.Image, scale: float) -> tuple[int, int]:
    """Pixels held decoding ``image`` for ``scale`` (printed per stored pixel): a baseline JPEG's
    at 1/2, 1/4 or 1/8, every other picture's all."""
    stored = image.size
    if decoded_whole(image) or scale >= 1:
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
        raise too_large(path, image.width, image.height, True, "this face size")
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
