"""The summary line (``output.summary.summary_line``): one function for the command line and the studio.

Issue 16, bug 3: the studio's own summary named every loop deck "double-N", so a letters
A-Z loop or a 0-20 loop failed (no catalogue key ``set.number.25``), a 7-card loop read
"7 dominos (double-six)" and fold-over backs read as duplex backs. The same facts now give
the same line, from the API, the studio and the command line; the command line's English
words are those it always printed.
"""

from __future__ import annotations

import shlex
import warnings
from pathlib import Path, PurePath

import pytest
from click.testing import CliRunner

with warnings.catch_warnings():  # starlette asks for httpx2, a newer name for the same client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from domino_print.api import DocumentFacts, make_document, summary_line
from domino_print.cli import cli
from domino_print.output.summary import calibration_line, human_size
from domino_print.studio import create_app
from domino_print.studio.settings import Settings
from domino_print.texts import languages, plural, text

ORIGIN = "http://127.0.0.1:8000"

LOOPS = [  # options, cards, in French
    ({"theme": "lettres", "structure": "boucle", "values": "A-Z"}, 26),
    ({"theme": "nombres", "structure": "boucle", "values": "0-20"}, 21),
    ({"theme": "lettres", "structure": "boucle", "values": "A-G"}, 7),
]


@pytest.fixture(scope="module")
def studio():
    import tempfile

    with tempfile.TemporaryDirectory() as data:
        app = create_app(Settings(data_dir=Path(data)))
        with TestClient(app, base_url=ORIGIN) as client:
            client.headers["origin"] = ORIGIN
            assert client.get("/").status_code == 200
            yield client


def studio_summary(client: TestClient, lang: str, **options: str) -> str:
    answer = client.post("/api/preview", json={"options": options, "page_lang": lang})
    assert answer.status_code == 200, answer.text
    return answer.json()["summary"]


@pytest.mark.parametrize(("options", "cards"), LOOPS)
def test_a_loop_deck_is_named_a_loop_through_the_api(options, cards):
    document = make_document({**options, "lang": "fr"})
    assert document.deck == "loop" and document.tiles == cards
    line = summary_line(document, "fr")
    assert line.startswith(f"3 pages, {cards} dominos (en boucle), A4, ")
    assert "double" not in line


@pytest.mark.slow
@pytest.mark.parametrize(("options", "cards"), LOOPS)
def test_a_loop_deck_is_named_a_loop_in_the_studio(studio, options, cards):
    line = studio_summary(studio, "fr", **options)
    assert line.startswith(f"3 pages, {cards} dominos (en boucle), A4, ")
    assert studio_summary(studio, "en", **options).startswith(f"3 pages, {cards} dominoes (loop), A4, ")


@pytest.mark.slow
def test_fold_over_backs_are_told_apart_from_two_sided_backs(studio):
    fold = studio_summary(studio, "fr", theme="fruits", backs="fold")
    assert fold.startswith("3 pages, 28 dominos (double-six) avec dos à replier (pliez chaque page sur son "
                           "trait), A4, ")
    duplex = studio_summary(studio, "fr", theme="fruits", backs="duplex", duplex="short")
    assert duplex.startswith("3 pages, 28 dominos (double-six) avec dos (retournement bord court), A4, ")
    document = make_document({"theme": "fruits", "backs": "fold"})
    assert summary_line(document, "fr") == fold


@pytest.mark.slow
def test_the_studio_and_the_api_say_the_same_line(studio):
    options = {"theme": "pips", "max": "4", "sets": "2", "backs": "duplex"}
    document = make_document(options)
    for lang in ("de", "es"):
        assert studio_summary(studio, lang, **options) == summary_line(document, lang)


FACTS = [
    DocumentFacts(pages=1, tiles=1, deck="double", top=0, sets=1, backs=None, duplex="long", paper="A4",
                  size=7000),
    DocumentFacts(pages=9, tiles=26, deck="loop", top=25, sets=3, backs="duplex", duplex="short",
                  paper="Letter", size=3 * 1024 * 1024),
    DocumentFacts(pages=4, tiles=28, deck="double", top=6, sets=1, backs="fold", duplex="long", paper="A4",
                  size=None),
]


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("facts", FACTS, ids=["one-tile", "loop-duplex", "fold-pending"])
def test_every_catalogue_words_every_kind_of_set(lang, facts):
    line = summary_line(facts, lang, out_name="planche.pdf", previews=[PurePath("planche-1.png")])
    name = text(lang, "loop.set_name") if facts.deck == "loop" else text(
        lang, "set.name", number=text(lang, f"set.number.{facts.top}"))
    assert f"({name})" in line and "planche.pdf" in line and "planche-1.png" in line
    assert (text(lang, "summary.size_pending") in line) == (facts.size is None)
    if facts.backs:
        others = {"fold": "summary.fold", "duplex": "summary.backs"}
        edge = text(lang, f"summary.edge_{facts.duplex}")
        own = text(lang, others.pop(facts.backs), dominoes="", edge=edge)
        assert own.strip() in line
        assert text(lang, others.popitem()[1], dominoes="", edge=edge).strip() not in line


def test_facts_round_trip_through_json_and_refuse_what_is_not_theirs():
    for facts in FACTS:
        assert DocumentFacts.from_json(facts.as_json()) == facts
    broken = {**FACTS[0].as_json(), "deck": "spiral"}
    with pytest.raises(ValueError, match="deck"):
        DocumentFacts.from_json(broken)
    with pytest.raises(ValueError, match="tiles"):
        DocumentFacts.from_json({k: v for k, v in FACTS[0].as_json().items() if k != "tiles"})


DEMO_LINES = [  # the command line's words before the summary became one function (``make demo``)
    ("--theme pips", "2 pages, 28 dominoes (double-six), A4"),
    ("--theme chiffres --max 9 --rules points", "3 pages, 55 dominoes (double-nine), A4"),
    ("--theme pips-couleur --sets 3 --label 'Classe des Lutins' --backs",
     "7 pages, 3 sets of 28 dominoes (double-six) with backs (flip on the long edge), A4"),
    ("--theme lettres --structure boucle --values A-Z", "3 pages, 26 dominoes (loop), A4"),
    ("--theme examples/tables-de-multiplication.csv --style jai-quia", "3 pages, 10 dominoes (loop), A4"),
    ("--theme fruits --backs fold --label 'Classe des Lutins'",
     "3 pages, 28 dominoes (double-six) with fold-over backs (fold each page on its line), A4"),
    ("--theme pips --max 0 --no-rules", "1 page, 1 domino (double-zero), A4"),
    ("--theme pips --no-rules --preview", "1 page, 28 dominoes (double-six), A4"),
    ("--theme pips --max 9 --preview", "3 pages, 55 dominoes (double-nine), A4"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("arguments", "expected"), DEMO_LINES)
def test_the_command_line_says_what_it_always_said(tmp_path, arguments, expected):
    out = tmp_path / "planche.pdf"
    root = Path(__file__).resolve().parent.parent
    argv = [a.replace("examples/", f"{root}/examples/") for a in shlex.split(arguments)]
    result = CliRunner().invoke(cli, [*argv, "--out", str(out)])
    assert result.exit_code == 0, result.output
    line = result.output.strip()
    assert line.startswith(f"{out}: {expected}, ") and line.count(" KB") == 1
    pages = int(expected.split()[0])
    if "--preview" in arguments:
        shown = "planche-1.png" if pages == 1 else f"planche-1.png to planche-{pages}.png"
        preview = "preview" if pages == 1 else "previews"
        assert line.endswith(f" KB; {pages} PNG {preview} ({shown})")
    else:
        assert line.endswith(" KB")


def test_the_calibration_sheet_has_its_summary_from_the_catalogues_too(tmp_path):
    out = tmp_path / "calibration.pdf"
    arguments = ["calibrate", "--duplex", "short", "--paper", "Letter", "--out", str(out)]
    result = CliRunner().invoke(cli, arguments)
    assert result.exit_code == 0, result.output
    line = result.output.strip()
    assert line.startswith(f"{out}: 2 pages (print two-sided, flip on the short edge), Letter, ")
    assert line == calibration_line(str(out), 2, "short", "Letter", out.stat().st_size, "en")
    for lang in languages():
        worded = calibration_line("c.pdf", 2, "long", "A4", 5000, lang)
        assert text(lang, "summary.edge_long") in worded and "A4" in worded
        assert worded.endswith(human_size(5000, lang))


@pytest.mark.parametrize(("lang", "small", "large"), [
    ("en", "82 KB", "1.5 MB"), ("fr", "82 Ko", "1,5 Mo"),
    ("es", "82 KB", "1,5 MB"), ("de", "82 KB", "1,5 MB"),
])
def test_sizes_read_in_the_language_of_the_line(lang, small, large):
    assert human_size(82 * 1024 - 100, lang) == small  # rounded up: 81.9 KB is 82
    assert human_size(3 * 1024 * 1024 // 2, lang) == large
    facts = make_document({"theme": "pips", "lang": lang})
    assert summary_line(facts, lang).endswith(f", {human_size(facts.size, lang)}")


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("count", [1, 3])
def test_svg_cut_files_end_the_line_in_its_language(lang, count):
    cuts = [PurePath(f"planche-cut-{n}.svg") for n in range(1, count + 1)]
    line = summary_line(FACTS[0], lang, out_name="planche.pdf", cuts=cuts)
    names = cuts[0].name if count == 1 else text(
        lang, "summary.preview_range", first=cuts[0].name, last=cuts[-1].name)
    assert line.endswith(plural(lang, "summary.cuts", count, names=names))
    assert line.startswith(summary_line(FACTS[0], lang, out_name="planche.pdf"))
