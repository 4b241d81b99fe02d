"""A theme as one .zip file (``--theme photos.zip``): the studio's "Download the theme", a folder
zipped by a file manager, a colleague's theme sent by mail.

``unpack_theme`` checks every member before it writes one, with the rules a folder follows
(``files.inside_folder``) and limits of its own, each refusal one line (``ArchiveError``):

* every name stays inside the folder it is unpacked into: no absolute name, no ``..``, no drive,
  no link (a member marked as a symbolic link), no name twice ("zip slip");
* at most ``MAX_MEMBERS`` members, none over ``MAX_MEMBER_BYTES`` once unpacked, all together
  at most ``MAX_TOTAL_BYTES``, and none that unpacks to more than ``MAX_RATIO`` times its packed
  size past its first megabyte ("zip bombs"); the sizes the archive declares bound what is
  read (``zipfile`` stops there and checks the CRC);
* encrypted members are refused; only pictures (``pictures.IMAGE_SUFFIXES``) and ``theme.toml``
  are written, other files (a ``__MACOSX`` folder, ``.DS_Store``, notes) are left out.

The theme is then the folder holding ``theme.toml`` (the archive's top, or the one folder at its
top, as a zipped folder has it) and is read as any folder theme. ``load_zip_theme`` unpacks once
per archive and process, into a temporary folder named after the archive and removed at exit.
"""

from __future__ import annotations

import atexit
import shutil
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, NamedTuple

from domino_print.errors import Phrase, system_words
from domino_print.pictures import IMAGE_SUFFIXES
from domino_print.themes.files import OutsideFolder, inside_folder
from domino_print.themes.model import ThemeError
from domino_print.themes.zip_directory import TooManyMembers, check_directory

if TYPE_CHECKING:
    import zipfile

MAX_MEMBERS = 500
MAX_MEMBER_BYTES = 64 * 1024 * 1024
"""A picture, unpacked: twice the studio's upload limit."""
MAX_TOTAL_BYTES = 512 * 1024 * 1024
MAX_RATIO = 100
"""Pictures are compressed already (a JPEG or PNG packs to about its own size): a member that
unpacks to a hundred times its packed size past its first megabyte is a bomb."""
_RATIO_FROM = 1024 * 1024
THEME_FILE = "theme.toml"
_LEFT_OUT_FOLDERS = ("__MACOSX",)


class ArchiveError(ThemeError):
    """A theme archive refused before anything is unpacked: ``says`` is which problem (``archive.*``:
    not a zip, a name outside the folder, one not plain, a link, a name twice, a file and a folder,
    too large, too many members, no pictures...); ``name`` the member at fault (when one is)."""

    def __init__(self, template: str = "", /, *, says: str = "", path: object, name: str = "",
                 **values: Any) -> None:
        self.name = name
        super().__init__(template, says=says, path=path, name=name, **values)


class ArchiveLimits(NamedTuple):
    """What one archive may unpack to: ``members`` listed, bytes of one member and of all."""

    members: int = MAX_MEMBERS
    member_bytes: int = MAX_MEMBER_BYTES
    total_bytes: int = MAX_TOTAL_BYTES


def default_limits() -> ArchiveLimits:
    """The command line's limits (the module's constants, read when asked)."""
    return ArchiveLimits(MAX_MEMBERS, MAX_MEMBER_BYTES, MAX_TOTAL_BYTES)


def _kept(name: str) -> bool:
    """Whether a member is part of the theme: a picture or theme.toml, not hidden, not macOS's."""
    parts = PurePosixPath(name).parts
    if not parts or any(part in _LEFT_OUT_FOLDERS or part.startswith(".") for part in parts):
        return False
    return parts[-1].lower() == THEME_FILE or PurePosixPath(name).suffix.lower() in IMAGE_SUFFIXES


def _too_many(zip_path: Path, count: int, limit: int) -> ArchiveError:
    return ArchiveError(says="archive.too_many", path=zip_path, count=count, limit=limit)


def _file_and_folder(members: list[zipfile.ZipInfo], zip_path: Path) -> None:
    """Refuse a name that is a file and, in another member, a folder (``x.png``, ``x.png/y.png``)."""
    files = {m.filename.casefold(): m.filename for m in members if not m.is_dir()}
    for member in members:
        parts = PurePosixPath(member.filename).parts
        for end in range(1, len(parts)):
            folder = "/".join(parts[:end]).casefold()
            if folder in files:
                raise ArchiveError(says="archive.file_and_folder", path=zip_path, name=files[folder],
                                   other=member.filename)


def _checked_members(archive: zipfile.ZipFile, zip_path: Path, into: Path, limits: ArchiveLimits,
                     kept_if: Callable[[str], bool] | None = None) -> list[zipfile.ZipInfo]:
    members = archive.infolist()
    if len(members) > limits.members:
        raise _too_many(zip_path, len(members), limits.members)
    seen: set[str] = set()
    kept, total = [], 0
    for member in members:
        name = member.filename
        try:
            inside_folder(into, name)
        except OutsideFolder:
            raise ArchiveError(says="archive.outside", path=zip_path, name=name) from None
        if "\\" in name or (len(name) > 1 and name[1] == ":"):
            raise ArchiveError(says="archive.not_plain", path=zip_path, name=name)
        if stat.S_ISLNK(member.external_attr >> 16):
            raise ArchiveError(says="archive.link", path=zip_path, name=name)
        folded = name.rstrip("/").casefold()
        if folded in seen:
            raise ArchiveError(says="archive.twice", path=zip_path, name=name)
        seen.add(folded)
        if member.is_dir() or not (kept_if or _kept)(name):
            continue
        if member.flag_bits & 0x1:
            raise ArchiveError(says="archive.encrypted", path=zip_path, name=name)
        if member.file_size > limits.member_bytes:
            raise ArchiveError(says="archive.member_too_large", path=zip_path, name=name,
                               size=member.file_size // (1024 * 1024),
                               limit=limits.member_bytes // (1024 * 1024))
        if member.file_size > _RATIO_FROM and member.file_size > MAX_RATIO * max(1, member.compress_size):
            raise ArchiveError(says="archive.bomb", path=zip_path, name=name,
                               ratio=member.file_size // max(1, member.compress_size))
        total += member.file_size
        if total > limits.total_bytes:
            raise ArchiveError(says="archive.too_large", path=zip_path, name=name,
                               limit=limits.total_bytes // (1024 * 1024))
        kept.append(member)
    _file_and_folder(members, zip_path)
    pictures = any(PurePosixPath(m.filename).suffix.lower() in IMAGE_SUFFIXES for m in kept)
    if kept_if is None and not pictures:
        raise ArchiveError(says="archive.no_pictures", path=zip_path)
    return kept


def _theme_root(kept: list[zipfile.ZipInfo], into: Path) -> Path:
    """The folder of ``theme.toml`` nearest the top, else the one folder at the top, else the top."""
    tomls = sorted((PurePosixPath(m.filename) for m in kept if PurePosixPath(m.filename).name.lower()
                    == THEME_FILE), key=lambda p: len(p.parts))
    if tomls:
        return into.joinpath(*tomls[0].parent.parts)
    tops = {PurePosixPath(m.filename).parts[0] for m in kept}
    if len(tops) == 1 and all(len(PurePosixPath(m.filename).parts) > 1 for m in kept):
        return into / tops.pop()
    return into


def _open_counted(zip_path: Path, limits: ArchiveLimits, says: str = "archive.not_a_zip") -> zipfile.ZipFile:
    """The archive opened once its members are counted from its end record, before ``zipfile``
    reads their list; ``ArchiveError`` worded by ``says`` (a theme's names its way out) if it
    cannot be read."""
    import zipfile  # loaded for a .zip only: a run without one spares the import

    try:
        with open(zip_path, "rb") as source:
            check_directory(source, most_members=limits.members)
        return zipfile.ZipFile(zip_path)
    except TooManyMembers as many:
        raise _too_many(zip_path, many.members, limits.members) from None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise ArchiveError(says=says, path=zip_path,
                           problem=str(exc) or Phrase("archive.damaged")) from None


def unpack_files(zip_path: Path, into: Path, kept_if: Callable[[str], bool],
                 limits: ArchiveLimits | None = None) -> list[Path]:
    """Check ``zip_path`` whole as ``unpack_theme`` does, then unpack the members ``kept_if`` keeps
    (a list of pairs and its pictures, issue 27) into the empty folder ``into``; their paths."""
    limits = limits or default_limits()
    archive = _open_counted(zip_path, limits)
    with archive:
        return _unpack_members(archive, _checked_members(archive, zip_path, into, limits, kept_if),
                               zip_path, into)


def _unpack_members(archive: zipfile.ZipFile, members: list[zipfile.ZipInfo], zip_path: Path,
                    into: Path) -> list[Path]:
    """Write each checked member under ``into``; the files written. ``ArchiveError`` if one is damaged."""
    import zipfile

    written = []
    for member in members:
        target = inside_folder(into, member.filename)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            with archive.open(member) as source, open(target, "xb") as out:
                shutil.copyfileobj(source, out, 1024 * 1024)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
            raise ArchiveError(says="archive.member_damaged", path=zip_path,
                               name=member.filename, problem=str(exc) or type(exc).__name__) from None
        written.append(target)
    return written


def unpack_theme(zip_path: Path, into: Path, limits: ArchiveLimits | None = None) -> Path:
    """Check ``zip_path`` whole, then unpack its pictures and theme.toml into the empty folder
    ``into``; the folder the theme is read from. ``ArchiveError`` (nothing written) if refused.
    The members are counted from the archive's end record before ``zipfile`` reads their list."""
    limits = limits or default_limits()
    archive = _open_counted(zip_path, limits, says="archive.not_a_theme_zip")
    with archive:
        kept = _checked_members(archive, zip_path, into, limits)
        _unpack_members(archive, kept, zip_path, into)
        if not kept:
            raise ArchiveError(says="archive.no_picture", path=zip_path)
        return _theme_root(kept, into)


_UNPACKED: dict[tuple[str, int, int], Path] = {}
"""Archives unpacked in this process, by (real path, size, change time): the folder their theme is."""
_TEMPORARY: list[Path] = []


def _remove_unpacked() -> None:
    for folder in _TEMPORARY:
        shutil.rmtree(folder, ignore_errors=True)


atexit.register(_remove_unpacked)


def unpacked_folder(zip_path: Path) -> Path:
    """The folder theme ``zip_path`` unpacks to: unpacked once per process, removed at exit."""
    try:
        info = zip_path.stat()
    except OSError as exc:
        raise ArchiveError(says="archive.unreadable", path=zip_path,
                           problem=system_words(exc)) from None
    key = (str(zip_path.resolve()), info.st_size, info.st_mtime_ns)
    if key in _UNPACKED and _UNPACKED[key].exists():
        return _UNPACKED[key]
    temporary = Path(tempfile.mkdtemp(prefix="domino-print-theme-"))
    _TEMPORARY.append(temporary)
    into = temporary / (zip_path.stem or "theme")
    into.mkdir()
    try:
        folder = unpack_theme(zip_path, into)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise
    _UNPACKED[key] = folder
    return folder
