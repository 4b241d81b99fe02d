"""A visitor's own pictures: check an upload, decode it once, and keep the set as a theme folder.

An upload is identified by the SHA-256 of its bytes and stored under a name we make
(``<hash>.<ext>``, the extension from the format we found, never from the browser).
A picture over the decoding limit (a 48 MP HEIC, a 100 MP PNG) is reduced once, on
arrival (``api_internal.reduce_large_picture``, within a memory budget, up to 200 MP), and that
upright copy is the original kept. It is decoded once, when it arrives: that one
decoding gives the thumbnail (a PNG we encode, the only picture served back, so an SVG is
never served as an SVG) and a small upright copy for previews. Previews then never decode
the original again, whatever option changes; the original is read only to make the PDF
to download, exactly as the command line reads the same folder.

``write_theme`` writes ``theme.toml`` in ``pictures/`` (the originals) and ``preview/``
(the small copies) from the session's state: the order, the names in every language of
the text catalogues, the fit and the background. ``domino-print --theme <session>/pictures``
makes the same PDF.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import tempfile
import threading
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from domino_print.api import DominoError, PictureError
from domino_print.api_internal import (
    FIT_MODES,
    LOW_PPI,
    check_picture,
    decode_picture,
    decoding_pixels,
    in_language,
    label_from_file_name,
    low_picture_ppi,
    open_picture,
    picture_suffix,
    reduce_large_picture,
    svg_content,
    svg_thumbnail,
)
from domino_print.studio.words import word
from domino_print.texts import languages

THUMB_PX = 192
PREVIEW_PX = 400
"""The preview's pictures: enough for a 40 mm face shown at 250 dpi."""
HEIF_PREVIEW_PX = 320
"""A HEIC's preview may be the thumbnail its phone embedded (320 x 240 on an iPhone): enough for
a face of the preview at 72 dpi and enlarged at 150 dpi, and decoding a phone's HEVC picture whole
takes seconds. The PDF to download reads the original, whole."""
THEME_NAME = "photos"
LABEL_MAX = 40
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Prepared:
    """An accepted upload, decoded once: what to store."""

    digest: str
    extension: str
    original: bytes
    preview: bytes
    preview_extension: str
    thumbnail: bytes


def label_from_name(client_name: str) -> str:
    """A picture's default name from the name the browser sent (text only, never a path)."""
    base = re.split(r"[\\/]", client_name or "")[-1]
    stem = base.rsplit(".", 1)[0] if "." in base else base
    return clean_label(label_from_file_name(stem))  # a camera's name gives none: the visitor types one


def clean_label(value: str) -> str:
    """A name as printed under a picture: no control characters, one line, at most 40 characters."""
    text = "".join(" " if unicodedata.category(c).startswith("C") else c for c in str(value))
    return " ".join(text.split())[:LABEL_MAX]


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def _shrunk(image: Image.Image, side: int) -> Image.Image:
    """``image`` within ``side`` x ``side`` pixels, as a new small image (no full-size copy)."""
    scale = min(1.0, side / max(image.size))
    if scale >= 1.0:
        return image.copy()
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.LANCZOS, reducing_gap=2.0)


def _prepare_raster(data: bytes, path: Path) -> tuple[str, bytes, str, bytes]:
    """Decode an upload through ``pictures.decode``, the command line's own door: the same formats
    and limits, EXIF orientation, colour profiles to sRGB, 16-bit and other modes scaled. A JPEG is
    decoded at the smallest scale that still gives the preview's size."""
    image = open_picture(io.BytesIO(data), path)
    try:
        extension = picture_suffix(image.format or "")  # the stored original's, from its content
        side = _preview_side(image)
        working = decode_picture(image, path, min(1.0, side / max(1, *image.size)))
        alpha = working.mode in ("RGBA", "LA")
        mode = "RGBA" if alpha else "RGB"
        working = working if working.mode == mode else working.convert(mode)
        preview = _shrunk(working, PREVIEW_PX)  # no full-size copy (issue 17: memory per upload)
        del working
        thumbnail = _png(_shrunk(preview, THUMB_PX))
    finally:
        image.close()  # decode may give the opened image itself: closed once both copies are made
    buffer = io.BytesIO()
    if alpha:
        preview.save(buffer, "PNG", compress_level=1)
        preview_extension = ".png"
    else:
        preview.save(buffer, "JPEG", quality=90)
        preview_extension = ".jpg"
    return extension, buffer.getvalue(), preview_extension, thumbnail


def _prepare_svg(data: bytes, path: Path) -> bytes:
    """Check an SVG with the same loader as the command line; its thumbnail drawn by us, as PNG."""
    with tempfile.TemporaryDirectory(prefix="domino-print-svg-") as folder:
        stored = Path(folder) / "picture.svg"
        stored.write_bytes(data)
        try:
            return _png(svg_thumbnail(stored, THUMB_PX))
        except PictureError as exc:
            same = {name: value for name, value in exc.values.items() if name != "path"}  # the upload's name
            raise PictureError(path, exc.says, **same) from None
        except Exception:
            raise PictureError(path, "picture.svg_not_drawn") from None


def prepare_upload(data: bytes, name: str = "picture") -> Prepared:
    """Check and decode one upload; ``pictures.PictureError`` (with its ``category``) if refused.

    ``name`` (what the browser called the file) names it in the error only.
    """
    path = Path(clean_label(re.split(r"[\\/]", name)[-1]) or "picture")
    if not data:
        raise PictureError(path, "picture.empty")
    with DECODING.holding(_decoding_cost(data, path)):  # never more than one large picture's pixels
        try:
            return _prepare(data, path)
        finally:
            _give_memory_back()


DECODING_PIXELS = 40_000_000
"""The pixels the uploads being decoded in a process may hold together: one picture decoded whole
at the decoding limit (``MAX_DECODED_PIXELS``, 40 MP), as when they were decoded one at a time
(issue 17: eight 49 MP PNGs decoded side by side took 1.9 GB). A phone's 12 MP JPEG decoded for
the preview holds 0.2 MP (1/8 scale): several share the budget, as many as the studio has worker
threads (issue 36: seven photos dropped were decoded one after the other on a two-core machine)."""


class DecodingBudget:
    """Pixels shared by the decodes of a process: ``holding(n)`` waits until ``n`` fit beside the
    others' (a picture over the whole budget, or of unknown cost, waits to be alone); one waiting
    for more than is free goes before any that comes after it, so that a large one is not starved."""

    def __init__(self, pixels: int) -> None:
        self.pixels = pixels
        self.used = 0
        self._waiting_large = 0
        self._changed = threading.Condition()

    @contextlib.contextmanager
    def holding(self, pixels: int | None):
        wanted = self.pixels if pixels is None else max(1, min(pixels, self.pixels))
        with self._changed:
            if self.used + wanted > self.pixels:
                self._waiting_large += 1
                try:
                    self._changed.wait_for(lambda: self.used + wanted <= self.pixels)
                finally:
                    self._waiting_large -= 1
            else:
                self._changed.wait_for(lambda: not self._waiting_large and self.used + wanted <= self.pixels)
            self.used += wanted
        try:
            yield wanted
        finally:
            with self._changed:
                self.used -= wanted
                self._changed.notify_all()


DECODING = DecodingBudget(DECODING_PIXELS)


def _decoding_cost(data: bytes, path: Path) -> int | None:
    """The pixels preparing ``data`` holds (its header read only); None (the whole budget) for an
    SVG, a picture to reduce first, or one whose header is refused (refused again, alone)."""
    if svg_content(data, path.suffix):
        return None
    try:
        with open_picture(io.BytesIO(data), path) as image:
            return decoding_pixels(image, min(1.0, _preview_side(image) / max(1, *image.size)))
    except Exception:
        return None


def _preview_side(image: Image.Image) -> int:
    return HEIF_PREVIEW_PX if image.format == "HEIF" else PREVIEW_PX


def _give_memory_back() -> None:
    """Hand the freed pixels back to the system (glibc keeps large freed blocks in each thread's
    arena otherwise, and a server's memory would grow by one picture per worker thread)."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _glibc():
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt(-3, 1024 * 1024)  # M_MMAP_THRESHOLD: blocks of 1 MB or more mapped, unmapped when freed
        libc.malloc_trim  # noqa: B018 (glibc only)
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _glibc()


def _prepare(data: bytes, path: Path) -> Prepared:
    digest = hashlib.sha256(data).hexdigest()
    if svg_content(data, path.suffix):
        thumbnail = _prepare_svg(data, path)
        return Prepared(digest, ".svg", data, data, ".svg", thumbnail)
    reduced = reduce_large_picture(data, path)  # over the decoding limit: a reduced copy is kept
    kept = data if reduced is None else reduced[0]
    extension, preview, preview_extension, thumbnail = _prepare_raster(kept, path)
    return Prepared(digest, extension, kept, preview, preview_extension, thumbnail)


def store(prepared: Prepared, pictures_dir: Path, preview_dir: Path, thumbs_dir: Path) -> dict:
    """Write the three files of an accepted upload; its entry for the session state."""
    key = prepared.digest[:32]
    original = pictures_dir / f"{key}{prepared.extension}"
    written = [original, preview_dir / f"{key}{prepared.preview_extension}", thumbs_dir / f"{key}.png"]
    try:  # all three or none: a full disk half way leaves no orphan counted against the visitor
        original.write_bytes(prepared.original)
        size = check_picture(original)  # the command line's own check, on the stored file
        _remember_size(original, size)
        written[1].write_bytes(prepared.preview)
        written[2].write_bytes(prepared.thumbnail)
    except (DominoError, OSError):
        for stale in written:
            with contextlib.suppress(OSError):
                stale.unlink(missing_ok=True)
        raise
    return {"id": key, "file": original.name, "preview": f"{key}{prepared.preview_extension}"}


def remove_files(entry: dict, pictures_dir: Path, preview_dir: Path, thumbs_dir: Path) -> None:
    for folder, name in ((pictures_dir, entry["file"]), (preview_dir, entry["preview"]),
                         (thumbs_dir, f"{entry['id']}.png")):
        (folder / name).unlink(missing_ok=True)


def _toml_string(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _toml_list(values: list[str]) -> str:
    return "[" + ", ".join(_toml_string(v) for v in values) + "]"


CENTRE = (0.5, 0.5)


def clean_crop(x: object, y: object) -> tuple[float, float] | None:
    """Where a picture's square is cut with "fill the face" (``crop`` in theme.toml): two numbers
    from 0 to 1 (0 the left or top, 0.5 the middle), rounded to a hundredth; None if not so."""
    numbers = [v for v in (x, y) if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if len(numbers) != 2 or not all(0 <= v <= 1 for v in numbers):
        return None
    return round(float(numbers[0]), 2), round(float(numbers[1]), 2)


def crop_of(entry: dict) -> tuple[float, float]:
    crop = entry.get("crop")
    return (float(crop[0]), float(crop[1])) if isinstance(crop, list) and len(crop) == 2 else CENTRE


def _crop_pair(entry: dict) -> str:
    x, y = crop_of(entry)
    return f"[{x:g}, {y:g}]"


def _crop_lines(pictures: list[dict]) -> list[str]:
    """theme.toml's ``crop`` line, when a picture's crop was moved (every one is written then)."""
    if not any("crop" in p for p in pictures):
        return []
    return [f"crop = [{', '.join(_crop_pair(p) for p in pictures)}]"]


def printed_name(entry: dict, lang: str, value: int) -> str:
    """The name printed under a picture on a ``lang`` page: the visitor's name in ``lang``, else
    (as for any theme file) in English, French or another language, else the file's name."""
    return in_language(entry.get("labels", {}), lang) or entry.get("name") or str(value)


def theme_text(state: dict, key: str, titles: dict[str, str], *, print_labels: bool = False) -> str:
    """The ``theme.toml`` for the pictures of ``state``; ``key`` is ``file`` or ``preview``;
    ``print_labels``: the names printed under the pictures without ``--labels`` (a theme .zip's)."""
    pictures = state["pictures"]
    fit = str(state["fit"]) if state.get("fit") in FIT_MODES else "contain"
    background = str(state["background"]) if _COLOUR.match(str(state.get("background"))) else "#FFFFFF"
    lines = [
        "# Written by domino-print studio: the pictures of one session, in value order.",
        f"name = {_toml_string(THEME_NAME)}",
        f"fit = {_toml_string(fit)}",
        f"background = {_toml_string(background)}",
        f"images = {_toml_list([p[key] for p in pictures])}",
        *_crop_lines(pictures),
        *(["show_labels = true  # the names under the pictures, as --labels"] if print_labels else []),
        "",
        "[title]",
        *(f"{lang} = {_toml_string(titles[lang])}" for lang in languages()),
        "",
        "[labels]",
    ]
    for lang in languages():
        words = [printed_name(picture, lang, value) for value, picture in enumerate(pictures)]
        lines.append(f"{lang} = {_toml_list(words)}")
    return "\n".join(lines) + "\n"


def write_theme(state: dict, pictures_dir: Path, preview_dir: Path, titles: dict[str, str]) -> None:
    """Both theme files, or none when there are no pictures (a folder with none is no theme)."""
    for folder, key in ((pictures_dir, "file"), (preview_dir, "preview")):
        target = folder / "theme.toml"
        if not state["pictures"]:
            target.unlink(missing_ok=True)
            continue
        temporary = folder / "theme.toml.tmp"
        temporary.write_text(theme_text(state, key, titles), encoding="utf-8")
        temporary.replace(target)


def low_resolution(state: dict, picture_mm: float | None, pictures_dir: Path, lang: str) -> dict[str, str]:
    """What to say beside each picture that would print soft (under ``LOW_PPI``) in the face box
    of ``picture_mm`` (the preview's facts: the tile's size, names under the pictures or not), by
    picture id: the originals' pixels count, as they make the PDF to download, not the preview's
    small copies."""
    if not picture_mm:
        return {}
    fit = str(state["fit"]) if state.get("fit") in FIT_MODES else "contain"
    said = {}
    for entry in state.get("pictures", []):
        try:
            path = pictures_dir / entry["file"]
            size = stored_size(path)
            ppi = None if size is None else low_picture_ppi(path, picture_mm, fit, size=size)  # an SVG: sharp
        except (DominoError, OSError):
            continue  # a file gone since: the preview says what is wrong
        if ppi is not None:
            said[entry["id"]] = word(lang, "pictures.low_resolution", ppi=ppi, least=LOW_PPI)
    return said


_SIZES: dict[tuple[str, int, int], tuple[int, int] | None] = {}
"""The stored originals' sizes in pixels, by path, modification time and length: read once (at
upload, or by the first preview in a process), not by every preview (issue 36: a HEIC's reader
reads the whole file for its size, 12 ms a 12 MP photo, seven of them at every option change).
An original is named by its content's hash, so its size never changes under one path."""
_SIZES_KEPT = 4096


def _stamp(path: Path) -> tuple[str, int, int]:
    info = path.stat()
    return str(path), info.st_mtime_ns, info.st_size


def _remember_size(path: Path, size: tuple[int, int] | None) -> None:
    if len(_SIZES) >= _SIZES_KEPT:
        _SIZES.clear()
    _SIZES[_stamp(path)] = size


def stored_size(path: Path) -> tuple[int, int] | None:
    """The stored original's size in pixels (None for an SVG); ``PictureError`` or ``OSError`` as
    ``check_picture`` says."""
    stamp = _stamp(path)
    if stamp not in _SIZES:
        _remember_size(path, check_picture(path))
    return _SIZES[stamp]


def stored_bytes(pictures_dir: Path) -> int:
    """Bytes of the originals a session keeps: what its upload limit counts."""
    return sum(path.stat().st_size for path in pictures_dir.iterdir() if path.is_file())


def state_digest(state: dict) -> str:
    """What the pictures' part of the state looks like, as a short hash (for cache keys)."""
    picture_part = {key: state.get(key) for key in ("pictures", "fit", "background", "title")}
    return hashlib.sha256(json.dumps(picture_part, sort_keys=True).encode()).hexdigest()[:16]
