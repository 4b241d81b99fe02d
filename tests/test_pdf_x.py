"""A standard a shop can check (issue 21): ``--pdf-x`` writes PDF/X-4, read back with pypdf and
validated with PDFBox's preflight (PDF/A-1b, which the same file meets), qpdf and Ghostscript."""

from __future__ import annotations

import base64
import io
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from domino_print.api import make_document
from domino_print.pdf.pdf_x import FOGRA39, transparent
from tests.fixtures_images import noisy
from tests.preflight import PDFBOX_ONLY, PREFLIGHT_MISSING, preflight

CLASS_SET = {"theme": "pips-couleur", "sets": 3, "label": "Classe des Lutins", "backs": True}
NS = {"rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "pdfxid": "http://www.npes.org/pdfx/ns/id/",
      "pdfaid": "http://www.aiim.org/pdfa/ns/id/", "pdf": "http://ns.adobe.com/pdf/1.3/",
      "xmpMM": "http://ns.adobe.com/xap/1.0/mm/"}


def photos(folder: Path) -> Path:
    """A user's theme of seven photos (JPEG, thousands of colours each)."""
    folder.mkdir()
    for index in range(7):
        noisy((320, 240), seed=index).save(folder / f"p{index}.jpg", quality=90)
    return folder


def xmp_values(reader: PdfReader) -> dict[str, str]:
    """Every simple property of the XMP packet, as ``prefix:name`` -> text."""
    packet = reader.trailer["/Root"]["/Metadata"].get_object().get_data()
    root = ET.fromstring(packet[packet.index(b"<x:xmpmeta"):packet.rindex(b"</x:xmpmeta>") + 12])
    prefixes = {uri: prefix for prefix, uri in NS.items()}
    values = {}
    for description in root.iter(f"{{{NS['rdf']}}}Description"):
        for element in description:
            uri, _, name = element.tag[1:].partition("}")
            if uri in prefixes and element.text:
                values[f"{prefixes[uri]}:{name}"] = element.text
    return values


def resource_dictionaries(reader: PdfReader) -> Iterator[object]:
    """Every page's resources and every form XObject's, forms within forms too, once each."""
    seen: set[int] = set()

    def within(resources) -> Iterator[object]:
        yield resources
        xobjects = resources.get("/XObject")
        for ref in (xobjects.get_object().values() if xobjects is not None else ()):
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and id(form) not in seen:
                seen.add(id(form))
                yield from within(form["/Resources"].get_object())

    for page in reader.pages:
        yield from within(page["/Resources"].get_object())


def test_pdf_x_structure_output_intent_boxes_and_identification():
    pdf = make_document({**CLASS_SET, "pdf_x": True}).pdf
    assert pdf.startswith(b"%PDF-1.6\n")
    reader = PdfReader(io.BytesIO(pdf))
    root = reader.trailer["/Root"]
    intents = [intent.get_object() for intent in root["/OutputIntents"]]
    assert [intent["/S"] for intent in intents] == ["/GTS_PDFX", "/GTS_PDFA1"]
    for intent in intents:
        assert intent["/OutputConditionIdentifier"] == "FOGRA39"
        assert intent["/RegistryName"] == "http://www.color.org"
    profiles = {intent.raw_get("/DestOutputProfile").idnum for intent in intents}
    assert len(profiles) == 1  # PDF/A: every intent shares the same profile object
    profile = intents[0]["/DestOutputProfile"].get_object()
    icc = profile.get_data()
    assert profile["/N"] == 4 and icc[12:20] == b"prtr" + b"CMYK" and icc[36:40] == b"acsp"
    info = reader.metadata
    assert info is not None and info["/GTS_PDFXVersion"] == "PDF/X-4" and info["/Trapped"] == "/False"
    xmp = xmp_values(reader)
    assert xmp["pdfxid:GTS_PDFXVersion"] == "PDF/X-4" and xmp["pdf:Trapped"] == "False"
    assert (xmp["pdfaid:part"], xmp["pdfaid:conformance"]) == ("1", "B")
    assert xmp["xmpMM:DocumentID"].startswith("uuid:") and xmp["xmpMM:RenditionClass"] == "default"
    # PDF 1.6's keys only: the Duplex viewer preference (PDF 1.7) is left out, PrintScaling kept
    preferences = root["/ViewerPreferences"]
    assert "/Duplex" not in preferences and preferences["/PrintScaling"] == "/None"
    assert len(reader.pages) == 7
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        for box in ("/TrimBox", "/BleedBox"):
            assert box in page
            corners = [float(v) for v in page[box]]
            assert media[0] <= corners[0] < corners[2] <= media[2]
            assert media[1] <= corners[1] < corners[3] <= media[3]


@pytest.mark.parametrize("options", [CLASS_SET, {"theme": "nombres", "niveaux": 3, "backs": True}],
                         ids=["sets", "levels"])
def test_duplex_backs_ask_for_both_sides_except_in_pdf_x(options):
    """Sets and levels share the one page loop: both leave the PDF 1.7 Duplex key out of PDF/X."""
    for pdf_x in (False, True):
        reader = PdfReader(io.BytesIO(make_document({**options, "pdf_x": pdf_x}).pdf))
        assert ("/Duplex" in reader.trailer["/Root"]["/ViewerPreferences"]) is not pdf_x



def test_every_resource_dictionary_maps_device_rgb_to_srgb():
    """With a CMYK output intent PDF/X admits device RGB only through DefaultRGB: every page and form
    names it, an ICC-based sRGB space, so colours and photos are calibrated and the shop converts them."""
    reader = PdfReader(io.BytesIO(make_document({"theme": "fruits", "sets": 2, "pdf_x": True}).pdf))
    dictionaries = list(resource_dictionaries(reader))
    assert len(dictionaries) > len(reader.pages)  # the forms were walked too
    for resources in dictionaries:
        family, stream = resources["/ColorSpace"]["/DefaultRGB"].get_object()
        assert family == "/ICCBased"
        icc = stream.get_object()
        assert icc["/N"] == 3 and icc.get_data()[16:20] == b"RGB "


def test_the_default_output_claims_no_standard_and_pdf_x_is_deterministic():
    plain = make_document({"theme": "pips"}).pdf
    assert plain.startswith(b"%PDF-1.7\n") and b"/OutputIntents" not in plain and b"GTS_PDFX" not in plain
    pdf_x = {"theme": "pips", "pdf_x": True}
    assert make_document(pdf_x).pdf == make_document(pdf_x).pdf
    assert re.search(rb"[^\n]endstream", make_document({"theme": "lettres", "structure": "boucle",
                                                        "values": "A-Z", "pdf_x": True}).pdf) is None


def test_a_transparent_picture_keeps_pdf_x_4_but_claims_no_pdf_a(tmp_path):
    """PDF/X-4 allows transparency, PDF/A-1 does not: a user's SVG holding a half-transparent PNG
    gives a file that says PDF/X-4 alone (one output intent, no pdfaid)."""
    folder = tmp_path / "see-through"
    folder.mkdir()
    for name, colour in (("a", (255, 0, 0, 128)), ("b", (0, 0, 255, 128))):
        png = io.BytesIO()
        Image.new("RGBA", (20, 20), colour).save(png, "PNG")
        href = base64.b64encode(png.getvalue()).decode()
        (folder / f"{name}.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" '
            f'height="100"><image width="100" height="100" xlink:href="data:image/png;base64,{href}"/></svg>')
    pdf = make_document({"theme": str(folder), "no_rules": True, "pdf_x": True}).pdf
    assert transparent(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    assert [i.get_object()["/S"] for i in reader.trailer["/Root"]["/OutputIntents"]] == ["/GTS_PDFX"]
    xmp = xmp_values(reader)
    assert xmp["pdfxid:GTS_PDFXVersion"] == "PDF/X-4" and "pdfaid:part" not in xmp
    assert not transparent(make_document({"theme": "fruits", "pdf_x": True}).pdf)


def _case(name: str, tmp_path: Path) -> dict[str, object]:
    if name == "photos":
        return {"theme": str(photos(tmp_path / "photos")), "pdf_x": True}
    return {**({"class set": CLASS_SET}.get(name) or {"theme": name}), "pdf_x": True}


@pytest.mark.slow
@pytest.mark.skipif(bool(PREFLIGHT_MISSING), reason=PREFLIGHT_MISSING)
@pytest.mark.parametrize("name", ["pips", "fruits", "photos", "class set"])
def test_pdfbox_preflight_finds_nothing_but_its_own_rule_on_other_intents(name, tmp_path):
    """PDFBox's preflight checks the file as PDF/A-1b: syntax, fonts embedded and their widths,
    the XMP against the information dictionary, the output intent and its ICC profile, and each
    colour operator against it (DeviceRGB needs DefaultRGB here). Its one finding is its refusal
    of any intent not PDF/A's (PDFBOX_ONLY), which ISO 19005-1 allows."""
    path = tmp_path / "x.pdf"
    path.write_bytes(make_document(_case(name, tmp_path)).pdf)
    assert preflight(path) == [PDFBOX_ONLY]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("qpdf") is None or shutil.which("gs") is None,
                    reason="qpdf or Ghostscript is not installed: apt-get install qpdf ghostscript, "
                    "or run make test as root (make print-tools)")
def test_qpdf_and_ghostscript_read_pdf_x_without_complaint(tmp_path):
    path = tmp_path / "x.pdf"
    path.write_bytes(make_document({**CLASS_SET, "pdf_x": True}).pdf)
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0 and "No syntax or stream encoding errors found" in done.stdout, done.stdout
    shown = subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dPDFSTOPONERROR",
                            "-dPDFSTOPONWARNING", "-sDEVICE=nullpage", str(path)],
                           capture_output=True, text=True)
    assert shown.returncode == 0 and shown.stdout + shown.stderr == "", shown.stdout + shown.stderr


def test_the_profile_is_the_one_named_in_the_notice():
    from domino_print.pdf.pdf_x import ICC_DIR, RGB_PROFILE

    notice = (ICC_DIR / "NOTICE").read_text()
    for name in (FOGRA39.profile, RGB_PROFILE):
        assert name in notice and (ICC_DIR / name).is_file()
