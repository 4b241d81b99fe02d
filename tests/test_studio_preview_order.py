"""A superseded answer to the page's newest preview request makes the page ask again.

Two requests of one page can reach the server in either order (their bodies arrive on two
connections), so the server may make the page's newest request give up (409) in favour of one
the page already abandoned: the page must then ask again, never wait for a preview that will not
come. Playwright answers the newest request with that 409 once.
"""

from __future__ import annotations

import pytest

from tests import test_studio_browser as base
from tests.test_studio_browser import shown_seq, wait_for_preview

pytestmark = pytest.mark.slow
studio = base.studio
page = base.page


def test_the_newest_preview_superseded_is_asked_again(page):
    answered: list[int] = []

    def superseded_once(route):
        answered.append(409 if not answered else 200)
        if answered[-1] == 409:
            route.fulfill(status=409, content_type="application/json", body='{"superseded": true}')
        else:
            route.continue_()

    before = shown_seq(page)
    page.route("**/api/preview", superseded_once)
    page.select_option("#f-theme", "fruits")
    wait_for_preview(page, before + 2)  # the answer given up, then the one asked again
    assert answered == [409, 200]
    assert "fruits" in page.inner_text("#command")
    assert page.get_attribute("#download", "aria-disabled") is None


def test_a_lost_server_while_pictures_upload_is_said_as_for_an_option_and_stops_the_download(page, tmp_path):
    """Issue 34, item 1: a picture sent to a studio that has stopped says so in the page's words
    (never the browser's 'Failed to fetch'), and the download is disabled."""
    from tests.test_studio_browser import photos

    page.route("**/api/picture**", lambda route: route.abort())
    page.set_input_files("#files", [str(p) for p in photos(tmp_path / "photos", size=(64, 48))[:2]])
    page.wait_for_selector("#e-general:not(:empty)")
    assert page.inner_text("#e-general").startswith("Le studio s’est arrêté\u00a0: relancez-le")
    assert "fetch" not in page.inner_text("body").lower()
    assert page.get_attribute("#download", "aria-disabled") == "true"
    assert page.is_visible("#stale")
