"""Black is black (issue 21): neutral colours are DeviceGray in every ink mode, so a shop's CMYK
conversion prints text, pips and cut lines with the black ink alone."""

from __future__ import annotations

import io
import shutil
import subprocess
from collections.abc import Iterator

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from domino_print.api import make_document
from domino_print.ink import INK_MODES
from domino_print.pdf.canvas import neutral_grey

COLOUR_OPERATORS = {b"rg", b"RG", b"k", b"K"}


def _streams(reader: PdfReader) -> Iterator[object]:
    """Every page's content and every form XObject it uses (forms within forms too), once."""
    seen: set[int] = set()

    def forms(owner) -> Iterator[object]:
        resources = owner.get("/Resources")
        xobjects = resources.get_object().get("/XObject") if resources is not None else None
        for ref in (xobjects.get_object().values() if xobjects is not None else ()):
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and id(form) not in seen:
                seen.add(id(form))
                yield form
                yield from forms(form)

    for page in reader.pages:
        yield page.get_contents()
        yield from forms(page)


def colour_settings(pdf: bytes) -> list[tuple[str, tuple[float, ...]]]:
    """Every rg, RG, k and K operator of the document with its operands."""
    reader = PdfReader(io.BytesIO(pdf))
    found = []
    for stream in _streams(reader):
        if stream is None:
            continue
        for operands, operator in ContentStream(stream, reader).operations:
            if operator in COLOUR_OPERATORS:
                found.append((operator.decode(), tuple(float(value) for value in operands)))
    return found


def _neutral(operator: str, values: tuple[float, ...]) -> bool:
    if operator in ("k", "K"):
        return values[0] == values[1] == values[2] == 0
    return values[0] == values[1] == values[2]


CASES = [
    {"theme": "pips"},
    {"theme": "fruits", "labels": True, "sets": 2, "backs": True, "label": "CM1"},
    {"theme": "pips-couleur", "sets": 3, "label": "Classe", "backs": True},
    {"theme": "chiffres", "rules": "points", "backs": "fold"},
    {"theme": "nombres", "faces": "chiffre,points"},
    {"theme": "lettres", "structure": "boucle", "values": "A-J"},
]


@pytest.mark.slow
@pytest.mark.parametrize("ink", INK_MODES)
@pytest.mark.parametrize("options", CASES, ids=lambda o: o["theme"])
def test_no_neutral_colour_is_written_as_rgb_or_cmyk(options, ink):
    settings = colour_settings(make_document({**options, "ink": ink}).pdf)
    neutral = [setting for setting in settings if _neutral(*setting)]
    assert neutral == []
    if ink == "noir":
        assert settings == []


def test_the_pips_sheet_sets_no_colour_at_all():
    """The black-only theme's sheet page: greys only, and they are there (the test would see them)."""
    pdf = make_document({"theme": "pips", "no_rules": True}).pdf
    assert colour_settings(pdf) == []
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data()
    assert b" G\n" in content or b" G " in content


@pytest.mark.parametrize(("colour", "level"), [
    ("#111111", 17 / 255), ("#FFFFFF", 1.0), ("black", 0.0), ((0.5, 0.5, 0.5), 0.5),
    ((0, 0, 0, 0.25), 0.75), ("#1F2328", None), ("#D62728", None), ((0.1, 0, 0, 0.5), None),
])
def test_neutral_colours_are_told_from_colours(colour, level):
    found = neutral_grey(colour)
    assert found == (None if level is None else pytest.approx(level))


def _inkcov(pdf: bytes) -> list[tuple[float, float, float, float]]:
    done = subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=inkcov", "-o", "-", "-"],
                          input=pdf, capture_output=True, check=True)
    lines = [line.split() for line in done.stdout.decode().splitlines() if line.strip().endswith("OK")]
    return [tuple(float(value) for value in line[:4]) for line in lines]  # type: ignore[misc]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (gs) is not installed: "
                    "apt-get install ghostscript, or run make test as root (make print-tools)")
def test_ghostscript_finds_black_ink_alone_on_the_pips_sheet():
    pdf = make_document({"theme": "pips", "ink": "couleur"}).pdf
    pages = _inkcov(pdf)
    cyan, magenta, yellow, black = pages[0]
    assert cyan == magenta == yellow == 0 and black > 0.01
    # the rules page has its coloured headings: the same measure sees colour where there is some
    assert max(pages[-1][:3]) > 0


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (gs) is not installed: "
                    "apt-get install ghostscript, or run make test as root (make print-tools)")
@pytest.mark.parametrize("options", [
    {"theme": "pips-couleur", "sets": 3, "label": "Classe des Lutins", "backs": True},
    {"theme": "fruits", "ink": "noir", "label": "CM1", "backs": True},
    {"theme": "pips", "label": "Classe des Lutins Bleus", "backs": True, "orientation": "portrait"},
])
def test_ghostscript_with_its_defaults_turns_no_back_page(options, tmp_path):
    """Ghostscript's pdfwrite turns each page by its main text direction (AutoRotatePages); the
    backs' labels run across the page like the rest, so every page keeps its orientation and
    each back stays behind its front."""
    source, converted = tmp_path / "in.pdf", tmp_path / "out.pdf"
    source.write_bytes(make_document({**options, "no_rules": True}).pdf)
    subprocess.run(["gs", "-q", "-dSAFER", "-o", str(converted), "-sDEVICE=pdfwrite", str(source)],
                   check=True)
    pages = PdfReader(source).pages
    before = [float(v) for page in pages for v in (page.mediabox.width, page.mediabox.height)]
    after = PdfReader(converted).pages
    assert [page.get("/Rotate", 0) for page in after] == [0] * len(after)
    sizes = [float(v) for page in after for v in (page.mediabox.width, page.mediabox.height)]
    assert sizes == pytest.approx(before, abs=0.01)


def test_the_header_names_the_version_of_the_keys_and_xmp_matches_the_information():
    """A standard a shop can check: %PDF-1.7 (the Duplex viewer preference is a 1.7 key), an XMP
    packet (unfiltered) saying what the information dictionary says, and every stream's
    ``endstream`` on a line of its own."""
    import re

    pdf = make_document({"theme": "fruits", "backs": True, "lang": "de"}).pdf
    assert pdf.startswith(b"%PDF-1.7\n")
    reader = PdfReader(io.BytesIO(pdf))
    metadata = reader.trailer["/Root"]["/Metadata"].get_object()
    assert "/Filter" not in metadata and metadata["/Subtype"] == "/XML"
    xmp, info = reader.xmp_metadata, reader.metadata
    assert xmp is not None and info is not None
    assert xmp.dc_title["x-default"] == info["/Title"] and xmp.dc_language == ["de"]
    assert xmp.pdf_producer == info["/Producer"] and xmp.xmp_creator_tool == info["/Creator"]
    assert xmp.xmp_create_date.year == 2000 and info["/CreationDate"].startswith("D:2000")
    assert re.search(rb"[^\n]endstream", pdf) is None and pdf.count(b"endstream") > 5


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed: apt-get install qpdf, "
                    "or run make test as root (make print-tools)")
def test_qpdf_finds_nothing_wrong(tmp_path):
    path = tmp_path / "a.pdf"
    path.write_bytes(make_document({"theme": "pips-couleur", "sets": 2, "backs": True, "label": "CM1"}).pdf)
    done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No syntax or stream encoding errors found" in done.stdout
