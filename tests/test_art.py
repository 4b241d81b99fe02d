"""Precompiled built-in art: current, used only when it matches, identical to svglib's output."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from domino_print.pictures.art import SUFFIX, compile_svg, load_compiled
from domino_print.themes.model import ASSETS_DIR

SHIPPED = sorted(ASSETS_DIR.rglob("*.svg"))


@pytest.mark.parametrize("svg", SHIPPED, ids=lambda p: p.name)
def test_shipped_operators_are_up_to_date(svg):
    compiled = svg.with_name(svg.name + SUFFIX)
    assert compiled.read_text(encoding="ascii") == compile_svg(svg), "run: make art"
    assert load_compiled(svg) is not None


def test_an_edited_svg_is_never_drawn_from_stale_operators(tmp_path):
    svg = tmp_path / "pomme.svg"
    shutil.copy(ASSETS_DIR / "fruits" / "pomme.svg", svg)
    shutil.copy(ASSETS_DIR / "fruits" / ("pomme.svg" + SUFFIX), tmp_path / ("pomme.svg" + SUFFIX))
    assert load_compiled(svg) is not None
    svg.write_text(svg.read_text().replace("#d92f2a", "#0000ff"))
    assert load_compiled(svg) is None


def test_operators_use_no_pdf_resources():
    for svg in SHIPPED:
        operators = load_compiled(svg).operators
        assert "/" not in operators  # no fonts, images or graphics states to declare
        lines = operators.splitlines()
        assert lines.count("q") == lines.count("Q")  # the graphics state is left as found


def test_art_with_text_is_refused(tmp_path):
    svg = tmp_path / "text.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
        '<text x="1" y="8" font-size="8">A</text></svg>'
    )
    with pytest.raises(ValueError, match="resources"):
        compile_svg(svg)


@pytest.mark.slow
def test_fruit_sheet_does_not_import_svglib(tmp_path):
    probe = (
        "import sys; from domino_print.cli import main; sys.argv = ['domino-print', '--theme', 'fruits', "
        f"'--out', {str(tmp_path / 'f.pdf')!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('svglib' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "False"
    assert (tmp_path / "f.pdf").stat().st_size > 1000


def test_restyled_art_leaves_the_remembered_drawing_alone():
    """load_svg may hand the same drawing out again: line and light art work on copies."""
    from domino_print.pictures.art import compile_svg

    svg = ASSETS_DIR / "fruits" / "pomme.svg"
    first_line = compile_svg(svg, "line")
    compile_svg(svg, "light")
    assert compile_svg(svg, "line") == first_line
    assert compile_svg(svg) == svg.with_name(svg.name + SUFFIX).read_text(encoding="ascii")
