"""Load an SVG file into a ReportLab drawing without letting it reach anything else.

svglib would follow external entities, ``<image>`` files and ``<use>`` links to
other files. A user's SVG must never make us read other local files or the
network, so we parse it ourselves with entities, DTDs and the network off,
drop every outside reference, and hand the cleaned tree to svglib.

lxml and svglib are imported only when an SVG is loaded: the built-in art is
precompiled (``art``), so most sheets never need them. Before svglib loads,
ReportLab's per-attribute shape checks are turned off: they only guard
hand-built drawings and slow svglib's conversion down.

A file that cannot be parsed or drawn raises ``PictureError`` naming it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from domino_print.pictures import PictureError

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_NO_ROOT = "/nonexistent/domino-print-refuses-external-references"
_DRAWING_ERRORS = (ValueError, TypeError, AttributeError, KeyError, IndexError)
"""What svglib raises for an SVG it cannot convert."""


def _svg_renderer():
    """svglib's ``SvgRenderer`` class, with ReportLab's shape checks off (see the module doc)."""
    from reportlab import rl_config  # deferred: ReportLab (and Pillow under it), for SVG only

    if "reportlab.graphics.shapes" not in sys.modules:
        rl_config.shapeChecking = 0  # read once, when reportlab.graphics.shapes is imported
    # deferred: reportlab.graphics.shapes imports Platypus; load it first, the quick way
    import domino_print.platypus_import  # noqa: F401

    # isort: split
    from svglib.svglib import SvgRenderer  # deferred: svglib, lxml and CSS tools, for SVG only

    return SvgRenderer


def _is_internal(href: str) -> bool:
    return href.startswith("#") or href.startswith("data:")


def load_svg(path: Path) -> Drawing:
    """A drawing of the SVG at ``path``; ``PictureError`` naming the file if it can't be used."""
    from lxml import etree  # deferred: lxml, for SVG only

    renderer_class = _svg_renderer()

    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        remove_comments=True,
        remove_pis=True,
        huge_tree=False,
    )
    try:
        root = etree.parse(str(path), parser=parser).getroot()
    except (OSError, etree.XMLSyntaxError) as exc:
        raise PictureError(path, f"not a readable SVG file ({exc})") from None
    if root is None or etree.QName(root).localname != "svg":
        raise PictureError(path, "not an SVG file (no <svg> root element)")
    if root.getroottree().docinfo.internalDTD is not None:
        raise PictureError(path, "SVG files with a DOCTYPE or entities are refused; remove it")
    outside = [
        element
        for element in root.iter()
        if isinstance(element.tag, str)
        and element is not root
        and any(not _is_internal((element.get(a) or "#").strip()) for a in (_XLINK_HREF, "href"))
    ]
    for element in outside:
        parent = element.getparent()
        if parent is not None:
            parent.remove(element)
    try:
        drawing = renderer_class(str(path), external_reference_root=_NO_ROOT).render(root)
    except _DRAWING_ERRORS as exc:
        raise PictureError(path, f"the SVG cannot be drawn ({exc})") from None
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
        raise PictureError(path, "the SVG has no size; give it a viewBox or width and height")
    return drawing
