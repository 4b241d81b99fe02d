"""What a writer reads of a finished document (``FinishedDocument``), what it reports (``Written``)
and the progress callback it is given (``Step``): shared by the registry (``output.writers``) and
the writers in their own modules (``output.cut_svg``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:
    from domino_print.geometry.cutting import CutPlan


class FinishedDocument(Protocol):
    """What a writer reads of a finished document: ``api.Document`` has it, and the writers name
    this rather than ``api``, a layer above theirs (``[tool.importlinter]``)."""

    @property
    def pdf(self) -> bytes:
        """The PDF's bytes."""
    @property
    def pages(self) -> int: ...
    @property
    def cuts(self) -> CutPlan:
        """Where every sheet and back page's tiles and cut lines are, in mm (``geometry.cutting``)."""


class Written(NamedTuple):
    """The files one writer staged, for the summary line."""

    writer: str
    paths: tuple[Path, ...]


Step = Callable[[], None]
"""Called by a writer after each unit of work (a page rendered), for a progress bar."""
