"""A picture of a plate of 3D tiles, as a slicer would show it: for the README, the docs and the studio.

The tiles' triangles are turned to a view from the front and above (``TILT_DEGREES``), shaded
by how squarely they face a light from the upper left (flat shading, a little ambient light),
and painted with Pillow, the back row of tiles first and each tile's triangles from low to high
(on a tile seen from above, what stands higher hides what is lower): a projection, with no 3D
renderer nor GPU to install.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

import numpy as np

from domino_print.colour import hex_channels
from domino_print.output.mesh_3mf import PlacedMesh

TILT_DEGREES = 50.0
"""The view's angle down from the horizontal."""
LIGHT = np.array([-0.4, 0.5, 0.75])
AMBIENT = 0.35
BACKGROUND = (236, 239, 243)
RELIEF_TINT = 0.12
"""Flat tops above a tile's face are this much lighter, floors below it this much darker: a flat
top is lit as the face is, and the relief would not show."""


def _relief_side(points: np.ndarray, normals: np.ndarray, areas: np.ndarray) -> np.ndarray:
    """+1 for an upward flat triangle above the tile's face (the level with the most upward area),
    -1 below it, 0 for the rest."""
    heights = points[:, :, 2].mean(axis=1).round(3)
    up = normals[:, 2] > 0.99
    if not up.any():
        return np.zeros(len(points))
    levels, where = np.unique(heights[up], return_inverse=True)
    face = levels[np.argmax(np.bincount(where, weights=areas[up]))]
    return np.where(up, np.sign(heights - face), 0.0)


def plate_png(plate: Sequence[PlacedMesh], colours: Sequence[str], bed: tuple[float, float],
              width_px: int = 1200) -> bytes:
    """A PNG of ``plate`` on its bed (``bed`` in mm), ``width_px`` wide; ``colours`` as in the 3MF."""
    from PIL import Image, ImageDraw

    tilt = math.radians(TILT_DEGREES)
    turn = np.array([[1, 0, 0], [0, math.sin(tilt), math.cos(tilt)], [0, -math.cos(tilt), math.sin(tilt)]])
    bed_w, bed_d = bed
    corners = np.array([[0, 0, 0], [bed_w, 0, 0], [bed_w, bed_d, 0], [0, bed_d, 0]], dtype=float)
    triangles, shades, depths = [], [], []
    light = LIGHT / np.linalg.norm(LIGHT)
    palette = [np.array(hex_channels(colour), dtype=float) for colour in colours]
    for placed in plate:
        points = placed.mesh.vertices[placed.mesh.triangles] + np.array([placed.x_mm, placed.y_mm, 0.0])
        normals = np.cross(points[:, 1] - points[:, 0], points[:, 2] - points[:, 0])
        lengths = np.linalg.norm(normals, axis=1, keepdims=True)
        normals = np.divide(normals, lengths, out=np.zeros_like(normals), where=lengths > 0)
        viewed = points @ turn.T
        facing = (normals @ turn.T)[:, 2] > 0
        light_share = AMBIENT + (1 - AMBIENT) * np.clip(normals @ light, 0, 1)
        light_share *= 1 + RELIEF_TINT * _relief_side(points, normals, lengths[:, 0])
        base = np.array([palette[c] for c in placed.mesh.colours])
        triangles.append(viewed[facing])
        shades.append((base * light_share[:, None])[facing])
        heights = points[facing][:, :, 2].mean(axis=1)
        depths.append(np.stack([np.full(len(heights), -placed.y_mm), heights], axis=1))
    bed_view = corners @ turn.T
    every = np.concatenate(triangles) if triangles else np.zeros((0, 3, 3))
    all_points = np.concatenate([bed_view, every.reshape(-1, 3)])
    low, high = all_points[:, :2].min(axis=0), all_points[:, :2].max(axis=0)
    margin = 0.04 * (high[0] - low[0])
    scale = width_px / (high[0] - low[0] + 2 * margin)
    height_px = round((high[1] - low[1] + 2 * margin) * scale)

    def to_pixels(xy: np.ndarray) -> list[tuple[float, float]]:
        return [(float((x - low[0] + margin) * scale), float(height_px - (y - low[1] + margin) * scale))
                for x, y in xy]

    image = Image.new("RGB", (width_px, height_px), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.polygon(to_pixels(bed_view[:, :2]), fill=(205, 210, 218), outline=(160, 166, 176))
    if len(every):
        keys = np.concatenate(depths)
        order = np.lexsort((keys[:, 1], keys[:, 0]))  # the back row first; in a tile, low to high
        colour = np.concatenate(shades).clip(0, 255).astype(int)
        for index in order:
            fill = tuple(colour[index].tolist())
            draw.polygon(to_pixels(every[index][:, :2]), fill=fill, outline=fill)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
