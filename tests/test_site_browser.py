"""The generated site in a real browser, from ``file://``: Debian's chromium driven by Playwright.

Every card's links work, "Ouvrir pour imprimer" opens the PDF in a new tab, the images load (the
WebP where the page offers it), nothing is blocked by the page's Content-Security-Policy, axe-core
(bundled by ``axe-playwright-python``) finds no violation, and the page reads at 360 px without
sideways scrolling. Skipped as the studio's browser tests are when chromium is missing.

``DOMINO_PRINT_SCREENSHOTS=1`` also writes the README's pictures ``docs/site.png`` and
``docs/site-phone.png``.
"""

from __future__ import annotations

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from domino_print.site.build import build_site
from tests.conftest import DOCS, SCREENSHOTS, require_browser

pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "catalogue.toml"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    require_browser()
    out = tmp_path_factory.mktemp("site") / "site"
    build_site(EXAMPLE, out)
    return out


@pytest.fixture
def page(context, site):
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text)
            if message.type in ("error", "warning") and page.url.endswith(".html") else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    # The PDF viewer takes a PDF's navigation over (its first request then counts as failed), and
    # loads files of its own: only the page's own style sheets and pictures count.
    page.on("requestfailed", lambda request: problems.append(f"failed: {request.url}")
            if request.url.startswith("file:") and not request.url.endswith(".pdf") else None)
    page.goto((site / "index.html").as_uri())
    yield page
    assert problems == [], problems  # a CSP refusal or a missing file shows here


def shot(page, name: str, *, full_page: bool) -> None:
    """A screenshot for the README, in 256 colours (a third of the size, the same look)."""
    from PIL import Image

    path = DOCS / name
    page.screenshot(path=str(path), full_page=full_page)
    with Image.open(path) as image:
        image.convert("RGB").quantize(256, dither=Image.Dither.NONE).save(path, optimize=True)


def load_every_image(page) -> None:
    """Scroll to the bottom and back so every lazy image loads, then wait for them."""
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("() => [...document.images].every(image => image.complete && image.naturalWidth)")
    page.evaluate("() => window.scrollTo(0, 0)")


def test_every_image_loads_and_the_webp_is_chosen(page, site):
    load_every_image(page)
    sources = page.evaluate("() => [...document.images].map(image => image.currentSrc)")
    assert len(sources) == 6  # three sets, each a sheet and a rules page
    for source in sources:
        assert source.startswith("file://") and source.endswith((".png", ".webp"))
    offered = page.evaluate("() => [...document.querySelectorAll('picture img')].map(i => i.currentSrc)")
    assert offered and all(source.endswith(".webp") for source in offered)


def test_every_cards_links_work_from_file(page, context, site):
    cards = page.locator("li.card")
    assert cards.count() == 3
    for index in range(cards.count()):
        card = cards.nth(index)
        pdf_href = card.locator("a[download]").get_attribute("href")
        assert (site / pdf_href).read_bytes().startswith(b"%PDF-")
        # From file:// chromium ignores ``download`` (a file has no origin) and shows the PDF instead;
        # from a web host it downloads (see the test below).
        card.locator("a[download]").click()
        page.wait_for_url((site / pdf_href).as_uri())
        page.go_back()
        # "Ouvrir pour imprimer": the PDF itself, in a new tab
        printing = card.locator("a[target=_blank]")
        assert printing.inner_text() == "Ouvrir pour imprimer"
        with context.expect_page() as opened:
            printing.click()
        tab = opened.value
        tab.wait_for_load_state()
        assert tab.url == (site / pdf_href).as_uri()
        tab.close()
        # "Voir l'aperçu": the sheet's picture, full size
        preview = card.get_by_text("Voir l’aperçu")
        with page.expect_navigation():
            preview.click()
        assert page.url.endswith("-sheet.png")
        assert page.evaluate("() => document.images[0].naturalWidth") > 300
        page.go_back()


def test_from_a_folder_the_page_says_download_shows_the_pdf_and_where_it_is(page, site):
    """Issue 34, item 10: from ``file://`` chromium ignores ``download`` and shows the PDF; the page
    says so, as the description of every "Télécharger", and names the folder the PDF is already in."""
    from playwright.sync_api import expect

    tip = page.locator("#download-tip")
    expect(tip).to_be_visible()
    said = tip.inner_text()
    links = page.locator("li.card a[download]")
    assert links.count() == 3
    for index in range(links.count()):
        link = links.nth(index)
        expect(link).to_have_accessible_description(said)
        href = link.get_attribute("href")
        folder, _name = href.split("/")
        assert folder in said and (site / href).is_file()  # where the tip says, the very file
    href = links.first.get_attribute("href")
    links.first.click()  # what the tip says: the PDF shown, from the folder it names
    page.wait_for_url((site / href).as_uri())
    page.go_back()


def test_axe_core_finds_no_violation(browser, site):
    from axe_playwright_python.sync_playwright import Axe

    # axe-core reads the style sheets itself (for its orientation rule), which the page's policy
    # would refuse it: this context lets it, and changes nothing else about the page.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto((site / "index.html").as_uri())
        load_every_image(page)
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
        page.set_viewport_size({"width": 360, "height": 780})
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
        page.emulate_media(color_scheme="dark", reduced_motion="reduce")
        assert Axe().run(page).violations_count == 0
    finally:
        context.close()


def test_readable_at_360_px_and_the_screenshots(page):
    load_every_image(page)
    if SCREENSHOTS:
        shot(page, "site.png", full_page=True)
    page.set_viewport_size({"width": 360, "height": 780})
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    widths = page.evaluate("() => [...document.querySelectorAll('li.card')]"
                           ".map(c => c.getBoundingClientRect()).map(r => [r.left, r.right])")
    assert all(left >= 0 and right <= 360 for left, right in widths)
    size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.card p')).fontSize)")
    assert size >= 14
    if SCREENSHOTS:
        page.locator("#sets-heading").scroll_into_view_if_needed()
        page.evaluate("() => window.scrollBy(0, document.querySelector('#sets-heading')"
                      ".getBoundingClientRect().top - 8)")
        shot(page, "site-phone.png", full_page=False)


def test_the_page_reads_and_prints_without_scripts(browser, site):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto((site / "index.html").as_uri())
        assert page.locator("li.card").count() == 3
        assert page.locator("#howto ol li").count() >= 6
    finally:
        context.close()


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def test_from_a_static_host_download_gives_the_pdf(browser, site):
    handler = partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    context = browser.new_context(accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        for index in range(page.locator("li.card").count()):
            link = page.locator("li.card").nth(index).locator("a[download]")
            with page.expect_download() as download:
                link.click()
            got = Path(download.value.path()).read_bytes()
            assert got == (site / link.get_attribute("href")).read_bytes()
            assert download.value.suggested_filename.endswith(".pdf")
    finally:
        context.close()
        server.shutdown()
        thread.join()
