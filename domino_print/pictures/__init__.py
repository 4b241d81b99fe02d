"""Pictures for faces: decode and prepare raster images, load SVG safely, use precompiled art.

This package is the bottom of the picture pipeline: it knows files, pixels and
drawings, and nothing of themes, faces, pages or the command line (it imports
none of them). Its modules:

* ``decode``: the one guarded door for a user's pixels (formats, size limits,
  JPEG decoded at reduced scale); used for picture files and for pictures
  embedded in an SVG (Pillow).
* ``raster``: check a raster picture's header cheaply, then decode, turn, fit
  and downsample it for a square face.
* ``svg``: parse a user's SVG with every outside reference off, text in our
  own font, its work bounded, then convert it to a ReportLab drawing (lxml,
  svglib); ``svg_normal`` first rewrites what browsers draw and svglib does not
  know (CSS in style attributes, font-size keywords, ``currentColor``).
* ``libtiff``: Pillow's libtiff kept off the process's standard error, and
  asked which TIFF compressions it decodes.
* ``art``: the bundled SVG art as precompiled PDF operators.

A file that cannot be used raises ``PictureError``, one line naming the file
and the problem; the theme layer reports it as it is.
"""

from __future__ import annotations

from pathlib import Path

from domino_print.errors import PathError

IMAGE_SUFFIXES = (
    ".png", ".apng", ".jpg", ".jpeg", ".jpe", ".jfif", ".mpo", ".heic", ".heif", ".avif", ".avifs",
    ".webp", ".gif", ".bmp", ".dib", ".tif", ".tiff", ".jp2", ".j2k", ".jpc", ".jpf", ".jpx", ".j2c",
    ".psd", ".tga", ".icb", ".vda", ".vst", ".ico", ".cur", ".icns", ".qoi", ".pbm", ".pgm", ".ppm",
    ".pnm", ".pfm", ".pcx", ".dcx", ".dds", ".sgi", ".rgb", ".rgba", ".bw", ".ras", ".xbm", ".xpm",
    ".blp", ".fit", ".fits", ".fli", ".flc", ".ftc", ".ftu", ".gbr", ".im", ".msp", ".pcd", ".pxr",
    ".svg",
)
"""File name endings of pictures: what Pillow names the formats it reads (``decode.reader_formats``,
a test keeps the two in step), the HEIC and HEIF of pillow-heif, and SVG. A folder's file with
another ending, or none, is a picture too when its content is one (``themes.user.list_images``)."""

FORMATS = ("PNG", "JPEG", "HEIC", "AVIF", "WebP", "GIF", "TIFF", "BMP", "PSD", "TGA", "ICO", "JPEG 2000",
           "QOI", "PPM", "SVG")
FORMAT_NAMES = ", ".join(FORMATS[:-1]) + " or " + FORMATS[-1]
"""The formats a user knows best, as they read them in a message (every other one Pillow reads
is read too)."""


SVG_SNIFF_BYTES = 65536
"""How far into a file ``svg_content`` looks for the ``<svg`` element (a long XML prolog or
comment from a design tool comes first)."""


def svg_content(head: bytes, suffix: str = "") -> bool:
    """Whether a file starting with ``head`` (its first ``SVG_SNIFF_BYTES``) is read as an SVG:
    XML text holding ``<svg``, or XML text in a file named ``.svg``. The one rule of every
    surface (a folder's file, a theme's picture, a studio upload), whatever the name says."""
    start = head[:2048].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not start.startswith(b"<"):
        return False
    return suffix.lower() == ".svg" or b"<svg" in head[:SVG_SNIFF_BYTES].lower()


def is_svg(path: Path) -> bool:
    """Whether the file at ``path`` is an SVG by ``svg_content``; False if it cannot be read
    (the raster reader then says why)."""
    try:
        with open(path, "rb") as file:
            head = file.read(SVG_SNIFF_BYTES)
    except OSError:
        return path.suffix.lower() == ".svg"
    return svg_content(head, path.suffix)


def shown(path: Path) -> str:
    """A path as a user would write it: relative to the working folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class PictureError(PathError):
    """A picture file that cannot be used: ``path``, and ``says`` its problem's words
    (``error.picture.<problem>``) with ``values``; ``str()`` reads ``<path>: <problem>``.

    ``category`` is the kind of problem, for a surface that words it shorter itself (the studio),
    told by ``says`` (``CATEGORIES``): ``not_a_picture``, ``too_large`` (``values``: ``megapixels``,
    the picture's, and ``limit``, in megapixels), ``damaged``, ``unreadable``, ``empty``,
    ``bad_svg`` (any problem of an SVG), ``unsupported``.
    """

    def __init__(self, path: Path, says: str, /, **values: object) -> None:
        super().__init__(says=says, path=shown(path), fields=(), **values)
        self.path: Path = path

    @property
    def category(self) -> str:
        """The kind of problem, from ``says`` (see the class)."""
        if self.says in CATEGORIES:
            return CATEGORIES[self.says]
        return "bad_svg" if self.says.startswith(_SVG_PROBLEMS) else "unreadable"


CATEGORIES: dict[str, str] = {
    "picture.too_large_jpeg": "too_large", "picture.too_large_whole": "too_large",
    "picture.too_large_kind": "too_large", "picture.over_every_limit": "too_large",
    "picture.over_arrival": "too_large", "picture.damaged": "damaged",
    "picture.not_a_picture": "not_a_picture", "picture.tiff_codec": "unsupported", "picture.empty": "empty",
}
"""The category (``PictureError.category``) of each problem that is not ``unreadable`` nor an SVG's."""
_SVG_PROBLEMS = ("picture.svg_", "picture.not_svg", "picture.embedded")
"""The problems of an SVG (its XML, its drawing, its embedded pictures): category ``bad_svg``."""
