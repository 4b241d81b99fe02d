"""The Mexican Train's hub and markers page, as plain geometry in millimetres (no drawing).

``hub_layout`` places, on a portrait page, a round hub with a square for the engine double in
its centre and one slot per player plus one for the Mexican train, evenly spread like the spokes
of a star; below it, one marker to cut out per player and one for the Mexican train.
"""

from __future__ import annotations

import math
from typing import NamedTuple

HUB_RADIUS_MM = 52.0
ENGINE_MM = 22.0
"""The centre square, where the engine double lies."""
SLOT_MM = (13.0, 24.0)
"""A slot's width (across) and length (along its spoke)."""
SLOT_START_MM = 20.0
"""How far from the centre a slot begins."""
MARKER_MM = (30.0, 36.0)
MARKER_GAP_MM = 6.0


class Slot(NamedTuple):
    """One slot: its centre, the direction of its spoke (degrees, 0 = right, anticlockwise), its label."""

    x_mm: float
    y_mm: float
    angle: float
    label: str  # "1".. for the players, "M" for the Mexican train
    mexican: bool = False
    """The Mexican train's slot (everyone's train), drawn apart from the players' slots."""


class Marker(NamedTuple):
    """One marker to cut: its lower-left corner and size, and whose it is."""

    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float
    label: str
    number: int  # the player's number (the set mark drawn on it); 0 for the Mexican train


class HubLayout(NamedTuple):
    centre: tuple[float, float]
    radius_mm: float
    engine_mm: float
    slots: tuple[Slot, ...]
    markers: tuple[Marker, ...]
    scale: float
    """The slots' and markers' sizes are ``SLOT_MM`` and ``MARKER_MM`` times this."""
    text_top_mm: float
    """Where the page's title and intro start (their top), above the hub."""


def hub_layout(players: int, *, page_width_mm: float, page_height_mm: float, margin_mm: float,
               text_mm: float = 34.0) -> HubLayout:
    """The hub for ``players`` players (and the Mexican train) and their markers on the page,
    shrunk as a whole when the page is too small for it at full size."""
    labels = [str(n) for n in range(1, players + 1)] + ["M"]
    room_w = page_width_mm - 2 * margin_mm
    room_h = page_height_mm - 2 * margin_mm - text_mm
    scale = 1.0
    for _ in range(40):
        width, height, gap = MARKER_MM[0] * scale, MARKER_MM[1] * scale, MARKER_GAP_MM * scale
        per_row = max(1, int((room_w + gap) // (width + gap)))
        rows = -(-len(labels) // per_row)
        needed = 2 * HUB_RADIUS_MM * scale + 16.0 * scale + rows * (height + gap)
        if needed <= room_h and 2 * HUB_RADIUS_MM * scale <= room_w:
            break
        scale *= 0.95
    radius = HUB_RADIUS_MM * scale
    cx = page_width_mm / 2
    cy = page_height_mm - margin_mm - text_mm - radius
    along = (SLOT_START_MM + SLOT_MM[1] / 2) * scale
    slots = []
    for k, label in enumerate(labels):
        angle = 90.0 - 360.0 * k / len(labels)
        slots.append(Slot(cx + along * math.cos(math.radians(angle)),
                          cy + along * math.sin(math.radians(angle)),
                          angle, label, mexican=label == "M"))
    top = cy - radius - 16.0 * scale
    markers = []
    for k, label in enumerate(labels):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(labels) - row * per_row)
        row_width = in_row * width + (in_row - 1) * gap
        x = (page_width_mm - row_width) / 2 + col * (width + gap)
        y = top - (row + 1) * height - row * gap
        markers.append(Marker(x, y, width, height, label, 0 if label == "M" else k + 1))
    return HubLayout((cx, cy), radius, ENGINE_MM * scale, tuple(slots), tuple(markers), scale,
                     page_height_mm - margin_mm)
