"""Colour arithmetic shared by the painters, the pictures and the ink modes: written once here.

``luma`` is the Rec. 601 lightness of a colour, in the channels' own scale (0-1 for
ReportLab colours, 0-255 for ``#RRGGBB``); each caller compares it with its own threshold.
"""

from __future__ import annotations


def luma(red: float, green: float, blue: float) -> float:
    """How light a colour looks (Rec. 601 weights), in the scale of its channels."""
    return 0.299 * red + 0.587 * green + 0.114 * blue


def hex_channels(colour: str) -> tuple[int, int, int]:
    """``#RRGGBB`` as its three channels, 0-255."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return red, green, blue


def hex_luma(colour: str) -> float:
    """``luma`` of a ``#RRGGBB`` colour, 0 (black) to 255 (white)."""
    return luma(*hex_channels(colour))
