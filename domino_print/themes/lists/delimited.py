"""Lists saved as text by a spreadsheet or an editor: ``.csv``, ``.tsv`` and ``.txt``, one pair a line.

The encoding is found, never guessed in silence (``decode``): a byte-order mark
says UTF-8 or UTF-16 (Excel's "Unicode text"); UTF-16 without one shows in its
zero bytes; otherwise the text is UTF-8 if it decodes as UTF-8 (text in another
encoding almost never does), else Windows-1252 (what French, Spanish and German
Excel save as "CSV"), which must decode without an undefined byte or a control
character. A file that is none of these (a picture, a spreadsheet renamed
``.csv``) is refused in one line. ``Table.encoding`` says which was read.

The separator is found per file (``separator``): a tab, a semicolon or a comma,
whichever splits the most lines into two to six cells (a tie goes to the tab,
then the semicolon, so ``0,5;½`` is two cells). Quotes are read as spreadsheets
write them (a quoted cell may hold the separator, quotes doubled, or a line
break); trailing empty cells (a spreadsheet's extra separators) are dropped. Every
filled line is given with all its cells: ``finding`` finds the pair's columns.
"""

from __future__ import annotations

import codecs
import csv
import io
from pathlib import Path

from domino_print.errors import Phrase
from domino_print.themes.lists.table import ListReader, PairsError, RawRow, ReadSettings, Table

SEPARATORS = ("\t", ";", ",")
"""In the order a tie is given: a tab is never part of a text, a semicolon seldom."""
SEPARATOR_NAMES = {"\t": "tab", ";": "semicolon", ",": "comma"}
ENCODING_NAMES = {"utf-8": "UTF-8", "utf-16": "UTF-16", "cp1252": "Windows-1252"}
MOST_CELLS = 6
"""A line of a list: a pair's two sides, a third column (a picture or a note), a number before
them and a note or two beside (``finding`` finds the pair's columns)."""
MOST_COLUMNS = 50
MOST_ROWS = 5000

_ALLOWED_CONTROLS = frozenset("\t\n\r")
_SIGNATURES = {b"PK\x03\x04": "zip", b"\x89PNG": "png", b"\xff\xd8\xff": "jpeg", b"%PDF": "pdf",
               b"\xd0\xcf\x11\xe0": "office", b"GIF8": "gif"}
"""Files that are plainly not text, by their first bytes: a key (``PairsError.details['kind']``),
and how a message names them (``error.list.file_kind.<key>``)."""


def decode(path: Path, data: bytes) -> tuple[str, str]:
    """``data`` as text and the encoding read (``utf-8``, ``utf-16`` or ``cp1252``); ``PairsError``
    naming the file when it is not text in one of them."""
    if data.startswith(codecs.BOM_UTF8):
        return _strict(path, data[len(codecs.BOM_UTF8):], "utf-8"), "utf-8"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _strict(path, data, "utf-16"), "utf-16"
    for signature, kind in _SIGNATURES.items():
        if data.startswith(signature):
            raise PairsError(says="list.not_text_but", path=path, what=Phrase(f"list.file_kind.{kind}"),
                             details={"kind": kind})
    if b"\x00" in data:
        head = data[:2000]
        odd, even = head[1::2].count(0), head[0::2].count(0)
        if len(head) >= 2 and max(odd, even) >= len(head) // 4 and min(odd, even) == 0:
            return _strict(path, data, "utf-16-le" if odd else "utf-16-be"), "utf-16"
        raise _not_text(path)
    try:
        return _checked(path, data.decode("utf-8")), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return _checked(path, data.decode("cp1252")), "cp1252"
    except UnicodeDecodeError:
        raise _not_text(path) from None


def _not_text(path: Path) -> PairsError:
    return PairsError(says="list.not_text", path=path)


def _strict(path: Path, data: bytes, encoding: str) -> str:
    try:
        return _checked(path, data.decode(encoding))
    except UnicodeDecodeError:
        named = ENCODING_NAMES.get(encoding[:6], encoding)
        raise PairsError(says="list.wrong_encoding", path=path, encoding=named,
                         details={"encoding": named}) from None


def _checked(path: Path, content: str) -> str:
    """``content`` without its byte-order mark; refused when control characters make more than
    one character in twenty (a binary file that happens to decode). A few are left for the cell
    check, which names them (``page_text.check_page_text``)."""
    content = content.removeprefix("\ufeff")
    controls = sum(1 for char in content if (char < " " and char not in _ALLOWED_CONTROLS)
                   or "\x7f" <= char <= "\x9f")
    if controls * 20 > len(content):
        raise _not_text(path)
    return content


class _BadRecord(Exception):
    """A record the csv module refuses: the ``line`` it starts on, and what the module said (in our
    words where we know them: ``_csv_words``)."""

    def __init__(self, line: int, csv_said: object) -> None:
        self.line = line
        self.csv_said = csv_said


def _records(content: str, delimiter: str) -> list[tuple[int, list[str]]]:
    """The records of ``content`` split by ``delimiter``, each with the line it starts on;
    ``_BadRecord`` for one the csv module refuses (a cell over its 128 KB limit...)."""
    reader = csv.reader(io.StringIO(content, newline=""), delimiter=delimiter)
    records: list[tuple[int, list[str]]] = []
    start = 1
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return records
        except csv.Error as exc:
            raise _BadRecord(start, _csv_words(exc)) from None
        records.append((start, cells))
        start = reader.line_num + 1


def _csv_words(exc: csv.Error) -> object:
    """What the csv module said, in the reader's language where we know it: its one limit a list
    meets (a cell over ``csv.field_size_limit()``, a quote left open), else its own words."""
    if "field limit" in str(exc):
        return Phrase("list.csv_field_limit", most=csv.field_size_limit())
    return str(exc)


def separator(content: str) -> str:
    """The separator that splits the most of the first lines into 2 or 3 cells (see the module)."""
    sample = "\n".join(line for line in content.splitlines()[:200] if line.strip())
    best, best_score = ";", -1
    for candidate in SEPARATORS:
        try:
            records = _records(sample, candidate)
        except _BadRecord:
            continue
        score = sum(2 <= len(_trimmed(cells)) <= MOST_CELLS for _, cells in records)
        if score > best_score:
            best, best_score = candidate, score
    if best_score == 0:  # no line of two cells (a file of empty rows ";;"): the most frequent one
        best = max(SEPARATORS, key=content.count)
    return best


def _trimmed(cells: list[str]) -> list[str]:
    cells = list(cells)
    while cells and not cells[-1].strip():
        cells.pop()
    return cells


def read(path: Path, data: bytes, settings: ReadSettings) -> Table:
    content, encoding = decode(path, data)
    delimiter = separator(content)
    try:
        records = _records(content, delimiter)
    except _BadRecord as bad:
        raise PairsError(says="list.bad_line", path=path, problem=bad.csv_said,
                         at=Table(()).at(bad.line)) from None
    rows: list[RawRow] = []
    for line, cells in records:
        if not any(cell.strip() for cell in cells):
            continue
        if len(rows) >= MOST_ROWS:
            raise PairsError(says="list.too_many_lines", path=path, most=MOST_ROWS,
                             at=Table(()).at(line), details={"most": MOST_ROWS})
        if len(cells) > MOST_COLUMNS:
            raise PairsError(says="list.too_many_cells", path=path, most=MOST_COLUMNS,
                             at=Table(()).at(line), details={"count": len(cells)})
        rows.append(RawRow(line, tuple(_trimmed(cells))))
    return Table(tuple(rows), encoding=ENCODING_NAMES[encoding], separator=SEPARATOR_NAMES[delimiter])


READER = ListReader("CSV or text", read, worded="list.format.text")
