"""The square a face's picture is drawn into, in mm, and the resolution a picture prints at there.

A face is the tile's short side square (``SheetLayout.tile_short_mm``). With names under the
pictures, the bottom ``LABEL_SHARE`` of it holds the word and the picture takes the square above
(``picture_box_mm``). Inside that square a picture is drawn whole (``contain``: ``PADDING`` free on
every side, its longer side across) or fills it (``cover``: ``COVER_MARGIN`` free on every side,
its shorter side across): ``print_ppi`` says how many of its pixels then fall in an inch of paper.
Under ``LOW_PPI`` a photo prints visibly soft (``is_low``): the command line's summary line and the
studio's thumbnails warn.
"""

from __future__ import annotations

LABEL_SHARE = 0.22
"""With labels, the bottom share of a face that holds the word."""
PADDING = 0.08
"""Free border around a picture drawn whole (``fit = "contain"``), as a fraction of the face."""
COVER_MARGIN = 0.04
"""With ``fit = "cover"`` the picture fills its face but this share on every side: it never runs
into the cut line or the centre line (a cut a millimetre off still leaves the whole picture)."""
LOW_PPI = 150
"""Under this many pixels per inch of paper, a photo prints soft: warned about."""
MM_PER_INCH = 25.4


def picture_box_mm(face_mm: float, *, labels: bool) -> float:
    """The side of the square a face's picture is drawn into: the face, less the word's band."""
    return face_mm * (1 - LABEL_SHARE) if labels else face_mm


def print_ppi(width_px: int, height_px: int, box_mm: float, fit: str) -> float:
    """Pixels per inch of paper of a ``width_px`` x ``height_px`` picture drawn into a square of
    ``box_mm`` with ``fit`` (``contain``: its longer side across the square less ``PADDING``;
    ``cover``: its shorter side across the square less ``COVER_MARGIN``)."""
    if fit == "cover":
        across_px, share = min(width_px, height_px), COVER_MARGIN
    else:
        across_px, share = max(width_px, height_px), PADDING
    drawn_mm = box_mm * (1 - 2 * share)
    return across_px / (drawn_mm / MM_PER_INCH)


def is_low(ppi: float) -> bool:
    """Whether a picture printing at ``ppi`` prints soft (under ``LOW_PPI``)."""
    return ppi < LOW_PPI
