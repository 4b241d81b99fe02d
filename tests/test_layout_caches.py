"""What a process keeps across documents to lay out a rules page (issue 36): the rules' content
(``rules_page._content``), the styles and parsed paragraphs (``rules_page._paragraph``), the
fonts' text widths (``fonts.widths.KeptWidths``) and the streams' compressions
(``pdf.canvas.compressed``). A document made with them kept is the
document made without them; an input that matters (text, style, bullet, size, font) gives its
own result.
"""

from __future__ import annotations

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from domino_print import fonts
from domino_print.api import make_document
from domino_print.fonts import widths
from domino_print.pdf import canvas, rules_page


def forget_everything_kept() -> None:
    rules_page._parsed.clear()
    rules_page._styles.cache_clear()
    rules_page._kept_content.cache_clear()
    widths.KeptWidths._widths.clear()
    canvas._compressed.clear()
    canvas._compressed_bytes = 0


@pytest.mark.slow
def test_a_document_made_with_the_layout_kept_is_the_one_made_without():
    forget_everything_kept()
    make_document({"theme": "pips", "margin": "10"})  # fills what is kept, in French
    kept = len(rules_page._parsed)
    assert kept > 10 and widths.KeptWidths._widths and canvas._compressed
    wanted = {"theme": "fruits", "margin": "12.5", "lang": "en", "label": "Classe des Lutins"}
    warm = make_document(wanted).pdf  # another language: its own paragraphs, besides the French ones
    assert len(rules_page._parsed) > kept
    assert make_document({"theme": "fruits", "margin": "12.5", "lang": "en", "label": "Classe des Lutins"}
                         ).pdf == warm  # every paragraph found parsed
    forget_everything_kept()
    cold = make_document(wanted).pdf
    assert warm == cold
    french = make_document({**wanted, "lang": "fr"}).pdf
    assert french != cold


def lines(paragraph) -> list[tuple[float, list[tuple[str, str]]]]:
    """A wrapped paragraph's lines as plain data: each line's room left and its words' texts and fonts."""
    found = []
    for line in paragraph.blPara.lines:
        if isinstance(line, tuple):  # a paragraph of one fragment: (room left, its words)
            found.append((line[0], [(word, paragraph.blPara.fontName) for word in line[1]]))
        else:
            found.append((line.extraSpace, [(word.text, word.fontName) for word in line.words]))
    return found


def test_a_paragraph_kept_parsed_is_a_new_one_of_its_own_text_style_and_bullet():
    regular, bold = fonts.paragraph_fonts()
    small = ParagraphStyle("test-small", fontName=regular, fontSize=10, leading=12)
    large = ParagraphStyle("test-large", fontName=regular, fontSize=14, leading=17)
    text = "Posez un domino <b>double</b> au centre de la table, puis jouez chacun à votre tour."
    first = rules_page._paragraph(text, small, "1.")
    again = rules_page._paragraph(text, small, "1.")
    assert again is not first and not set(map(id, again.frags)) & set(map(id, first.frags))
    fresh = rules_page.Paragraph(text, small, bulletText="1.")
    assert [(f.text, f.fontName, f.fontSize) for f in again.frags] == [
        (f.text, f.fontName, f.fontSize) for f in fresh.frags]
    assert [f.fontName for f in fresh.frags] == [regular, bold, regular]  # the <b> read from the markup
    assert again.wrap(150, 1000) == fresh.wrap(150, 1000)
    assert lines(again) == lines(fresh) and len(lines(fresh)) > 1
    assert {f.fontSize for f in rules_page._paragraph(text, large, "1.").frags} == {14}
    assert rules_page._paragraph(text, small, "2.").bulletText == "2."
    assert [f.text for f in rules_page._paragraph("Autre texte", small, "1.").frags] == ["Autre texte"]


def test_the_paragraphs_kept_are_bounded(monkeypatch):
    regular, _ = fonts.paragraph_fonts()
    style = ParagraphStyle("test-bounded", fontName=regular, fontSize=10, leading=12)
    monkeypatch.setattr(rules_page, "PARSED_KEPT", 3)
    for number in range(6):
        rules_page._paragraph(f"Étape {number}", style)
    assert len(rules_page._parsed) == 3
    assert [key[0] for key in rules_page._parsed] == ["Étape 3", "Étape 4", "Étape 5"]


def test_a_kept_width_is_reportlabs_width_for_that_font_text_and_size(monkeypatch):
    regular, bold = fonts.paragraph_fonts()
    font = pdfmetrics.getFont(regular)
    assert isinstance(font, widths.KeptWidths)
    plain = TTFont.stringWidth  # ReportLab's own, unkept
    for text in ("Www", "dominos", "Règle du jeu : 28 dominos"):
        for size in (9.5, 12.0):
            assert font.stringWidth(text, size) == plain(font, text, size)
            assert font.stringWidth(text, size) == plain(font, text, size)  # kept, the same
    assert font.stringWidth("Www", 12.0) != font.stringWidth("Www", 9.5)
    assert pdfmetrics.getFont(bold).stringWidth("Www", 12.0) != font.stringWidth("Www", 12.0)
    assert pdfmetrics.getFont(bold).stringWidth("Www", 12.0) == plain(pdfmetrics.getFont(bold), "Www", 12.0)
    monkeypatch.setattr(widths, "WIDTHS_KEPT", 4)
    for number in range(10):
        font.stringWidth(f"mot {number}", 11.0)
    assert len(widths.KeptWidths._widths[regular]) <= 4


def test_a_paragraph_is_wrapped_again_only_at_another_width(monkeypatch):
    regular, _ = fonts.paragraph_fonts()
    style = ParagraphStyle("test-wrap", fontName=regular, fontSize=11, leading=14)
    text = "Chacun à son tour pose un domino qui touche un bout de la chaîne par le même nombre de points."
    paragraph = rules_page._paragraph(text, style)
    breaks = []
    original = rules_page.Paragraph.breakLines
    monkeypatch.setattr(rules_page.Paragraph, "breakLines",
                        lambda self, widths: breaks.append(widths) or original(self, widths))
    wide = paragraph.wrap(300, 500)
    wide_lines = lines(paragraph)
    assert paragraph.wrap(300, 80) == wide and len(breaks) == 1  # a table's second wrap: the same lines
    narrow = paragraph.wrap(120, 500)
    assert len(breaks) == 2 and narrow[1] > wide[1] and len(lines(paragraph)) > len(wide_lines)
    assert paragraph.wrap(300, 500) == wide and lines(paragraph) == wide_lines and len(breaks) == 3


def test_a_stream_compressed_again_is_zlibs_compression_and_the_kept_ones_are_bounded(monkeypatch):
    import zlib

    first, other = b"0 0 m 10 10 l S\n" * 200, b"1 0 0 RG 0 0 m 20 20 l S\n" * 200
    assert canvas.compressed(first) == zlib.compress(first)
    assert canvas.compressed(first) == zlib.compress(first)  # kept, the same
    assert canvas.compressed(other) == zlib.compress(other) != zlib.compress(first)
    from reportlab.pdfbase.pdfdoc import PDFZCompress

    assert PDFZCompress.encode("q Q") == zlib.compress(b"q Q")  # ReportLab's streams go through it
    monkeypatch.setattr(canvas, "_compressed", canvas.OrderedDict())
    monkeypatch.setattr(canvas, "_compressed_bytes", 0)
    monkeypatch.setattr(canvas, "COMPRESSED_KEPT_BYTES", 8 * 2000)
    for number in range(40):
        canvas.compressed(f"{number} 0 0 rg\n".encode() * 100)
    assert 0 < canvas._compressed_bytes <= 8 * 2000
    assert sum(len(data) + len(made) for data, made in canvas._compressed.items()) == canvas._compressed_bytes
    assert b"39 0 0 rg" in next(reversed(canvas._compressed))  # the latest kept, the oldest gone
    assert not any(data.startswith(b"0 0 0 rg") for data in canvas._compressed)
