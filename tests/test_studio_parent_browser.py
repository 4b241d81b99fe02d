"""The parent's journey in a real browser (issue 19): seven phone photos, two turned by their EXIF
data and one HEIC, reordered, named, a title, the crop moved with "fill the face", a page enlarged,
the PDF and the theme downloaded; then the toddler path (four pictures, the toddlers' game
proposed, large tiles). axe-core finds nothing in every state visited, desktop and 360 px, in
French and English. The PDF is read back: its text with pypdf, its pixels with pypdfium2.

``DOMINO_PRINT_SCREENSHOTS=1`` also writes ``docs/studio-crop.png`` and ``docs/studio-zoom.png``.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from domino_print.pdf.tile import LABEL_SHARE
from tests.conftest import DOCS, SCREENSHOTS
from tests.fixtures_images import (
    SEVEN,
    face_boxes,
    noisy,
    page_pixels,
    sample,
    stored_with_orientation,
    top_and_bottom,
)
from tests.test_studio_browser import (  # noqa: F401  (studio: the running studio, a fixture)
    _axe_clean,
    settled_summary,
    shown_seq,
    studio,
    wait_for_preview,
)

pytestmark = pytest.mark.slow
pillow_heif = pytest.importorskip("pillow_heif")


def phone_photos(folder: Path) -> list[Path]:
    """Seven photos as phones save them: 01 and 05 stored turned with an EXIF orientation (6 and 8),
    04 a HEIC (also turned, as an iPhone stores it), the others plain JPEGs with a colour block."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for index, colour in enumerate(SEVEN):
        if index in (0, 4):
            path = folder / f"{index + 1:02d}-turned.jpg"
            stored_with_orientation(top_and_bottom(size=(400, 300)), 6 if index == 0 else 8, path)
        elif index == 3:
            path = folder / "04-IMG_0004.HEIC"
            stored = top_and_bottom(size=(400, 300)).transpose(Image.Transpose.ROTATE_90)
            heif = pillow_heif.from_pillow(stored)
            exif = Image.Exif()
            exif[0x0112] = 6
            heif.info["exif"] = exif.tobytes()
            heif.save(path, quality=90)
        else:
            path = folder / f"{index + 1:02d}-photo.jpg"
            image = noisy((400, 300), seed=index)
            image.paste(Image.new("RGB", (150, 150), colour), (125, 75))
            image.save(path, "JPEG", quality=90)
        paths.append(path)
    return paths


def _shot(page, name: str) -> None:
    if SCREENSHOTS:
        page.screenshot(path=str(DOCS / name), full_page=False)


def _red_above_blue(pdf: bytes, tmp_path: Path, value: int) -> bool:
    """Whether the picture of ``value`` on its double (a double-six, with labels: the picture above
    the word) shows red above blue on the PDF, as the upright photo does."""
    from domino_print.sets.tiles import Tile, double_set

    out = tmp_path / "check.pdf"
    out.write_bytes(pdf)
    layout, pages = face_boxes(28)
    index = double_set(6).index(Tile(value, value))
    number = 0
    while index >= len(pages[number]):
        index -= len(pages[number])
        number += 1
    x, y, size = pages[number][index][0]
    sheet = page_pixels(out, number, dpi=100)
    picture = size * (1 - LABEL_SHARE)  # the word's band below it
    upper = sample(sheet, layout, x + size / 2, y + size - picture * 0.3, dpi=100)
    lower = sample(sheet, layout, x + size / 2, y + size - picture * 0.7, dpi=100)
    return upper[0] > 180 > upper[2] and lower[2] > 180 > lower[0]


@pytest.mark.parametrize(("lang", "width"), [("fr", 1280), ("en", 360)])
def test_the_parent_journey(browser, studio, tmp_path, lang, width):  # noqa: F811 (the fixtures)
    # axe-core reads the style sheets itself, which the page's policy would refuse it: this context
    # lets it, and changes nothing else about the page.
    context = browser.new_context(viewport={"width": width, "height": 900 if width > 400 else 780},
                                  accept_downloads=True, bypass_csp=True)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{studio.url}/?lang={lang}")
        wait_for_preview(page, 1)
        page.click("button[data-goal=photos]")
        before = shown_seq(page)
        page.set_input_files("#files", [str(p) for p in phone_photos(tmp_path / "phone")])
        page.wait_for_selector("#thumbs li >> nth=6")
        wait_for_preview(page, before + 1)
        assert page.locator("#refused li").count() == 0, page.inner_text("#refused")
        thumbs = page.locator("#thumbs li")
        ids = [thumbs.nth(n).get_attribute("data-id") for n in range(7)]
        for n in (0, 3, 4):  # the turned photos and the HEIC: upright thumbnails, red above blue
            picture = Image.open(io.BytesIO(context.request.get(
                f"{studio.url}/thumbs/{ids[n]}.png").body())).convert("RGB")
            assert picture.width > picture.height, n
            assert picture.getpixel((picture.width // 2, 4))[0] > 180, n
        assert page.is_hidden("#toddlers")  # seven pictures: a double-six, no toddlers' proposal
        _axe_clean(page, f"{lang} {width} seven photos")

        # Reorder (the first one down), name it, give the set a title.
        page.locator("#thumbs li").first.locator("[data-act=down]").click()
        page.wait_for_function(f"() => document.querySelector('#thumbs li').dataset.id === '{ids[1]}'")
        name = f"#name-{ids[0]}-{lang}"
        page.fill(name, "Mamie")
        page.dispatch_event(name, "change")
        page.fill("#title", "La famille Martin")
        page.dispatch_event("#title", "change")
        page.check("#f-labels")
        wait_for_preview(page, shown_seq(page))

        # Fill the face: each thumbnail gets its crop frame; moved with the keyboard and the mouse.
        before = shown_seq(page)
        page.select_option("#fit", "cover")
        page.wait_for_selector(f"#thumbs li[data-id='{ids[3]}'] .crop-frame")
        wait_for_preview(page, before + 1)
        frame = page.locator(f"#thumbs li[data-id='{ids[3]}'] .crop-frame")
        assert frame.get_attribute("aria-orientation") == "horizontal"  # landscape: moves sideways
        assert frame.get_attribute("aria-valuenow") == "50"
        before = shown_seq(page)
        frame.focus()
        page.keyboard.press("Home")
        wait_for_preview(page, before + 1)
        assert frame.get_attribute("aria-valuenow") == "0"
        other = page.locator(f"#thumbs li[data-id='{ids[2]}'] .crop-frame")
        other.scroll_into_view_if_needed()
        box = other.bounding_box()
        before = shown_seq(page)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] * 2, box["y"] + box["height"] / 2, steps=5)
        page.mouse.up()
        wait_for_preview(page, before + 1)
        assert other.get_attribute("aria-valuenow") == "100"
        assert page.locator("#thumbs li").first.get_attribute("data-id") == ids[1]  # a crop is no reorder
        page.evaluate("() => document.getElementById('thumbs').scrollIntoView()")
        if width > 400:
            _shot(page, "studio-crop.png")
        _axe_clean(page, f"{lang} {width} crop frames")

        # A page enlarged: a dialog, Escape closes it and gives the focus back.
        if width <= 400:
            page.click("#view-preview")
        page.locator("#pages button.page-zoom").first.click()
        page.wait_for_selector("#zoom[open] #zoom-image")
        page.wait_for_function("() => document.getElementById('zoom-image').naturalWidth > 1000")
        assert page.evaluate("() => document.activeElement.id") == "zoom-close"
        zoom_box = page.locator("#zoom").bounding_box()
        assert zoom_box["width"] <= width  # within the screen, at 360 px too
        if width > 400:
            _shot(page, "studio-zoom.png")
        _axe_clean(page, f"{lang} {width} a page enlarged")
        page.keyboard.press("Escape")
        page.wait_for_selector("#zoom:not([open])", state="attached")
        assert page.evaluate("() => document.activeElement.classList.contains('page-zoom')")

        # The PDF: the title and the name printed, the turned photos upright, the crop moved.
        settled_summary(page)
        with page.expect_download() as downloaded:
            page.click("#download")
        pdf = Path(downloaded.value.path()).read_bytes()
        text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
        assert "La famille Martin" in text and "Mamie" in text
        assert downloaded.value.suggested_filename == "dominos-la-famille-martin.pdf"
        assert not page.is_visible("#copy")  # no command to copy: the session's folder goes with it
        for value in (1, 3, 4):  # after the reorder: the two turned JPEGs and the HEIC, upright
            assert _red_above_blue(pdf, tmp_path, value), value
        if width <= 400:
            page.click("#view-settings")

        # Keep the work: the theme as a .zip, which the command line reads.
        with page.expect_download() as theme:
            page.click("#theme-download")
        archive = zipfile.ZipFile(Path(theme.value.path()))
        assert len(archive.namelist()) == 8 and "theme.toml" in archive.namelist()
        assert "crop = [" in archive.read("theme.toml").decode()

        # The toddler path: three photos removed, four left; the toddlers' game proposed.
        for _ in range(3):
            count = page.locator("#thumbs li").count()
            page.locator("#thumbs li").last.locator("[data-act=remove]").click()
            page.wait_for_function(f"() => document.querySelectorAll('#thumbs li').length === {count - 1}")
        page.wait_for_selector("#toddlers:not([hidden])")
        _axe_clean(page, f"{lang} {width} the toddlers' game proposed")
        before = shown_seq(page)
        page.click("#toddlers-accept")
        wait_for_preview(page, before + 1)
        assert page.input_value("#f-rules") == "tout-petits" and page.input_value("#f-tile_size") == "large"
        assert page.is_hidden("#toddlers")
        summary = settled_summary(page)
        assert ("10 dominos (double-trois)" if lang == "fr" else "10 dominoes (double-three)") in summary
        page.select_option("#fit", "contain")
        wait_for_preview(page, shown_seq(page))
        settled_summary(page)
        if width <= 400:
            page.click("#view-preview")
        with page.expect_download() as downloaded:
            page.click("#download")
        small = Path(downloaded.value.path()).read_bytes()
        reader = PdfReader(io.BytesIO(small))
        rules = reader.pages[-1].extract_text()
        assert ("2 ans" if lang == "fr" else "2 and up") in rules.replace("\n", " ").replace("\u00a0", " ")
        _axe_clean(page, f"{lang} {width} the toddlers' set")
        assert errors == [], errors
    finally:
        context.close()
