"""Money (issue 20): coins and notes drawn as plain labelled shapes that make a price, against
the price written out; the currency is data in the theme file. Checked from the PDF's text and
from the drawing data (the coins' values add up to the price read back)."""

from __future__ import annotations

import io
import re
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement

import pypdf
import pytest

from domino_print.api import make_document, parse_options
from domino_print.errors import OptionError
from domino_print.themes import model
from domino_print.themes.model import ThemeError
from tests.conftest import text_runs

PRICE_FR = re.compile(r"^(\d+)(?:,(\d\d))?\s€$")
PRICE_EN = re.compile(r"^€(\d+)(?:\.(\d\d))?$")


def cents(text: str, lang: str) -> int:
    found = (PRICE_EN if lang == "en" else PRICE_FR).match(text)
    assert found, text
    return int(found[1]) * 100 + int(found[2] or 0)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_double_set_of_coins_and_prices_holds_every_pair_once_and_the_coins_add_up(lang):
    job = parse_options({"theme": "monnaie", "lang": lang, "no_rules": True})
    made = job.association
    reader = pypdf.PdfReader(io.BytesIO(make_document(job).pdf))
    price = PRICE_EN if lang == "en" else PRICE_FR  # a coin's or note's label (2 €, 5 €) reads as one
    shown = {cents(run.text, lang) for run in text_runs(reader.pages[0]) if price.match(run.text)}
    prices = sorted(cents(f.text, lang) for f in made.faces if f.kind == "text")
    coin_faces = [f for f in made.faces if f.kind == "coins"]
    assert set(prices) <= shown and shown - set(prices) <= {p for f in coin_faces for p in f.parts}
    assert sorted(sum(f.parts) for f in coin_faces) == prices  # each drawing makes its price

    def value(face) -> int:
        return sum(face.parts) if face.kind == "coins" else cents(face.text, lang)

    tiles = Counter(tuple(sorted((value(made.faces[t.a]), value(made.faces[t.b])))) for t in job.tiles)
    assert tiles == Counter(combinations_with_replacement(prices, 2))


def test_the_fewest_coins_and_notes_make_each_price():
    job = parse_options({"theme": "monnaie", "values": "1.99,12.50,0.15"})
    made = {sum(f.parts): f.parts for f in job.association.faces if f.kind == "coins"}
    assert made[199] == (100, 50, 20, 20, 5, 2, 2)
    assert made[1250] == (1000, 200, 50)
    assert made[15] == (10, 5)


def test_a_price_the_theme_does_not_list_is_refused():
    with pytest.raises(OptionError, match=re.escape("'9.99' is not a value of theme 'monnaie'")):
        parse_options({"theme": "monnaie", "values": "1.20,9.99"})


def test_another_currency_is_theme_data(themes_dir):
    text = (themes_dir / "monnaie.toml").read_text(encoding="utf-8")
    swiss = text.replace('name = "monnaie"', 'name = "franken"').replace('symbol = "€"', 'symbol = "Fr."')
    swiss = re.sub(r"(?m)^coin_mm = .*$", "", swiss.replace("coins = [1, 2, 5,", "coins = [1, 5,"))
    (themes_dir / "franken.toml").write_text(swiss, encoding="utf-8")
    job = parse_options({"theme": "franken", "values": "0.50,1.20", "lang": "de", "no_rules": True})
    texts_shown = {f.text for f in job.association.faces if f.kind == "text"}
    assert texts_shown == {"0,50\u00a0Fr.", "1,20\u00a0Fr."}


def test_a_currency_without_a_one_cent_coin_is_refused(themes_dir):
    path = themes_dir / "monnaie.toml"
    text = path.read_text(encoding="utf-8").replace("coins = [1, 2,", "coins = [2,")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ThemeError, match="needs a coin of 1 cent"):
        model.load_builtin("monnaie")


def test_prices_are_proved_by_the_meaning_check():
    from domino_print.sets.values import evaluate
    from domino_print.themes.choosing import choose
    from domino_print.themes.representations import faces_for, meaning_text

    theme = model.load_builtin("monnaie").association
    choice = choose(theme, None, None, None)
    for value in choice.values:
        coins, price = faces_for(choice, value, "fr")
        assert evaluate(meaning_text(choice, coins, value, 0, "fr")) == Fraction(theme.value_list[value])
        assert evaluate(meaning_text(choice, price, value, 1, "fr")) == Fraction(theme.value_list[value])
