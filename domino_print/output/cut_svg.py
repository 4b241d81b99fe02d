"""SVG cut files for cutting machines (``--cut svg``): one file per sheet page, in millimetres.

Each file is the page's size in mm (``width="297mm"``, a ``viewBox`` in mm, y downwards as SVG
has it). Where tiles touch (``--gap 0``, or tiles laid exactly a kerf apart) and corners are
square, it holds each distinct edge once (``cutting.shared_cut_lines``): long straight lines
across the tile block, in an order that keeps the travel between them short, one ``<path>``
per run cut without lifting; a blade tears paper on a second pass and a laser burns twice.
Otherwise it holds one closed path per tile: its rectangle, with rounded corners of
``corner_mm`` when asked. Either way every line runs half the ``kerf_mm`` outside the tiles it
bounds, so that a blade or beam that removes ``kerf_mm`` of material leaves each tile its
printed size (tiles are laid at least a kerf apart, ``cutting.gap_for_kerf``). Cutting software (Cricut Design
Space, Silhouette Studio, laser software such as LightBurn) opens it at its true size. The
geometry is the document's ``cuts`` (``geometry.cutting``): this writer never lays anything out.

With ``laser`` (``--laser``) the file has two layers (Inkscape's ``inkscape:groupmode="layer"``
groups, which LightBurn, Inkscape and most laser software read as layers), in the order a laser
runs them: ``Engrave`` first, in black (each tile's middle line as a hairline score and, for a
set of pips, every pip as a filled black circle), then ``Cut``, the red hairline outlines, so
that no tile is cut loose before it is engraved.

Every file carries a comment naming the PDF it belongs to; a file of that name without it (a
user's drawing) is never replaced.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from domino_print.errors import FileError
from domino_print.geometry.cutting import grown_outline, shared_cut_lines
from domino_print.output.written import FinishedDocument, Step, Written

if TYPE_CHECKING:
    from domino_print.geometry.cutting import CutPage
    from domino_print.geometry.engraving import TileEngraving
    from domino_print.geometry.registration import RegistrationMarks
    from domino_print.geometry.shapes import Placement, Segment
    from domino_print.output.files import StagedFiles

MARK = "domino-print cut file of"
"""The comment every cut file starts with, followed by its PDF's file name."""
CUT_COLOUR = "#FF0000"
"""Red hairline: what laser and cutting software read as "cut"."""
HAIRLINE_MM = 0.01
ENGRAVE_COLOUR = "#000000"
"""Black: what laser software reads as "engrave" (filled shapes) or "score" (lines)."""
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
LAYERS = ("Engrave", "Cut")
"""The layers of a laser file, in the order the laser runs them."""
_READ_LIMIT = 4096
REGISTRATION_NOTES = {
    "silhouette": "Silhouette print & cut, registration marks type 1 (10 mm inset, 20 mm long): this file is "
                  "the printed page itself; turn Studio's registration marks on at these settings.",
    "cricut": "Cricut Print Then Cut: this file is the 6.75 x 9.25 in area inside the printed black frame; "
              "its origin is the area's top-left corner.",
}
"""What a cut file says of the marks it goes with (machine software's own words, in English)."""


def cut_path(out: Path, number: int) -> Path:
    """``planche-cut-1.svg``: the cut file of sheet ``number`` (1 for the first) of the PDF ``out``."""
    return out.with_name(f"{out.stem}-cut-{number}.svg")


def _number(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def tile_path(tile: Placement, page_height_mm: float, *, corner_mm: float = 0.0, kerf_mm: float = 0.0,
              left_mm: float = 0.0) -> str:
    """The closed SVG path of one tile, in mm with y downwards, grown by half the kerf; the file's
    frame has its top-left corner at (``left_mm``, ``page_height_mm``) on the page (the page's own
    top-left corner unless a machine's frame says otherwise)."""
    grow = kerf_mm / 2
    x0, y0, x1, y1 = grown_outline(tile, kerf_mm)
    left, right, top, bottom = x0 - left_mm, x1 - left_mm, page_height_mm - y1, page_height_mm - y0
    radius = min(corner_mm + grow if corner_mm else 0.0, (right - left) / 2, (bottom - top) / 2)
    n = _number
    if radius <= 0:
        return f"M{n(left)} {n(top)}H{n(right)}V{n(bottom)}H{n(left)}Z"
    r = n(radius)
    return (f"M{n(left + radius)} {n(top)}H{n(right - radius)}A{r} {r} 0 0 1 {n(right)} {n(top + radius)}"
            f"V{n(bottom - radius)}A{r} {r} 0 0 1 {n(right - radius)} {n(bottom)}"
            f"H{n(left + radius)}A{r} {r} 0 0 1 {n(left)} {n(bottom - radius)}"
            f"V{n(top + radius)}A{r} {r} 0 0 1 {n(left + radius)} {n(top)}Z")


def run_path(run: tuple[Segment, ...], page_height_mm: float, left_mm: float = 0.0) -> str:
    """The SVG path of one run of straight cut lines, followed without lifting (y downwards; the
    frame's corner as in ``tile_path``)."""
    n = _number
    first = run[0]
    parts = [f"M{n(first.x0 - left_mm)} {n(page_height_mm - first.y0)}"]
    for line in run:
        horizontal = line.y0 == line.y1
        parts.append(f"H{n(line.x1 - left_mm)}" if horizontal else f"V{n(page_height_mm - line.y1)}")
    return "".join(parts)


def cut_paths(page: CutPage, top_mm: float, left_mm: float, *, corner_mm: float, kerf_mm: float) -> str:
    """The ``<path>`` elements of a page's cuts: its shared straight lines, each once, in cutting
    order (``cut-1``...), or, when no two tiles share an edge or corners are rounded, one closed
    outline per tile (``tile-1``...)."""
    runs = None if corner_mm else shared_cut_lines(page.tiles, kerf_mm, start=(left_mm, top_mm))
    if runs is not None:
        return "\n".join(f'    <path id="cut-{number}" d="{run_path(run, top_mm, left_mm)}"/>'
                         for number, run in enumerate(runs, start=1))
    return "\n".join(
        f'    <path id="tile-{tile.index + 1}" '
        f'd="{tile_path(tile, top_mm, corner_mm=corner_mm, kerf_mm=kerf_mm, left_mm=left_mm)}"/>'
        for tile in page.tiles
    )


def engraving_svg(engraving: TileEngraving, page_height_mm: float, left_mm: float = 0.0) -> str:
    """One tile's engraving as an SVG group: its middle line, then its pips (y downwards; the
    frame's corner as in ``tile_path``)."""
    n = _number
    line = engraving.centre_line
    d = (f"M{n(line.x0 - left_mm)} {n(page_height_mm - line.y0)}"
         f"L{n(line.x1 - left_mm)} {n(page_height_mm - line.y1)}")
    parts = [f'      <path d="{d}" fill="none" stroke="{ENGRAVE_COLOUR}" stroke-width="{n(HAIRLINE_MM)}"/>']
    parts += [f'      <circle cx="{n(pip.x_mm - left_mm)}" cy="{n(page_height_mm - pip.y_mm)}" '
              f'r="{n(pip.r_mm)}"/>' for pip in engraving.pips]
    body = "\n".join(parts)
    return f'    <g id="engrave-tile-{engraving.index + 1}">\n{body}\n    </g>'


def registration_svg(marks: RegistrationMarks, page_height_mm: float) -> str:
    """Where the printed sheet's registration marks are, in the file's frame (y downwards): a
    description, and the marks as rectangles in ``<defs>`` (never drawn, never cut), with the
    frame's top-left corner on the printed page (``data-origin-mm``, from the page's top-left)."""
    n = _number
    left, top = marks.cut_origin_mm
    rects = "\n".join(
        f'      <rect x="{n(m.x_mm - left)}" y="{n(top - m.top)}" width="{n(m.width_mm)}" '
        f'height="{n(m.height_mm)}"/>' for m in marks.marks)
    origin = f"{n(left)} {n(page_height_mm - top)}"
    return (f'  <desc id="registration">{escape(REGISTRATION_NOTES[marks.machine])}</desc>\n'
            f'  <defs>\n    <g id="registration-marks" data-machine="{marks.machine}" '
            f'data-origin-mm="{origin}">\n'
            f"{rects}\n    </g>\n  </defs>\n")


def cut_svg(page: CutPage, pdf_name: str, *, corner_mm: float = 0.0, kerf_mm: float = 0.0,
            laser: bool = False) -> str:
    """The cut file of one sheet page: its cuts as red hairline paths (``cut_paths``), in mm; with
    ``laser``, on a ``Cut`` layer after an ``Engrave`` layer holding each tile's engraving."""
    marks = page.registration
    left, top = (0.0, page.height_mm) if marks is None else marks.cut_origin_mm
    size = (page.width_mm, page.height_mm) if marks is None else marks.cut_size_mm
    width, height = _number(size[0]), _number(size[1])
    paths = cut_paths(page, top, left, corner_mm=corner_mm, kerf_mm=kerf_mm)
    comment = escape(f"{MARK} {pdf_name}").replace("--", "- -")
    stroke = f'fill="none" stroke={quoteattr(CUT_COLOUR)} stroke-width="{_number(HAIRLINE_MM)}"'
    namespaces = 'xmlns="http://www.w3.org/2000/svg"'
    layers = f'  <g id="cut" {stroke}>\n{paths}\n  </g>\n'
    if laser:
        namespaces += f" xmlns:inkscape={quoteattr(INKSCAPE)}"
        engraved = "\n".join(engraving_svg(e, top, left) for e in page.engravings)
        engrave, cut = LAYERS
        layers = (
            f'  <g id="engrave" inkscape:groupmode="layer" inkscape:label="{engrave}" '
            f'fill="{ENGRAVE_COLOUR}">\n'
            f"{engraved}\n  </g>\n"
            f'  <g id="cut" inkscape:groupmode="layer" inkscape:label="{cut}" {stroke}>\n{paths}\n  </g>\n'
        )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<!-- {comment} -->\n'
        f'<svg {namespaces} width="{width}mm" height="{height}mm" '
        f'viewBox="0 0 {width} {height}">\n'
        f'  <title>{escape(pdf_name)}: page {page.number}, cut</title>\n'
        f"{'' if marks is None else registration_svg(marks, page.height_mm)}"
        f"{layers}</svg>\n"
    )


def is_cut_file_of(path: Path, out: Path) -> bool:
    """Whether ``path`` is a regular file starting like a cut file of the PDF ``out``."""
    try:
        with open(path, "rb") as handle:
            if not os.path.isfile(path):
                return False
            head = handle.read(_READ_LIMIT).decode("utf-8", "replace")
    except OSError:
        return False
    return f"{MARK} {escape(out.name)}".replace("--", "- -") in head


class SvgCutFiles:
    """``--cut svg``: one SVG cut file per sheet page, beside the PDF."""

    name = "svg"

    def __init__(self, *, corner_mm: float = 0.0, kerf_mm: float = 0.0, laser: bool = False) -> None:
        self.corner_mm = corner_mm
        self.kerf_mm = kerf_mm
        self.laser = laser

    def planned(self, out: Path, pages: int) -> list[Path]:
        return []  # known once the document is laid out: checked then, before anything is written

    def check(self, out: Path, pages: int) -> None:
        """Cut files of this PDF are replaced; a user's file with such a name is refused."""
        number = 1
        while os.path.lexists(path := cut_path(out, number)) and number <= pages:
            if not is_cut_file_of(path, out):
                raise FileError("cut_file_in_the_way", path, pdf=out.name)
            number += 1

    def steps(self, pages: int) -> int:
        return 0

    def write(self, staged: StagedFiles, out: Path, document: FinishedDocument, step: Step) -> Written:
        def ours(path: Path) -> bool:
            return is_cut_file_of(path, out)

        sheets = document.cuts.of_kind("sheet")
        paths = []
        for number, page in enumerate(sheets, start=1):
            path = cut_path(out, number)
            svg = cut_svg(page, out.name, corner_mm=self.corner_mm, kerf_mm=self.kerf_mm, laser=self.laser)
            staged.add(path, svg.encode("utf-8"), may_replace=ours)
            paths.append(path)
        number = len(paths) + 1
        while os.path.lexists(stale := cut_path(out, number)):
            staged.remove(stale, only_if=ours)
            number += 1
        return Written(self.name, tuple(paths))
