"""The summary line: what a finished document holds, in one line, in any catalogue language.

    planche.pdf: 2 pages, 28 dominoes (double-six), A4, 21 KB

One function, ``summary_line``, used by the command line (in the reader's language,
``texts.reader``, with the file's name and its PNG previews) and by the studio (in the
page's language, without a file name). Every word comes from the catalogues' ``[summary]``
table; the set's name from ``sets.naming`` (``double-six``, ``loop``).

It reads plain facts (``SummaryFacts``): an ``api.Document`` has them all, and the
studio keeps them beside its cached PDFs as JSON (``DocumentFacts``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import PurePath
from typing import NamedTuple, Protocol, TypeVar

from domino_print.geometry.face_box import LOW_PPI
from domino_print.sets.naming import Deck, set_name
from domino_print.texts import PaperName, decimal, plural, text
from domino_print.texts.page_text import displayed

T = TypeVar("T")
HEADER_CELL_CHARS = 30
"""A header row's cells are named in the line, each cut to this length."""
NAMED_FILES = 5
"""Files left out are named in the line up to this many, then ``…``."""
FILE_NAME_CHARS = 40
"""Each file left out is named cut to this length."""


class SummaryFacts(Protocol):
    """The facts a summary line is made of (``api.Document`` and ``DocumentFacts`` have them)."""

    @property
    def pages(self) -> int: ...
    @property
    def tiles(self) -> int:
        """Tiles (or loop cards) in one set."""
    @property
    def deck(self) -> Deck: ...
    @property
    def top(self) -> int:
        """The highest value of a double set (6 for double-six)."""
    @property
    def sets(self) -> int: ...
    @property
    def backs(self) -> str | None:
        """``duplex`` (back pages), ``fold`` (backs to fold over) or None."""
    @property
    def duplex(self) -> str:
        """The edge two-sided printing flips on: ``long`` or ``short``."""
    @property
    def paper(self) -> str: ...
    @property
    def size(self) -> int | None:
        """The PDF's size in bytes; None while it is not known yet."""
    @property
    def header_row(self) -> tuple[str, ...]:
        """A list of pairs' first row, left out as a header; empty when there was none."""
    @property
    def list_skipped(self) -> tuple[tuple[str, str, int], ...]:
        """What reading a list of pairs left out, each as kind, where and count
        (``themes.lists.table.Skipped``): title rows, a numbers column, a total row..."""
    @property
    def left_out(self) -> tuple[str, ...]:
        """The names of a folder's files that are not pictures, left out of the set."""
    @property
    def unused(self) -> tuple[str, ...]:
        """The names of a user's pictures over the largest set, left out of it."""
    @property
    def low_resolution(self) -> tuple[tuple[str, int], ...]:
        """The user's pictures that print under ``LOW_PPI`` at the tile's size, each as its name and
        its ppi (``output.resolution``)."""


class DocumentFacts(NamedTuple):
    """``SummaryFacts`` as plain data, kept as JSON (``as_json``, ``from_json``) beside a cached PDF."""

    pages: int
    tiles: int
    deck: Deck
    top: int
    sets: int
    backs: str | None
    duplex: str
    paper: str
    size: int | None = None
    header_row: tuple[str, ...] = ()
    list_skipped: tuple[tuple[str, str, int], ...] = ()
    left_out: tuple[str, ...] = ()
    unused: tuple[str, ...] = ()
    low_resolution: tuple[tuple[str, int], ...] = ()
    picture_mm: float | None = None
    """The side of the square a face's picture is drawn into, in mm, for the user's own pictures
    (``api.Document.picture_mm``): the studio warns beside each thumbnail from it."""

    @classmethod
    def of(cls, facts: SummaryFacts) -> DocumentFacts:
        return cls(facts.pages, facts.tiles, facts.deck, facts.top, facts.sets, facts.backs,
                   facts.duplex, facts.paper, facts.size, tuple(facts.header_row),
                   tuple((str(kind), str(where), int(count)) for kind, where, count in facts.list_skipped),
                   tuple(facts.left_out), tuple(facts.unused),
                   tuple((str(name), int(ppi)) for name, ppi in facts.low_resolution),
                   getattr(facts, "picture_mm", None))

    def as_json(self) -> dict[str, object]:
        return dict(self._asdict())

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> DocumentFacts:
        """The facts ``as_json`` gave; ``ValueError`` if ``data`` lacks one or has a wrong type."""
        named = _field(data, "deck", str)
        deck: Deck = "loop" if named == "loop" else "chain" if named == "chain" else "double"
        if data["deck"] != deck:
            raise ValueError(f"document facts with deck {data['deck']!r}")
        backs, size, header = data.get("backs"), data.get("size"), data.get("header_row", [])
        if not isinstance(header, (list, tuple)) or not all(isinstance(cell, str) for cell in header):
            raise ValueError(f"document facts: header_row is {header!r}, not a list of texts")
        return cls(
            pages=_field(data, "pages", int), tiles=_field(data, "tiles", int), deck=deck,
            top=_field(data, "top", int), sets=_field(data, "sets", int),
            backs=None if backs is None else _field(data, "backs", str),
            duplex=_field(data, "duplex", str), paper=_field(data, "paper", str),
            size=None if size is None else _field(data, "size", int), header_row=tuple(header),
            list_skipped=_skipped(data.get("list_skipped", [])),
            left_out=_texts(data, "left_out"), unused=_texts(data, "unused"),
            low_resolution=_named_ppi(data.get("low_resolution", [])), picture_mm=_picture_mm(data),
        )


def _texts(data: Mapping[str, object], name: str) -> tuple[str, ...]:
    value = data.get(name, [])
    if not isinstance(value, (list, tuple)) or not all(isinstance(cell, str) for cell in value):
        raise ValueError(f"document facts: {name} is {value!r}, not a list of texts")
    return tuple(value)


def _named_ppi(data: object) -> tuple[tuple[str, int], ...]:
    named = []
    for entry in data if isinstance(data, (list, tuple)) else [None]:
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2 and isinstance(entry[0], str)
                and isinstance(entry[1], int) and not isinstance(entry[1], bool)):
            raise ValueError(f"document facts: low_resolution holds {entry!r}, not [name, ppi]")
        named.append((entry[0], entry[1]))
    return tuple(named)


def _picture_mm(data: Mapping[str, object]) -> float | None:
    value = data.get("picture_mm")
    if value is None:
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not value > 0:
        raise ValueError(f"document facts: picture_mm is {value!r}, not a size in mm")
    return float(value)


def _skipped(data: object) -> tuple[tuple[str, str, int], ...]:
    notes = []
    for note in data if isinstance(data, (list, tuple)) else [None]:
        if not (isinstance(note, (list, tuple)) and len(note) == 3 and isinstance(note[0], str)
                and isinstance(note[1], str) and isinstance(note[2], int) and not isinstance(note[2], bool)):
            raise ValueError(f"document facts: list_skipped holds {note!r}, not [kind, where, count]")
        notes.append((note[0], note[1], note[2]))
    return tuple(notes)


def _field(data: Mapping[str, object], name: str, kind: type[T]) -> T:
    value = data.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ValueError(f"document facts: {name} is {value!r}, not {kind.__name__}")
    return value


def human_size(size: int, lang: str = "en") -> str:
    """``12 KB`` (``12 Ko`` in French): 1 KB is 1024 bytes, rounded up; ``1.5 MB`` from 1 MB on,
    with the language's decimal mark."""
    if size < 1024 * 1024:
        return text(lang, "summary.kilobytes", count=-(-size // 1024))
    whole, tenth = divmod(round(size / (1024 * 1024) * 10), 10)
    return text(lang, "summary.megabytes", whole=whole, tenth=tenth)


def summary_line(facts: SummaryFacts, lang: str, out_name: str | None = None,
                 previews: Sequence[PurePath] = (), cuts: Sequence[PurePath] = (),
                 kerf_gap_mm: tuple[float, float] | None = None) -> str:
    """The summary of a document in ``lang``: pages, tiles and set, backs, paper, size.

    ``out_name`` (the PDF's path as the user gave it) starts the line, and ``previews``
    (the PNG files written beside it, in page order) and ``cuts`` (the SVG cut files, one
    per sheet page) end it, on the command line; ``kerf_gap_mm``, (gap, kerf) when the tiles were
    laid a kerf apart for the cut files (``cutting.gap_for_kerf``), says so after them.
    A size not known yet (``facts.size`` None) reads ``…``.
    """
    named = set_name(lang, facts.deck, facts.top)
    dominoes = plural(lang, "summary.dominoes", facts.tiles, set_name=named)
    if facts.sets > 1:
        dominoes = text(lang, "summary.sets", sets=facts.sets, dominoes=dominoes)
    if facts.backs == "fold":
        dominoes = text(lang, "summary.fold", dominoes=dominoes)
    elif facts.backs:
        edge = text(lang, f"summary.edge_{facts.duplex}")
        dominoes = text(lang, "summary.backs", dominoes=dominoes, edge=edge)
    size = text(lang, "summary.size_pending") if facts.size is None else human_size(facts.size, lang)
    line = text(lang, "summary.line", pages=plural(lang, "summary.pages", facts.pages),
                dominoes=dominoes, paper=PaperName(facts.paper), size=size)
    line = _list_notes(line, facts, lang)
    for key, files in (("summary.left_out", facts.left_out), ("summary.unused", facts.unused)):
        if files:
            line = text(lang, "summary.with_previews", summary=line,
                        previews=plural(lang, key, len(files), names=_file_names(files)))
    line = _low_resolution(line, facts, lang)
    if out_name is not None:
        line = text(lang, "summary.file", out=out_name, summary=line)
    if previews:
        first, last = previews[0].name, previews[-1].name
        names = first if len(previews) == 1 else text(lang, "summary.preview_range", first=first, last=last)
        line = text(lang, "summary.with_previews", summary=line,
                    previews=plural(lang, "summary.previews", len(previews), names=names))
    if cuts:
        first, last = cuts[0].name, cuts[-1].name
        names = first if len(cuts) == 1 else text(lang, "summary.preview_range", first=first, last=last)
        line = text(lang, "summary.with_previews", summary=line,
                    previews=plural(lang, "summary.cuts", len(cuts), names=names))
    if kerf_gap_mm is not None:
        gap, kerf = (decimal(lang, value) for value in kerf_gap_mm)
        line = text(lang, "summary.kerf_gap", summary=line, gap=gap, kerf=kerf)
    return line


LIST_NOTES = ("hidden_sheets", "title", "header", "numbers", "columns", "footer", "hidden_rows")
"""What a list's reading may leave out, in the order the line says it
(``themes.lists.table.SKIPPED_KINDS``)."""


def _list_notes(line: str, facts: SummaryFacts, lang: str) -> str:
    """``line`` followed by what reading a list left out: "first row read as a header (Question,
    Réponse)", or "rows 1-2 read as a title; row 3 read as a header (...); column A read as numbers"."""
    notes = [note for note in facts.list_skipped if note[0] in LIST_NOTES]
    named_columns = ", ".join(displayed(cell)[:HEADER_CELL_CHARS] for cell in facts.header_row)
    header_at = next((where for kind, where, _ in notes if kind == "header"), None)
    if facts.header_row and len(notes) <= 1 and header_at in (None, "1"):
        return text(lang, "summary.header", summary=line, header=named_columns)
    said = []
    for kind, where, count in sorted(notes, key=lambda note: LIST_NOTES.index(note[0])):
        if kind == "header":
            said.append(text(lang, "summary.list.header", where=where, header=named_columns))
        else:
            said.append(plural(lang, f"summary.list.{kind}", count, where=displayed(where)[:80]))
    if not said:
        return line
    return line + text(lang, "summary.list.separator") + text(lang, "summary.list.separator").join(said)


def _low_resolution(line: str, facts: SummaryFacts, lang: str) -> str:
    """``line`` and the pictures that would print soft at this tile size, each with its ppi, and
    what to do: "2 pictures would print under 150 ppi at this tile size (a.jpg 80 ppi, …): use ..."."""
    low = tuple(facts.low_resolution)
    if not low:
        return line
    names = ", ".join(text(lang, "summary.picture_ppi", name=displayed(name)[:FILE_NAME_CHARS], ppi=ppi)
                      for name, ppi in low[:NAMED_FILES]) + (", …" if len(low) > NAMED_FILES else "")
    warning = plural(lang, "summary.low_resolution", len(low), names=names, least=LOW_PPI)
    return text(lang, "summary.with_previews", summary=line, previews=warning)


def _file_names(names: Sequence[str]) -> str:
    """The first ``NAMED_FILES`` names, each printable and cut short, then ``…`` for the rest."""
    shown = [displayed(name)[:FILE_NAME_CHARS] for name in names[:NAMED_FILES]]
    return ", ".join(shown) + (", …" if len(names) > NAMED_FILES else "")


def calibration_line(out_name: str, pages: int, duplex: str, paper: str, size: int, lang: str) -> str:
    """The summary of a calibration sheet (``domino-print calibrate``): its pages, the edge to flip
    on, the paper and the size."""
    line = text(lang, "summary.calibration", pages=plural(lang, "summary.pages", pages),
                edge=text(lang, f"summary.edge_{duplex}"), paper=PaperName(paper),
                size=human_size(size, lang))
    return text(lang, "summary.file", out=out_name, summary=line)


def solids_line(paths: Sequence[PurePath], tiles: int, deck: Deck, top: int, sets: int, plates: int,
                bed: tuple[float, float], size: int, lang: str) -> str:
    """A 3D print's summary: ``dominos.3mf: 28 dominoes (double-six), 1 plate (220 x 220 mm), 320 KB``."""
    named = set_name(lang, deck, top)
    dominoes = plural(lang, "summary.dominoes", tiles, set_name=named)
    if sets > 1:
        dominoes = text(lang, "summary.sets", sets=sets, dominoes=dominoes)
    width, depth = bed
    line = text(lang, "summary.solids", dominoes=dominoes,
                plates=plural(lang, "summary.plates", plates, width=decimal(lang, width),
                              depth=decimal(lang, depth)),
                size=human_size(size, lang))
    names = str(paths[0]) if len(paths) == 1 else text(lang, "summary.preview_range", first=str(paths[0]),
                                                           last=paths[-1].name)
    return text(lang, "summary.file", out=names, summary=line)
