"""Load an SVG file into a ReportLab drawing without letting it reach anything else.

A user's SVG must never make us read another local file, reach the network or
run a program, and must never cost more than a picture should. So:

* the file is read by Python (at most ``MAX_SVG_BYTES``) and parsed with lxml
  with entities, DTDs and the network off, and a resolver that refuses every
  outside resource; a DOCTYPE that declares entities or elements is refused
  (a plain ``<!DOCTYPE svg PUBLIC ...>``, as design tools write, is left unread);
* every outside reference (``href`` to a file, a URL, another SVG) is dropped,
  and the renderer follows only ``#fragment`` links and embedded
  ``data:image/png`` or ``data:image/jpeg`` pictures, which go through the same
  guarded decoder as a picture file (``decode``: formats, pixel limits);
* text is drawn with our own font (``svg_text_font``), whatever its
  ``font-family`` says: svglib would otherwise open a TrueType file named by
  the family, or run the system's font matcher;
* the work is bounded before conversion: at most ``MAX_SVG_ELEMENTS`` elements
  once ``<use>`` copies are counted, at most ``MAX_PATH_DATA`` characters of
  path and polygon data and ``MAX_SVG_TEXT`` characters of text;
* sizes and coordinates must be finite numbers of a sane magnitude
  (``MAX_COORDINATE``), checked on the converted drawing;
* svglib's log lines (unknown colours, fonts...) are silenced: a picture that
  converts is drawn, one that does not is one error line.

lxml and svglib are imported only when an SVG is loaded: the built-in art is
precompiled (``art``), so most sheets never need them. Before svglib loads,
ReportLab's per-attribute shape checks are turned off: they only guard
hand-built drawings and slow svglib's conversion down.

A file that cannot be used raises ``PictureError`` naming it.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
import sys
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

from domino_print import fonts
from domino_print.errors import Alone, Phrase, system_words
from domino_print.pictures import PictureError
from domino_print.pictures.svg_normal import normalise

if TYPE_CHECKING:
    from PIL import Image
    from reportlab.graphics.shapes import Drawing

MAX_SVG_BYTES = 16_000_000
"""Largest SVG file read, in bytes (embedded pictures included)."""
MAX_SVG_ELEMENTS = 5_000
"""Most elements an SVG may draw, each ``<use>`` counted as a copy of what it shows
(svglib converts 2,000 to 3,000 elements a second; the bundled fruits have 7 to 16)."""
MAX_PATH_DATA = 2_000_000
"""Most characters of path (``d``) and polygon (``points``) data in one SVG."""
EMBEDDED_MAX_SIDE = 1600
"""Pixels on the long side of a picture embedded in an SVG, at most (a 28 mm face at
300 dpi needs 330)."""
MAX_SVG_TEXT = 100_000
"""Most characters of text in one SVG (each is measured and drawn in a font)."""
MAX_COORDINATE = 1e9
"""Largest size or coordinate, in points, in a converted drawing."""
MIN_DETERMINANT = 1e-100
"""Smallest area scale a transform of the drawing may have: ReportLab's renderer inverts each
transform, which fails for zero (``scale(0)``, or a scale whose square underflows). A shape
shrunk this far is invisible anyway."""

_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_NO_ROOT = "/nonexistent/domino-print-refuses-external-references"
MAX_ASPECT = 1000
"""How much longer than wide (or wide than long) an SVG may be: beyond, it is a line, not a picture,
and its scale would underflow."""
_DRAWING_ERRORS = (ValueError, TypeError, AttributeError, KeyError, IndexError, OverflowError,
                   ZeroDivisionError)
"""What svglib raises for an SVG it cannot convert."""
_EMBEDDED_IMAGE = r"(?i)data:image/(?:png|jpe?g);base64,"
"""The start of an embedded picture's URI (compiled on first use: most sheets never need it)."""


def svg_text_font(family: str, weight: str = "normal", style: str = "normal") -> str:
    """The ReportLab font that draws text of a user's SVG, whatever ``family`` it names.

    One of our own fonts, chosen by weight and slant only, so that a family can
    never make us open a file or ask the system, and the same SVG gives the same
    bytes on every machine: the package's embedded family (``fonts``).
    """
    del family  # deliberately unused: see above
    weight = str(weight).strip().lower()
    bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
    italic = str(style).strip().lower() in ("italic", "oblique")
    style_name = {(False, False): "REGULAR", (True, False): "BOLD",
                  (False, True): "ITALIC", (True, True): "BOLD_ITALIC"}[(bold, italic)]
    return getattr(fonts, style_name)


class _OwnFonts:
    """svglib's font map, replaced: every family is ``svg_text_font``, an exact match."""

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        return svg_text_font(font_name, weight, style), True


def _svg_renderer():
    """Our ``SvgRenderer``: own fonts, only internal links (see the module doc)."""
    from reportlab import rl_config  # deferred: ReportLab (and Pillow under it), for SVG only

    if "reportlab.graphics.shapes" not in sys.modules:
        rl_config.shapeChecking = 0  # read once, when reportlab.graphics.shapes is imported
    # deferred. reportlab.graphics.shapes imports Platypus: the pages load it the quick way
    # (pdf.platypus), which stands above the pictures; a process that draws an SVG before its first
    # page loads Platypus plainly here, once (about 70 ms of CPU, a user's SVG pictures only).
    from reportlab.lib import colors
    from svglib.svglib import (  # deferred: svglib, lxml, CSS tools: SVG only
        Svg2RlgAttributeConverter,
        SvgRenderer,
        node_name,
    )

    from domino_print.pictures.svg_normal import style_declarations, tolerant_length

    class TolerantConverter(Svg2RlgAttributeConverter):
        """svglib's attribute reader, reading what a ``<style>`` sheet may still hold as
        browsers do (see ``svg_normal``)."""

        def parseMultiAttributes(self, line: str) -> dict[str, str]:
            return {name: value for name, value in style_declarations(line) if ":" not in value}

        def convertLength(self, svgAttr, *args, **kwargs):
            px = tolerant_length(str(svgAttr))
            return px if px is not None else super().convertLength(svgAttr, *args, **kwargs)

        def convertColor(self, svgAttr):
            colour = super().convertColor(svgAttr)
            return colors.black if isinstance(colour, str) else colour

    class ConfinedRenderer(SvgRenderer):
        """An ``SvgRenderer`` that resolves ``#fragment`` links only."""

        def __init__(self, path: str) -> None:
            super().__init__(path, font_map=_OwnFonts(), external_reference_root=_NO_ROOT)
            tolerant = TolerantConverter(font_map=_OwnFonts())
            tolerant.css_rules = self.attrConverter.css_rules
            self.attrConverter = self.shape_converter.attrConverter = tolerant
            self.embedded_pixels = 0
            """Pixels decoded so far for the SVG's embedded pictures, all together."""

        def xlink_href_target(self, node, group=None):
            href = (node.attrib.get(_XLINK_HREF) or node.attrib.get("href") or "").strip()
            if href.startswith("#"):
                return super().xlink_href_target(node, group)
            if re.match(_EMBEDDED_IMAGE, href) and node_name(node) == "image":
                picture = _embedded_picture(Path(str(self.source_path)), href, self.embedded_pixels)
                self.embedded_pixels += picture.decoded_pixels
                return picture
            return None

    return ConfinedRenderer


class EmbeddedPicture:
    """A picture embedded in an SVG, decoded through ``decode`` and ready to draw.

    ``image`` is at most ``EMBEDDED_MAX_SIDE`` pixels on its long side; ``jpeg``
    holds it re-encoded as JPEG when it was a photo (a JPEG without
    transparency), so that the PDF keeps it small, else None (lossless).
    """

    def __init__(self, image, jpeg: bytes | None, size: tuple[int, int], decoded_pixels: int) -> None:
        self.image = image
        self.jpeg = jpeg
        self.size = size
        """The picture's own size in pixels, before any reduction: svglib sizes an
        ``<image>`` without width or height with it."""
        self.decoded_pixels = decoded_pixels

    def reader(self):
        from reportlab.lib.utils import ImageReader  # deferred: only for drawing

        return ImageReader(io.BytesIO(self.jpeg) if self.jpeg is not None else self.image)


def _embedded_picture(path: Path, href: str, decoded_before: int) -> EmbeddedPicture:
    """The picture of a ``data:image/png`` or ``data:image/jpeg`` URI, through the guarded decoder.

    All the embedded pictures of one SVG together may decode at most as many
    pixels as one picture file (``decode.MAX_DECODED_PIXELS``): ``decoded_before``
    is what the SVG's earlier pictures took.
    """
    # deferred: base64, Pillow and the decoder, for an SVG with an embedded picture only
    import base64
    import binascii

    from domino_print.pictures import decode as decoder
    from domino_print.pictures.decode import JPEG_FORMATS, decode, decoded_size, has_alpha, open_picture

    try:
        header = re.match(_EMBEDDED_IMAGE, href)
        assert header is not None  # the caller matched it
        data = base64.b64decode(href[header.end() :], validate=False)
    except (binascii.Error, ValueError):
        raise PictureError(path, "picture.embedded_base64") from None
    try:
        with io.BytesIO(data) as source:
            opened = open_picture(source, path)
            fmt = opened.format or ""
            own_size = opened.size
            scale = min(1.0, EMBEDDED_MAX_SIDE / max(own_size))
            width, height = decoded_size(opened, scale)
            if decoded_before + width * height > decoder.MAX_DECODED_PIXELS:
                limit = decoder.MAX_DECODED_PIXELS // 1_000_000
                raise PictureError(path, "picture.embedded_too_large", limit=limit)
            image = decode(opened, path, scale)
    except PictureError as exc:
        if exc.says == "picture.embedded_too_large":
            raise
        raise PictureError(path, "picture.embedded", problem=Alone(exc)) from None
    if max(image.size) > EMBEDDED_MAX_SIDE:
        image.thumbnail((EMBEDDED_MAX_SIDE, EMBEDDED_MAX_SIDE), reducing_gap=3.0)
    jpeg = None
    if fmt in JPEG_FORMATS and not has_alpha(image):
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=85, optimize=True)
        jpeg = buffer.getvalue()
    return EmbeddedPicture(image, jpeg, own_size, width * height)


def draw_drawing(canvas, drawing) -> None:
    """Draw a drawing from ``load_svg`` at the canvas origin, embedded pictures as image objects.

    ReportLab's own renderer would write embedded pictures as inline images,
    which it cannot do with binary streams (``rl_config.useA85 = 0``): each one
    here is an image object, embedded once per PDF however often it is drawn.
    """
    from reportlab.graphics import renderPDF  # deferred: ReportLab graphics, for a user's SVG only

    class Renderer(renderPDF._PDFRenderer):
        def drawImage(self, image) -> None:
            picture = image.path
            if isinstance(picture, EmbeddedPicture):
                self._canvas.drawImage(
                    picture.reader(), image.x, image.y, image.width, image.height, mask="auto"
                )

    scaled = renderPDF.renderScaledDrawing(drawing)
    scaled.initialFontName = fonts.REGULAR  # ReportLab's default (Helvetica) would be listed, unembedded
    Renderer().draw(scaled, canvas, 0, 0, showBoundary=False)


@contextlib.contextmanager
def _svglib_quiet():
    """svglib's log records stop at its own logger while we convert (no lines on stderr)."""
    import logging  # deferred: about 8 ms, and only svglib's conversion logs

    logger = logging.getLogger("svglib")
    saved = logger.propagate, logger.handlers[:]
    logger.propagate = False
    logger.handlers[:] = [logging.NullHandler()]
    try:
        yield
    finally:
        logger.propagate, logger.handlers[:] = saved[0], saved[1]


def _is_internal(href: str) -> bool:
    return href.startswith("#") or re.match(_EMBEDDED_IMAGE, href) is not None


def _read(path: Path) -> bytes:
    try:
        with path.open("rb") as file:
            data = file.read(MAX_SVG_BYTES + 1)
    except FileNotFoundError:
        raise PictureError(path, "picture.not_found") from None
    except IsADirectoryError:
        raise PictureError(path, "picture.is_folder") from None
    except OSError as exc:
        raise PictureError(path, "picture.unreadable", system_said=system_words(exc)) from None
    if len(data) > MAX_SVG_BYTES:
        limit = MAX_SVG_BYTES // 1_000_000
        raise PictureError(path, "picture.svg_too_big", limit=limit)
    return data


def _parse(path: Path, data: bytes):
    """The root element of the SVG in ``data``, with nothing outside it loaded."""
    from lxml import etree  # deferred: lxml, for SVG only

    class RefuseAll(etree.Resolver):
        """Any outside resource libxml2 asks for (DTD, entity, include) resolves to nothing."""

        def resolve(self, system_url, public_id, context):
            return self.resolve_string("", context)

    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        remove_comments=True,
        remove_pis=True,
        huge_tree=False,
    )
    parser.resolvers.add(RefuseAll())
    try:
        root = etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError as exc:
        where = (Phrase("picture.svg_at", line=exc.lineno, column=exc.position[1]) if exc.lineno
                 else Phrase("picture.svg_at_start"))
        raise PictureError(path, "picture.svg_broken", where=where) from None
    if root is None or etree.QName(root).localname != "svg":
        raise PictureError(path, "picture.not_svg")
    declared = root.getroottree().docinfo.internalDTD
    if declared is not None and (any(declared.iterentities()) or any(declared.elements())):
        raise PictureError(path, "picture.svg_doctype")
    return root


def _drop_outside_references(root) -> None:
    """Remove every element that refers outside the file; a link (``<a href>``) only wraps shapes:
    it becomes a plain group, its shapes drawn and its target never followed."""
    from lxml import etree  # deferred: lxml, for SVG only (loaded by the parser already)

    for element in root.iter():
        if isinstance(element.tag, str) and element is not root and etree.QName(element).localname == "a":
            namespace = etree.QName(element).namespace
            element.tag = etree.QName(namespace, "g").text if namespace else "g"
            for name in (_XLINK_HREF, "href"):
                element.attrib.pop(name, None)
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


def _check_work(path: Path, root) -> int:
    """Refuse an SVG whose conversion would cost too much (see the limits above); its element count."""
    elements = [e for e in root.iter() if isinstance(e.tag, str)]
    path_data = sum(len(e.get("d") or "") + len(e.get("points") or "") for e in elements)
    if path_data > MAX_PATH_DATA:
        raise PictureError(path, "picture.svg_path_data", count=path_data, most=MAX_PATH_DATA)
    text = sum(len(e.text or "") + len(e.tail or "") for e in elements)
    if text > MAX_SVG_TEXT:
        raise PictureError(path, "picture.svg_text", count=text, most=MAX_SVG_TEXT)
    by_id = {e.get("id"): e for e in elements if e.get("id")}
    sizes: dict[int, int] = {}
    in_progress: set[int] = set()

    def size(element) -> int:
        """Elements drawn for ``element``: itself, its children, and what a ``<use>`` copies."""
        key = id(element)
        if key in sizes:
            return sizes[key]
        if key in in_progress:  # a <use> loop: svglib draws it once, count it once
            return 1
        in_progress.add(key)
        total = 1
        for child in element:
            if isinstance(child.tag, str):
                total += size(child)
            if total > MAX_SVG_ELEMENTS:
                break
        href = (element.get(_XLINK_HREF) or element.get("href") or "").strip()
        if href.startswith("#") and href[1:] in by_id:
            total += size(by_id[href[1:]])
        in_progress.discard(key)
        sizes[key] = total = min(total, MAX_SVG_ELEMENTS + 1)
        return total

    try:
        drawn = size(root)
    except RecursionError:
        drawn = MAX_SVG_ELEMENTS + 1
    if drawn > MAX_SVG_ELEMENTS:
        raise PictureError(path, "picture.svg_elements", most=MAX_SVG_ELEMENTS)
    return drawn


def _first_bad_number(drawing) -> float | None:
    """A size or coordinate of the drawing that is not finite or over ``MAX_COORDINATE``.

    Private attributes are read too: a gradient keeps its coordinates and stops in
    ``_x0``, ``_positions``... Each object is read once (shapes may refer to each other).
    """
    pending = [drawing]
    seen: set[int] = set()
    while pending:
        value = pending.pop()
        if isinstance(value, bool) or value is None or isinstance(value, (str, bytes)):
            continue
        if id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, (int, float)):
            if not math.isfinite(value) or abs(value) > MAX_COORDINATE:
                return value
        elif isinstance(value, (list, tuple)):
            pending.extend(value)
        elif hasattr(value, "__dict__"):
            pending.extend(vars(value).values())
    return None


def _flattens(drawing) -> bool:
    """Whether a transform in the drawing shrinks its area to (almost) nothing; see ``MIN_DETERMINANT``."""
    pending = [drawing]
    while pending:
        node = pending.pop()
        transform = getattr(node, "transform", None)
        if isinstance(transform, (list, tuple)) and len(transform) == 6:
            a, b, c, d = (float(x) for x in transform[:4])
            if not abs(a * d - b * c) >= MIN_DETERMINANT:
                return True
        pending.extend(getattr(node, "contents", ()))
    return False


_converted: OrderedDict[tuple[str, bytes], tuple[Drawing, int]] = OrderedDict()
"""Drawings converted lately, by path and digest of the file's bytes, with their element count."""
CACHE_ELEMENTS = 20_000
"""Most elements the drawings kept in ``_converted`` may hold together."""


_converted_lock = threading.Lock()
"""``_converted`` is shared by every thread of the process (a web server's, say)."""


def _remember(key: tuple[str, bytes], drawing: Drawing, elements: int) -> None:
    """Keep ``drawing`` for the next ``load_svg`` of the same bytes (the theme check, then the face)."""
    with _converted_lock:
        _converted[key] = (drawing, elements)
        _converted.move_to_end(key)
        while sum(count for _, count in _converted.values()) > CACHE_ELEMENTS and len(_converted) > 1:
            _converted.popitem(last=False)


def _recalled(key: tuple[str, bytes]) -> Drawing | None:
    with _converted_lock:
        if key not in _converted:
            return None
        _converted.move_to_end(key)
        return _converted[key][0]


def load_svg(path: Path) -> Drawing:
    """A drawing of the SVG at ``path``; ``PictureError`` naming the file if it can't be used.

    The same file (same path, same bytes) converted lately is not converted
    again: a user's SVG is loaded when the theme is checked, then when it is
    drawn. Drawings with embedded pictures are not kept (their pixels weigh).
    """
    data = _read(path)
    import hashlib  # deferred: the digest is for SVG files only

    key = (str(path), hashlib.blake2b(data, digest_size=32).digest())
    remembered = _recalled(key)
    if remembered is not None:
        return remembered
    root = _parse(path, data)
    _drop_outside_references(root)
    elements = _check_work(path, root)
    normalise(root)
    renderer_class = _svg_renderer()
    renderer = renderer_class(str(path))
    try:
        with _svglib_quiet():
            drawing = renderer.render(root)
    except PictureError:  # an embedded picture's own refusal
        raise
    except Exception:  # any of svglib's own failures: worded by us (error.picture.svg_cannot_draw)
        raise PictureError(path, "picture.svg_cannot_draw") from None
    if drawing is None:
        raise PictureError(path, "picture.svg_no_size")
    bad = _first_bad_number(drawing)
    if bad is not None:
        raise PictureError(path, "picture.svg_bad_number", number=bad)
    if drawing.width <= 0 or drawing.height <= 0 or max(drawing.width, drawing.height) < 1e-3:
        raise PictureError(path, "picture.svg_no_size")
    if min(drawing.width, drawing.height) * MAX_ASPECT < max(drawing.width, drawing.height):
        raise PictureError(path, "picture.svg_too_thin", width=drawing.width, height=drawing.height)
    if _flattens(drawing):
        raise PictureError(path, "picture.svg_flat")
    _trial_draw(path, drawing)
    if renderer.embedded_pixels == 0:
        _remember(key, drawing, elements)
    return drawing


def _trial_draw(path: Path, drawing) -> None:
    """Draw ``drawing`` once on a canvas thrown away: ReportLab refuses some values only when
    it draws them (a dash pattern of no length, a transform that flattens everything, a
    coordinate svglib left as a list), and that must be one error line now, not a traceback
    in the middle of the PDF. About a tenth of the conversion's time."""
    from reportlab.pdfgen.canvas import Canvas  # deferred: ReportLab's canvas, loaded for SVG anyway

    try:
        draw_drawing(Canvas(io.BytesIO(), invariant=1), drawing)
    except _DRAWING_ERRORS:
        raise PictureError(path, "picture.svg_cannot_draw") from None


def thumbnail(path: Path, side: int) -> Image.Image:
    """The SVG at ``path``, loaded as a theme's (``load_svg``), drawn ``side`` pixels on its long
    side, as RGB pixels (a thumbnail the studio encodes itself: an SVG is never served as SVG).

    Drawn by ``draw_drawing``, the renderer of the PDF's faces (embedded pictures too), on a
    page of its own; the drawing itself is left as it is (it may be the one a face draws)."""
    import pypdfium2 as pdfium  # only when a thumbnail is asked for
    from reportlab.pdfgen.canvas import Canvas

    drawing = load_svg(path)
    scale = side / max(drawing.width, drawing.height)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(drawing.width * scale, drawing.height * scale), invariant=1)
    canvas.scale(scale, scale)
    draw_drawing(canvas, drawing)
    canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    try:
        return document[0].render(scale=1).to_pil().convert("RGB")
    finally:
        document.close()
