"""The registry of list readers: ``READERS``, by file suffix (see the package's docstring)."""

from __future__ import annotations

from pathlib import Path

from domino_print.themes.lists import delimited, documents, spreadsheet, toml_pairs
from domino_print.themes.lists.table import (
    ListReader,
    PairsError,
    Place,
    RawRow,
    ReadSettings,
    Table,
    column_letters,
)

__all__ = ["LIST_SUFFIXES", "READERS", "ListReader", "PairsError", "Place", "RawRow", "ReadSettings", "Table",
           "column_letters", "formats_text", "reader_for"]

READERS: dict[str, ListReader] = {
    ".csv": delimited.READER, ".tsv": delimited.READER, ".txt": delimited.READER,
    ".xlsx": spreadsheet.XLSX, ".xlsm": spreadsheet.XLSX, ".ods": spreadsheet.ODS, ".xls": spreadsheet.XLS,
    ".numbers": documents.NUMBERS, ".docx": documents.DOCX, ".odt": documents.ODT, ".toml": toml_pairs.READER,
}
"""Every list format, by file suffix (lower case)."""

LIST_SUFFIXES: tuple[str, ...] = tuple(READERS)


def reader_for(path: Path) -> ListReader | None:
    """The reader of ``path``'s suffix (any case), or None."""
    return READERS.get(path.suffix.lower())


def formats_text() -> str:
    """The list suffixes as a person reads them in ``--help``: ``.csv, .tsv, ...``."""
    return ", ".join(READERS)
