"""What a writer reports (``Written``) and the progress callback it is given (``Step``): shared by
the registry (``output.writers``) and the writers in their own modules (``output.cut_svg``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple


class Written(NamedTuple):
    """The files one writer staged, for the summary line."""

    writer: str
    paths: tuple[Path, ...]


Step = Callable[[], None]
"""Called by a writer after each unit of work (a page rendered), for a progress bar."""
