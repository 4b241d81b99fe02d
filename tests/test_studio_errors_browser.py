"""Issue 31, in a real browser: the page in the browser's language when its address has no
``?lang=``, and an answer without a message of its own (a 500 from a proxy, or one cut short)
said in the page's words, "le studio n’a pas pu répondre (erreur 500)", never the status line's
English "Internal Server Error". Playwright drives Debian's chromium as ``test_studio_browser.py``
does (its fixtures); the bare 500 is made in the browser (``page.route``), the studio untouched."""

from __future__ import annotations

import pytest

from tests import test_studio_browser as base
from tests.test_studio_lists_browser import teacher, wait_for_text  # noqa: F401  # the fixture

pytestmark = pytest.mark.slow
studio = base.studio  # the studio served (the browser: conftest.py's fixture)


def test_a_list_file_answered_by_a_bare_500_is_said_in_the_page_s_words(teacher, tmp_path):  # noqa: F811
    source = tmp_path / "liste.csv"
    source.write_text("a;b\nc;d\n", encoding="utf-8")
    teacher.route("**/api/list/file*", lambda route: route.fulfill(status=500, body=""))
    teacher.check("#list-mode-file")
    teacher.set_input_files("#list-file", str(source))
    wait_for_text(teacher, "#e-list", "le studio n’a pas pu répondre (erreur 500)\u00a0; réessayez")
    assert "Internal Server Error" not in teacher.inner_text("#e-list")


def test_a_german_browser_gets_the_page_in_german_without_lang(browser, studio):
    """The browser's language (Playwright's ``locale`` sets its Accept-Language) chooses the page's
    when the address has no ``?lang=``; the tests' own browser is French (``conftest.CHROMIUM_ARGS``)."""
    context = browser.new_context(locale="de-DE")
    try:
        page = context.new_page()
        page.goto(studio.url + "/")
        assert page.evaluate("document.documentElement.lang") == "de"
        missing = page.goto(studio.url + "/nothing-here")
        assert missing.status == 404
        assert "diese Adresse führt im Studio nirgendwohin" in page.inner_text("body")
    finally:
        context.close()
