"""Print-and-cut machines' registration marks (``--registration``), as plain millimetre data.

A print-and-cut machine finds the printed sheet by marks its optical sensor reads, then cuts
the tiles where the cut file puts them relative to those marks. ``registration_marks`` gives,
for a page, the marks to print (filled rectangles), the zones around them where nothing else
may be printed (``keep_out``), and the boxes the sheet's content (tiles, legend, header) may
fill, one per way of keeping clear of the marks; the layout (``geometry.sheet``) lays the tiles
out inside the best of them. Coordinates are millimetres from the page's lower-left corner,
y upwards, as in ``geometry.sheet``.

- ``silhouette``: Silhouette Studio's print & cut marks of type 1 (CAMEO, Portrait, Curio) at
  their standard size: a filled 5 mm square at the top-left corner and an L-shaped corner mark
  (20 mm legs) at the top-right and the bottom-left corners, each 10 mm in from the paper's
  edges (Studio's default and smallest inset). Studio hatches a 20 mm square at each of those
  corners: nothing is printed there (``KEEP_OUT_CLEARANCE_MM`` more around it), so the content
  keeps to a band across the page between the top and bottom marks, or down it between the
  left and right ones. The cut file keeps the paper's frame: Studio lines it up page to page
  with its own marks at the same inset.
- ``cricut``: Cricut Design Space's Print Then Cut takes images up to 6.75 x 9.25 in
  (171.45 x 234.95 mm) on Letter or A4 paper, and prints its own sensor frame around them.
  The sheet's content is kept inside that area, centred on the page, and a black frame
  (``CRICUT_FRAME_MM`` thick, just outside it) shows its limits; the cut file's frame is that
  area (its origin is the area's top-left corner), so that the file opens in Design Space at the
  area's size and the cuts fall where the tiles are printed in it.
"""

from __future__ import annotations

from typing import NamedTuple

from domino_print.geometry.shapes import Rect
from domino_print.geometry.sizes import PAPER_EDGE_MM

REGISTRATION_MACHINES = ("cricut", "silhouette")
"""``--registration``: the print-and-cut machines whose marks the sheet can carry."""

SILHOUETTE_INSET_MM = 10.0
"""How far in from the paper's edges Studio's marks start (its default, and the least it takes)."""
SILHOUETTE_SQUARE_MM = 5.0
"""The side of the filled square at the top-left corner."""
SILHOUETTE_LENGTH_MM = 20.0
"""The length of each leg of the two L-shaped corner marks, and the side of each mark's zone."""
SILHOUETTE_THICKNESS_MM = 0.5
"""The width of the L-shaped marks' legs."""
KEEP_OUT_CLEARANCE_MM = 2.0
"""White paper kept around each mark's zone, so that no printed line beside it misleads the sensor."""

INCH_MM = 25.4
CRICUT_AREA_MM = (6.75 * INCH_MM, 9.25 * INCH_MM)
"""The largest Print Then Cut image Design Space takes on Letter or A4 paper, portrait (w, h)."""
CRICUT_FRAME_MM = 0.5
"""The width of the black frame drawn around the Print Then Cut area (outside it)."""

CONTENT_MARGIN_MM = 8.0
"""The margin the sheet keeps inside a content box for its header, legend and crop marks
(the box's edge is not the paper's edge: the header's 5 mm from it is the paper's rule kept)."""


class RegistrationMarks(NamedTuple):
    """One machine's marks on one page size, and where the sheet's content may go."""

    machine: str
    page_width_mm: float
    page_height_mm: float
    marks: tuple[Rect, ...]
    """Filled black rectangles: a square, each leg of an L, each side of a frame."""
    keep_out: tuple[Rect, ...]
    """Zones no tile may touch: each mark's zone and its clearance."""
    content_boxes: tuple[Rect, ...]
    """Where the sheet's content may go, best first for no set in particular: the layout tries each."""
    cut_origin_mm: tuple[float, float]
    """The top-left corner of the cut file's frame on the page (x, y from the page's lower left)."""
    cut_size_mm: tuple[float, float]
    """The cut file's width and height."""
    area_mm: Rect
    """The area the machine cuts in: inside the marks (Silhouette), the Print Then Cut area (Cricut)."""


class RegistrationError(ValueError):
    """The paper is too small for the machine's marks and any content (``machine``, ``page_mm``)."""

    def __init__(self, machine: str, page_mm: tuple[float, float]) -> None:
        super().__init__(f"{machine} registration marks leave no room for tiles on a "
                         f"{page_mm[0]:g} x {page_mm[1]:g} mm page")
        self.machine = machine
        self.page_mm = page_mm


def registration_marks(machine: str, page_width_mm: float, page_height_mm: float) -> RegistrationMarks:
    """The marks of ``machine`` (one of ``REGISTRATION_MACHINES``) on a page of that size."""
    if machine == "silhouette":
        return _silhouette(page_width_mm, page_height_mm)
    if machine == "cricut":
        return _cricut(page_width_mm, page_height_mm)
    machines = ", ".join(REGISTRATION_MACHINES)
    raise ValueError(f"unknown registration machine {machine!r}; use one of {machines}")


def _silhouette(width: float, height: float) -> RegistrationMarks:
    inset, square, leg, thick = (SILHOUETTE_INSET_MM, SILHOUETTE_SQUARE_MM, SILHOUETTE_LENGTH_MM,
                                 SILHOUETTE_THICKNESS_MM)
    left, right, bottom, top = inset, width - inset, inset, height - inset
    marks = (
        Rect(left, top - square, square, square),  # the top-left square
        Rect(right - leg, top - thick, leg, thick), Rect(right - thick, top - leg, thick, leg),  # top right
        Rect(left, bottom, leg, thick), Rect(left, bottom, thick, leg),  # bottom left
    )
    zone = leg + KEEP_OUT_CLEARANCE_MM
    keep_out = (
        Rect(left - KEEP_OUT_CLEARANCE_MM, top - leg - KEEP_OUT_CLEARANCE_MM, zone + KEEP_OUT_CLEARANCE_MM,
             zone + KEEP_OUT_CLEARANCE_MM),
        Rect(right - leg - KEEP_OUT_CLEARANCE_MM, top - leg - KEEP_OUT_CLEARANCE_MM,
             zone + KEEP_OUT_CLEARANCE_MM, zone + KEEP_OUT_CLEARANCE_MM),
        Rect(left - KEEP_OUT_CLEARANCE_MM, bottom - KEEP_OUT_CLEARANCE_MM, zone + KEEP_OUT_CLEARANCE_MM,
             zone + KEEP_OUT_CLEARANCE_MM),
    )
    across = Rect(left, bottom + zone, right - left, (top - zone) - (bottom + zone))
    down = Rect(left + zone, bottom, (right - zone) - (left + zone), top - bottom)
    boxes = tuple(box for box in (across, down) if box.width_mm > 0 and box.height_mm > 0)
    if not boxes:
        raise RegistrationError("silhouette", (width, height))
    return RegistrationMarks("silhouette", width, height, marks, keep_out, boxes, (0.0, height),
                             (width, height), Rect(left, bottom, right - left, top - bottom))


def _cricut(width: float, height: float) -> RegistrationMarks:
    most_w, most_h = CRICUT_AREA_MM if width <= height else CRICUT_AREA_MM[::-1]
    room = 2 * (PAPER_EDGE_MM + CRICUT_FRAME_MM)
    area_w, area_h = min(most_w, width - room), min(most_h, height - room)
    if area_w <= 2 * CONTENT_MARGIN_MM or area_h <= 2 * CONTENT_MARGIN_MM:
        raise RegistrationError("cricut", (width, height))
    area = Rect((width - area_w) / 2, (height - area_h) / 2, area_w, area_h)
    frame = CRICUT_FRAME_MM
    marks = (
        Rect(area.x_mm - frame, area.top, area_w + 2 * frame, frame),  # top
        Rect(area.x_mm - frame, area.y_mm - frame, area_w + 2 * frame, frame),  # bottom
        Rect(area.x_mm - frame, area.y_mm, frame, area_h),  # left
        Rect(area.right, area.y_mm, frame, area_h),  # right
    )
    return RegistrationMarks("cricut", width, height, marks, marks, (area,), (area.x_mm, area.top),
                             (area_w, area_h), area)
