"""What the site keeps of each set it made: the files' places, the previews' sizes, the card's facts."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

SETS_DIR = "sets"
PREVIEW_DPI = 60
"""A4 at 60 dpi is 496 x 702 pixels: sharp on a card, readable when opened alone."""
WEBP_QUALITY = 82
WEBP_METHOD = 4
"""libwebp's effort, 0-6: 6 makes files a few per cent smaller and takes three times longer."""
STATIC = Path(__file__).resolve().parent / "static"
STUDIO_CSS = Path(__file__).resolve().parent.parent / "studio" / "static" / "studio.css"
STYLE_SHEETS = (("studio.css", STUDIO_CSS), ("site.css", STATIC / "site.css"))
"""The studio's style sheet as it is (the same look), then the site's own rules."""


class Picture(NamedTuple):
    png: str
    webp: str | None
    width: int
    height: int


class Made(NamedTuple):
    """What a set's card needs, as kept in the marker."""

    key: str
    pdf: str
    facts: dict[str, object]
    """The set's ``api.DocumentFacts`` as JSON: what its summary line is made of."""
    sheet: Picture
    rules: Picture | None
    files: dict[str, str]
    """Path in the site -> SHA-256, for every file of this set."""
