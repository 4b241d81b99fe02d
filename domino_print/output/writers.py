"""The output writers: each file a document becomes is made by one writer, found in ``WRITERS``.

A writer takes plain data: the finished document (``written.FinishedDocument``, which
``api.Document`` is: its PDF bytes, its pages, and its ``cuts``, the millimetre geometry of every
sheet and back page from ``geometry.cutting``) and the
``WriterSettings`` a surface asked for. It names, before anything is drawn, the files it will
write (so that a file in the way is refused before a long render), then stages them in a
``files.StagedFiles`` (all the files of a run are moved into place together, or none).

- ``png``: a PNG preview of every page beside the PDF (``planche-1.png``...), when a preview
  resolution is set; stale previews of a longer earlier run are removed with the rest;
- ``svg``: a cut file per sheet page for cutting machines (``output.cut_svg``), with ``--cut svg``;
- ``pdf``: the PDF itself, staged last.

A 3D ``--out`` (``.3mf``, ``.stl``: ``SOLID_WRITERS``) takes the PDF's place: ``solid_writer_for``.

The formats themselves (name, file ending, role) are declared once in ``domino_print.formats``,
low enough for the option table to offer them; this registry holds one writer for each format
named there, and refuses to load otherwise. Adding a format (an SVG cut file per sheet page,
say) is its ``OutputFormat`` and one class here or in its own module, registered in ``WRITERS``:
it reads ``document.cuts`` and never recomputes the layout.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Protocol

from domino_print.errors import FileError
from domino_print.formats import OUTPUT_FORMATS
from domino_print.output.written import FinishedDocument, Step, Written

if TYPE_CHECKING:
    from domino_print.output.files import StagedFiles
    from domino_print.output.solids import SolidFiles


class WriterSettings(NamedTuple):
    """What the surfaces ask of the writers besides the PDF."""

    preview_dpi: int | None = None
    """PNG previews of every page at this resolution, or None for none."""
    cut: str | None = None
    """A cut-file format (``svg``) for each sheet page, or None for none."""
    corner_mm: float = 0.0
    kerf_mm: float = 0.0
    laser: bool = False
    """Engrave and cut layers in the cut files (``--laser``)."""




class Writer(Protocol):
    """One output format."""

    name: str

    def planned(self, out: Path, pages: int) -> list[Path]:
        """The files it will write for a PDF ``out`` of ``pages`` pages (known before drawing)."""
        ...

    def check(self, out: Path, pages: int) -> None:
        """Refuse, before anything is made, a planned file that must not be replaced."""
        ...

    def steps(self, pages: int) -> int:
        """How many times ``write`` calls ``step`` (for a progress bar)."""
        ...

    def write(self, staged: StagedFiles, out: Path, document: FinishedDocument, step: Step) -> Written:
        """Stage its files for ``document``, calling ``step`` after each unit of work."""
        ...


class PngPreviews:
    """A PNG picture of every page of the PDF, rendered from the PDF itself (``output.preview``)."""

    name = "png"

    def __init__(self, dpi: int) -> None:
        self.dpi = dpi

    def planned(self, out: Path, pages: int) -> list[Path]:
        from domino_print.output.preview import preview_paths

        return preview_paths(out, pages)

    def check(self, out: Path, pages: int) -> None:
        """A preview name taken by anything but a preview of ``out`` is refused.

        ``planche-3.png`` may be replaced only if it is a PNG that domino-print wrote for
        ``planche.pdf`` (its mark says so, see ``preview.is_preview_of``): a user's picture
        that happens to have that name is never replaced nor deleted.
        """
        from domino_print.output.files import check_destination
        from domino_print.output.preview import is_preview_of

        for number, path in enumerate(self.planned(out, pages), start=1):
            check_destination(path)
            if os.path.lexists(path) and not is_preview_of(path, out):
                raise FileError("preview_in_the_way", path, page=number, pdf=out.name)

    def steps(self, pages: int) -> int:
        return pages

    def write(self, staged: StagedFiles, out: Path, document: FinishedDocument, step: Step) -> Written:
        """Each preview rendered straight into its temporary file, one page at a time; previews left
        by an earlier, longer run for the same PDF (``planche-7.png``...) are deleted with the rest,
        and only if they carry the mark of previews of this PDF."""
        # pypdfium2 is loaded only when previews are asked for.
        from domino_print.output.preview import PagePictures, is_preview_of, mark_for, preview_path

        def ours(path: Path) -> bool:
            return is_preview_of(path, out)

        paths = self.planned(out, document.pages)
        with PagePictures(document.pdf) as pictures:
            for index, path in enumerate(paths):
                with staged.stream(path, may_replace=ours) as stream:
                    pictures.write_png(index, stream, dpi=self.dpi, mark=mark_for(out))
                step()
        number = len(paths) + 1
        while os.path.lexists(stale := preview_path(out, number)):
            staged.remove(stale, only_if=ours)
            number += 1
        return Written(self.name, tuple(paths))

    @classmethod
    def wanted(cls, settings: WriterSettings) -> PngPreviews | None:
        return cls(settings.preview_dpi) if settings.preview_dpi else None


class PdfFile:
    """The PDF itself, at ``out``."""

    name = "pdf"

    def planned(self, out: Path, pages: int) -> list[Path]:
        return [out]

    def check(self, out: Path, pages: int) -> None:
        """``out`` was checked when the destination was prepared."""

    def steps(self, pages: int) -> int:
        return 0  # its pages were counted as they were drawn

    def write(self, staged: StagedFiles, out: Path, document: FinishedDocument, step: Step) -> Written:
        staged.add(out, document.pdf)
        return Written(self.name, (out,))

    @classmethod
    def wanted(cls, settings: WriterSettings) -> PdfFile | None:
        return cls()


class SvgCutFormat:
    """The name ``output.cut_svg.SvgCutFiles`` registers (that module loads only when asked for)."""

    name = "svg"


def _svg_cut_files(settings: WriterSettings) -> Writer | None:
    """``--cut svg``: the writer of ``output.cut_svg`` (loaded only when asked for)."""
    if settings.cut != SvgCutFormat.name:
        return None
    from domino_print.output.cut_svg import SvgCutFiles

    return SvgCutFiles(corner_mm=settings.corner_mm, kerf_mm=settings.kerf_mm, laser=settings.laser)


WRITERS: dict[str, Callable[[WriterSettings], Writer | None]] = {
    PngPreviews.name: PngPreviews.wanted,
    SvgCutFormat.name: _svg_cut_files,
    PdfFile.name: PdfFile.wanted,
}
"""Every output format by name, in the order its files are staged: each entry gives the writer
the settings ask for, or None when they ask for none of its files. The PDF comes last, so that
it is renamed into place after its companions."""


SOLID_WRITERS: dict[str, str] = {each.suffix: each.name for each in OUTPUT_FORMATS if each.role == "solid"}
"""The 3D formats by ``--out`` suffix (``formats``), each written by ``output.solids.SolidFiles``, which
writes 3MF and STL by name (``mesh_3mf``)."""


def _check_registry() -> None:
    """Every format of ``formats.OUTPUT_FORMATS`` has its writer here, and no writer is of another."""
    declared = {each.name for each in OUTPUT_FORMATS}
    written = set(WRITERS) | set(SOLID_WRITERS.values())
    if declared != written:
        raise RuntimeError(f"output formats {sorted(declared)} and writers {sorted(written)} differ: "
                           "declare a format in domino_print/formats.py and register its writer here")


_check_registry()


def solid_writer_for(out: Path) -> SolidFiles | None:
    """The writer of a 3D ``out`` (one file per plate), or None for a PDF."""
    name = SOLID_WRITERS.get(out.suffix.lower())
    if name is None:
        return None
    from domino_print.output.solids import SolidFiles  # manifold3d: only for a 3D print

    return SolidFiles(name)


def writers_for(settings: WriterSettings) -> list[Writer]:
    """The writers ``settings`` ask for, in ``WRITERS`` order (the PDF always among them)."""
    chosen = (make(settings) for make in WRITERS.values())
    return [writer for writer in chosen if writer is not None]
