"""Raster pictures for faces: check a user's image cheaply, then prepare it small and upright.

Two steps, so that every mistake is found before any drawing:

* ``check_image(path)`` runs when a theme is loaded. It reads only the file's
  header (``decode.open_picture``): the format must be PNG, JPEG, WebP, GIF,
  BMP or TIFF and the picture within ``decode``'s limits (40 megapixels decoded
  whole, 300 for a JPEG decoded at reduced scale), the decompression-bomb
  guard. SVG files are parsed by ``svg.load_svg``, which reads nothing outside
  the file and bounds the work.
* ``draw_raster(...)`` runs once per value (the renderer keeps each face as a
  form, so each image is embedded once however many tiles show it). It decodes
  the image with ``decode.decode`` (a JPEG at 1/2, 1/4 or 1/8 scale when that
  is still at least the printed resolution; EXIF orientation; colour modes to
  RGB or grey, ICC profiles through littleCMS; 16-bit grey scaled), flattens
  transparency onto the theme's background, fits the picture (``contain``:
  whole picture inside the padded square, centred; ``cover``: a square cut where the
  theme says, by default the centre, filling the face but a small margin), and downsamples it once with a
  Lanczos filter to ``dpi`` pixels per inch at the printed size. It never
  enlarges a small picture: the PDF viewer scales it.
* ``prepare_in_parallel(...)``, optional, starts that work for all of a theme's
  pictures in worker threads before drawing (Pillow decodes without the
  interpreter lock); the caller hands each result to ``draw_raster``.
* ``prepare_embedded(...)`` is that work as the PDF embeds it, kept across renders
  (``pictures.kept``) by what makes its pixels: a margin that moves the face by less than a
  pixel at ``dpi`` encodes no JPEG again.

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

import contextlib
import io
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from domino_print.errors import system_words
from domino_print.pictures import PictureError, is_svg, kept
from domino_print.pictures.decode import (
    HEIF_FORMATS,
    JPEG_FORMATS,
    decode,
    decoded_size_of,
    decoded_whole,
    open_picture,
)
from domino_print.pictures.kept import KeptFace
from domino_print.pictures.svg import load_svg

if TYPE_CHECKING:
    from concurrent.futures import Future

    from reportlab.pdfgen.canvas import Canvas

JPEG_QUALITY = 85
PHOTO_MIN_COLOURS = 1024
"""More distinct colours than this in a 64 x 64 sample: a photo, embedded as JPEG."""
_SAMPLE = 64

@dataclass(frozen=True)
class ImageInfo:
    """What a header says: the format and the stored size in pixels (before EXIF turns)."""

    format: str
    width: int
    height: int


@contextlib.contextmanager
def _opened(path: Path):
    """The picture at ``path`` opened by ``decode.open_picture`` (header checked); closed after."""
    try:
        file = path.open("rb")
    except FileNotFoundError:
        raise PictureError(path, "picture.not_found") from None
    except IsADirectoryError:
        raise PictureError(path, "picture.is_folder") from None
    except PermissionError:
        raise PictureError(path, "picture.permission") from None
    except OSError as exc:
        raise PictureError(path, "picture.unreadable", system_said=system_words(exc)) from None
    with file:  # the image holds no file of its own: closing ours is enough, and keeps its pixels
        yield open_picture(file, path)


@dataclass(frozen=True)
class _Header:
    """What a raster picture's header says: ``ImageInfo``, and whether it decodes whole
    (``decode.decoded_whole``)."""

    info: ImageInfo
    whole: bool


def _read_header(path: Path) -> _Header:
    with _opened(path) as image:
        info = ImageInfo(format=image.format or "", width=image.width, height=image.height)
        return _Header(info, decoded_whole(image))


def _header(path: Path) -> _Header:
    """The header of the raster picture at ``path``, read once while the file stays the same
    (``kept.header``); ``PictureError`` as ``_opened`` says, every time."""
    return kept.header(path, _read_header)


def check_image(path: Path) -> ImageInfo | None:
    """Validate a picture cheaply at theme load time; ``None`` for an SVG (parsed here too)."""
    if is_svg(path):
        load_svg(path)
        return None
    return _header(path).info


def is_picture(path: Path) -> bool:
    """Whether the file's content is a picture ``check_image`` takes up (an SVG, or a raster
    format a reader opens by its header), whatever its name: a folder's file named ``IMG_0001``
    or ``photo.dat`` is one when its content says so. A picture over the limits is one too (the
    check then refuses it, naming it); a file that cannot be read is not."""
    if is_svg(path):
        return True
    try:
        with _opened(path):
            return True
    except PictureError as exc:
        return exc.category not in ("not_a_picture", "unreadable")


# -- decoding --------------------------------------------------------------------------------


def _extrema(image: Image.Image) -> tuple[tuple[float, float], ...]:
    """Each band's (low, high), also for a one-band image (where Pillow gives the pair alone)."""
    extrema = image.getextrema()
    return extrema if isinstance(extrema[0], tuple) else (extrema,)


def _opaque(image: Image.Image) -> Image.Image:
    """Drop an alpha channel that is fully opaque (common in PNG exports)."""
    if image.mode in ("RGBA", "LA") and _extrema(image)[-1][0] == 255:
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
    sample = image.resize((min(_SAMPLE, image.width), min(_SAMPLE, image.height)), Image.Resampling.NEAREST)
    return sample.getcolors(maxcolors=PHOTO_MIN_COLOURS) is None


def _flatten(image: Image.Image, background: str) -> Image.Image:
    """Transparent pixels over the background colour: an opaque RGB image."""
    base = Image.new("RGB", image.size, background)
    base.paste(image.convert("RGB"), mask=image.getchannel("A"))
    return base


def _pixels(points: float, dpi: int) -> int:
    return max(1, round(points / 72 * dpi))


def _scale(stored: tuple[int, int], size_pt: float, dpi: int, fit: str, padding: float,
           margin: float = 0.0) -> float:
    """Printed pixels per stored pixel (EXIF quarter turns do not change it: the face is square)."""
    if fit == "cover":
        return _pixels(size_pt * (1 - 2 * margin), dpi) / min(stored)
    return _pixels(size_pt * (1 - 2 * padding), dpi) / max(stored)


CENTRE = (0.5, 0.5)
"""Where the square of a ``cover`` picture is cut by default: its middle."""


def _cut_at(free: float, at: float) -> float:
    """The offset of the kept square along one side with ``free`` pixels to spare: ``at`` 0 keeps
    the left or top, 0.5 the middle, 1 the right or bottom (as CSS ``object-position``)."""
    return free * min(1.0, max(0.0, at))


_GAP = 3.0
"""Pillow's ``reducing_gap``: shrink by whole factors (box averages) down to 3 times the
target size, then resample that with Lanczos."""
_STRIP_PIXELS = 1_000_000
"""Pixels in one strip of ``_reduced_in_strips``."""


def _reduced_in_strips(image: Image.Image, factor: int) -> Image.Image:
    """``image.reduce(factor)``, a strip at a time: no full-size copy of a transparent picture.

    Pillow premultiplies an image with alpha before reducing or resizing it,
    which copies every pixel (a 40 MP RGBA picture: 160 MB more). Box averages
    over strips whose height is a multiple of ``factor`` give the same pixels.
    """
    if factor < 2:
        return image
    width, height = image.size
    rows = max(factor, _STRIP_PIXELS // width // factor * factor)
    result = Image.new(image.mode, (-(-width // factor), -(-height // factor)))
    for top in range(0, height, rows):
        strip = image.crop((0, top, width, min(height, top + rows)))
        result.paste(strip.reduce(factor), (0, top // factor))
    return result


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
        return _reader(self.embedded())

    def embedded(self) -> KeptFace:
        """What the PDF embeds: a photo's JPEG bytes (``JPEG_QUALITY``), or the pixels; kept as
        it is across renders (``pictures.kept``)."""
        data: object = self.image
        if self.photo:
            buffer = io.BytesIO()
            self.image.save(buffer, "JPEG", quality=JPEG_QUALITY, optimize=True)
            data = buffer.getvalue()
        return KeptFace(data, self.photo, self.x, self.y, self.width, self.height)


def _reader(face: KeptFace):
    from reportlab.lib.utils import ImageReader  # deferred: checking a theme needs no ReportLab

    return ImageReader(io.BytesIO(face.data)) if face.photo else ImageReader(face.data)  # type: ignore[arg-type]


def face_key(
    path: Path, size_pt: float, *, dpi: int, fit: str, background: str, padding: float,
    margin: float = 0.0, position: tuple[float, float] = CENTRE, grey: bool = False,
) -> tuple | None:
    """The key under which ``draw_raster`` keeps this picture prepared with these settings
    (``pictures.kept``: its bytes' digest and the settings); None if it cannot be read."""
    return kept.face_key(path, (size_pt, dpi, fit, background, padding, margin, tuple(position), grey))


def prepare_face_image(
    path: Path, size_pt: float, *, dpi: int, fit: str = "contain", background: str = "#FFFFFF",
    padding: float = 0.08, margin: float = 0.0, position: tuple[float, float] = CENTRE,
    digest: bytes | None = None,
) -> FaceImage:
    """Decode, turn, convert, fit and downsample the picture at ``path`` for a square face
    (``digest``: its bytes' digest, ``kept.content_digest``, when the caller has it already).

    ``contain`` keeps ``padding`` (a share of the face) free on every side; ``cover`` fills the
    face but ``margin`` on every side, with the square cut at ``position`` (see ``_cut_at``).
    """
    plan = _plan(path, size_pt, dpi=dpi, fit=fit, padding=padding, margin=margin, position=position,
                 digest=digest)
    return FaceImage(image=plan.pixels(background), photo=plan.photo, x=plan.x, y=plan.y,
                     width=plan.width, height=plan.height)


def prepare_embedded(
    path: Path, size_pt: float, *, dpi: int, fit: str = "contain", background: str = "#FFFFFF",
    padding: float = 0.08, margin: float = 0.0, position: tuple[float, float] = CENTRE,
    grey: bool = False, digest: bytes | None = None,
) -> KeptFace:
    """What the PDF embeds for this face (``FaceImage.embedded`` of ``prepare_face_image``, as grey
    pixels with ``grey``), its picture kept across renders by the pixels it is made of.

    A face's size in points moves with every margin, its picture's size in pixels only by whole
    pixels: the resampled and encoded picture is kept under its bytes' digest, its decoding and
    the pixels the face asks for (``_Plan.key``), so a margin that leaves those the same only
    places the kept picture again (the same bytes: what a picture is made of is all in its key)."""
    plan = _plan(path, size_pt, dpi=dpi, fit=fit, padding=padding, margin=margin, position=position,
                 digest=digest)
    flat_on = background if plan.flatten else None
    key = None if plan.key is None else (plan.key[0], (*plan.key[1], flat_on, grey))
    found = kept.recall(key)
    if not isinstance(found, kept.Embedded):
        image = plan.pixels(background)
        if grey and image.mode != "L":
            image = image.convert("L")
        data = FaceImage(image, plan.photo, 0.0, 0.0, 0.0, 0.0).embedded().data
        found = kept.Embedded(data, plan.photo)
        kept.keep(key, found)
    return KeptFace(found.data, found.photo, plan.x, plan.y, plan.width, plan.height)


@dataclass(frozen=True)
class _Plan:
    """A face's picture decoded (``image``, never changed), what makes its pixels (``step``:
    resample to a size from a box, cut a box, or nothing; ``flatten`` onto the background), and
    where it goes in the face; ``key``: the digest and all that decides its pixels but the
    background, None when the file cannot be read for a digest."""

    image: Image.Image
    photo: bool
    step: tuple
    flatten: bool
    x: float
    y: float
    width: float
    height: float
    key: tuple | None

    def pixels(self, background: str) -> Image.Image:
        image = self.image
        if self.step[0] == "resize":
            image = image.resize(self.step[1], Image.Resampling.LANCZOS, box=self.step[2], reducing_gap=_GAP)
        elif self.step[0] == "crop":
            image = image.crop(self.step[1])
        if self.flatten:
            image = _flatten(image, background)
        return image


def _plan(
    path: Path, size_pt: float, *, dpi: int, fit: str, padding: float, margin: float,
    position: tuple[float, float], digest: bytes | None,
) -> _Plan:
    """``prepare_face_image``'s work up to resampling: see ``_Plan``."""
    inner = size_pt * (1 - 2 * (margin if fit == "cover" else padding))
    image, source_format, source_mode, decoded = _decoded(path, size_pt, dpi, fit, padding, margin, digest)
    image = _opaque(image)
    factor = 1
    if image.mode in ("RGBA", "LA"):
        factor = int(1 / _scale(image.size, size_pt, dpi, fit, padding, margin) / _GAP)
        image = _reduced_in_strips(image, factor)
    photo = _is_photo(image, source_format, source_mode)
    width, height = image.size
    step: tuple = ("none",)
    if fit == "cover":
        side = min(width, height)
        target = min(_pixels(inner, dpi), side)
        left, top = _cut_at(width - side, position[0]), _cut_at(height - side, position[1])
        if target < side:
            step = ("resize", (target, target), (left, top, left + side, top + side))
        elif width != height:
            step = ("crop", (int(left), int(top), int(left) + side, int(top) + side))
        x = y = size_pt * margin
        box_w = box_h = inner
    else:
        box_w, box_h = inner * width / max(width, height), inner * height / max(width, height)
        target_w, target_h = _pixels(box_w, dpi), _pixels(box_h, dpi)
        if target_w < width and target_h < height:
            step = ("resize", (target_w, target_h), None)
        x, y = (size_pt - box_w) / 2, (size_pt - box_h) / 2
    flatten = image.mode in ("RGBA", "LA")
    key = None if decoded is None else (decoded[0], ("embedded", *decoded[1][1:], factor, step, photo))
    return _Plan(image, photo, step, flatten, x, y, box_w, box_h, key)


def _decoded(path: Path, size_pt: float, dpi: int, fit: str, padding: float,
             margin: float, digest: bytes | None = None) -> tuple[Image.Image, str, str, tuple | None]:
    """The picture at ``path`` decoded for this face (``decode.decode``), with its file's format
    and mode: kept across renders (``pictures.kept``), since the decoding scale moves in whole
    pixels while the face's size moves with every margin. The image is never changed: each step
    after this one makes a new image. The fourth value is the key it is kept under (the bytes'
    digest and the decoding), None when it is not kept (its pixels then are not known to be the
    same another time)."""
    info = _header(path).info
    scale = _scale((info.width, info.height), size_pt, dpi, fit, padding, margin)
    key = kept.decoded_key(path, _decoding(info.format, (info.width, info.height), scale), digest)
    found = kept.recall(key)
    if isinstance(found, kept.Decoded):  # the file is not opened again
        return found.image, found.source_format, found.source_mode, key  # type: ignore[return-value]
    with _opened(path) as source:
        source_format, source_mode = source.format or "", source.mode
        scale = _scale(source.size, size_pt, dpi, fit, padding, margin)
        decoding = _decoding(source_format, source.size, scale)
        key = kept.decoded_key(path, decoding, digest)
        found = kept.recall(key)
        if isinstance(found, kept.Decoded):
            return found.image, found.source_format, found.source_mode, key  # type: ignore[return-value]
        stored = source.size
        image = decode(source, path, scale)
    del source  # only ``image`` may hold the decoded pixels now: reducing it below frees them
    if decoding[0] == "jpeg":  # kept only when the decoder did reduce by that factor
        factor = decoding[1]
        reduced = (-(-stored[0] // factor), -(-stored[1] // factor))
        key = key if image.size in (reduced, reduced[::-1]) else None
    kept.keep(key, kept.Decoded(image, source_format, source_mode))
    return image, source_format, source_mode, key


def _decoding(fmt: str, size: tuple[int, int], scale: float) -> tuple:
    """What decides the pixels ``decode`` gives for ``scale``: a JPEG is reduced by a whole factor
    (1, 2, 4 or 8, the largest within the size asked for, as its decoder chooses: checked on the
    result), so every scale of one factor gives the same pixels; any other picture but a HEIC is
    decoded whole whatever the scale; a HEIC by its scale."""
    if scale >= 1 or fmt not in (*JPEG_FORMATS, *HEIF_FORMATS):
        return ("whole",)
    if fmt in JPEG_FORMATS:
        width, height = size
        most = min(width // math.ceil(width * scale), height // math.ceil(height * scale))
        return ("jpeg", next(factor for factor in (8, 4, 2, 1) if most >= factor))
    return ("scale", scale)


def draw_raster(
    canvas: Canvas, path: Path, size_pt: float, *, dpi: int, fit: str, background: str, padding: float,
    margin: float = 0.0, position: tuple[float, float] = CENTRE, pending: Future | None = None,
    grey: bool = False, key: tuple | None = None,
) -> None:
    """Draw the picture at ``path`` into the square (0, 0)-(size_pt, size_pt) of ``canvas``
    (as grey pixels with ``grey``: ``--ink noir``).

    The face is filled with the ``background`` colour first, then the picture is
    placed as ``prepare_face_image`` decided. ``pending`` is the same work already
    started by ``prepare_in_parallel`` (with the same ``grey``); without it the picture is
    prepared here. ``key``
    (``face_key`` of these settings) finds the picture prepared by an earlier render, and
    keeps this one for the next (``pictures.kept``).
    """
    face = kept.recall(key)
    if face is None:
        face = _prepared(path, size_pt, dpi=dpi, fit=fit, background=background, padding=padding,
                         margin=margin, position=position, pending=pending, grey=grey,
                         digest=key[0] if key is not None else None)
        kept.keep(key, face)
    canvas.saveState()
    canvas.setFillColor(background)
    canvas.rect(0, 0, size_pt, size_pt, stroke=0, fill=1)
    canvas.drawImage(_reader(face), face.x, face.y, face.width, face.height)
    canvas.restoreState()


def _prepared(
    path: Path, size_pt: float, *, dpi: int, fit: str, background: str, padding: float, margin: float,
    position: tuple[float, float], pending: Future | None, grey: bool, digest: bytes | None,
) -> KeptFace:
    if pending is not None:
        return pending.result()  # a PictureError raised in the worker is raised here
    return prepare_embedded(path, size_pt, dpi=dpi, fit=fit, background=background, padding=padding,
                            margin=margin, position=position, grey=grey, digest=digest)


# -- preparing several pictures at once ------------------------------------------------------

PARALLEL_MAX_PIXELS = 4_000_000
"""Pictures decoding to more pixels than this (big PNG, TIFF...) are left to ``draw_raster``,
one at a time, so that parallel work never holds several large pictures in memory."""

def _decoded_pixels(path: Path, size_pt: float, dpi: int, fit: str, padding: float, margin: float) -> int:
    """How many pixels decoding ``path`` will hold (a JPEG decodes at 1/2, 1/4 or 1/8 scale)."""
    header = _header(path)
    stored = (header.info.width, header.info.height)
    width, height = decoded_size_of(stored, header.whole, _scale(stored, size_pt, dpi, fit, padding, margin))
    return width * height


def prepare_in_parallel(
    paths, size_pt: float, *, dpi: int, fit: str, background: str, padding: float,
    margin: float = 0.0, positions: dict[Path, tuple[float, float]] | None = None,
    workers: int | None = None, digests: dict[Path, bytes] | None = None, grey: bool = False,
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
        if is_svg(path):
            continue
        try:
            if _decoded_pixels(path, size_pt, dpi, fit, padding, margin) > PARALLEL_MAX_PIXELS:
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
            prepare_embedded, path, size_pt, dpi=dpi, fit=fit, background=background,
            padding=padding, margin=margin, position=(positions or {}).get(path, CENTRE),
            grey=grey, digest=(digests or {}).get(path),
        )
        for path in chosen
    }
    executor.shutdown(wait=False)  # the queued pictures are still prepared, then threads end
    return started
