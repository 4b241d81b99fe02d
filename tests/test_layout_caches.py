"""What a process keeps across documents to lay out a rules page (issue 36): the rules' content
(``rules_page._content``), the styles and parsed paragraphs (``rules_page._paragraph``), the
paragraphs' line breaks (``line_breaks``, ``rules_page.KEPT_LINES``), the fonts' text widths
(``fonts.widths.KeptWidths``) and the streams' compressions
(``pdf.canvas.compressed``). A document made with them kept is the
document made without them; an input that matters (text, style, bullet, size, font) gives its
own result.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from domino_print import fonts
from domino_print.api import make_document
from domino_print.fonts import widths
from domino_print.pdf import canvas, line_breaks, rules_page


def forget_everything_kept() -> None:
    rules_page._parsed.clear()
    rules_page.KEPT_LINES.clear()
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


STEP = ("Chacun à son tour pose un domino qui touche un bout de la chaîne par le même nombre de "
        "points ; qui ne peut pas jouer <b>pioche</b> un domino, et passe s’il n’en reste plus.")
PLAIN = "Retournez les dominos face cachée, mélangez-les, puis chaque joueur en prend sept."


def fresh_lines(text: str, style: ParagraphStyle, bullet: str | None, width: float):
    """The lines and size ReportLab's own paragraph breaks ``text`` into at ``width``, nothing kept."""
    paragraph = rules_page.Paragraph(text, style, bulletText=bullet)
    size = paragraph.wrap(width, 10_000)
    return size, lines(paragraph)


def same_lines(found, wanted) -> bool:
    """Lines with the same words, and the same room left to a thousandth of a point (the kept lines'
    room is moved by the change in width: the last bits of the sum may differ)."""
    return len(found) == len(wanted) and all(
        words == other_words and abs(room - other_room) < 1e-3 and (room >= 0) == (other_room >= 0)
        for (room, words), (other_room, other_words) in zip(found, wanted, strict=True))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, derandomize=True)
@given(base=st.floats(min_value=90, max_value=420),
       offsets=st.lists(st.floats(min_value=0, max_value=6), min_size=2, max_size=25),
       bullet=st.sampled_from([None, "3.", "12."]), text=st.sampled_from([STEP, PLAIN]))
def test_a_paragraph_wrapped_with_kept_lines_has_the_lines_reportlab_breaks_it(base, offsets, bullet, text):
    widths = [base + offset for offset in offsets]  # close widths, as margins a visitor tries
    rules_page.KEPT_LINES.clear()
    regular, _ = fonts.paragraph_fonts()
    style = ParagraphStyle("test-kept-lines", fontName=regular, fontSize=11, leading=14, leftIndent=20,
                           bulletIndent=0)
    for width in widths:
        paragraph = rules_page._paragraph(text, style, bullet)
        size = paragraph.wrap(width, 10_000)
        wanted_size, wanted = fresh_lines(text, style, bullet, width)
        assert size == wanted_size
        assert same_lines(lines(paragraph), wanted), width


def fitting_run(text: str, style: ParagraphStyle, start: float = 200.0) -> tuple[float, float]:
    """Two widths a point apart (from ``start`` up, by tenths) at which ReportLab breaks ``text``
    into the same lines, every line with room left (found with ReportLab's own paragraph)."""
    for tenths in range(round(start * 10), 4000):
        low, high = tenths / 10, tenths / 10 + 1
        found, other = fresh_lines(text, style, None, low)[1], fresh_lines(text, style, None, high)[1]
        if all(room >= 0 for room, _ in found + other) and [w for _, w in found] == [w for _, w in other]:
            return low, high
    raise AssertionError("no width found")


def squeezed_width(text: str, style: ParagraphStyle) -> float:
    """A width at which ReportLab fits a line of ``text`` by shrinking its spaces (no room left)."""
    for tenths in range(1000, 4000):
        if any(room < 0 for room, _ in fresh_lines(text, style, None, tenths / 10)[1]):
            return tenths / 10
    raise AssertionError("no width found")


def test_lines_are_broken_again_only_outside_the_widths_known_to_give_them(monkeypatch):
    rules_page.KEPT_LINES.clear()
    regular, _ = fonts.paragraph_fonts()
    style = ParagraphStyle("test-runs", fontName=regular, fontSize=11, leading=14)
    low, high = fitting_run(STEP, style)
    breaks = []
    original = rules_page.Paragraph.breakLines
    def counted(self, widths):  # the kept paragraphs' breaks (not those of ReportLab's own paragraph)
        if isinstance(self, rules_page._Paragraph):
            breaks.append(widths[-1])
        return original(self, widths)

    monkeypatch.setattr(rules_page.Paragraph, "breakLines", counted)

    def wrapped(width: float):
        paragraph = rules_page._paragraph(STEP, style)
        paragraph.wrap(width, 1000)
        assert same_lines(lines(paragraph), fresh_lines(STEP, style, None, width)[1])
        return lines(paragraph)

    wrapped(low)
    wrapped(high)
    assert len(breaks) == 2  # ``high`` is not known yet: broken; the same words: one run, low to high
    key = (STEP, style, None)
    assert rules_page.KEPT_LINES.runs(key) == [(low, high)]
    reused = rules_page.KEPT_LINES.reused
    breaks.clear()
    for width in (low + 0.25, low + 0.5, high - 0.01, low, high):
        wrapped(width)
    assert breaks == [] and rules_page.KEPT_LINES.reused == reused + 5  # inside the run: never broken
    narrow, _ = fitting_run(STEP, style, start=100.0)
    wrapped(narrow)  # other lines: broken, a run of their own
    assert breaks == [narrow] and rules_page.KEPT_LINES.runs(key) == [(narrow, narrow), (low, high)]
    wrapped((narrow + low) / 2)  # between two runs: broken again
    assert len(breaks) == 2


def test_only_what_the_run_argument_covers_is_kept():
    rules_page.KEPT_LINES.clear()
    regular, _ = fonts.paragraph_fonts()
    justified = ParagraphStyle("test-justified", fontName=regular, fontSize=11, leading=14,
                               alignment=TA_JUSTIFY)
    paragraph = rules_page._paragraph(STEP, justified)
    assert paragraph.kept_as is None  # justified lines are drawn by their room left: never kept
    paragraph.wrap(200, 1000)
    assert len(rules_page.KEPT_LINES) == 0
    left = ParagraphStyle("test-left", fontName=regular, fontSize=11, leading=14)
    assert line_breaks.keeps(left) and not line_breaks.keeps(justified)
    assert rules_page._paragraph('Voir <a name="here"/>ici', left).kept_as is None  # an anchor: not kept
    assert rules_page._paragraph("Voir ici", left).kept_as == ("Voir ici", left, None)
    width = squeezed_width(STEP, left)
    squeezed = rules_page._paragraph(STEP, left)
    squeezed.wrap(width, 1000)  # a line drawn with its spaces shrunk: drawn by its room left, not kept
    assert min(room for room, _ in lines(squeezed)) < 0 and rules_page.KEPT_LINES.runs(squeezed.kept_as) == []


def test_the_lines_kept_are_bounded(monkeypatch):
    rules_page.KEPT_LINES.clear()
    regular, _ = fonts.paragraph_fonts()
    style = ParagraphStyle("test-lines-bounded", fontName=regular, fontSize=11, leading=14)
    monkeypatch.setattr(line_breaks, "RUNS_KEPT", 2)
    monkeypatch.setattr(line_breaks, "PARAGRAPHS_KEPT", 2)
    texts = ("Un domino.", "Deux dominos côte à côte.", "Trois dominos en ligne, face visible.")
    for text in texts:  # short texts: one line, always with room left
        for width in (60.0, 90.0, 400.0):
            rules_page._paragraph(text, style).wrap(width, 1000)
    assert len(rules_page.KEPT_LINES) == 2 and rules_page.KEPT_LINES.runs((texts[0], style, None)) == []
    long_text = (texts[2], style, None)
    runs = rules_page.KEPT_LINES.runs(long_text)
    assert len(runs) <= 2 and runs[-1][1] == 400.0  # the latest kept, the least recently used gone


@pytest.mark.slow
def test_rules_pages_set_from_kept_lines_are_the_pages_broken_afresh():
    seed = 36
    print(f"seed {seed}")
    rng = random.Random(seed)
    forget_everything_kept()
    cases = [{"theme": rng.choice(["pips", "fruits", "chiffres"]),
              "margin": f"{8 + rng.randrange(600) * 0.01:.2f}",
              "lang": rng.choice(["fr", "en", "de", "es"]), "players": str(rng.choice([2, 3, 4]))}
             for _ in range(36)]
    warm = [make_document(case).pdf for case in cases]
    assert rules_page.KEPT_LINES.reused > 100  # most of the pages were set from kept lines
    for case, pdf in zip(cases, warm, strict=True):
        rules_page.KEPT_LINES.clear()
        assert make_document(case).pdf == pdf, case


# The cases an independent review found (fuzzing rules_page._paragraph against ReportLab's own).

def drawn(paragraph) -> str:
    """What drawing ``paragraph`` at one place writes on a page of its own."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    page = Canvas(io.BytesIO(), invariant=1)
    paragraph.drawOn(page, 37.5, 401.25)
    return "\n".join(page._code)


def test_a_word_cut_to_fit_a_narrower_first_line_does_not_join_two_runs():
    """A word wider than the first line (indented) but not the others is cut; at some widths the cut
    leaves an empty piece, the same lines as no cut at a wider width: the widths between break
    otherwise, so a line with a cut word is never kept."""
    rules_page.KEPT_LINES.clear()
    regular, _ = fonts.paragraph_fonts()
    style = ParagraphStyle("test-first-line", fontName=regular, fontSize=12, leading=15, firstLineIndent=30)
    text = "player «\u00a0wins\u00a0» commencer"
    for width in (67.5, 74.75, 74.5):
        paragraph = rules_page._paragraph(text, style)
        paragraph.wrap(width, 10_000)
        fresh = rules_page.Paragraph(text, style)
        fresh.wrap(width, 10_000)
        assert lines(paragraph) == lines(fresh) and drawn(paragraph) == drawn(fresh), width


def test_a_paragraph_broken_again_after_a_cut_gives_no_lines_to_the_others():
    """ReportLab breaks a paragraph again from the pieces its first break cut: those lines are not a
    fresh paragraph's, and a new paragraph of the same text must not be given them."""
    rules_page.KEPT_LINES.clear()
    _, bold = fonts.paragraph_fonts()
    style = ParagraphStyle("test-cut-twice", fontName=bold, fontSize=20, leading=25, leftIndent=40)
    text = "a <b>b</b> score player double commencer"
    reused = rules_page.KEPT_LINES.reused
    once = rules_page._paragraph(text, style)
    once.wrap(100.0, 10_000)
    once.wrap(110.0, 10_000)
    later = rules_page._paragraph(text, style)
    later.wrap(110.0, 10_000)
    fresh = rules_page.Paragraph(text, style)
    fresh.wrap(110.0, 10_000)
    assert drawn(later) == drawn(fresh) and rules_page.KEPT_LINES.reused == reused


def test_soft_hyphens_are_not_kept_so_a_split_cannot_change_the_words_others_share():
    rules_page.KEPT_LINES.clear()
    regular, _ = fonts.paragraph_fonts()
    style = ParagraphStyle("test-soft-hyphen", fontName=regular, fontSize=12, leading=15)
    text = ("Posez un <b>domino</b> au centre de la table "
            "anti\u00adcon\u00adsti\u00adtu\u00adtion\u00adnel\u00adle\u00adment puis")
    assert rules_page._paragraph(text, style).kept_as is None
    first = rules_page._paragraph(text, style)
    first.wrap(100, 10_000)
    first.split(100, 46)  # (ReportLab rewrites the piece a soft hyphen ended a line with)
    second = rules_page._paragraph(text, style)
    second.wrap(90, 10_000)
    fresh = rules_page.Paragraph(text, style)
    fresh.wrap(90, 10_000)
    assert drawn(second) == drawn(fresh)


def test_a_paragraph_a_split_left_without_lines_is_wrapped_again_and_a_too_narrow_one_is_not_kept():
    regular, _ = fonts.paragraph_fonts()
    style = ParagraphStyle("test-memo", fontName=regular, fontSize=12, leading=16)
    text = "Posez un domino <b>double</b> au centre de la table, puis jouez chacun à votre tour."
    paragraph = rules_page._paragraph(text, style)
    size = paragraph.wrap(150, 1000)
    assert paragraph.split(150, 20) == []  # one line's room: an orphan, refused (ReportLab drops the lines)
    assert paragraph.wrap(150, 1000) == size and drawn(paragraph)  # wrapped again, then drawn
    narrow = rules_page.Paragraph(text, style).wrap(0, 1000)  # ReportLab's answer for no width at all
    assert paragraph.wrap(0, 1000) == narrow and paragraph.wrap(0, 1000) == narrow
    assert rules_page._paragraph(text, style).wrap(0, 1000) == narrow
