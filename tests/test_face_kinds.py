"""Face kinds and representations are theme data: a theme file names them, registries draw them.

Each representation of a built-in theme names a kind of ``themes.representations.KINDS``;
the face it makes is drawn by the painter of ``faces.association.FACE_PAINTERS`` for its
``Face.kind``. A teacher's variant is a TOML file, no code: the test writes one next to the
built-in themes and reads its set back from the PDF.
"""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from domino_print import texts
from domino_print.api import make_document
from domino_print.faces.association import FACE_PAINTERS
from domino_print.faces.pips import PIP_POSITIONS
from domino_print.geometry.dice import DICE, UPRIGHT_DICE
from domino_print.themes import model
from domino_print.themes.choosing import can_show, choose
from domino_print.themes.model import ThemeError, association_themes
from domino_print.themes.representations import KINDS, Settings, face_for
from tests.conftest import text_runs


@pytest.mark.slow
def test_every_representation_of_every_builtin_theme_makes_faces_a_painter_draws():
    seen = set()
    for theme in association_themes().values():
        assert theme.association is not None
        for representation in theme.association.representations:
            assert representation.kind in KINDS
            choice = choose(theme.association, representation.name, None, None, Settings(operands=(0, 100)))
            for value in range(representation.values):
                if not can_show(theme.association, representation, value):
                    continue
                face = face_for(choice, value, 0, "fr", images=(None,) * 7)
                assert face.kind in FACE_PAINTERS, (theme.name, representation.name)
                seen.add(representation.kind)
    assert seen | {"label"} == set(KINDS)  # every kind is used: a label by folder themes (mots-images)


def test_the_pips_and_the_upright_die_read_one_table_of_dice_positions():
    assert PIP_POSITIONS is DICE
    assert all(UPRIGHT_DICE[v] == DICE[v] for v in range(6))
    assert sorted(UPRIGHT_DICE[6]) == sorted((y, x) for x, y in DICE[6])  # the six stands upright


FINGERS = """
name = "doigts"
kind = "association"
max_value = 10
default_faces = ["chiffre", "doigts"]
match = "counts"

[[representations]]
name = "chiffre"
values = 11
kind = "numeral"

[[representations]]
name = "doigts"
values = 11
kind = "hand"
names = "assoc.number"
"""


def test_a_theme_written_as_data_only_makes_its_set(themes_dir):
    (themes_dir / "doigts.toml").write_text(FINGERS, encoding="utf-8")
    document = make_document({"theme": "doigts", "max": 4, "structure": "boucle", "lang": "en"})
    reader = pypdf.PdfReader(io.BytesIO(document.pdf))
    large = [run.text for run in text_runs(reader.pages[0]) if run.size > 20]
    assert sorted(t for t in large if t.isdigit()) == ["0", "1", "2", "3", "4"]  # a numeral half per card
    key = reader.pages[document.pages - 1].extract_text()
    assert texts.text("en", "assoc.number.3") in key  # the key names the fingers by their word


@pytest.mark.parametrize(("change", "message"), [
    (("kind = \"hand\"", "kind = \"sundial\""), "representation kind 'sundial' is unknown"),
    (("default_faces = [\"chiffre\", \"doigts\"]", "default_faces = [\"chiffre\"]"),
     "default_faces must name two of the representations (chiffre, doigts)"),
    (("match = \"counts\"\n", ""), "match must name what touching halves share"),
    (("values = 11\nkind = \"hand\"", "values = 1\nkind = \"hand\""), "values must be 2 or more"),
    (("kind = \"hand\"", "kind = \"hand\"\ncolour = 3"), "unknown key 'colour'"),
])
def test_a_broken_representation_is_refused_naming_the_file(themes_dir, change, message):
    (themes_dir / "doigts.toml").write_text(FINGERS.replace(*change), encoding="utf-8")
    with pytest.raises(ThemeError, match=re.escape(message)) as caught:
        model.load_builtin("doigts")
    assert "doigts.toml" in str(caught.value)


def test_the_themes_command_lists_the_representations(run_cli):
    lines = {line.split()[0]: line for line in run_cli("themes").output.splitlines()}
    assert ("(--faces chiffre, points, doigts, mot, bâtons, cadre, dé, barres, romains, addition, "
            "soustraction, multiplication, division)") in lines["nombres"]
    assert "--faces" not in lines["pips"]
