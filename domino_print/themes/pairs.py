"""A teacher's own list of pairs: ``--theme paires.csv`` (or ``.toml``), one pair a line.

CSV: UTF-8 (a spreadsheet's byte-order mark is fine), cells separated by a
semicolon (as French spreadsheets export) or a comma, two cells a line, for
example ``7 × 8;56`` or ``chat;images/chat.png``. A cell naming an image file
(.png, .jpg, .jpeg, .svg) is a picture, found next to the list. TOML:
``pairs = [["7 × 8", "56"], ...]``.

Every problem is one ``PairsError`` line naming the file and the line number:
an empty list, a single pair, an empty cell, a missing picture, a side repeated
(answers must be unique or a loop is ambiguous), a text the page cannot show
(``page_text.check_page_text``: control characters, characters the font lacks).
The file's name is the set's title and passes the same check.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path
from typing import NamedTuple

from domino_print.errors import WordedError
from domino_print.output.files import ReadProblem, read_regular_file
from domino_print.texts.page_text import TextError, check_page_text, displayed

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
LIST_SUFFIXES = (".csv", ".toml")
MAX_LIST_BYTES = 1_000_000
"""Largest list of pairs read (a thousand pairs is about 30 KB)."""


class PairsError(WordedError):
    """A pairs list that cannot make a set; the message names the file and the line."""


MAX_CELL_CHARS = 1000
"""Far more than a half holds: ``fitting`` names a text too long for its half."""
MAX_TITLE_CHARS = 60


class Cell(NamedTuple):
    text: str
    picture: Path | None = None


class PairRow(NamedTuple):
    line: int
    first: Cell
    second: Cell


class PairList(NamedTuple):
    path: Path
    rows: tuple[PairRow, ...]

    @property
    def title(self) -> str:
        return self.path.stem.replace("-", " ").replace("_", " ")

    @property
    def pictures(self) -> tuple[Path, ...]:
        return tuple(c.picture for row in self.rows for c in (row.first, row.second) if c.picture)


def is_pairs_list(ref: str) -> bool:
    """Whether ``--theme`` names a list of pairs: any ``.csv``, or a ``.toml`` with ``pairs``."""
    path = Path(ref).expanduser()
    if path.suffix.lower() == ".csv":
        return True
    if path.suffix.lower() != ".toml" or not path.is_file():
        return False
    try:
        return "pairs" in tomllib.loads(_read_regular(path).decode("utf-8"))
    except (PairsError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return False  # the theme loader reports it


def read_pairs(ref: str) -> PairList:
    """The list at ``ref``, checked."""
    path = Path(ref).expanduser()
    raw = _read_regular(path)
    try:
        content = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PairsError(f"{path}: the list is not UTF-8 text; save it as CSV UTF-8") from None
    cells = _toml_rows(path, content) if path.suffix.lower() == ".toml" else _csv_rows(path, content)
    rows = tuple(
        PairRow(line, _cell(path, line, first), _cell(path, line, second)) for line, first, second in cells
    )
    _check(path, rows)
    pairs = PairList(path, rows)
    try:
        check_page_text(pairs.title, most=MAX_TITLE_CHARS)
    except TextError as exc:
        raise PairsError(f"{path}: the file's name is the set's title, and "
                         f"{exc.about(_quoted(pairs.title))}; or rename the file") from None
    return pairs


def _read_regular(path: Path) -> bytes:
    """The bytes of the list: a regular file of at most ``MAX_LIST_BYTES`` (see
    ``files.read_regular_file``); ``PairsError`` naming the file otherwise."""
    try:
        return read_regular_file(path, most_bytes=MAX_LIST_BYTES)
    except ReadProblem as problem:
        fix = "give a file saved by a spreadsheet or an editor"
        raise PairsError(problem.message(path, "the list of pairs", fix)) from None


def _csv_rows(path: Path, content: str) -> list[tuple[int, str, str]]:
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
        rows.append((number, cells[0], cells[1]))
    return rows


def _toml_rows(path: Path, content: str) -> list[tuple[int, str, str]]:
    try:
        data = tomllib.loads(content)
    except tomllib.TOMLDecodeError as exc:
        raise PairsError(f"{path}: TOML syntax error: {exc}") from None
    except RecursionError:  # tomllib parses nested arrays recursively
        raise PairsError(f"{path}: TOML syntax error: arrays nested too deeply") from None
    pairs = data.get("pairs")
    if not isinstance(pairs, list):
        raise PairsError(f'{path}: write the pairs as pairs = [["7 × 8", "56"], ...]')
    rows = []
    for number, pair in enumerate(pairs, start=1):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)):
            raise PairsError(f'{path}, pair {number}: write each pair as two texts, ["7 × 8", "56"]')
        rows.append((number, pair[0], pair[1]))
    return rows


def _cell(path: Path, line: int, raw: str) -> Cell:
    text = " ".join(raw.split())
    if not text:
        raise PairsError(f"{path}, line {line}: a cell is empty; give both sides of the pair")
    if text.lower().endswith(PICTURE_SUFFIXES):
        picture = (path.parent / text).resolve()
        if not picture.is_file():
            raise PairsError(f"{path}, line {line}: picture {text!r} not found next to the list")
        return Cell(text, picture)
    try:
        check_page_text(text, most=MAX_CELL_CHARS)
    except TextError as exc:
        raise PairsError(f"{path}, line {line}: {exc.about(_quoted(text))}") from None
    return Cell(text)


def _quoted(text: str) -> str:
    """``text`` in quotes for a one-line message, control characters shown as escapes."""
    return f"'{displayed(text)}'"


def _check(path: Path, rows: tuple[PairRow, ...]) -> None:
    if not rows:
        raise PairsError(f"{path}: the list is empty; write one pair a line, such as 7 × 8;56")
    if len(rows) == 1:
        raise PairsError(f"{path}, line {rows[0].line}: a single pair makes no game; write two pairs or more")
    for side in ("first", "second"):
        seen: dict[str, int] = {}
        for row in rows:
            key = getattr(row, side).text.casefold()
            if key in seen:
                raise PairsError(
                    f"{path}, line {row.line}: {getattr(row, side).text!r} is already on line {seen[key]}; "
                    "each side must be unique, or two cards would answer the same question"
                )
            seen[key] = row.line
