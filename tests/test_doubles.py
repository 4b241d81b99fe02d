"""The Doubles game (``--rules doubles``): its facts read back from the PDF in every language,
the spinner example, the one-page fit, and the refusals (picture themes, other sets).

PDFs come from the command line (the whole pipeline, the theme's own faces) or from
``draw_rules_page`` with a recording ``draw_tile`` stub (to check where each tile goes).
"""

from __future__ import annotations

import io
import itertools
import os
import re

import pypdf
import pypdfium2 as pdfium
import pytest
from reportlab.lib.pagesizes import A4, A5, letter
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from domino_print import texts
from domino_print.pdf.rules_page import draw_rules_page
from domino_print.rules.content import RulesContext, RulesError, build_content, validate_rules
from domino_print.rules.games.doubles import DEAL as DOUBLES_DEAL
from domino_print.rules.games.doubles import SPINNER, spinner_layout
from domino_print.rules.variant import PlacedTile, figure_size
from domino_print.texts import NBSP

MARGIN = 15 * mm
LANGUAGES = texts.languages()
NUMBER_THEMES = ("pips", "pips-couleur", "chiffres")


def ctx_for(lang: str, *, target: int | None = None, top: int = 6, pictures: bool = False) -> RulesContext:
    return RulesContext(
        lang=lang,
        variant="doubles",
        top=top,
        kind="pictures" if pictures else "pips",
        theme_title="Fruits" if pictures else "T",
        target=target,
    )


def plain(text: str) -> str:
    """Page text or catalogue text without markup, every run of spaces one space."""
    text = re.sub(r"<[^>]+>", "", text).replace(NBSP, " ")
    return re.sub(r"\s+", " ", text).strip()


def last_page_text(pdf) -> str:
    reader = pypdf.PdfReader(pdf)
    return plain(reader.pages[-1].extract_text())


class StubTile:
    """A ``draw_tile`` that draws a plain rectangle and logs each call with the CTM."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int, float, tuple[float, ...], bool]] = []

    def __call__(self, canvas: Canvas, a: int, b: int, short_pt: float, turned: bool = False) -> None:
        self.calls.append((a, b, short_pt, tuple(canvas._currentMatrix), turned))
        canvas.rect(0, 0, 2 * short_pt, short_pt)


def render(ctx: RulesContext, pagesize=A4, stub: StubTile | None = None, margin: float = MARGIN) -> bytes:
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


@pytest.fixture(scope="module")
def doubles_pdfs(tmp_path_factory):
    """The pips sheet with the Doubles rules page, once per language: default target and --target 150."""
    from click.testing import CliRunner

    from domino_print.cli import cli

    folder = tmp_path_factory.mktemp("doubles")
    made = {}
    for lang in LANGUAGES:
        for target in (None, 150):
            out = folder / f"{lang}-{target}.pdf"
            extra = [] if target is None else ["--target", str(target)]
            result = CliRunner().invoke(
                cli, ["--theme", "pips", "--lang", lang, "--rules", "doubles", *extra, "--out", str(out)]
            )
            assert result.exit_code == 0, result.output
            made[lang, target] = out
    return made


# --------------------------------------------------------------- facts, every language


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.slow
def test_deal_is_eight_for_two_and_six_for_three_or_four(doubles_pdfs, lang):
    text = last_page_text(doubles_pdfs[lang, None])
    two = texts.text(
        lang,
        "rules.deal.first",
        players=texts.text(lang, "rules.deal.players.2"),
        dominoes=texts.plural(lang, "rules.dominoes", 8),
    )
    more = texts.text(
        lang,
        "rules.deal.next",
        players=texts.join_list(
            lang, "rules.deal.list", [texts.text(lang, f"rules.deal.players.{n}") for n in (3, 4)]
        ),
        dominoes=texts.plural(lang, "rules.dominoes", 6),
    )
    between = texts.text(lang, "rules.deal.between")
    sentence = texts.typeset(lang, two[:1].upper() + two[1:] + between + more)
    assert plain(sentence) in text
    assert DOUBLES_DEAL == {2: 8, 3: 6, 4: 6}


DEALS = {
    "fr": "À deux, chaque joueur prend 8 dominos ; à trois ou à quatre, chacun prend 6 dominos",
    "en": "Two players take 8 dominoes each; three or four players take 6 dominoes each",
    "es": "Con dos jugadores, cada uno toma 8 fichas; con tres o cuatro, 6 fichas cada uno",
    "de": "Zu zweit erhält jeder 8 Dominosteine; zu dritt oder zu viert je 6 Dominosteine",
}
HUNDRED = {"fr": "100 points", "en": "100 points", "es": "100 puntos", "de": "100 Punkte"}


@pytest.mark.parametrize("lang", sorted(DEALS))
@pytest.mark.slow
def test_deal_and_target_as_written_in_each_language(doubles_pdfs, lang):
    text = last_page_text(doubles_pdfs[lang, None])
    assert DEALS[lang] in text
    assert text.count(HUNDRED[lang]) == 2  # the goal in the facts band and the last scoring step


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_of_the_game_reaches_the_page(doubles_pdfs, lang):
    """Each step of the catalogue's Doubles table is on the page, whole."""
    text = last_page_text(doubles_pdfs[lang, None])
    hundred = texts.plural(lang, "rules.points_total", 100)
    for step in (
        "start",
        "locked",
        "spinner",
        "draw",
        "end_win",
        "end_blocked",
        "score_out",
        "score_blocked",
    ):
        assert plain(texts.typeset(lang, texts.text(lang, f"rules.doubles.{step}"))) in text, step
    assert plain(texts.typeset(lang, texts.text(lang, "rules.doubles.score_win", target=hundred))) in text
    assert plain(texts.typeset(lang, texts.text(lang, "rules.doubles.example"))) in text
    # The famille and points rules are not there: no single chain with a crosswise double.
    assert plain(texts.typeset(lang, texts.text(lang, "rules.turn.double"))) not in text
    assert plain(texts.typeset(lang, texts.text(lang, "rules.famille.start"))) not in text


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_target_option_replaces_the_hundred_points(doubles_pdfs, lang):
    text = last_page_text(doubles_pdfs[lang, 150])
    total = plain(texts.plural(lang, "rules.points_total", 150))
    assert text.count(total) == 2
    assert plain(texts.plural(lang, "rules.points_total", 100)) not in text


RULE_WORDS = {
    "fr": (
        "double le plus fort",
        "on redistribue",
        "reste fermé tant que son double",
        "tourniquet",
        "ses quatre côtés",
        "Piochez un seul domino",
        "deux dominos dans la pioche",
        "les points restés dans les mains de tous les autres",
        "Le plus petit total gagne la manche",
    ),
    "en": (
        "highest double",
        "deal again",
        "stays locked until its double is on the table",
        "spinner",
        "all four of its sides",
        "Draw one domino",
        "only two dominoes are left",
        "the pips left in every other player’s hand",
        "The lowest total wins the round",
    ),
    "es": (
        "doble más alto",
        "se reparte de nuevo",
        "está bloqueado mientras su doble",
        "molinete",
        "sus cuatro lados",
        "Roba una sola ficha",
        "solo quedan dos fichas",
        "los puntos que les quedan en la mano a todos los demás",
        "Quien sume menos gana la mano",
    ),
    "de": (
        "höchsten Pasch",
        "neu ausgeteilt",
        "bleibt gesperrt, bis ihr Pasch auf dem Tisch liegt",
        "Kreuzung",
        "alle vier Seiten",
        "Ziehe einen einzigen Stein",
        "nur noch zwei Steine",
        "die alle anderen noch auf der Hand haben",
        "Wer die niedrigste Summe hat, gewinnt die Runde",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("lang", sorted(RULE_WORDS))
def test_each_fact_of_the_seed_is_said(doubles_pdfs, lang):
    """Highest double opens, no double: deal again, locked numbers, spinners, draw one, two left
    undrawn, scoring when going out and when blocked."""
    text = last_page_text(doubles_pdfs[lang, None])
    for words in RULE_WORDS[lang]:
        assert words in text, words


def test_every_language_says_the_same_plan():
    shapes = set()
    for lang in LANGUAGES:
        content = build_content(ctx_for(lang, target=37))
        shapes.add((len(content.facts), tuple(len(section.steps) for section in content.sections)))
        strings = [content.title, content.example_caption, *(t for pair in content.facts for t in pair)]
        strings += [text for section in content.sections for text in (section.heading, *section.steps)]
        assert not any("{" in text or "}" in text for text in strings), lang
        assert f"37{NBSP}" in content.facts[-1][1] and f"37{NBSP}" in content.sections[-1].steps[-1]
        assert content.figure is SPINNER
    assert shapes == {(4, (4, 4, 2, 3))}  # facts; prepare, turn, end, scoring


# ------------------------------------------------------------------ the spinner figure


def _touch(first: PlacedTile, second: PlacedTile, gap: float) -> tuple[int, int] | None:
    """The values of the two halves where ``first`` and ``second`` touch, or None."""

    def halves(tile: PlacedTile):
        if tile.upright:
            return ((tile.a, tile.x, tile.y, 1, 1), (tile.b, tile.x, tile.y + 1, 1, 1))
        return ((tile.a, tile.x, tile.y, 1, 1), (tile.b, tile.x + 1, tile.y, 1, 1))

    for (va, xa, ya, wa, ha), (vb, xb, yb, wb, hb) in itertools.product(halves(first), halves(second)):
        overlap_x = min(xa + wa, xb + wb) - max(xa, xb)
        overlap_y = min(ya + ha, yb + hb) - max(ya, yb)
        side_by_side = abs(abs((xa + wa / 2) - (xb + wb / 2)) - 1 - gap) < 1e-9 and overlap_y > 0.4
        one_above = abs(abs((ya + ha / 2) - (yb + hb / 2)) - 1 - gap) < 1e-9 and overlap_x > 0.4
        if side_by_side or one_above:
            return va, vb
    return None


def test_spinner_layout_has_four_branches_and_touching_halves_match():
    gap = 0.04
    tiles = spinner_layout(gap)
    assert len({frozenset((t.a, t.b)) for t in tiles}) == len(tiles) == 7  # seven different dominoes
    for first, second in itertools.combinations(tiles, 2):  # no two tiles overlap
        apart_x = first.x + first.width <= second.x + 1e-9 or second.x + second.width <= first.x + 1e-9
        apart_y = first.y + first.height <= second.y + 1e-9 or second.y + second.height <= first.y + 1e-9
        assert apart_x or apart_y, (first, second)
        touching = _touch(first, second, gap)
        if touching:
            assert touching[0] == touching[1], (first, second)
    spinner = next(t for t in tiles if (t.a, t.b) == (6, 6))
    assert spinner.upright
    neighbours = {
        "left": [t for t in tiles if abs(t.x + t.width + gap - spinner.x) < 1e-9],
        "right": [t for t in tiles if abs(spinner.x + 1 + gap - t.x) < 1e-9 and not t.upright],
        "above": [t for t in tiles if abs(spinner.y + 2 + gap - t.y) < 1e-9 and t.x == spinner.x],
        "below": [t for t in tiles if abs(t.y + t.height + gap - spinner.y) < 1e-9 and t.x == spinner.x],
    }
    assert all(len(found) == 1 for found in neighbours.values()), neighbours
    for found in neighbours.values():  # every branch shows a 6 against the double six
        assert _touch(spinner, found[0], gap) == (6, 6)
    # The 3 of the 6-3 is met by the double three, which has its own branch (3-5).
    second = next(t for t in tiles if (t.a, t.b) == (3, 3))
    assert _touch(next(t for t in tiles if (t.a, t.b) == (6, 3)), second, gap) == (3, 3)
    assert _touch(second, next(t for t in tiles if (t.a, t.b) == (3, 5)), gap) == (3, 3)
    assert figure_size(tiles) == pytest.approx((6 + 3 * gap, 6 + 2 * gap))


def _box(matrix: tuple[float, ...], short: float) -> tuple[float, float, float, float]:
    """The page box (x0, y0, x1, y1) of a tile drawn ``2 * short`` by ``short`` under ``matrix``."""
    a, b, c, d, e, f = matrix
    corners = [(a * x + c * y + e, b * x + d * y + f) for x in (0, 2 * short) for y in (0, short)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.slow
def test_the_page_draws_the_spinner_with_a_branch_on_each_side():
    stub = StubTile()
    render(ctx_for("en"), stub=stub)
    assert [(a, b) for a, b, *_ in stub.calls] == list(SPINNER.tiles)
    short = stub.calls[0][2]
    assert short >= 8 * mm
    boxes = {(a, b): _box(matrix, short) for a, b, _, matrix, _ in stub.calls}
    upright = {(a, b) for a, b, _, matrix, _ in stub.calls if abs(matrix[0]) < 1e-9}
    assert upright == {(6, 6), (3, 3), (6, 4), (2, 6), (3, 5)}
    assert all(turned == ((a, b) in upright) for a, b, _, _, turned in stub.calls)
    x0, y0, x1, y1 = boxes[6, 6]
    assert x1 - x0 == pytest.approx(short) and y1 - y0 == pytest.approx(2 * short)
    near = 0.1 * short

    def beside(box, side):
        bx0, by0, bx1, by1 = box
        return {
            "left": 0 <= x0 - bx1 <= near and by0 < y1 and by1 > y0,
            "right": 0 <= bx0 - x1 <= near and by0 < y1 and by1 > y0,
            "above": 0 <= by0 - y1 <= near and bx0 < x1 and bx1 > x0,
            "below": 0 <= y0 - by1 <= near and bx0 < x1 and bx1 > x0,
        }[side]

    for side, tile in (("left", (1, 6)), ("right", (6, 3)), ("above", (6, 4)), ("below", (2, 6))):
        assert beside(boxes[tile], side), side
        assert [t for t, box in boxes.items() if t != (6, 6) and beside(box, side)] == [tile]


@pytest.mark.parametrize("theme", NUMBER_THEMES)
@pytest.mark.slow
def test_the_pdf_example_uses_the_themes_faces_for_seven_tiles(tmp_path, run_cli, theme):
    out = tmp_path / "d.pdf"
    assert run_cli("--theme", theme, "--rules", "doubles", "--lang", "de", "--out", out).exit_code == 0
    rules = pypdf.PdfReader(str(out)).pages[-1]
    content = rules.get_contents().get_data()
    faces = {value: content.count(f"/FormXob.Face{value} Do".encode()) for value in range(7)}
    # 1-6, 6-6, 6-3, 3-3, 6-4, 2-6, 3-5: fourteen halves.
    assert faces == {0: 0, 1: 1, 2: 1, 3: 4, 4: 1, 5: 1, 6: 6}


@pytest.mark.slow
def test_the_figure_is_inked_where_the_branches_are(doubles_pdfs):
    """From pixels: the four branches and the double six leave ink in a cross around the spinner."""
    stub = StubTile()
    render(ctx_for("fr"), stub=stub, margin=10 * mm)  # the CLI's layout: default margin, same looks
    document = pdfium.PdfDocument(str(doubles_pdfs["fr", None]))
    page = document[len(document) - 1]
    scale = 100 / 72
    image = page.render(scale=scale).to_pil().convert("L")
    height = image.height
    short = stub.calls[0][2]
    for a, b, _, matrix, _ in stub.calls:
        x0, y0, x1, y1 = _box(matrix, short)
        crop = image.crop(
            (
                int(x0 * scale) + 2,
                int(height - y1 * scale) + 2,
                int(x1 * scale) - 2,
                int(height - y0 * scale) - 2,
            )
        )
        dark = sum(crop.histogram()[:100])
        assert dark >= 5 * (a + b), (a, b)  # some pip ink in every tile, more for more pips
    # The corners of the cross stay blank: above the 1-6 and left of the 6-4, below the 1-6 and
    # left of the 2-6.
    boxes = {(a, b): _box(matrix, short) for a, b, _, matrix, _ in stub.calls}
    left, above, below = boxes[1, 6], boxes[6, 4], boxes[2, 6]
    for y0, y1 in ((left[3], above[3]), (below[1], left[1])):
        corner = image.crop(
            (
                int(left[0] * scale) + 2,
                int(height - y1 * scale) + 2,
                int(above[0] * scale) - 2,
                int(height - y0 * scale) - 2,
            )
        )
        assert corner.width > 20 and corner.height > 20
        assert corner.getextrema()[0] > 200, "ink in an empty corner of the figure"
    document.close()


# ---------------------------------------------------------------------- one page


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("pagesize", "margin"),
    [(A4, MARGIN), (letter, MARGIN), (A5, 10 * mm), (A5, 14 * mm)],
    ids=["A4", "Letter", "A5", "A5-margin-14"],
)
def test_the_page_fits_with_nothing_dropped_or_overflowing(lang, pagesize, margin):
    """A5 takes the page reduced; its taller figure fits A5 with margins up to 14 mm (default 10)."""
    ctx = ctx_for(lang, target=1000)
    pdf = render(ctx, pagesize, margin=margin)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1
    text = plain(reader.pages[0].extract_text())
    content = build_content(ctx)
    assert plain(content.example_caption) in text
    assert plain(content.sections[-1].steps[-1]) in text
    page = pdfium.PdfDocument(pdf)[0]
    textpage = page.get_textpage()
    width, height = pagesize
    for i in range(textpage.count_chars()):
        left, bottom, right, top = textpage.get_charbox(i)
        if right - left <= 0:
            continue
        assert left >= margin - 0.5 and right <= width - margin + 0.5
        assert bottom >= margin - 0.5 and top <= height - margin + 0.5


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "A5", "Letter"])
def test_cli_gives_one_rules_page_on_each_paper(tmp_path, run_cli, paper):
    with_rules, without = tmp_path / "with.pdf", tmp_path / "without.pdf"
    common = ("--theme", "chiffres", "--lang", "fr", "--paper", paper)
    assert run_cli(*common, "--rules", "doubles", "--out", with_rules).exit_code == 0
    assert run_cli(*common, "--no-rules", "--out", without).exit_code == 0
    pages = len(pypdf.PdfReader(str(with_rules)).pages)
    assert pages == len(pypdf.PdfReader(str(without)).pages) + 1
    assert "tourniquet" in last_page_text(with_rules)


@pytest.mark.slow
def test_output_is_deterministic():
    assert render(ctx_for("es")) == render(ctx_for("es"))


# ----------------------------------------------------------------------- refusals


def _refused(run_cli, tmp_path, *args: str) -> str:
    out = tmp_path / "never.pdf"
    result = run_cli(*args, "--out", out)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino-print: error: ")
    assert "Traceback" not in result.output
    assert not out.exists() and os.listdir(tmp_path) == []
    return lines[0]


@pytest.mark.parametrize("extra", [(), ("--target", "80")])
def test_picture_themes_are_refused_with_one_line_and_no_file(run_cli, tmp_path, extra):
    line = _refused(run_cli, tmp_path, "--theme", "fruits", "--rules", "doubles", *extra)
    assert "--rules doubles needs a theme with numbers" in line
    assert "--rules famille" in line


@pytest.mark.parametrize("top", ["5", "9"])
def test_sets_other_than_double_six_are_refused_with_the_fix(run_cli, tmp_path, top):
    line = _refused(run_cli, tmp_path, "--theme", "chiffres", "--max", top, "--rules", "doubles")
    assert "double-six" in line and "--max 6" in line and f"double-{top}" in line


@pytest.mark.slow
def test_explicit_max_6_is_accepted(run_cli, tmp_path):
    out = tmp_path / "d.pdf"
    assert run_cli("--theme", "chiffres", "--max", "6", "--rules", "doubles", "--out", out).exit_code == 0


def test_target_needs_a_scoring_game(run_cli, tmp_path):
    line = _refused(run_cli, tmp_path, "--target", "80")
    assert "add --rules points, --rules doubles" in line


def test_validate_refuses_pictures_non_numbers_and_other_sets():
    with pytest.raises(RulesError, match="needs a theme with numbers"):
        validate_rules(ctx_for("fr", pictures=True))
    with pytest.raises(RulesError, match="needs a theme with numbers"):
        validate_rules(RulesContext("en", "doubles", 6, kind="association", theme_title="Colours"))
    with pytest.raises(RulesError, match=re.escape("use --max 6")):
        validate_rules(ctx_for("en", top=12))
    with pytest.raises(RulesError, match="target"):
        validate_rules(ctx_for("en", target=0))
    validate_rules(ctx_for("en"))


# -------------------------------------------------------------- the look search


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "lang", "pagesize", "margin"),
    [
        ("doubles", "fr", A4, 15 * mm),
        ("doubles", "es", letter, 15 * mm),
        ("doubles", "de", A4, 20 * mm),
        ("points", "fr", A4, 15 * mm),
        ("famille", "de", letter, 30 * mm),
    ],
)
def test_skipping_runs_of_looks_finds_the_look_that_trying_every_look_finds(variant, lang, pagesize, margin):
    """The search skips a body size whose tightest look does not fit: the page it picks is the
    one the first fitting look of the full, ordered list gives."""
    from domino_print.pdf.rules_page import _figure, _first_fitting, _looks, _measure, _story

    content = build_content(RulesContext(lang, variant, 6, "pips", "T"))
    canvas = Canvas(io.BytesIO(), pagesize=pagesize)
    width, height = pagesize[0] - 2 * margin, pagesize[1] - 2 * margin
    stub = StubTile()
    every = [
        sizes
        for look in _looks(width, _figure(content))
        if (sizes := _measure(canvas, _story(content, stub, width, look), width, height)) is not None
    ]
    found = _first_fitting(canvas, content, stub, width, height)
    assert every and found is not None
    assert found[1] == every[0]
    assert len(every) < len(_looks(width, _figure(content)))  # some looks did not fit


def test_the_option_table_gives_the_doubles_game_its_own_target():
    from domino_print.options.parsing import parse
    from domino_print.options.wording import form_fields
    from domino_print.rules import default_targets

    assert default_targets()["doubles"] == 100 and default_targets()["points"] == 50
    target = next(field for field in form_fields("fr") if field["name"] == "target")
    # the studio's form is told each game's own target (issue 16 bug 1: 100 for doubles, not 50)
    assert target["implied_with"] == {"option": "rules", "values": default_targets()}
    assert parse({"rules": "doubles"}).target == 100
    assert parse({"rules": "doubles", "target": 70}).target == 70
    assert parse({"rules": "points"}).target == 50
