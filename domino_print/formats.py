"""The output formats, each named once: what a run can write, by name, file ending and role.

A bottom module (it imports nothing of the package), so that every stage reads the same list:
the option table offers ``--cut`` from ``CUT_FORMATS`` and tells a 3D ``--out`` by
``SOLID_SUFFIXES``, the staging refuses an ``--out`` with another ending than ``OUT_SUFFIXES``,
and the command line finds the files a run wrote by their format's role. ``output.writers``
registers the writer that makes each one (``WRITERS`` and ``SOLID_WRITERS``, keyed by these
names; it refuses to load when the two disagree).

Adding a format is one ``OutputFormat`` here and its writer in ``output/``.
"""

from __future__ import annotations

from typing import NamedTuple


class OutputFormat(NamedTuple):
    """One kind of file a run writes."""

    name: str
    """Its writer's name in ``output.writers`` (``svg``), and the ``--cut`` value of a cut format."""
    suffix: str
    """Its files' ending (``.svg``)."""
    role: str
    """``document``: the ``--out`` file itself (the PDF); ``solid``: a 3D ``--out`` in the PDF's
    place, a file per plate; ``preview``: pictures of the pages beside the PDF (``--preview``);
    ``cut``: cut files beside the PDF (``--cut NAME``)."""


OUTPUT_FORMATS: tuple[OutputFormat, ...] = (
    OutputFormat("pdf", ".pdf", "document"),
    OutputFormat("png", ".png", "preview"),
    OutputFormat("svg", ".svg", "cut"),
    OutputFormat("3mf", ".3mf", "solid"),
    OutputFormat("stl", ".stl", "solid"),
)
"""Every format a run writes. A 3MF holds one object per tile, an STL one mesh per plate."""

ROLES = ("document", "solid", "preview", "cut")


def named(role: str) -> tuple[str, ...]:
    """The names of the formats of ``role``."""
    return tuple(each.name for each in OUTPUT_FORMATS if each.role == role)


def role_of(name: str) -> str:
    """The role of the format named ``name``; ``KeyError`` for no such format."""
    return {each.name: each.role for each in OUTPUT_FORMATS}[name]


CUT_FORMATS = named("cut")
"""``--cut``: the cut-file formats."""
SOLID_SUFFIXES = tuple(each.suffix for each in OUTPUT_FORMATS if each.role == "solid")
"""The 3D files ``--out`` may name, by ending (a PDF otherwise)."""
OUT_SUFFIXES = tuple(each.suffix for each in OUTPUT_FORMATS if each.role in ("document", "solid"))
"""The endings ``--out`` may have."""
