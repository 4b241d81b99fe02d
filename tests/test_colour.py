"""Colour arithmetic has one owner (issue 16): ``domino_print.colour``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from domino_print.colour import hex_channels, hex_luma, luma
from domino_print.faces.pips import _is_black
from domino_print.ink import grey_level
from domino_print.pdf.marks import ink_on

PACKAGE = Path(__file__).resolve().parent.parent / "domino_print"


def test_luma_weighs_green_most_and_spans_the_channels_scale():
    assert luma(0, 0, 0) == 0 and luma(255, 255, 255) == pytest.approx(255)
    assert luma(0, 1, 0) > luma(1, 0, 0) > luma(0, 0, 1)
    assert hex_channels("#FFAA00") == (255, 170, 0) and hex_luma("#FFAA00") == pytest.approx(176.035)
    assert grey_level(1.0, 0.5, 0.0) == round(luma(1.0, 0.5, 0.0), 3) == 0.593


def test_the_painters_thresholds_read_the_one_luma():
    assert ink_on("#FFFF00") == "#111111" and ink_on("#0000FF") == "#FFFFFF"
    assert _is_black("#202020") and not _is_black("#808080")


def test_no_module_writes_the_luma_weights_again():
    weights = re.compile(r"0?\.299\s*\*")
    copies = [str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
              if weights.search(path.read_text(encoding="utf-8"))]
    assert copies == ["colour.py"]
