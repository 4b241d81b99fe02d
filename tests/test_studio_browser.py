"""The studio in a real browser: Playwright driving Debian's chromium (``/usr/bin/chromium``).

The ``browser`` and ``context`` fixtures live in ``conftest.py`` (shared with the site's browser
tests): the system browser launched by path, skipped with the reason when missing, except under
CI (``CI=true``), where a missing browser is a failure.

``DOMINO_PRINT_SCREENSHOTS=1`` also writes the README's screenshots into ``docs/``.
"""

from __future__ import annotations

import io
import socket
import threading
import time
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from domino_print.sets.tiles import Tile, double_set
from domino_print.studio.settings import Limits, Settings
from tests.conftest import DOCS, SCREENSHOTS, require_browser
from tests.fixtures_images import (
    SEVEN,
    face_boxes,
    huge_png_header,
    noisy,
    sample,
    stored_with_orientation,
    top_and_bottom,
)

pytestmark = pytest.mark.slow

class RunningStudio:
    """The studio app served by uvicorn in a thread, on a free loopback port."""

    def __init__(self, data_dir: Path) -> None:
        import uvicorn

        from domino_print.studio import create_app

        # One tester opens a page (a new session) per test, from one address: more than a
        # classroom's visitor would in a minute, so the per-address limit is a class's here.
        limits = Limits(new_sessions_per_client_minute=Limits.new_sessions_per_minute)
        self.app = create_app(Settings(data_dir=data_dir, limits=limits))
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.data_dir = data_dir
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the studio did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    require_browser()  # before a server is started for nothing
    running = RunningStudio(tmp_path_factory.mktemp("studio-data"))
    yield running
    running.stop()


@pytest.fixture
def page(context, studio):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(studio.url + "/")
    wait_for_preview(page, 1)
    page.click("#goal-all")  # the first screen: every setting at once
    yield page
    assert errors == [], errors


def wait_for_preview(page, at_least: int) -> None:
    """Until the preview numbered ``at_least`` or later is on the page (no script eval: the CSP)."""
    page.wait_for_selector("body[data-preview-seq]", timeout=30_000)
    deadline = time.monotonic() + 30
    while int(page.get_attribute("body", "data-preview-seq") or 0) < at_least:
        if time.monotonic() > deadline:
            raise AssertionError(f"no preview {at_least}")
        page.wait_for_timeout(20)


def settled_summary(page) -> str:
    """The summary line once the size of a PDF of pictures is known (it shows "…" until then)."""
    deadline = time.monotonic() + 30
    while (summary := page.inner_text("#summary")).endswith("…"):
        assert time.monotonic() < deadline, summary
        page.wait_for_timeout(20)
    return summary


def shown_seq(page) -> int:
    return int(page.get_attribute("body", "data-preview-seq") or 0)


def change_and_wait(page, action, command: str | None = None) -> None:
    """Do ``action``; wait for a newer preview, and one whose command line has ``command`` if given.

    (Leaving a field the test filled sends the browser's own change event too: an extra
    preview may come first.)
    """
    before = shown_seq(page)
    action()
    wait_for_preview(page, before + 1)
    deadline = time.monotonic() + 30
    while command is not None and command not in page.inner_text("#command"):
        assert time.monotonic() < deadline, page.inner_text("#command")
        page.wait_for_timeout(20)


def page_image(context, page, index: int = 0) -> Image.Image:
    source = page.locator("#pages img").nth(index).get_attribute("src")
    answer = context.request.get(page.url.split("/?")[0].rstrip("/") + source)
    assert answer.ok
    return Image.open(io.BytesIO(answer.body())).convert("RGB")


def screenshot(page, name: str, **options) -> None:
    if SCREENSHOTS:
        page.screenshot(path=str(DOCS / name), **options)


def photos(folder: Path, size=(800, 600)) -> list[Path]:
    """Seven photos named in value order; the third stored sideways with an EXIF rotation."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for index, colour in enumerate(SEVEN):
        path = folder / f"{index + 1:02d}-photo.jpg"
        if index == 2:
            stored_with_orientation(top_and_bottom(size=size), 6, path)
        else:
            image = noisy(size, seed=index)
            side = min(size) // 2
            corner = ((size[0] - side) // 2, (size[1] - side) // 2)
            image.paste(Image.new("RGB", (side, side), colour), corner)
            image.save(path, "JPEG", quality=90)
        paths.append(path)
    return paths


# -- the tests -----------------------------------------------------------------------------------
def test_the_page_loads_and_shows_a_preview(page, context):
    assert page.inner_text("#summary").startswith("2 pages, 28 dominos (double-six), A4, ")
    assert page.inner_text("#command") == "domino-print"  # a form left as it is sends no option
    images = page.locator("#pages img")
    assert images.count() == 2
    sheet = page_image(context, page, 0)
    assert sheet.width > sheet.height  # the double-six sheet, landscape
    assert sheet.convert("L").getextrema()[0] < 60  # something is drawn on it
    assert page.get_attribute("#download", "aria-disabled") is None
    page.set_viewport_size({"width": 360, "height": 780})
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360  # no sideways scrolling on a phone
    screenshot(page, "studio-phone.png")


def test_changing_theme_set_and_paper_changes_the_preview(page, context):
    first = page_image(context, page, 0)
    change_and_wait(page, lambda: page.select_option("#f-theme", "fruits"))
    fruits = page_image(context, page, 0)
    assert fruits.size == first.size
    assert fruits.getcolors(1 << 24) != first.getcolors(1 << 24)
    assert "--theme fruits" in page.inner_text("#command")
    change_and_wait(page, lambda: page.select_option("#f-theme", "chiffres"))
    change_and_wait(page, lambda: (page.fill("#f-max", "9"), page.dispatch_event("#f-max", "change")),
                    "--max 9")
    assert page.inner_text("#summary").startswith("3 pages, 55 dominos (double-neuf)")
    assert page.locator("#pages img").count() == 3
    change_and_wait(page, lambda: (page.fill("#f-paper", "Letter"),
                                   page.dispatch_event("#f-paper", "change")), "--paper Letter")
    assert ", Letter, " in page.inner_text("#summary")
    assert page.inner_text("#command") == "domino-print --theme chiffres --max 9 --paper Letter"


def test_a_bad_value_shows_beside_its_field_and_keeps_the_last_preview(page):
    before = page.get_attribute("body", "data-preview-key")
    page.select_option("#f-theme", "fruits")
    wait_for_preview(page, 2)
    key = page.get_attribute("body", "data-preview-key")
    assert key != before
    page.fill("#f-max", "9")
    page.dispatch_event("#f-max", "change")
    page.wait_for_selector("#e-max:not(:empty)")
    assert "Valeur la plus haute" in page.inner_text("#e-max")
    assert page.get_attribute("#f-max", "aria-invalid") == "true"
    assert page.get_attribute("body", "data-preview-key") == key  # the last good preview stays
    assert page.locator("#pages img").count() == 2


def test_seven_photos_preview_upright_and_download_like_the_command_line(page, context, studio, tmp_path,
                                                                          run_cli):
    paths = photos(tmp_path / "photos")
    before = shown_seq(page)
    page.set_input_files("#files", [str(p) for p in paths])
    wait_for_preview(page, before + 1)
    page.wait_for_selector("#thumbs li >> nth=6")
    assert page.locator("#thumbs li").count() == 7
    assert page.input_value("#f-theme") == "pictures"
    third = page.locator("#thumbs li").nth(2).get_attribute("data-id")
    assert page.input_value(f"#name-{third}-fr") == "photo"  # named after the file, number left out
    assert page.inner_text("#summary").startswith("2 pages, 28 dominos (double-six)")
    # The sideways photo (value 2) is upright on the double-2: red above, blue below.
    sheet = page_image(context, page, 0)
    layout, pages = face_boxes(28)
    tile = double_set(6).index(Tile(2, 2))
    x, y, size = pages[0][tile][0]
    dpi = sheet.height / (layout.page_height_mm / 25.4)  # drawn as wide as the page shows it
    upper = sample(sheet, layout, x + size / 2, y + size * 0.62, dpi=dpi)
    lower = sample(sheet, layout, x + size / 2, y + size * 0.38, dpi=dpi)
    assert upper[0] > 180 and upper[2] < 90, upper
    assert lower[2] > 180 and lower[0] < 90, lower
    settled_summary(page)
    page.evaluate("() => document.getElementById('pictures').scrollIntoView()")
    screenshot(page, "studio-pictures.png", full_page=False)
    with page.expect_download() as downloaded:
        page.click("#download")
    pdf = Path(downloaded.value.path()).read_bytes()
    assert not page.is_visible("#copy")  # no command to copy: the session's folder goes with it
    from domino_print.studio.sessions import COOKIE

    cookie = next(c["value"] for c in context.cookies() if c["name"] == COOKIE)
    folder = studio.app.studio.sessions.find(cookie).pictures_dir
    out = tmp_path / "cli.pdf"
    result = run_cli("--theme", folder, "--out", out, "--quiet")
    assert result.exit_code == 0, result.output
    assert pdf == out.read_bytes()


def test_bad_pictures_get_their_message_and_lose_nothing_else(page, tmp_path):
    paths = photos(tmp_path / "photos", size=(320, 240))
    before = shown_seq(page)
    page.set_input_files("#files", [str(p) for p in paths])
    wait_for_preview(page, before + 1)
    summary = settled_summary(page)
    key = page.get_attribute("body", "data-preview-key")
    text = tmp_path / "liste.png"
    text.write_text("pommes, poires\n")
    huge = huge_png_header(tmp_path / "immense.png", 20_000, 15_000)  # over the 200 MP reduced on arrival
    page.set_input_files("#files", [str(text), str(huge)])
    page.wait_for_selector("#refused li >> nth=1")
    messages = page.locator("#refused li").all_inner_texts()
    assert any(m.startswith("liste.png\u00a0: ce n’est pas une image lisible") for m in messages), messages
    assert any(m.startswith("immense.png\u00a0: l’image a 300 mégapixels") for m in messages), messages
    assert page.locator("#thumbs li").count() == 7
    wait_for_preview(page, before + 2)
    assert settled_summary(page) == summary
    assert page.get_attribute("body", "data-preview-key") == key
    assert page.locator("#pages img").count() == 2


def test_reorder_with_the_keyboard_buttons_and_remove(page, tmp_path):
    paths = photos(tmp_path / "photos", size=(320, 240))
    before = shown_seq(page)
    page.set_input_files("#files", [str(p) for p in paths])
    wait_for_preview(page, before + 1)
    ids = page.locator("#thumbs li").evaluate_all("items => items.map(i => i.dataset.id)")
    page.focus("#thumbs li:nth-child(1) [data-act=down]")
    page.keyboard.press("Enter")
    deadline = time.monotonic() + 10
    while page.locator("#thumbs li").first.get_attribute("data-id") == ids[0] and time.monotonic() < deadline:
        page.wait_for_timeout(20)
    moved = page.locator("#thumbs li").evaluate_all("items => items.map(i => i.dataset.id)")
    assert moved == [ids[1], ids[0], *ids[2:]]
    focused = page.evaluate("() => document.activeElement.closest('li')?.dataset.id")
    assert focused == ids[0]  # focus follows the moved picture
    page.click(f"#thumbs li[data-id='{ids[6]}'] [data-act=remove]")
    page.wait_for_selector(f"#thumbs li[data-id='{ids[6]}']", state="detached")
    assert page.locator("#thumbs li").count() == 6


def test_keyboard_only_from_the_first_screen_to_the_download(context, studio):
    """The first screen, a goal, a theme and the download, with the keyboard alone."""
    page = context.new_page()
    page.goto(studio.url + "/")
    wait_for_preview(page, 1)
    reached = []
    for _ in range(30):
        page.keyboard.press("Tab")
        focused = "() => document.activeElement.dataset.goal || document.activeElement.id"
        reached.append(page.evaluate(focused))
        if reached[-1] == "classic":
            break
    assert reached[-1] == "classic", reached
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # focus is visible
    before = shown_seq(page)
    page.keyboard.press("Enter")  # the goal: its fields, focus on the first one
    wait_for_preview(page, before + 1)
    assert page.evaluate("() => document.activeElement.id") == "f-theme"
    before = shown_seq(page)
    page.keyboard.press("ArrowDown")  # the next theme this goal offers, chosen with the keyboard
    wait_for_preview(page, before + 1)
    assert page.inner_text("#command") == "domino-print --theme pips-couleur"
    reached = []
    for _ in range(40):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement.id"))
        if reached[-1] == "download":
            break
    assert "f-max" in reached and "f-rules" in reached, reached
    assert reached[-1] == "download", reached
    with page.expect_download() as downloaded:
        page.keyboard.press("Enter")
    assert Path(downloaded.value.path()).read_bytes().startswith(b"%PDF-")


def test_a_request_from_a_foreign_origin_is_refused(context, studio):
    """A page from another origin (here another port of this machine) cannot drive the studio."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Elsewhere(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = b"<!doctype html><title>elsewhere</title>"
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    elsewhere = ThreadingHTTPServer(("127.0.0.1", 0), Elsewhere)
    threading.Thread(target=elsewhere.serve_forever, daemon=True).start()
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{elsewhere.server_address[1]}/")
        refused_before = studio.app.refused
        outcome = page.evaluate("""async (url) => {
            try {
                const headers = {"content-type": "text/plain"};
                await fetch(url, {method: "POST", body: '{"options": {}}', headers});
                return "answered";
            } catch (error) { return "blocked"; }
        }""", studio.url + "/api/preview")
    finally:
        elsewhere.shutdown()
    assert outcome == "blocked"
    assert studio.app.refused == refused_before + 1  # the server saw it, and refused it


def test_the_newest_change_wins_over_a_slower_older_one(page):
    before = shown_seq(page)
    page.evaluate("""() => {
        const sets = document.getElementById("f-sets");
        sets.value = "120";  // a slow one: 120 sets, hundreds of pages
        sets.dispatchEvent(new Event("change", {bubbles: true}));
        document.getElementById("f-theme").value = "fruits";  // then at once a quick one
        document.getElementById("f-theme").dispatchEvent(new Event("change", {bubbles: true}));
    }""")
    wait_for_preview(page, before + 2)
    assert page.inner_text("#command") == "domino-print --theme fruits --sets 120"
    page.fill("#f-sets", "")
    change_and_wait(page, lambda: page.dispatch_event("#f-sets", "change"), "domino-print --theme fruits")
    assert page.inner_text("#command") == "domino-print --theme fruits"
    # Whatever was still on its way (the slow preview) has arrived once the network is idle: it
    # never replaces the newer one.
    page.wait_for_load_state("networkidle")
    assert page.inner_text("#command") == "domino-print --theme fruits"
    assert page.inner_text("#summary").startswith("2 pages, 28 dominos")


def test_pictures_reorder_by_dragging(page, tmp_path):
    paths = photos(tmp_path / "photos", size=(320, 240))
    before = shown_seq(page)
    page.set_input_files("#files", [str(p) for p in paths])
    wait_for_preview(page, before + 1)
    ids = page.locator("#thumbs li").evaluate_all("items => items.map(i => i.dataset.id)")
    page.drag_and_drop("#thumbs li:nth-child(1) img", "#thumbs li:nth-child(3) img")
    deadline = time.monotonic() + 10
    while page.locator("#thumbs li").first.get_attribute("data-id") == ids[0]:
        assert time.monotonic() < deadline, "the drag did not move the picture"
        page.wait_for_timeout(20)
    moved = page.locator("#thumbs li").evaluate_all("items => items.map(i => i.dataset.id)")
    assert moved[0] == ids[1] and sorted(moved) == sorted(ids) and moved.index(ids[0]) in (1, 2)
    state_url = page.url.split("/?")[0].rstrip("/") + "/api/pictures"
    deadline = time.monotonic() + 10  # the page sends the new order after it moves the thumbnail
    while [p["id"] for p in page.context.request.get(state_url).json()["pictures"]] != moved:
        assert time.monotonic() < deadline, "the server never got the new order"
        page.wait_for_timeout(50)


def test_open_to_print_and_copy_the_command_line(browser, studio):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    try:
        page = context.new_page()
        page.goto(studio.url + "/?lang=en")
        wait_for_preview(page, 1)
        page.click("#goal-all")
        change_and_wait(page, lambda: page.select_option("#f-theme", "chiffres"), "--theme chiffres")
        link = page.locator("#print")
        assert link.get_attribute("target") == "_blank" and link.inner_text() == "Open to print"
        answer = context.request.get(studio.url + link.get_attribute("href"))
        assert answer.headers["content-type"] == "application/pdf"
        assert answer.headers["content-disposition"].startswith("inline;")
        assert answer.body().startswith(b"%PDF-")
        page.click("#copy")
        page.wait_for_selector("#copy-status:not(:empty)")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert copied == "domino-print --theme chiffres --lang en"
    finally:
        context.close()


def test_a_picture_named_in_german_behind_other_languages_prints_on_the_german_pdf(page, tmp_path):
    from pypdf import PdfReader

    paths = photos(tmp_path / "photos", size=(320, 240))
    before = shown_seq(page)
    page.set_input_files("#files", [str(p) for p in paths])
    wait_for_preview(page, before + 1)
    page.wait_for_selector("#thumbs li >> nth=6")
    first = page.locator("#thumbs li").first
    ident = first.get_attribute("data-id")
    # The French page shows the French name; the other languages wait behind a disclosure.
    assert page.is_visible(f"#name-{ident}-fr") and page.input_value(f"#name-{ident}-fr") == "photo"
    assert not page.is_visible(f"#name-{ident}-de")
    summary = first.locator("details.languages-other summary")
    assert summary.inner_text() == "Autres langues"
    summary.click()
    assert page.is_visible(f"#name-{ident}-de") and page.is_visible(f"#name-{ident}-es")
    assert page.get_attribute(f"#name-{ident}-de", "placeholder") == "photo"  # what German prints now
    assert page.inner_text(f"label[for=name-{ident}-de]") == "Nom (Deutsch)"
    page.fill(f"#name-{ident}-de", "Oma")
    change_and_wait(page, lambda: page.dispatch_event(f"#name-{ident}-de", "change"))
    assert page.get_attribute(f"#name-{ident}-en", "placeholder") == "photo"  # the others unchanged
    change_and_wait(page, lambda: page.check("#f-labels"))
    change_and_wait(page, lambda: page.select_option("#f-lang", "de"))
    settled_summary(page)
    with page.expect_download() as downloaded:
        page.click("#download")
    text = PdfReader(downloaded.value.path()).pages[0].extract_text()
    assert "Oma" in text and "photo" in text  # value 0 in German, the others by their file name
    page.set_viewport_size({"width": 360, "height": 780})
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


# -- issue 16, bug 1: the form's enabling rules are the option table's needs ----------------------
def _enable(page, name: str, needs: dict) -> None:
    """Make the choices that ``name``'s needs ask for, enabling each needed field first."""
    from domino_print.options.table import OPTIONS

    by_name = {option.name: option for option in OPTIONS}
    for need in needs[name]:
        other = need["option"]
        _enable(page, other, needs)
        wanted = need["values"][0]
        control = page.locator(f"#f-{other}")
        if by_name[other].kind == "flag":
            control.set_checked(bool(wanted))
        elif control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(str(wanted))
        else:
            control.fill(str(wanted))
            control.dispatch_event("change")


def test_every_field_can_be_enabled_and_the_rules_come_from_the_option_table(page):
    import json

    from domino_print.options.wording import form_fields

    fields = form_fields("fr")
    needs = {field["name"]: field["needs"] for field in fields}
    # The page carries the table's needs as they are, and no rule of its own.
    for field in fields:
        shown = page.locator(f'[data-field="{field["name"]}"]').get_attribute("data-needs")
        assert (json.loads(shown) if shown else []) == field["needs"], field["name"]
    assert any(needs.values())  # the table has rules to follow
    for field in fields:
        page.reload()
        wait_for_preview(page, 1)
        _enable(page, field["name"], needs)
        assert page.locator(f'#f-{field["name"]}').is_enabled(), field["name"]
        # and an unmet need disables it again (the need is honest, not always true)
        if field["needs"]:
            page.reload()
            wait_for_preview(page, 1)
            control = page.locator(f'#f-{field["name"]}')
            met = all(page.evaluate(
                "([name, values]) => { const c = document.getElementById('f-' + name);"
                " const v = c.type === 'checkbox' ? c.checked : (c.value || c.dataset.default || null);"
                " return values.some((w) => typeof w === 'boolean' ? w === v : String(w) === String(v)); }",
                [need["option"], need["values"]]) for need in field["needs"])
            assert control.is_enabled() == met, field["name"]


def test_backs_edge_and_offset_and_the_doubles_target(page):
    """The three fields issue 16 found stuck: flip edge and back offset with duplex backs, and
    the winning score for the Doubles game, shown at its own default (100)."""
    assert page.locator("#f-duplex").is_disabled() and page.locator("#f-back_offset").is_disabled()
    change_and_wait(page, lambda: page.select_option("#f-backs", "duplex"), "--backs duplex")
    assert page.locator("#f-duplex").is_enabled() and page.locator("#f-back_offset").is_enabled()
    change_and_wait(page, lambda: page.select_option("#f-duplex", "short"), "--duplex short")
    change_and_wait(page, lambda: (page.fill("#f-back_offset", "1.5,-0.5"),
                                   page.dispatch_event("#f-back_offset", "change")), "--back-offset 1.5,-0.5")
    change_and_wait(page, lambda: page.select_option("#f-backs", "fold"), "--backs fold")
    assert page.locator("#f-duplex").is_disabled() and page.locator("#f-back_offset").is_disabled()
    assert "--duplex" not in page.inner_text("#command")  # a disabled field is not sent
    assert page.locator("#f-target").is_disabled()
    change_and_wait(page, lambda: page.select_option("#f-rules", "doubles"), "--rules doubles")
    assert page.locator("#f-target").is_enabled()
    assert page.get_attribute("#f-target", "placeholder") == "100"
    change_and_wait(page, lambda: page.select_option("#f-rules", "points"), "--rules points")
    assert page.get_attribute("#f-target", "placeholder") == "50"
    change_and_wait(page, lambda: page.check("#f-no_rules"), "--no-rules")
    assert page.locator("#f-target").is_disabled() and page.locator("#f-rules").is_disabled()


# -- issue 19: never the wrong PDF; the page's language; a title -------------------------------
def test_invalid_settings_disable_the_pdf_and_say_why_beside_it_and_the_field(page):
    assert page.get_attribute("#download", "aria-disabled") is None
    page.fill("#f-max", "99")
    page.dispatch_event("#f-max", "change")
    page.wait_for_selector("#e-max:not(:empty)")
    for action in ("#download", "#print"):
        assert page.get_attribute(action, "aria-disabled") == "true"
        assert page.get_attribute(action, "href") is None  # nothing to follow, even from the keyboard
    assert page.inner_text("#e-actions") == page.inner_text("#e-max")  # beside the buttons too
    assert page.is_visible("#stale") and "dernier" in page.inner_text("#stale").lower()
    change_and_wait(page, lambda: (page.fill("#f-max", "5"), page.dispatch_event("#f-max", "change")),
                    "--max 5")
    assert page.get_attribute("#download", "aria-disabled") is None and not page.is_visible("#stale")
    assert page.inner_text("#e-actions") == ""


def test_the_page_says_in_its_language_when_the_studio_has_stopped(page):
    page.route("**/api/preview", lambda route: route.abort())
    page.select_option("#f-theme", "fruits")
    page.wait_for_selector("#e-general:not(:empty)")
    assert page.inner_text("#e-general").startswith("Le studio s’est arrêté\u00a0: relancez-le")
    assert "fetch" not in page.inner_text("body").lower()
    assert page.get_attribute("#download", "aria-disabled") == "true"


def test_a_decimal_comma_is_accepted(page):
    change_and_wait(page, lambda: (page.fill("#f-gap", "2,5"), page.dispatch_event("#f-gap", "change")),
                    "--gap 2.5")
    assert page.inner_text("#e-gap") == ""
    change_and_wait(page, lambda: page.select_option("#f-backs", "duplex"), "--backs duplex")
    change_and_wait(page, lambda: (page.fill("#f-back_offset", "1,5;-0,5"),
                                   page.dispatch_event("#f-back_offset", "change")), "--back-offset 1.5,-0.5")


def test_a_title_is_printed_and_names_the_downloaded_file(page, tmp_path):
    from pypdf import PdfReader

    page.set_input_files("#files", [str(p) for p in photos(tmp_path / "photos", size=(200, 150))])
    page.wait_for_selector("#thumbs li:nth-child(7)")
    wait_for_preview(page, 2)
    assert page.get_attribute("#title", "placeholder") == "Nos photos"
    change_and_wait(page, lambda: (page.fill("#title", "La famille Martin"),
                                   page.dispatch_event("#title", "change")))
    settled_summary(page)
    with page.expect_download() as downloaded:
        page.click("#download")
    assert downloaded.value.suggested_filename == "dominos-la-famille-martin.pdf"
    text = PdfReader(downloaded.value.path()).pages[0].extract_text()
    assert "La famille Martin" in text and "Mes images" not in text


def test_the_first_screen_asks_what_to_make_and_each_goal_shows_its_few_fields(context, studio):
    from domino_print.api import association_themes
    from domino_print.options.wording import form_fields
    from domino_print.studio.goals import goals

    page = context.new_page()
    page.goto(studio.url + "/")
    wait_for_preview(page, 1)
    assert page.is_visible("#goals") and not page.is_visible("#options")
    page.wait_for_function("() => [...document.querySelectorAll('#goals img')]"
                           ".every(i => i.naturalWidth > 0)")
    all_fields = [field["name"] for field in form_fields()]
    for goal in goals():
        page.click(f"button[data-goal={goal.name}]")
        wait_for_preview(page, shown_seq(page))
        shown = [name for name in all_fields if page.is_visible(f'[data-field="{name}"]')]
        assert shown == [name for name in all_fields if name in goal.fields], goal.name
        assert page.is_visible("#pictures") == (goal.pictures or goal.lists)  # a list's cell: a picture
        assert page.is_visible("#list") == goal.lists
        if goal.name == "association":
            offered = page.eval_on_selector_all("#f-theme option",
                                                "o => o.filter(x => !x.hidden).map(x => x.value)")
            assert offered == association_themes()
        for name, value in goal.options.items():
            assert page.input_value(f"#f-{name}") == str(value)
        page.check("#show-all")
        assert all(page.is_visible(f'[data-field="{name}"]') for name in all_fields)
        page.click("#change-goal")
        assert page.is_visible("#goals")
    screenshot(page, "studio-goals.png")


# -- issue 19: axe-core finds nothing in any state the tests reach -------------------------------
def _axe_clean(page, state: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    page.wait_for_load_state("networkidle")  # a state, not a moment between two
    # nor a preview on its way (the summary is dimmed while one is made)
    page.wait_for_selector("#pages:not([aria-busy])", state="attached", timeout=30_000)
    results = Axe().run(page)
    assert results.violations_count == 0, f"{state}:\n{results.generate_report()}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_axe_core_finds_no_violation_in_any_state_desktop_and_phone(browser, studio, tmp_path, lang):
    # axe-core reads the style sheets itself, which the page's policy would refuse it: this context
    # lets it, and changes nothing else about the page.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{studio.url}/?lang={lang}")
        wait_for_preview(page, 1)
        page.wait_for_function("() => [...document.querySelectorAll('#goals img')]"
                               ".every(i => i.complete)")
        for width in (1280, 360):
            page.set_viewport_size({"width": width, "height": 900 if width > 400 else 780})
            _axe_clean(page, f"{lang} {width} first screen")
            change_and_wait(page, lambda: page.click("button[data-goal=classroom]"))
            _axe_clean(page, f"{lang} {width} classroom")
            page.fill("#f-sets", "999")
            page.dispatch_event("#f-sets", "change")
            page.wait_for_selector("#e-sets:not(:empty)")
            _axe_clean(page, f"{lang} {width} an error")
            if width == 360:
                page.click("#view-preview")
                _axe_clean(page, f"{lang} {width} preview view")
                page.click("#view-settings")
            page.click("#change-goal")
            page.click("button[data-goal=photos]")
            three = photos(tmp_path / f"p{width}", size=(120, 90))[:3]
            before = shown_seq(page)
            page.set_input_files("#files", [str(p) for p in three])
            page.wait_for_selector("#thumbs li:nth-child(3)")
            wait_for_preview(page, before + 1)
            page.wait_for_load_state("networkidle")
            _axe_clean(page, f"{lang} {width} own pictures")
            page.check("#show-all")
            _axe_clean(page, f"{lang} {width} all settings")
            for left in range(len(three) - 1, -1, -1):
                page.locator("#thumbs [data-act=remove]").first.click()
                expect(page.locator("#thumbs li")).to_have_count(left)  # the page's own state
            page.click("#change-goal")
    finally:
        context.close()


def test_the_teacher_prints_a_class_set_with_backs_and_the_calibration_sheet(context, studio):
    """Issue 19's teacher: 30 sets with a label, backs on the short edge with an offset, black
    ink; the calibration sheet for that paper and edge; the file named after the class."""
    from pypdf import PdfReader

    page = context.new_page()
    page.goto(studio.url + "/")
    wait_for_preview(page, 1)
    change_and_wait(page, lambda: page.click("button[data-goal=classroom]"))
    change_and_wait(page, lambda: (page.fill("#f-sets", "30"), page.dispatch_event("#f-sets", "change")),
                    "--sets 30")
    change_and_wait(page, lambda: (page.fill("#f-label", "CP Mme Roux"),
                                   page.dispatch_event("#f-label", "change")), "--label 'CP Mme Roux'")
    change_and_wait(page, lambda: page.select_option("#f-duplex", "short"), "--duplex short")
    change_and_wait(page, lambda: (page.fill("#f-back_offset", "1,5;-0,5"),
                                   page.dispatch_event("#f-back_offset", "change")), "--back-offset 1.5,-0.5")
    change_and_wait(page, lambda: page.select_option("#f-ink", "noir"), "--ink noir")
    page.locator("#f-sets").scroll_into_view_if_needed()
    screenshot(page, "studio.png")
    with page.expect_download() as downloaded:
        page.click("#download")
    assert downloaded.value.suggested_filename == "dominos-cp-mme-roux.pdf"
    pdf = PdfReader(downloaded.value.path())
    assert len(pdf.pages) > 30 and "CP Mme Roux" in pdf.pages[0].extract_text()
    with page.expect_download() as sheet:
        page.click("#calibration")
    calibration = PdfReader(sheet.value.path())
    assert len(calibration.pages) == 2
    assert "court" in calibration.pages[0].extract_text().lower()  # the short edge, in French


PICTURES_COUNTED = {  # the status line's words for 0, 1 and 2 pictures, from each language's grammar
    "fr": ("0 image", "1 image", "2 images"),  # French 0 is singular (CLDR: i = 0,1 is "one")
    "en": ("0 pictures", "1 picture", "2 pictures"),
    "es": ("0 imágenes", "1 imagen", "2 imágenes"),
    "de": ("0 Bilder", "1 Bild", "2 Bilder"),
}


def test_the_page_s_counts_follow_its_language_s_plural_rule(browser, studio):
    """``studioWords.sayCount`` (the pictures' status line, a theme opened, pictures sent) chooses
    its form by the browser's ``Intl.PluralRules`` for the page's language, not ``count === 1``."""
    context = browser.new_context(bypass_csp=True)  # page.evaluate; nothing else about the page changes
    try:
        page = context.new_page()
        for lang, expected in PICTURES_COUNTED.items():
            page.goto(f"{studio.url}/?lang={lang}")
            said = page.evaluate("() => [0, 1, 2].map((n) => studioWords.sayCount('pictures.count', n))")
            assert tuple(said) == expected, lang
        assert page.evaluate("() => studioWords.sayCount('theme.opened', 1)") == "Thema geöffnet: 1 Bild."
    finally:
        context.close()
