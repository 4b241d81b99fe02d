"""The two-sided calibration sheet: measure a printer's front-to-back misregistration.

The front shows five crosses at known places (the centre and near each corner), and two
rulers of ``scale_ruler_mm`` (150 mm where the page takes them) to measure the printer's scale:
one across the page below the centre cross (X), one up it near the right edge (Y). A ruler that
prints 150.9 mm long is a scale of 100.6 %, to pass as ``--scale`` (``geometry.printer``).
The back shows, behind each cross (mirrored for the flip edge, see ``backs``),
two millimetre rulers: a horizontal one crossing the cross's vertical arm and a
vertical one crossing its horizontal arm. Held against the light with the back
facing you, the front's arms show through and cut the rulers at the offset to
pass as ``--back-offset X,Y``: if the back lands ``s`` mm off, the zero of each
ruler moves by ``s`` and the fixed arm reads ``-s``, which is the shift that
cancels it.

Beside each cross the front also has a small filled square, and the back a small
frame exactly behind it: if the square does not show inside its frame, the printer
turns the sheet on the other edge, and the user reprints with the other ``--duplex``.

``calibration_geometry`` is pure (millimetres, no ReportLab) so it can be
tested; ``pdf.calibration.render_calibration`` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

from domino_print.errors import OptionError
from domino_print.geometry.backs import mirror_point
from domino_print.geometry.sizes import Paper

ARM_MM = 20.0
"""Half length of each arm of a front cross."""
RULER_GAP_MM = 14.0
"""Distance from a station to the ruler that crosses its arm (clear of the other ruler)."""
CORNER_INSET_MM = 30.0
CHECK_OFFSET_MM = 6.0
"""The flip check sits this far from its station along each axis, away from the rulers."""
CHECK_SIZE_MM = 3.0
MIN_SIDES_MM = (140.0, 195.0)
SCALE_RULER_MM = 150.0
"""The length of the two rulers (X across, Y up) that measure a printer's scale, where the page
takes them; a shorter page gets ``SHORT_SCALE_RULER_MM`` ones."""
SHORT_SCALE_RULER_MM = 100.0
SCALE_RULER_ROOM_MM = 25.0
"""Paper kept beside a scale ruler's ends (10 mm margins and room for its last label)."""
SCALE_RULER_EDGE_MM = 16.0
"""The Y ruler runs up the page this far from its right edge (clear of the corner crosses)."""

def scale_ruler_mm(paper_width_mm: float) -> float:
    """The scale rulers' length on a page this wide: 150 mm where it fits across, else 100 mm."""
    fits = paper_width_mm >= SCALE_RULER_MM + 2 * SCALE_RULER_ROOM_MM
    return SCALE_RULER_MM if fits else SHORT_SCALE_RULER_MM


@dataclass(frozen=True)
class Ruler:
    """A millimetre ruler on the back: its zero at (x, y), running along x or along y."""

    x_mm: float
    y_mm: float
    along_x: bool
    free_end: int
    """+1 or -1: the end of the ruler away from its station's other ruler (for its letter)."""


@dataclass(frozen=True)
class CalibrationGeometry:
    page_width_mm: float
    page_height_mm: float
    duplex: str
    stations: tuple[tuple[float, float], ...]
    """Cross centres on the front, the centre first."""
    rulers: tuple[Ruler, ...]
    """Two per station, on the back: the X ruler then the Y ruler."""
    checks: tuple[tuple[float, float], ...]
    """Per station, the centre of the flip check: a filled square on the front..."""
    check_frames: tuple[tuple[float, float], ...]
    """...and the frame behind it on the back (its mirror image)."""
    text_band: tuple[float, float]
    """(bottom, top) of the front's instructions, in mm."""
    bar_y_mm: float
    """The front's 100 mm bar, centred across the page, below the centre cross."""
    back_centre: tuple[float, float]
    """The centre cross's place on the back (a faint circle marks it)."""
    back_text_y_mm: float
    """The back's title: behind the blank strip of the front between the 100 mm bar and the
    bottom crosses, so neither side's text hides the other's marks against the light."""
    scale_ruler_mm: float = SCALE_RULER_MM
    """The length of the two scale rulers."""
    x_ruler: tuple[float, float] = (0.0, 0.0)
    """The X scale ruler's zero on the front: it runs ``scale_ruler_mm`` to the right from there."""
    y_ruler: tuple[float, float] = (0.0, 0.0)
    """The Y scale ruler's zero on the front: it runs ``scale_ruler_mm`` up from there."""
    text_right_mm: float = 12.0
    """The instructions keep this far from the page's right edge (clear of the Y ruler)."""
    arm_mm: float = ARM_MM
    check_size_mm: float = CHECK_SIZE_MM


def check_paper(paper: Paper) -> None:
    short, long = MIN_SIDES_MM
    if paper.width_mm < short or paper.height_mm < long:
        raise OptionError(says="paper.too_small_for_calibration", fields=("paper",), name=paper.name)


def calibration_geometry(paper: Paper, duplex: str) -> CalibrationGeometry:
    """Where the crosses go on the (portrait) front and the rulers on the back, in mm."""
    check_paper(paper)
    width, height = paper.width_mm, paper.height_mm
    inset = CORNER_INSET_MM
    stations = (
        (width / 2, height / 2),
        (inset, inset),
        (width - inset, inset),
        (inset, height - inset),
        (width - inset, height - inset),
    )
    rulers: list[Ruler] = []
    checks, frames = [], []
    for x, y in stations:
        bx, by = mirror_point(x, y, width, height, duplex)
        # Rulers sit towards the page centre, so none runs off the sheet.
        sx = 1 if bx <= width / 2 + 1e-6 else -1
        sy = 1 if by <= height / 2 + 1e-6 else -1
        rulers.append(Ruler(bx, by + sy * RULER_GAP_MM, along_x=True, free_end=-sx))
        rulers.append(Ruler(bx + sx * RULER_GAP_MM, by, along_x=False, free_end=-sy))
        # the quadrant on the back that holds no ruler
        frame = (bx - sx * CHECK_OFFSET_MM, by - sy * CHECK_OFFSET_MM)
        frames.append(frame)
        checks.append(mirror_point(*frame, width, height, duplex))
    top = height - inset - ARM_MM - 4
    bottom = height / 2 + ARM_MM + 4
    bar_y = height / 2 - ARM_MM - 10
    bar_bottom = bar_y - 5
    back_text = mirror_point(width / 2, (bar_bottom + CORNER_INSET_MM + ARM_MM) / 2, width, height, duplex)
    ruler = scale_ruler_mm(width)
    return CalibrationGeometry(
        width,
        height,
        duplex,
        stations,
        tuple(rulers),
        tuple(checks),
        tuple(frames),
        (bottom, top),
        bar_y,
        mirror_point(*stations[0], width, height, duplex),
        back_text[1],
        scale_ruler_mm=ruler,
        x_ruler=((width - ruler) / 2, bar_y),
        y_ruler=(width - SCALE_RULER_EDGE_MM, (height - ruler) / 2),
        text_right_mm=SCALE_RULER_EDGE_MM + 6,
    )

