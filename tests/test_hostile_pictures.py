"""Hostile and careless pictures: nothing outside the theme is read, nothing is run, work is bounded.

The main test runs the command line in a fresh interpreter under an audit hook
(``sys.addaudithook``) while it loads and draws a set of hostile SVGs, and
asserts that no file outside the theme folder, the output folder and the
installed code is opened and that no program is started. Audit hooks see
Python's own ``open``; the SVG parser is fed bytes read by Python and refuses
every outside resource itself, so C-level reads have nothing to follow.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import reportlab
from PIL import Image
from pypdf import PdfReader

from domino_print.pictures import PictureError
from domino_print.pictures.svg import load_svg, svg_text_font
from tests.fixtures_images import run

SHAPE = '<rect x="10" y="10" width="80" height="80" fill="#1E88E5"/>'
VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
EPS = base64.b64encode(b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n").decode("ascii")


def write_svg(path: Path, body: str, prolog: str = "", size: str = 'width="100" height="100"') -> Path:
    path.write_text(
        f'{prolog}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'{size} viewBox="0 0 100 100">{body}</svg>',
        encoding="utf-8",
    )
    return path


def theme_of(folder: Path, body: str, prolog: str = "", size: str = 'width="100" height="100"') -> Path:
    """A two-picture theme: the SVG under test as value 0, a plain square as value 1."""
    folder.mkdir(parents=True)
    write_svg(folder / "a.svg", body, prolog, size)
    write_svg(folder / "b.svg", '<circle cx="50" cy="50" r="40" fill="#E53935"/>')
    return folder


def one_error_line(result, *needles: str) -> None:
    """Exit 1, one line on stderr holding every needle, no traceback."""
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("domino-print: error: "), lines
    for needle in needles:
        assert needle in lines[0], lines[0]
    assert "Traceback" not in result.output


# -- the audit: a hostile SVG opens nothing outside and runs nothing ------------------------------


def hostile_cases(outside: Path) -> dict[str, tuple[str, str]]:
    """name -> (SVG body, prolog): every way we know for an SVG to reach another file or a program."""
    secret_png, secret_txt, other_svg = outside / "secret.png", outside / "secret.txt", outside / "other.svg"
    font = outside / "Secret"  # svglib appends ".ttf"
    text = '<text x="10" y="50" font-size="20"{}>Hello</text>'
    return {
        "font-absolute": (text.format(f' font-family="{font}"'), ""),
        "font-relative": (text.format(' font-family="fonts/Rel"'), ""),
        "font-dotdot": (text.format(' font-family="../outside/Secret"'), ""),
        "font-bold-italic": (
            text.format(f' font-family="{font}" font-weight="bold" font-style="italic"'), ""
        ),
        "font-unknown": (text.format(' font-family="NoSuchFamilyXyz, AlsoMissing"'), ""),
        "font-css": (f'<style>text {{ font-family: "{font}"; }}</style>' + text.format(""), ""),
        "font-style-attribute": (text.format(f" style=\"font-family:'{font}';font-weight:bold\""), ""),
        "image-absolute": (f'<image href="{secret_png}" width="100" height="100"/>' + SHAPE, ""),
        "image-file-url": (f'<image xlink:href="file://{secret_png}" width="100" height="100"/>' + SHAPE, ""),
        "image-relative": ('<image href="../../outside/secret.png" width="100" height="100"/>' + SHAPE, ""),
        "image-svg-data": (
            '<image href="data:image/svg+xml;utf8,%3Csvg/%3E" width="9" height="9"/>' + SHAPE, ""
        ),
        "use-other-svg": (f'<use href="../../outside/other.svg#shape"/><use xlink:href="file://{other_svg}#shape"/>'
                          + SHAPE, ""),
        "css-import": (f'<style>@import url("file://{outside}/style.css"); @import "{outside}/style.css";'
                       f' rect {{ fill: url(file://{other_svg}#g); }}</style>' + SHAPE, ""),
        "xml-stylesheet": (SHAPE, f'<?xml version="1.0"?><?xml-stylesheet href="file://{outside}/style.css"?>'),
        "xinclude": (f'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="file://{secret_txt}" '
                     'parse="text"/>' + SHAPE, ""),
        "external-dtd": (SHAPE, f'<?xml version="1.0"?><!DOCTYPE svg SYSTEM "file://{outside}/evil.dtd">'),
        "entity": ("<text x='10' y='50'>&x;</text>" + SHAPE,
                   f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file://{secret_txt}">]>'),
        "fill-url": (f'<rect width="50" height="50" fill="url(file://{other_svg}#g)"/>', ""),
        "feimage": (f'<filter id="f"><feImage href="file://{secret_png}"/></filter>'
                    '<rect width="50" height="50" filter="url(#f)"/>', ""),
        "font-face": (f'<font-face font-family="X"><font-face-src><font-face-uri href="file://{font}.ttf"/>'
                      "</font-face-src></font-face>" + text.format(' font-family="X"'), ""),
        "anchor": (f'<a href="file://{secret_txt}">{SHAPE}</a>', ""),
        "eps-as-png": (  # Pillow's EPS decoder would run Ghostscript: only our formats are decoded
            f'<image href="data:image/png;base64,{EPS}" width="10" height="10"/>' + SHAPE, ""
        ),
    }


AUDITED = textwrap.dedent(
    """
    import json, os, sys
    from click.testing import CliRunner
    from domino_print.cli import cli

    plan = json.loads(sys.argv[1])
    os.chdir(plan["cwd"])
    CliRunner().invoke(cli, plan["warm_up"])  # imports what a run needs, before the audit starts
    RUNS = {"subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork",
            "os.forkpty", "pty.spawn"}
    events = []

    def hook(event, args):
        if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
            events.append(["open", os.fsdecode(args[0])])
        elif event in RUNS:
            events.append([event, repr(args)[:300]])

    sys.addaudithook(hook)
    results = {}
    for name, args in plan["runs"].items():
        events.append(["case", name])
        result = CliRunner().invoke(cli, args)
        results[name] = [result.exit_code, result.stderr]
    sys.stdout.write(json.dumps({"events": events, "results": results}))
    """
)


def allowed_roots() -> list[Path]:
    import domino_print

    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    roots |= {p for p in sys.path if p and "site-packages" in p}
    from domino_print import user_cache

    cache = user_cache.folder()  # the tool's own cache (a font parsed once, a catalogue): ours
    return ([Path(r).resolve() for r in roots] + [Path(domino_print.__file__).resolve().parent]
            + ([Path(cache).resolve()] if cache else []))


@pytest.mark.slow
def test_hostile_svgs_open_nothing_outside_and_run_nothing(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(VERA, outside / "Secret.ttf")
    shutil.copy(VERA, outside / "SecretBI.ttf")
    (outside / "secret.txt").write_text("TOP-SECRET-CONTENT")
    (outside / "style.css").write_text("rect { fill: #FF00FF; }")
    (outside / "evil.dtd").write_text('<!ENTITY x "TOP-SECRET">')
    write_svg(outside / "other.svg", '<rect id="shape" width="100" height="100" fill="#FF00FF"/>')
    from PIL import Image

    Image.new("RGB", (32, 32), (255, 0, 255)).save(outside / "secret.png")
    work = tmp_path / "work"
    (work / "fonts").mkdir(parents=True)
    shutil.copy(VERA, work / "fonts" / "Rel.ttf")
    themes, out = tmp_path / "themes", tmp_path / "out"
    out.mkdir()
    cases = hostile_cases(outside)
    runs = {}
    for name, (body, prolog) in cases.items():
        folder = theme_of(themes / name, body, prolog)
        runs[name] = ["--theme", str(folder), "--out", str(out / f"{name}.pdf"), "--no-rules", "--max", "1"]
    warm = theme_of(tmp_path / "warm", SHAPE + '<text x="5" y="20">Hi</text>')
    plan = {
        "cwd": str(work / "fonts" / ".."),
        "warm_up": ["--theme", str(warm), "--out", str(tmp_path / "warm.pdf"), "--no-rules", "--max", "1"],
        "runs": runs,
    }
    done = subprocess.run(
        [sys.executable, "-c", AUDITED, json.dumps(plan)], capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    roots = allowed_roots()
    case, strays, programs = "", [], []
    for kind, detail in report["events"]:
        if kind == "case":
            case = detail
            continue
        if kind != "open":
            programs.append((case, kind, detail))
            continue
        opened = (work / detail).resolve() if not Path(detail).is_absolute() else Path(detail).resolve()
        inside = [themes / case, out, *roots]
        if not any(opened.is_relative_to(root.resolve()) for root in inside):
            strays.append((case, str(opened)))
    assert programs == []
    assert strays == []
    results = report["results"]
    assert results.pop("entity")[0] == 1  # a DOCTYPE with entities is refused, one line
    assert results.pop("eps-as-png")[0] == 1  # not one of our formats: refused, one line
    for name, (code, stderr) in results.items():
        assert code == 0, (name, stderr)
        assert stderr == "", (name, stderr)  # no log line from svglib either
        pdf = (out / f"{name}.pdf").read_bytes()
        assert b"TOP-SECRET" not in pdf
        # Only our own embedded family: every font the PDF names is a Fira Sans subset.
        names = set(re.findall(rb"/BaseFont\s*/([^\s/>]+)", pdf))
        assert names and all(b"FiraSans" in font for font in names), (name, names)
        assert b"/Subtype /Image" not in pdf, name


# -- text in a user's SVG uses our fonts -----------------------------------------------------------


def test_every_family_gets_our_font():
    from domino_print import fonts

    assert svg_text_font("/etc/passwd") == fonts.REGULAR
    assert svg_text_font("Comic Sans MS", "bold") == fonts.BOLD
    assert svg_text_font("serif", "700", "italic") == fonts.BOLD_ITALIC
    assert svg_text_font("x", "normal", "oblique") == fonts.ITALIC
    assert svg_text_font("x", "300") == fonts.REGULAR


def test_a_font_file_named_by_the_svg_is_never_registered(tmp_path, monkeypatch):
    from reportlab.pdfbase import pdfmetrics

    shutil.copy(VERA, tmp_path / "Secret.ttf")
    monkeypatch.chdir(tmp_path)
    path = write_svg(
        tmp_path / "t.svg",
        f'<text x="5" y="50" font-family="{tmp_path / "Secret"}">A</text>'
        '<text x="5" y="80" font-family="Secret" font-weight="bold">B</text>',
    )
    drawing = load_svg(path)
    assert not any("secret" in name.lower() for name in pdfmetrics.getRegisteredFontNames())
    strings = []
    pending = [drawing]
    while pending:
        node = pending.pop()
        pending.extend(getattr(node, "contents", []))
        if hasattr(node, "fontName"):
            strings.append(node.fontName)
    from domino_print import fonts

    assert strings and set(strings) <= {fonts.REGULAR, fonts.BOLD}, strings


def test_an_unknown_family_does_not_ask_the_system(tmp_path, monkeypatch):
    started = []
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: started.append(a) or pytest.fail("Popen"))
    load_svg(write_svg(tmp_path / "t.svg", '<text x="5" y="50" font-family="NoSuchFamilyXyz">A</text>'))
    assert started == []


# -- svglib stays quiet ---------------------------------------------------------------------------


@pytest.mark.slow
def test_svglib_log_lines_never_reach_stderr(tmp_path):
    """In a real process (pytest's log capture would hide them in-process), even with --quiet."""
    body = (
        '<rect width="50" height="50" fill="not-a-colour"/>'
        '<rect width="50" height="50" transform="wobble(3)"/>'
        '<use href="#nowhere"/>' + SHAPE
    )
    folder = theme_of(tmp_path / "t", body)
    out = tmp_path / "t.pdf"
    done = subprocess.run(
        [sys.executable, "-m", "domino_print", "--theme", folder, "--out", out, "--no-rules", "--max", "1",
         "--quiet"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout == ""
    assert PdfReader(out).pages


# -- sizes that are not numbers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "size",
    [
        'width="1e400" height="100"',
        'width="100" height="-1e400"',
        'width="nan" height="100"',
        'width="inf" height="inf"',
        'width="1e300" height="1e300"',
    ],
)
def test_svg_sizes_that_overflow_are_one_line(tmp_path, size):
    folder = theme_of(tmp_path / "t", SHAPE, size=size)
    out = tmp_path / "t.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    one_error_line(result, "a.svg", "size or coordinate")
    assert not out.exists()


@pytest.mark.parametrize(
    "body",
    [
        '<rect x="0" y="0" width="1e400" height="10"/>',
        '<circle cx="10" cy="10" r="1.7e308"/>',
        '<g transform="scale(1e400)">' + SHAPE + "</g>",
        '<g transform="translate(nan, 0)">' + SHAPE + "</g>",
        # gradients keep their numbers in private attributes (a traceback from ReportLab's writer)
        '<defs><linearGradient id="g" x1="nan"><stop offset="0" stop-color="red"/></linearGradient></defs>'
        '<rect width="10" height="10" fill="url(#g)"/>',
        '<defs><linearGradient id="g"><stop offset="nan" stop-color="red"/></linearGradient></defs>'
        '<rect width="10" height="10" fill="url(#g)"/>',
        '<defs><radialGradient id="g" r="1e400"><stop offset="0" stop-color="red"/></radialGradient></defs>'
        '<rect width="10" height="10" fill="url(#g)"/>',
        # refused by ReportLab only when drawn (tracebacks found by fuzzing attributes)
        '<rect width="10" height="10" stroke="red" stroke-dasharray="0"/>',
        '<rect width="10" height="10" stroke="red" stroke-dasharray="-1"/>',
        '<g transform="scale(0)">' + SHAPE + "</g>",
        '<g transform="matrix(1 1 1 1 0 0)">' + SHAPE + "</g>",
        '<rect width="10" height="10" x="1,2"/>',
        '<circle r="1 2"/>',
    ],
)
def test_shapes_with_numbers_out_of_range_are_one_line(tmp_path, body):
    folder = theme_of(tmp_path / "t", body)
    out = tmp_path / "t.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    one_error_line(result, "a.svg")
    assert not out.exists()


@pytest.mark.parametrize(
    ("body", "size", "needle"),
    [
        (SHAPE, 'width="10" height="5.7579236123256876e-269"', "too thin to show in a square face"),
        ('<g transform="scale(0)">' + SHAPE + "</g>", 'width="100" height="100"', "flattens"),
        ('<g transform="matrix(0 0 0 0 0 0)">' + SHAPE + "</g>", 'width="100" height="100"', "flattens"),
        ('<g transform="scale(1e-170)">' + SHAPE + "</g>", 'width="100" height="100"', "flattens"),
        ('<g transform="scale(1e-300)">' + SHAPE + "</g>", 'width="100" height="100"', "flattens"),
    ],
)
def test_a_drawing_flattened_to_nothing_is_one_line(tmp_path, body, size, needle):
    """A scale of zero (or one whose square underflows) cannot be inverted by ReportLab's renderer:
    it was a ZeroDivisionError with a traceback (found by test_svg_sizes_and_attributes)."""
    folder = theme_of(tmp_path / "t", body, size=size)
    out = tmp_path / "t.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    one_error_line(result, "a.svg", needle)
    assert not out.exists()


def test_viewbox_with_nan(tmp_path):
    folder = tmp_path / "t"
    theme_of(folder, SHAPE)
    (folder / "a.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 nan 100">' + SHAPE + "</svg>"
    )
    out = tmp_path / "t.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    one_error_line(result, "a.svg", "size or coordinate")
    assert not out.exists()


# -- the work a single SVG may cost ---------------------------------------------------------------


@pytest.mark.slow
def test_too_many_elements_is_one_line_naming_the_limit(tmp_path):
    shape = '<rect x="{}" y="{}" width="5" height="5" fill="#1E88E5"/>'
    body = "".join(shape.format(i % 90, i % 80) for i in range(100_000))
    folder = theme_of(tmp_path / "t", body)
    assert (folder / "a.svg").stat().st_size > 5_000_000
    out = tmp_path / "t.pdf"
    started = time.perf_counter()
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    assert time.perf_counter() - started < 10  # refused before conversion (a minute before)
    one_error_line(result, "a.svg", "more than 5,000 elements")
    assert not out.exists()


def test_use_copies_count_as_elements(tmp_path):
    """A few lines of <use> that would draw a million shapes: refused before conversion."""
    levels = ['<g id="l0">' + SHAPE * 10 + "</g>"]
    for level in range(1, 7):
        levels.append(f'<g id="l{level}">' + f'<use href="#l{level - 1}"/>' * 10 + "</g>")
    path = write_svg(tmp_path / "laughs.svg", "<defs>" + "".join(levels) + "</defs><use href='#l6'/>")
    assert path.stat().st_size < 2_000
    with pytest.raises(PictureError, match=r"laughs\.svg: the SVG draws more than 5,000 elements"):
        load_svg(path)


def test_use_loops_are_counted_once(tmp_path):
    loop = '<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'
    path = write_svg(tmp_path / "loop.svg", loop + SHAPE)
    assert load_svg(path).width == 75  # 100 px


@pytest.mark.slow
def test_too_much_path_data_is_one_line(tmp_path):
    points = " ".join(f"L{i % 97},{i % 89}" for i in range(300_000))
    path = write_svg(tmp_path / "p.svg", f'<path d="M0,0 {points} Z"/>')
    with pytest.raises(PictureError, match=r"p\.svg: the SVG has [\d,]+ characters of path data, over the"):
        load_svg(path)


def test_svg_file_size_is_bounded(tmp_path, monkeypatch):
    from domino_print.pictures import svg

    monkeypatch.setattr(svg, "MAX_SVG_BYTES", 2_000_000)
    path = write_svg(tmp_path / "big.svg", "<!--" + "x" * 2_000_000 + "-->" + SHAPE)
    with pytest.raises(PictureError, match=r"big\.svg: the SVG file is over the 2 MB limit"):
        load_svg(path)


# -- pictures embedded in an SVG -------------------------------------------------------------------


def data_uri(data: bytes, kind: str = "png") -> str:
    return f"data:image/{kind};base64," + base64.b64encode(data).decode("ascii")


def encoded(image, fmt: str, **save) -> bytes:
    import io

    buffer = io.BytesIO()
    image.save(buffer, fmt, **save)
    return buffer.getvalue()


@pytest.mark.slow
def test_embedded_png_and_jpeg_are_drawn(tmp_path):
    from PIL import Image

    from tests.fixtures_images import (
        close_to,
        face_boxes,
        filters,
        image_xobjects,
        noisy,
        page_pixels,
        sample,
    )

    png = data_uri(encoded(Image.new("RGB", (40, 40), (255, 0, 0)), "PNG"))
    jpeg = data_uri(encoded(noisy((300, 200)), "JPEG", quality=90), "jpeg")
    body = (
        '<rect width="100" height="100" fill="#00FF00"/>'
        f'<image href="{png}" x="0" y="0" width="50" height="50"/>'
        f'<image xlink:href="{jpeg}" x="50" y="50" width="50" height="50" preserveAspectRatio="none"/>'
    )
    folder = theme_of(tmp_path / "t", body)
    out = tmp_path / "t.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    kinds = sorted(tuple(filters(x)) for x in image_xobjects(out))
    assert kinds == [("/DCTDecode",), ("/FlateDecode",)]  # the photo stays JPEG, the flat art lossless
    layout, pages = face_boxes(3)
    page = page_pixels(out, dpi=100)
    x, y, s = pages[0][0][0]  # tile 0-0, first face: a.svg
    inner = s * 0.84
    left, top = x + s * 0.08, y + s * 0.92
    assert close_to(sample(page, layout, left + inner * 0.2, top - inner * 0.2, dpi=100), (255, 0, 0), 30)
    assert close_to(sample(page, layout, left + inner * 0.8, top - inner * 0.2, dpi=100), (0, 255, 0), 30)


def test_a_bomb_embedded_in_an_svg_is_one_line(tmp_path):
    from tests.fixtures_images import huge_png_header

    bomb = huge_png_header(tmp_path / "bomb.png", 30_000, 30_000).read_bytes()  # 900 MP in 100 bytes
    folder = theme_of(tmp_path / "t", f'<image href="{data_uri(bomb)}" width="100" height="100"/>')
    out = tmp_path / "t.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    one_error_line(result, "a.svg: embedded picture: the picture is over 300 megapixels")
    assert not out.exists()


@pytest.mark.slow
def test_an_embedded_picture_over_the_decoding_limit_is_one_line(tmp_path):
    from tests.test_images import rgba_png_header

    flat = rgba_png_header(tmp_path / "flat.png", 9_999, 9_999).read_bytes()
    folder = theme_of(tmp_path / "t", f'<image href="{data_uri(flat)}" width="100" height="100"/>')
    out = tmp_path / "t.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    one_error_line(result, "a.svg: embedded picture: the picture is 9999 x 9999 pixels", "40 megapixel limit")
    assert not out.exists()


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n", "not a picture that can be read"),
        (b"GIF89a-not-really", "not a picture that can be read"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * 40, "not a picture that can be read"),
    ],
)
def test_embedded_data_that_is_not_a_usable_picture_is_one_line(tmp_path, data, problem):
    folder = theme_of(tmp_path / "t", f'<image href="{data_uri(data)}" width="100" height="100"/>')
    out = tmp_path / "t.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    one_error_line(result, "a.svg: embedded picture: " + problem)
    assert not out.exists()


@pytest.mark.slow  # a 3 s pixel-heavy photo: out of make test-fast
def test_a_large_embedded_photo_is_embedded_small(tmp_path):
    from PIL import Image

    from tests.fixtures_images import image_xobjects, noisy

    jpeg = data_uri(encoded(noisy((4000, 3000)), "JPEG", quality=60), "jpeg")
    folder = theme_of(tmp_path / "t", f'<image href="{jpeg}" width="100" height="75"/>')
    out = tmp_path / "t.pdf"
    result = run("--theme", folder, "--out", out, "--no-rules", "--max", "1")
    assert result.exit_code == 0, result.output
    (photo,) = image_xobjects(out)
    assert max(photo["/Width"], photo["/Height"]) <= 1600
    assert Image.MAX_IMAGE_PIXELS  # the decoder's guard stays on


def test_embedded_pictures_share_one_decoding_budget(tmp_path, monkeypatch):
    """Many small files that each decode big: the SVG's pictures together get one picture's budget."""
    from PIL import Image

    from domino_print.pictures import decode

    monkeypatch.setattr(decode, "MAX_DECODED_PIXELS", 100_000)
    png = data_uri(encoded(Image.new("RGB", (200, 200), (255, 0, 0)), "PNG"))  # 40,000 pixels each
    two = f'<image href="{png}" width="50" height="50"/>' * 2
    assert load_svg(write_svg(tmp_path / "two.svg", two)).width == 75
    path = write_svg(tmp_path / "three.svg", two + f'<image href="{png}" x="50" width="50" height="50"/>')
    with pytest.raises(PictureError, match=r"three\.svg: the SVG's embedded pictures decode to more than"):
        load_svg(path)


def test_an_embedded_picture_without_a_size_keeps_its_own(tmp_path, monkeypatch):
    from PIL import Image

    from domino_print.pictures import svg

    monkeypatch.setattr(svg, "EMBEDDED_MAX_SIDE", 20)  # reduced for the PDF, not for the layout
    png = data_uri(encoded(Image.new("RGB", (60, 30), (255, 0, 0)), "PNG"))
    drawing = load_svg(write_svg(tmp_path / "own.svg", f'<image href="{png}" x="5" y="5"/>'))
    pending, found = [drawing], []
    while pending:
        node = pending.pop()
        pending.extend(getattr(node, "contents", []))
        if isinstance(getattr(node, "path", None), svg.EmbeddedPicture):
            found.append((node.width, node.height, node.path.image.size))
    assert found == [(60, 30, (20, 10))]


def test_a_file_is_converted_once_until_its_bytes_change(tmp_path):
    path = write_svg(tmp_path / "once.svg", SHAPE)
    first = load_svg(path)
    assert load_svg(path) is first  # checked with the theme, then drawn: one conversion
    write_svg(path, '<circle cx="50" cy="50" r="10"/>')
    assert load_svg(path) is not first
    with_picture = data_uri(encoded(Image.new("RGB", (8, 8), (255, 0, 0)), "PNG"))
    write_svg(path, f'<image href="{with_picture}" width="10" height="10"/>')
    assert load_svg(path) is not load_svg(path)  # pictures are not kept


def test_an_embedded_picture_keeps_its_transparency(tmp_path):
    from PIL import ImageDraw

    from tests.fixtures_images import close_to, face_boxes, page_pixels, sample

    disc = Image.new("RGBA", (100, 100), (0, 0, 0, 0))
    ImageDraw.Draw(disc).ellipse((10, 10, 90, 90), fill=(255, 0, 0, 255))
    body = '<rect width="100" height="100" fill="#00FF00"/>'
    body += f'<image href="{data_uri(encoded(disc, "PNG"))}" width="100" height="100"/>'
    folder = theme_of(tmp_path / "t", body)
    out = tmp_path / "t.pdf"
    assert run("--theme", folder, "--out", out, "--no-rules", "--max", "1").exit_code == 0
    layout, pages = face_boxes(3)
    page = page_pixels(out, dpi=100)
    x, y, s = pages[0][0][0]
    left, top, inner = x + s * 0.08, y + s * 0.92, s * 0.84
    assert close_to(sample(page, layout, left + inner * 0.5, top - inner * 0.5, dpi=100), (255, 0, 0), 30)
    assert close_to(sample(page, layout, left + inner * 0.04, top - inner * 0.04, dpi=100), (0, 255, 0), 30)


def test_too_much_text_is_one_line(tmp_path):
    path = write_svg(tmp_path / "words.svg", '<text x="1" y="50">' + "Abc def " * 20_000 + "</text>")
    with pytest.raises(PictureError, match=r"words\.svg: the SVG has 160,000 characters of text, over the"):
        load_svg(path)
