"""Ink coverage read from pixels: how much of each channel a rendered page darkens.

A page is rendered with pypdfium2 (``COVERAGE_DPI``, enough for an average) and each
channel's darkness is averaged: 0 for a blank page, 1 for one solid black. The red,
green and blue darkness stand for the cyan, magenta and yellow inks a printer would lay
down; their mean is the page's coverage. ``colour_pixels`` counts the pixels whose
channels differ (0 on a page printed in black ink alone). The bench reports these for
every built-in theme and ink mode; the tests hold ``eco`` to half of ``couleur``.
"""

from __future__ import annotations

import io
from typing import NamedTuple

COVERAGE_DPI = 50


class Coverage(NamedTuple):
    """Mean darkness of each channel of one page, from 0 (blank) to 1 (solid)."""

    red: float
    green: float
    blue: float
    colour_pixels: int
    """Pixels whose red, green and blue are not all equal."""

    @property
    def mean(self) -> float:
        return (self.red + self.green + self.blue) / 3


def page_images(pdf: bytes, dpi: int = COVERAGE_DPI) -> list:
    """Every page of ``pdf`` as an RGB PIL image at ``dpi``."""
    import pypdfium2 as pdfium  # deferred: only measuring needs the PDF rasteriser

    document = pdfium.PdfDocument(io.BytesIO(pdf))
    try:
        return [page.render(scale=dpi / 72).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def coverage_of(image) -> Coverage:
    """The ``Coverage`` of one RGB PIL image."""
    from PIL import ImageChops, ImageStat  # deferred: Pillow, for measuring only

    means = ImageStat.Stat(image).mean
    red, green, blue = image.split()
    spread = ImageChops.lighter(ImageChops.difference(red, green), ImageChops.difference(green, blue))
    colour_pixels = image.width * image.height - spread.histogram()[0]
    red_mean, green_mean, blue_mean = (round(1 - m / 255, 4) for m in means[:3])
    return Coverage(red_mean, green_mean, blue_mean, colour_pixels)


def pdf_coverage(pdf: bytes, dpi: int = COVERAGE_DPI) -> list[Coverage]:
    """The ``Coverage`` of every page of ``pdf``."""
    return [coverage_of(image) for image in page_images(pdf, dpi)]
