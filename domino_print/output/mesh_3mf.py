"""3D files of a plate of tiles: a 3MF (one named object per tile, its colours) or a binary STL.

Both are written byte for byte the same for the same meshes: the 3MF's zip members in a fixed
order with a fixed date (1980-01-01, the zip format's first), numbers printed to 0.1 µm, no
UUIDs; the STL's header a fixed text. 3MF is the 3D Manufacturing Format's core specification
(3MF Consortium, core 1.3): a zip (OPC package) holding ``[Content_Types].xml``,
``_rels/.rels`` and ``3D/3dmodel.model``, units in millimetres, triangles counter-clockwise seen
from outside; colours as ``basematerials`` (one ``base`` per colour, the body's first).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from typing import NamedTuple
from xml.sax.saxutils import quoteattr

import numpy as np

from domino_print.output.mesh import TileMesh

CORE_NS = "http://schemas.microsoft.com/3dmanufacturing/core/2015/02"
MODEL_TYPE = "application/vnd.ms-package.3dmanufacturing-3dmodel+xml"
RELS_TYPE = "application/vnd.openxmlformats-package.relationships+xml"
MODEL_REL = "http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    f'<Default Extension="rels" ContentType="{RELS_TYPE}"/>'
    f'<Default Extension="model" ContentType="{MODEL_TYPE}"/>'
    "</Types>\n")
RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    f'<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="{MODEL_REL}"/>'
    "</Relationships>\n")


class PlacedMesh(NamedTuple):
    """A tile's mesh, its name (``4-2``) and where it stands on the plate (mm)."""

    name: str
    mesh: TileMesh
    x_mm: float
    y_mm: float


def _numbers(values: np.ndarray) -> list[str]:
    """Coordinates printed to 0.1 µm, trailing zeros cut (``12.5``, ``0``): short and exact enough."""
    return [f"{value:.4f}".rstrip("0").rstrip(".") or "0" for value in values.ravel().tolist()]


def _object_xml(object_id: int, placed: PlacedMesh) -> str:
    mesh = placed.mesh
    coords = _numbers(mesh.vertices)
    vertices = "".join(f'<vertex x="{coords[i]}" y="{coords[i + 1]}" z="{coords[i + 2]}"/>'
                       for i in range(0, len(coords), 3))
    triangles = []
    for (v1, v2, v3), colour in zip(mesh.triangles.tolist(), mesh.colours.tolist(), strict=True):
        extra = f' p1="{colour}"' if colour else ""
        triangles.append(f'<triangle v1="{v1}" v2="{v2}" v3="{v3}"{extra}/>')
    return (f'<object id="{object_id}" type="model" name={quoteattr(placed.name)} pid="1" pindex="0">'
            f"<mesh><vertices>{vertices}</vertices><triangles>{''.join(triangles)}</triangles></mesh>"
            "</object>\n")


def model_xml(plate: Sequence[PlacedMesh], colours: Sequence[str], title: str) -> str:
    """The ``3D/3dmodel.model`` of one plate: ``colours`` (``#RRGGBB``) the body's, then the pips'."""
    bases = "".join(f'<base name="colour {index}" displaycolor="{colour.upper()}"/>'
                    for index, colour in enumerate(colours))
    objects = "".join(_object_xml(index + 2, placed) for index, placed in enumerate(plate))
    items = "".join(
        f'<item objectid="{index + 2}" transform="1 0 0 0 1 0 0 0 1 {_numbers(np.array([placed.x_mm]))[0]} '
        f'{_numbers(np.array([placed.y_mm]))[0]} 0"/>'
        for index, placed in enumerate(plate))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<model unit="millimeter" xml:lang="en-US" xmlns="{CORE_NS}">\n'
        f'<metadata name="Title">{_escape(title)}</metadata>\n'
        '<metadata name="Application">domino-print</metadata>\n'
        f'<resources>\n<basematerials id="1">{bases}</basematerials>\n{objects}</resources>\n'
        f"<build>{items}</build>\n</model>\n")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def three_mf(plate: Sequence[PlacedMesh], colours: Sequence[str], title: str) -> bytes:
    """A 3MF package of one plate, the same bytes for the same plate."""
    members = (
        ("[Content_Types].xml", CONTENT_TYPES),
        ("_rels/.rels", RELS),
        ("3D/3dmodel.model", model_xml(plate, colours, title)),
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        for name, text in members:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            package.writestr(info, text.encode("utf-8"), compresslevel=6)
    return buffer.getvalue()


STL_HEADER = b"domino-print binary STL, millimetres".ljust(80, b" ")


def stl(plate: Sequence[PlacedMesh]) -> bytes:
    """A binary STL of one plate: every tile's triangles, moved to its place, in one mesh."""
    record = np.dtype([("normal", "<f4", 3), ("corners", "<f4", (3, 3)), ("attribute", "<u2")])
    parts = []
    for placed in plate:
        corners = placed.mesh.vertices[placed.mesh.triangles] + np.array([placed.x_mm, placed.y_mm, 0.0])
        normals = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
        lengths = np.linalg.norm(normals, axis=1, keepdims=True)
        normals = np.divide(normals, lengths, out=np.zeros_like(normals), where=lengths > 0)
        data = np.zeros(len(corners), dtype=record)
        data["normal"] = normals
        data["corners"] = corners
        parts.append(data)
    triangles = np.concatenate(parts) if parts else np.zeros(0, dtype=record)
    return STL_HEADER + np.uint32(len(triangles)).tobytes() + triangles.tobytes()
