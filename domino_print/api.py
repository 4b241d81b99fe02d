"""The library API: options in, a PDF in memory out. Nothing here writes a file, prints or exits.

    from domino_print.api import make_document
    document = make_document({"theme": "fruits", "lang": "en"})
    document.pdf[:5]  # b"%PDF-"

``options`` is a plain mapping, as a web form or JSON would send it: the keys are the
command line's long options without dashes (``tile_size`` or ``tile-size``), the values
strings, numbers or booleans. A bad value raises ``OptionError``; ``describe(error,
"form", lang)`` words it with the fields' labels, ``str(error)`` with the flags.

The exceptions, and nothing else for a caller's mistake (anything else is a bug):

- ``TypeError``: ``options`` is not a mapping (``make_document(None)``, ``make_document([])``),
  or an argument of the wrong type (``render_page_png(doc, "1")``);
- ``OptionError`` (a ``DominoError``): an option's value or a combination is wrong, whatever
  its type (``{"max": [6]}``, ``{"gap": object()}``, ``{"sets": 10**5000}``);
- another ``DominoError``: a theme, a list or a picture that cannot be used (its file, one line):
  ``ArchiveError`` for a theme's .zip, ``PairsError`` for a list of pairs, ``PictureError``;
- ``DocumentError`` (a ``DominoError`` and ``ValueError``): bytes that are not a PDF
  domino-print made, or a resolution out of range, given to ``render_page_png``; for a page out
  of range its ``PageOutOfRange``, an ``IndexError`` too;
- ``ValueError``: ``describe`` or ``form_fields`` asked for an unknown surface or language, and
  every function taking a ``lang`` given one with no catalogue (``xx``, ``../../x``);
``summary_line(document, lang)`` tells what the document holds, in a catalogue language.

``__all__`` is the whole public API, and fixed. The studio's and the site's other needs (pictures
checked as the command line checks them, archives, list sheets, the stop of a run) are in
``api_internal``, which promises nothing to other callers.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from domino_print.errors import (
    DocumentError,
    DominoError,
    OptionError,
    PageOutOfRange,
    PathError,
    PluralPhrase,
    WordedError,
)
from domino_print.geometry.cutting import CutPlan
from domino_print.options.parsing import parse
from domino_print.options.table import Options
from domino_print.options.wording import describe, form_fields
from domino_print.options.wording import option_label as _option_label
from domino_print.output.render import render_job
from domino_print.output.resolution import low_resolution as _low_resolution
from domino_print.output.resolution import picture_box as _picture_box
from domino_print.output.summary import DocumentFacts
from domino_print.output.summary import summary_line as _summary_line
from domino_print.pictures import PictureError
from domino_print.sets.job import Job, build_job, job_cut_plan
from domino_print.sets.naming import Deck

if TYPE_CHECKING:
    from domino_print.rules.page import RulesContent
    from domino_print.themes.archive import ArchiveError
    from domino_print.themes.lists.table import PairsError


def __getattr__(name: str) -> type[Exception]:
    """``ArchiveError`` and ``PairsError``, imported when first named: a run with a built-in theme
    never loads their modules (a theme's .zip, the records of the lists), issue 36: start-up. A
    run that reads a list or a .zip raises them from the modules it has loaded by then."""
    error: type[Exception]
    if name == "ArchiveError":
        from domino_print.themes.archive import ArchiveError as archive_error

        error = archive_error
    elif name == "PairsError":
        from domino_print.themes.lists.table import PairsError as pairs_error

        error = pairs_error
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = error
    return error


__all__ = [
    "ArchiveError",
    "Document",
    "DocumentError",
    "DocumentFacts",
    "DominoError",
    "OptionError",
    "PageOutOfRange",
    "PairsError",
    "PathError",
    "PictureError",
    "Solids",
    "WordedError",
    "association_themes",
    "builtin_themes",
    "describe",
    "form_fields",
    "make_calibration",
    "make_document",
    "make_solids",
    "option_label",
    "parse_options",
    "plate_picture",
    "render_page_png",
    "rules_page",
    "rules_text",
    "summary_line",
]
"""The public API, fixed (``tests/test_api.py`` pins it; ``docs/api.md`` documents each name): the
documents, the options' wording, the built-in themes, the rules page, and the errors a caller's
mistake raises. What the studio and the site need besides is in ``api_internal``."""


class Document(NamedTuple):
    """A finished PDF in memory and the facts a summary line is made of."""

    pdf: bytes
    pages: int
    tiles: int
    """Tiles (or loop cards) in one set: 28 for double-six."""
    top: int
    """The highest value of a double set (6 for double-six)."""
    set_name: str
    """In English: ``double-six``, or ``loop`` (``summary_line`` names it in any language)."""
    sets: int
    backs: str | None
    """``duplex`` (back pages), ``fold`` (backs beside the fronts, to fold over) or None."""
    duplex: str
    paper: str
    theme: str
    lang: str
    deck: Deck
    """``double`` (every pair of values once) or ``loop`` (a loop deck)."""
    cuts: CutPlan
    """Where every sheet and back page's tiles, cut lines, crop marks and fold line are, in mm:
    plain data for the writers that are not the PDF (cut files)."""
    header_row: tuple[str, ...] = ()
    """A list of pairs' header row, left out; empty when there was none."""
    list_skipped: tuple[tuple[str, str, int], ...] = ()
    """What reading a list of pairs left out (kind, where, count): title rows, a numbers column..."""
    left_out: tuple[str, ...] = ()
    """The names of the files of a pictures folder that are not pictures (left out of the set)."""
    unused: tuple[str, ...] = ()
    """The names of a user's pictures over the largest set, left out of it (no ``max`` given)."""
    low_resolution: tuple[tuple[str, int], ...] = ()
    """The user's pictures that print under ``LOW_PPI`` at this tile size: name and ppi each
    (``output.resolution``)."""
    picture_mm: float | None = None
    """The side of the square each face's picture is drawn into, in mm (the face box), for the
    user's own pictures; None for other themes."""

    @property
    def size(self) -> int:
        """The PDF's size in bytes."""
        return len(self.pdf)


def _language(lang: object) -> str:
    from domino_print.texts import check_language

    return check_language(lang)


def option_label(name: str, lang: str = "en") -> str:
    """The option's label on a form (``Highest value`` for ``max``) in ``lang``; ``ValueError``
    for an unknown option or language, ``TypeError`` for a name that is not a string."""
    from domino_print.options.table import OPTIONS

    if not isinstance(name, str):
        raise TypeError(f"name must be an option's name, not {type(name).__name__}")
    known = {option.name for option in OPTIONS}
    if name.replace("-", "_") not in known:
        raise ValueError(f"unknown option {name[:40]!r}")
    return _option_label(name.replace("-", "_"), _language(lang))


def summary_line(facts: Document | DocumentFacts, lang: str, out_name: str | None = None,
                 **more: object) -> str:
    """What the document holds, one line in ``lang`` (``output.summary.summary_line``); ``TypeError``
    for what is not a ``Document``, ``ValueError`` for a language with no catalogue."""
    if not isinstance(facts, (Document, DocumentFacts)):
        raise TypeError(f"summary_line tells of a Document, not {type(facts).__name__}")
    if out_name is not None and not isinstance(out_name, str):
        raise TypeError(f"out_name must be a str, not {type(out_name).__name__}")
    return _summary_line(facts, _language(lang), out_name, **more)  # type: ignore[arg-type]


def parse_options(options: Mapping[str, object] | Options) -> Job:
    """Check ``options`` (a plain mapping) and build the job; ``OptionError`` names what is wrong."""
    if isinstance(options, Options):
        return build_job(options)
    return build_job(parse(options))


RENDERING = threading.RLock()
"""Held while a document is drawn. ReportLab's font subsetting is not thread-safe (two documents
saved at once in one process corrupt each other's embedded fonts), so every surface's documents
are drawn one at a time in a process; the interpreter lock keeps Python code to one thread anyway,
and several processes (the studio's workers) give real parallel renders."""


def make_document(options: Mapping[str, object] | Options | Job,
                  on_page: Callable[[], None] | None = None) -> Document:
    """The PDF for ``options``, in memory; ``on_page()`` is called after each page drawn.

    Safe from several threads: documents are drawn one at a time in a process (``RENDERING``)."""
    job = options if isinstance(options, Job) else parse_options(options)
    with RENDERING:
        data, pages = render_job(job, on_page)
    return Document(
        pdf=data,
        pages=pages,
        tiles=len(job.tiles),
        top=job.top,
        set_name=job.set_name_in("en"),
        sets=len(job.set_numbers),
        backs=job.options.backs,
        duplex=job.options.duplex,
        paper=job.sheet.paper.name,
        theme=job.theme.name,
        lang=job.lang,
        deck=job.deck,
        cuts=job_cut_plan(job),
        header_row=job.pairs.header if job.pairs is not None else (),
        list_skipped=tuple((note.kind, note.where, note.number) for note in job.pairs.table.skipped)
        if job.pairs is not None else (),
        left_out=job.theme.left_out,
        unused=_unused_pictures(job),
        low_resolution=_low_resolution(job),
        picture_mm=_picture_box(job),
    )


def _unused_pictures(job: Job) -> tuple[str, ...]:
    """A user's pictures a double set without ``max`` leaves out: those over the largest set."""
    theme = job.theme
    if theme.builtin or not theme.kind_facts.pictures or job.options.max is not None or job.deck != "double":
        return ()
    named = bool(getattr(theme, "theme_file", ""))  # a theme.toml's labels (the studio's): its names
    return tuple(theme.label(value, job.lang) if named else theme.images[value].name
                 for value in range(job.top + 1, len(theme.images)))


PNG_DPI = (30, 600)
"""The resolutions ``render_page_png`` draws at (the command line's ``--preview-dpi``)."""


def render_page_png(document: Document | bytes, page: int, dpi: int = 150) -> bytes:
    """Page ``page`` (0 for the first) of the document as a PNG at ``dpi``, its resolution recorded.

    ``document`` is a ``Document`` or the bytes of a PDF domino-print made; ``DocumentError`` for
    a page out of range, other bytes, or a ``dpi`` out of ``PNG_DPI``; ``TypeError`` for wrong types.
    """
    # pypdfium2 and Pillow are loaded only when a picture of a page is asked for.
    from domino_print.output.preview import PagePictures, render_png

    if isinstance(document, Document):
        pdf = document.pdf
    elif isinstance(document, (bytes, bytearray, memoryview)):
        pdf = bytes(document)
    else:
        raise TypeError(f"render_page_png draws a Document or a PDF's bytes, not {type(document).__name__}")
    for name, value in (("page", page), ("dpi", dpi)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    low, high = PNG_DPI
    if not low <= dpi <= high:
        raise DocumentError(says="document.dpi_out_of_range", dpi=dpi, low=low, high=high)
    if not (pdf.startswith(b"%PDF-") and b"(domino-print " in pdf):  # the Creator every PDF of ours has
        raise DocumentError(says="document.not_ours")
    try:
        with PagePictures(pdf) as pictures:
            pages = len(pictures)
    except Exception:  # pypdfium2's PdfiumError: damaged
        raise DocumentError(says="document.damaged") from None
    if not 0 <= page < pages:
        raise PageOutOfRange(says="document.page_out_of_range", page=page,
                             pages=PluralPhrase("document.pages", count=pages), last=pages - 1)
    return render_png(pdf, page, dpi=dpi)


def builtin_themes() -> list[str]:
    """The names of the built-in themes, sorted; any other ``theme`` is a folder or a file."""
    from domino_print.themes.model import builtin_names

    return builtin_names()


def rules_page(job: Job) -> int | None:
    """The index of the rules page among the document's pages (0 for the first); None without one."""
    if not isinstance(job, Job):
        raise TypeError(f"rules_page takes a Job (from parse_options), not {type(job).__name__}")
    if job.rules_context is None:
        return None
    return job.page_count - job.rules_pages


def rules_text(job: Job) -> RulesContent | None:
    """The rules page's words as plain data (``RulesContent``: title, key facts as (label, value),
    sections of numbered steps), in the job's language; None without a rules page.

    Each string is paragraph markup: text with ``&amp;``-style entities and ``<b>``/``<i>`` tags only.
    """
    if not isinstance(job, Job):
        raise TypeError(f"rules_text takes a Job (from parse_options), not {type(job).__name__}")
    if job.rules_context is None:
        return None
    from domino_print.rules.content import build_content

    return build_content(job.rules_context)


def make_calibration(options: Mapping[str, object]) -> bytes:
    """The two-sided calibration sheet (``domino-print calibrate``) for ``paper``, ``duplex`` and
    ``lang`` in a plain mapping, as a PDF in memory; ``OptionError`` if one is wrong."""
    from domino_print.options.parsing import calibration_flags, parse_calibrate
    from domino_print.pdf.calibration import render_calibration  # ReportLab: only when asked

    if not isinstance(options, Mapping):
        raise TypeError(f"options must be a mapping, not {type(options).__name__}")
    wanted = {name: value for name, value in options.items() if name in ("paper", "duplex", "lang", "scale")}
    paper, duplex, lang, scale = parse_calibrate(wanted)
    return render_calibration(paper, duplex, lang, flags=calibration_flags(), scale=scale)


def association_themes() -> list[str]:
    """The built-in themes that make association sets and loops (nombres, lettres...)."""
    from domino_print.themes.model import association_themes as themes

    return sorted(themes())


class Solids(NamedTuple):
    """A set to print in 3D (``make_solids``): each plate's 3MF, in memory."""

    files: tuple[tuple[str, bytes], ...]
    """``(name, data)`` per plate: ``dominos.3mf``, or ``dominos-1.3mf``... for several plates."""
    tiles: int
    plates: int


def make_solids(options: Mapping[str, object] | Options | Job, name: str = "dominos.3mf") -> Solids:
    """The 3MF files of ``options`` (a plate each, as ``--out NAME.3mf`` writes them), in memory;
    ``OptionError`` if an option is wrong or the theme has no shape to print (photos)."""
    from domino_print.output.solids import SolidFiles, plate_paths, solid_model, solid_settings
    from domino_print.sets.job import document_title

    job = options if isinstance(options, Job) else parse_options(options)
    model = solid_model(job, solid_settings(job.options), document_title(job))
    writer = SolidFiles("3mf")
    paths = plate_paths(Path(name), len(model.plates))
    data = writer.plate_data(model)
    return Solids(tuple((path.name, plate) for path, plate in zip(paths, data, strict=True)),
                  tiles=len(model.specs), plates=len(model.plates))


def plate_picture(options: Mapping[str, object] | Options | Job, plate: int = 1,
                  width_px: int = 1200) -> bytes:
    """A PNG of plate ``plate`` (1 for the first) of the 3D print of ``options``, seen from the front
    and above, ``width_px`` wide (``output.plate_picture``): the README's and the docs' pictures."""
    from domino_print.output.mesh import tile_mesh
    from domino_print.output.mesh_3mf import PlacedMesh
    from domino_print.output.plate_picture import plate_png
    from domino_print.output.solids import solid_model, solid_settings
    from domino_print.sets.job import document_title

    job = options if isinstance(options, Job) else parse_options(options)
    model = solid_model(job, solid_settings(job.options), document_title(job))
    if not 1 <= plate <= len(model.plates):
        raise ValueError(f"plate {plate} is out of range: the print has {len(model.plates)} plates")
    placed = [PlacedMesh(model.names[place.tile], tile_mesh(model.specs[place.tile]), place.x_mm,
                         place.y_mm) for place in model.plates[plate - 1].tiles]
    return plate_png(placed, model.colours, job.options.bed, width_px)
