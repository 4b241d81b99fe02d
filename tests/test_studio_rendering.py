"""The studio's page pictures (studio.rendering): drawn as RGB straight from pdfium, the very
pictures drawing with an alpha channel and dropping it gave; a preview's pages drawn from the
PDF just made, the first with it and the others when asked, as wide as the page shows them."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
import pytest

from domino_print.api import make_document
from domino_print.studio import rendering


def _old_way(pdf: bytes, page: int) -> bytes:
    """Page ``page`` as the studio drew it before: BGRA from pdfium, converted to RGB."""
    document = pdfium.PdfDocument(pdf)
    try:
        handle = document[page]
        scale = rendering.render_scale(handle.get_size(), rendering.PREVIEW_DPI, rendering.PREVIEW_PIXELS)
        image = handle.render(scale=scale).to_pil()
        handle.close()
    finally:
        document.close()
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, "JPEG", quality=rendering.JPEG_QUALITY, subsampling=0)
    return buffer.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"theme": "fruits"}, {"theme": "pips-couleur", "backs": True},
                                     {"theme": "chiffres", "ink": "noir"}])
def test_page_pictures_are_the_pictures_they_were(tmp_path, options):
    pdf = make_document(options).pdf
    pages = len(pdfium.PdfDocument(pdf))
    drawn = rendering._draw_pages(pdf, {n: tmp_path / f"{n}.jpg" for n in range(pages)})
    assert len(drawn) == pages
    for page in range(pages):
        assert drawn[page] == _old_way(pdf, page)
        assert (tmp_path / f"{page}.jpg").read_bytes() == drawn[page]


@pytest.mark.slow
def test_a_preview_draws_its_first_pages_from_the_pdf_it_made(tmp_path, monkeypatch):
    options = {"theme": "pips", "margin": "11.25"}
    key = rendering.cache_key(options, "", "full")
    drawn_from: list[bytes] = []
    draw = rendering._draw_pages

    def drawing(pdf: bytes, targets: dict, width: int | None = None) -> dict:
        drawn_from.append(pdf)
        return draw(pdf, targets, width)

    monkeypatch.setattr(rendering, "_draw_pages", drawing)
    facts = rendering.build_with_pages(options, tmp_path, key)
    assert drawn_from == [(tmp_path / f"{key}.pdf").read_bytes()]
    assert drawn_from[0] == make_document(options).pdf
    for page in range(facts["pages"]):
        assert rendering.page_image(tmp_path, key, page) == _old_way(drawn_from[0], page)


@pytest.mark.slow
def test_a_preview_draws_only_its_first_page_before_it_answers(tmp_path):
    options = {"theme": "pips", "margin": "11.5"}
    key = rendering.cache_key(options, "", "full")
    facts = rendering.build_with_pages(options, tmp_path, key, 320)
    assert facts["pages"] == 2
    assert sorted(path.name for path in tmp_path.glob("*.jpg")) == [f"page-{facts['page_keys'][0]}-w320.jpg"]
    assert rendering.page_image(tmp_path, key, 1, 320) is not None  # the second when asked
    assert len(list(tmp_path.glob("*.jpg"))) == 2


@pytest.mark.slow
def test_a_page_picture_is_as_wide_as_the_page_shows_it(tmp_path):
    from PIL import Image

    options = {"theme": "fruits", "margin": "11.75"}
    key = rendering.cache_key(options, "", "full")
    rendering.build_with_pages(options, tmp_path, key, 320)
    for page in (0, 1):
        shown = Image.open(io.BytesIO(rendering.page_image(tmp_path, key, page, 320)))
        assert abs(shown.width - 320) <= 1  # A4 landscape, 842 pt wide
    # Never above PREVIEW_DPI: a page shown wider is drawn as before (585 px), as with no width.
    wide = Image.open(io.BytesIO(rendering.page_image(tmp_path, key, 0, 1280)))
    assert wide.size == Image.open(io.BytesIO(rendering.page_image(tmp_path, key, 0))).size
    assert abs(wide.width - 842 * rendering.PREVIEW_DPI / 72) <= 1


@pytest.mark.parametrize(("asked", "width"), [(328, 384), (320, 320), (321, 384), (1, 64), (99_999, 1280),
                                               (0, None), (-5, None), ("312", None), (True, None),
                                               (312.5, None), (None, None)])
def test_the_width_a_page_asks_for_is_rounded_up_to_a_few_widths(asked, width):
    assert rendering.shown_width(asked) == width
