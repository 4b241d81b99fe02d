"""The games of issue 22 (tout-petits, fives, chicken, train) and the house rules of every game.

Every fact a rules page states (hand sizes by set and players, the target, who starts, the
players) is read back from the PDF and compared with the game's unit, in every language and
with changed house rules; the Mexican Train's hub page is counted from its pixels for 2 to 8
players; refusals are one line that names the sets a game takes.
"""

from __future__ import annotations

import io
import math
import os
import re

import pypdf
import pypdfium2 as pdfium
import pytest

from domino_print import texts
from domino_print.api import make_document, parse_options
from domino_print.errors import OptionError
from domino_print.geometry.hub import hub_layout
from domino_print.pdf.game_pages.hub import MARKER_GREY, MEXICAN_SLOT_GREY, SLOT_GREY
from domino_print.rules import registry, variant
from domino_print.rules.content import deal_of

pytestmark = pytest.mark.slow

LANGUAGES = texts.languages()
MM_PER_PT = 25.4 / 72
GAMES = {  # a set each game is played with, and a theme that suits it
    "famille": ("fruits", 6), "points": ("pips", 6), "doubles": ("pips", 6), "tout-petits": ("fruits", 3),
    "fives": ("pips", 6), "chicken": ("pips", 9), "train": ("chiffres", 12),
}


def plain(text: str) -> str:
    text = re.sub(r"<[^>]+>", "", text).replace("\u00a0", " ").replace("\u202f", " ")
    return re.sub(r"\s+", " ", text).strip()


def rules_page_text(mapping: dict) -> tuple[str, object]:
    job = parse_options(mapping)
    document = make_document(job)
    reader = pypdf.PdfReader(io.BytesIO(document.pdf))
    first = len(job.layout.pages) * job.options.sets
    return plain(reader.pages[first].extract_text()), job


def said(lang: str, key: str, **values: object) -> str:
    return plain(texts.typeset(lang, texts.text(lang, key, **values)))


def test_every_game_of_the_issue_is_in_the_registry():
    assert {"tout-petits", "fives", "chicken", "train"} <= set(registry())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_every_fact_of_every_game_is_on_its_page(game, lang):
    theme, top = GAMES[game]
    page, job = rules_page_text({"theme": theme, "max": top, "rules": game, "lang": lang})
    unit = variant(game)
    deal = dict(unit.hands(top))
    assert deal == deal_of(job.rules_context)
    for players, each in deal.items():
        # the player words may open a sentence (German "Zu zweit")
        assert said(lang, f"rules.deal.players.{players}").lower() in page.lower(), players
        assert said(lang, "rules.dominoes.other" if each > 1 else "rules.dominoes.one", count=each) in page
    low, high = min(deal), max(deal)
    assert said(lang, "rules.fact.players_range", low=low, high=high) in page
    if unit.target is not None:
        total = texts.plural(lang, "rules.points_total", unit.target)
        assert plain(texts.typeset(lang, total)) in page
    values = {"top": top, "double": texts.set_name(lang, top), "rounds": top + 1}
    assert said(lang, f"rules.{game}.start", **values) in page
    if unit.age:
        assert said(lang, unit.age) in page


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_a_changed_house_rule_is_what_the_page_says(game, lang):
    """--hand, --players, --starter and --target: the page states the changed facts, never the old ones."""
    theme, top = GAMES[game]
    unit = variant(game)
    players = min(unit.hands(top))
    hand = 2 if top <= 3 else 4
    starter = "plus-jeune" if unit.starter == "plus-grand-double" else None
    mapping = {"theme": theme, "max": top, "rules": game, "lang": lang, "hand": hand, "players": players}
    if starter:
        mapping["starter"] = starter
    if unit.target is not None:
        mapping["target"] = 77
    page, job = rules_page_text(mapping)
    assert deal_of(job.rules_context) == {players: hand}
    assert said(lang, f"rules.deal.players.{players}").lower() in page.lower()
    assert said(lang, "rules.dominoes.other", count=hand) in page
    for each in set(unit.hands(top).values()) - {hand}:  # the game's own hand sizes are gone
        assert not re.search(rf"\b{each} " + re.escape(said(lang, "rules.dominoes.other", count=0)[2:]), page)
    if unit.target is not None:
        assert plain(texts.typeset(lang, texts.plural(lang, "rules.points_total", 77))) in page
        assert plain(texts.typeset(lang, texts.plural(lang, "rules.points_total", unit.target))) not in page
    if starter:
        own = f"rules.{game}.start_plus-jeune"
        key = own if texts.lookup(lang, own) is not None else "rules.starter.plus-jeune"
        values = {"top": top, "double": texts.set_name(lang, top), "rounds": top + 1}
        assert said(lang, key, **values) in page
        assert said(lang, f"rules.{game}.start", **values) not in page


@pytest.mark.parametrize("players", range(2, 9))
def test_the_hub_page_has_a_slot_and_a_marker_per_player_and_the_mexican_train(players, tmp_path):
    job = parse_options({"theme": "chiffres", "max": 12, "rules": "train", "players": players})
    document = make_document(job)
    hub = len(job.layout.pages) + 1
    assert document.pages == job.page_count == hub + 1
    page = pdfium.PdfDocument(io.BytesIO(document.pdf))[hub]
    dpi = 40
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    assert _regions(image, SLOT_GREY) == players  # the players' slots
    assert _regions(image, MARKER_GREY) == players + 1
    # The Mexican train's slot is drawn apart (dark): one, where the geometry puts it.
    [mexican] = _region_boxes(image, MEXICAN_SLOT_GREY)
    width_pt, height_pt = page.get_size()
    layout = hub_layout(players, page_width_mm=width_pt * MM_PER_PT, page_height_mm=height_pt * MM_PER_PT,
                        margin_mm=job.layout.margin_mm)
    [slot] = [slot for slot in layout.slots if slot.mexican]
    centre = ((mexican[0] + mexican[2]) / 2, (mexican[1] + mexican[3]) / 2)
    expected = (slot.x_mm / 25.4 * dpi, (height_pt * MM_PER_PT - slot.y_mm) / 25.4 * dpi)
    assert math.dist(centre, expected) < 3, (centre, expected)
    others = [s for s in layout.slots if not s.mexican]
    assert len(others) == players and all(not s.label.startswith("M") for s in others)


def test_the_markers_differ_in_black_ink_alone():
    job = parse_options({"theme": "chiffres", "max": 12, "rules": "train", "players": 8, "ink": "noir"})
    document = make_document(job)
    page = pdfium.PdfDocument(io.BytesIO(document.pdf))[len(job.layout.pages) + 1]
    image = page.render(scale=60 / 72).to_pil().convert("RGB")
    assert image.convert("L").convert("RGB").tobytes() == image.tobytes()  # grey only
    grey = image.convert("L")
    boxes = _region_boxes(grey, MARKER_GREY)
    assert len(boxes) == 9
    crops = [grey.crop(box).resize((40, 48)).tobytes() for box in boxes]
    assert len(set(crops)) == 9


def _region_boxes(image, level: float, least: int = 40) -> list[tuple[int, int, int, int]]:
    """The bounding boxes of the connected regions of pixels at ``level`` (0-1 grey), each of
    at least ``least`` pixels."""
    width, height = image.size
    pixels = image.load()
    target = round(level * 255)
    seen = bytearray(width * height)
    boxes = []
    for start_y in range(height):
        for start_x in range(width):
            if seen[start_y * width + start_x] or abs(pixels[start_x, start_y] - target) > 3:
                continue
            stack, count = [(start_x, start_y)], 0
            seen[start_y * width + start_x] = 1
            x0, y0, x1, y1 = start_x, start_y, start_x, start_y
            while stack:
                x, y = stack.pop()
                count += 1
                x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if 0 <= nx < width and 0 <= ny < height and not seen[ny * width + nx] \
                            and abs(pixels[nx, ny] - target) <= 3:
                        seen[ny * width + nx] = 1
                        stack.append((nx, ny))
            if count >= least:
                boxes.append((x0, y0, x1 + 1, y1 + 1))
    return boxes


def _regions(image, level: float) -> int:
    return len(_region_boxes(image, level))


REFUSALS = [
    ("--theme pips --rules train",
     "--rules train is played with double-nine to double-eighteen sets, not a double-6 set; "
     "use --max 9 to 18"),
    ("--theme pips --max 9 --rules fives",
     "--rules fives is played with a double-six set (28 tiles), not a double-9 set; use --max 6"),
    ("--theme chiffres --max 15 --rules chicken",
     "--rules chicken is played with double-six to double-twelve sets, not a double-15 set"),
    ("--theme fruits --rules tout-petits --max 1", "too small for a game"),
    ("--theme pips --max 9 --rules tout-petits",
     "--rules tout-petits is played with double-two to double-six"),
    ("--theme fruits --rules train", "--rules train needs a theme with numbers"),
    ("--theme pips --score-sheet", "--score-sheet is a page for the games that keep a score"),
    ("--theme fruits --starter plus-grand-double", "--starter plus-grand-double needs a theme with numbers"),
    ("--theme pips --rules points --players 6",
     "--players 6: --rules points with a double-6 set is for 2 to 4 players"),
    ("--theme pips --hand 20", "--hand 20 leaves no draw pile"),
    ("--theme pips --players 9", "--players 9 is out of range"),
    ("--theme chiffres --max 12 --rules train --target 300", "--target sets the score"),
]


@pytest.mark.parametrize(("args", "words"), REFUSALS)
def test_refusals_are_one_line_with_the_fix_and_no_file(run_cli, tmp_path, args, words):
    out = tmp_path / "never.pdf"
    result = run_cli(*args.split(), "--out", out)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], lines
    assert "Traceback" not in result.output and not out.exists() and os.listdir(tmp_path) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_sheet_has_the_rounds_the_totals_and_the_target(lang):
    cases = (("fives", "pips", 6, None), ("train", "chiffres", 12, range(12, -1, -1)),
             ("chicken", "pips", 9, range(9, -1, -1)))
    for game, theme, top, rounds in cases:
        job = parse_options({"theme": theme, "max": top, "rules": game, "lang": lang, "score_sheet": True,
                             "players": 3})
        document = make_document(job)
        reader = pypdf.PdfReader(io.BytesIO(document.pdf))
        assert len(reader.pages) == document.pages == job.page_count
        sheet = plain(reader.pages[-1].extract_text())
        assert plain(texts.text(lang, "score.title", game=texts.text(lang, f"rules.names.{game}"))) in sheet
        assert texts.text(lang, "score.total") in sheet
        if rounds is None:
            total = plain(texts.typeset(lang, texts.plural(lang, "rules.points_total", 200)))
            assert plain(texts.text(lang, "score.target", target=total)) in sheet
            assert all(f" {n} " in f" {sheet} " for n in range(1, 13))
        else:
            assert plain(texts.text(lang, "score.lowest")) in sheet
            assert all(f"{d}-{d}" in sheet for d in rounds)


def test_players_outside_the_game_are_refused_in_the_api_too():
    with pytest.raises(OptionError, match="for 2 to 4 players"):
        parse_options({"theme": "pips", "rules": "fives", "players": 5})
