"""Issue 17, class 12 (pictures and theme files): shapes wrapped in an SVG link are drawn (the
link never followed), and a UTF-8 byte-order mark in ``theme.toml`` is no syntax error."""

from __future__ import annotations

import tempfile
from pathlib import Path
from xml.sax.saxutils import quoteattr

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from domino_print.cli import cli
from domino_print.themes.user import load_user_theme

HREFS = ["http://example.invalid/x", "file:///etc/passwd", "javascript:alert(1)", "#shape", "../other.svg",
         "other.svg", "", "data:text/html,<b>x</b>"]


def _red_pixels(pdf: bytes) -> int:
    document = pdfium.PdfDocument(pdf)
    page = document[0].render(scale=30 / 72).to_pil().convert("RGB")
    document.close()
    return sum(1 for r, g, b in page.getdata() if r > 200 and g < 60 and b < 60)


def _green_pixels(pdf: bytes) -> int:
    document = pdfium.PdfDocument(pdf)
    page = document[0].render(scale=30 / 72).to_pil().convert("RGB")
    document.close()
    return sum(1 for r, g, b in page.getdata() if g > 150 and r < 60 and b < 60)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(hrefs=st.lists(st.sampled_from(HREFS), min_size=1, max_size=3),
       xlink=st.booleans())
def test_shapes_inside_links_are_drawn_and_links_never_followed(hrefs, xlink):
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name) / "art"
        folder.mkdir()
        Image.new("RGB", (40, 40), "#1E88E5").save(folder / "a.png")
        Image.new("RGB", (40, 40), "#FDD835").save(folder / "b.png")
        # What a followed link would show: a green picture beside it.
        (folder.parent / "other.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
            '<rect width="10" height="10" fill="#00C800"/></svg>')
        attribute = "xlink:href" if xlink else "href"
        opening = "".join(f"<a {attribute}={quoteattr(h)}>" for h in hrefs)
        closing = "</a>" * len(hrefs)
        (folder / "c.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="100" height="100" viewBox="0 0 100 100">{opening}'
            f'<rect id="shape" width="100" height="100" fill="#FF0000"/>{closing}</svg>', encoding="utf-8")
        out = Path(name) / "x.pdf"
        result = CliRunner().invoke(cli, ["--theme", str(folder), "--no-rules", "--out", str(out)])
        assert result.exit_code == 0, result.output
        pdf = out.read_bytes()
        assert _red_pixels(pdf) > 100, "the linked shape is drawn"
        assert _green_pixels(pdf) == 0, "no link target is drawn"


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(title=st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N", "Zs")), min_size=1,
                     max_size=20).filter(str.strip),
       newline=st.sampled_from(["\n", "\r\n"]))
def test_a_byte_order_mark_in_theme_toml_is_accepted(title, newline):
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        Image.new("RGB", (20, 20), "red").save(folder / "a.png")
        Image.new("RGB", (20, 20), "blue").save(folder / "b.png")
        text = f'title = "{title}"{newline}fit = "cover"{newline}'
        (folder / "theme.toml").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
        theme = load_user_theme(folder)
        assert theme.title["en"] == title and theme.fit == "cover"
