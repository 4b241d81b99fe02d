"""Golden images: every page of every demo PDF (and of the calibration sheet) looks as it did.

The demo commands are read from the Makefile's ``demo`` target, so a new demo
line there gets its golden pages too. Each command runs in-process; each page
is rendered with pypdfium2 at ``GOLDEN_DPI`` and compared with
``tests/golden/<demo>-<page>.png`` (a small palette PNG, easy to open and look
at). The comparison tolerates rasteriser noise (antialiasing and colour
rounding) but fails when something on the page moves, appears or disappears:
the tests at the end of this file prove both on deliberately altered PDFs.

After an intended visual change, look at the new pages, then refresh them with

    make golden        # = pytest tests/test_golden.py --update-golden

and commit the changed PNGs with the change that explains them.
"""

from __future__ import annotations

import io
import random
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from domino_print.cli import cli

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden"
GOLDEN_DPI = 50
PALETTE_COLOURS = 48
"""Stored PNGs keep this many colours: enough to tell every theme colour apart and keep the greys
of antialiased text (32 mapped the grey text of the fruits' rules page to an olive), a few KB a page."""

PIXEL_TOLERANCE = 32
"""A pixel differs when one of its channels moves by more than this (of 255): antialiasing and
colour rounding stay below it; a line, a pip, a letter or a fruit that moves or vanishes does not."""
MAX_DIFFERING_SHARE = 0.0002
"""At most this share of a page's pixels may differ (about 48 pixels of an A4 page at 50 dpi, the
size of one short word): the dashed centre lines of one sheet are about 750, a tile moved by 1 mm
about 200, one fruit about 1000."""
MAX_MEAN_DIFFERENCE = 3.0
"""The mean difference over the page (0-255 levels) must stay below this: catches a change spread
thin over the whole page, such as every colour shifted a little."""

CALIBRATION = ("calibration", ["calibrate"])


def demo_commands() -> list[tuple[str, list[str]]]:
    """(name, arguments) of each ``domino-print`` line of the Makefile's ``demo`` target, the name
    taken from its ``--out`` file (``output/dominos-fruits-en.pdf`` -> ``fruits-en``), without --out."""
    recipe = re.search(r"^demo:.*\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert recipe, "the Makefile has no demo target"
    commands = []
    for line in recipe.group(1).splitlines():
        words = shlex.split(line.strip())
        if not words or not words[0].endswith("domino-print"):
            continue
        if words[1:2] == ["site"]:  # a folder of PDFs made as the command line makes them (test_site)
            continue
        args = words[1:]
        at = args.index("--out")
        out = Path(args[at + 1])
        del args[at : at + 2]
        commands.append((out.stem.removeprefix("dominos-"), args))
    return commands


DEMOS = [*demo_commands(), CALIBRATION]


def make_pdf(args: list[str], folder: Path) -> bytes:
    """Run ``domino-print args`` in-process and return the PDF bytes (each PDF a new file)."""
    out = folder / f"golden-check-{len(list(folder.glob('golden-check-*.pdf')))}.pdf"
    result = CliRunner().invoke(cli, [*args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def render_pages(pdf: bytes, dpi: int = GOLDEN_DPI) -> list[Image.Image]:
    """Every page of ``pdf`` as an RGB image at ``dpi``."""
    import pypdfium2 as pdfium  # deferred like in the package: only the pixel tests need it

    document = pdfium.PdfDocument(pdf)
    try:
        return [document[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(document))]
    finally:
        document.close()


def to_stored(page: Image.Image) -> Image.Image:
    """The small palette image kept in tests/golden/: each pixel takes the nearest colour of a palette
    fitted to the page, exactly as ``compare`` maps a fresh page onto it."""
    palette = page.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return page.quantize(palette=palette, dither=Image.Dither.NONE)


def golden_path(name: str, page: int) -> Path:
    return GOLDEN / f"{name}-{page}.png"


@dataclass(frozen=True)
class Comparison:
    """How far a fresh page is from its golden image, and whether that is within the tolerance."""

    mean_difference: float
    differing_share: float
    difference: Image.Image
    """Per pixel, the largest channel difference (greyscale, 0 = same)."""

    @property
    def matches(self) -> bool:
        return self.differing_share <= MAX_DIFFERING_SHARE and self.mean_difference <= MAX_MEAN_DIFFERENCE

    def __str__(self) -> str:
        return (
            f"{self.differing_share:.4%} of pixels differ by more than {PIXEL_TOLERANCE} "
            f"(limit {MAX_DIFFERING_SHARE:.4%}), mean difference {self.mean_difference:.2f} "
            f"(limit {MAX_MEAN_DIFFERENCE})"
        )


def _largest_channel_difference(a: Image.Image, b: Image.Image) -> Image.Image:
    red, green, blue = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def compare(page: Image.Image, golden: Image.Image) -> Comparison:
    """Compare a fresh render with a stored golden image. Storing rounds each pixel to the nearest
    colour of a small palette; the fresh page's own rounding to that palette is subtracted from its
    difference, so a page identical to the one stored differs by exactly nothing, and noise of n
    levels shows as at most about 2n."""
    if page.size != golden.size:
        return Comparison(255.0, 1.0, Image.new("L", golden.size, 255))
    page = page.convert("RGB")
    difference = _largest_channel_difference(page, golden)
    if golden.mode == "P":
        rounding = _largest_channel_difference(page, page.quantize(palette=golden, dither=Image.Dither.NONE))
        difference = ImageChops.subtract(difference, rounding)
    histogram = difference.histogram()
    pixels = page.width * page.height
    mean = sum(level * count for level, count in enumerate(histogram)) / pixels
    share = sum(histogram[PIXEL_TOLERANCE + 1 :]) / pixels
    return Comparison(mean, share, difference)


def load_golden(name: str) -> list[Image.Image]:
    pages = []
    while golden_path(name, len(pages) + 1).exists():
        with Image.open(golden_path(name, len(pages) + 1)) as image:
            image.load()
            pages.append(image)
    return pages


def mismatches(name: str, pages: list[Image.Image], evidence: Path | None = None) -> list[str]:
    """What differs between ``pages`` and the golden pages of ``name``, one line per problem; with
    ``evidence``, the fresh page and a difference map of each mismatch are written there."""
    golden = load_golden(name)
    if len(pages) != len(golden):
        return [f"{name}: {len(pages)} pages, {len(golden)} golden images"]
    problems = []
    for number, (page, expected) in enumerate(zip(pages, golden, strict=True), start=1):
        comparison = compare(page, expected)
        if comparison.matches:
            continue
        line = f"{golden_path(name, number).name}: {comparison}"
        if evidence is not None:
            page.save(evidence / f"{name}-{number}.actual.png")
            comparison.difference.point(lambda v: 255 if v > PIXEL_TOLERANCE else 0).save(
                evidence / f"{name}-{number}.diff.png"
            )
            line += f" (see {evidence})"
        problems.append(line)
    return problems


def write_golden(name: str, pages: list[Image.Image]) -> None:
    GOLDEN.mkdir(exist_ok=True)
    for stale in GOLDEN.glob(f"{name}-*.png"):
        if re.fullmatch(rf"{re.escape(name)}-\d+\.png", stale.name):
            stale.unlink()
    for number, page in enumerate(pages, start=1):
        to_stored(page).save(golden_path(name, number), optimize=True)


# --- the demo pages look as they did -------------------------------------------------------------


@pytest.mark.parametrize(("name", "args"), DEMOS, ids=[name for name, _ in DEMOS])
def test_demo_pages_match_their_golden_images(name, args, tmp_path, request):
    pages = render_pages(make_pdf(args, tmp_path))
    if request.config.getoption("--update-golden"):
        write_golden(name, pages)
        return
    assert golden_path(name, 1).exists(), f"no golden image for {name}: run `make golden`, look, commit"
    problems = mismatches(name, pages, evidence=tmp_path)
    assert not problems, "pages differ from tests/golden (after an intended change: make golden):\n" + (
        "\n".join(problems)
    )


def test_every_golden_image_belongs_to_a_demo_page():
    names = {name for name, _ in DEMOS}
    orphans = [
        path.name
        for path in GOLDEN.glob("*.png")
        if (match := re.fullmatch(r"(.+)-(\d+)\.png", path.name)) is None or match.group(1) not in names
    ]
    assert not orphans, f"golden images of no demo (delete them): {orphans}"


def test_golden_images_stay_small_and_readable():
    paths = sorted(GOLDEN.glob("*.png"))
    assert len(paths) >= 2 * len(DEMOS)  # every demo has a sheet and a rules page (or a back)
    # About 20 KB a page at 50 dpi; the bound keeps the repository light as demos are added.
    assert sum(path.stat().st_size for path in paths) < 25_000 * len(paths)
    for path in paths:
        with Image.open(path) as image:
            assert image.mode == "P"
            # A4, or a print shop's A4 within its bleed and crop marks (--pdf-x: 9 mm round the trim)
            long_sides = [side / 25.4 * GOLDEN_DPI for side in (297, 297 + 2 * 9)]
            assert min(abs(max(image.size) - side) for side in long_sides) <= 2, path.name


# --- the tolerance: noise passes, a visible change fails ------------------------------------------


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """Fresh renders of three demos, by name: pages of plain pips, fruits and the class set."""
    folder = tmp_path_factory.mktemp("fresh")
    wanted = {"pips", "fruits", "classe"}
    return {name: render_pages(make_pdf(args, folder)) for name, args in DEMOS if name in wanted}


def _gamma(page: Image.Image, exponent: float) -> Image.Image:
    return page.point([round(255 * (v / 255) ** exponent) for v in range(256)] * 3)


def _speckle(page: Image.Image, count: int, seed: int = 10) -> Image.Image:
    noisy = page.copy()
    rng = random.Random(seed)
    for _ in range(count):
        noisy.putpixel((rng.randrange(page.width), rng.randrange(page.height)), (0, 0, 0))
    return noisy


@pytest.mark.parametrize("name", ["pips", "fruits", "classe"])
def test_rasteriser_noise_passes(fresh, name):
    """Antialiasing and colour rounding that differ a little (mid-tones moved by up to 8 levels,
    black and white kept) and a few dozen stray pixels stay within the tolerance."""
    for number, page in enumerate(fresh[name], start=1):
        golden = load_golden(name)[number - 1]
        assert compare(_gamma(page, 0.92), golden).matches, (name, number)
        assert compare(_speckle(page, 30), golden).matches, (name, number)
    # Both kinds of noise are real differences, not no-ops:
    page = fresh[name][0]
    assert max(_largest_channel_difference(_gamma(page, 0.92), page).getextrema()) >= 7
    assert sum(_largest_channel_difference(_speckle(page, 30), page).histogram()[PIXEL_TOLERANCE + 1 :]) >= 25


@pytest.mark.parametrize(
    ("name", "args", "page", "what"),
    [
        ("classe", ["--label", "Classe des Lutines"], 1, "the label, one letter added, on the sheet"),
        ("classe", ["--label", "Classe des Lutines"], 2, "the label, one letter added, on the backs"),
        ("classe", ["--back-offset", "1,0"], 2, "the backs moved 1 mm"),
        ("pips", ["--margin", "11"], 1, "every tile moved 1 mm"),
        ("pips", ["--rules", "points"], 2, "the other rules text"),
        ("calibration", ["--lang", "en"], 1, "the calibration page in English"),
    ],
)
def test_a_pdf_made_with_one_option_changed_fails(tmp_path, name, args, page, what):
    base = dict(DEMOS)[name]
    changed = render_pages(make_pdf([*base, *args], tmp_path))
    assert not compare(changed[page - 1], load_golden(name)[page - 1]).matches, what
    assert mismatches(name, changed), what


class _Patched:
    """Alter what ReportLab draws, below the renderer, to make one precise visual fault."""

    def __init__(self, monkeypatch):
        self.monkeypatch = monkeypatch

    def drop_form(self, call: int):
        """The ``call``-th form drawn on the page (a face) is not drawn: a missing fruit or pip face."""
        original, calls = Canvas.doForm, []

        def do_form(canvas, name):
            calls.append(name)
            if len(calls) != call:
                original(canvas, name)

        self.monkeypatch.setattr(Canvas, "doForm", do_form)

    def move_forms(self, calls: set[int], by_mm: float):
        """The forms drawn at these calls (the two faces of one tile) land ``by_mm`` to the right."""
        original, seen = Canvas.doForm, []

        def do_form(canvas, name):
            seen.append(name)
            if len(seen) in calls:
                canvas.saveState()
                canvas.translate(by_mm * mm, 0)
                original(canvas, name)
                canvas.restoreState()
            else:
                original(canvas, name)

        self.monkeypatch.setattr(Canvas, "doForm", do_form)

    def hide_dashed_lines(self):
        """Dashed strokes (the centre lines) come out invisible."""
        original = Canvas.setDash

        def set_dash(canvas, *args, **kwargs):
            original(canvas, *args, **kwargs)
            canvas.setStrokeAlpha(0)

        self.monkeypatch.setattr(Canvas, "setDash", set_dash)


@pytest.mark.parametrize(
    ("name", "fault"),
    [
        ("fruits", lambda patch: patch.drop_form(20)),
        ("pips", lambda patch: patch.move_forms({21, 22}, 1.0)),
        ("pips", lambda patch: patch.hide_dashed_lines()),
    ],
    ids=["a missing fruit", "a tile moved 1 mm", "no centre lines"],
)
def test_a_pdf_with_one_visual_fault_fails(tmp_path, monkeypatch, fresh, name, fault):
    fault(_Patched(monkeypatch))
    faulty = render_pages(make_pdf(dict(DEMOS)[name], tmp_path))
    monkeypatch.undo()
    assert faulty[0].tobytes() != fresh[name][0].tobytes(), "the fault changed nothing: pick another"
    assert not compare(faulty[0], load_golden(name)[0]).matches


def test_the_comparison_is_made_on_the_stored_palette(fresh):
    page = fresh["fruits"][0]
    stored = to_stored(page)
    buffer = io.BytesIO()
    stored.save(buffer, "PNG", optimize=True)
    reloaded = Image.open(io.BytesIO(buffer.getvalue()))
    comparison = compare(page, reloaded)
    assert comparison.differing_share == 0
    assert comparison.mean_difference < 0.5
