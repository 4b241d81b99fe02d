"""The rules variants' registry (issue 16): a game is one unit, and every surface reads the list.

A toy game written as one module in a copy of the package, plus its catalogue keys, gets its
rules page from ``--rules``; the option table, the help and the refusals take their names and
defaults from the registry; and a loop deck's key is part of the document, on as many pages
as it needs (issue 16 bug 4).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from domino_print import texts
from domino_print.api import make_document, parse_options
from domino_print.errors import OptionError
from domino_print.options.parsing import parse
from domino_print.options.table import OPTIONS
from domino_print.options.wording import form_fields
from domino_print.rules import default_targets, names, registry
from domino_print.rules.variant import ANY_KIND, STARTERS

ROOT = Path(texts.__file__).resolve().parents[2]


def test_the_option_table_offers_the_games_of_the_registry_with_their_own_targets():
    rules = next(option for option in OPTIONS if option.name == "rules")
    assert rules.choice_list() == names() and names()[:3] == ("famille", "points", "doubles")
    for name, game in registry().items():
        parsed = parse({"rules": name, "theme": "pips"})
        assert parsed.target == (game.target if game.target is not None else 50)
        assert game.starter in STARTERS and game.kinds <= ANY_KIND
    field = next(field for field in form_fields("fr") if field["name"] == "target")
    assert field["implied_with"] == {"option": "rules", "values": default_targets()}
    assert default_targets()["doubles"] == 100  # the studio's "Score gagnant" for Doubles
    rules_field = next(field for field in form_fields("en") if field["name"] == "rules")
    assert rules_field["choices"] == list(names())


def test_every_game_has_its_words_in_every_catalogue():
    for lang in texts.languages():
        for game in registry().values():
            keys = [*game.turn, *game.end, *game.scoring, *game.extra_keys, f"{game.prefix}.goal",
                    f"{game.prefix}.start", f"{game.prefix}.end_heading"]
            keys += [f"{game.prefix}.score_heading"] if game.scoring else []
            keys += [game.caption] if game.caption else []
            keys += [game.age] if game.age else []
            missing = [key for key in keys if texts.lookup(lang, key) is None]
            assert not missing, (lang, game.name, missing)


def test_a_game_refused_for_a_set_names_the_sets_it_takes():
    with pytest.raises(OptionError) as caught:
        parse_options({"theme": "pips", "max": 9, "rules": "doubles"})
    message = str(caught.value)
    assert "\n" not in message
    assert "played with a double-six set (28 tiles), not a double-9 set; use --max 6" in message
    assert "--rules points for a double-9 set" in message


def test_target_without_a_scoring_game_names_every_game_that_scores():
    with pytest.raises(OptionError) as caught:
        parse({"target": 80})
    for name in default_targets():
        assert f"--rules {name}" in str(caught.value)


def test_the_rules_package_loads_no_reportlab():
    code = (
        "import sys\n"
        "from domino_print.rules import registry\n"
        "from domino_print.rules.content import RulesContext, build_content\n"
        "for name, game in registry().items():\n"
        "    kind = sorted(game.kinds)[0]\n"
        "    top = game.tops[0] if game.tops else 6\n"
        "    build_content(RulesContext('en', name, top, kind, 'T'))\n"
        "assert 'reportlab' not in sys.modules, 'reportlab loaded'\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


TOY = '''"""A toy game for the registry's test: double-four only, three dominoes each, the youngest starts."""

from domino_print.rules.variant import NUMBER_KINDS, Variant

VARIANT = Variant(
    name="toy",
    order=90,
    kinds=NUMBER_KINDS,
    tops=(4,),
    hands=lambda top: {2: 3, 3: 3},
    starter="plus-jeune",
    target=12,
    turn=("rules.turn.lay", "rules.toy.hop"),
    end=("rules.toy.end_win",),
    scoring=("rules.toy.score",),
    pages=("hub", "toy_card"),  # a shared page (the hub) and one of its own
)
'''

TOY_PAGE = '''"""The toy game's own page: a line of its catalogue (a game adds a page as a module)."""

from domino_print import fonts, texts
from domino_print.pdf.game_pages import GamePage


def draw(canvas, ctx, marks, *, page_width_pt, page_height_pt, margin_pt):
    canvas.setFont(fonts.BOLD, 14)
    canvas.drawString(margin_pt, page_height_pt - margin_pt - 14, texts.text(ctx.lang, "rules.toy.card"))


PAGE = GamePage("toy_card", draw)
'''

TOY_KEYS = '''
[rules.toy]
goal = "toy goal {target}"
start = "Toystart the youngest goes first."
hop = "Toyhop over one domino."
end_heading = "Toyend"
end_win = "Toywin when the hand is empty."
score_heading = "Toyscore"
score = "Toypoints up to {target}."
card = "Toycard: a page of the toy game's own."
'''


@pytest.mark.slow
def test_a_toy_game_added_as_one_unit_and_its_catalogue_keys_gets_its_rules_page(tmp_path):
    """Copy the package, add rules/games/toy.py and rules.toy.* keys, and print with --rules toy.

    The toy declares two pages after its rules (``Variant.pages``): the shared hub page and a page
    of its own, one module in ``pdf/game_pages/``; the document (``pdf/document.py``) is untouched."""
    copy = tmp_path / "copy"
    for folder in ("domino_print", "themes", "assets"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "domino_print" / "rules" / "games" / "toy.py").write_text(TOY, encoding="utf-8")
    (copy / "domino_print" / "pdf" / "game_pages" / "toy_card.py").write_text(TOY_PAGE, encoding="utf-8")
    for lang in texts.languages():
        catalogue = copy / "domino_print" / "texts" / f"{lang}.toml"
        catalogue.write_text(catalogue.read_text(encoding="utf-8") + TOY_KEYS, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy)}  # the copy comes before the installed package

    def run(*args: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-m", "domino_print", *args]
        return subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)

    out = tmp_path / "toy.pdf"
    done = run("--theme", "pips", "--max", "4", "--rules", "toy", "--lang", "en", "--out", str(out))
    assert done.returncode == 0, done.stderr
    pages = [" ".join(page.extract_text().replace("\u00a0", " ").split())
             for page in pypdf.PdfReader(str(out)).pages]
    rules, hub, own = pages[-3:]
    page = rules
    assert "Mexican Train — hub and markers" in hub and own == "Toycard: a page of the toy game's own."
    assert "Toyend" not in hub and "Toycard" not in rules
    assert f"toy.pdf: {len(pages)} pages" in done.stdout  # the summary line counts the declared pages
    document = ROOT / "domino_print" / "pdf" / "document.py"
    assert (copy / "domino_print" / "pdf" / "document.py").read_bytes() == document.read_bytes()
    for words in ("toy goal 12 points", "Toystart the youngest", "Toyhop over one domino", "Toyend",
                  "Toywin", "Toyscore", "Toypoints up to 12 points", "Two or three players take 3 dominoes"):
        assert words in page, words
    done = run("--theme", "pips", "--rules", "toy", "--out", str(tmp_path / "no.pdf"))
    assert done.returncode == 2 and "--rules toy is played with a double-four set" in done.stderr
    assert not (tmp_path / "no.pdf").exists()
    assert "toy" in run("--help").stdout


# ------------------------------------------------------------- the key inside the document


def _texts_at(page: pypdf.PageObject) -> list[tuple[str, float, float]]:
    """Each text run of ``page`` with its x and y on the page, in points."""
    found: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            found.append((text.strip(), x, cm[1] * tm[4] + cm[3] * tm[5] + cm[5]))

    page.extract_text(visitor_text=visit)
    return found


@pytest.mark.slow
def test_a_140_card_loop_puts_its_whole_key_on_counted_pages(tmp_path):
    """Issue 16 bug 4: 140 cards put the key at y = -859 pt; now it flows over pages, all counted."""
    # Each question with its own value: the meaning check (issue 18) refuses "2 × 3" beside "3 × 2".
    pairs = [(f"{a} × {b} + {1000 * n}", str(a * b + 1000 * n)) for n, (a, b) in
             enumerate((a, b) for a in range(2, 20) for b in range(2, 20))][:140]
    source = tmp_path / "p140.csv"
    source.write_text("".join(f"{q};{r}\n" for q, r in pairs), encoding="utf-8")
    job = parse_options({"theme": str(source), "lang": "en"})
    document = make_document(job)
    reader = pypdf.PdfReader(__import__("io").BytesIO(document.pdf))
    assert document.pages == len(reader.pages) == job.page_count
    sheets = len(job.layout.pages)
    key = reader.pages[sheets + 1:]
    assert len(key) >= 2, "140 cards do not fit one key page"
    numbers: list[int] = []
    for page in reader.pages:
        height = float(page.mediabox.height)
        for text, _, y in _texts_at(page):
            assert 0 <= y <= height, (text, y)
    left = job.layout.margin_mm * 72 / 25.4
    for page in key:
        column = (float(page.mediabox.width) - 2 * left) * 0.12  # the key's first column, "Card"
        first_column = [text for text, x, _ in _texts_at(page) if left < x < left + column]
        assert "Card" in first_column  # the header row, repeated on every page
        numbers += [int(text) for text in first_column if text.isdigit()]
    assert sorted(numbers) == list(range(1, 141))


def test_every_page_a_game_declares_is_in_the_page_registry():
    from domino_print.pdf.game_pages import game_page
    from domino_print.pdf.game_pages import registry as pages
    from domino_print.rules.content import SCORE_SHEET

    declared = {name for game in registry().values() for name in game.pages}
    assert declared and declared | {SCORE_SHEET} <= set(pages())
    assert all(game_page(name).name == name for name in declared)
    with pytest.raises(KeyError, match="no game page 'nothing'; the pages are hub, score_sheet"):
        game_page("nothing")


def test_a_hand_table_reads_as_rule_sheets_print_it():
    from domino_print.rules.variant import hand_table

    hands = hand_table(((2, 2), (3, 4), (5, 6)), {6: (7, 5, None), 9: (9, 7, 6)})
    assert hands(6) == hands(8) == {2: 7, 3: 5, 4: 5}  # the band runs up to the next row's set
    assert hands(9) == hands(18) == {2: 9, 3: 7, 4: 7, 5: 6, 6: 6}
    with pytest.raises(ValueError, match="a row of 2 cells for 3 groups of players"):
        hand_table(((2, 2), (3, 4), (5, 6)), {6: (7, 5)})
