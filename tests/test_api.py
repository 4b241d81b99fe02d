"""The library API: documents in memory, the same bytes as the command line, nothing written."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from domino_print.api import Document, OptionError, describe, make_document, parse_options, render_page_png

API_CHAPTER = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def readme_example() -> str:
    """The first Python code block of the "Use from Python" chapter (docs/api.md)."""
    section = API_CHAPTER.read_text(encoding="utf-8").split("# Use from Python", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 1
    return blocks[0]


@pytest.mark.slow
def test_readme_example_builds_a_pdf_in_memory_and_writes_nothing(tmp_path):
    code = readme_example()
    assert len(code.strip().splitlines()) <= 5
    check = (
        "\nassert document.pdf.startswith(b'%PDF-') and document.pdf.rstrip().endswith(b'%%EOF')"
        "\nassert sheet_png.startswith(b'\\x89PNG')"
        "\nprint('tiles', document.tiles, document.set_name)"
    )
    done = subprocess.run([sys.executable, "-c", code + check], cwd=tmp_path, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith("2 pages, 28 dominoes, ")
    assert done.stdout.splitlines()[-1] == "tiles 28 double-six"
    assert os.listdir(tmp_path) == []


def test_make_document_writes_nothing_and_reports_its_facts(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    document = make_document({"sets": "2", "backs": True, "duplex": "short", "paper": "Letter"})
    assert os.listdir(tmp_path) == []
    assert isinstance(document, Document)
    reader = PdfReader(io.BytesIO(document.pdf))
    assert len(reader.pages) == document.pages == 5
    assert (document.tiles, document.top, document.set_name, document.sets) == (28, 6, "double-six", 2)
    facts = (document.backs, document.duplex, document.paper, document.theme)
    assert facts == ("duplex", "short", "Letter", "pips")
    assert document.size == len(document.pdf)
    assert reader.metadata["/Title"] == "Dominos double-six – Points classiques"
    assert reader.metadata["/Subject"] == "Planche à découper\u00a0: 28 dominos double-six, thème pips"


@pytest.mark.parametrize(
    ("mapping", "args"),
    [
        ({}, []),
        ({"theme": "fruits", "labels": True, "lang": "en"},
         ["--theme", "fruits", "--labels", "--lang", "en"]),
        ({"theme": "chiffres", "max": 9, "rules": "points", "target": "100"},
         ["--theme", "chiffres", "--max", "9", "--rules", "points", "--target", "100"]),
        ({"theme": "pips-couleur", "sets": 3, "label": "Classe des Lutins", "backs": True,
          "back-offset": "1,-1", "gap": 2, "tile_size": "medium"},
         ["--theme", "pips-couleur", "--sets", "3", "--label", "Classe des Lutins", "--backs",
          "--back-offset", "1,-1", "--gap", "2", "--tile-size", "medium"]),
    ],
)
@pytest.mark.slow
def test_api_and_command_line_give_the_same_bytes(run_cli, tmp_path, mapping, args):
    out = tmp_path / "cli.pdf"
    result = run_cli(*args, "--out", out)
    assert result.exit_code == 0, result.stderr
    document = make_document(mapping)
    assert document.pdf == out.read_bytes()
    assert result.output.startswith(f"{out}: {document.pages} page")


def test_render_page_png_draws_the_page_asked_for():
    from PIL import Image

    document = make_document({"theme": "pips"})
    sheet = Image.open(io.BytesIO(render_page_png(document, 0, dpi=30)))
    rules = Image.open(io.BytesIO(render_page_png(document, 1, dpi=30)))
    assert sheet.size == pytest.approx((351, 248), abs=1)  # A4 landscape
    assert rules.size == pytest.approx((248, 351), abs=1)  # the rules page, portrait
    assert sheet.info["dpi"] == pytest.approx((30, 30), abs=0.1)
    with pytest.raises(IndexError):
        render_page_png(document, 2)


def test_a_job_is_valid_once_built_and_knows_its_page_count():
    job = parse_options({"sets": 2, "backs": True})
    assert job.page_count == 5 and job.rules_context is not None
    assert job.rules_context.top == 6
    assert parse_options({"no_rules": True}).rules_context is None
    document = make_document(job)
    assert document.pages == job.page_count


def test_option_errors_are_raised_not_printed(capsys):
    with pytest.raises(OptionError) as caught:
        make_document({"theme": "fruits", "max": 9})
    assert "--max 9 is too high" in str(caught.value)
    with pytest.raises(OptionError) as caught:
        make_document({"margin": 4})
    assert describe(caught.value, "form", "en") == (
        "\u201cPage margin (mm)\u201d 4 mm is out of range; use 8 to 50 mm "
        "(printers leave the last few millimetres blank)"
    )
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize(("mapping", "label"), [
    ({"theme": "fruits", "max": 9}, "\u201cHighest value\u201d 9 is too high"),
    ({"theme": "pips", "faces": "chiffre,points"},
     "use \u201cTheme\u201d couleurs, fractions, fruits, heures, lettres, monnaie, nombres"),
    ({"theme": "nombres", "structure": "boucle", "rules": "points"}, "\u201cRules\u201d points"),
    ({"theme": "pips", "max": 5, "rules": "doubles"},
     "\u201cRules\u201d doubles is played with a double-six set (28 tiles), not a double-5 set; "
     "use \u201cHighest value\u201d 6, or \u201cRules\u201d points for a double-5 set"),
    ({"theme": "pips", "max": 1}, "use \u201cHighest value\u201d 2 or more, or \u201cNo rules page\u201d"),
    ({"theme": "fruits", "rules": "points"},
     "\u201cRules\u201d points needs a theme with numbers (pips, pips-couleur, chiffres); "
     "use \u201cRules\u201d famille with this picture theme"),
    ({"theme": "/nowhere/at/all"}, "\u201cTheme\u201d /nowhere/at/all: no such folder or file"),
])
def test_a_form_is_told_its_labels_never_a_flag(mapping, label):
    """Worded for a form, an error names the fields, not the command line's flags."""
    with pytest.raises(OptionError) as caught:
        parse_options(mapping)
    worded = describe(caught.value, "form", "en")
    assert label in worded and "--" not in worded, worded
    assert describe(caught.value, "cli") == str(caught.value)


def test_deeper_errors_name_fields_on_a_form_and_flags_on_the_command_line(tmp_path):
    """Errors raised past the option table (rules checks, user themes, a pairs list that does not
    fit its halves) carry the options they name as fields too."""
    from domino_print.rules.content import RulesContext, validate_rules
    from domino_print.themes.pairs import PairsError

    def both(error):
        return describe(error, "form", "en"), str(error)

    context = RulesContext(lang="xx", variant="famille", top=6, kind="pips", theme_title="Pips",
                           target=None, example=())
    with pytest.raises(OptionError) as caught:
        validate_rules(context)
    form, cli = both(caught.value)
    assert form.endswith("use \u201cLanguage\u201d fr, \u201cLanguage\u201d de, "
                         "\u201cLanguage\u201d en or \u201cLanguage\u201d es") and "--" not in form, form
    assert cli.endswith("use --lang fr, --lang de, --lang en or --lang es"), cli
    with pytest.raises(OptionError) as caught:
        validate_rules(context._replace(lang="en", variant="bridge"))
    form, cli = both(caught.value)
    assert "use \u201cRules\u201d famille, \u201cRules\u201d points, \u201cRules\u201d doubles" in form
    assert cli == ("unknown rules variant 'bridge'; use --rules famille, --rules points, --rules doubles, "
                   "--rules tout-petits, --rules fives, --rules chicken or --rules train")

    text_file = tmp_path / "notes.md"  # (.txt is a list of pairs, like .csv)
    text_file.write_text("not a theme", encoding="utf-8")
    with pytest.raises(OptionError) as caught:
        parse_options({"theme": str(text_file)})
    form, cli = both(caught.value)
    assert form.startswith(f"\u201cTheme\u201d {text_file}: give the folder") and "--" not in form, form
    assert cli.startswith(f"--theme {text_file}: give the folder"), cli

    folder = tmp_path / "pictures"
    folder.mkdir()
    for name, colour in (("a.png", "red"), ("b.png", "blue")):
        Image.new("RGB", (64, 64), colour).save(folder / name)
    with pytest.raises(OptionError) as caught:
        parse_options({"theme": str(folder), "max": 3, "no_rules": True})
    form, cli = both(caught.value)
    assert form.endswith("add 2 images or use \u201cHighest value\u201d 1"), form
    assert cli.endswith("add 2 images or use --max 1"), cli

    pairs = tmp_path / "paires.csv"
    pairs.write_text("chat;cat\nle chat de la voisine qui dort toute la journée sur le canapé du salon;x\n",
                     encoding="utf-8")
    with pytest.raises(PairsError) as caught:
        parse_options({"theme": str(pairs), "tile_size": "small"})
    form, cli = both(caught.value)
    assert form.endswith("shorten it, or choose a larger \u201cTile size\u201d") and "--" not in form, form
    assert cli.startswith(f"{pairs}, line 2"), cli
    assert cli.endswith("shorten it, or choose a larger --tile-size"), cli


@pytest.mark.slow
def test_importing_the_api_loads_no_renderer():
    code = (
        "import sys, domino_print.api\n"
        "print(sorted(m for m in ('reportlab', 'pypdfium2', 'PIL') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


PUBLIC = {
    "Document", "DocumentFacts", "Solids", "make_calibration", "make_document", "make_solids",
    "parse_options", "plate_picture", "render_page_png", "summary_line",
    "association_themes", "builtin_themes", "describe", "form_fields", "option_label", "rules_page",
    "rules_text",
    "ArchiveError", "DocumentError", "DominoError", "OptionError", "PageOutOfRange", "PairsError",
    "PathError", "PictureError", "WordedError",
}
"""The public API (issue 32, item 4), written here rather than read from the module: a name added to
or dropped from ``api.__all__`` is a decision, taken in this list and in docs/api.md together."""


def test_the_public_api_is_fixed_documented_and_holds_no_internals():
    from domino_print import api, api_internal

    assert set(api.__all__) == PUBLIC and len(api.__all__) == len(PUBLIC)
    assert all(hasattr(api, name) for name in api.__all__)
    chapter = API_CHAPTER.read_text(encoding="utf-8").split("## What `domino_print.api` holds", 1)[1]
    assert not {name for name in PUBLIC if f"`{name}" not in chapter and f" {name}`" not in chapter}
    # the studio's helpers live apart, and the API does not hand them out
    assert not set(api_internal.__all__) & PUBLIC
    for internal in ("Stopped", "take_stop", "natural_key", "human_size", "check_picture"):
        assert internal in api_internal.__all__ and not hasattr(api, internal), internal


def test_the_api_module_imports_everything_at_its_top():
    """No import below the first definition (issue 32, item 4: ``__all__`` extended three times,
    with mid-module imports): the module's names are read at its head."""
    from domino_print import api

    source = Path(api.__file__).read_text(encoding="utf-8")
    body = source.split("\nclass Document(", 1)[1]
    assert not re.search(r"^(from|import) ", body, flags=re.M)
    assert "__all__ +=" not in source and "noqa: E402" not in source
