"""Standards a shop or an archive can check (issues 21 and 30): ``--pdf-x`` writes PDF/X-4 (a print
shop's page: trim, 3 mm bleed and crop marks outside it), ``--pdf-a`` PDF/A-1b, read back with
pypdf, rendered with pypdfium2, and validated with PDFBox's preflight (PDF/A-1b, no waiver), qpdf
and Ghostscript."""

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

from domino_print.api import make_document, parse_options
from domino_print.options.parsing import parse
from domino_print.pdf.pdf_x import FOGRA39, transparent
from tests.fixtures_images import noisy
from tests.preflight import PREFLIGHT_MISSING, preflight

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


def pdf_a_document(options: dict[str, object]) -> bytes:
    """The PDF ``--pdf-a`` makes of ``options`` (a command-line option)."""
    return make_document(parse_options(parse({**options, "pdf_a": True}, command_line=True))).pdf


MM = 72 / 25.4


def test_pdf_x_structure_output_intent_boxes_and_identification():
    pdf = make_document({**CLASS_SET, "pdf_x": True}).pdf
    assert pdf.startswith(b"%PDF-1.6\n")
    reader = PdfReader(io.BytesIO(pdf))
    root = reader.trailer["/Root"]
    intents = [intent.get_object() for intent in root["/OutputIntents"]]
    assert [intent["/S"] for intent in intents] == ["/GTS_PDFX"], "PDF/X-4 alone: no PDF/A claim beside it"
    (intent,) = intents
    assert intent["/OutputConditionIdentifier"] == "FOGRA39"
    assert intent["/RegistryName"] == "http://www.color.org"
    profile = intent["/DestOutputProfile"].get_object()
    icc = profile.get_data()
    assert profile["/N"] == 4 and icc[12:20] == b"prtr" + b"CMYK" and icc[36:40] == b"acsp"
    info = reader.metadata
    assert info is not None and info["/GTS_PDFXVersion"] == "PDF/X-4" and info["/Trapped"] == "/False"
    xmp = xmp_values(reader)
    assert xmp["pdfxid:GTS_PDFXVersion"] == "PDF/X-4" and xmp["pdf:Trapped"] == "False"
    assert "pdfaid:part" not in xmp and b"pdfaid" not in pdf and b"GTS_PDFA1" not in pdf
    assert xmp["xmpMM:DocumentID"].startswith("uuid:") and xmp["xmpMM:RenditionClass"] == "default"
    # PDF 1.6's keys only: the Duplex viewer preference (PDF 1.7) is left out, PrintScaling kept
    preferences = root["/ViewerPreferences"]
    assert "/Duplex" not in preferences and preferences["/PrintScaling"] == "/None"
    assert len(reader.pages) == 7


def test_the_output_intent_says_what_its_profile_says():
    """The output intent's Info and the profile's own description tag (read with littleCMS) are
    one text, which names Coated FOGRA39 (issue 30: the Info said more than the profile)."""
    from PIL import ImageCms

    reader = PdfReader(io.BytesIO(make_document({"theme": "pips", "pdf_x": True}).pdf))
    (intent,) = [i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"]]
    data = intent["/DestOutputProfile"].get_object().get_data()
    described = ImageCms.getOpenProfile(io.BytesIO(data)).profile.profile_description
    assert intent["/Info"] == described and described.startswith("Coated FOGRA39")


@pytest.mark.parametrize("options", [CLASS_SET, {"theme": "fruits", "backs": "fold"},
                                     {"theme": "chiffres", "paper": "Letter"}],
                         ids=["sets", "fold", "letter"])
def test_every_pdf_x_page_is_its_paper_within_3_mm_of_bleed_and_its_crop_marks(options):
    """TrimBox: the paper the sheet was laid out on; BleedBox 3 mm beyond it on every side; the
    MediaBox beyond that, 9 mm from the trim, holds the crop marks (pypdf reads the boxes back)."""
    job = parse_options({**options, "pdf_x": True})
    reader = PdfReader(io.BytesIO(make_document(job).pdf))
    paper = (job.options.paper.width_mm, job.options.paper.height_mm)
    for page in reader.pages:
        boxes = (page.mediabox, page.trimbox, page.bleedbox)
        media, trim, bleed = ([float(v) / MM for v in box] for box in boxes)
        width, height = trim[2] - trim[0], trim[3] - trim[1]
        assert sorted((width, height)) == pytest.approx(sorted(paper), abs=0.01)
        assert bleed == pytest.approx([trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3], abs=0.01)
        assert media == pytest.approx([0, 0, trim[2] + 9, trim[3] + 9], abs=0.01)
        assert trim[:2] == pytest.approx([9, 9], abs=0.01)


def _inked(image, box) -> bool:
    return image.crop(box).getextrema()[0] < 200


@pytest.mark.slow
def test_crop_marks_stand_outside_the_bleed_and_what_touches_the_trim_runs_into_it():
    """At 600 dpi on every page of a --pdf-x class set: between the trim and 3 mm beyond it (the
    bleed) no ink but what runs on from inside the trim (nothing of ours reaches the trim: the
    ring is white); the crop marks' ink starts 4 mm from the trim, in line with its four edges."""
    import pypdfium2 as pdfium

    dpi = 600
    px = dpi / 25.4
    document = pdfium.PdfDocument(make_document({**CLASS_SET, "pdf_x": True}).pdf)
    try:
        for index in range(len(document)):
            image = document[index].render(scale=dpi / 72, grayscale=True).to_pil()
            width, height = image.size
            trim = round(9 * px)
            left, top, right, bottom = trim, trim, width - trim, height - trim
            bleed = round(3 * px)
            ring = [(left - bleed, top - bleed, right + bleed, top),
                    (left - bleed, bottom, right + bleed, bottom + bleed),
                    (left - bleed, top, left, bottom), (right, top, right + bleed, bottom)]
            edges = [(left, top, right, top + 2), (left, bottom - 2, right, bottom),
                     (left, top, left + 2, bottom), (right - 2, top, right, bottom)]
            for strip, edge in zip(ring, edges, strict=True):
                # whatever reaches the trim's edge runs on into the bleed; nothing else is there
                assert _inked(image, strip) == _inked(image, edge), f"page {index + 1}: {strip}"
            # each corner: a mark in line with each trim edge, its ink from 4 mm out to the media's edge
            for x in (left, right):
                column = [image.getpixel((x, y)) for y in range(0, top)]
                inked = [y for y, value in enumerate(column) if value < 128]
                assert inked and (top - max(inked)) / px == pytest.approx(4.0, abs=0.1), f"page {index + 1}"
                assert min(inked) / px < 0.1
            for y in (top, bottom):
                row = [image.getpixel((x, y)) for x in range(0, left)]
                inked = [x for x, value in enumerate(row) if value < 128]
                assert inked and (left - max(inked)) / px == pytest.approx(4.0, abs=0.1), f"page {index + 1}"
    finally:
        document.close()


def test_pdf_a_is_its_own_standard():
    """--pdf-a: PDF/A-1b alone (one GTS_PDFA1 intent, sRGB; pdfaid; PDF 1.4; no PDF/X key, no
    bleed); with --pdf-x it is refused in one line."""
    pdf = pdf_a_document(CLASS_SET)
    assert pdf.startswith(b"%PDF-1.4\n") and b"GTS_PDFX" not in pdf
    reader = PdfReader(io.BytesIO(pdf))
    (intent,) = [i.get_object() for i in reader.trailer["/Root"]["/OutputIntents"]]
    assert intent["/S"] == "/GTS_PDFA1" and intent["/OutputConditionIdentifier"] == "sRGB IEC61966-2.1"
    xmp = xmp_values(reader)
    assert (xmp["pdfaid:part"], xmp["pdfaid:conformance"]) == ("1", "B")
    assert "pdfxid:GTS_PDFXVersion" not in xmp
    assert "/Duplex" not in reader.trailer["/Root"]["/ViewerPreferences"]
    assert all(page.mediabox == page.trimbox == page.bleedbox for page in reader.pages)


def test_pdf_a_with_pdf_x_is_refused_in_one_line(run_cli, tmp_path):
    out = tmp_path / "a.pdf"
    result = run_cli("--pdf-a", "--pdf-x", "--out", out)
    assert result.exit_code == 2 and not out.exists()
    (line,) = result.stderr.strip().splitlines()
    assert "--pdf-a" in line and "--pdf-x" in line and "keep one" in line


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_default_output_claims_no_standard_and_pdf_x_is_deterministic():
    plain = make_document({"theme": "pips"}).pdf
    assert plain.startswith(b"%PDF-1.7\n") and b"/OutputIntents" not in plain and b"GTS_PDFX" not in plain
    pdf_x = {"theme": "pips", "pdf_x": True}
    assert make_document(pdf_x).pdf == make_document(pdf_x).pdf
    assert re.search(rb"[^\n]endstream", make_document({"theme": "lettres", "structure": "boucle",
                                                        "values": "A-Z", "pdf_x": True}).pdf) is None


def see_through(tmp_path: Path) -> Path:
    """A user's theme of SVGs holding a half-transparent PNG."""
    folder = tmp_path / "see-through"
    folder.mkdir()
    for name, colour in (("a", (255, 0, 0, 128)), ("b", (0, 0, 255, 128))):
        png = io.BytesIO()
        Image.new("RGBA", (20, 20), colour).save(png, "PNG")
        href = base64.b64encode(png.getvalue()).decode()
        (folder / f"{name}.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" '
            f'height="100"><image width="100" height="100" xlink:href="data:image/png;base64,{href}"/></svg>')
    return folder


@pytest.mark.slow
def test_a_transparent_picture_keeps_pdf_x_4_and_is_refused_as_pdf_a(run_cli, tmp_path):
    """PDF/X-4 allows transparency, PDF/A-1 does not: such a theme makes a PDF/X-4 file, and with
    --pdf-a a one-line refusal and no file."""
    folder = see_through(tmp_path)
    pdf = make_document({"theme": str(folder), "no_rules": True, "pdf_x": True}).pdf
    assert transparent(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    assert [i.get_object()["/S"] for i in reader.trailer["/Root"]["/OutputIntents"]] == ["/GTS_PDFX"]
    assert not transparent(make_document({"theme": "fruits", "pdf_x": True}).pdf)
    out = tmp_path / "a.pdf"
    result = run_cli("--theme", folder, "--no-rules", "--pdf-a", "--out", out)
    assert result.exit_code == 2 and not out.exists()
    (line,) = result.stderr.strip().splitlines()
    assert "transparent" in line and "--pdf-a" in line


def _case(name: str, tmp_path: Path) -> dict[str, object]:
    if name == "photos":
        return {"theme": str(photos(tmp_path / "photos"))}
    return {**({"class set": CLASS_SET}.get(name) or {"theme": name})}


@pytest.mark.slow
@pytest.mark.skipif(bool(PREFLIGHT_MISSING), reason=PREFLIGHT_MISSING)
@pytest.mark.parametrize("name", ["pips", "fruits", "photos", "class set"])
def test_pdfbox_preflight_finds_nothing_in_a_pdf_a_file(name, tmp_path):
    """PDFBox's preflight checks a --pdf-a file as PDF/A-1b: syntax, fonts embedded and their
    widths, the XMP against the information dictionary, the output intent and its ICC profile,
    and each colour operator against it. No waiver: it finds nothing (issue 30)."""
    path = tmp_path / "a.pdf"
    path.write_bytes(pdf_a_document(_case(name, tmp_path)))
    assert preflight(path) == []


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("qpdf") is None or shutil.which("gs") is None,
                    reason="qpdf or Ghostscript is not installed: apt-get install qpdf ghostscript, "
                    "or run make test as root (make print-tools)")
@pytest.mark.parametrize("standard", ["pdf_x", "pdf_a"])
def test_qpdf_and_ghostscript_read_pdf_x_and_pdf_a_without_complaint(tmp_path, standard):
    path = tmp_path / "x.pdf"
    path.write_bytes(make_document({**CLASS_SET, "pdf_x": True}).pdf if standard == "pdf_x"
                     else pdf_a_document(CLASS_SET))
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
