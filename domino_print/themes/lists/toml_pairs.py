"""Lists written by hand in TOML: ``pairs = [["7 × 8", "56"], ...]`` (UTF-8).

A ``.toml`` file is a list of pairs only when it has a ``pairs`` key (``claims``);
otherwise it is a folder theme's own file, for the theme loader.
"""

from __future__ import annotations

from pathlib import Path

from domino_print.texts import toml_parser, toml_syntax_place
from domino_print.themes.lists.table import ListReader, PairsError, Place, RawRow, ReadSettings, Table


def claims(data: bytes) -> bool:
    tomllib = toml_parser()
    try:
        return "pairs" in tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
        return False  # the theme loader reports it


def read(path: Path, data: bytes, settings: ReadSettings) -> Table:
    try:
        content = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PairsError(says="list.not_utf8", path=path,
                         details={"encoding": "UTF-8"}) from None
    tomllib = toml_parser()
    try:
        parsed = tomllib.loads(content)
    except tomllib.TOMLDecodeError as exc:
        line, column, problem = toml_syntax_place(exc, content)
        raise PairsError(says="theme.toml_syntax", path=path, line=line, column=column,
                         problem=problem) from None
    except RecursionError:  # tomllib parses nested arrays recursively
        raise PairsError(says="list.toml_too_deep", path=path) from None
    pairs = parsed.get("pairs")
    if not isinstance(pairs, list):
        raise PairsError(says="list.toml_no_pairs", path=path)
    rows = []
    for number, pair in enumerate(pairs, start=1):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)):
            raise PairsError(says="list.toml_pair", path=path,
                             at=Place(number, counted="pair"))
        rows.append(RawRow(number, (pair[0], pair[1])))
    return Table(tuple(rows))


READER = ListReader("TOML", read, claims)
