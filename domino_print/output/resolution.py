"""The user's photos that would print soft: each picture's pixels over the face box it is drawn in.

A folder of the user's own pictures (``--theme photos/``, the studio's) is drawn at the tile's
size whatever its pixels: a 80 x 80 px copy from a messaging app prints at about 80 ppi on a
large tile. ``picture_box`` is the side of the square a face's picture is drawn into, in mm (the
face box: ``geometry.face_box``); ``low_resolution`` names the pictures of the set under
``geometry.face_box.LOW_PPI`` there, each with its resolution, for the summary line's warning.
Vector pictures (SVG) print sharp at any size and are never named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domino_print.geometry.face_box import is_low, picture_box_mm, print_ppi

if TYPE_CHECKING:
    from pathlib import Path

    from domino_print.sets.job import Job


def picture_box(job: Job) -> float | None:
    """The side, in mm, of the square each face's picture is drawn into; None but for the user's
    own pictures (a folder theme), and for faces whose braille takes the place of the word."""
    theme = job.theme
    if theme.builtin or theme.kind != "pictures" or job.association is not None or job.options.braille:
        return None
    return picture_box_mm(job.layout.tile_short_mm, labels=bool(job.options.labels))


def pixels(path: Path) -> tuple[int, int] | None:
    """A raster picture's stored size in pixels, from its header; None for an SVG."""
    from domino_print.pictures.raster import check_image  # deferred: Pillow, for photos only

    info = check_image(path)
    return None if info is None else (info.width, info.height)


def low_ppi(path: Path, box_mm: float, fit: str) -> int | None:
    """The resolution the picture at ``path`` prints at in a face box of ``box_mm`` with ``fit``,
    rounded down, when it is under ``LOW_PPI``; None when it prints sharp, or is an SVG."""
    size = pixels(path)
    if size is None:
        return None
    ppi = print_ppi(*size, box_mm, fit)
    return int(ppi) if is_low(ppi) else None


def low_resolution(job: Job) -> tuple[tuple[str, int], ...]:
    """The pictures the set uses that would print under ``LOW_PPI``: each one's name (its label
    in a theme.toml that names them, the studio's, else its file's name) and its ppi, rounded down."""
    box = picture_box(job)
    if box is None:
        return ()
    theme = job.theme
    named = bool(getattr(theme, "theme_file", ""))
    low = []
    for value in range(min(job.top + 1, len(theme.images))):
        ppi = low_ppi(theme.images[value], box, theme.fit)
        if ppi is not None:
            low.append((theme.label(value, job.lang) if named else theme.images[value].name, ppi))
    return tuple(low)
