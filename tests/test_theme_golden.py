"""Golden images of one page of each generated theme (issue 20) at each ink mode.

The sheet page of a set of each new theme is rendered in colour, eco and black ink and compared
with ``tests/golden/themes/<theme>-<ink>.png`` by ``test_golden``'s comparison (its tolerance,
its palette images). ``make golden`` refreshes them with the demo pages.
"""

from __future__ import annotations

import pytest

from domino_print.ink import INK_MODES
from tests.test_golden import GOLDEN, compare, make_pdf, render_pages, to_stored

pytestmark = pytest.mark.slow

FOLDER = GOLDEN / "themes"
SETS = {
    "nombres": ["--theme", "nombres", "--faces", "bâtons,dé", "--values", "0-6"],
    "operations": ["--theme", "nombres", "--faces", "soustraction,barres", "--values", "10-16",
                   "--range", "0-20"],
    "heures": ["--theme", "heures", "--faces", "cadran,numérique-12", "--step", "5", "--seed", "8"],
    "fractions": ["--theme", "fractions", "--faces", "barre,décimal", "--lang", "de"],
    "monnaie": ["--theme", "monnaie", "--values", "1.99,12.50,0.15,3.35,20.00,0.75,5.00"],
}


@pytest.mark.parametrize("ink", INK_MODES)
@pytest.mark.parametrize("name", sorted(SETS))
def test_one_page_of_each_new_theme_at_each_ink_mode(name, ink, tmp_path, request):
    page = render_pages(make_pdf([*SETS[name], "--ink", ink, "--no-rules"], tmp_path))[0]
    path = FOLDER / f"{name}-{ink}.png"
    if request.config.getoption("--update-golden"):
        FOLDER.mkdir(exist_ok=True)
        to_stored(page).save(path, optimize=True)
        return
    assert path.exists(), f"no golden image {path.name}: run `make golden`, look, commit"
    from PIL import Image

    with Image.open(path) as golden:
        golden.load()
        comparison = compare(page, golden)
    assert comparison.matches, f"{path.name}: {comparison} (after an intended change: make golden)"
