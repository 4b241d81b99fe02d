"""Keep the work: a visitor's pictures as a theme file to download (.zip), and such a file opened again.

``archive_bytes`` makes the .zip of "Download the theme": ``theme.toml`` and the original
pictures, named by value and name (``01-maman.jpg``), the same theme the session's folder is
(order, names in every language, title, fit, background, crops, and the form's "names under
the pictures": ``show_labels``). ``domino-print --theme
photos.zip`` reads it as it is, or unzipped. Its bytes depend only on the pictures and the
settings (fixed dates), so the same work downloads as the same file.

``read_archive`` opens such a file (or any theme's .zip; the page sends it as the request's body,
kept on disk as it arrives): unpacked and loaded through the API
with the command line's rules (``api_internal.open_theme_archive``: containment, zip bombs, sizes), then
turned into uploads for the session (each picture checked and stored as any upload is) with
what the theme says of each one. Its refusals are worded in the page's language.
"""

from __future__ import annotations

import io
import re
import unicodedata
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from domino_print.api import ArchiveError, DominoError
from domino_print.api_internal import open_theme_archive as _open
from domino_print.studio import uploads as picture_files
from domino_print.studio.words import word
from domino_print.texts import languages

ZIP_DATE = (2024, 1, 1, 0, 0, 0)
"""Every member's date: the same work gives the same bytes."""
THEME_FILE = "theme.toml"


def _plain(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:40].strip("-")


def member_names(state: dict, lang: str) -> list[str]:
    """Each picture's name in the archive: its value and printed name, its stored ending."""
    names = []
    for value, picture in enumerate(state.get("pictures", [])):
        stem = _plain(picture_files.printed_name(picture, lang, value))
        suffix = Path(picture["file"]).suffix
        names.append(f"{value:02d}-{stem}{suffix}" if stem else f"{value:02d}{suffix}")
    return names


def archive_bytes(state: dict, pictures_dir: Path, titles: dict[str, str], lang: str, *,
                  print_labels: bool = False) -> bytes:
    """The theme of ``state`` as a .zip: ``theme.toml`` and the pictures of ``pictures_dir``;
    ``print_labels`` when the form prints the names under the pictures (``--labels``)."""
    names = member_names(state, lang)
    renamed = {**state, "pictures": [{**p, "archived": name}
                                      for p, name in zip(state["pictures"], names, strict=True)]}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        def add(name: str, data: bytes, compress: int) -> None:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = compress
            info.external_attr = 0o644 << 16
            out.writestr(info, data)

        text = picture_files.theme_text(renamed, "archived", titles, print_labels=print_labels)
        add(THEME_FILE, text.encode("utf-8"), zipfile.ZIP_DEFLATED)
        for picture, name in zip(state["pictures"], names, strict=True):
            add(name, (pictures_dir / picture["file"]).read_bytes(), zipfile.ZIP_STORED)  # packed already
    return buffer.getvalue()


def archive_name(state: dict) -> str:
    """The downloaded file's name: ``theme-<title>.zip``."""
    slug = _plain(str(state.get("title") or ""))
    return f"theme-{slug}.zip" if slug else "theme.zip"


@dataclass
class OpenedTheme:
    """A theme's .zip turned into what the session takes: uploads in value order, and per upload
    its names by language and crop; the theme's fit, background and title."""

    uploads: list[tuple[str, Callable[[], bytes]]] = field(default_factory=list)
    labels: list[dict[str, str]] = field(default_factory=list)
    crops: list[tuple[float, float] | None] = field(default_factory=list)
    fit: str = "contain"
    background: str = "#FFFFFF"
    title: str = ""
    print_labels: bool = False


class RefusedTheme(Exception):
    """A theme file the studio does not open: ``message`` in the page's language."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


PAGE_WORDS = {"archive.outside": "unsafe", "archive.link": "unsafe_link", "archive.twice": "unsafe_twice",
              "archive.file_and_folder": "unsafe_file_and_folder", "archive.not_plain": "unsafe_not_plain",
              "archive.member_too_large": "too_large", "archive.bomb": "too_large",
              "archive.too_large": "too_large", "archive.too_many": "too_many",
              "archive.no_pictures": "no_pictures", "archive.no_picture": "no_pictures"}
"""The page's words (``studio.theme.error.<key>``) for an archive's problem (its ``says``): shorter
than the command line's, which name the file's folder and a library's words; any other problem of
the zip itself (not one, damaged, encrypted) is ``not_a_zip``."""


def refusal(error: DominoError, lang: str, table: str = "theme.error") -> str:
    """The page's words for a refused theme file, or for a list's .zip (``table`` ``list.zip``:
    words that call it a list, not a theme; every key of ``PAGE_WORDS`` and ``not_a_zip``)."""
    if isinstance(error, ArchiveError):
        key = PAGE_WORDS.get(error.says, "not_a_zip")
        name = error.name if len(error.name) <= 80 else error.name[:80] + "…"
        values = {"name": name, "count": error.values.get("count", "?"),
                  "limit": error.values.get("limit", "?")}
        return word(lang, f"{table}.{key}", **values)
    return word(lang, "theme.error.bad_theme")


def read_archive(zip_path: Path, folder: Path, lang: str, most_bytes: int | None = None,
                 most_file_bytes: int | None = None) -> OpenedTheme:
    """Open a theme's .zip sent by the visitor (kept on disk at ``zip_path``), unpacked into the
    empty ``folder``, which the caller keeps while the uploads are read: each upload reads its
    picture from there when its turn comes (one picture in memory at a time); at most
    ``most_bytes`` unpacked (the session's limit), ``most_file_bytes`` for one picture.
    ``RefusedTheme`` (worded in ``lang``) if refused."""
    try:
        theme = _open(zip_path, folder, most_bytes=most_bytes, most_file_bytes=most_file_bytes)
    except DominoError as exc:
        raise RefusedTheme(refusal(exc, lang)) from None
    opened = OpenedTheme(fit=theme.fit, background=theme.background, print_labels=theme.print_labels)
    default_titles = {word(code, "pictures.default_title") for code in languages()}
    title = theme.title_in(lang)
    opened.title = "" if title in default_titles or title == theme.name else title
    for value, path in enumerate(theme.images):
        opened.uploads.append((f"{value:03d}-{path.name}", path.read_bytes))
        opened.labels.append({code: theme.labels[code][value] for code in languages()
                              if code in theme.labels and value < len(theme.labels[code])})
        opened.crops.append(theme.crops[value] if value < len(theme.crops) else None)
    return opened
