"""Every game's facts against published rules: the deals, written here from the sources themselves.

The reference table below was copied by hand from the rule pages each game's unit cites (not
from the units): a unit that drifts from what its sources print fails here, and every unit
names its sources, with the one it follows first. The slow test reads the deals back from the
PDF's rules page in every language.
"""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from domino_print import texts
from domino_print.api import make_document, parse_options
from domino_print.rules import registry, variant
from domino_print.sets.tiles import tile_count

PUBLISHED = {
    # (game, set): dominoes each by players, as the cited page prints it
    ("fives", 6): {2: 7, 3: 5, 4: 5},  # domino-games.com, gamerules.org "All Fives"; Muggins (spaanszt)
    ("train", 12): {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},  # htfbw.com "Mexican Train"
    ("chicken", 9): {2: 9, 3: 7, 4: 7},  # htfbw.com "Chicken foot"
    ("doubles", 6): {2: 8, 3: 6, 4: 6},  # gamerules.com "Doubles"
    ("famille", 6): {2: 7, 3: 5, 4: 5},  # Regles.com "Règle du jeu de domino"
    ("points", 6): {2: 7, 3: 5, 4: 5},
}
NEVER = {  # what the pages used to say, which no source gives
    ("fives", 6): {2: 9, 3: 7},
    ("train", 12): {5: 11, 7: 8},
}


@pytest.mark.parametrize(("game", "top"), sorted(PUBLISHED))
def test_the_deal_is_the_published_one(game, top):
    hands = dict(variant(game).hands(top))
    for players, each in PUBLISHED[game, top].items():
        assert hands[players] == each, (game, players)


@pytest.mark.parametrize("game", list(registry()))
def test_every_game_names_its_sources_and_follows_the_first(game):
    unit = variant(game)
    assert unit.sources, game
    for source in unit.sources:
        assert source.title and source.publisher and source.says, source
        assert not source.url or source.url.startswith(("http://", "https://")), source
        if source.deal is not None:
            assert source.top is not None and min(source.deal) >= 2 and max(source.deal) <= 8
    followed = unit.sources[0]
    if followed.deal is not None:
        assert followed.top is not None
        own = dict(unit.hands(followed.top))
        assert {players: own[players] for players in followed.deal} == dict(followed.deal), game
    disagree = [s for s in unit.sources if s.deal is not None and s.top is not None
                and any(dict(unit.hands(s.top)).get(p) != n for p, n in s.deal.items())]
    if disagree or followed.deal is None:  # where sources disagree or none gives the deal, say why
        assert unit.follows, game


@pytest.mark.parametrize("game", list(registry()))
def test_every_deal_leaves_a_draw_pile(game):
    unit = variant(game)
    tops = unit.tops or tuple(range(2, 19))
    for top in tops:
        for players, each in unit.hands(top).items():
            assert players * each + 2 <= tile_count(top), (game, top, players)


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " ")).strip()


@pytest.mark.slow
@pytest.mark.parametrize("lang", texts.languages())
@pytest.mark.parametrize(("game", "top"), [("fives", 6), ("train", 12)])
def test_the_printed_page_says_the_published_deal(game, top, lang):
    theme = "chiffres" if top > 9 else "pips"
    job = parse_options({"theme": theme, "max": top, "rules": game, "lang": lang})
    reader = pypdf.PdfReader(io.BytesIO(make_document(job).pdf))
    page = _plain(reader.pages[len(job.layout.pages)].extract_text())
    word = _plain(texts.text(lang, "rules.dominoes.other", count=0))[2:]  # "dominos", "dominoes"...
    printed = {int(n) for n in re.findall(rf"\b(\d+) {re.escape(word)}\b", page)}
    assert set(PUBLISHED[game, top].values()) <= printed, (lang, printed)
    assert not (set(NEVER[game, top].values()) - set(PUBLISHED[game, top].values())) & printed


FOLLOWED = {  # the site or publisher each game's page names, from the pages cited (not from the units)
    "fives": "domino-games.com", "train": "htfbw.com", "chicken": "htfbw.com", "doubles": "gamerules.com",
    "famille": "Regles.com", "points": "Regles.com", "tout-petits": None,  # a house game: no source deals
}
DIFFER = {"fives", "train", "famille", "points"}
"""Games whose sources give other deals than the one followed (Britannica's 5 each for All Fives,
the French box sheets' 7 / 7 / 6...): their page says that rule books differ."""


def _game_job(game: str, lang: str):
    unit = variant(game)
    top = unit.tops[0] if unit.tops else 6
    theme = ("chiffres" if top > 9 else "pips") if unit.kinds & {"pips", "numerals"} else "fruits"
    return parse_options({"theme": theme, "max": top, "rules": game, "lang": lang})


def test_every_game_has_its_followed_source_named_here():
    assert set(FOLLOWED) == set(registry())


@pytest.mark.slow
@pytest.mark.parametrize("lang", texts.languages())
@pytest.mark.parametrize("game", sorted(FOLLOWED))
def test_the_printed_page_names_the_variant_it_follows(game, lang):
    """The rules page's line under the example, read back from the PDF: the source the unit follows
    first, that other rule books deal differently where they do, or that the game is a house one."""
    job = _game_job(game, lang)
    reader = pypdf.PdfReader(io.BytesIO(make_document(job).pdf))
    page = _plain(reader.pages[len(job.layout.pages)].extract_text())
    if FOLLOWED[game] is None:
        assert _plain(texts.text(lang, "rules.follows.house")) in page
        return
    form = "differ" if game in DIFFER else "source"
    line = _plain(texts.text(lang, f"rules.follows.{form}", source=FOLLOWED[game]))
    assert line in page, (lang, page[-300:])
    assert variant(game).sources[0].publisher.startswith(FOLLOWED[game])
