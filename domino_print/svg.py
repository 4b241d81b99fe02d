"""Load an SVG file into a ReportLab drawing without letting it reach anything else.

svglib would follow external entities, ``<image>`` files and ``<use>`` links to
other files. A user's SVG must never make us read other local files or the
network, so we parse it ourselves with entities, DTDs and the network off,
drop every outside reference, and hand the cleaned tree to svglib.

Start-up matters (the fruit sheet must come out in well under a second), so
``_svg_renderer`` imports svglib's converter without running the package's
``__init__`` (its command-line helpers and a package-metadata lookup cost about
35 ms), and turns off ReportLab's per-attribute shape checks, which only guard
hand-built drawings and slow svglib's conversion down.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from domino_print.errors import DominoError

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_NO_ROOT = "/nonexistent/domino-print-refuses-external-references"


def _svg_renderer():
    """svglib's ``SvgRenderer`` class, imported as cheaply as possible (see the module doc)."""
    if "reportlab.graphics.shapes" not in sys.modules:
        from reportlab import rl_config

        rl_config.shapeChecking = 0  # read once, when reportlab.graphics.shapes is imported
    import domino_print.platypus_import  # noqa: F401  (shapes imports Platypus: load it the quick way)
    if "svglib" not in sys.modules:
        spec = importlib.util.find_spec("svglib")
        if spec is not None:  # an empty package module: enough to import svglib.svglib
            sys.modules["svglib"] = importlib.util.module_from_spec(spec)
    from svglib.svglib import SvgRenderer

    return SvgRenderer


def _is_internal(href: str) -> bool:
    return href.startswith("#") or href.startswith("data:")


def load_svg(path: Path) -> Drawing:
    """A drawing of the SVG at ``path``; ``DominoError`` naming the file if it can't be read."""
    from lxml import etree

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
        raise DominoError(f"{path}: not a readable SVG file ({exc})") from None
    if root is None or etree.QName(root).localname != "svg":
        raise DominoError(f"{path}: not an SVG file (no <svg> root element)")
    if root.getroottree().docinfo.internalDTD is not None:
        raise DominoError(f"{path}: SVG files with a DOCTYPE or entities are refused; remove it")
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
    drawing = renderer_class(str(path), external_reference_root=_NO_ROOT).render(root)
    if drawing is None or drawing.width <= 0 or drawing.height <= 0:
        raise DominoError(f"{path}: the SVG has no size; give it a viewBox or width and height")
    return drawing
