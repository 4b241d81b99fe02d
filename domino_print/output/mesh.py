"""Tile solids: each 3D-printed tile one closed, consistently wound mesh, built with manifold3d.

The body is the hull of four upright cylinders and four spheres (rounded edges all round the
face, a flat back for the bed); the face's pips, ridge, glyphs, artwork and braille dots are
united with it (or, engraved, cut out of it); a set mark sits on the back as a shape left flush
with the back in a shallow pocket, so that the tile still lies flat on the bed. Every
dimension comes from ``geometry.touch``; manifold3d guarantees the result is a manifold (closed,
oriented), which the tests check again with trimesh.

``TileMesh`` is plain data (vertices in mm, triangles as vertex indices, a colour index per
triangle) for the file writers (``output.mesh_3mf``).
"""

from __future__ import annotations

from typing import NamedTuple

import manifold3d
import numpy as np

from domino_print.geometry.touch import (
    BRAILLE_DOT_DIAMETER_MM,
    BRAILLE_DOT_HEIGHT_MM,
    MARK_RADIUS_MM,
    PIP_SHRINK_AT_TOP,
    HalfRelief,
    Pip,
    TileBody,
    mark_contour,
    ridge_box,
)

EMBED_MM = 0.2
"""Raised parts start this far inside the body, so that the union leaves no seam."""
CORNER_SEGMENTS = 32
PIP_SEGMENTS = 32
DOT_SEGMENTS = 16
SIMPLIFY_MM = 0.02
"""Outline points closer than this to the line through their neighbours are dropped."""
MARK_POCKET_MM = 0.8
"""How deep the pocket round a set mark is cut into the back."""


class TileMesh(NamedTuple):
    """One tile's closed mesh, in mm, its back at z = 0 and its corner at the origin."""

    vertices: np.ndarray
    """(n, 3) float64."""
    triangles: np.ndarray
    """(m, 3) int, counter-clockwise seen from outside."""
    colours: np.ndarray
    """(m,) int: 0 for the tile's body, k for the k-th colour of ``TileSpec.colours``."""


class TileSpec(NamedTuple):
    """What one tile is made of: the body, its two halves and the mark on its back."""

    body: TileBody
    halves: tuple[HalfRelief, HalfRelief]
    mark: str | None = None
    """A set mark's shape (``geometry.touch.MARK_SHAPES``), or None for none."""
    pip_colours: tuple[int, int] = (0, 0)
    """The colour index of each half's pips (0: the body's own)."""


def _body(body: TileBody) -> manifold3d.Manifold:
    r = body.corner_mm
    top = body.thickness_mm - r
    parts = []
    for x in (r, body.length_mm - r):
        for y in (r, body.width_mm - r):
            post = manifold3d.Manifold.cylinder(top, r, circular_segments=CORNER_SEGMENTS)
            parts.append(post.translate((x, y, 0)))
            parts.append(manifold3d.Manifold.sphere(r, CORNER_SEGMENTS).translate((x, y, top)))
    return manifold3d.Manifold.batch_hull(parts)


def _pip(pip: Pip, body: TileBody) -> manifold3d.Manifold:
    """A raised pip (a low truncated cone), or the hollow an engraved one leaves."""
    height = body.relief_mm + EMBED_MM
    if body.engraved:
        cone = manifold3d.Manifold.cylinder(height, pip.radius_mm * PIP_SHRINK_AT_TOP, pip.radius_mm,
                                            circular_segments=PIP_SEGMENTS)
        return cone.translate((pip.x_mm, pip.y_mm, body.thickness_mm - body.relief_mm))
    cone = manifold3d.Manifold.cylinder(height, pip.radius_mm, pip.radius_mm * PIP_SHRINK_AT_TOP,
                                        circular_segments=PIP_SEGMENTS)
    return cone.translate((pip.x_mm, pip.y_mm, body.thickness_mm - EMBED_MM))


def _dot(dot: Pip, body: TileBody) -> manifold3d.Manifold:
    """A braille dot: a spherical cap ``BRAILLE_DOT_DIAMETER_MM`` across, ``BRAILLE_DOT_HEIGHT_MM`` high."""
    base = BRAILLE_DOT_DIAMETER_MM / 2
    height = BRAILLE_DOT_HEIGHT_MM
    radius = (base * base + height * height) / (2 * height)
    sphere = manifold3d.Manifold.sphere(radius, DOT_SEGMENTS)
    return sphere.translate((dot.x_mm, dot.y_mm, body.thickness_mm + height - radius))


def _prism(contours, body: TileBody) -> manifold3d.Manifold:
    """Outlines (filled even-odd) raised from the face, or sunk into it when engraved."""
    section = manifold3d.CrossSection([np.asarray(c, dtype=np.float64) for c in contours],
                                      manifold3d.FillRule.EvenOdd).simplify(SIMPLIFY_MM)
    solid = section.extrude(body.relief_mm + EMBED_MM)
    z = body.thickness_mm - (body.relief_mm if body.engraved else EMBED_MM)
    return solid.translate((0, 0, z))


def _ridge(body: TileBody) -> manifold3d.Manifold:
    x0, y0, x1, y1 = ridge_box(body)
    radius = (x1 - x0) / 2
    x = (x0 + x1) / 2
    height = body.relief_mm + EMBED_MM
    z = body.thickness_mm - (body.relief_mm if body.engraved else EMBED_MM)
    ends = [manifold3d.Manifold.cylinder(height, radius, circular_segments=16).translate((x, y, z))
            for y in (y0 + radius, y1 - radius)]
    return manifold3d.Manifold.batch_hull(ends)


def _mark(shape: str, body: TileBody) -> manifold3d.Manifold:
    """What is cut from the back: a disc-shaped pocket less the mark's shape, left standing."""
    centre = (body.half_mm, body.width_mm / 2)
    pocket = manifold3d.CrossSection([np.asarray(mark_contour("disc", centre, MARK_RADIUS_MM + 1.2))])
    shape_section = manifold3d.CrossSection([np.asarray(mark_contour(shape, centre, MARK_RADIUS_MM))])
    return (pocket - shape_section).extrude(MARK_POCKET_MM + EMBED_MM).translate((0, 0, -EMBED_MM))


def tile_mesh(spec: TileSpec) -> TileMesh:
    """The tile's mesh as plain arrays, with a colour per triangle (see ``TileSpec.pip_colours``)."""
    body = spec.body
    solid = _body(body)
    relief: list[manifold3d.Manifold] = [_ridge(body)]
    coloured: dict[int, list[manifold3d.Manifold]] = {}
    for half, colour in zip(spec.halves, spec.pip_colours, strict=True):
        pips = [_pip(pip, body) for pip in half.pips]
        if colour and not body.engraved:
            coloured.setdefault(colour, []).extend(pips)
        else:
            relief.extend(pips)
        if half.shapes:
            relief.append(_prism(half.shapes, body))
    if body.engraved:
        solid = solid - manifold3d.Manifold.batch_boolean(relief, manifold3d.OpType.Add)
        relief = []
    dots = [_dot(dot, body) for half in spec.halves for dot in half.braille]
    solid = manifold3d.Manifold.batch_boolean([solid, *relief, *dots], manifold3d.OpType.Add)
    if spec.mark is not None:
        solid = solid - _mark(spec.mark, body)
    original_colour: dict[int, int] = {}
    for colour, parts in sorted(coloured.items()):
        if not parts:
            continue
        tagged = manifold3d.Manifold.batch_boolean(parts, manifold3d.OpType.Add).as_original()
        original_colour[tagged.original_id()] = colour
        solid = solid + tagged
    mesh = solid.to_mesh()
    vertices = np.asarray(mesh.vert_properties, dtype=np.float64)[:, :3]
    triangles = np.asarray(mesh.tri_verts, dtype=np.int64)
    colours = np.zeros(len(triangles), dtype=np.int64)
    if original_colour:
        starts = np.asarray(mesh.run_index, dtype=np.int64)
        for run, original in enumerate(np.asarray(mesh.run_original_id)):
            colour = original_colour.get(int(original), 0)
            if colour:
                colours[starts[run] // 3:starts[run + 1] // 3] = colour
    return TileMesh(vertices, triangles, colours)
