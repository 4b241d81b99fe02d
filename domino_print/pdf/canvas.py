"""A print-ready ReportLab canvas and the form cache that draws each face, mark or pattern once.

``new_print_canvas`` sets what every PDF of ours shares: deterministic bytes (ReportLab
``invariant=1``), compressed binary streams, title, author and creator, and the viewer
preference that asks printers not to scale. ``FormCache`` defines a named form XObject the
first time it is asked for and hands back its name afterwards, so a face placed 28 times is
drawn once.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from domino_print import __version__, fonts

rl_config.useA85 = 0  # binary streams: smaller and faster than ASCII85

DUPLEX_PREFERENCE = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
"""The PDF viewer preference for each ``--duplex`` flip edge."""


def new_print_canvas(
    buffer, page_size_pt: tuple[float, float], *, lang: str, title: str, subject: str = ""
) -> Canvas:
    """A canvas for a print-ready PDF: deterministic bytes, metadata, and no scaling when printed."""
    canvas = Canvas(buffer, pagesize=page_size_pt, invariant=1, pageCompression=1, lang=lang,
                    initialFontName=fonts.REGULAR)  # else an unembedded Helvetica is listed
    canvas.setTitle(title)
    if subject:
        canvas.setSubject(subject)
    canvas.setCreator(f"domino-print {__version__}")
    canvas.setAuthor("domino-print")
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


def finish_page(canvas: Canvas) -> None:
    """End the current page, its trim box the whole page (nothing to trim: we print no bleed)."""
    width, height = canvas._pagesize
    canvas.setTrimBox((0, 0, width, height))
    canvas.showPage()


class FormCache:
    """Named forms on one canvas, each drawn the first time it is asked for."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._names: set[str] = set()

    def define(self, name: str, draw: Callable[[], None], bbox: tuple[float, ...] = ()) -> str:
        """The form ``name``, drawn by ``draw`` if it is new (``bbox`` in points, the whole page
        by default); the form's box clips what ``draw`` paints."""
        if name not in self._names:
            self.canvas.beginForm(name, *bbox)
            draw()
            self.canvas.endForm()
            self._names.add(name)
        return name
