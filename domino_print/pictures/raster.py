"""Raster pictures for faces: check a user's image cheaply, then prepare it small and upright.

Two steps, so that every mistake is found before any drawing:

* ``check_image(path)`` runs when a theme is loaded. It reads only the file's
  header: the format must be PNG, JPEG, WebP, GIF, BMP or TIFF and the picture
  at most ``MAX_PIXELS`` (100 megapixels), the decompression-bomb guard. SVG
  files are parsed by ``svg.load_svg``, which reads nothing outside the file.
* ``draw_raster(...)`` runs once per value (the renderer keeps each face as a
  form, so each image is embedded once however many tiles show it). It decodes
  the image (a JPEG at 1/2, 1/4 or 1/8 scale with ``Image.draft`` when that is
  still at least the printed resolution), applies the EXIF orientation,
  converts any colour mode to RGB or grey (CMYK and ICC profiles through
  littleCMS when the profile is known; 16-bit grey scaled, not clipped),
  flattens transparency onto the theme's background, fits the picture
  (``contain``: whole picture inside the padded square, centred; ``cover``:
  centre square cropped and filling the face, no padding), and downsamples it
  once with a Lanczos filter to ``dpi`` pixels per inch at the printed size. It
  never enlarges a small picture: the PDF viewer scales it.
* ``prepare_in_parallel(...)``, optional, starts that work for all of a theme's
  pictures in worker threads before drawing (Pillow decodes without the
  interpreter lock); the caller hands each result to ``draw_raster``.

Photo or flat art, decided per image:

* a JPEG source is a photo; so is any other true-colour image whose 64 x 64
  sample (nearest pixels, no blending) holds more than ``PHOTO_MIN_COLOURS``
  distinct colours. A photo is re-encoded as a small JPEG (quality
  ``JPEG_QUALITY``) that ReportLab embeds as it is (``/DCTDecode``).
* everything else is flat art and stays lossless (``/FlateDecode``): 1-bit and
  palette images (GIF, most small PNG), few-colour drawings, and every image
  with transparency (its edges against the background must stay crisp).

Errors are one line naming the file: ``PictureError``, never a traceback.
"""

from __future__ import annotations

import io
import math
import os
import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image, ImageOps, UnidentifiedImageError

from domino_print.pictures import FORMAT_NAMES, PictureError
from domino_print.pictures.svg import load_svg

if TYPE_CHECKING:
    from concurrent.futures import Future

    from reportlab.pdfgen.canvas import Canvas

MAX_PIXELS = 100_000_000
"""Largest picture accepted, in pixels (100 megapixels); a 12 MP phone photo is far below."""

Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's own guard agrees with ours (its default is 89 MP).
# Pillow warns between 1x and 2x its limit; we refuse those pictures with our own message instead.
warnings.filterwarnings("ignore", category=Image.DecompressionBombWarning)
# Damaged EXIF or TIFF tags ("Corrupt EXIF data", "Truncated File Read") are warnings in Pillow:
# the picture still decodes, or fails with one clear error line; they must not add lines of their own.
warnings.filterwarnings("ignore", category=UserWarning, module=r"PIL\.")

FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "BMP", "TIFF")
"""Pillow decoders a user's image may use; every other decoder stays off."""

JPEG_QUALITY = 85
PHOTO_MIN_COLOURS = 1024
"""More distinct colours than this in a 64 x 64 sample: a photo, embedded as JPEG."""
_SAMPLE = 64

_READ_ERRORS = (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError)
"""What Pillow raises for a file that is not an image, or a damaged one."""


@dataclass(frozen=True)
class ImageInfo:
    """What a header says: the format and the stored size in pixels (before EXIF turns)."""

    format: str
    width: int
    height: int


def _too_large(path: Path, width: int | None = None, height: int | None = None) -> PictureError:
    limit = MAX_PIXELS // 1_000_000
    size = f" is {width} x {height} pixels ({width * height / 1e6:.0f} megapixels), which" if width else ""
    return PictureError(
        path,
        f"the picture{size} is over the {limit} megapixel limit; "
        "scale it down first (a printed face needs less than 1 megapixel)",
    )


def _open(path: Path) -> Image.Image:
    """Open ``path`` with the allowed decoders only, header read, size checked; caller closes."""
    try:
        image = Image.open(path, formats=FORMATS)
    except Image.DecompressionBombError:
        raise _too_large(path) from None
    except FileNotFoundError:
        raise PictureError(path, "file not found") from None
    except IsADirectoryError:
        raise PictureError(path, "is a folder, not a picture") from None
    except PermissionError:
        raise PictureError(path, "cannot read the file (permission denied)") from None
    except _READ_ERRORS:
        raise PictureError(path, f"not a picture that can be read; use {FORMAT_NAMES} files") from None
    width, height = image.size
    if width * height > MAX_PIXELS:
        image.close()
        raise _too_large(path, width, height)
    return image


def check_image(path: Path) -> ImageInfo | None:
    """Validate a picture cheaply at theme load time; ``None`` for an SVG (parsed here too)."""
    if path.suffix.lower() == ".svg":
        load_svg(path)
        return None
    with _open(path) as image:
        return ImageInfo(format=image.format or "", width=image.width, height=image.height)


# -- decoding --------------------------------------------------------------------------------


def _damaged(path: Path, exc: BaseException) -> PictureError:
    detail = " ".join(str(exc).split()) or type(exc).__name__
    return PictureError(
        path,
        f"the picture is damaged or incomplete ({detail}); open it in an image viewer, or replace it",
    )


def _upright(image: Image.Image) -> Image.Image:
    """The picture turned as its EXIF orientation says; unchanged if the EXIF data is broken."""
    try:
        turned = ImageOps.exif_transpose(image)
    except (*_READ_ERRORS, KeyError, TypeError, AttributeError):
        return image
    return turned if turned is not None else image


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or (
        image.mode in ("P", "L", "RGB", "1") and "transparency" in image.info
    )


def _scaled_16_bit(image: Image.Image) -> Image.Image:
    """Grey images of 16 or 32 bits per pixel as 8-bit grey, scaled (``convert`` would clip)."""
    if image.mode == "F":
        factor = 255.0 if image.getextrema()[1] <= 1.0 else 1 / 257
        return image.point(lambda v: v * factor).convert("L")
    as_int = image if image.mode == "I" else image.convert("I")
    # 16-bit grey is scaled down; 32-bit "I" holding only 8-bit values is kept as it is.
    eight_bit = image.mode == "I" and as_int.getextrema()[1] <= 255
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
        return image.convert("RGBA") if _has_alpha(image) else image.convert("RGB")
    if mode == "La":
        return image.convert("LA")
    if mode in ("I", "F") or mode.startswith("I;16"):
        return _scaled_16_bit(image)
    return image.convert("RGB")  # CMYK, YCbCr, LAB, HSV, RGBX


def _opaque(image: Image.Image) -> Image.Image:
    """Drop an alpha channel that is fully opaque (common in PNG exports)."""
    if image.mode in ("RGBA", "LA") and image.getchannel("A").getextrema()[0] == 255:
        return image.convert(image.mode[:-1])
    return image


def _is_photo(image: Image.Image, source_format: str, source_mode: str) -> bool:
    """See the module docstring: JPEG, or many colours in a true-colour picture."""
    if image.mode in ("RGBA", "LA"):
        return False
    if source_format in ("JPEG", "MPO"):
        return True
    if source_mode in ("1", "P", "PA"):
        return False
    sample = image.resize((min(_SAMPLE, image.width), min(_SAMPLE, image.height)), Image.NEAREST)
    return sample.getcolors(maxcolors=PHOTO_MIN_COLOURS) is None


def _flatten(image: Image.Image, background: str) -> Image.Image:
    """Transparent pixels over the background colour: an opaque RGB image."""
    base = Image.new("RGB", image.size, background)
    base.paste(image.convert("RGB"), mask=image.getchannel("A"))
    return base


def _pixels(points: float, dpi: int) -> int:
    return max(1, round(points / 72 * dpi))


def _scale(stored: tuple[int, int], size_pt: float, dpi: int, fit: str, padding: float) -> float:
    """Printed pixels per stored pixel (EXIF quarter turns do not change it: the face is square)."""
    if fit == "cover":
        return _pixels(size_pt, dpi) / min(stored)
    return _pixels(size_pt * (1 - 2 * padding), dpi) / max(stored)


def _draft_size(stored: tuple[int, int], scale: float) -> tuple[int, int]:
    """The smallest size a JPEG decoder may produce that still holds ``scale`` of ``stored``."""
    return (math.ceil(stored[0] * scale), math.ceil(stored[1] * scale))


@dataclass(frozen=True)
class FaceImage:
    """A picture ready to embed, and where it goes in the face (points from its lower left)."""

    image: Image.Image
    photo: bool
    x: float
    y: float
    width: float
    height: float

    def reader(self):
        """A ReportLab ``ImageReader``: JPEG bytes for a photo (kept as DCT), pixels otherwise."""
        from reportlab.lib.utils import ImageReader  # deferred: checking a theme needs no ReportLab

        if not self.photo:
            return ImageReader(self.image)
        buffer = io.BytesIO()
        self.image.save(buffer, "JPEG", quality=JPEG_QUALITY, optimize=True)
        return ImageReader(io.BytesIO(buffer.getvalue()))


def prepare_face_image(
    path: Path, size_pt: float, *, dpi: int, fit: str = "contain", background: str = "#FFFFFF",
    padding: float = 0.08,
) -> FaceImage:
    """Decode, turn, convert, fit and downsample the picture at ``path`` for a square face."""
    inner = size_pt if fit == "cover" else size_pt * (1 - 2 * padding)
    source = _open(path)
    try:
        source_format, stored = source.format or "", source.size
        scale = _scale(stored, size_pt, dpi, fit, padding)
        if scale < 1 and source_format in ("JPEG", "MPO"):
            source.draft("RGB", _draft_size(stored, scale))
        try:
            source.load()
        except Image.DecompressionBombError:
            raise _too_large(path, *stored) from None
        except _READ_ERRORS as exc:
            raise _damaged(path, exc) from None
        source_mode = source.mode
        try:
            image = _working_mode(_srgb(_upright(source)))
        except _READ_ERRORS as exc:
            raise _damaged(path, exc) from None
        if image is source:
            image = source.copy()  # closing the source below would destroy its pixels
    finally:
        source.close()
    image = _opaque(image)
    photo = _is_photo(image, source_format, source_mode)
    width, height = image.size
    if fit == "cover":
        side = min(width, height)
        target = min(_pixels(size_pt, dpi), side)
        left, top = (width - side) / 2, (height - side) / 2
        if target < side:
            crop = (left, top, left + side, top + side)
            image = image.resize((target, target), Image.LANCZOS, box=crop, reducing_gap=3.0)
        elif width != height:
            image = image.crop((int(left), int(top), int(left) + side, int(top) + side))
        x = y = 0.0
        box_w = box_h = size_pt
    else:
        box_w, box_h = inner * width / max(width, height), inner * height / max(width, height)
        target_w, target_h = _pixels(box_w, dpi), _pixels(box_h, dpi)
        if target_w < width and target_h < height:
            image = image.resize((target_w, target_h), Image.LANCZOS, reducing_gap=3.0)
        x, y = (size_pt - box_w) / 2, (size_pt - box_h) / 2
    if image.mode in ("RGBA", "LA"):
        image = _flatten(image, background)
    return FaceImage(image=image, photo=photo, x=x, y=y, width=box_w, height=box_h)


def draw_raster(
    canvas: Canvas, path: Path, size_pt: float, *, dpi: int, fit: str, background: str, padding: float,
    pending: Future | None = None, grey: bool = False,
) -> None:
    """Draw the picture at ``path`` into the square (0, 0)-(size_pt, size_pt) of ``canvas``
    (as grey pixels with ``grey``: ``--ink noir``).

    The face is filled with the ``background`` colour first, then the picture is
    placed as ``prepare_face_image`` decided. ``pending`` is the same work already
    started by ``prepare_in_parallel``; without it the picture is prepared here.
    """
    future = pending
    if future is not None:
        face = future.result()  # a PictureError raised in the worker is raised here
    else:
        face = prepare_face_image(path, size_pt, dpi=dpi, fit=fit, background=background, padding=padding)
    if grey and face.image.mode != "L":
        face = replace(face, image=face.image.convert("L"))
    canvas.saveState()
    canvas.setFillColor(background)
    canvas.rect(0, 0, size_pt, size_pt, stroke=0, fill=1)
    canvas.drawImage(face.reader(), face.x, face.y, face.width, face.height)
    canvas.restoreState()


# -- preparing several pictures at once ------------------------------------------------------

PARALLEL_MAX_PIXELS = 4_000_000
"""Pictures decoding to more pixels than this (big PNG, TIFF...) are left to ``draw_raster``,
one at a time, so that parallel work never holds several large pictures in memory."""

def _decoded_pixels(path: Path, size_pt: float, dpi: int, fit: str, padding: float) -> int:
    """How many pixels decoding ``path`` will hold (a JPEG decodes at 1/2, 1/4 or 1/8 scale)."""
    with _open(path) as image:
        stored, jpeg = image.size, image.format in ("JPEG", "MPO")
    scale = _scale(stored, size_pt, dpi, fit, padding)
    if jpeg and scale < 1:
        factor = next(f for f in (8, 4, 2, 1) if f <= 1 / scale)
        return math.ceil(stored[0] / factor) * math.ceil(stored[1] / factor)
    return stored[0] * stored[1]


def prepare_in_parallel(
    paths, size_pt: float, *, dpi: int, fit: str, background: str, padding: float,
    workers: int | None = None,
) -> dict[Path, Future]:
    """Start decoding these pictures in worker threads; pass each result to ``draw_raster``.

    Pillow decodes without holding the interpreter lock, so on a machine with
    several cores the photos of a theme decode side by side. SVG files, pictures
    that would decode to more than ``PARALLEL_MAX_PIXELS`` and any picture whose
    header cannot be read are left for ``draw_raster`` to handle (and report) in
    turn. Returns the work started, by picture path.
    """
    workers = workers if workers is not None else min(4, os.cpu_count() or 1)
    chosen = []
    for path in dict.fromkeys(paths):
        if path.suffix.lower() == ".svg":
            continue
        try:
            if _decoded_pixels(path, size_pt, dpi, fit, padding) > PARALLEL_MAX_PIXELS:
                continue
        except PictureError:
            continue
        chosen.append(path)
    if workers < 2 or len(chosen) < 2:
        return {}
    from concurrent.futures import ThreadPoolExecutor  # deferred: threads only for several photos

    executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="domino-print-image")
    started = {
        path: executor.submit(
            prepare_face_image, path, size_pt, dpi=dpi, fit=fit, background=background,
            padding=padding,
        )
        for path in chosen
    }
    executor.shutdown(wait=False)  # the queued pictures are still prepared, then threads end
    return started
