"""Tests for the rules page: content per variant and language, one-page fit, size, drawing.

Each page is drawn on a real ReportLab canvas and read back: text with pypdf,
character boxes with pypdfium2, tile calls through a recording stub ``draw_tile``.
"""

from __future__ import annotations

import io
import itertools
import re
from collections import Counter

import pypdf
import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from domino_print.errors import DominoError
from domino_print.pdf.rules_page import draw_rules_page
from domino_print.rules.content import RulesContext, RulesError, build_content, validate_rules
from domino_print.rules.deals import deal_sizes, example_chain
from domino_print.texts import NBSP, french_spacing

MARGIN = 15 * mm
TOPS = (3, 6, 9, 12, 18)


class StubTile:
    """A ``draw_tile`` that draws a plain rectangle and logs each call with the CTM."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int, float, tuple[float, ...]]] = []
        self.turned: list[bool] = []

    def __call__(self, canvas: Canvas, a: int, b: int, short_pt: float, turned: bool = False) -> None:
        self.calls.append((a, b, short_pt, tuple(canvas._currentMatrix)))
        self.turned.append(turned)
        canvas.rect(0, 0, 2 * short_pt, short_pt)
        canvas.line(short_pt, 0, short_pt, short_pt)


def ctx_for(
    lang: str = "fr",
    variant: str = "famille",
    *,
    pictures: bool = False,
    top: int = 6,
    target: int = 50,
    title: str | None = None,
) -> RulesContext:
    if title is None:
        title = "Fruits" if pictures else ("Points classiques" if lang == "fr" else "Classic pips")
    return RulesContext(
        lang=lang,
        variant=variant,
        top=top,
        kind="pictures" if pictures else "pips",
        theme_title=title,
        target=target,
    )


def render(
    ctx: RulesContext,
    pagesize: tuple[float, float] = A4,
    margin: float = MARGIN,
    stub: StubTile | None = None,
) -> bytes:
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=pagesize, invariant=1, pageCompression=1)
    draw_rules_page(
        canvas,
        ctx,
        stub or StubTile(),
        page_width_pt=pagesize[0],
        page_height_pt=pagesize[1],
        margin_pt=margin,
    )
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def blank_pdf(pagesize: tuple[float, float] = A4) -> bytes:
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=pagesize, invariant=1, pageCompression=1)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def text_of(pdf: bytes) -> str:
    """The page's text with every run of spaces (no-break ones too) made one space."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    raw = reader.pages[0].extract_text()
    return re.sub(r"\s+", " ", raw.replace(NBSP, " "))


def all_combinations():
    for lang in ("fr", "en", "es", "de"):
        for variant in ("famille", "points"):
            for pictures in (False, True):
                if variant == "points" and pictures:
                    continue
                for top in TOPS:
                    yield lang, variant, pictures, top


# ------------------------------------------------------------------ famille facts


@pytest.mark.parametrize("pictures", [False, True])
def test_famille_french_states_every_fact(pictures: bool) -> None:
    text = text_of(render(ctx_for("fr", pictures=pictures)))
    for fact in (
        "Règle du jeu — Dominos",
        "2 à 4",  # players
        "dès 4 ans" if pictures else "dès 6 ans",
        "28 dominos",
        "Découpez",
        "Le trait du milieu ne se coupe pas",
        "face cachée et mélangez",
        "À deux, chaque joueur prend 7 dominos",
        "à trois ou à quatre, chacun prend 5 dominos",
        "forment la pioche",
        "Le plus jeune joueur commence",
        "l’un des deux bouts de la chaîne",
        "la même image" if pictures else "le même nombre",
        "double se pose en travers",
        "n’ouvre pas de nouvelle branche",
        "Piochez une pièce à la fois",
        "posez-la aussitôt",
        "passez votre tour",
        "gagne aussitôt",
        "pendant un tour complet",
        "le moins de dominos",
        "ex æquo",
        "Exemple",
    ):
        assert fact in text, fact


@pytest.mark.parametrize("pictures", [False, True])
def test_famille_english_states_every_fact(pictures: bool) -> None:
    text = text_of(render(ctx_for("en", pictures=pictures)))
    for fact in (
        "How to play —",
        "2 to 4",
        "4 and up" if pictures else "6 and up",
        "28 dominoes",
        "Cut out",
        "Do not cut the line across the middle",
        "face down and mix",
        "Two players take 7 dominoes each",
        "three or four players take 5 dominoes each",
        "draw pile",
        "The youngest player starts",
        "either end of the chain",
        "the same picture" if pictures else "the same number",
        "double is laid crosswise",
        "does not open a new branch",
        "one domino at a time",
        "lay it at once",
        "pass",
        "wins at once",
        "for a whole round",
        "the fewest dominoes",
        "Tied players share the win",
        "Example",
    ):
        assert fact in text, fact


# ------------------------------------------------------------------- points facts


@pytest.mark.slow
def test_points_french_states_every_fact() -> None:
    text = text_of(render(ctx_for("fr", "points")))
    for fact in (
        "2 à 4",
        "7 dominos",
        "5 dominos",
        "double le plus fort",
        "Si personne n’a de double",
        "au plus gros total",
        "la plus forte moitié",
        "Piochez une pièce à la fois",
        "passez votre tour",
        "Jeu bloqué",
        "additionne les points",
        "Le plus petit total gagne la manche",
        "la manche est nulle",
        "moins ceux de sa propre main",
        "50 points",
        "gagne la partie",
        "en travers",
    ):
        assert fact in text, fact
    assert "plus jeune" not in text  # the points variant opens with the highest double


@pytest.mark.slow
def test_points_english_states_every_fact() -> None:
    text = text_of(render(ctx_for("en", "points")))
    for fact in (
        "highest double",
        "If nobody has a double",
        "biggest total",
        "higher half",
        "Blocked game",
        "adds up the pips",
        "The lowest total wins the round",
        "the round is a draw",
        "minus the pips in their own hand",
        "50 points",
        "wins the game",
        "laid crosswise",
    ):
        assert fact in text, fact
    assert "youngest" not in text


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_points_target_is_taken_from_the_context(lang: str) -> None:
    text = text_of(render(ctx_for(lang, "points", target=120)))
    assert "120 points" in text
    assert "50 points" not in text


# ------------------------------------------------------------------ theme-aware


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("top", TOPS)
@pytest.mark.slow
def test_picture_rules_never_mention_points_or_pips(lang: str, top: int) -> None:
    text = text_of(render(ctx_for(lang, pictures=True, top=top))).lower()
    assert "point" not in text
    assert "pip" not in text
    assert ("image" if lang == "fr" else "picture") in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_numeric_example_caption_names_the_values(lang: str) -> None:
    text = text_of(render(ctx_for(lang)))
    for value in ("2-5", "5-5", "5-3", "3-1"):
        assert value in text


def test_points_with_a_picture_theme_is_refused_with_the_fix() -> None:
    ctx = ctx_for("fr", "points", pictures=True)
    with pytest.raises(RulesError) as info:
        validate_rules(ctx)
    message = str(info.value)
    assert "\n" not in message
    assert "--rules points needs a theme with numbers" in message
    assert "--rules famille" in message
    with pytest.raises(RulesError):
        render(ctx)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"lang": "tlh"}, "--lang"),
        ({"variant": "block"}, "--rules"),
        ({"target": 0}, "target"),
        ({"top": 1}, "too small"),
        ({"top": 0}, "too small"),
    ],
)
def test_impossible_contexts_are_refused(changes: dict, words: str) -> None:
    fields = {
        "lang": "fr",
        "variant": "points",
        "top": 6,
        "kind": "pips",
        "theme_title": "Points",
        "target": 50,
    }
    fields.update(changes)
    with pytest.raises(RulesError, match=re.escape(words)):
        validate_rules(RulesContext(**fields))


def test_points_with_an_association_set_is_refused() -> None:
    ctx = RulesContext("en", "points", 6, kind="association", theme_title="Colours")
    with pytest.raises(RulesError):
        validate_rules(ctx)
    validate_rules(RulesContext("en", "famille", 6, "association", "Colours"))


def test_rules_error_is_a_value_error_and_a_user_error() -> None:
    assert issubclass(RulesError, ValueError)
    assert issubclass(RulesError, DominoError)


def test_theme_title_with_markup_characters_is_shown_verbatim() -> None:
    text = text_of(render(ctx_for("fr", pictures=True, title="Dupont & Fils <3")))
    assert "Dominos Dupont & Fils <3" in text


# ---------------------------------------------------------------- set-aware deal


def test_double_six_deal_is_seven_then_five() -> None:
    assert deal_sizes(6) == {2: 7, 3: 5, 4: 5}


@pytest.mark.parametrize(
    ("top", "expected"),
    [
        (2, {2: 2}),
        (3, {2: 3, 3: 2, 4: 2}),
        (5, {2: 6, 3: 4, 4: 4}),
        (9, {2: 7, 3: 7, 4: 7}),
        (12, {2: 15, 3: 15, 4: 15}),
        (15, {2: 15, 3: 15, 4: 15}),
        (18, {2: 15, 3: 15, 4: 15}),
    ],
)
def test_deal_table(top: int, expected: dict[int, int]) -> None:
    assert deal_sizes(top) == expected


@given(hs.integers(min_value=2, max_value=18))
def test_every_deal_leaves_a_draw_pile(top: int) -> None:
    tiles = (top + 1) * (top + 2) // 2
    deal = deal_sizes(top)
    assert min(deal) == 2
    for players, each in deal.items():
        assert each >= 2 or top == 2
        assert tiles - players * each >= 2


@pytest.mark.parametrize(
    ("top", "tiles", "fr_deal", "en_deal"),
    [
        (
            3,
            10,
            "À deux, chaque joueur prend 3 dominos ; à trois ou à quatre, chacun prend 2 dominos",
            "Two players take 3 dominoes each; three or four players take 2 dominoes each",
        ),
        (
            9,
            55,
            "À deux, trois ou quatre, chaque joueur prend 7 dominos",
            "Two, three or four players take 7 dominoes each",
        ),
        (12, 91, "chaque joueur prend 15 dominos", "take 15 dominoes each"),
        (18, 190, "chaque joueur prend 15 dominos", "take 15 dominoes each"),
    ],
)
def test_text_follows_the_set(top: int, tiles: int, fr_deal: str, en_deal: str) -> None:
    fr = text_of(render(ctx_for("fr", top=top)))
    en = text_of(render(ctx_for("en", top=top)))
    assert f"{tiles} dominos" in fr and fr_deal in fr
    assert f"{tiles} dominoes" in en and en_deal in en


@pytest.mark.parametrize(
    ("lang", "top", "deal"),
    [
        ("es", 3, "Con dos jugadores, cada uno toma 3 fichas; con tres o cuatro, 2 fichas cada uno."),
        ("es", 9, "Con dos, tres o cuatro jugadores, cada uno toma 7 fichas."),
        ("es", 18, "Con dos, tres o cuatro jugadores, cada uno toma 15 fichas."),
        ("es", 2, "Con dos jugadores, cada uno toma 2 fichas."),
        ("de", 3, "Zu zweit erhält jeder 3 Dominosteine; zu dritt oder zu viert je 2 Dominosteine."),
        ("de", 5, "Zu zweit erhält jeder 6 Dominosteine; zu dritt oder zu viert je 4 Dominosteine."),
        ("de", 9, "Zu zweit, zu dritt oder zu viert erhält jeder 7 Dominosteine."),
        ("de", 2, "Zu zweit erhält jeder 2 Dominosteine."),
    ],
)
def test_spanish_and_german_deals_follow_the_set(lang: str, top: int, deal: str) -> None:
    text = text_of(render(ctx_for(lang, top=top)))
    assert deal in text
    tiles = (top + 1) * (top + 2) // 2
    assert f"{tiles} {'fichas' if lang == 'es' else 'Dominosteine'}" in text


@pytest.mark.slow
@settings(deadline=None)  # no wall-clock deadline: a loaded machine took 276 ms for one example
@given(
    hs.sampled_from(["famille", "points"]),
    hs.integers(min_value=2, max_value=18),
    hs.booleans(),
    hs.integers(min_value=1, max_value=500),
)
def test_every_language_says_the_same_plan(variant: str, top: int, pictures: bool, target: int) -> None:
    """One plan for every language: same sections, same number of steps, every placeholder filled."""
    from domino_print.texts import languages

    pictures = pictures and variant == "famille"
    shapes = set()
    for lang in languages():
        content = build_content(ctx_for(lang, variant, pictures=pictures, top=top, target=target, title="T"))
        shapes.add((len(content.facts), tuple(len(section.steps) for section in content.sections)))
        strings = [content.title, content.example_caption, *(t for pair in content.facts for t in pair)]
        strings += [text for section in content.sections for text in (section.heading, *section.steps)]
        assert not any("{" in text or "}" in text for text in strings), lang
        if variant == "points":
            assert f"{target}{NBSP}" in content.sections[-1].steps[-1]
    assert len(shapes) == 1


def test_double_two_is_for_two_players_only() -> None:
    content = build_content(ctx_for("en", top=2))
    assert dict(content.facts)["Players"] == "2"
    text = text_of(render(ctx_for("en", top=2)))
    assert "Two players take 2 dominoes each" in text
    assert "four" not in text


# ----------------------------------------------------------------- one page, size


@pytest.mark.parametrize(("lang", "variant", "pictures", "top"), list(all_combinations()))
@pytest.mark.parametrize("pagesize", [A4, letter], ids=["A4", "Letter"])
@pytest.mark.slow
def test_every_combination_fits_one_page_with_nothing_dropped(
    lang: str, variant: str, pictures: bool, top: int, pagesize: tuple[float, float]
) -> None:
    ctx = ctx_for(lang, variant, pictures=pictures, top=top)
    pdf = render(ctx, pagesize)
    text = text_of(pdf)
    content = build_content(ctx)
    # The last words of the page are there, so nothing was left out of the frame.
    caption_tail = " ".join(content.example_caption.replace(NBSP, " ").split()[-4:])
    assert caption_tail in text
    last_step = content.sections[-1].steps[-1]
    assert re.sub(r"<[^>]+>", "", last_step).replace(NBSP, " ").split()[-1] in text
    # Every character lies inside the margins.
    page = pdfium.PdfDocument(pdf)[0]
    textpage = page.get_textpage()
    width, height = pagesize
    for i in range(textpage.count_chars()):
        left, bottom, right, top_ = textpage.get_charbox(i)
        if right - left <= 0:
            continue
        assert left >= MARGIN - 0.5 and right <= width - MARGIN + 0.5
        assert bottom >= MARGIN - 0.5 and top_ <= height - MARGIN + 0.5


def _font_sizes(pdf: bytes) -> Counter:
    """Characters per (font, effective size) on the page."""
    sizes: Counter = Counter()

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip() and font_dict:
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            sizes[(font_dict["/BaseFont"], round(font_size * scale, 2))] += len(text.strip())

    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return sizes


@pytest.mark.parametrize(("lang", "variant"), [("fr", "points"), ("en", "famille")])
def test_body_text_is_readable_and_set_in_the_embedded_family(lang: str, variant: str) -> None:
    pdf = render(ctx_for(lang, variant, top=18), letter)
    sizes = _font_sizes(pdf)
    # Subset names carry a six-letter tag: AAAAAA+FiraSans-Bold.
    fonts = {font.split("+", 1)[-1] for font, _ in sizes}
    assert fonts == {"FiraSans-Regular", "FiraSans-Bold"}  # no italic: one font file less to read
    body = [size for (font, size) in sizes if not font.endswith("Bold")]
    assert min(body) >= 9.5
    assert pdf.count(b"/FontFile2") == 2  # each style embedded


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "variant"), [("fr", "points"), ("en", "points")])
def test_page_adds_at_most_20_kb(lang: str, variant: str) -> None:
    # The text and its three font styles, embedded as subsets (about 5 KB each).
    added = len(render(ctx_for(lang, variant, top=18))) - len(blank_pdf())
    assert added <= 20 * 1024, added


@pytest.mark.slow
def test_output_is_deterministic() -> None:
    assert render(ctx_for("fr", "points")) == render(ctx_for("fr", "points"))


def test_a_page_too_small_raises_instead_of_dropping_text() -> None:
    with pytest.raises(RulesError, match="does not fit"):
        render(ctx_for("fr", "points", top=18), (105 * mm, 148 * mm), margin=10 * mm)


# ------------------------------------------------------------------ French spacing


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Oui : non ; quoi ? ah !", f"Oui{NBSP}: non{NBSP}; quoi{NBSP}? ah{NBSP}!"),
        ("mot: suite", f"mot{NBSP}: suite"),
        ("fin :", f"fin{NBSP}:"),
        ("« bonjour »", f"«{NBSP}bonjour{NBSP}»"),
        ("«bonjour»", f"«{NBSP}bonjour{NBSP}»"),
        ("quoi ?!", f"quoi{NBSP}?!"),
        ("<b>commence</b> : il", f"<b>commence</b>{NBSP}: il"),
        ("Dupont &amp; Fils ; oui", f"Dupont &amp; Fils{NBSP}; oui"),
        ("à 10:30, voir http://x.fr", "à 10:30, voir http://x.fr"),
        (f"déjà{NBSP}: fait", f"déjà{NBSP}: fait"),
    ],
)
def test_french_spacing(raw: str, expected: str) -> None:
    assert french_spacing(raw) == expected
    assert french_spacing(expected) == expected  # idempotent


@pytest.mark.parametrize("variant", ["famille", "points"])
def test_french_content_uses_no_break_spaces_before_high_punctuation(variant: str) -> None:
    content = build_content(ctx_for("fr", variant))
    strings = [content.title, content.example_caption]
    strings += [text for pair in content.facts for text in pair]
    for section in content.sections:
        strings += [section.heading, *section.steps]
    joined = "\n".join(strings)
    assert re.search(r" [:;!?]", joined) is None
    assert re.search(f"{NBSP}[:;?]", joined)


@pytest.mark.parametrize(
    ("variant", "pictures", "top"),
    [
        (v, p, t)
        for v in ("famille", "points")
        for p in (False, True)
        for t in TOPS
        if not (v == "points" and p)
    ],
)
@pytest.mark.parametrize("pagesize", [A4, letter], ids=["A4", "Letter"])
@pytest.mark.slow
def test_french_lines_never_start_with_high_punctuation(
    variant: str, pictures: bool, top: int, pagesize: tuple[float, float]
) -> None:
    # ReportLab writes U+00A0 as a plain space in WinAnsi text, so the proof that the
    # no-break spaces work is in the line breaks: no line starts with ": ; ! ? »".
    pdf = render(ctx_for("fr", variant, pictures=pictures, top=top), pagesize)
    lines = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()
    assert len(lines) > 20
    for line in lines:
        assert not re.match(r"\s*[:;!?»]", line), line
        assert not line.rstrip().endswith("«"), line


def test_french_spacing_keeps_the_colon_with_its_word_when_a_line_breaks() -> None:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    style = ParagraphStyle("t", fontName="Helvetica", fontSize=10, leading=12)
    # Wide enough for "aaaa bbbb" but not for "aaaa bbbb :".
    width = stringWidth("aaaa bbbb ", "Helvetica", 10) + 1

    def lines(text: str) -> list[str]:
        para = Paragraph(text, style)
        para.wrap(width, 1000)
        return [" ".join(line[1]) for line in para.blPara.lines]

    assert lines("aaaa bbbb : cccc")[1].startswith(":")  # what we must avoid
    broken = lines(french_spacing("aaaa bbbb : cccc"))
    assert not any(line.startswith(":") for line in broken)
    assert broken[-1].startswith(f"bbbb{NBSP}:")


def test_english_content_has_no_space_before_colons() -> None:
    content = build_content(ctx_for("en", "points"))
    steps = " ".join(step for section in content.sections for step in section.steps)
    assert re.search(rf"[ {NBSP}][:;?]", steps) is None


# ---------------------------------------------------------------- example chain


def _angle_is(matrix: tuple[float, ...], degrees: int) -> bool:
    a, b, c, d = matrix[:4]
    expected = {0: (1, 0, 0, 1), 90: (0, 1, -1, 0)}[degrees]
    return all(abs(x - y) < 1e-9 for x, y in zip((a, b, c, d), expected, strict=True))


def test_example_chain_is_drawn_with_a_crosswise_double() -> None:
    stub = StubTile()
    render(ctx_for("en"), stub=stub)
    assert [(a, b) for a, b, _, _ in stub.calls] == [(2, 5), (5, 5), (5, 3), (3, 1)]
    shorts = {short for _, _, short, _ in stub.calls}
    assert len(shorts) == 1 and next(iter(shorts)) >= 9 * mm
    matrices = [m for *_, m in stub.calls]
    assert _angle_is(matrices[1], 90)
    assert stub.turned == [False, True, False, False]  # the renderer is told which tile is turned
    for i in (0, 2, 3):
        assert _angle_is(matrices[i], 0)
    # Left to right, touching: each tile starts where the previous one ends (small gap).
    short = next(iter(shorts))
    lefts = [m[4] - (short if i == 1 else 0) for i, m in enumerate(matrices)]
    widths = [short, short, 2 * short, 2 * short]
    widths[0] = 2 * short
    for i in range(3):
        gap = lefts[i + 1] - (lefts[i] + widths[i])
        assert 0 <= gap <= 0.1 * short
    # Horizontal tiles sit on the double's middle.
    double_mid = matrices[1][5] + short
    for i in (0, 2, 3):
        assert abs(matrices[i][5] + short / 2 - double_mid) < 1e-6


@pytest.mark.parametrize("top", [2, 3, 4, 5, 6, 18])
def test_example_chain_uses_values_of_the_set_and_matches(top: int) -> None:
    tiles = example_chain(top)
    assert len(tiles) == 4 and tiles[1][0] == tiles[1][1]
    assert all(0 <= v <= top for tile in tiles for v in tile)
    for (_, right), (left, _) in itertools.pairwise(tiles):
        assert right == left
    assert len(set(frozenset(t) for t in tiles)) == 4  # four different tiles
    stub = StubTile()
    render(ctx_for("fr", pictures=True, top=top), stub=stub)
    assert [(a, b) for a, b, _, _ in stub.calls] == list(tiles)


def test_page_renders_with_ink_in_the_example_area() -> None:
    pdf = render(ctx_for("fr", pictures=True))
    image = pdfium.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("L")
    assert image.getextrema()[0] < 60  # dark ink somewhere on the page
    dark = sum(image.histogram()[:128])
    assert dark > 2000


@pytest.mark.slow
def test_a5_paper_gets_the_rules_page_reduced_onto_one_page(tmp_path):
    from click.testing import CliRunner

    from domino_print.cli import cli

    out = tmp_path / "a5.pdf"
    result = CliRunner().invoke(
        cli, ["--paper", "A5", "--lang", "en", "--rules", "points", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(str(out))
    last = reader.pages[-1]
    assert sorted((float(last.mediabox.width), float(last.mediabox.height))) == pytest.approx(
        [419.53, 595.28], abs=0.1
    )
    text = " ".join(last.extract_text().split())  # the lines break where the page's size puts them
    assert "How to play" in text and "50 points" in text and "a 2 or a 1" in text
    assert "How to play" not in reader.pages[-2].extract_text()


def test_example_caption_names_an_open_end_once_when_both_ends_match() -> None:
    caption = build_content(ctx_for("fr", top=2)).example_caption.replace(NBSP, " ")
    assert caption.endswith("devra porter un 1.") and "un 1 ou un 1" not in caption
    caption = build_content(ctx_for("en", top=2)).example_caption.replace(NBSP, " ")
    assert caption.endswith("must have a 1.")


RULES_HEADINGS = {"fr": "Règle du jeu", "en": "How to play", "es": "Reglas del juego", "de": "Spielregeln"}

BUILTIN_COMBINATIONS = [
    (theme, lang, variant)
    for theme in ("pips", "pips-couleur", "chiffres", "fruits")
    for lang in RULES_HEADINGS
    for variant in ("famille", "points")
    if not (theme == "fruits" and variant == "points")
]


@pytest.mark.parametrize(("theme", "lang", "variant"), BUILTIN_COMBINATIONS)
@pytest.mark.slow
def test_every_builtin_theme_gets_one_rules_page_with_its_own_tiles(tmp_path, theme, lang, variant):
    from click.testing import CliRunner

    from domino_print.cli import cli

    with_rules, without = tmp_path / "with.pdf", tmp_path / "without.pdf"
    common = ["--theme", theme, "--lang", lang]
    assert CliRunner().invoke(cli, [*common, "--rules", variant, "--out", str(with_rules)]).exit_code == 0
    assert CliRunner().invoke(cli, [*common, "--no-rules", "--out", str(without)]).exit_code == 0
    reader = pypdf.PdfReader(str(with_rules))
    assert len(reader.pages) == len(pypdf.PdfReader(str(without)).pages) + 1  # exactly one page
    rules = reader.pages[-1]
    assert RULES_HEADINGS[lang] in rules.extract_text()
    # The example chain places the theme's own face forms: four tiles, two faces each.
    assert rules.get_contents().get_data().count(b" Do") >= 8
    assert "/FormXob.Face5" in rules["/Resources"]["/XObject"]
    assert with_rules.stat().st_size - without.stat().st_size <= 16 * 1024  # text and the italic


@pytest.mark.parametrize("lang", ["fr", "en", "es", "de"])
def test_a_sum_on_a_rules_page_is_never_broken_across_lines(lang):
    """The fives example's "4 + 1 + 5 = 10" once broke before "= 10": every sum a rules page
    prints holds its spaces (no-break, U+00A0), so the paragraph wraps before or after it."""
    from domino_print.texts import CATALOGUE_DIR, toml_parser

    catalogue = CATALOGUE_DIR / f"{lang}.toml"
    rules = toml_parser().loads(catalogue.read_text(encoding="utf-8"))["rules"]

    def texts(table: object) -> list[str]:
        if isinstance(table, dict):
            return [text for value in table.values() for text in texts(value)]
        return [table] if isinstance(table, str) else []

    breakable = [text for text in texts(rules) if re.search(r"\d [+=×−] \d", text)]
    assert breakable == []
    assert any(re.search("4\u00a0\\+\u00a01\u00a0\\+\u00a05\u00a0=\u00a010", text) for text in texts(rules))
