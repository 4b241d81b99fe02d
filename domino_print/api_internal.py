"""What the studio and the site need from the core besides documents: not the public API.

The studio reaches the core only through ``api`` (documents, options, their wording) and this
module (the layer contract, ``tests/test_layers.py``): the stop of a run, the pictures its uploads
check and decode as the command line does, a theme's or a list's .zip, the lists' formats and
sheets, and small helpers (sizes, picture names). Nothing here is promised to other callers: its
names may change with the studio. Each helper checks its arguments' types as the API does
(``TypeError``), so that a request's odd value is refused, never a crash deep in the core.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from domino_print.api import RENDERING
from domino_print.errors import PathError, system_words
from domino_print.geometry.face_box import LOW_PPI
from domino_print.options.table import THEME_CHOICES
from domino_print.options.wording import names_for
from domino_print.output.stopping import Stopped, take_stop
from domino_print.output.summary import human_size as _human_size
from domino_print.pictures import IMAGE_SUFFIXES
from domino_print.pictures import svg_content as _svg_content
from domino_print.texts import check_language
from domino_print.themes.file_words import label_from_stem as _label_from_stem
from domino_print.themes.model import FIT_MODES
from domino_print.themes.model import in_language as _in_language
from domino_print.themes.user import natural_key as _natural_key

if TYPE_CHECKING:
    from PIL import Image

    from domino_print.themes.lists.registry import PairsError

__all__ = [
    "FIT_MODES",
    "IMAGE_SUFFIXES",
    "LOW_PPI",
    "RENDERING",
    "THEME_CHOICES",
    "Stopped",
    "check_picture",
    "decode_picture",
    "decoding_pixels",
    "human_size",
    "in_language",
    "label_from_file_name",
    "list_formats",
    "list_most_bytes",
    "list_sheets",
    "list_title",
    "low_picture_ppi",
    "natural_key",
    "open_picture",
    "open_theme_archive",
    "picture_suffix",
    "problem_words",
    "reduce_large_picture",
    "svg_content",
    "svg_thumbnail",
    "system_words",
    "take_stop",
    "unpack_list_archive",
]


def problem_words(error: PathError, lang: str) -> str:
    """A refusal about a file (a list's ``PairsError``...) worded alone, without the file and the
    place, which the page shows its own way; the options it names as a form names them, in ``lang``
    (the same catalogue words as the command line's)."""
    if not isinstance(error, PathError):
        raise TypeError(f"problem_words words a PathError, not {type(error).__name__}")
    return error.worded_alone(names_for("form", lang), lang)


def svg_content(head: bytes, suffix: str = "") -> bool:
    """Whether ``head`` (a file's first bytes) is an SVG (``pictures.svg_content``); ``TypeError``
    for what is not bytes."""
    if not isinstance(head, (bytes, bytearray)) or not isinstance(suffix, str):
        raise TypeError("svg_content takes a file's first bytes and its suffix (a str)")
    return _svg_content(bytes(head), suffix)


def human_size(size: int, lang: str = "en") -> str:
    """``12 KB`` (``12 Ko`` in French); ``TypeError`` for what is not a whole number of bytes,
    ``ValueError`` for a language with no catalogue."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        raise TypeError(f"size must be a whole number of bytes, not {size!r:.40}")
    return _human_size(size, check_language(lang))


def in_language(own: Mapping, lang: str):
    """A theme's text in ``lang`` from its texts by language (``themes.model.in_language``)."""
    if not isinstance(own, Mapping) or not isinstance(lang, str):
        raise TypeError("in_language takes a mapping of texts by language and a language code")
    return _in_language(own, lang)


def natural_key(name: str) -> tuple:
    """How picture names sort (``img2`` before ``img10``)."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, not {type(name).__name__}")
    return _natural_key(name)


def label_from_file_name(stem: str) -> str:
    """The label a picture's file name (without its ending) gives; ``""`` for a camera's."""
    if not isinstance(stem, str):
        raise TypeError(f"stem must be a str, not {type(stem).__name__}")
    return _label_from_stem(stem)


def _path(value: object, name: str) -> Path:
    """A path argument as a ``Path``: a ``str`` or any ``os.PathLike`` is one; ``TypeError`` else."""
    if isinstance(value, (str, os.PathLike)) and not isinstance(value, bytes):
        path = Path(value)
        return path
    raise TypeError(f"{name} must be a path (str or os.PathLike), not {type(value).__name__}")


def open_picture(source: BinaryIO, path: Path) -> Image.Image:
    """A user's raster picture opened through the one guarded door (``pictures.decode``): its header
    read and checked against the command line's formats and limits; ``PictureError`` if refused."""
    from domino_print.pictures.decode import open_picture as opened

    if not (hasattr(source, "read") and hasattr(source, "seek")):
        raise TypeError(f"source must be a binary file, not {type(source).__name__}")
    return opened(source, _path(path, "path"))


def decode_picture(image: Image.Image, path: Path, scale: float) -> Image.Image:
    """Its pixels as the command line decodes them: upright (EXIF), sRGB, 8 bits, RGB(A) or L(A)."""
    from PIL import Image as PILImage

    from domino_print.pictures.decode import decode

    if not isinstance(image, PILImage.Image):
        raise TypeError(f"image must be a Pillow image (from open_picture), not {type(image).__name__}")
    if not isinstance(scale, (int, float)) or isinstance(scale, bool):
        raise TypeError(f"scale must be a number, not {type(scale).__name__}")
    return decode(image, _path(path, "path"), scale)


def decoding_pixels(image: Image.Image, scale: float) -> int | None:
    """The pixels decoding ``image`` (from ``open_picture``) for ``scale`` holds at once
    (``pictures.decode.decoded_size``: a baseline JPEG's at 1/2, 1/4 or 1/8, every other picture's
    all); None when it is over the decoding limit, to be reduced first (``reduce_large_picture``)."""
    from PIL import Image as PILImage

    from domino_print.pictures.decode import MAX_DECODED_PIXELS, decoded_size, decoded_whole

    if not isinstance(image, PILImage.Image):
        raise TypeError(f"image must be a Pillow image (from open_picture), not {type(image).__name__}")
    if image.width * image.height > MAX_DECODED_PIXELS and decoded_whole(image):
        return None
    width, height = decoded_size(image, scale)
    return width * height


def picture_suffix(format_name: str) -> str:
    """The file name ending a picture of this Pillow format is stored under (``.jpg`` for JPEG)."""
    from domino_print.pictures.decode import suffix_for

    return suffix_for(format_name)


def reduce_large_picture(data: bytes, path: Path) -> tuple[bytes, str] | None:
    """A picture over the decoding limit reduced once, upright, within a memory budget
    (``pictures.reduce``): its file bytes and suffix; None when it is read as it is."""
    from domino_print.pictures.reduce import reduce_large

    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be a picture's bytes, not {type(data).__name__}")
    return reduce_large(bytes(data), _path(path, "path"))


def open_theme_archive(zip_path: Path, into: Path, *, most_bytes: int | None = None,
                       most_file_bytes: int | None = None):
    """A theme's .zip unpacked into the empty folder ``into`` with the folder rules and the archive's
    limits (``themes.archive``; ``most_bytes`` and ``most_file_bytes`` lower the bytes it may unpack
    to, all together and for one file), then loaded as ``--theme`` loads it: the ``Theme`` (its
    pictures inside ``into``). ``ArchiveError`` (with a ``reason``) or the theme's own error if refused."""
    from domino_print.themes.archive import default_limits, unpack_theme
    from domino_print.themes.user import load_user_theme

    defaults = default_limits()
    limits = defaults._replace(
        total_bytes=min(defaults.total_bytes, most_bytes or defaults.total_bytes),
        member_bytes=min(defaults.member_bytes, most_file_bytes or defaults.member_bytes))
    return load_user_theme(unpack_theme(_path(zip_path, "zip_path"), _path(into, "into"), limits))


def unpack_list_archive(zip_path: Path, into: Path) -> Path | None:
    """A list of pairs sent with its pictures as one .zip (issue 27): its list file (any format of
    ``list_formats``) and pictures unpacked into the empty folder ``into`` with the archive's rules
    and limits (``themes.archive``); the list file's path, or None when the archive holds none or
    several. ``ArchiveError`` (with a ``reason``) if the archive is refused."""
    from domino_print.pictures import IMAGE_SUFFIXES
    from domino_print.themes.archive import unpack_files
    from domino_print.themes.lists.registry import LIST_SUFFIXES

    def wanted(name: str) -> bool:
        parts = Path(name).parts
        if any(part.startswith(".") or part == "__MACOSX" for part in parts):
            return False
        return name.lower().endswith(LIST_SUFFIXES) or name.lower().endswith(IMAGE_SUFFIXES)

    written = unpack_files(_path(zip_path, "zip_path"), _path(into, "into"), wanted)
    found = [path for path in written if path.name.lower().endswith(LIST_SUFFIXES)]
    return found[0] if len(found) == 1 else None


def low_picture_ppi(path: Path, picture_mm: float, fit: str, *,
                    size: tuple[int, int] | None = None) -> int | None:
    """The ppi the picture at ``path`` prints at in a face box of ``picture_mm`` (a ``Document``'s
    ``picture_mm``) with ``fit``, when under ``LOW_PPI``; None when it prints sharp or is an SVG;
    ``PictureError`` if it is no picture. ``size``: its stored pixels, known already (``check_picture``),
    so that its header is not read again (a HEIC's reader reads the whole file for it)."""
    from domino_print.geometry.face_box import is_low, print_ppi
    from domino_print.output.resolution import low_ppi

    if size is None:
        return low_ppi(_path(path, "path"), picture_mm, fit)
    ppi = print_ppi(size[0], size[1], picture_mm, fit)
    return int(ppi) if is_low(ppi) else None


def check_picture(path: Path) -> tuple[int, int] | None:
    """The command line's own check of a picture file a folder theme holds; ``PictureError`` if bad.
    Its stored size in pixels (as ``low_picture_ppi`` reads it), None for an SVG."""
    from domino_print.output.resolution import pixels

    return pixels(_path(path, "path"))


def svg_thumbnail(path: Path, side: int) -> Image.Image:
    """A user's SVG, loaded as the command line loads it, drawn ``side`` pixels on its long side (RGB)."""
    from domino_print.pictures.svg import thumbnail

    if not isinstance(side, int) or isinstance(side, bool) or side < 1:
        raise TypeError(f"side must be a whole number of pixels, not {side!r:.40}")
    return thumbnail(_path(path, "path"), side)


def list_formats() -> tuple[str, ...]:
    """The file suffixes a list of pairs is read from (``.csv``, ``.xlsx``...: the readers' registry)."""
    from domino_print.themes.lists.registry import LIST_SUFFIXES

    return LIST_SUFFIXES


def list_sheets(name: str, data: bytes) -> tuple[str, ...]:
    """The sheets of a list file named ``name`` (an ``.xlsx`` or ``.ods``), in order; empty for a
    format without sheets or a file that cannot be read (making the document says why)."""
    from domino_print.themes.lists import spreadsheet
    from domino_print.themes.lists.registry import reader_for

    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"data must be the file's bytes, not {type(data).__name__}")
    name = str(_path(name, "name"))
    data = bytes(data)
    reader = reader_for(Path(name))
    return spreadsheet.sheet_names(Path(name), data) if reader is not None and reader.sheets else ()


def toml_list_refusal(name: str, data: bytes) -> PairsError | None:
    """Why a ``.toml`` file sent as a list of pairs is none (its TOML broken, not UTF-8, no
    ``pairs``), as the TOML list reader says it (a ``PairsError`` naming ``name``), where the core
    would read it as a theme's own file and say so about the folder it lies in; None when it is a
    list, or not a ``.toml``."""
    from domino_print.themes.lists import toml_pairs
    from domino_print.themes.lists.registry import PairsError, ReadSettings

    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"data must be the file's bytes, not {type(data).__name__}")
    path = _path(name, "name")
    if path.suffix.lower() != ".toml" or toml_pairs.claims(bytes(data)):
        return None
    try:
        toml_pairs.read(path, bytes(data), ReadSettings())
    except PairsError as refused:
        return refused
    return PairsError(says="list.toml_no_pairs", path=path)


def list_title(file_name: str) -> str:
    """The title (and theme name) a list file's name gives its set: ``calcul-CM1.csv`` -> "calcul CM1"."""
    from domino_print.themes.pairs import PairList

    return PairList(_path(file_name, "file_name"), ()).title


def list_most_bytes() -> int:
    """The largest list of pairs read, in bytes."""
    from domino_print.themes.pairs import MAX_LIST_BYTES

    return MAX_LIST_BYTES
