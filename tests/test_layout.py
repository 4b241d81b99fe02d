import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domino_print.errors import OptionError, SizeError
from domino_print.geometry.sheet import SheetSpec, layout_sheet
from domino_print.geometry.sizes import MIN_TILE_SHORT_MM, Paper, parse_paper, parse_tile_size

EPS = 1e-6


def _overlap(p, q):
    return (
        p.x_mm < q.x_mm + q.width_mm - EPS and q.x_mm < p.x_mm + p.width_mm - EPS
        and p.y_mm < q.y_mm + q.height_mm - EPS and q.y_mm < p.y_mm + p.height_mm - EPS
    )


specs = st.builds(
    SheetSpec,
    paper=st.sampled_from([parse_paper(n) for n in ("A4", "A3", "A5", "Letter", "Legal")]),
    orientation=st.sampled_from(["auto", "portrait", "landscape"]),
    margin_mm=st.floats(min_value=0, max_value=25),
    gap_mm=st.sampled_from([0.0, 0.5, 3.0]),
    tile_short_mm=st.sampled_from([None, 24.0, 30.0, 40.0]),
)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(spec=specs, count=st.integers(min_value=1, max_value=190))
def test_layout_properties(spec, count):
    try:
        sheet = layout_sheet(spec, count)
    except SizeError:
        return  # an impossible spec is refused, never half laid out
    placements = [p for page in sheet.pages for p in page.placements]
    # every tile placed exactly once, none split across pages
    assert sorted(p.index for p in placements) == list(range(count))
    bottom_limit = sheet.margin_mm + sheet.legend_band_mm
    for page in sheet.pages:
        for p in page.placements:
            long, short = max(p.width_mm, p.height_mm), min(p.width_mm, p.height_mm)
            assert long == pytest.approx(2 * short)  # ratio 1:2
            assert short >= MIN_TILE_SHORT_MM - EPS
            assert p.x_mm >= sheet.margin_mm - EPS
            assert p.x_mm + p.width_mm <= sheet.page_width_mm - sheet.margin_mm + EPS
            assert p.y_mm >= bottom_limit - EPS
            assert p.y_mm + p.height_mm <= sheet.page_height_mm - sheet.margin_mm + EPS
        for p, q in itertools.combinations(page.placements, 2):
            assert not _overlap(p, q)
    if spec.tile_short_mm is not None:
        assert sheet.tile_short_mm == spec.tile_short_mm


def test_double_six_fits_one_a4_page_at_about_27_by_54():
    sheet = layout_sheet(SheetSpec(), 28)
    assert len(sheet.pages) == 1
    assert 27.0 <= sheet.tile_short_mm <= 28.0
    assert sheet.page_width_mm * sheet.page_height_mm == pytest.approx(210 * 297)


def test_double_twelve_uses_several_pages():
    sheet = layout_sheet(SheetSpec(), 91)
    assert len(sheet.pages) > 1
    assert sheet.tile_short_mm >= 25


def test_touching_tiles_share_cut_lines_and_none_crosses_a_centre():
    sheet = layout_sheet(SheetSpec(), 28)
    page = sheet.pages[0]
    # 10 x 3 grid with a short last row: far fewer segments than 4 per tile
    assert len(page.cut_lines) < 28
    for p in page.placements:
        cx, cy = p.centre_mm
        for s in page.cut_lines:
            if s.x0 == s.x1:  # vertical line: must not pass through a tile's centre
                assert not (abs(s.x0 - cx) < EPS and s.y0 < cy < s.y1)
            else:
                assert not (abs(s.y0 - cy) < EPS and s.x0 < cx < s.x1)


def test_every_tile_edge_lies_on_a_cut_line():
    page = layout_sheet(SheetSpec(), 28).pages[0]

    def covered(x0, y0, x1, y1):
        return any(
            s.x0 - EPS <= min(x0, x1) and max(x0, x1) <= s.x1 + EPS
            and s.y0 - EPS <= min(y0, y1) and max(y0, y1) <= s.y1 + EPS
            for s in page.cut_lines
        )

    for p in page.placements:
        x1, y1 = p.x_mm + p.width_mm, p.y_mm + p.height_mm
        assert covered(p.x_mm, p.y_mm, x1, p.y_mm) and covered(p.x_mm, y1, x1, y1)
        assert covered(p.x_mm, p.y_mm, p.x_mm, y1) and covered(x1, p.y_mm, x1, y1)


def test_gap_gives_crop_marks_outside_every_tile():
    page = layout_sheet(SheetSpec(gap_mm=3), 28).pages[0]
    assert page.crop_marks
    for mark in page.crop_marks:
        for p in page.placements:
            inside_x = p.x_mm - EPS <= mark.x0 <= p.x_mm + p.width_mm + EPS
            inside_y = p.y_mm - EPS <= mark.y0 <= p.y_mm + p.height_mm + EPS
            inside_x1 = p.x_mm - EPS <= mark.x1 <= p.x_mm + p.width_mm + EPS
            inside_y1 = p.y_mm - EPS <= mark.y1 <= p.y_mm + p.height_mm + EPS
            assert not (inside_x and inside_y) and not (inside_x1 and inside_y1)


def test_fixed_tile_size_paginates_without_splitting():
    sheet = layout_sheet(SheetSpec(tile_short_mm=40), 28)
    assert sheet.tile_short_mm == 40
    assert len(sheet.pages) >= 2
    assert sum(len(page.placements) for page in sheet.pages) == 28


def test_layout_is_plain_data():
    sheet = layout_sheet(SheetSpec(), 3)
    assert sheet._asdict()["pages"][0].placements[0].index == 0
    pages = json.loads(json.dumps(sheet))[sheet._fields.index("pages")]
    assert pages[0][0][0] == [0, *sheet.pages[0].placements[0][1:]]


@pytest.mark.parametrize(
    ("spec", "problem", "sizes"),
    [
        (SheetSpec(margin_mm=110), "margins_too_large",
         {"margin_mm": 110, "paper_name": "A4", "paper_mm": (210, 297)}),
        (SheetSpec(paper=Paper("tiny", 60, 60), margin_mm=20), "margins_too_large",
         {"margin_mm": 20, "paper_name": "tiny", "paper_mm": (60, 60)}),
        (SheetSpec(tile_short_mm=150), "tile_does_not_fit",
         {"tile_mm": (150, 300), "area_mm": (190, 254), "paper_name": "A4", "paper_mm": (210, 297),
          "folded": False}),
        (SheetSpec(orientation="sideways"), "orientation", {"given": "'sideways'"}),
        (SheetSpec(gap_mm=-1), "negative", {"margin_mm": 10, "gap_mm": -1, "legend_band_mm": 12}),
        (SheetSpec(gap_mm=25), "gap_too_wide", {"gap_mm": 25, "max_gap_mm": 20}),
    ],
)
def test_impossible_specs_raise_neutral_errors_with_the_sizes(spec, problem, sizes):
    with pytest.raises(SizeError) as caught:
        layout_sheet(spec, 28)
    assert caught.value.says == f"size.{problem}"
    assert {name: caught.value.sizes[name] for name in sizes} == sizes
    assert "--" not in str(caught.value), "layout names no command-line option"


def test_the_option_layer_words_size_errors_per_surface():
    from domino_print.options.wording import describe, word_size_error

    with pytest.raises(SizeError) as caught:
        layout_sheet(SheetSpec(tile_short_mm=150), 28)
    worded = word_size_error(caught.value)
    assert isinstance(worded, OptionError) and set(worded.fields) == {"tile_size", "paper"}
    assert str(worded) == (
        "a 150 x 300 mm tile does not fit the printable area (190 x 254 mm) of A4 paper; "
        "choose a smaller --tile-size or larger --paper"
    )
    assert describe(worded, "form", "en").endswith(
        "choose a smaller \u201cTile size\u201d or larger \u201cPaper\u201d"
    )
    assert describe(worded, "form", "fr") == (  # in the page's language, from the catalogue
        "un domino de 150 x 300 mm ne tient pas dans la zone imprimable (190 x 254 mm) du papier A4\u00a0; "
        "choisissez une plus petite «\u00a0Taille des dominos\u00a0» ou un plus grand «\u00a0Papier\u00a0»"
    )


def test_parse_paper_and_tile_size():
    assert parse_paper("letter").width_mm == pytest.approx(215.9)
    custom = parse_paper("250x200mm")
    assert (custom.width_mm, custom.height_mm) == (200, 250)
    assert parse_tile_size("auto") is None
    assert parse_tile_size("large") == 40
    assert parse_tile_size("60x30mm") == 30
    for bad in ("B5", "12x", "0x0mm"):
        with pytest.raises(OptionError, match="--paper"):
            parse_paper(bad)
    for bad in ("huge", "30x40mm", "5x10mm"):
        with pytest.raises(OptionError, match="--tile-size"):
            parse_tile_size(bad)


def test_a_size_takes_the_decimal_comma_the_messages_write():
    assert parse_tile_size("17,5x35mm") == parse_tile_size("17.5x35mm") == 17.5
    paper = parse_paper("150,5x200mm")
    assert (paper.width_mm, paper.height_mm) == (150.5, 200.0)


@pytest.mark.parametrize("lang, words", [
    ("fr", "choisissez auto, small, medium, large ou LxHmm"),
    ("de", "wählen Sie auto, small, medium, large oder BxHmm"),
])
def test_an_unknown_tile_size_names_the_words_the_option_takes(lang, words):
    from domino_print.api import describe

    with pytest.raises(OptionError) as refused:
        parse_tile_size("petit")  # a French word the option does not take: the message must not offer it
    said = describe(refused.value, "cli", lang)
    assert words in said and "petit, moyen" not in said
    assert parse_tile_size("auto") is None  # and each word the message offers is taken
    assert [parse_tile_size(word) for word in ("small", "medium", "large")] == [24.0, 30.0, 40.0]
