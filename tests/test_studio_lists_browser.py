"""Lists in the studio, in a real browser (issue 19's teacher; issue 18's errors beside the row).

Playwright drives Debian's chromium as ``test_studio_browser.py`` does (its fixtures and helpers);
axe-core (axe-playwright-python) finds no violation in any state visited. The contexts let
axe-core read the style sheets (``bypass_csp``), which changes nothing else about the page.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests import test_studio_browser as base
from tests.test_studio_browser import _axe_clean, screenshot, shown_seq, wait_for_preview

pytestmark = pytest.mark.slow
studio = base.studio  # the studio served (the browser: conftest.py's fixture)

FRENCH_EXCEL_CSV = ("Question;Réponse\r\n7 × 8;56\r\nla moitié de 9;4,5\r\nl'été;saison chaude\r\n"
                    "9 × 9;81\r\n« Bonjour » en anglais;hello\r\n")
TABLES = [("7 × 8", "56"), ("6 × 7", "42"), ("9 × 9", "81"), ("3 × 4", "12")]


@pytest.fixture
def teacher(browser, studio):
    """A fresh visitor on the loop path ("Jeu en boucle"), where the list is offered."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True,
                                  bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(studio.url + "/")
    wait_for_preview(page, 1)
    before = shown_seq(page)
    page.click("button[data-goal=loop]")
    wait_for_preview(page, before + 1)
    assert page.is_visible("#list")
    yield page
    assert errors == [], errors
    context.close()


def pdf_text(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages]


def saved_rows(page) -> list:
    answer = page.context.request.get(page.url.split("/?")[0].rstrip("/") + "/api/list")
    assert answer.ok
    return json.loads(answer.body())["rows"]


def wait_for_list_preview(page, before: int) -> None:
    """Until a preview of the list is on screen (the list is saved, then the preview asked for)."""
    wait_for_preview(page, before + 1)
    page.wait_for_function("() => document.getElementById('f-theme').value === 'list'")


def wait_for_text(page, selector: str, text: str) -> None:
    """Until ``selector`` says ``text`` (a field left sends its own change first: an earlier answer
    may come before)."""
    page.wait_for_function("([where, text]) => document.querySelector(where).textContent.includes(text)",
                           arg=[selector, text])


def type_rows(page, rows, start: int = 1) -> None:
    for number, (first, second) in enumerate(rows, start=start):
        if page.locator(f"#list-{number}-0").count() == 0:
            page.click("#list-add")
        page.fill(f"#list-{number}-0", first)
        page.fill(f"#list-{number}-1", second)
        page.dispatch_event(f"#list-{number}-1", "change")
        page.dispatch_event(f"#list-{number}-0", "change")


def test_the_teacher_uploads_a_french_excel_csv_and_gets_a_loop_with_its_key(teacher, tmp_path):
    source = tmp_path / "Tables CM1.csv"
    source.write_bytes(FRENCH_EXCEL_CSV.encode("cp1252"))  # Excel's "CSV (séparateur : point-virgule)"
    assert b"\r\n" in source.read_bytes() and "é".encode("cp1252") in source.read_bytes()
    teacher.check("#list-mode-file")
    assert teacher.is_visible("#list-file-part") and not teacher.is_visible("#list-typed-part")
    before = shown_seq(teacher)
    teacher.set_input_files("#list-file", str(source))
    wait_for_list_preview(teacher, before)
    assert "Tables CM1.csv" in teacher.inner_text("#list-file-status")
    summary = teacher.inner_text("#summary")
    assert "5 dominos (en boucle)" in summary and "en-tête (Question, Réponse)" in summary, summary
    assert teacher.get_attribute("#download", "aria-disabled") is None
    _axe_clean(teacher, "a list uploaded")
    with teacher.expect_download() as downloaded:
        teacher.click("#download")
    assert downloaded.value.suggested_filename == "dominos-tables-cm1.pdf"
    pages = pdf_text(Path(downloaded.value.path()))
    cards = pages[0]
    for text in ("7 × 8", "la moitié de 9", "4,5", "l'été", "saison chaude", "« Bonjour »", "hello"):
        assert text in cards, text
    assert "Question" not in cards  # the header row is no card
    key = next(text for text in pages if "Clé du maître" in text)
    assert "Tables CM1" in key and "la moitié de 9" in key and "saison chaude" in key
    assert sum("Tables CM1" in text for text in pages) >= 2  # the title (the file's name): rules and key


def test_a_typed_table_with_an_ambiguous_row_shows_the_error_beside_that_row(teacher, tmp_path):
    before = shown_seq(teacher)
    type_rows(teacher, TABLES)
    wait_for_list_preview(teacher, before)
    # The first preview may be of a row half typed (its one cell "une case est vide", answered while
    # the other was filled): wait for the page to show the preview of the rows as typed, clear.
    teacher.wait_for_function("() => document.querySelector('#e-list-row-4').textContent === ''")
    teacher.click("#list-add")
    teacher.fill("#list-5-0", "2 × 6")  # 12, as 3 × 4 on row 4
    teacher.fill("#list-5-1", "douze")
    teacher.dispatch_event("#list-5-1", "change")
    wait_for_text(teacher, "#e-list-row-5", "vaut 12")
    message = teacher.inner_text("#e-list-row-5")
    assert "«\u00a02 × 6\u00a0» vaut 12" in message and "«\u00a03 × 4\u00a0» à la ligne 4" in message, message
    assert teacher.get_attribute("#list-5-0", "aria-invalid") == "true"
    # Issue 27: every row of the clash is marked, so that one round corrects them all.
    assert teacher.get_attribute("#list-4-0", "aria-invalid") == "true"
    assert "ligne 5" in teacher.inner_text("#e-list-row-4")
    for other in range(1, 4):
        assert teacher.inner_text(f"#e-list-row-{other}") == ""
    assert teacher.get_attribute("#download", "aria-disabled") == "true"  # never the wrong PDF
    # Issue 27: no pages, summary or command of the last valid set shown as if current.
    assert not teacher.is_visible("#stale")
    assert teacher.evaluate("() => document.querySelectorAll('#pages li').length") == 0
    assert teacher.inner_text("#summary") == ""
    described = teacher.get_attribute("#list-5-0", "aria-describedby")
    assert described == "e-list-row-5"
    _axe_clean(teacher, "an ambiguous row")
    screenshot(teacher, "studio-list-error.png")
    before = shown_seq(teacher)
    teacher.select_option("#f-ambiguous", "ok")  # a deliberate twist, kept
    wait_for_preview(teacher, before + 1)
    assert teacher.inner_text("#e-list-row-5") == ""
    with teacher.expect_download() as downloaded:
        teacher.click("#download")
    pages = pdf_text(Path(downloaded.value.path()))
    assert "2 × 6" in pages[0] and any("Clé du maître" in text for text in pages)


def test_rows_are_added_removed_and_reordered_with_the_keyboard_alone(teacher):
    teacher.focus("#list-1-0")
    before = shown_seq(teacher)
    for first, second in (("chat", "cat"), ("chien", "dog"), ("loup", "wolf"), ("ours", "bear")):
        teacher.keyboard.type(first)
        teacher.keyboard.press("Tab")
        teacher.keyboard.type(second)
        teacher.keyboard.press("Enter")  # the next row's question (a new row after the last)
        assert teacher.evaluate("() => document.activeElement.dataset.part") == "text-0"
    wait_for_list_preview(teacher, before)
    teacher.wait_for_function("() => document.getElementById('summary').textContent.includes('4 dominos')")
    assert [row[:2] for row in saved_rows(teacher) if any(row)] == [
        ["chat", "cat"], ["chien", "dog"], ["loup", "wolf"], ["ours", "bear"]]
    # Alt + arrow moves the row the focus is in, and the focus goes with it.
    teacher.focus("#list-3-0")
    teacher.keyboard.press("Alt+ArrowUp")
    assert teacher.evaluate("() => document.activeElement.id") == "list-2-0"
    assert teacher.input_value("#list-2-0") == "loup" and teacher.input_value("#list-3-0") == "chien"
    # The buttons, reached and pressed from the keyboard: down, then remove.
    teacher.focus("#list-1-1")
    teacher.keyboard.press("Tab")  # the row's note (issue 27: the key page's third column)
    assert teacher.evaluate("() => document.activeElement.dataset.part") == "text-2"
    teacher.keyboard.press("Tab")  # the row's first button: "up" is disabled on row 1, so "down"
    assert teacher.evaluate("() => document.activeElement.dataset.act") == "down"
    teacher.keyboard.press("Enter")
    assert teacher.input_value("#list-2-0") == "chat"
    assert teacher.evaluate("() => document.activeElement.closest('li').dataset.row") == "2"
    teacher.focus("#list-4-1")
    for _ in range(4):  # the note, up, down (disabled on the last row: skipped), remove
        teacher.keyboard.press("Tab")
        if teacher.evaluate("() => document.activeElement.dataset.act") == "remove":
            break
    assert teacher.evaluate("() => document.activeElement.dataset.act") == "remove"
    before = shown_seq(teacher)
    teacher.keyboard.press("Space")
    wait_for_preview(teacher, before + 1)
    assert [row[:2] for row in saved_rows(teacher) if any(row)] == [["loup", "wolf"], ["chat", "cat"],
                                                                      ["chien", "dog"]]
    assert teacher.evaluate("() => document.activeElement.dataset.act") == "remove"  # focus stays
    teacher.wait_for_function("() => document.getElementById('summary').textContent.includes('3 dominos')")


def test_a_typed_list_on_a_360_px_phone(browser, studio):
    context = browser.new_context(viewport={"width": 360, "height": 780}, bypass_csp=True,
                                  is_mobile=True, has_touch=True, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(studio.url + "/?lang=en")
        wait_for_preview(page, 1)
        before = shown_seq(page)
        page.click("button[data-goal=loop]")
        wait_for_preview(page, before + 1)
        before = shown_seq(page)
        type_rows(page, [("cat", "chat"), ("dog", "chien"), ("wolf", "loup")])
        wait_for_list_preview(page, before)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360  # no sideways scrolling
        box = page.locator("#list-3-1").bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360
        _axe_clean(page, "phone: a typed list")
        page.fill("#list-3-1", "Chat")  # the same as row 1's answer, whatever its case
        page.dispatch_event("#list-3-1", "change")
        wait_for_text(page, "#e-list-row-3", "row 1")
        _axe_clean(page, "phone: an error beside a row")
        page.fill("#list-3-1", "loup")
        before = shown_seq(page)
        page.dispatch_event("#list-3-1", "change")
        wait_for_preview(page, before + 1)
        page.click("#view-preview")  # one tap to the preview
        assert page.is_visible("#pages img")
        assert "3 dominoes (loop)" in page.inner_text("#summary")
    finally:
        context.close()


def test_the_theme_choices_wait_while_the_list_is_the_theme_and_come_back_with_a_goal(teacher):
    assert teacher.input_value("#f-values") == "A-Z" and teacher.is_enabled("#f-values")
    before = shown_seq(teacher)
    type_rows(teacher, TABLES[:3])
    wait_for_list_preview(teacher, before)
    assert not teacher.is_enabled("#f-values")  # a list shows its own values: not sent
    teacher.click("#change-goal")
    before = shown_seq(teacher)
    teacher.click("button[data-goal=loop]")
    wait_for_preview(teacher, before + 1)
    assert teacher.input_value("#f-theme") == "lettres" and teacher.is_enabled("#f-values")
    wait_for_text(teacher, "#command", "--values A-Z")
