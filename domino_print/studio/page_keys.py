"""A fingerprint of each page of a PDF, so a page that looks the same is drawn only once.

Two previews often share pages: a new margin changes the sheet but not the rules page.
A page's look is fully given by the objects it reaches (its content, fonts, forms,
pictures), whatever their numbers in the file, so each page gets a Merkle hash: an
object's hash covers its bytes with every reference ``N 0 R`` replaced by the hash of
the object it names (the page's ``/Parent`` left out: it lists the other pages).

The parser reads the plain layout ReportLab writes (``N 0 obj ... endobj``, stream
lengths given directly, one ``/Pages`` node). Anything else gives ``None`` for every
page, and each page is then simply drawn.
"""

from __future__ import annotations

import hashlib
import re

_OBJECT = re.compile(rb"(\d+) 0 obj\r?\n")
_REFERENCE = re.compile(rb"(\d+) 0 R")
_LENGTH = re.compile(rb"/Length (\d+)(?! \d+ R)")
_PARENT = re.compile(rb"/Parent \d+ 0 R")
_KIDS = re.compile(rb"/Kids \[([^\]]*)\]")


class _Unreadable(Exception):
    pass


def _objects(pdf: bytes) -> dict[int, bytes]:
    objects: dict[int, bytes] = {}
    position = 0
    while match := _OBJECT.search(pdf, position):
        start = match.end()
        stream = pdf.find(b"stream", start)
        end = pdf.find(b"endobj", start)
        if end < 0:
            raise _Unreadable
        if 0 <= stream < end:
            length = _LENGTH.search(pdf, start, stream)
            if length is None:
                raise _Unreadable
            data_start = stream + len(b"stream") + (2 if pdf[stream + 6:stream + 8] == b"\r\n" else 1)
            end = pdf.find(b"endobj", data_start + int(length.group(1)))
            if end < 0:
                raise _Unreadable
        number = int(match.group(1))
        if number in objects:
            raise _Unreadable  # an incremental update: not what ReportLab writes
        objects[number] = pdf[start:end]
        position = end + len(b"endobj")
    return objects


def page_keys(pdf: bytes) -> list[str]:
    """One fingerprint per page, in order; an empty list when the file is not of the plain kind."""
    try:
        objects = _objects(pdf)
        nodes = [body for body in objects.values() if b"/Type /Pages" in body]
        if len(nodes) != 1 or not (kids := _KIDS.search(nodes[0])):
            raise _Unreadable
        pages = [int(n) for n in _REFERENCE.findall(kids.group(1))]
        hashes: dict[int, bytes] = {}

        def digest(number: int, path: frozenset[int]) -> bytes:
            if number in hashes:
                return hashes[number]
            if number in path or number not in objects:
                raise _Unreadable  # a cycle, or a reference to nothing
            body = objects[number]
            stream = body.find(b"stream")
            head, data = (body, b"") if stream < 0 else (body[:stream], body[stream:])
            if number in pages:
                head = _PARENT.sub(b"", head)
            inner = path | {number}
            # References live in the dictionary; stream data is hashed as it is (its bytes may
            # look like "0 0 R" by chance: "0 0 0 RG" sets a colour).
            parts = _REFERENCE.split(head)
            material = hashlib.sha256()
            for index, part in enumerate(parts):  # split() alternates text and object numbers
                material.update(digest(int(part), inner) if index % 2 else part)
            material.update(data)
            hashes[number] = material.digest()
            return hashes[number]

        return [digest(number, frozenset()).hex()[:32] for number in pages]
    except (_Unreadable, ValueError, RecursionError):
        return []
