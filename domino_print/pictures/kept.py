"""Face pictures kept across renders in a process, keyed by the picture's content.

Preparing a raster picture for a face (decode, turn, fit, downsample, and for a photo the
JPEG the PDF embeds) gives the same result every time for the same bytes and the same
settings, so the studio's renders of one theme (each option change is a new PDF) and its
download need not decode a photo again: ``raster.draw_raster`` finds the result here.

- The key is a digest of the file's bytes (``content_digest``, worked out again whenever the
  file's status changes) with
  every setting that shapes the result (face size, dpi, fit, background, padding, margin,
  crop position, grey), never the path alone: a file changed in place is a new key, and a
  visitor can only reach an entry by holding the very bytes it was made from, so one
  visitor's picture is never shown to another.
- The value is what goes into the PDF: a photo's JPEG bytes, or the flat picture's pixels,
  and where it goes in the face; the PDF written from it is byte for byte the one written
  without it (a test compares a download made with the entries warm and cold).
- A face's size follows the margins and the paper (the tiles fill the page), so a second kind
  of entry keeps the decoded picture itself (``decoded_key``), keyed by its bytes and what
  decides its pixels (a JPEG's reduction factor): a new face size then only resamples it (a
  few milliseconds), never decodes the photo again (a 12 MP JPEG: tens of milliseconds, most
  of a PDF of photos).
- A third kind (``Embedded``) keeps the resampled and encoded picture by the decoded picture's
  key and the pixels the face asks for (whole pixels at the dpi): a margin that changes the face's
  size by less than a pixel neither resamples nor encodes it again (issue 36).
- Memory is bounded: at most ``KEPT_BYTES`` of encoded photos and pixels, the least
  recently used forgotten first; a picture larger than a quarter of that is not kept.
- A picture's header (its format and size, what a theme's check and the choice of a decoding
  read) is kept by its file's status too (``header``), a small record per file.
- A lock makes it safe from the studio's threads; each worker process has its own.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

KEPT_BYTES = 64 * 1024 * 1024
"""The most bytes of face pictures and decoded pictures a process keeps."""


class KeptFace(NamedTuple):
    """A face's picture ready for ``drawImage``: a photo's JPEG bytes or a flat picture's
    pixels (``photo`` says which), and its place in the face (points from its lower left)."""

    data: object
    photo: bool
    x: float
    y: float
    width: float
    height: float

    def weight(self) -> int:
        return _weight_of(self.data)


class Decoded(NamedTuple):
    """A picture as ``decode.decode`` gave it (never changed afterwards), with the format and
    mode its file had."""

    image: object
    source_format: str
    source_mode: str

    def weight(self) -> int:
        return _weight_of(self.image)


class Embedded(NamedTuple):
    """A face's picture as the PDF embeds it (a photo's JPEG bytes or a flat picture's pixels),
    whatever its place in the face: kept by its bytes' digest and all that makes its pixels
    (``raster.prepare_embedded``), so faces of other sizes in points but the same pixels share it."""

    data: object
    photo: bool

    def weight(self) -> int:
        return _weight_of(self.data)


def _weight_of(data: object) -> int:
    if isinstance(data, bytes):
        return len(data)
    width, height = data.size  # type: ignore[attr-defined]
    return width * height * len(data.getbands())  # type: ignore[attr-defined]


class _Recent:
    """A map of at most ``most`` weight (each value's ``weigh``), the least recently used
    forgotten first; a value heavier than ``largest`` is not kept. Safe from several threads."""

    def __init__(self, most: int, weigh: Callable[[Any], int], largest: int | None = None) -> None:
        self.most, self.weigh, self.largest = most, weigh, most if largest is None else largest
        self.weight = 0
        self._entries: OrderedDict[tuple, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> Any:
        """The value under ``key``, now the most recently used; None if none."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: tuple, value: Any) -> None:
        weight = self.weigh(value)
        if weight > self.largest:
            return
        with self._lock:
            if key in self._entries:
                self.weight -= self.weigh(self._entries.pop(key))
            self._entries[key] = value
            self.weight += weight
            while self.weight > self.most and self._entries:
                self.weight -= self.weigh(self._entries.popitem(last=False)[1])

    def values(self) -> list:
        with self._lock:
            return list(self._entries.values())

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.weight = 0


_kept = _Recent(KEPT_BYTES, lambda face: face.weight(), largest=KEPT_BYTES // 4)
"""Faces and decoded pictures, by ``face_key`` and ``decoded_key``."""
_DIGESTS_KEPT = 4096
_digests = _Recent(_DIGESTS_KEPT, lambda _digest: 1)
"""Files' digests (``content_digest``), by their ``file_status``."""
_HEADERS_KEPT = 4096
_headers = _Recent(_HEADERS_KEPT, lambda _header: 1)
"""Pictures' headers as ``raster`` reads them (format, size), by their files' ``file_status``."""


def header(path: Path, read: Callable[[Path], Any]) -> Any:
    """``read(path)``, a picture's header (``raster``), read once while the file's status stays the
    same (``file_status``: any write changes it): a theme's check, its pictures' resolution and
    their decoding then open the file once, not at every render. What ``read`` raises is raised
    every time (never kept); a file whose status changed while it was read is not kept either."""
    known = file_status(path)
    found = None if known is None else _headers.get(known)
    if found is not None:
        return found
    value = read(path)
    if known is not None and file_status(path) == known:
        _headers.put(known, value)
    return value


def face_key(path: Path, settings: tuple) -> tuple | None:
    """The key of the picture at ``path`` prepared with ``settings`` (hashable): the digest of
    its bytes and the settings; None if the file cannot be read (the caller then prepares it,
    and says what is wrong)."""
    digest = content_digest(path)
    return None if digest is None else (digest, settings)


def content_digest(path: Path) -> bytes | None:
    """The BLAKE2b digest of the file's bytes; None if it cannot be read.

    A file's digest is worked out once while its status stays the same (device, inode, size,
    and the times of its last change, to the nanosecond: any write changes ``st_ctime_ns``,
    which no program can set back), so a 12 MP photo is not read again at each render."""
    import hashlib  # deferred: pictures only

    known = file_status(path)
    if known is None:
        return None
    digest = _digests.get(known)
    if digest is not None:
        return digest
    try:
        data = path.read_bytes()
    except OSError:
        return None
    digest = hashlib.blake2b(data, digest_size=32).digest()
    if len(data) == known[3]:  # else changed while it was read: the digest is right, its status is not
        _digests.put(known, digest)
    return digest


def decoded_key(path: Path, decoding: tuple, digest: bytes | None = None) -> tuple | None:
    """The key of the picture at ``path`` decoded as ``decoding`` says (``raster._decoding``);
    ``digest``: its ``content_digest`` when the caller has it already (read this render)."""
    if digest is not None:
        return (digest, ("decoded", *decoding))
    return face_key(path, ("decoded", *decoding))


def file_status(path: Path) -> tuple | None:
    """What changes whenever the file at ``path`` is written: its device, inode, size, and the
    times of its last change to the nanosecond (``st_ctime_ns`` moves with any write, and no
    program can set it back); None if there is no such file."""
    try:
        status = path.stat()
    except OSError:
        return None
    return (str(path), status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def recall(key: tuple | None):
    """The face kept under ``key``, now the most recently used; None if none."""
    return None if key is None else _kept.get(key)


def keep(key: tuple | None, face: KeptFace | Decoded | Embedded) -> None:
    """Keep ``face`` under ``key``, forgetting the least recently used past ``KEPT_BYTES``."""
    if key is not None:
        _kept.put(key, face)


def forget_all() -> None:
    """Empty the store (tests compare a render with the store cold and warm)."""
    _kept.clear()
    _digests.clear()
    _headers.clear()


def kept_bytes() -> int:
    """How many bytes the store holds now."""
    return _kept.weight
