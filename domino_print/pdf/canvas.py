"""A print-ready ReportLab canvas and the form cache that draws each face, mark or pattern once.

``new_print_canvas`` sets what every PDF of ours shares: deterministic bytes (ReportLab
``invariant=1``), compressed binary streams, title, author and creator, and the viewer
preference that asks printers not to scale. Neutral colours (black, greys, white) are
always written as DeviceGray (``PrintCanvas``), so that a shop's CMYK conversion prints them
with black ink alone; with ``grey=True`` (``--ink noir``) a ``GreyCanvas`` draws every colour
it is given as a DeviceGray level. ``FormCache`` defines
a named form XObject the first time it is asked for and hands back its name afterwards, so
a face placed 28 times is drawn once.
"""

from __future__ import annotations

import functools
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from domino_print import __version__, fonts
from domino_print.ink import BLACK_BELOW, grey_level

rl_config.useA85 = 0  # binary streams: smaller and faster than ASCII85

DUPLEX_PREFERENCE = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
"""The PDF viewer preference for each ``--duplex`` flip edge."""


def grey_of(colour) -> float:
    """The grey level (0 black, 1 white) of any colour ReportLab accepts: a name, ``#RRGGBB``,
    a ``Color`` (CMYK included) or an RGB or CMYK tuple."""
    if isinstance(colour, (tuple, list)):
        if len(colour) == 4:
            cyan, magenta, yellow, black = colour
            return grey_level(*((1 - c) * (1 - black) for c in (cyan, magenta, yellow)))
        return grey_level(*colour)
    if isinstance(colour, (int, float)):
        return float(colour)
    from reportlab.lib.colors import toColor  # deferred: ReportLab's colour table, for noir pages only

    value = toColor(colour)
    return grey_level(value.red, value.green, value.blue)


def neutral_grey(colour) -> float | None:
    """The grey level (0 black, 1 white) of a neutral colour, one with no hue (black, a grey,
    white: red = green = blue, or CMYK with no cyan, magenta nor yellow); None for a colour."""
    if isinstance(colour, str):
        return _neutral_named(colour)
    if isinstance(colour, (int, float)):
        return float(colour)
    from reportlab.lib.colors import CMYKColor, Color

    if isinstance(colour, CMYKColor):
        if colour.cyan == colour.magenta == colour.yellow == 0:
            return 1 - colour.density * colour.black
        return None
    if isinstance(colour, Color):
        return colour.red if colour.red == colour.green == colour.blue else None
    if isinstance(colour, (tuple, list)):
        if len(colour) == 4:
            cyan, magenta, yellow, black = colour
            return 1 - black if cyan == magenta == yellow == 0 else None
        if len(colour) == 3:
            red, green, blue = colour
            return float(red) if red == green == blue else None
    return None


@functools.lru_cache(maxsize=256)
def _neutral_named(colour: str) -> float | None:
    from reportlab.lib.colors import toColor  # ReportLab's colour names and #RRGGBB

    return neutral_grey(toColor(colour))


class _NeutralColours:
    """Neutral colours set as DeviceGray (``0.067 g``, not ``0.067 0.067 0.067 rg``), so that
    black, greys and white print with the black ink alone once a shop converts to CMYK;
    colours stay as they are given."""

    if TYPE_CHECKING:  # given by the ReportLab class this is mixed into
        def setFillGray(self, gray: float, alpha: float | None = None) -> None: ...
        def setStrokeGray(self, gray: float, alpha: float | None = None) -> None: ...
        def setFillAlpha(self, a: float) -> None: ...
        def setStrokeAlpha(self, a: float) -> None: ...

    def grey_for(self, colour) -> float | None:
        """The grey level to draw ``colour`` in, or None to draw it as it is."""
        return neutral_grey(colour)

    def setFillColor(self, aColor, alpha=None) -> None:
        level = self.grey_for(aColor)
        if level is None:
            super().setFillColor(aColor, alpha)  # type: ignore[misc]
            return
        self.setFillGray(level)
        alpha = alpha if alpha is not None else getattr(aColor, "alpha", None)
        if alpha is not None:  # as ReportLab does: a colour's own alpha is kept
            self.setFillAlpha(alpha)

    def setStrokeColor(self, aColor, alpha=None) -> None:
        level = self.grey_for(aColor)
        if level is None:
            super().setStrokeColor(aColor, alpha)  # type: ignore[misc]
            return
        self.setStrokeGray(level)
        alpha = alpha if alpha is not None else getattr(aColor, "alpha", None)
        if alpha is not None:
            self.setStrokeAlpha(alpha)


class _GreyColours(_NeutralColours):
    """Colours set as DeviceGray: ``setFillColor("#D62728")`` writes ``0.37 g``, never ``rg``."""

    def grey_for(self, colour) -> float | None:
        return grey_of(colour)


class _BlackColours(_NeutralColours):
    """Colours set as pure black or white (``--ink relief``): swell paper raises every grey."""

    def grey_for(self, colour) -> float | None:
        return 0.0 if grey_of(colour) < BLACK_BELOW else 1.0


class BlackTextObject(_BlackColours, PDFTextObject):
    """A text object drawing in pure black or white."""


class BlackCanvas(_BlackColours, Canvas):
    """A canvas that draws every colour as black or white (``--ink relief``)."""

    def beginText(self, x=0, y=0, direction=None) -> BlackTextObject:
        return BlackTextObject(self, x, y, direction)

    def setFillAlpha(self, a: float) -> None:
        """No see-through tint: a half-transparent black is a grey."""

    def setStrokeAlpha(self, a: float) -> None:
        """No see-through tint: a half-transparent black is a grey."""


class NeutralTextObject(_NeutralColours, PDFTextObject):
    """A text object writing neutral colours as grey levels (Platypus paragraphs set colour in text)."""


class PrintCanvas(_NeutralColours, Canvas):
    """The canvas of every ink mode with colour: neutral colours as DeviceGray, colours as RGB."""

    def beginText(self, x=0, y=0, direction=None) -> NeutralTextObject:
        return NeutralTextObject(self, x, y, direction)


class GreyTextObject(_GreyColours, PDFTextObject):
    """A text object whose colours are grey levels (Platypus paragraphs set colour in text)."""


class GreyCanvas(_GreyColours, Canvas):
    """A canvas that draws every colour as a grey level: black ink only (``--ink noir``)."""

    def beginText(self, x=0, y=0, direction=None) -> GreyTextObject:
        return GreyTextObject(self, x, y, direction)


def new_print_canvas(
    buffer,
    page_size_pt: tuple[float, float],
    *,
    lang: str,
    title: str,
    subject: str = "",
    grey: bool = False,
    standard: str | None = None,
    black: bool = False,
) -> Canvas:
    """A canvas for a print-ready PDF: deterministic bytes, metadata, and no scaling when printed;
    ``grey``: every colour drawn as a DeviceGray level; ``standard``: ``pdf-x`` (PDF/X-4 for a
    print shop, PDF 1.6, each page's trim within bleed and crop marks) or ``pdf-a`` (PDF/A-1b,
    PDF 1.4), see ``pdf.pdf_x``; their callers write no newer key (no Duplex preference); ``black``:
    every colour black or white (``--ink relief``)."""
    canvas_class = BlackCanvas if black else GreyCanvas if grey else PrintCanvas
    module = pdf_x_module() if standard else None
    version = PDF_VERSION
    if module is not None:
        version = module.PDF_X_VERSION if standard == "pdf-x" else module.PDF_A_VERSION
    marks = module.ShopMarks() if module is not None and standard == "pdf-x" else None
    canvas = canvas_class(buffer, pagesize=page_size_pt, invariant=1, pageCompression=1, lang=lang,
                          initialFontName=fonts.REGULAR,  # else an unembedded Helvetica is listed
                          pdfVersion=version, cropMarks=marks)
    canvas.setTitle(title)
    if subject:
        canvas.setSubject(subject)
    canvas.setCreator(f"domino-print {__version__}")
    canvas.setAuthor("domino-print")
    canvas.setViewerPreference("PrintScaling", "None")
    extra = ""
    if module is not None and standard is not None:
        module.make_standard(canvas, standard)
        extra = module.xmp_descriptions(title=title, subject=subject, lang=lang, standard=standard)
    _add_xmp(canvas, title=title, subject=subject, lang=lang, extra=extra)
    return canvas


def pdf_x_module():
    """``pdf.pdf_x``, loaded for ``--pdf-x`` and ``--pdf-a`` only."""
    from domino_print.pdf import pdf_x

    return pdf_x


PDF_VERSION = (1, 7)
"""The header's version: the newest key we write (the Duplex viewer preference) is PDF 1.7's."""
FIXED_DATE = "2000-01-01T00:00:00+00:00"
"""ReportLab's invariant mode dates every document 1 January 2000 (so the bytes never change):
the XMP packet says the same as the document information dictionary."""


def xmp_packet(
    *, title: str, subject: str, lang: str, creator_tool: str, producer: str, extra: str = ""
) -> str:
    """The document's XMP metadata: title, description, creator tool, producer and dates, as the
    information dictionary has them (prepress checks compare the two); ``extra``: more
    ``rdf:Description`` elements (a standard's identification)."""
    def alt(value: str) -> str:
        return (f'<rdf:Alt><rdf:li xml:lang="x-default">{escape(value)}</rdf:li>'
                f'<rdf:li xml:lang="{escape(lang)}">{escape(value)}</rdf:li></rdf:Alt>')

    description = f"<dc:description>{alt(subject)}</dc:description>" if subject else ""
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
        '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">'
        f'<dc:format>application/pdf</dc:format><dc:title>{alt(title)}</dc:title>{description}'
        '<dc:creator><rdf:Seq><rdf:li>domino-print</rdf:li></rdf:Seq></dc:creator>'
        f"<dc:language><rdf:Bag><rdf:li>{escape(lang)}</rdf:li></rdf:Bag></dc:language>"
        f"<xmp:CreatorTool>{escape(creator_tool)}</xmp:CreatorTool>"
        f"<xmp:CreateDate>{FIXED_DATE}</xmp:CreateDate><xmp:ModifyDate>{FIXED_DATE}</xmp:ModifyDate>"
        f"<xmp:MetadataDate>{FIXED_DATE}</xmp:MetadataDate>"
        f"<pdf:Producer>{escape(producer)}</pdf:Producer>"
        f"</rdf:Description>{extra}</rdf:RDF></x:xmpmeta>\n"
        '<?xpacket end="w"?>'
    )


def escape(value: str) -> str:
    """``value`` as XML character data: ``&``, ``<`` and ``>`` as entities, as
    ``xml.sax.saxutils.escape`` writes them (whose import pulls in ``urllib.request``, ``http``
    and ``email``: a tenth of the start-up)."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _add_xmp(canvas: Canvas, *, title: str, subject: str, lang: str, extra: str = "") -> None:
    """The XMP packet as the catalogue's /Metadata stream, unfiltered (as PDF/A and PDF/X want)."""
    packet = xmp_packet(title=title, subject=subject, lang=lang, creator_tool=f"domino-print {__version__}",
                        producer=canvas._doc.info.producer, extra=extra)
    canvas._doc.Catalog.Metadata = _metadata_stream(packet.encode("utf-8"))


def _metadata_stream(packet: bytes):
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream, format

    class MetadataStream(PDFStream):
        def format(self, document) -> bytes:
            dictionary = PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML"),
                                        "Length": len(packet)})
            return format(dictionary, document) + b"\nstream\n" + packet + b"\nendstream\n"

    return MetadataStream(content=packet)


def finish_page(canvas: Canvas) -> None:
    """End the current page with its trim and bleed boxes. The trim is the page it was drawn on:
    the sheet is the finished size (the tiles are cut from it by hand). On a home sheet nothing is
    printed past it (trim, bleed and media the same box); a print shop's page (``--pdf-x``,
    ``pdf_x.ShopMarks``) lies within its media, the bleed round it."""
    width, height = canvas._pagesize
    marks = canvas._cropMarks
    shift = marks.borderWidth if marks else 0.0
    bleed = marks.bleed_pt if marks else 0.0
    canvas.setTrimBox((shift, shift, shift + width, shift + height))
    canvas.setBleedBox((shift - bleed, shift - bleed, shift + width + bleed, shift + height + bleed))
    canvas.showPage()


def correct_scale(canvas: Canvas, scale: tuple[float, float]) -> None:
    """Draw the rest of the page at 100 / ``scale`` (percent, X and Y) about its centre, so that a
    printer that stretches the page by ``scale`` (``--scale``) prints every length true."""
    if scale == (100.0, 100.0):
        return
    width, height = canvas._pagesize
    canvas.translate(width / 2, height / 2)
    canvas.scale(100.0 / scale[0], 100.0 / scale[1])
    canvas.translate(-width / 2, -height / 2)


class FormCache:
    """Named forms on one canvas, each drawn the first time it is asked for."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._names: set[str] = set()

    def define(self, name: str, draw: Callable[[], None], bbox: tuple[float, ...] = ()) -> str:
        """The form ``name``, drawn by ``draw`` if it is new (``bbox`` in points, the whole page
        by default); the form's box clips what ``draw`` paints."""
        if name not in self._names:
            self.canvas.beginForm(name, *bbox)
            draw()
            self.canvas.endForm()
            self._names.add(name)
        return name


def _end_streams_on_a_line_of_their_own() -> None:
    """ReportLab writes ``endstream`` straight after a stream's last byte; the PDF standard (and
    prepress checks) want an end-of-line before it, not counted in /Length."""
    from reportlab.pdfbase.pdfdoc import PDFStream

    original = PDFStream.format
    if getattr(original, "ends_on_its_own_line", False):
        return

    def format_stream(self, document) -> bytes:
        data = original(self, document)
        # ReportLab writes the data, /Length bytes, then "endstream" at once: the end-of-line goes
        # in between even when the data's own last byte happens to be a line feed (it is counted).
        if data.endswith(b"endstream\n"):
            data = data[: -len(b"endstream\n")] + b"\nendstream\n"
        return data

    format_stream.ends_on_its_own_line = True  # type: ignore[attr-defined]
    PDFStream.format = format_stream


_end_streams_on_a_line_of_their_own()


COMPRESSED_KEPT_BYTES = 4 * 1024 * 1024
"""The most bytes (streams and their compressions) ``_compressed`` keeps in a process."""
_compressed: OrderedDict[bytes, bytes] = OrderedDict()
_compressed_bytes = 0
_compressed_lock = threading.Lock()


def compressed(data: bytes) -> bytes:
    """``zlib.compress(data)``, as ReportLab compresses a stream, kept for the next document: one
    made after another with the same theme (the studio's previews) embeds the same font subsets
    and draws the same faces, the same bytes to compress again. zlib gives the same bytes for the
    same bytes; the least recently used are forgotten past ``COMPRESSED_KEPT_BYTES``."""
    global _compressed_bytes
    with _compressed_lock:
        kept = _compressed.get(data)
        if kept is not None:
            _compressed.move_to_end(data)
            return kept
    made = zlib.compress(data)
    size = len(data) + len(made)
    if size > COMPRESSED_KEPT_BYTES // 8:  # a large picture: compressed, never kept
        return made
    with _compressed_lock:
        if data not in _compressed:
            _compressed[data] = made
            _compressed_bytes += size
        while _compressed_bytes > COMPRESSED_KEPT_BYTES and _compressed:
            old, old_made = _compressed.popitem(last=False)
            _compressed_bytes -= len(old) + len(old_made)
    return made


def _compress_streams_once() -> None:
    """ReportLab's stream compression (``PDFStreamFilterZCompress``) through ``compressed``."""
    from reportlab.pdfbase.pdfdoc import PDFStreamFilterZCompress

    if getattr(PDFStreamFilterZCompress.encode, "kept", False):
        return

    def encode(self, text) -> bytes:
        return compressed(text.encode("utf8") if isinstance(text, str) else bytes(text))

    encode.kept = True  # type: ignore[attr-defined]
    PDFStreamFilterZCompress.encode = encode


_compress_streams_once()
