"""Fold-over backs (``--backs fold``) read back from the PDF: pixels, text and the command line.

The registration test works from pixels only: it finds the fold line by its colour, each front
tile by its cut lines and each back by its emblem and pattern, and checks that the mirror image
of every back across the fold line lies on its front within 0.2 mm, on portrait and landscape
pages (a fold across the long side of each), with and without a gap between tiles.
"""

from __future__ import annotations

import io
import itertools
import os

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from domino_print.api import make_document, parse_options
from domino_print.errors import OptionError
from domino_print.geometry.backs import BLEED_MM
from domino_print.options.wording import describe
from domino_print.pdf.back_pages import BACK_LINE_COLOUR, SINGLE_SET_COLOUR
from domino_print.pdf.fold import FOLD_COLOUR
from domino_print.texts import languages, text

DPI = 300
PX_PER_MM = DPI / 25.4
TOLERANCE_MM = 0.2


# -- pixels --------------------------------------------------------------------------------------
def _render(pdf: bytes, index: int) -> Image.Image:
    import pypdfium2 as pdfium  # the pixel tests only

    document = pdfium.PdfDocument(pdf)
    try:
        return document[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()


def _near(image: Image.Image, colour: str, tolerance: int) -> Image.Image:
    """A mask (L, 255 = yes) of the pixels within ``tolerance`` of ``colour`` in every channel."""
    difference = ImageChops.difference(image, Image.new("RGB", image.size, colour))
    red, green, blue = difference.split()
    largest = ImageChops.lighter(red, ImageChops.lighter(green, blue))
    return largest.point(lambda v: 255 if v <= tolerance else 0)


def _runs(flags: list[bool]) -> list[float]:
    """The centre (in pixels, from the image's edge) of each run of consecutive True."""
    centres, start = [], None
    for i, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            centres.append((start + i) / 2)
            start = None
    return centres


def _line_positions(mask: Image.Image, horizontal: bool) -> list[float]:
    """Where the mask holds straight lines at least 20 mm long: rows (``horizontal``) or columns.

    Averaging 10 mm blocks along the line keeps only what fills a whole block: lines, not pips,
    letters or crop marks."""
    block = round(10 * PX_PER_MM)
    if not horizontal:
        mask = mask.transpose(Image.Transpose.ROTATE_90).transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    width, height = mask.size
    whole = (0, 0, width // block * block, height)
    blocks = mask.resize((width // block, height), Image.Resampling.BOX, box=whole)
    flags = [blocks.crop((0, row, blocks.width, row + 1)).getextrema()[1] >= 240 for row in range(height)]
    return _runs(flags)


def _fold(image: Image.Image) -> tuple[bool, float]:
    """The fold line from its colour: (horizontal, position in pixels)."""
    mask = _near(image, FOLD_COLOUR, 30)  # not the grey at the edge of a black line
    rows = list(mask.resize((1, mask.height), Image.Resampling.BOX).tobytes())
    columns = list(mask.resize((mask.width, 1), Image.Resampling.BOX).tobytes())
    horizontal = max(rows) > max(columns)
    profile = rows if horizontal else columns
    peak = max(profile)
    weights = [(i + 0.5, v) for i, v in enumerate(profile) if v > peak / 2]
    return horizontal, sum(i * v for i, v in weights) / sum(v for _, v in weights)


def _front_tiles(image: Image.Image, horizontal: bool, fold: float) -> list[tuple[float, ...]]:
    """Each front tile as (left, top, right, bottom) in pixels: the cells of the cut lines on the
    tiles' side of the fold whose four sides are drawn."""
    black = _near(image, "#000000", 100)
    side = (0, 0, image.width, round(fold)) if horizontal else (0, 0, round(fold), image.height)
    front = Image.new("L", black.size, 0)
    front.paste(black.crop(side), side[:2])
    ys, xs = _line_positions(front, True), _line_positions(front, False)
    inset = round(PX_PER_MM)

    def drawn(x0, y0, x1, y1) -> bool:
        strip = front.crop((round(x0), round(y0), round(x1) + 1, round(y1) + 1))
        return strip.resize((1, 1), Image.Resampling.BOX).getpixel((0, 0)) >= 0.3 * 255

    tiles = []
    for left, right in itertools.pairwise(xs):
        for top, bottom in itertools.pairwise(ys):
            sides = [
                (left + inset, top - 1, right - inset, top + 1),
                (left + inset, bottom - 1, right - inset, bottom + 1),
                (left - 1, top + inset, left + 1, bottom - inset),
                (right - 1, top + inset, right + 1, bottom - inset),
            ]
            if all(drawn(*s) for s in sides):
                tiles.append((left, top, right, bottom))
    return tiles


def _mirror(box, horizontal: bool, fold: float):
    left, top, right, bottom = box
    if horizontal:
        return (left, 2 * fold - bottom, right, 2 * fold - top)
    return (2 * fold - right, top, 2 * fold - left, bottom)


def _bbox_within(mask: Image.Image, box, grow: float):
    """The bounding box (pixels) of the mask inside ``box`` grown by ``grow`` pixels."""
    left, top, right, bottom = (round(box[0] - grow), round(box[1] - grow),
                                round(box[2] + grow), round(box[3] + grow))
    found = mask.crop((left, top, right, bottom)).getbbox()
    assert found, f"nothing found in {box}"
    return (left + found[0], top + found[1], left + found[2], top + found[3])


def _centre(box):
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


@pytest.mark.slow
@pytest.mark.parametrize("gap", [0, 8])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_each_back_folds_onto_its_front(orientation, gap):
    options = {"backs": "fold", "orientation": orientation, "gap": gap, "no_rules": True}
    job = parse_options(options)
    document = make_document(job)
    assert document.pages == len(job.layout.pages)
    limit = TOLERANCE_MM * PX_PER_MM
    for index, page in enumerate(job.layout.pages):
        image = _render(document.pdf, index)
        assert (image.width > image.height) == (orientation == "landscape")
        horizontal, fold = _fold(image)
        # a fold across the long side: horizontal on a portrait page, vertical on a landscape one
        assert horizontal == (orientation == "portrait")
        assert fold == pytest.approx((image.height if horizontal else image.width) / 2, abs=limit)
        fronts = _front_tiles(image, horizontal, fold)
        assert len(fronts) == len(page.placements)
        # close tolerances: the grey of antialiased text must not pass for either
        emblems = _near(image, SINGLE_SET_COLOUR, 20)
        pattern = _near(image, BACK_LINE_COLOUR, 12)
        bleed = BLEED_MM * PX_PER_MM
        for front in fronts:
            behind = _mirror(front, horizontal, fold)
            width, height = behind[2] - behind[0], behind[3] - behind[1]
            core = (behind[0] + width / 4, behind[1] + height / 4,
                    behind[2] - width / 4, behind[3] - height / 4)
            emblem = _bbox_within(emblems, core, 0)
            assert _centre(emblem) == pytest.approx(_centre(behind), abs=limit), (front, emblem)
            if gap:  # each back's pattern stands alone: its edges, less the bleed, are the front's
                seen = _bbox_within(pattern, behind, bleed + 0.3 * gap / 2 * PX_PER_MM)
                expected = (behind[0] - bleed, behind[1] - bleed, behind[2] + bleed, behind[3] + bleed)
                assert seen == pytest.approx(expected, abs=limit), (front, seen, expected)
        # all backs together: the mirror image of all fronts, grown by the bleed
        union = (min(f[0] for f in fronts), min(f[1] for f in fronts),
                 max(f[2] for f in fronts), max(f[3] for f in fronts))
        behind = _mirror(union, horizontal, fold)
        if horizontal:
            half = (0, round(fold), image.width, image.height)
        else:
            half = (round(fold), 0, image.width, image.height)
        seen = pattern.crop(half).getbbox()
        seen = (seen[0] + half[0], seen[1] + half[1], seen[2] + half[0], seen[3] + half[1])
        expected = (behind[0] - bleed, behind[1] - bleed, behind[2] + bleed, behind[3] + bleed)
        assert seen == pytest.approx(expected, abs=limit)


# -- text ------------------------------------------------------------------------------------------
def _plain(value: str) -> str:
    return " ".join(value.replace("\u00a0", " ").split())


@pytest.mark.parametrize("lang", languages())
@pytest.mark.slow
def test_the_legend_explains_fold_glue_cut_in_each_language(lang):
    document = make_document({"backs": "fold", "lang": lang, "no_rules": True, "label": "Lutins"})
    reader = PdfReader(io.BytesIO(document.pdf))
    for page in reader.pages:
        page_text = _plain(page.extract_text())
        for key in ("fold.step.1", "fold.step.2", "fold.step.3", "fold.here"):
            assert _plain(text(lang, key)) in page_text, (lang, key)
        assert "Lutins" in page_text  # the label, as with duplex backs


def test_the_steps_differ_from_language_to_language():
    steps = {text(lang, "fold.step.1") for lang in languages()}
    assert len(steps) == len(languages())


# -- the option ------------------------------------------------------------------------------------
@pytest.mark.slow
def test_backs_alone_is_duplex_and_keeps_its_bytes(run_cli, tmp_path):
    alone, named = tmp_path / "alone.pdf", tmp_path / "named.pdf"
    assert run_cli("--backs", "--sets", "2", "--out", alone).exit_code == 0
    assert run_cli("--backs", "duplex", "--sets", "2", "--out", named).exit_code == 0
    assert alone.read_bytes() == named.read_bytes()
    assert make_document({"backs": True, "sets": 2}).pdf == alone.read_bytes()


@pytest.mark.slow
def test_fold_pages_carry_their_backs_and_ask_for_one_sided_printing(run_cli, tmp_path):
    out = tmp_path / "fold.pdf"
    result = run_cli("--backs", "fold", "--sets", "3", "--out", out)
    assert result.exit_code == 0, result.stderr
    reader = PdfReader(out)
    assert len(reader.pages) == 2 * 3 + 1  # half a page each: two sheet pages a set, each with its backs
    assert "/Duplex" not in reader.trailer["/Root"].get("/ViewerPreferences", {})
    assert "with fold-over backs" in result.output
    duplex = tmp_path / "duplex.pdf"
    run_cli("--backs", "--sets", "3", "--out", duplex)
    assert len(PdfReader(duplex).pages) == (1 + 1) * 3 + 1  # a whole page: one sheet page a set, and its back


def test_a_form_may_ask_for_fold_over_backs():
    assert parse_options({"backs": "fold"}).options.backs == "fold"
    assert parse_options({"backs": "true"}).options.backs == "duplex"
    assert parse_options({"backs": False}).options.backs is None
    assert parse_options({"backs": ""}).options.backs is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backs", "fold", "--duplex", "short"],
         "--duplex is for two-sided printing, and --backs fold prints each back beside its front"),
        (["--backs", "fold", "--back-offset", "1,1"],
         "--back-offset is for two-sided printing, and --backs fold prints each back beside its front"),
        (["--backs", "sideways"], "--backs 'sideways' is not one of duplex or fold"),
        (["--backs", "fold", "--tile-size", "100x200mm"],
         "does not fit the tiles' half of A4 paper (190 x 114 mm; the backs take the other half)"),
    ],
)
def test_fold_refusals_are_one_line_with_no_file(run_cli, tmp_path, args, message):
    out = tmp_path / "never.pdf"
    result = run_cli(*args, "--out", out)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino-print: error: ")
    assert message in lines[0]
    assert os.listdir(tmp_path) == []


def test_a_form_hears_the_same_refusal_in_its_own_words():
    with pytest.raises(OptionError) as caught:
        parse_options({"backs": "fold", "duplex": "long"})
    worded = describe(caught.value, "form", "en")
    assert worded.startswith("\u201cFlip edge\u201d is for two-sided printing, and \u201cBacks\u201d fold")


@pytest.mark.parametrize(
    "options",
    [{"theme": "nombres", "faces": "chiffre,points"},
     {"theme": "lettres", "structure": "boucle", "values": "A-Z"}],
)
@pytest.mark.slow
def test_association_sets_and_loop_decks_fold_over_too(options):
    job = parse_options({**options, "backs": "fold"})
    assert job.layout.fold is not None
    document = make_document(job)
    assert document.pages == job.page_count
    reader = PdfReader(io.BytesIO(document.pdf))
    assert _plain(text("fr", "fold.step.2")) in _plain(reader.pages[0].extract_text())


@pytest.mark.slow
def test_fold_over_pages_in_black_ink_show_no_colour():
    document = make_document({"theme": "fruits", "ink": "noir", "backs": "fold", "sets": 2, "no_rules": True})
    for index in range(document.pages):
        page = _render(document.pdf, index).resize((620, 877))
        red, green, blue = page.split()
        spread = ImageChops.subtract(ImageChops.lighter(red, ImageChops.lighter(green, blue)),
                                     ImageChops.darker(red, ImageChops.darker(green, blue)))
        assert spread.getextrema()[1] <= 8, f"page {index + 1} has coloured pixels"
        assert _near(page, FOLD_COLOUR, 30).getbbox() is None  # the fold line is grey too


@pytest.mark.parametrize("lang", languages())
def test_on_narrow_pages_the_steps_wrap_clear_of_the_scale_bar(lang):
    """A5 portrait: each step too wide for the room left of the scale bar wraps onto more lines."""
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from domino_print import fonts
    from domino_print.pdf.margins import SCALE_BAR_MM

    document = make_document({"backs": "fold", "paper": "A5", "orientation": "portrait", "lang": lang,
                              "no_rules": True})
    page = PdfReader(io.BytesIO(document.pdf)).pages[0]
    width = float(page.mediabox.width)
    pieces = []

    def visit(text_, cm, tm, font_dict, font_size):
        upright = tm[1] == 0 and cm[1] == 0  # not the fold line's label, turned along a vertical fold
        if upright and text_.strip() and tm[5] * cm[3] + cm[5] < 22 * mm:  # the legend band and below
            pieces.append((text_, tm[4] * cm[0] + cm[4], font_size * tm[0] * cm[0]))

    page.extract_text(visitor_text=visit)
    steps = " ".join(_plain(text(lang, f"fold.step.{n}")) for n in (1, 2, 3))
    legend = [(t, x, size) for t, x, size in pieces if _plain(t) and _plain(t) in steps]
    assert " ".join(_plain(t) for t, _, _ in legend) == steps  # every word, in order
    bar_left = width - 10 * mm - SCALE_BAR_MM * mm
    for line, x, size in legend:
        assert x + stringWidth(line.strip(), fonts.REGULAR, size) < bar_left, line
