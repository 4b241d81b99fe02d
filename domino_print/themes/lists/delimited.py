"""Lists saved as text by a spreadsheet or an editor: ``.csv``, one pair a line.

UTF-8 (a spreadsheet's byte-order mark is fine), cells separated by a semicolon
(as French spreadsheets export) or a comma, quoted as spreadsheets quote them;
trailing empty cells (a spreadsheet's extra separators) are dropped.
"""

from __future__ import annotations

import csv
from pathlib import Path

from domino_print.themes.lists.table import ListReader, PairsError, RawRow, Table


def read(path: Path, data: bytes) -> Table:
    try:
        content = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PairsError(f"{path}: the list is not UTF-8 text; save it as CSV UTF-8") from None
    lines = content.splitlines()
    first = next((line for line in lines if line.strip()), "")
    delimiter = ";" if ";" in first else ","
    rows = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            cells = next(csv.reader([line], delimiter=delimiter))
        except csv.Error as exc:  # a cell over the csv module's limit (128 KB), a stray NUL...
            raise PairsError(f"{path}, line {number}: not a line of a list of pairs ({exc})") from None
        while len(cells) > 2 and not cells[-1].strip():
            cells.pop()  # trailing separators, as spreadsheets write them
        if len(cells) != 2:
            raise PairsError(
                f"{path}, line {number}: {len(cells)} cell{'s' if len(cells) != 1 else ''} where a pair "
                f"needs 2, separated by {delimiter!r}: {line.strip()!r}"
            )
        rows.append(RawRow(number, tuple(cells)))
    return Table(tuple(rows))


READER = ListReader("CSV", read)
