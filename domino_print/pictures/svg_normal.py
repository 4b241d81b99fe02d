"""Normalise a user's SVG before svglib reads it: what browsers draw and svglib does not know.

Files that design tools and browsers take as they are, and svglib refuses or
misdraws, are rewritten in the parsed tree (never on disk) into the plain
forms svglib reads:

* ``style`` attributes are read as CSS does (``tinycss2``): comments and
  ``!important`` left out, a value holding ``:`` or ``;`` (a quoted font
  name, a ``url(data:...)``) moved to its own attribute, vendor properties
  (``-inkscape-font-specification``) dropped. svglib splits a style on ``;``
  and ``:`` and gives up on anything else.
* ``font-size`` keywords and relative sizes (``xx-large``, ``larger``,
  ``1.5em``, ``120%``) become pixels computed from the parent's size, as CSS
  Fonts Level 4 §2.5 says (the absolute keywords scale ``medium``, 16 px, by
  3/5, 3/4, 8/9, 1, 6/5, 3/2, 2 and 3; ``larger`` and ``smaller`` by 1.2,
  the ratio CSS 2.1 §15.7 suggests). svglib knows none of the keywords, and
  takes ``em`` from 16 px whatever the parent.
* ``currentColor`` in ``fill``, ``stroke``, ``stop-color``, ``flood-color``
  and ``lighting-color`` becomes the element's ``color`` (inherited, black
  by default), as SVG 1.1 §12.2 says. svglib resolves it for fills and
  strokes only, and fails on a gradient stop.

What a ``<style>`` sheet sets is read by svglib's CSS matcher, after this:
the renderer's attribute converter (``svg._svg_renderer``) splits styles with
``style_declarations``, sizes keywords with ``tolerant_length`` and draws a
``currentColor`` left there in black.
"""

from __future__ import annotations

import contextlib
import re

FONT_SIZE_SCALE = {"xx-small": 3 / 5, "x-small": 3 / 4, "small": 8 / 9, "medium": 1.0, "large": 6 / 5,
                   "x-large": 3 / 2, "xx-large": 2.0, "xxx-large": 3.0}
"""CSS Fonts Level 4, §2.5 (absolute-size): each keyword's size as a multiple of ``medium``."""
MEDIUM_PX = 16.0
"""The size of ``medium``, and of text without a size, in CSS pixels (every browser's default)."""
RELATIVE_STEP = 1.2
"""``larger`` and ``smaller``: the parent's size times or divided by this (CSS 2.1, §15.7)."""
COLOUR_PROPERTIES = ("fill", "stroke", "stop-color", "flood-color", "lighting-color")
"""Properties whose value may be ``currentColor`` (SVG 1.1, §12.2)."""
DEFAULT_COLOUR = "black"

_LENGTH = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-zA-Z%]*)\s*$")
_ABSOLUTE_PX = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54,
                "mm": 96 / 25.4, "q": 96 / 101.6}


def style_declarations(style: str) -> list[tuple[str, str]]:
    """The declarations of a ``style`` attribute as (name, value), in order, as CSS reads them:
    comments and ``!important`` left out, names in lower case, empty or broken ones dropped."""
    import tinycss2  # deferred: svglib's own CSS tokenizer, loaded for SVG only

    found = []
    for item in tinycss2.parse_declaration_list(style, skip_comments=True, skip_whitespace=True):
        if item.type != "declaration":
            continue
        value = tinycss2.serialize(item.value).strip()
        if value:
            found.append((item.lower_name, value))
    return found


def font_size_px(value: str, parent_px: float) -> float | None:
    """A ``font-size`` value in pixels, relative sizes from ``parent_px``; None if not one."""
    text = value.strip().lower()
    if text in FONT_SIZE_SCALE:
        return MEDIUM_PX * FONT_SIZE_SCALE[text]
    if text == "larger":
        return parent_px * RELATIVE_STEP
    if text == "smaller":
        return parent_px / RELATIVE_STEP
    if text in ("inherit", "unset"):
        return parent_px
    if text == "initial":
        return MEDIUM_PX
    match = _LENGTH.match(text)
    if match is None:
        return None
    number, unit = float(match.group(1)), match.group(2)
    if unit == "%":
        return parent_px * number / 100
    if unit == "em":
        return parent_px * number
    if unit == "ex":
        return parent_px * number / 2
    if unit == "rem":
        return MEDIUM_PX * number
    if unit in _ABSOLUTE_PX:
        return number * _ABSOLUTE_PX[unit]
    return None


def _is_current(value: str) -> bool:
    return value.strip().lower() == "currentcolor"


def _declared(element, style: dict[str, str], name: str) -> str | None:
    """A property set on ``element`` itself: its style wins over its attribute (CSS cascade)."""
    if name in style:
        return style[name]
    return element.get(name)


def normalise(root) -> None:
    """Rewrite the tree under ``root`` (an lxml element) in the forms svglib reads; see above."""
    pending = [(root, MEDIUM_PX, DEFAULT_COLOUR)]
    while pending:
        element, parent_px, parent_colour = pending.pop()
        if not isinstance(element.tag, str):
            continue
        style = _normalised_style(element)
        own_px = parent_px
        size = _declared(element, style, "font-size")
        if size is not None:
            px = font_size_px(size, parent_px)
            if px is not None:
                own_px = px
                _set(element, style, "font-size", f"{px:g}px")
        colour = _declared(element, style, "color")
        own_colour = parent_colour if colour is None or _is_current(colour) or colour == "inherit" else colour
        for name in COLOUR_PROPERTIES:
            value = _declared(element, style, name)
            if value is not None and _is_current(value):
                _set(element, style, name, own_colour)
        if style:
            element.set("style", "; ".join(f"{name}: {value}" for name, value in style.items()))
        elif "style" in element.attrib:
            del element.attrib["style"]
        pending.extend((child, own_px, own_colour) for child in element)


def _set(element, style: dict[str, str], name: str, value: str) -> None:
    """Give property ``name`` the value ``value`` where the element declared it."""
    if name in style:
        style[name] = value
    else:
        element.set(name, value)


def _normalised_style(element) -> dict[str, str]:
    """The element's style declarations svglib can split (see the module doc); the others moved
    to attributes or dropped."""
    text = element.get("style")
    if not text:
        return {}
    kept: dict[str, str] = {}
    for name, value in style_declarations(text):
        if name.startswith("-"):
            continue
        if ":" in value or ";" in value:
            with contextlib.suppress(ValueError):  # not an XML name: a property no SVG reader knows
                element.set(name, value)
            continue
        kept[name] = value
    return kept


def tolerant_length(value: str) -> float | None:
    """A ``font-size`` keyword svglib would refuse, in pixels from ``medium`` (a sheet's rule,
    where the parent is not known); None for anything svglib reads itself."""
    text = value.strip().lower()
    if text in FONT_SIZE_SCALE or text in ("larger", "smaller", "inherit", "initial", "unset"):
        return font_size_px(text, MEDIUM_PX)
    return None
