"""PDF/X-4 for a print shop (``--pdf-x``) and PDF/A-1b for keeping (``--pdf-a``): the output
intent, the colour spaces, the page boxes and the keys each standard asks for.

A PDF/X-4 file says which printing condition it was made for (an *output intent*: ``/S
/GTS_PDFX`` with the condition's name and an ICC output profile), carries ``GTS_PDFXVersion``
in its information dictionary and XMP, says whether it is trapped (it is not), and keeps to
PDF 1.6's keys (header ``%PDF-1.6``; the Duplex viewer preference, a PDF 1.7 key, is left out).
Its pages are a print shop's (``ShopMarks``, ``canvas.finish_page``): the TrimBox is the paper
the document was laid out on, the BleedBox 3 mm beyond it on every side (``SHOP_BLEED_MM``, the
bleed shops ask for), and the MediaBox beyond that holds crop marks at the trim's corners, from
``SHOP_MARK_OFFSET_MM`` (outside the bleed) to the media's edge. Nothing of ours reaches the
trim (the pages keep their margins; the backs' pattern stops 3 mm past the tiles), so nothing
needs to run on into the bleed; the tests check that whatever touches the trim does.

The condition is Coated FOGRA39 (ISO 12647-2:2004, coated paper, the usual European offset and
digital press condition); its profile ``assets/icc/FOGRA39-argyll.icc`` was made from Fogra's
FOGRA39L characterization data (see ``assets/icc/NOTICE``). The information dictionary and the
output intent's ``Info`` say the profile's own description, word for word.

Colour: with a CMYK output intent, PDF/X allows device RGB only through a ``DefaultRGB``
colour space. Neutral colours are already DeviceGray (black ink alone); every resource
dictionary of a ``--pdf-x`` file (pages and forms) gets ``/DefaultRGB [/ICCBased sRGB]``, so the
colours and pictures, drawn in RGB, are sRGB colours that the shop's RIP converts to its press
(PDF/X-4's ICC-based "late binding" workflow), and none is left device-dependent.

PDF/A-1b is a standard of its own here: Apache PDFBox's preflight, the validator Debian ships,
refuses any output intent but PDF/A's, so a file claiming both could not pass it. A ``--pdf-a``
file has the one ``GTS_PDFA1`` intent, sRGB (the colours are sRGB), ``pdfaid`` in its XMP,
PDF 1.4's header and keys, and no PDF/X key; PDF/A-1 forbids transparency, so a document that
draws something transparent (``transparent``: a user's picture with see-through parts) is
refused rather than written.
"""

from __future__ import annotations

import functools
import re
import uuid
from typing import TYPE_CHECKING, NamedTuple

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFDate,
    PDFDictionary,
    PDFInfo,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
    PDFString,
    PDFZCompress,
)
from reportlab.pdfbase.pdfdoc import format as pdf_format

from domino_print.package_data import ASSETS_DIR

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PDF_X_VERSION = (1, 6)
"""PDF/X-4 is PDF 1.6 (ISO 15930-7): the header says 1.6 and no newer key is written."""
PDF_A_VERSION = (1, 4)
"""PDF/A-1 is PDF 1.4 (ISO 19005-1)."""
PDF_X_NAME = "PDF/X-4"
ICC_DIR = ASSETS_DIR / "icc"

SHOP_BLEED_MM = 3.0
"""A print-shop page's bleed past the trim on every side: 3 mm, what shops' preflight profiles
ask for (the "PDF/X-4 with 3 mm bleed" of print-shop data sheets)."""
SHOP_MARK_OFFSET_MM = 4.0
"""Crop marks start this far from the trim: outside the bleed (and its 3 mm), on white."""
SHOP_MARK_LENGTH_MM = 5.0
SHOP_MARK_PT = 0.25
"""The crop marks' width: a hairline that prints (0.25 pt, as layout programs draw them)."""


class ShopMarks(NamedTuple):
    """A print-shop page's room round the trim, as ReportLab's ``Canvas(cropMarks=...)`` reads it:
    the media is ``borderWidth`` larger on every side, everything drawn lands on the trim, and
    crop marks in line with the trim's edges run ``markLength`` in from the media's edge
    (black ink only: the canvas writes black as DeviceGray). ReportLab's own ``bleedWidth``
    stretches the page, so it stays 0; ``bleed_pt`` is the BleedBox's margin."""

    borderWidth: float = (SHOP_MARK_OFFSET_MM + SHOP_MARK_LENGTH_MM) * mm  # ReportLab's names
    markLength: float = SHOP_MARK_LENGTH_MM * mm
    markWidth: float = SHOP_MARK_PT
    markColor: str = "black"
    markLast: int = 1
    bleedWidth: float = 0.0
    bleed_pt: float = SHOP_BLEED_MM * mm


class OutputCondition(NamedTuple):
    """A registered printing condition and the ICC output profile that describes it."""

    identifier: str
    """The name in the ICC's registry of characterization data (``FOGRA39``)."""
    condition: str
    info: str
    profile: str
    """The profile's file in ``assets/icc``."""
    registry: str = "http://www.color.org"


FOGRA39 = OutputCondition(
    identifier="FOGRA39",
    condition="Offset printing, according to ISO 12647-2:2004/Amd 1, OFCOM, paper type 1 or 2 = coated art, "
              "115 g/m2, screen ruling 60/cm",
    info="Coated FOGRA39 (made with ArgyllCMS colprof from FOGRA39L characterization data)",
    profile="FOGRA39-argyll.icc",
)
"""The output intent of every ``--pdf-x`` file; ``info`` is the profile's description tag."""
RGB_PROFILE = "sRGB.icc"
"""The colour space of the RGB colours and pictures (``DefaultRGB``)."""
SRGB = OutputCondition(identifier="sRGB IEC61966-2.1", condition="sRGB IEC61966-2.1", info="sRGB",
                       profile=RGB_PROFILE)
"""The output intent of every ``--pdf-a`` file (ISO 19005-1 asks for one): the colours' own sRGB;
``info`` is the profile's description tag."""


@functools.lru_cache(maxsize=4)
def profile_bytes(name: str) -> bytes:
    """An ICC profile shipped in ``assets/icc``."""
    return (ICC_DIR / name).read_bytes()


_TRANSPARENCY = re.compile(rb"/SMask\s|/S\s*/Transparency|/(?:ca|CA)\s+(?:0?\.\d+|0)(?![\d.])")
"""A soft mask, a transparency group, or an opacity under 1 in an ExtGState: every object's
dictionary is plain text in our PDFs (only the streams are compressed)."""


def transparent(pdf: bytes) -> bool:
    """Whether the PDF draws anything transparent (PDF/A-1 forbids it)."""
    return _TRANSPARENCY.search(pdf) is not None


def document_id(title: str, subject: str, lang: str) -> str:
    """The XMP document identifier: a UUID derived from what the document is, so that the same
    command writes the same bytes."""
    return f"uuid:{uuid.uuid5(uuid.NAMESPACE_URL, f'domino-print:{lang}:{title}:{subject}')}"


PDF_A_PART, PDF_A_CONFORMANCE = "1", "B"
"""The PDF/A level of a ``--pdf-a`` file (PDF/A-1b), which PDFBox's preflight checks."""


def xmp_descriptions(*, title: str, subject: str, lang: str, standard: str) -> str:
    """The XMP elements a standard's file adds to the packet (``canvas.xmp_packet``): the
    document's identifiers and rendition; for ``pdf-x`` its version (``pdfxid:GTS_PDFXVersion``)
    and not trapped, for ``pdf-a`` the PDF/A-1b identification (``pdfaid``)."""
    identifier = document_id(title, subject, lang)
    ids = (f"<xmpMM:DocumentID>{identifier}</xmpMM:DocumentID>"
           f"<xmpMM:InstanceID>{identifier}</xmpMM:InstanceID><xmpMM:VersionID>1</xmpMM:VersionID><xmpMM:RenditionClass>default</xmpMM:RenditionClass>")
    if standard == "pdf-a":
        return ('<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">'
                f"{ids}</rdf:Description>"
                '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">'
                f"<pdfaid:part>{PDF_A_PART}</pdfaid:part>"
                f"<pdfaid:conformance>{PDF_A_CONFORMANCE}</pdfaid:conformance></rdf:Description>")
    return (
        '<rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/" '
        'xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">'
        f"<pdfxid:GTS_PDFXVersion>{PDF_X_NAME}</pdfxid:GTS_PDFXVersion><pdf:Trapped>False</pdf:Trapped>"
        f"{ids}</rdf:Description>"
    )


STANDARDS = ("pdf-x", "pdf-a")
"""The standards a file may claim, one at a time: ``--pdf-x`` (PDF/X-4) or ``--pdf-a`` (PDF/A-1b)."""


def make_standard(canvas: Canvas, standard: str) -> None:
    """Turn ``canvas``'s document into ``standard`` (one of ``STANDARDS``): its output intent, the
    information dictionary's keys, and ``DefaultRGB`` in every resource dictionary. The XMP
    packet is written by ``canvas`` (``xmp_descriptions``); a PDF/X file's pages get their boxes
    and marks from ``ShopMarks``."""
    doc = canvas._doc

    def icc_stream(name: str, components: int):
        stream = PDFStream(PDFDictionary({"N": components}), profile_bytes(name), filters=[PDFZCompress])
        return doc.Reference(stream, f"ICC{name.split('.')[0].replace('-', '')}")

    pdf_x = standard == "pdf-x"
    condition, subtype = (FOGRA39, "GTS_PDFX") if pdf_x else (SRGB, "GTS_PDFA1")
    rgb = icc_stream(RGB_PROFILE, 3)
    profile = icc_stream(condition.profile, 4) if pdf_x else rgb
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName(subtype),
        "OutputConditionIdentifier": PDFString(condition.identifier),
        "OutputCondition": PDFString(condition.condition),
        "RegistryName": PDFString(condition.registry),
        "Info": PDFString(condition.info),
        "DestOutputProfile": profile,
    })
    catalog = doc.Catalog
    catalog.OutputIntents = PDFArray([intent])
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    doc.info = _StandardInfo.from_info(doc.info, pdf_x=pdf_x)
    doc.domino_default_rgb = doc.Reference(PDFArray([PDFName("ICCBased"), rgb]), "CSsRGB")


class _StandardInfo(PDFInfo):
    """The information dictionary as the XMP has it (no empty Keywords: the XMP has none either);
    a PDF/X file's with PDF/X's keys: its version, and not trapped."""

    pdf_x = True

    @classmethod
    def from_info(cls, info: PDFInfo, *, pdf_x: bool) -> _StandardInfo:
        made = cls()
        made.__dict__.update(info.__dict__)
        made.pdf_x = pdf_x
        made.trapped = "False"
        return made

    def format(self, document) -> bytes:
        date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
        entries = {
            "Title": PDFString(self.title),
            "Author": PDFString(self.author),
            "CreationDate": date,
            "ModDate": date,
            "Producer": PDFString(self.producer),
            "Creator": PDFString(self.creator),
            "Subject": PDFString(self.subject),
        }
        if self.pdf_x:
            entries |= {"Trapped": PDFName(self.trapped), "GTS_PDFXVersion": PDFString(PDF_X_NAME)}
        return pdf_format(PDFDictionary(entries), document)


def _default_rgb_in_every_resource_dictionary() -> None:
    """ReportLab builds each page's and form's resources itself; in a document marked by
    ``make_pdf_x`` each of them also names the ``DefaultRGB`` colour space."""
    original = PDFResourceDictionary.format
    if getattr(original, "adds_default_rgb", False):
        return

    def format_resources(self, document) -> bytes:
        colour_space = getattr(document, "domino_default_rgb", None)
        if colour_space is not None and isinstance(self.ColorSpace, dict):
            self.ColorSpace = {**self.ColorSpace, "DefaultRGB": colour_space}
        return original(self, document)

    format_resources.adds_default_rgb = True  # type: ignore[attr-defined]
    PDFResourceDictionary.format = format_resources


_default_rgb_in_every_resource_dictionary()
