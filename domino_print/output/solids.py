"""A set to print in 3D: the job's tiles as solids (``output.mesh``) on plates, written as 3MF or STL.

``solid_model(job, settings)`` turns the job's tiles into ``TileSpec`` records (what each half
carries, from ``output.relief``), lays them out on plates (``geometry.touch.plates``) and
names each (``4-2``, ``4-2 #2`` for the second set); ``SolidFiles`` is the writer the
``output.writers`` registry gives for ``--out NAME.3mf`` or ``NAME.stl``: one file for one
plate, ``NAME-1.3mf``, ``NAME-2.3mf``... for several (a slicer takes one bed at a time).
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from domino_print.errors import FileError
from domino_print.geometry.touch import Plate, SolidSettings, mark_shape, plates
from domino_print.output.mesh import TileSpec, tile_mesh
from domino_print.output.mesh_3mf import STL_HEADER, PlacedMesh, stl, three_mf

if TYPE_CHECKING:
    from domino_print.output.files import StagedFiles
    from domino_print.sets.job import Job

BODY_COLOUR = "#F5F1E6"
"""The tile's own colour in a 3MF (ivory, as bone and resin dominoes are)."""


def solid_settings(options) -> SolidSettings:
    """The 3D settings of checked ``options.table.Options``."""
    from domino_print.geometry.touch import tile_body

    body = tile_body(options.tile_short_mm, options.thickness_mm, options.relief_mm, options.engrave)
    return SolidSettings(body, options.bed, options.braille)


class SolidModel(NamedTuple):
    """Every tile's spec and name, the plates they are laid on, the colours a 3MF names."""

    specs: tuple[TileSpec, ...]
    names: tuple[str, ...]
    plates: tuple[Plate, ...]
    colours: tuple[str, ...]
    title: str


def solid_model(job: Job, settings: SolidSettings, title: str) -> SolidModel:
    """The solids of ``job``: each set's tiles (``--sets``), marked on the back from the second set
    on, or each level's (``--niveaux``) with its level's mark."""
    from domino_print.output.relief import Faces  # the glyphs and artwork of the job's theme

    faces = Faces.of(job, settings)
    decks = [(deck.number, deck.tiles) for deck in job.levels] if job.levels else [
        (number, job.tiles) for number in job.set_numbers]
    marked = len(decks) > 1 or bool(job.levels)
    specs: list[TileSpec] = []
    names: list[str] = []
    for number, tiles in decks:
        for tile in tiles:
            specs.append(faces.tile(tile, mark_shape(number) if marked else None))
            name = faces.name(tile)
            names.append(f"{name} #{number}" if marked else name)
    laid = plates(len(specs), settings.body, settings.bed)
    return SolidModel(tuple(specs), tuple(names), laid, faces.colours(BODY_COLOUR), title)


def plate_paths(out: Path, count: int) -> list[Path]:
    """``out`` for one plate; ``out-1.3mf``, ``out-2.3mf``... for several."""
    if count == 1:
        return [out]
    return [out.with_name(f"{out.stem}-{number}{out.suffix}") for number in range(1, count + 1)]


def is_ours(path: Path) -> bool:
    """A 3MF or STL domino-print wrote (its application metadata, its STL header)."""
    try:
        with open(path, "rb") as handle:
            start = handle.read(80)
        if start == STL_HEADER:
            return True
        with zipfile.ZipFile(path) as package:
            model = package.read("3D/3dmodel.model")
        return b'<metadata name="Application">domino-print</metadata>' in model
    except (OSError, zipfile.BadZipFile, KeyError):
        return False


class SolidFiles:
    """The 3D files of a set, one per plate, as 3MF or STL (``formats.SOLID_SUFFIXES``)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def check(self, out: Path, count: int) -> None:
        """A numbered plate file taken by anything but a plate domino-print wrote is refused."""
        from domino_print.output.files import check_destination

        for path in plate_paths(out, count):
            check_destination(path)
            if path != out and os.path.lexists(path) and not is_ours(path):
                raise FileError("plate_in_the_way", path, name=out.name)

    def write(self, staged: StagedFiles, out: Path, model: SolidModel,
              step: Callable[[], None]) -> tuple[Path, ...]:
        """Stage each plate's file, calling ``step`` after each tile's mesh; plate files a longer
        earlier run left (``out-5.3mf``) are removed with the rest, if ours."""
        paths = plate_paths(out, len(model.plates))
        for path, data in zip(paths, self.plate_data(model, step), strict=True):
            staged.add(path, data, may_replace=lambda p: p == out or is_ours(p))
        number = len(paths) + 1 if len(paths) > 1 else 1
        while os.path.lexists(stale := out.with_name(f"{out.stem}-{number}{out.suffix}")):
            staged.remove(stale, only_if=is_ours)
            number += 1
        return tuple(paths)

    def plate_data(self, model: SolidModel, step: Callable[[], None] | None = None) -> Iterator[bytes]:
        """Each plate's file, in order, made when it is asked for; ``step`` after each tile's mesh."""
        for plate in model.plates:
            placed = []
            for place in plate.tiles:
                placed.append(PlacedMesh(model.names[place.tile], tile_mesh(model.specs[place.tile]),
                                         place.x_mm, place.y_mm))
                if step is not None:
                    step()
            yield three_mf(placed, model.colours, model.title) if self.name == "3mf" else stl(placed)
