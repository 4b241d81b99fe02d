"""PDF/X-4 for a print shop (``--pdf-x``): the output intent, the colour spaces and the keys it asks for.

A PDF/X-4 file says which printing condition it was made for (an *output intent*: ``/S
/GTS_PDFX`` with the condition's name and an ICC output profile), carries ``GTS_PDFXVersion``
in its information dictionary and XMP, says whether it is trapped (it is not), gives every page
a TrimBox (``canvas.finish_page`` gives TrimBox and BleedBox to every page of ours) and keeps to
PDF 1.6's keys (header ``%PDF-1.6``; the Duplex viewer preference, a PDF 1.7 key, is left out).

The condition is Coated FOGRA39 (ISO 12647-2:2004, coated paper, the usual European offset and
digital press condition); its profile ``assets/icc/FOGRA39-argyll.icc`` was made from Fogra's
FOGRA39L characterization data (see ``assets/icc/NOTICE``).

Colour: with a CMYK output intent, PDF/X allows device RGB only through a ``DefaultRGB``
colour space. Neutral colours are already DeviceGray (black ink alone); every resource
dictionary of a ``--pdf-x`` file (pages and forms) gets ``/DefaultRGB [/ICCBased sRGB]``, so the
colours and pictures, drawn in RGB, are sRGB colours that the shop's RIP converts to its press
(PDF/X-4's ICC-based "late binding" workflow), and none is left device-dependent.

The same file also meets PDF/A-1b (``pdfaid`` in the XMP, a ``GTS_PDFA1`` intent with the same
profile): Apache PDFBox's preflight, a validator Debian ships, then checks it (fonts, XMP,
colour spaces against the output intent, stream syntax). That only holds while nothing is
transparent (PDF/X-4 allows transparency, PDF/A-1 does not: a user's SVG with opacity);
``transparent`` finds it, and such a file is made again claiming PDF/X-4 alone.
"""

from __future__ import annotations

import functools
import re
import uuid
from typing import TYPE_CHECKING, NamedTuple

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

from domino_print.themes.model import ASSETS_DIR

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

PDF_X_VERSION = (1, 6)
"""PDF/X-4 is PDF 1.6 (ISO 15930-7): the header says 1.6 and no newer key is written."""
PDF_X_NAME = "PDF/X-4"
ICC_DIR = ASSETS_DIR / "icc"


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
    info="Coated FOGRA39 (ISO 12647-2:2004)",
    profile="FOGRA39-argyll.icc",
)
"""The output intent of every ``--pdf-x`` file."""
RGB_PROFILE = "sRGB.icc"
"""The colour space of the RGB colours and pictures (``DefaultRGB``)."""


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
"""The PDF/A level the same file meets (PDF/A-1b), for PDFBox's preflight."""


def xmp_descriptions(*, title: str, subject: str, lang: str, pdf_a: bool = True) -> str:
    """The XMP elements a PDF/X-4 file adds to the packet (``canvas.xmp_packet``): its version
    (``pdfxid:GTS_PDFXVersion``), not trapped, the document's identifiers and rendition; with
    ``pdf_a`` the PDF/A-1b identification too, and the extension schema that PDF/A asks for
    the ``pdfxid`` namespace, which it does not predefine."""
    identifier = document_id(title, subject, lang)
    parts = [
        '<rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/" '
        'xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">'
        f"<pdfxid:GTS_PDFXVersion>{PDF_X_NAME}</pdfxid:GTS_PDFXVersion><pdf:Trapped>False</pdf:Trapped>"
        f"<xmpMM:DocumentID>{identifier}</xmpMM:DocumentID><xmpMM:InstanceID>{identifier}</xmpMM:InstanceID>"
        "<xmpMM:VersionID>1</xmpMM:VersionID><xmpMM:RenditionClass>default</xmpMM:RenditionClass>"
        "</rdf:Description>"
    ]
    if pdf_a:
        parts.append(
            '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">'
            f"<pdfaid:part>{PDF_A_PART}</pdfaid:part><pdfaid:conformance>{PDF_A_CONFORMANCE}</pdfaid:conformance>"
            "</rdf:Description>"
            '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" '
            'xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" '
            'xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">'
            "<pdfaExtension:schemas><rdf:Bag>"
            + _extension_schema("PDF/X identification", "http://www.npes.org/pdfx/ns/id/", "pdfxid",
                                "GTS_PDFXVersion", "The PDF/X version the file conforms to")
            + _extension_schema("Adobe PDF", "http://ns.adobe.com/pdf/1.3/", "pdf",
                                "Trapped", "Whether the document has been trapped")
            + "</rdf:Bag></pdfaExtension:schemas></rdf:Description>"
        )
    return "".join(parts)


def _extension_schema(schema: str, namespace: str, prefix: str, name: str, description: str) -> str:
    """A PDF/A extension schema declaring one text property (PDF/A-1 predefines XMP 2004's
    schemas only: ``pdfxid`` is not among them, nor ``pdf:Trapped``, added to XMP later)."""
    return (
        '<rdf:li rdf:parseType="Resource">'
        f"<pdfaSchema:schema>{schema}</pdfaSchema:schema>"
        f"<pdfaSchema:namespaceURI>{namespace}</pdfaSchema:namespaceURI>"
        f"<pdfaSchema:prefix>{prefix}</pdfaSchema:prefix>"
        '<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource">'
        f"<pdfaProperty:name>{name}</pdfaProperty:name>"
        "<pdfaProperty:valueType>Text</pdfaProperty:valueType>"
        "<pdfaProperty:category>internal</pdfaProperty:category>"
        f"<pdfaProperty:description>{description}</pdfaProperty:description>"
        "</rdf:li></rdf:Seq></pdfaSchema:property></rdf:li>"
    )


def make_pdf_x(canvas: Canvas, *, pdf_a: bool = True) -> None:
    """Turn ``canvas``'s document into PDF/X-4: the output intent (and PDF/A-1b's, with ``pdf_a``),
    the information dictionary's keys, and ``DefaultRGB`` in every resource dictionary. The XMP
    packet is written by ``canvas`` with ``pdf_x=True``."""
    doc = canvas._doc

    def icc_stream(name: str, components: int):
        stream = PDFStream(PDFDictionary({"N": components}), profile_bytes(name), filters=[PDFZCompress])
        return doc.Reference(stream, f"ICC{name.split('.')[0].replace('-', '')}")

    output_profile = icc_stream(FOGRA39.profile, 4)

    def intent(subtype: str):
        return PDFDictionary({
            "Type": PDFName("OutputIntent"),
            "S": PDFName(subtype),
            "OutputConditionIdentifier": PDFString(FOGRA39.identifier),
            "OutputCondition": PDFString(FOGRA39.condition),
            "RegistryName": PDFString(FOGRA39.registry),
            "Info": PDFString(FOGRA39.info),
            "DestOutputProfile": output_profile,
        })

    intents = [intent("GTS_PDFX"), *([intent("GTS_PDFA1")] if pdf_a else [])]
    catalog = doc.Catalog
    catalog.OutputIntents = PDFArray(intents)
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    doc.info = _PdfXInfo.from_info(doc.info)
    doc.domino_default_rgb = doc.Reference(PDFArray([PDFName("ICCBased"), icc_stream(RGB_PROFILE, 3)]),
                                           "CSsRGB")


class _PdfXInfo(PDFInfo):
    """The information dictionary with PDF/X's keys: its version, and not trapped (no empty
    Keywords: the XMP has none either)."""

    @classmethod
    def from_info(cls, info: PDFInfo) -> _PdfXInfo:
        made = cls()
        made.__dict__.update(info.__dict__)
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
            "Trapped": PDFName(self.trapped),
            "GTS_PDFXVersion": PDFString(PDF_X_NAME),
        }
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
