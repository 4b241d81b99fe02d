"""Real fonts: every text in every PDF is Fira Sans, embedded as an unhinted subset; a user's
text in Latin (Vietnamese, Polish, Turkish), Greek or Cyrillic prints as written, and a
character the font lacks is refused in one line before any file is written."""

from __future__ import annotations

import io
import re
from pathlib import Path
from struct import unpack_from

import pypdf
import pytest
from fixtures_images import SEVEN, colour_folder, run, solid
from PIL import Image

from domino_print import fonts
from domino_print.api import make_document
from domino_print.fonts import sfnt
from domino_print.texts import catalogue, languages

STANDARD_14 = {
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique", "Helvetica", "Helvetica-Bold",
    "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold", "Times-Italic",
    "Times-BoldItalic", "Symbol", "ZapfDingbats",
}

SCRIPTS = {
    "vi": "Lớp Ba Tiếng Việt",
    "pl": "Zażółć gęślą jaźń",
    "tr": "İstanbul Şişli ğ",
    "el": "Τάξη Ελληνικά",
    "ru": "Класс Ёжики",
}
"""A class name in each script the issue names (each within --label's 40 characters)."""


# -- reading fonts back from a PDF ----------------------------------------------------------
def _fonts_in(resources, seen: set[int]) -> list[pypdf.generic.DictionaryObject]:
    """Every font dictionary reachable from ``resources``, form XObjects included."""
    found = []
    resources = resources.get_object() if resources is not None else {}
    for font in (resources.get("/Font") or {}).values():
        found.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.idnum in seen:
            continue
        seen.add(xobject.idnum)
        form = xobject.get_object()
        if form.get("/Subtype") == "/Form":
            found += _fonts_in(form.get("/Resources"), seen)
    return found


def all_fonts(pdf: bytes) -> list[pypdf.generic.DictionaryObject]:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    seen: set[int] = set()
    found = []
    for page in reader.pages:
        found += _fonts_in(page.get("/Resources"), seen)
    return found


def font_program(font) -> bytes:
    descriptor = font["/FontDescriptor"].get_object()
    return descriptor["/FontFile2"].get_object().get_data()


def assert_every_font_embedded(pdf: bytes) -> set[str]:
    """Each font has its program in the file and is not one of the standard 14; the base names."""
    names = set()
    found = all_fonts(pdf)
    assert found, "no fonts at all"
    for font in found:
        base = str(font["/BaseFont"]).lstrip("/")
        assert base.split("+")[-1] not in STANDARD_14, base
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor or "/FontFile3" in descriptor, base
        names.add(base.split("+")[-1])
    return names


def subset_glyphs(program: bytes) -> dict[int, bytes]:
    """Code -> glyph outline data of a subset ReportLab wrote (cmap format 6)."""
    tables = sfnt.read_tables(program)
    cmap = tables[b"cmap"]
    (offset,) = unpack_from(">I", cmap, 8)
    fmt, _length, _language, first, count = unpack_from(">5H", cmap, offset)
    assert fmt == 6
    ids = unpack_from(f">{count}H", cmap, offset + 10)
    glyphs = sfnt._glyphs(tables)
    return {first + i: (glyphs[g] if g else b"") for i, g in enumerate(ids)}


def to_unicode(font) -> dict[int, str]:
    """Code -> character, from the font's ToUnicode map (ReportLab writes ``bfchar`` pairs)."""
    cmap = font["/ToUnicode"].get_object().get_data()
    pairs = re.findall(rb"<([0-9A-F]{2})> <([0-9A-F]{4})>", cmap)
    return {int(code, 16): chr(int(char, 16)) for code, char in pairs}


# -- every PDF the tool can make --------------------------------------------------------------
def picture_theme(folder: Path, names: list[str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, colour in zip(names, SEVEN, strict=True):
        solid(folder / f"{name}.png", colour)
    return folder


EVERY_KIND = [
    {"theme": "pips"},
    {"theme": "pips", "no_rules": True},
    {"theme": "pips-couleur", "sets": 3, "backs": True, "label": "CM1 Ελληνικά", "lang": "en"},
    {"theme": "chiffres", "max": 9, "rules": "points", "lang": "de"},
    {"theme": "fruits", "labels": True, "lang": "es"},
    {"theme": "fruits", "backs": True, "duplex": "short"},
]


@pytest.mark.parametrize("options", EVERY_KIND, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_every_font_in_every_pdf_is_embedded(options):
    names = assert_every_font_embedded(make_document(options).pdf)
    assert names <= {"FiraSans-Regular", "FiraSans-Bold", "FiraSans-Italic", "FiraSans-BoldItalic"}


@pytest.mark.slow
def test_a_user_picture_theme_with_labels_is_embedded(tmp_path):
    theme = picture_theme(tmp_path / "photos", ["chat", "chien", "ours", "loup", "lapin", "souris", "poule"])
    pdf = make_document({"theme": str(theme), "labels": True}).pdf
    assert_every_font_embedded(pdf)
    assert "souris" in pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


def test_the_calibration_sheet_is_embedded(tmp_path):
    out = tmp_path / "calibration.pdf"
    assert run("calibrate", "--out", out).exit_code == 0
    assert assert_every_font_embedded(out.read_bytes()) == {"FiraSans-Regular", "FiraSans-Bold"}


def fonts_set_in(stream: pypdf.generic.StreamObject, resources) -> set[str]:
    """The base names of the fonts a content stream selects (``/F2+0 12 Tf``)."""
    table = resources["/Font"]
    used = set(re.findall(rb"/(\S+) [\d.]+ Tf", stream.get_data()))
    return {str(table["/" + name.decode()].get_object()["/BaseFont"]).split("+")[-1] for name in used}


def test_numerals_and_rules_use_the_same_face():
    pdf = make_document({"theme": "chiffres", "rules": "points"}).pdf
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    face = reader.pages[0]["/Resources"]["/XObject"]["/FormXob.Face6"].get_object()
    assert fonts_set_in(face, face["/Resources"]) == {"FiraSans-Bold"}
    rules = reader.pages[1]
    assert fonts_set_in(rules.get_contents(), rules["/Resources"]) == {"FiraSans-Regular", "FiraSans-Bold"}


def test_subsets_carry_no_hinting_and_only_the_glyphs_used():
    pdf = make_document({"theme": "pips"}).pdf
    for font in all_fonts(pdf):
        tables = sfnt.read_tables(font_program(font))
        assert not set(tables) & sfnt.HINTING_TABLES
        assert len(font["/Widths"]) < 100  # the characters on the pages, not the whole of ASCII


def test_pips_double_six_with_its_rules_page_stays_within_30_kb():
    assert len(make_document({"theme": "pips"}).pdf) <= 30 * 1024


# -- scripts print as written ------------------------------------------------------------------
@pytest.mark.parametrize("lang", sorted(SCRIPTS))
@pytest.mark.slow
def test_a_label_in_each_script_comes_back_intact(lang):
    label = SCRIPTS[lang]
    pdf = make_document({"theme": "pips", "label": label, "backs": True, "no_rules": True}).pdf
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert label in reader.pages[0].extract_text()  # the sheet's top right
    assert label in reader.pages[1].extract_text()  # the backs
    # Every character drawn has its own outline in the embedded subset: no .notdef box.
    drawn = set()
    for font in all_fonts(pdf):
        characters = to_unicode(font)
        for code, outline in subset_glyphs(font_program(font)).items():
            if code in characters and characters[code].isprintable() and not characters[code].isspace():
                assert outline, (font["/BaseFont"], characters[code])
                drawn.add(characters[code])
    assert set(label.replace(" ", "")) <= drawn


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["vi", "el", "ru"])
def test_a_label_in_each_script_shows_ink_where_it_is_printed(lang):
    from conftest import render_page

    dpi, margin_px = 200, round(10 / 25.4 * 200)

    def dark_pixels_top_right(options) -> int:
        page = render_page(make_document(options).pdf, 0, dpi=dpi)
        # The label is right-aligned in the top margin (10 mm), above the tiles.
        return sum(page.crop((page.width // 2, 0, page.width - margin_px, margin_px)).histogram()[:128])

    with_label = dark_pixels_top_right({"theme": "pips", "label": SCRIPTS[lang], "no_rules": True})
    without = dark_pixels_top_right({"theme": "pips", "no_rules": True})
    assert with_label > without + 300  # the label's letters, in ink


@pytest.mark.slow
def test_decomposed_accents_are_composed_before_printing(tmp_path):
    assert fonts.printable("E\u0301lodie") == "Élodie"
    theme = picture_theme(tmp_path / "classe", ["E\u0301lodie", "b", "c", "d", "e", "f", "g"])
    pdf = make_document({"theme": str(theme), "labels": True}).pdf
    assert "Élodie" in pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


# -- characters the font lacks are refused ---------------------------------------------------------
def test_missing_characters_lists_each_once_in_order():
    assert fonts.missing_characters("a🐱b班🐱") == "🐱班"
    assert fonts.missing_characters("".join(SCRIPTS.values())) == ""
    assert fonts.describe_characters("🐱") == "'🐱' (U+1F431 CAT FACE)"


@pytest.mark.parametrize("label", ["CM1 🐱", "二年级", "Classe \U0001F600"])
def test_a_label_the_font_cannot_print_is_refused_in_one_line(tmp_path, label):
    out = tmp_path / "out.pdf"
    result = run("--label", label, "--out", out)
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert "\n" not in message and "cannot print" in message
    assert fonts.describe_characters(fonts.missing_characters(label)) in message
    assert not out.exists()


def test_a_theme_title_the_font_cannot_print_is_refused(tmp_path):
    folder = colour_folder(tmp_path / "photos")
    (folder / "theme.toml").write_text('title = "Fruits 🍎"\n', encoding="utf-8")
    out = tmp_path / "out.pdf"
    result = run("--theme", folder, "--out", out)
    assert result.exit_code == 1  # a theme's content, like every theme error
    assert "theme.toml: title has characters the font (Fira Sans) cannot print" in result.stderr
    assert "U+1F34E" in result.stderr
    assert "\n" not in result.stderr.strip() and not out.exists()


def test_a_folder_name_the_font_cannot_print_is_refused_as_the_title(tmp_path):
    folder = colour_folder(tmp_path / "猫の写真")  # no theme.toml: the folder's name is the title
    out = tmp_path / "out.pdf"
    result = run("--theme", folder, "--out", out)
    assert result.exit_code == 1 and not out.exists()
    assert "the folder's name (the sheet's title) has characters the font" in result.stderr
    assert "give the theme a title in theme.toml" in result.stderr


def test_a_picture_name_the_font_cannot_print_is_refused_with_labels(tmp_path):
    folder = picture_theme(tmp_path / "photos", ["1-a", "2-b", "3-c", "4-猫", "5-e", "6-f", "7-g"])
    out = tmp_path / "out.pdf"
    result = run("--theme", folder, "--labels", "--out", out)
    assert result.exit_code == 1
    assert "4-猫.png: the file name (its label with --labels) has characters" in result.stderr
    assert "U+732B" in result.stderr
    assert not out.exists()
    # Without --labels the names never reach the page: the set prints.
    assert run("--theme", folder, "--out", out).exit_code == 0


# -- the family and the catalogues ------------------------------------------------------------
def test_the_four_styles_share_one_cmap_and_come_from_the_package():
    from reportlab.pdfbase.pdfmetrics import getFont

    names = fonts.paragraph_fonts()
    assert names == (fonts.REGULAR, fonts.BOLD)
    maps = {style: set(getFont(getattr(fonts, style)).face.charToGlyph) for style in fonts.STYLES}
    assert len({frozenset(m) for m in maps.values()}) == 1
    for style in fonts.STYLES:
        assert "fontpkg_fira_sans" in fonts.font_file(style).parts


def test_every_catalogue_text_is_in_the_font():
    for lang in languages():
        for key, value in catalogue(lang).items():
            if isinstance(value, str):
                assert not fonts.missing_characters(value), (lang, key)


def test_without_hinting_keeps_every_outline_point():
    program = fonts.font_file("REGULAR").read_bytes()
    before, after = sfnt.read_tables(program), sfnt.read_tables(sfnt.without_hinting(program))
    assert not set(after) & sfnt.HINTING_TABLES and b"fpgm" in before
    old, new = sfnt._glyphs(before), sfnt._glyphs(after)
    assert len(old) == len(new)
    for glyph_before, glyph_after in zip(old[:300], new[:300], strict=True):
        assert glyph_before[:10] == glyph_after[:10]  # contours and bounding box
    assert len(after[b"glyf"]) < len(before[b"glyf"])
    # ReportLab and Pillow (FreeType) both still read the font.
    from PIL import ImageFont

    font = ImageFont.truetype(io.BytesIO(sfnt.without_hinting(program)), 40)
    image = Image.new("L", (200, 60), 255)
    from PIL import ImageDraw

    ImageDraw.Draw(image).text((5, 5), "Ώщ", font=font, fill=0)
    assert image.getextrema()[0] < 50


def test_no_catalogue_text_sets_italic():
    """The rules page reads only the regular and bold files (5 ms less start-up per style left
    out), so no text of ours may ask for italic."""
    from domino_print import texts

    for lang in texts.languages():
        for key, value in texts.catalogue(lang).items():
            assert "<i>" not in value, (lang, key)


def _subset_names(pdf: bytes) -> list[tuple[str, str]]:
    """(BaseFont, FontDescriptor's FontName) of every embedded font of every page, once each."""
    seen: dict[int, tuple[str, str]] = {}
    for page in pypdf.PdfReader(io.BytesIO(pdf)).pages:
        for ref in page["/Resources"].get_object().get("/Font", {}).values():
            font = ref.get_object()
            seen[ref.idnum] = (str(font["/BaseFont"]), str(font["/FontDescriptor"].get_object()["/FontName"]))
    return list(seen.values())


@pytest.mark.slow
def test_each_font_subset_has_its_own_six_capital_tag():
    """ISO 32000-1, 9.6.4: a subset's name starts with six capitals and '+', and different subsets
    of one file have different tags (ReportLab named every first subset AAAAAA+, issue 30)."""
    options = {"theme": "fruits", "backs": True, "label": "Classe des Lutins"}
    names = _subset_names(make_document(options).pdf)
    assert len(names) >= 2  # regular and bold at least (the rules page)
    tags = [base.lstrip("/").split("+")[0] for base, _ in names]
    assert all(re.fullmatch(r"[A-Z]{6}", tag) for tag in tags), tags
    assert len(set(tags)) == len(tags) and "AAAAAA" not in tags
    assert all(base == name for base, name in names)
    assert _subset_names(make_document(options).pdf) == names, "the same document, the same tags"
    other = [base for base, _ in _subset_names(make_document({"theme": "fruits", "label": "Zèbre"}).pdf)]
    assert not set(other) & {base for base, _ in names}, "other characters, other tags"
