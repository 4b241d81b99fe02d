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
  svglib).
* ``art``: the bundled SVG art as precompiled PDF operators.

A file that cannot be used raises ``PictureError``, one line naming the file
and the problem; the theme layer reports it as it is.
"""

from __future__ import annotations

from pathlib import Path

from domino_print.errors import DominoError

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".tif", ".tiff", ".heic", ".heif", ".svg")
"""File name endings of the pictures a folder theme picks up."""

FORMAT_NAMES = "PNG, JPEG, WebP, GIF, BMP, TIFF, HEIC or SVG"
"""The same formats, as a user reads them in a message."""


def shown(path: Path) -> str:
    """A path as a user would write it: relative to the working folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


class PictureError(DominoError):
    """A picture file that cannot be used: ``path`` and ``problem``, worded as one line.

    ``reason`` names the kind of problem for a surface that words it itself, in its reader's
    language (the studio): ``not_a_picture``, ``too_large`` (``values``: ``megapixels``, the
    picture's, and ``limit``, in megapixels), ``damaged``, ``unreadable``, ``empty``, ``bad_svg``.
    """

    def __init__(self, path: Path, problem: str, *, reason: str = "unreadable", **values: object) -> None:
        self.path = path
        self.problem = problem
        self.reason = reason
        self.values = values
        super().__init__(f"{shown(path)}: {problem}")
