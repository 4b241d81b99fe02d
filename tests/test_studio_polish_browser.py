"""Issue 34's polish, in a real browser (Playwright on Debian's chromium, axe-core), at 360 and 1280 px.

- item 1: a lost server met by the lists, the crop or the zoom is said as everywhere (the page's
  words, never the browser's) and what needs the server is disabled;
- item 3: a photo that would print under 150 ppi at the tile's size is warned about beside its
  thumbnail, and the warning follows the tile's size;
- item 6: the first screen's pictures are there before any preview has been answered;
- item 7: the phone's mini summary wraps whole and is marked while stale;
- item 8: one Tab stop per photo, the arrow keys inside it (a roving tabindex), Enter and Space act.

Every wait is on the page's own state (a preview's number on ``body``, an element, an attribute),
never a fixed sleep. ``DOMINO_PRINT_POLISH_SHOTS=<folder>`` writes screenshots of the states there.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from PIL import Image

from tests import test_studio_browser as base

pytestmark = pytest.mark.slow
studio = base.studio  # the studio served on the loopback for this module's tests

WIDTHS = (360, 1280)
GONE_FR = "Le studio s’est arrêté\u00a0: relancez-le, puis rechargez cette page."
SHOTS = os.environ.get("DOMINO_PRINT_POLISH_SHOTS")
_ERRORS: dict[int, list[str]] = {}
"""Each open page's script errors, by id(page): none is allowed."""


def new_page(browser, studio, width: int, *, lang: str = "fr"):
    """A fresh visitor's page at ``width`` px. axe-core reads the style sheets itself, which the
    page's policy would refuse it: the context lets it (``bypass_csp``), and changes nothing else."""
    context = browser.new_context(viewport={"width": width, "height": 780 if width < 400 else 900},
                                  accept_downloads=True, bypass_csp=True)
    page = context.new_page()
    errors = _ERRORS[id(page)] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{studio.url}/?lang={lang}")
    return page


def seq(page) -> int:
    return int(page.get_attribute("body", "data-preview-seq") or 0)


def preview_after(page, number: int) -> int:
    """Until a preview newer than ``number`` is on the page; its number."""
    page.wait_for_function("n => Number(document.body.dataset.previewSeq || 0) > n", arg=number,
                           timeout=60_000)
    return seq(page)


def goal(page, name: str) -> None:
    """Choose a goal on the first screen once the first preview is there, and wait for the preview
    of its settings (every goal but "all" sets its own)."""
    before = preview_after(page, 0)
    page.click(f"button[data-goal={name}]")
    if name != "all":
        preview_after(page, before)


def axe_clean(page, state: str) -> None:
    base._axe_clean(page, state)


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=False)


def close(page) -> None:
    errors = _ERRORS.pop(id(page))
    page.context.close()
    assert errors == [], errors


def pictures(folder: Path, sizes) -> list[Path]:
    """Photos of these sizes in pixels, named in value order, each its own colour."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for index, size in enumerate(sizes):
        path = folder / f"{index + 1:02d}-photo.jpg"
        Image.new("RGB", size, base.SEVEN[index % len(base.SEVEN)]).save(path, "JPEG", quality=90)
        paths.append(path)
    return paths


def upload(page, paths) -> None:
    before = seq(page)
    page.set_input_files("#files", [str(p) for p in paths])
    page.wait_for_selector(f"#thumbs li:nth-child({len(paths)})")
    preview_after(page, before)


def expect_gone(page) -> None:
    """The lost server said in the page's words, the download and every file to send disabled."""
    from playwright.sync_api import expect

    expect(page.locator("body")).to_have_attribute("data-gone", "true")
    expect(page.locator("#e-general")).to_have_text(GONE_FR)
    assert "fetch" not in page.inner_text("body").lower()
    for action in ("#download", "#print", "#print3d", "#calibration", "#theme-download"):
        assert page.get_attribute(action, "aria-disabled") == "true"
        assert page.get_attribute(action, "href") is None
    for chooser in ("#files", "#theme-file", "#list-file"):
        expect(page.locator(chooser)).to_be_disabled()


# -- item 1: every request words a lost server the same way ----------------------------------------
@pytest.mark.parametrize("width", WIDTHS)
def test_a_lost_server_met_by_the_list_is_said_as_everywhere(browser, studio, width):
    from playwright.sync_api import expect

    page = new_page(browser, studio, width)
    goal(page, "loop")
    page.route("**/api/list**", lambda route: route.abort())
    page.check("#list-mode-file")  # saved at once: POST /api/list
    expect_gone(page)
    expect(page.locator("#e-list")).to_have_text(GONE_FR)  # beside the list too (a phone's one view)
    shot(page, f"gone-list-{width}")
    axe_clean(page, f"{width} a lost server, the list")
    close(page)


def test_a_lost_server_met_by_the_crop_is_said_as_everywhere(browser, studio, tmp_path):
    from playwright.sync_api import expect

    page = new_page(browser, studio, 1280)
    goal(page, "photos")
    upload(page, pictures(tmp_path / "photos", [(320, 240)] * 3))
    before = seq(page)
    page.select_option("#fit", "cover")
    preview_after(page, before)
    frame = page.locator("#thumbs li:nth-child(1) .crop-frame")
    expect(frame).to_have_attribute("aria-valuenow", "50")
    page.route("**/api/pictures/crop", lambda route: route.abort())
    frame.focus()
    page.keyboard.press("ArrowRight")  # the new position sent a moment later, to no server
    expect(frame).to_have_attribute("aria-valuenow", "55")
    expect_gone(page)
    expect(page.locator("#e-pictures")).to_have_text(GONE_FR)  # beside the pictures too (a phone's one view)
    close(page)


def test_a_lost_server_met_by_the_zoom_is_said_in_the_dialog_and_the_pages_no_longer_open(browser, studio):
    from playwright.sync_api import expect

    page = new_page(browser, studio, 1280)
    goal(page, "all")
    page.route("**/zoom/**", lambda route: route.abort())
    page.route("**/health", lambda route: route.abort())
    page.click("#pages li:nth-child(1) button.page-zoom")
    expect(page.locator("#zoom-error")).to_have_text(GONE_FR)
    expect(page.locator("#zoom-next")).to_be_disabled()
    expect_gone(page)
    shot(page, "gone-zoom-1280")
    page.keyboard.press("Escape")
    expect(page.locator("#zoom")).not_to_be_visible()
    for button in page.locator("#pages button.page-zoom").all():
        expect(button).to_be_disabled()
    close(page)


# -- item 3: a photo under 150 ppi at the tile's size, warned about beside its thumbnail ---------------
@pytest.mark.parametrize("width", WIDTHS)
def test_a_small_photo_is_warned_about_beside_its_thumbnail_as_the_tile_size_says(browser, studio, tmp_path,
                                                                                  width):
    from playwright.sync_api import expect

    page = new_page(browser, studio, width)
    goal(page, "photos")
    # Seven photos for a double-six: the second 80 x 80 px (a messaging app's copy), the fourth 160 px.
    upload(page, pictures(tmp_path / "photos", [(1200, 900), (80, 80), (1200, 900), (160, 160),
                                                (1200, 900), (1200, 900), (1200, 900)]))
    warned = page.locator("#thumbs li .low-resolution")
    expect(warned).to_have_count(1)
    item = page.locator("#thumbs li").nth(1)
    text = item.locator(".low-resolution").inner_text()
    said = re.match(r"Floue à l’impression\u00a0: (\d+) ppp à cette taille de domino \(150 au moins\)\. "
                    r"Prenez une photo plus grande \(l’original plutôt qu’une copie reçue par "
                    r"messagerie\) ou des dominos plus petits\.$", text)
    assert said, text
    ppi = int(said.group(1))
    assert ppi < 150
    assert "ppp" not in page.inner_text("#summary")  # said beside the picture, not in the summary
    assert item.locator(".low-resolution").get_attribute("id") in (
        item.locator("input[data-lang='fr']").get_attribute("aria-describedby").split())
    item.scroll_into_view_if_needed()
    shot(page, f"low-resolution-{width}")
    axe_clean(page, f"{width} a photo warned about")
    # Large tiles (40 mm faces): the 160 px photo prints soft there too, and the first one softer.
    before = seq(page)
    page.fill("#f-tile_size", "large")
    page.dispatch_event("#f-tile_size", "change")
    preview_after(page, before)
    expect(warned).to_have_count(2)
    assert [li.get_attribute("data-id") for li in page.locator("#thumbs li:has(.low-resolution)").all()] == [
        page.locator("#thumbs li").nth(i).get_attribute("data-id") for i in (1, 3)]
    larger = int(re.search(r"(\d+) ppp", item.locator(".low-resolution").inner_text()).group(1))
    assert larger < ppi
    # Small tiles: the 160 px photo is sharp enough again, the 80 px one still not.
    before = seq(page)
    page.fill("#f-tile_size", "small")
    page.dispatch_event("#f-tile_size", "change")
    preview_after(page, before)
    expect(warned).to_have_count(1)
    expect(item.locator(".low-resolution")).to_have_count(1)
    close(page)


# -- item 6: the first screen whole before any preview ----------------------------------------------
@pytest.mark.parametrize("width", WIDTHS)
def test_the_first_screens_pictures_are_there_before_any_preview_is_answered(browser, studio, width):
    from domino_print.studio.goals import goals

    context = browser.new_context(viewport={"width": width, "height": 780 if width < 400 else 900},
                                  bypass_csp=True)
    page = context.new_page()
    held = []
    page.route("**/api/preview", lambda route: held.append(route))  # asked for, not answered until the end
    with page.expect_request("**/api/preview"):
        page.goto(f"{studio.url}/?lang=fr")
    page.wait_for_function("() => [...document.querySelectorAll('#goals img')]"
                           ".every(i => i.complete && i.naturalWidth > 0)")
    assert held and page.get_attribute("body", "data-preview-seq") is None  # no preview yet
    sources = page.eval_on_selector_all("#goals img", "all => all.map(i => new URL(i.src).pathname)")
    assert sources == [f"/static/goals/{g.name}.jpg" for g in goals()]
    shot(page, f"first-screen-{width}")
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    for route in held:
        route.continue_()
    preview_after(page, 0)
    context.close()


# -- item 7: the phone's mini summary -----------------------------------------------------------------
@pytest.mark.parametrize("width", WIDTHS)
def test_the_mini_summary_wraps_whole_on_a_phone_and_is_marked_while_stale(browser, studio, width):
    from playwright.sync_api import expect

    page = new_page(browser, studio, width)
    goal(page, "classroom")  # a long summary: 3 sets with backs
    preview_after(page, 1)
    summary = page.inner_text("#summary")
    mini = page.locator("#mini")
    if width == 360:
        expect(page.locator("#mini-summary")).to_have_text(summary)
        fits = page.eval_on_selector("#mini-summary", "e => e.scrollWidth <= e.clientWidth && "
                                     "e.getBoundingClientRect().right <= window.innerWidth")
        assert fits  # wrapped, not cut
        assert page.eval_on_selector("#mini-summary", "e => e.getClientRects().length") > 1 or \
            page.eval_on_selector("#mini-summary", "e => e.getBoundingClientRect().height") > 20
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    else:
        expect(mini).to_be_hidden()  # the desktop shows the preview beside the settings
    page.fill("#f-sets", "999")
    page.dispatch_event("#f-sets", "change")
    page.wait_for_selector("#e-sets:not(:empty)")
    expect(mini).to_have_class(re.compile(r"\bmini-stale\b"))
    if width == 360:
        style = page.eval_on_selector("#mini", "e => getComputedStyle(e).borderLeftStyle")
        assert style == "solid"  # marked, as the preview is
        expect(page.locator("#mini-summary")).to_have_text(summary)  # the last set's, kept
    expect(page.locator("#stale")).to_be_attached()
    assert page.get_attribute("#stale", "hidden") is None
    shot(page, f"mini-stale-{width}")
    axe_clean(page, f"{width} stale")
    close(page)


# -- item 8: one Tab stop per photo ---------------------------------------------------------------------
def focused(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
        return { id: e.id, act: e.dataset.act || null, lang: e.dataset.lang || null,
                 tag: e.tagName.toLowerCase(), photo: e.closest('#thumbs li')?.dataset.id || null }; }""")


@pytest.mark.parametrize("width", WIDTHS)
def test_each_photo_is_one_tab_stop_and_the_arrows_move_inside_it(browser, studio, tmp_path, width):
    from playwright.sync_api import expect

    page = new_page(browser, studio, width)
    goal(page, "photos")
    upload(page, pictures(tmp_path / "photos", [(320, 240)] * 7))
    ids = page.locator("#thumbs li").evaluate_all("items => items.map(i => i.dataset.id)")
    page.focus("#files")
    page.keyboard.press("Tab")
    assert focused(page) == {"id": f"name-{ids[0]}-fr", "act": None, "lang": "fr", "tag": "input",
                             "photo": ids[0]}
    reached = []
    for _ in range(40):  # from the first photo to the field after the photos
        page.keyboard.press("Tab")
        reached.append(focused(page))
        if reached[-1]["id"] == "title":
            break
    assert [stop["photo"] for stop in reached[:-1]] == ids[1:]
    assert len(reached) == 7, reached  # 6 photos more, then the title: not 5 stops a photo (35)
    page.keyboard.press("Shift+Tab")
    assert focused(page)["photo"] == ids[6]
    # Inside a photo: Down and Up move between its controls ("up" is disabled on the first: skipped).
    page.focus(f"#name-{ids[0]}-fr")
    page.keyboard.type("Chat")
    page.keyboard.press("ArrowLeft")  # in a name being typed, Left moves the caret
    assert focused(page)["id"] == f"name-{ids[0]}-fr"
    steps = []
    keys = ("ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "ArrowUp", "End", "Home", "End", "ArrowLeft")
    for key in keys:
        page.keyboard.press(key)
        stop = focused(page)
        steps.append(stop["act"] or stop["tag"])
        assert stop["photo"] == ids[0]
    assert steps == ["summary", "down", "remove", "remove", "down", "remove", "input", "input", "input"], \
        steps
    page.keyboard.press("ArrowDown")  # (End and Left in the name moved its caret, not the focus)
    page.keyboard.press("ArrowRight")  # on the disclosure, Right moves on too
    assert focused(page)["act"] == "down"  # on "down": Tab leaves the photo, Shift+Tab comes back to it
    page.keyboard.press("Tab")
    assert focused(page)["photo"] == ids[1]
    page.keyboard.press("Shift+Tab")
    assert focused(page) == {"id": "", "act": "down", "lang": None, "tag": "button", "photo": ids[0]}
    axe_clean(page, f"{width} a photo's controls")
    # Enter acts: the first photo goes down, the focus with it.
    page.keyboard.press("Enter")
    expect(page.locator("#thumbs li").nth(1)).to_have_attribute("data-id", ids[0])
    assert focused(page)["photo"] == ids[0]
    # Enter on the disclosure opens the other languages' names, which the arrows then reach.
    page.focus(f"#thumbs li[data-id='{ids[0]}'] summary")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    assert focused(page)["lang"] not in (None, "fr") and focused(page)["photo"] == ids[0]
    # Space acts: "remove" takes the photo away.
    page.focus(f"#thumbs li[data-id='{ids[0]}'] summary")
    page.keyboard.press("End")
    assert focused(page)["act"] == "remove"
    page.keyboard.press(" ")
    expect(page.locator("#thumbs li")).to_have_count(6)
    expect(page.locator(f"#thumbs li[data-id='{ids[0]}']")).to_have_count(0)
    shot(page, f"photos-keyboard-{width}")
    close(page)
