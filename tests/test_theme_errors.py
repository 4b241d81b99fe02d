"""Theme errors carry their data (issue 16): the file at fault, the problem, the options they name.

A surface words them: the command line with flags (``--labels``), a form with the field's label,
and a surface that shows the file elsewhere (the studio's picture list) takes the problem alone.
"""

from __future__ import annotations

import pytest

from domino_print.options.wording import describe, option_label
from domino_print.themes.loader import load_theme
from domino_print.themes.model import ThemeError, read_toml, theme_from_data
from tests.fixtures_images import colour_folder


def test_a_label_from_a_file_name_names_the_labels_option_per_surface(tmp_path):
    folder = colour_folder(tmp_path / "photos")
    (folder / "img4.png").rename(folder / "4-\u732b.png")  # a character the page's font lacks
    theme = load_theme(str(folder))
    theme.check_use(6, lang="fr", labels=False)  # no labels asked: the file name is never printed
    with pytest.raises(ThemeError) as caught:
        theme.check_use(6, lang="fr", labels=True)
    error = caught.value
    assert error.fields == ("labels",) and str(error.path).endswith("4-\u732b.png")
    assert "the file name (its label with --labels) has characters" in str(error)
    form = describe(error, "form", "fr")
    assert "--labels" not in form and f"«\u00a0{option_label('labels', 'fr')}\u00a0»" in form
    assert error.worded_alone().startswith("the file name (its label with --labels) has characters")
    assert not error.worded_alone().startswith(str(error.path))


@pytest.mark.parametrize(("content", "problem", "values"), [
    ('name = "x"\nkind = "pips"\nmax_value = 6\nflavour = 1\n', "unknown key 'flavour'", {"key": "flavour"}),
    ('name = "x"\n', "missing key 'kind'", {"key": "kind"}),
    ('name = "x"\nkind = "pips"\nmax_value = 6\ncolours = ["red"]\n',
     "colours must be a colour like \"#FFAA00\", not 'red'", {"value": "red"}),
    ('name = "x"\nkind = "pips"\nmax_value = 6\ntitle = {xx = "y"}\n', "title: unknown language 'xx'",
     {"lang": "xx"}),
])
def test_a_broken_theme_file_error_carries_the_file_and_the_problem(tmp_path, content, problem, values):
    path = tmp_path / "x.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        theme_from_data(path, read_toml(path))
    error = caught.value
    assert error.path == path and error.worded_alone().startswith(problem)
    assert str(error) == f"{path}: {error.worded_alone()}"
    assert values.items() <= dict(error.values).items()


def test_toml_syntax_errors_keep_braces_of_the_file_as_they_are(tmp_path):
    path = tmp_path / "{odd}.toml"
    path.write_text("name = {", encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        read_toml(path)
    assert str(caught.value).startswith(f"{path}: TOML syntax error at line 1, column 9 (")


@pytest.mark.parametrize(("content", "problem"), [
    ('fit = "stretch"\n', 'fit must be "contain" or "cover", not \'stretch\''),
    ('images = ["nowhere.png"]\n', "images: nowhere.png not found in "),
    ('images = ["notes.txt"]\n', "images: notes.txt is not a picture file; use "),
    ("age = 1.5\n", 'age must be a text like "3+", not 1.5'),
])
def test_a_users_theme_file_error_carries_the_file(tmp_path, content, problem):
    folder = colour_folder(tmp_path / "{photos}")  # braces in a path stay as they are
    toml = folder / "theme.toml"
    toml.write_text(content, encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        load_theme(str(toml))
    error = caught.value
    assert error.path == toml and error.worded_alone().startswith(problem)
    assert str(error) == f"{toml}: {error.worded_alone()}"


def test_a_toml_syntax_error_gives_line_and_column_in_the_reader_s_words(tmp_path):
    """Issue 31: the parser's own words are quoted; the sentence around them, with the line and
    the column (the end of the file for "at end of document"), is the catalogue's."""
    path = tmp_path / "t.toml"
    path.write_text('name = "x"\nkind = = "pips"\n', encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        read_toml(path)
    assert caught.value.worded_alone(lang="fr") == (
        "erreur de syntaxe TOML ligne 2, colonne 8 (le lecteur TOML dit «\u00a0Invalid value\u00a0»)")
    path.write_text('images = ["a.png",\n  "b.png"', encoding="utf-8")
    with pytest.raises(ThemeError) as caught:
        read_toml(path)
    assert caught.value.worded_alone(lang="de").startswith("TOML-Syntaxfehler in Zeile 2, Spalte 10 (")
