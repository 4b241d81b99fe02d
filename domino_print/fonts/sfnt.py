"""TrueType font programs made smaller for embedding: the hinting left out, the names trimmed.

Hinting (the ``fpgm``, ``prep`` and ``cvt `` tables and each glyph's instructions) moves
outlines onto a coarse pixel grid; printers and PDF viewers at print resolution do not
need it, and in a PDF subset it weighs more than the outlines themselves. Web font and
PDF tools drop it by default for that reason (fontTools' subsetter and WeasyPrint,
``hinting=False``). ``without_hinting`` takes a TrueType font (ReportLab's subset for a
PDF) and returns the same outlines and metrics without instructions, with the naming
table cut to the font's names and licence notice (Windows records only).

Plain ``struct`` work on the sfnt format (Apple TrueType reference, OpenType ``glyf``,
``loca``, ``name`` chapters): fontTools would do the same but costs more to import than
our whole start-up budget allows.
"""

from __future__ import annotations

from struct import pack, unpack_from

HINTING_TABLES = frozenset({b"cvt ", b"fpgm", b"prep", b"hdmx", b"LTSH", b"VDMX"})
"""Tables that only serve hinting (device metrics included)."""
KEPT_NAME_IDS = frozenset({0, 1, 2, 3, 4, 5, 6, 13, 14})
"""Copyright, family, style, unique id, full name, version, PostScript name, licence and its URL."""
WINDOWS_PLATFORM = 3

# Composite glyph component flags (OpenType 'glyf').
_ARGS_ARE_WORDS = 0x0001
_HAVE_SCALE = 0x0008
_MORE_COMPONENTS = 0x0020
_HAVE_XY_SCALE = 0x0040
_HAVE_TWO_BY_TWO = 0x0080
_HAVE_INSTRUCTIONS = 0x0100


def read_tables(font: bytes) -> dict[bytes, bytes]:
    """The tables of a single TrueType font file, by tag."""
    (version, count) = unpack_from(">IH", font, 0)
    if version not in (0x00010000, 0x74727565):  # 1.0 or 'true': outlines in 'glyf'
        raise ValueError("not a TrueType font with 'glyf' outlines")
    tables = {}
    for index in range(count):
        tag, _checksum, offset, length = unpack_from(">4sIII", font, 12 + 16 * index)
        tables[tag] = font[offset : offset + length]
    return tables


def _checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    return sum(unpack_from(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF


def write_tables(tables: dict[bytes, bytes]) -> bytes:
    """A TrueType font file from its tables: directory sorted by tag, checksums and
    ``head.checkSumAdjustment`` computed."""
    tags = sorted(tables)
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    header = pack(">IHHHH", 0x00010000, count, power * 16, power.bit_length() - 1, count * 16 - power * 16)
    tables = dict(tables)
    if b"head" in tables:
        head = tables[b"head"]
        tables[b"head"] = head[:8] + b"\0\0\0\0" + head[12:]
    directory, body, table_at = [], [], {}
    offset = 12 + 16 * count
    for tag in tags:
        data = tables[tag]
        directory.append(pack(">4sIII", tag, _checksum(data), offset, len(data)))
        body.append(data + b"\0" * (-len(data) % 4))
        table_at[tag] = offset
        offset += len(body[-1])
    font = bytearray(header + b"".join(directory) + b"".join(body))
    if b"head" in table_at:
        adjustment = (0xB1B0AFBA - _checksum(bytes(font))) & 0xFFFFFFFF
        font[table_at[b"head"] + 8 : table_at[b"head"] + 12] = pack(">I", adjustment)
    return bytes(font)


def glyph_without_instructions(glyph: bytes) -> bytes:
    """One ``glyf`` entry with its instructions removed (empty glyphs stay empty)."""
    if not glyph:
        return glyph
    (contours,) = unpack_from(">h", glyph, 0)
    if contours >= 0:
        at = 10 + 2 * contours  # header, then the last point of each contour
        (length,) = unpack_from(">H", glyph, at)
        return glyph[:at] + b"\0\0" + glyph[at + 2 + length :]
    out = bytearray(glyph)
    at, flags = 10, _MORE_COMPONENTS
    had_instructions = False
    while flags & _MORE_COMPONENTS:
        (flags,) = unpack_from(">H", out, at)
        had_instructions |= bool(flags & _HAVE_INSTRUCTIONS)
        out[at : at + 2] = pack(">H", flags & ~_HAVE_INSTRUCTIONS)
        at += 4 + (4 if flags & _ARGS_ARE_WORDS else 2)
        if flags & _HAVE_SCALE:
            at += 2
        elif flags & _HAVE_XY_SCALE:
            at += 4
        elif flags & _HAVE_TWO_BY_TWO:
            at += 8
    return bytes(out[:at]) if had_instructions else bytes(out)


def _glyphs(tables: dict[bytes, bytes]) -> list[bytes]:
    (long_offsets,) = unpack_from(">h", tables[b"head"], 50)
    count = unpack_from(">H", tables[b"maxp"], 4)[0]
    loca = tables[b"loca"]
    if long_offsets:
        offsets = unpack_from(f">{count + 1}I", loca)
    else:
        offsets = tuple(2 * o for o in unpack_from(f">{count + 1}H", loca))
    glyf = tables[b"glyf"]
    return [glyf[offsets[i] : offsets[i + 1]] for i in range(count)]


def _glyf_and_loca(glyphs: list[bytes]) -> tuple[bytes, bytes, int]:
    """Glyph data (each entry padded to 4 bytes), its ``loca`` table, and the format used."""
    offsets, parts, at = [], [], 0
    for glyph in glyphs:
        offsets.append(at)
        padded = glyph + b"\0" * (-len(glyph) % 4)
        parts.append(padded)
        at += len(padded)
    offsets.append(at)
    if at // 2 <= 0xFFFF:
        return b"".join(parts), pack(f">{len(offsets)}H", *(o // 2 for o in offsets)), 0
    return b"".join(parts), pack(f">{len(offsets)}I", *offsets), 1


def trimmed_names(name: bytes) -> bytes:
    """The ``name`` table with only the Windows records of ``KEPT_NAME_IDS``."""
    _format, count, strings_at = unpack_from(">HHH", name, 0)
    records = []
    for index in range(count):
        platform, encoding, language, name_id, length, offset = unpack_from(">6H", name, 6 + 12 * index)
        if platform == WINDOWS_PLATFORM and name_id in KEPT_NAME_IDS:
            start = strings_at + offset
            records.append((platform, encoding, language, name_id, name[start : start + length]))
    header = pack(">HHH", 0, len(records), 6 + 12 * len(records))
    entries, strings = [], b""
    for platform, encoding, language, name_id, string in records:
        entries.append(pack(">6H", platform, encoding, language, name_id, len(string), len(strings)))
        strings += string
    return header + b"".join(entries) + strings


def without_hinting(font: bytes) -> bytes:
    """``font`` (a TrueType file) with no hinting tables, no glyph instructions, trimmed names."""
    tables = {tag: data for tag, data in read_tables(font).items() if tag not in HINTING_TABLES}
    glyf, loca, loca_format = _glyf_and_loca([glyph_without_instructions(g) for g in _glyphs(tables)])
    tables[b"glyf"], tables[b"loca"] = glyf, loca
    head = tables[b"head"]
    tables[b"head"] = head[:50] + pack(">h", loca_format) + head[52:]
    maxp = tables[b"maxp"]
    if len(maxp) >= 32:  # version 1.0: no instructions any more
        tables[b"maxp"] = maxp[:26] + b"\0\0" + maxp[28:]
    if b"name" in tables:
        tables[b"name"] = trimmed_names(tables[b"name"])
    return write_tables(tables)
