"""The option table: it generates the click options and checks plain mappings with the same messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from domino_print.cli import calibrate_command, cli
from domino_print.errors import OptionError
from domino_print.geometry.backs import parse_back_offset
from domino_print.options.parsing import parse, read_values
from domino_print.options.table import CALIBRATE_OPTIONS, OPTIONS, Options
from domino_print.options.wording import describe, form_fields, names_for, needs_text, option_label
from domino_print.texts import catalogue, languages


def test_every_click_option_of_both_commands_comes_from_the_table():
    for command, table in ((cli, OPTIONS), (calibrate_command, CALIBRATE_OPTIONS)):
        generated = [p for p in command.params if p.name not in ("version", "help")]
        assert [p.name for p in generated] == [option.name for option in table]
        for param, option in zip(generated, table, strict=True):
            assert param.opts[0] == option.flag
            assert param.default == option.default
            assert param.help == catalogue("en")[option.help_key or f"option.{option.name}.help"].format(
                themes="chiffres, couleurs, fractions, fruits, heures, lettres, monnaie, nombres, pips, "
                "pips-couleur",
                lists=".csv, .tsv, .txt, .xlsx, .xlsm, .ods, .xls, .numbers, .docx, .odt, .toml",
            ) + needs_text(option, table)


def test_help_lists_choices_and_ranges_from_the_table(run_cli):
    text = " ".join(run_cli("--help").output.split())
    assert f"--lang [{'|'.join(languages())}]" in text
    for fragment in ("--rules [famille|points|doubles|tout-petits|fives|chicken|train]",
                     "--orientation [auto|portrait|landscape]",
                     "--duplex [long|short]", "--sets 1-200", "--dpi 72-1200", "--preview-dpi 30-600"):
        assert fragment in text
    calibrate = " ".join(run_cli("calibrate", "--help").output.split())
    assert "--duplex [long|short]" in calibrate and "[default: long]" in calibrate
    assert "Language of the instructions." in calibrate


def test_every_option_has_a_label_and_help_in_every_language():
    for lang in languages():
        texts = catalogue(lang)
        for option in OPTIONS:
            assert texts[f"option.{option.name}.label"].strip()
            assert texts[f"option.{option.name}.help"].strip()
    assert option_label("tile_size") == "Tile size"
    assert option_label("tile_size", "fr") == "Taille des dominos"


def test_a_mapping_is_converted_like_a_form_or_json_sends_it():
    options = parse({"theme": "chiffres", "max": "9", "lang": "en", "rules": "points", "target": 100.0,
                     "tile-size": "30x60mm", "gap": "2.5", "sets": 3, "label": "  CM1  ", "backs": "on",
                     "duplex": "short", "back_offset": "1,-0.5", "labels": "", "paper": "letter"})
    assert options == Options(
        theme="chiffres", max=9, lang="en", labels=False, rules="points", target=100, paper=options.paper,
        orientation="auto", tile_short_mm=30.0, gap_mm=2.5, margin_mm=10.0, dpi=300, sets=3, label="CM1",
        backs="duplex", duplex="short", back_offset_mm=(1.0, -0.5), out=None, preview_dpi=None,
    )
    assert options.paper.name == "Letter"
    defaults = parse({})
    assert (defaults.theme, defaults.lang, defaults.rules, defaults.target, defaults.duplex) == (
        "pips", "fr", "famille", 50, "long")
    assert (defaults.paper.name, defaults.tile_short_mm, defaults.margin_mm) == ("A4", None, 10)
    assert parse({"no_rules": True}).rules is None


@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        ({"max": True}, "is not a number"),
        ({"sets": "many"}, "'many' is not a valid integer"),
        ({"sets": 2.5}, "2.5 is not a whole number"),
        ({"backs": "perhaps"}, "'perhaps' is not one of duplex, fold, true or false"),
        ({"lang": "xx"}, "'xx' is not one of"),
        ({"paper": 4}, "is not a text"),
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"out": "x.pdf"}, "command line only"),
    ],
)
def test_bad_mapping_values_are_refused(mapping, message):
    with pytest.raises(OptionError, match=message):
        parse(mapping)


CASES = [
    ({"sets": 0}, ["--sets", "0"], ("sets",)),
    ({"margin": 120}, ["--margin", "120"], ("margin",)),
    ({"gap": -3}, ["--gap", "-3"], ("gap",)),
    ({"max": -2}, ["--max", "-2"], ("max",)),
    ({"duplex": "short"}, ["--duplex", "short"], ("duplex", "backs")),
    ({"back_offset": "1,1"}, ["--back-offset", "1,1"], ("back_offset", "backs")),
    ({"target": 80}, ["--target", "80"], ("target", "rules")),
    ({"no_rules": True, "rules": "points"}, ["--no-rules", "--rules", "points"], ("rules", "no_rules")),
    ({"paper": "B7"}, ["--paper", "B7"], ("paper",)),
    ({"paper": "150x100mm"}, ["--paper", "150x100mm"], ("paper", "no_rules")),
    ({"tile_size": "30x40mm"}, ["--tile-size", "30x40mm"], ("tile_size",)),
    ({"label": "x" * 41}, ["--label", "x" * 41], ("label",)),
    ({"backs": True, "back_offset": "12,0"}, ["--backs", "--back-offset", "12,0"], ("back_offset",)),
    ({"tile_size": "150x300mm"}, ["--tile-size", "150x300mm"], ("tile_size", "paper")),
    ({"labels": True, "theme": "pips"}, ["--labels", "--theme", "pips"], ("labels",)),
]


@pytest.mark.parametrize(("mapping", "args", "fields"), CASES)
def test_same_message_on_each_surface_worded_for_it(run_cli, tmp_path, mapping, args, fields):
    from domino_print.api import parse_options

    with pytest.raises(OptionError) as caught:
        parse_options(mapping)
    error = caught.value
    assert error.fields == fields
    result = run_cli(*args, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert result.stderr == f"domino-print: error: {describe(error, 'cli')} (see domino-print --help)\n"
    for lang in languages():
        on_a_form = describe(error, "form", lang)
        for field in fields:
            assert names_for("form", lang)(field) in on_a_form
            assert f"--{field.replace('_', '-')}" not in on_a_form
        # the rest of the message: the same sentence in English, the page's own words in another language
        rest, english = on_a_form, str(error)
        for name in ("rules", "no_rules", *fields):  # every option a message may name, taken out
            rest = rest.replace(names_for("form", lang)(name), "")
            english = english.replace(f"--{name.replace('_', '-')}", "")
        assert (rest == english) if lang == "en" else (rest != english), (lang, on_a_form)


def test_unknown_surface_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown surface"):
        describe(OptionError("x"), "fax")


def test_read_values_leaves_absent_options_as_none():
    values = read_values({"sets": "3", "label": "", "max": ""})
    assert values["sets"] == 3 and values["max"] is None and values["backs"] is None
    assert values["label"] is None, "an empty form field is an absent option"
    assert read_values({"label": ""}, command_line=True)["label"] == "", "--label '' is refused later"


def test_form_fields_describe_the_table_as_plain_data():
    import json

    fields = form_fields("de")
    assert [f["name"] for f in fields] == [o.name for o in OPTIONS if not o.cli_only]
    by_name = {f["name"]: f for f in fields}
    assert by_name["sets"] | {"help": ""} == {
        "name": "sets", "kind": "int", "default": 1, "implied": None, "choices": [], "low": 1, "high": 200,
        "label": "Anzahl der Spiele", "help": "", "needs": [], "choice_labels": {}, "suggestions": [],
    }
    assert by_name["orientation"]["choice_labels"]["landscape"] == "Querformat"
    assert by_name["tile_size"]["suggestions"] == ["auto", "small", "medium", "large"]
    assert by_name["duplex"]["needs"] == [{"option": "backs", "values": ["duplex", "fold"]},
                                          {"option": "backs", "values": ["duplex"]}]
    assert by_name["target"]["implied_with"] == {"option": "rules",
                                                 "values": {"points": 50, "doubles": 100, "fives": 200}}
    assert by_name["lang"]["choices"] == list(languages())
    assert "fruits" in by_name["theme"]["help"]
    assert json.loads(json.dumps(fields)) == fields


def test_which_option_needs_which_is_the_table_s_and_the_checks_and_help_follow_it(run_cli):
    """Issue 16: one owner for the rules between options. Each need refuses its option alone with
    the need's own message naming both options, and is said in --help."""
    help_text = " ".join(run_cli("--help").output.split())
    assert "Only with --backs duplex." in help_text and "Not with --no-rules." in help_text
    needs = {option.name: option.needs for option in OPTIONS if option.needs}
    assert set(needs) == {"rules", "target", "duplex", "back_offset", "preview_dpi", "corner", "kerf",
                          "laser", "set", "hand", "starter", "players", "score_sheet", "header", "pdf_a"}
    unmet = [({"no_rules": True, "rules": "points"}, "rules", 0),
             ({"no_rules": True, "target": 80}, "target", 0),
             ({"rules": "famille", "target": 80}, "target", 1),
             ({"duplex": "short"}, "duplex", 0), ({"backs": "fold", "duplex": "short"}, "duplex", 1),
             ({"back_offset": "1,1"}, "back_offset", 0),
             ({"backs": "fold", "back_offset": "1,1"}, "back_offset", 1),
             ({"preview_dpi": 100}, "preview_dpi", 0),
             ({"corner": 2}, "corner", 0), ({"kerf": 0.2}, "kerf", 0), ({"laser": True}, "laser", 0),
             ({"set": 2}, "set", 0), ({"set": 1, "sets": 1}, "set", 0),
             ({"header": True, "no_header": True}, "header", 0),
             ({"pdf_a": True, "pdf_x": True}, "pdf_a", 0)]
    for mapping, name, index in unmet:
        need = needs[name][index]
        with pytest.raises(OptionError) as refused:
            parse(mapping, command_line=True)
        assert refused.value.fields == (name, need.option)
        assert refused.value.says == f"need.{need.message}"
    assert parse({"rules": "doubles"}).target == 100 and parse({"rules": "points"}).target == 50
    assert parse({"backs": "duplex", "duplex": "short", "back_offset": "1,1"}).duplex == "short"


@pytest.mark.parametrize("lang", languages())
def test_a_form_names_every_choice_in_its_language_and_no_command_line_flag(lang):
    """Issue 19: option values (paysage, recto verso, bord long...) and help texts in the page's
    language; a form's help names no flag and no command."""
    for field in form_fields(lang):
        assert "--" not in field["help"] and "domino-print" not in field["help"], field["name"]
        if field["kind"] != "choice" or field["name"] == "lang":
            continue
        for choice in field["choices"]:
            key = f"option.{field['name']}.value.{choice}"
            assert key in catalogue(lang), key
            assert field["choice_labels"][choice] == catalogue(lang)[key]


# -- decimal commas, read by the option table for every surface (issue 32, item 2e) -------------
@pytest.mark.parametrize(("given", "field", "value"), [
    ({"gap": "2,5"}, "gap_mm", 2.5),
    ({"margin": " 12,5 "}, "margin_mm", 12.5),
    ({"gap": "+0,25"}, "gap_mm", 0.25),
    ({"backs": "duplex", "back_offset": "1,5;-0,5"}, "back_offset_mm", (1.5, -0.5)),
    ({"backs": "duplex", "back_offset": "-1,5 / 0,5"}, "back_offset_mm", (-1.5, 0.5)),
    ({"backs": "duplex", "back_offset": "1,5 -0,5"}, "back_offset_mm", (1.5, -0.5)),
    ({"backs": "duplex", "back_offset": "-10 ; +10 mm"}, "back_offset_mm", (-10.0, 10.0)),
    ({"backs": "duplex", "back_offset": "1.5,-0.5"}, "back_offset_mm", (1.5, -0.5)),
    ({"scale": "100,6 %;99,8 %"}, "scale", (100.6, 99.8)),
])
def test_a_decimal_comma_is_read_by_the_option_table(given, field, value):
    assert getattr(parse(given, command_line=True), field) == pytest.approx(value)


def test_a_decimal_comma_means_the_same_on_every_surface(run_cli, tmp_path):
    from domino_print.api import parse_options

    assert parse_options({"gap": "2,5"}).options.gap_mm == 2.5  # the API (and the site's catalogue)
    result = run_cli("--gap", "2,5", "--margin", "12,5", "--backs", "--back-offset", "1,5;-0,5",
                     "--out", tmp_path / "x.pdf", "--quiet")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(("given", "words"), [
    ({"sets": "2,5"}, "'2,5' is not a valid integer"),  # a whole number has no decimal mark
    ({"gap": "2,5,5"}, "'2,5,5' is not a valid number"),
    ({"gap": "2,"}, "'2,' is not a valid number"),
    ({"backs": "duplex", "back_offset": "1,5,-0,5"}, "--back-offset"),  # two commas: no pair to read
])
def test_what_is_not_a_decimal_comma_is_refused(given, words):
    with pytest.raises(OptionError, match=words):
        parse(given)


@pytest.mark.slow
def test_the_studio_form_reads_a_decimal_comma_through_the_table(tmp_path):
    from tests.test_studio import make_client, preview

    with make_client(tmp_path / "data") as client:
        data = preview(client, theme="pips", max="3", gap="2,5", backs="duplex",
                       back_offset="1,5;-0,5").json()
    assert "--gap 2.5" in data["command"] and "--back-offset 1.5,-0.5" in data["command"], data


def test_only_the_option_table_reads_decimal_commas():
    """One reader (``options.values.decimal_points``): geometry's parsers take decimal points only,
    and no module of the studio reads a decimal comma of its own."""
    from domino_print.geometry.printer import parse_scale

    with pytest.raises(OptionError):
        parse_scale("100,6;99,8")
    with pytest.raises(OptionError):
        parse_back_offset("1,5;-0,5")
    studio = Path(__file__).resolve().parent.parent / "domino_print" / "studio"
    for module in studio.glob("*.py"):
        assert 'replace(",", ".")' not in module.read_text("utf-8"), module.name


# -- the Options record and the table (issue 32, item 2d) ---------------------------------------
FIELD_OPTIONS = {"tile_short_mm": "tile_size", "only_set": "set", "preview_dpi": "preview"}
"""The fields of ``Options`` named otherwise than their option (else ``name`` or ``name_mm``)."""


def test_every_default_of_the_options_record_is_the_table_s():
    """``Options`` restates the table's defaults (a field with a default can be left out where it is
    built): each equals what ``parse`` makes of an option not given, so the two cannot drift."""
    nothing = parse({}, command_line=True)
    assert Options._field_defaults, "the record has defaults to check"
    for field, default in Options._field_defaults.items():
        assert getattr(nothing, field) == default, f"Options.{field} = {default!r}, the table gives " \
                                                   f"{getattr(nothing, field)!r}"


def test_every_field_of_the_options_record_comes_from_an_option_of_the_table():
    names = {option.name for option in OPTIONS}
    for field in Options._fields:
        option = FIELD_OPTIONS.get(field, field if field in names else field.removesuffix("_mm"))
        assert option in names, f"Options.{field} is no option of the table"
