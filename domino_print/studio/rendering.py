"""Previews and PDFs for the studio, through the same core as the command line, cached by options.

A preview is the PDF the options give (``api.make_document``) shown page by page as
JPEG as wide as the page shows them (``shown_width``), at most ``PREVIEW_DPI``: the first
page drawn with the PDF, the others when the browser asks. For the built-in themes the
preview's PDF is the very PDF to download: resolution (``dpi``) only matters for photos.
With a visitor's own pictures, the preview reads the small upright copies made at upload
(``preview/``), so no option change decodes a photo again; the PDF to download reads the
originals (``pictures/``) at the chosen ``dpi``, exactly as ``domino-print --theme <folder>``
does.

Everything is cached on disk under a key made from the options and the pictures'
state (``cache/<key>.pdf``, ``<key>.json``, the page pictures by fingerprint and width,
``page-<fingerprint>-w<width>.jpg``), so any worker can serve a page image or a download
that another worker previewed. Built-in themes share one cache for every visitor; pictures
have their session's.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shlex
import threading
from pathlib import Path

from domino_print.api import Document, DocumentFacts, make_document, make_solids, parse_options
from domino_print.api_internal import RENDERING
from domino_print.studio.page_keys import page_keys

PREVIEW_DPI = 50
"""A4 landscape 585 px wide: twice what a page of the preview takes on screen."""
PREVIEW_PIXELS = 1_500_000
"""The most pixels a page of the preview is drawn with: A3 at ``PREVIEW_DPI`` (970,000) fits; a
page of 2 x 2 m (a valid --paper) is drawn at a lower resolution instead of 15 million pixels."""


PAGE_WIDTH_STEP = 64
"""Page pictures are drawn as wide as the page shows them (in the screen's pixels) rounded up to
a multiple of this: a few widths, so that visitors' windows share the pictures of a preview."""
PAGE_WIDTH_MOST = 1280
"""The widest a page picture is asked for (wider is drawn this wide, within ``PREVIEW_DPI``)."""


def shown_width(asked: object) -> int | None:
    """The width (pixels) a page picture is drawn at for a page that shows it ``asked`` pixels
    wide: rounded up to ``PAGE_WIDTH_STEP``; None (``PREVIEW_DPI``) for anything but a positive
    whole number (a page that could not tell)."""
    if isinstance(asked, bool) or not isinstance(asked, int) or asked <= 0:
        return None
    steps = -(-min(asked, PAGE_WIDTH_MOST) // PAGE_WIDTH_STEP)
    return steps * PAGE_WIDTH_STEP


def render_scale(size_pt: tuple[float, float], dpi: float, most_pixels: int) -> float:
    """The scale a page of ``size_pt`` (points) is drawn at: ``dpi``, or less so that it takes at
    most ``most_pixels`` (the memory of one drawn page is about 4 bytes a pixel, twice)."""
    width, height = (max(1.0, float(side)) for side in size_pt)
    wanted = dpi / 72
    return min(wanted, (most_pixels / (width * height)) ** 0.5)


_PDFIUM = threading.Lock()
"""pdfium is not thread-safe: one page drawn at a time in a process (encoding runs beside)."""
_CORE = RENDERING
"""The core's lock (``api.RENDERING``: one document drawn at a time in a process), which the studio
holds around a render's parsing too, as it always has."""
FACTS = 3
"""The version of the facts kept beside a cached PDF (``<key>.json``): caches of older ones are not read."""
PICTURES = "pictures"
"""The theme value that stands for the visitor's own pictures in the form."""


def cache_key(options: dict, digest: str, kind: str) -> str:
    material = json.dumps({"options": options, "pictures": digest, "kind": kind, "facts": FACTS},
                          sort_keys=True)
    return hashlib.sha256(material.encode()).hexdigest()[:32]


def write_atomically(path: Path, data: bytes) -> None:
    """``data`` in ``path`` whole or not at all; the temporary is named per process and per
    thread, so two requests of one session writing the same file never share one."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def document_facts(document: Document) -> dict:
    return {**DocumentFacts.of(document).as_json(), "theme": document.theme}


def build(options: dict, cache_dir: Path, key: str) -> dict:
    """Make (or find) the PDF for ``options`` in ``cache_dir``; its facts. ``OptionError`` if bad.

    The facts include each page's fingerprint (``page_keys``): pages that look alike, in
    this PDF or another one of the same cache, share one picture.
    """
    return _build(options, cache_dir, key)[0]


def _build(options: dict, cache_dir: Path, key: str) -> tuple[dict, bytes | None]:
    """``build``, with the PDF's bytes when it was made now (None when it was found made)."""
    meta_path = cache_dir / f"{key}.json"
    pdf_path = cache_dir / f"{key}.pdf"
    if meta_path.is_file() and pdf_path.is_file():
        try:
            return json.loads(meta_path.read_text(encoding="utf-8")), None
        except (OSError, ValueError):
            pass
    with _CORE:
        job = parse_options(options)
        document = make_document(job)
    cache_dir.mkdir(parents=True, exist_ok=True)
    write_atomically(pdf_path, document.pdf)
    facts = document_facts(document)
    keys = page_keys(document.pdf)
    facts["page_keys"] = keys if len(keys) == document.pages else []
    write_atomically(meta_path, json.dumps(facts).encode())
    write_atomically(cache_dir / f"{key}.options.json", json.dumps(options).encode())  # for its 3D print
    return facts, document.pdf


def cached_options(cache_dir: Path, key: str) -> dict | None:
    """The options a cached PDF was made from (``build``), or None."""
    try:
        options = json.loads((cache_dir / f"{key}.options.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return options if isinstance(options, dict) else None


class TooManyTiles(Exception):
    """A 3D print above the studio's ``Limits.tiles_per_3d_print``: ``count`` tiles."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count


def build_3mf(options: dict, cache_dir: Path, key: str, most_tiles: int) -> tuple[str, bytes]:
    """The 3D print of ``options`` (``api.make_solids``), made once and cached: a 3MF for one plate,
    a zip of the plates' 3MF files for several; its suffix and bytes. ``OptionError`` if refused,
    ``TooManyTiles`` above ``most_tiles`` (counted before any mesh is made)."""
    import zipfile

    for suffix in (".3mf", ".zip"):
        path = cache_dir / f"{key}-3d{suffix}"
        if path.is_file():
            return suffix, path.read_bytes()
    with _CORE:
        job = parse_options(options)
        decks = [deck.tiles for deck in job.levels] or [job.tiles] * len(job.set_numbers)
        count = sum(len(tiles) for tiles in decks)
        if count > most_tiles:
            raise TooManyTiles(count)
        solids = make_solids(job)
    if len(solids.files) == 1:
        suffix, data = ".3mf", solids.files[0][1]
    else:
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as package:  # 3MF files are zips already
            for name, plate in solids.files:
                package.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), plate)
        suffix, data = ".zip", buffer.getvalue()
    cache_dir.mkdir(parents=True, exist_ok=True)
    write_atomically(cache_dir / f"{key}-3d{suffix}", data)
    return suffix, data


EAGER_PAGES = 1
"""Pages drawn with the PDF, before the preview answers (the first); the others when the browser
asks for them (``page_image``), each as its request comes."""
JPEG_QUALITY = 90
"""Page pictures are JPEG: ten times quicker to encode than PNG at this size, and a preview."""


def _page_path(cache_dir: Path, key: str, page: int, facts: dict, width: int | None) -> Path:
    """Where page ``page``'s picture ``width`` pixels wide is kept: by the page's fingerprint
    when it has one."""
    keys = facts.get("page_keys") or []
    wide = "" if width is None else f"-w{width}"
    if 0 <= page < len(keys):
        return cache_dir / f"page-{keys[page]}{wide}.jpg"
    return cache_dir / f"{key}-{page}{wide}.jpg"


def page_scale(size_pt: tuple[float, float], width: int | None) -> float:
    """The scale a page of ``size_pt`` is drawn at for the preview: ``width`` pixels wide (None:
    ``PREVIEW_DPI``), never above ``PREVIEW_DPI`` nor ``PREVIEW_PIXELS``."""
    scale = render_scale(size_pt, PREVIEW_DPI, PREVIEW_PIXELS)
    return scale if width is None else min(scale, width / max(1.0, float(size_pt[0])))


def _draw_pages(pdf: bytes, targets: dict[int, Path], width: int | None = None) -> dict[int, bytes]:
    """Draw the pages ``targets`` names (the PDF opened once) ``width`` pixels wide (``page_scale``),
    keep them on disk."""
    # pypdfium2 draws the pages: loaded with the first preview, not at start-up.
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    images = {}
    with _PDFIUM:
        document = pdfium.PdfDocument(pdf)
        try:
            for page in targets:
                if 0 <= page < len(document):
                    handle = document[page]
                    scale = page_scale(handle.get_size(), width)
                    # Drawn as RGB bytes straight away (no alpha to drop afterwards): the same picture.
                    images[page] = handle.render(scale=scale, force_bitmap_format=pdfium_c.FPDFBitmap_BGR,
                                                 rev_byteorder=True).to_pil()
                    handle.close()
        finally:
            document.close()
    drawn = {}
    for page, image in images.items():
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=JPEG_QUALITY, subsampling=0)
        drawn[page] = buffer.getvalue()
        write_atomically(targets[page], drawn[page])
    return drawn


def build_with_pages(options: dict, cache_dir: Path, key: str, width: int | None = None) -> dict:
    """``build``, then the first ``EAGER_PAGES`` page pictures ``width`` pixels wide not drawn yet,
    so the browser finds them ready."""
    facts, pdf = _build(options, cache_dir, key)
    eager = range(min(EAGER_PAGES, facts["pages"]))
    targets = {n: _page_path(cache_dir, key, n, facts, width) for n in eager}
    wanted = {n: path for n, path in targets.items() if not path.exists()}
    if wanted:
        _draw_pages(pdf if pdf is not None else (cache_dir / f"{key}.pdf").read_bytes(), wanted, width)
    return facts


def page_image(cache_dir: Path, key: str, page: int, width: int | None = None) -> bytes | None:
    """Page ``page`` of a cached PDF as a JPEG picture ``width`` pixels wide (``page_scale``), drawn
    once, then kept; None if unknown."""
    try:
        facts = json.loads((cache_dir / f"{key}.json").read_text(encoding="utf-8"))
        pdf_path = cache_dir / f"{key}.pdf"
    except (OSError, ValueError):
        return None
    path = _page_path(cache_dir, key, page, facts, width)
    try:
        return path.read_bytes()
    except OSError:
        pass
    try:
        pdf = pdf_path.read_bytes()
    except OSError:
        return None
    return _draw_pages(pdf, {page: path}, width).get(page)


def trim_cache(cache_dir: Path, max_bytes: int) -> int:
    """Remove the oldest cached files until ``cache_dir`` holds at most ``max_bytes``; how many went.

    A page picture or PDF removed is made again when asked for (``page_image``; a download
    of the visitor's pictures rebuilds its PDF), so trimming never breaks a page on screen
    for long, and a preview asked again simply renders again.
    """
    entries = []
    try:
        with os.scandir(cache_dir) as found:
            for entry in found:
                try:
                    info = entry.stat()
                except OSError:
                    continue
                entries.append((info.st_mtime, info.st_size, entry.path))
    except OSError:
        return 0
    total = sum(size for _, size, _ in entries)
    removed = 0
    for _, size, path in sorted(entries):
        if total <= max_bytes:
            break
        try:
            os.unlink(path)
        except OSError:
            continue
        total -= size
        removed += 1
    return removed


def command_line(options: dict, theme_path: Path | None) -> str:
    """The ``domino-print`` command that gives the same PDF."""
    words = ["domino-print"]
    for name, value in options.items():
        if name == "theme" and theme_path is not None:
            value = str(theme_path)
        flag = "--" + name.replace("_", "-")
        if value is True:
            words.append(flag)
        elif value is False or value is None or value == "":
            continue
        else:
            words += [flag, str(value)]
    return " ".join(shlex.quote(word) for word in words)
