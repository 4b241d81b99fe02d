"""Built-in vector art, precompiled: the PDF drawing operators of each bundled SVG.

Converting an SVG with svglib means importing it (lxml, CSS tools: ~50 ms) and
walking every element (~5 ms per fruit), on every run. For the artwork we ship,
that work always gives the same result, so ``python -m domino_print.pictures.art``
(``make art``) does it once: it converts each ``assets/**/*.svg`` with svglib
and ReportLab's ``renderPDF``, exactly as a user's SVG is converted at run time,
and writes the resulting operators beside it as ``NAME.svg.pdfops``.

At run time ``load_compiled(svg)`` returns those operators only when the file's
header names the SHA-256 of the SVG as it is now, so an edited drawing is never
shown stale: without a matching file the SVG is converted as usual. The
operators draw paths and colours only (no fonts, images or other resources),
so they can be written into a face's form with ``Canvas.addLiteral``. A test
checks that every shipped file is up to date.

Each drawing is also compiled in the ink modes' styles (``restyle``): ``NAME.svg.light.pdfops``
(pale, for ``--ink eco``) and ``NAME.svg.line.pdfops`` (line art drawn in grey operators,
for ``--ink noir``); ``art_path`` names them.
"""

from __future__ import annotations

import io
import re
import sys
import threading
from pathlib import Path
from typing import NamedTuple

from domino_print.pictures.restyle import ART_STYLES, restyle
from domino_print.pictures.svg import load_svg

SUFFIX = ".pdfops"
_HEADER = re.compile(r"^% domino-print art sha256=([0-9a-f]{64}) width=([\d.]+) height=([\d.]+)\n")
_TEXT_STATE_NOOP = "BT /F1 10 Tf 12 TL ET\n"
"""ReportLab's canvas sets up a text state on each page; art without text does not need it."""


class CompiledArt(NamedTuple):
    """PDF operators drawing a picture in a ``width`` x ``height`` point box."""

    operators: str
    width: float
    height: float


def _digest(svg: Path) -> str:
    import hashlib  # deferred: loads OpenSSL (about 3 ms); sheets without built-in art never need it

    return hashlib.sha256(svg.read_bytes()).hexdigest()


_RGB_GREY = re.compile(r"^(\S+) \1 \1 (rg|RG)$", re.MULTILINE)


def neutral_as_grey(operators: str) -> str:
    """Neutral colours (``x x x rg``: black, greys, white) set with DeviceGray ``g``/``G``, as every
    page of ours writes them (``pdf.canvas.PrintCanvas``); colours stay as they are."""
    return _RGB_GREY.sub(lambda m: f"{m.group(1)} {'g' if m.group(2) == 'rg' else 'G'}", operators)


def as_grey_operators(operators: str) -> str:
    """Line art's colours (all greys) set with DeviceGray ``g``/``G`` instead of ``rg``/``RG``,
    as ``--ink noir`` needs; ``ValueError`` if a colour is not a grey."""
    grey = neutral_as_grey(operators)
    if re.search(r"\b(rg|RG|k|K|sc|scn|SC|SCN)$", grey, re.MULTILINE):
        raise ValueError("line art sets a colour that is not a grey")
    return grey


def art_path(svg: Path, style: str = "colour") -> Path:
    """Where the operators of ``svg`` drawn in ``style`` (``restyle.ART_STYLES``) are kept."""
    middle = "" if style == "colour" else f".{style}"
    return svg.with_name(svg.name + middle + SUFFIX)


def compile_svg(svg: Path, style: str = "colour") -> str:
    """The ``.pdfops`` text for an SVG drawn in ``style``: a header with its digest and size,
    then operators (neutral colours in grey operators; line art's in grey operators only)."""
    from reportlab.graphics import renderPDF  # deferred: ReportLab graphics, for compiling only
    from reportlab.pdfgen.canvas import Canvas

    drawing = restyle(load_svg(svg), style)
    canvas = Canvas(io.BytesIO(), invariant=1)
    preamble = canvas.getCurrentPageContent()
    renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)
    content = canvas.getCurrentPageContent()
    if not content.startswith(preamble):
        raise ValueError(f"{svg}: unexpected canvas preamble")
    operators = content[len(preamble) :].replace(_TEXT_STATE_NOOP, "")
    if "/" in operators:
        raise ValueError(f"{svg}: the drawing uses PDF resources (fonts, images, transparency)")
    operators = as_grey_operators(operators) if style == "line" else neutral_as_grey(operators)
    return f"% domino-print art sha256={_digest(svg)} width={drawing.width:g} height={drawing.height:g}\n" + (
        operators
    )


def load_compiled(svg: Path, style: str = "colour") -> CompiledArt | None:
    """The precompiled operators of ``svg`` in ``style`` when they match it as it is now, else None.

    Found once while neither file changes (``kept.file_status``): a theme's art is not read and
    hashed again at each render of a process (the studio's)."""
    from domino_print.pictures.kept import file_status

    compiled = art_path(svg, style)
    known = (file_status(svg), file_status(compiled), style)
    if known[0] is None or known[1] is None:
        return None
    with _found_lock:
        if known in _found:
            return _found[known]
    art = _load_compiled(svg, compiled)
    with _found_lock:
        if len(_found) >= _FOUND_KEPT:
            _found.clear()
        _found[known] = art
    return art


_FOUND_KEPT = 1024
_found: dict[tuple, CompiledArt | None] = {}
_found_lock = threading.Lock()


def _load_compiled(svg: Path, compiled: Path) -> CompiledArt | None:
    try:
        text = compiled.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return None
    header = _HEADER.match(text)
    if header is None or header.group(1) != _digest(svg):
        return None
    return CompiledArt(text[header.end() :], float(header.group(2)), float(header.group(3)))


def main(root: Path) -> int:
    """Rewrite every ``.pdfops`` file under ``root`` (``assets`` of a checkout); print what changed."""
    for svg in sorted(root.rglob("*.svg")):
        for style in ART_STYLES:
            target = art_path(svg, style)
            text = compile_svg(svg, style)
            if not target.exists() or target.read_text(encoding="ascii") != text:
                target.write_text(text, encoding="ascii")
                print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("assets")))
