"""Reading 3D tiles back for the tests: load a 3MF or STL with trimesh, count what stands on a face.

Written apart from the code under test: the counts come from the mesh's own triangles (the
flat tops of raised pips, the flat floors of engraved ones), grouped by shared edges.
"""

from __future__ import annotations

import io

import numpy as np
import trimesh


def load_3mf(data: bytes) -> dict[str, trimesh.Trimesh]:
    """Every object of a 3MF by name, each in its own coordinates (not moved to its plate place)."""
    scene = trimesh.load(io.BytesIO(data), file_type="3mf", process=False)
    return {name: geometry for name, geometry in scene.geometry.items()}


def flat_patches(mesh: trimesh.Trimesh, z: float, *, up: bool = True,
                 tolerance: float = 1e-3) -> list[np.ndarray]:
    """The connected patches of triangles lying flat at height ``z`` and facing up (or down): the
    (x, y) centre of each patch's triangles, one array per patch."""
    corners = mesh.vertices[mesh.faces]
    flat = np.all(np.abs(corners[:, :, 2] - z) < tolerance, axis=1)
    facing = mesh.face_normals[:, 2] > 0.99 if up else mesh.face_normals[:, 2] < -0.99
    chosen = np.nonzero(flat & facing)[0]
    if len(chosen) == 0:
        return []
    keep = set(chosen.tolist())
    pairs = [pair for pair in mesh.face_adjacency.tolist() if pair[0] in keep and pair[1] in keep]
    groups = trimesh.graph.connected_components(pairs, nodes=chosen, min_len=1)
    return [mesh.triangles_center[np.asarray(group)][:, :2] for group in groups]


def raised_per_half(mesh: trimesh.Trimesh, length_mm: float, top_mm: float) -> tuple[int, int, int]:
    """Flat tops at ``top_mm``: (on half a, on half b, across the middle: the ridge)."""
    counts = [0, 0, 0]
    for patch in flat_patches(mesh, top_mm):
        low, high = patch[:, 0].min(), patch[:, 0].max()
        if low < length_mm / 2 < high:
            counts[2] += 1
        else:
            counts[0 if high < length_mm / 2 else 1] += 1
    return counts[0], counts[1], counts[2]
