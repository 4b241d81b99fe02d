"""How many members a .zip lists, and how many bytes its list takes, read from its end record
before ``zipfile`` parses the list (APPNOTE.TXT 4.3.16 and 4.3.14-4.3.15 for ZIP64).

``zipfile.ZipFile`` reads the whole central directory into memory and makes one ``ZipInfo``
per entry before a caller can count them: a 159 MB archive listing 3 million members costs
more than a gigabyte there. ``directory_size`` reads only the end record (the last 22 bytes
and at most a 64 KB comment before them, found as ``zipfile`` finds it) and, for a ZIP64
archive, the ZIP64 end record it points to; ``check_directory`` refuses a list longer than a
caller's limit before anything else is read.
"""

from __future__ import annotations

import contextlib
import os
import struct
from typing import BinaryIO, NamedTuple

_END = b"PK\x05\x06"
_END_SIZE = 22
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_LOCATOR_SIZE = 20
_ZIP64_END = b"PK\x06\x06"
_ZIP64_END_SIZE = 56
_MOST_COMMENT = 0xFFFF
ENTRY_BYTES = 46
"""A central directory entry's fixed part; its name, extra field and comment follow."""


class Directory(NamedTuple):
    """What the end record declares: ``members`` (entries) and ``size`` (bytes of the list)."""

    members: int
    size: int


class TooManyMembers(Exception):
    """The archive's list is longer than allowed: ``members`` and ``size`` as declared."""

    def __init__(self, members: int, size: int) -> None:
        self.members = members
        self.size = size
        super().__init__(f"{members} members, {size} bytes of central directory")


def directory_size(source: BinaryIO) -> Directory | None:
    """The central directory's declared length, read from the end of ``source`` (a seekable
    binary file); None when no end record is found (not a zip: ``zipfile`` will say so)."""
    try:
        source.seek(0, os.SEEK_END)
        length = source.tell()
        start = max(0, length - _END_SIZE - _MOST_COMMENT)
        source.seek(start)
        tail = source.read(length - start)
    except (OSError, ValueError):
        return None
    plain = len(tail) - _END_SIZE  # no comment: the record is the last 22 bytes (zipfile looks there first)
    bare = plain >= 0 and tail[plain:].startswith(_END) and tail.endswith(b"\x00\x00")
    at = plain if bare else tail.rfind(_END)
    if at < 0 or len(tail) - at < _END_SIZE:
        return None
    (_sig, _disk, _cd_disk, _here, members, size, offset,
     _comment) = struct.unpack("<4s4H2LH", tail[at:at + _END_SIZE])
    if members == 0xFFFF or size == 0xFFFFFFFF or offset == 0xFFFFFFFF:
        zip64 = _zip64(source, start + at)
        if zip64 is not None:
            return zip64
    return Directory(members, size)


def _zip64(source: BinaryIO, end_at: int) -> Directory | None:
    locator_at = end_at - _ZIP64_LOCATOR_SIZE
    if locator_at < 0:
        return None
    source.seek(locator_at)
    locator = source.read(_ZIP64_LOCATOR_SIZE)
    if len(locator) != _ZIP64_LOCATOR_SIZE or not locator.startswith(_ZIP64_LOCATOR):
        return None
    # zipfile reads the ZIP64 end record just before the locator, whatever the locator's offset says
    record_at = locator_at - _ZIP64_END_SIZE
    if record_at < 0:
        return None
    source.seek(record_at)
    record = source.read(_ZIP64_END_SIZE)
    if len(record) != _ZIP64_END_SIZE or not record.startswith(_ZIP64_END):
        return None
    _sig, _size, _made, _needed, _disk, _cd_disk, _here, members, size, _offset = struct.unpack(
        "<4sQ2H2L4Q", record)
    return Directory(members, size)


def check_directory(source: BinaryIO, *, most_members: int, most_entry_bytes: int = 1024) -> None:
    """Refuse (``TooManyMembers``) a zip whose end record declares more than ``most_members``
    entries, or a central directory longer than ``most_members`` entries of ``ENTRY_BYTES`` plus
    ``most_entry_bytes`` each (what ``zipfile`` reads whole, whatever the count says)."""
    declared = directory_size(source)
    _rewind(source)
    if declared is None:
        return
    if declared.members > most_members or declared.size > most_members * (ENTRY_BYTES + most_entry_bytes):
        raise TooManyMembers(declared.members, declared.size)


def _rewind(source: BinaryIO) -> None:
    with contextlib.suppress(OSError, ValueError):
        source.seek(0)
