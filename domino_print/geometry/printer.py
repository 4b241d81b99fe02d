"""A printer's profile: how much it stretches or shrinks a page (``--scale``), in percent.

Measured on the calibration sheet's rulers (``geometry.calibration``): a 150 mm ruler that
prints 150.9 mm long is a scale of 100.6 %. The pages are then drawn at 100 / scale of their
size, about their centre, so that the printer's stretch brings every length back to its value.
"""

from __future__ import annotations

import re
from functools import cache

from domino_print.errors import OptionError

NO_SCALE = (100.0, 100.0)
SCALE_LIMITS = (95.0, 105.0)
"""``--scale``: a printer that stretches or shrinks a page by more than this is set to fit the
page, not off by a few tenths: print at 100 % instead."""


@cache
def _scale() -> re.Pattern[str]:
    return re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%?\s*,\s*(\d+(?:\.\d+)?)\s*%?\s*$", re.ASCII)


def parse_scale(text: str) -> tuple[float, float]:
    """``100.6,99.8`` -> (100.6, 99.8) percent, each within ``SCALE_LIMITS``; an ``OptionError``
    about ``scale`` otherwise. Decimal commas (``100,6;99,8``) were read as points by the option
    table (``options.values.decimal_points``), for every surface."""
    match = _scale().match(text)
    if not match:
        raise OptionError(says="scale.not_a_pair", fields=("scale",), text=repr(text))
    x, y = (float(value) for value in match.groups())
    low, high = SCALE_LIMITS
    if not (low <= x <= high and low <= y <= high):
        raise OptionError(says="scale.too_far", fields=("scale",), text=text.strip(), low=low, high=high)
    return (x, y)


def correction(scale: tuple[float, float]) -> tuple[float, float]:
    """The factors the drawing is multiplied by (X, Y) to cancel a printer's ``scale``."""
    return (100.0 / scale[0], 100.0 / scale[1])
