"""Build a static site from a catalogue: only the sets that changed are made again, all files or none.

The site folder holds ``index.html``, its two style sheets, ``sets/`` (each set's PDF and the
previews of its sheet and rules page, PNG and WebP where smaller) and the marker
``.domino-print-site.json``: every file the tool wrote with its SHA-256, and for each set
the content hash of its options (``SiteSet.key``) with the facts its card shows. A set whose
key is in the marker, and whose files are there as written, is not made again.

Nothing is removed unless the marker lists it and it is still as written; a folder with files
and no marker is refused. Every new file is written to a temporary beside its place
(``output.files.StagedFiles``) and all are renamed into place together at the end, after every
set was made: a failed build (a bad set, a full disk, Ctrl-C) leaves the previous site as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import NamedTuple

from domino_print import __version__
from domino_print.api import DominoError, WordedError
from domino_print.site.catalogue import Catalogue, CatalogueError, SiteSet, read_catalogue
from domino_print.site.made import (
    PREVIEW_DPI,
    SETS_DIR,
    STYLE_SHEETS,
    WEBP_METHOD,
    WEBP_QUALITY,
    Made,
    Picture,
)
from domino_print.site.page import render_index

MARKER = ".domino-print-site.json"


class Report(NamedTuple):
    out: Path
    sets: int
    made: int
    kept: int
    removed: int


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _file_sha(path: Path) -> str | None:
    """The SHA-256 of a regular file that is not a link, or None."""
    try:
        if path.is_symlink() or not path.is_file():
            return None
        return sha256(path.read_bytes())
    except OSError:
        return None


def read_marker(out: Path) -> dict | None:
    """The marker of a site the tool wrote in ``out``, or None when there is none."""
    marker = out / MARKER
    if not marker.is_file() or marker.is_symlink():
        return None
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        raise WordedError(says="site.marker_damaged", marker=marker, out_folder=out) from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), dict):
        raise WordedError(says="site.not_a_marker", fields=("out",), marker=marker, out_folder=out)
    for name, digest in data["files"].items():  # a marker edited by hand names nothing outside the site
        if not (isinstance(name, str) and _OWN_NAME.fullmatch(name) and isinstance(digest, str)
                and _DIGEST.fullmatch(digest)):
            raise WordedError(says="site.marker_lists_other", marker=marker, name=repr(name), out_folder=out)
    return data


_OWN_NAME = re.compile(r"index\.html|[a-z]+\.css|" + SETS_DIR + r"/[a-z0-9][a-z0-9-]*\.(?:pdf|png|webp)")
"""The names of the files the tool writes (``slug_of`` makes the set's part)."""
_DIGEST = re.compile(r"[0-9a-f]{64}")


def _check_folder(out: Path) -> None:
    if os.path.lexists(out) and (out.is_symlink() and not out.is_dir()):
        raise WordedError(says="site.dangling_link", fields=("out",), out_folder=out)
    if os.path.lexists(out) and not out.is_dir():
        raise WordedError(says="site.not_a_folder", fields=("out",), out_folder=out)


_LEFTOVER = re.compile(r"\.(?P<name>.+)\.(?:[a-z0-9_]{8}\.tmp|(?P<old>[0-9a-f]{8})\.old)")
"""What a killed build leaves beside a file (``output.files.StagedFiles``): its temporary, or the
previous version kept aside until the end (``.index.html.0a1b2c3d.old``)."""


def clear_leftovers(out: Path) -> list[Path]:
    """Remove what a killed build left in the site's folders, with the site locked (no build is
    running): temporaries go; a version kept aside goes if its file is there, else it is put back
    (the build was killed between the two renames). Hidden files published as the site were how a
    killed rebuild showed (issue 28). The paths removed or put back."""
    done: list[Path] = []
    for folder in (out, out / SETS_DIR):
        try:
            entries = [entry for entry in os.scandir(folder) if entry.is_file(follow_symlinks=False)]
        except OSError:
            continue
        for entry in entries:
            match = _LEFTOVER.fullmatch(entry.name)
            if match is None:
                continue
            original = Path(folder) / match.group("name")
            with contextlib.suppress(OSError):
                if match.group("old") and not os.path.lexists(original):
                    os.replace(entry.path, original)
                else:
                    os.unlink(entry.path)
                done.append(Path(entry.path))
    return done


def _check_out(out: Path) -> dict | None:
    _check_folder(out)
    if not out.exists():
        return None
    marker = read_marker(out)
    if marker is None and any(out.iterdir()):
        raise WordedError(says="site.not_ours", fields=("out",), out_folder=out, marker=MARKER)
    sets = out / SETS_DIR
    if os.path.lexists(sets) and (sets.is_symlink() or not sets.is_dir()):
        raise WordedError(says="site.sets_not_ours", fields=("out",), sets=sets)
    return marker


def build_site(catalogue_path: Path, out: Path, *, progress: Callable[[str], None] | None = None) -> Report:
    """Write (or bring up to date) the site of ``catalogue_path`` in ``out``."""
    from domino_print.output.files import StagedFiles

    _check_folder(out)
    catalogue = read_catalogue(catalogue_path, ignore=(out,))
    old_files: dict[str, str] = {}
    old_sets: dict[str, dict] = {}
    stale: list[str] = []

    def ours(path: Path) -> bool:
        """Whether ``path`` is a file the tool wrote and nobody changed since."""
        relative = path.relative_to(out).as_posix()
        return relative in old_files and _file_sha(path) == old_files[relative]

    def check_writable(relative: str) -> None:
        path = out / relative
        if os.path.lexists(path) and not ours(path):
            raise WordedError(says="site.file_changed", fields=("out",), path=path)

    made_now = 0
    created: list[Path] = []
    lock: int | None = None
    try:
        if not out.exists():
            out.mkdir(parents=True)
            created.append(out)
        lock = _lock(out)  # first: what another build is writing is not taken for a stranger's files
        clear_leftovers(out)
        marker = _check_out(out)
        old_files = dict(marker["files"]) if marker else {}
        old_sets = dict(marker.get("sets", {})) if marker else {}
        if not (out / SETS_DIR).exists():
            (out / SETS_DIR).mkdir()
            created.append(out / SETS_DIR)
        staged = StagedFiles()
        with staged:
            made: list[Made] = []
            for one in catalogue.sets:
                kept = _kept(old_sets.get(one.slug), one, out, old_files)
                if kept is not None:
                    made.append(kept)
                    continue
                if progress is not None:
                    progress(one.name)
                result, written = _make_set(catalogue, one)
                for relative, data in written.items():
                    check_writable(relative)
                    staged.add(out / relative, data, may_replace=ours)
                made.append(result)
                made_now += 1
            howto = _howto(catalogue, marker)
            site_files: dict[str, bytes] = {}
            for name, source in STYLE_SHEETS:
                site_files[name] = source.read_bytes()
            site_files["index.html"] = render_index(catalogue, made, howto["content"]).encode("utf-8")
            files: dict[str, str] = {}
            for result in made:
                files.update(result.files)
            for name, data in site_files.items():
                check_writable(name)
                staged.add(out / name, data, may_replace=ours)
                files[name] = sha256(data)
            stale = sorted(set(old_files) - set(files) - {MARKER})
            for relative in stale:
                staged.remove(out / relative, only_if=ours)
            new_marker = {
                "tool": "domino-print site",
                "format": 1,
                "version": __version__,
                "files": dict(sorted(files.items())),
                "sets": {result.pdf.removeprefix(f"{SETS_DIR}/").removesuffix(".pdf"): _marker_entry(result)
                         for result in made},
                "howto": howto,
            }
            staged.add(out / MARKER, (json.dumps(new_marker, indent=1, sort_keys=True, ensure_ascii=False)
                                      + "\n").encode("utf-8"))
    except BaseException:
        for folder in reversed(created):
            with contextlib.suppress(OSError):
                folder.rmdir()  # only if still empty: the build made it and wrote nothing in it
        raise
    finally:
        if lock is not None:
            os.close(lock)
    removed = sum(1 for relative in stale if not os.path.lexists(out / relative))
    return Report(out, len(catalogue.sets), made_now, len(catalogue.sets) - made_now, removed)


def _lock(out: Path) -> int | None:
    """Hold the site's folder for this build (an advisory lock on the folder itself, so no file is
    added): a second build of the same site is refused while one runs."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on Windows
        return None
    handle = os.open(out, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(handle)
        raise WordedError(says="site.busy", out_folder=out) from None
    return handle


def _marker_entry(result: Made) -> dict:
    return {
        "key": result.key, "pdf": result.pdf, "facts": result.facts, "files": result.files,
        "sheet": result.sheet._asdict(), "rules": result.rules._asdict() if result.rules else None,
    }


def _kept(entry: Mapping | None, one: SiteSet, out: Path, old_files: Mapping[str, str]) -> Made | None:
    """The set as the marker records it, if its key is the same and its files are there as written."""
    if not isinstance(entry, Mapping) or entry.get("key") != one.key:
        return None
    try:
        files = dict(entry["files"])
        for relative, digest in files.items():
            if old_files.get(relative) != digest or _file_sha(out / relative) != digest:
                return None
        rules = entry.get("rules")
        from domino_print.api import DocumentFacts

        DocumentFacts.from_json(entry["facts"])  # a marker of an older version: made again
        return Made(one.key, entry["pdf"], dict(entry["facts"]), Picture(**entry["sheet"]),
                    Picture(**rules) if rules else None, files)
    except (KeyError, TypeError, ValueError):
        return None


def _fail(catalogue: Catalogue, one: SiteSet, error: DominoError) -> CatalogueError:
    if isinstance(error, WordedError):
        key = error.fields[0] if error.fields else ""
        return CatalogueError(catalogue.path, one.where, key, "catalogue.problem", problem=error)
    return CatalogueError(catalogue.path, one.where, "", "catalogue.problem", problem=str(error))


def _make_set(catalogue: Catalogue, one: SiteSet) -> tuple[Made, dict[str, bytes]]:
    """Render one set: its PDF, the previews of its first sheet and of its rules page."""
    from domino_print import api

    try:
        job = api.parse_options(one.options)
        document = api.make_document(job)
        rules_index = api.rules_page(job)
        sheet_png = api.render_page_png(document, 0, dpi=PREVIEW_DPI)
        rules_png = (api.render_page_png(document, rules_index, dpi=PREVIEW_DPI)
                     if rules_index is not None else None)
    except DominoError as error:
        raise _fail(catalogue, one, error) from None
    base = f"{SETS_DIR}/{one.slug}"
    files: dict[str, bytes] = {f"{base}.pdf": document.pdf}
    sheet = _picture(files, f"{base}-sheet", sheet_png)
    rules = _picture(files, f"{base}-rules", rules_png) if rules_png else None
    facts = api.DocumentFacts.of(document).as_json()
    result = Made(one.key, f"{base}.pdf", facts, sheet, rules,
                  {relative: sha256(data) for relative, data in files.items()})
    return result, files


def _picture(files: dict[str, bytes], base: str, png: bytes) -> Picture:
    """The PNG, and a WebP of it when that is smaller; their names added to ``files``."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        width, height = image.size
        stream = io.BytesIO()
        image.convert("RGB").save(stream, "WEBP", quality=WEBP_QUALITY, method=WEBP_METHOD)
    files[f"{base}.png"] = png
    webp = stream.getvalue()
    if len(webp) < len(png):
        files[f"{base}.webp"] = webp
        return Picture(f"{base}.png", f"{base}.webp", width, height)
    return Picture(f"{base}.png", None, width, height)


def _howto(catalogue: Catalogue, marker: Mapping | None) -> dict:
    """The rules of the first set in the page's language, as plain data: kept from the marker when the
    first set and the language did not change."""
    first = catalogue.sets[0]
    key = sha256(f"{first.key}/{catalogue.lang}".encode())[:32]
    old = marker.get("howto") if marker else None
    if isinstance(old, Mapping) and old.get("key") == key and "content" in old:
        return dict(old)
    from domino_print import api

    try:
        job = api.parse_options({**first.options, "lang": catalogue.lang})
        content = api.rules_text(job)
    except DominoError as error:
        raise _fail(catalogue, first, error) from None
    if content is None:
        return {"key": key, "content": None, "set": first.name}
    return {
        "key": key, "set": first.name,
        "content": {
            "title": content.title,
            "facts": [list(fact) for fact in content.facts],
            "sections": [{"heading": section.heading, "steps": list(section.steps)}
                         for section in content.sections],
        },
    }
