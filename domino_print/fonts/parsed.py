"""ReportLab's font for a font file, its parse kept in the user's cache (``user_cache``).

ReportLab's ``TTFont`` reads a TrueType file's tables, character map and widths when it is
made (a few milliseconds a style, on every run). What it reads is plain data (numbers, names,
tables of numbers): kept after the first run under a hash of the file's bytes and ReportLab's
version, and set back on a face the next time, the file's bytes read again for the subsets
(``makeSubset`` cuts them from the file). A test compares a face made from the cache with one
ReportLab parsed, attribute by attribute, and the PDFs' bytes.

Only what ReportLab's ``TTFont.__init__`` sets is set here, and the names it set are kept with
the entry: when a ReportLab makes a font with other attributes, the entry is not used.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from domino_print import user_cache

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

NOT_KEPT = frozenset({"_ttf_data", "filename", "_pdfScale"})
"""Face attributes not kept: the file's bytes and name (read again), and a function (remade)."""
FONT_ATTRIBUTES = ("fontName", "face", "encoding", "state", "_asciiReadable", "_shapable")
"""What ``TTFont.__init__`` sets (ReportLab 4 and 5), in the order ``font_from_cache`` sets them."""


def load_font(name: str, path: Path, face_class: type[TTFontFace], font_class: type[TTFont] | None = None
              ) -> TTFont:
    """The ReportLab font ``name`` of the file ``path`` (its subsets ASCII-free, as
    ``asciiReadable=False`` makes them), of class ``font_class`` (a ``TTFont`` that adds no
    attribute of its own; ``TTFont`` by default), its face of class ``face_class`` (a
    ``TTFontFace``)."""
    import reportlab
    from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont

    font_class = font_class or TTFont
    data = path.read_bytes()
    entry = user_cache.entry_name(f"font-{name}", data, f"reportlab {reportlab.Version}")
    kept = user_cache.load(entry)
    font = font_from_cache(name, path, data, kept, face_class, font_class) if isinstance(kept, dict) else None
    if font is not None:
        return font
    font = font_class(name, str(path), asciiReadable=False)
    font.face.__class__ = face_class  # same parsed data; a subclass may change how subsets are written
    face = vars(font.face)
    user_cache.store(entry, {
        "face": {key: bytes(value) if isinstance(value, TTFNameBytes) else value
                 for key, value in face.items() if key not in NOT_KEPT},
        "names": sorted(key for key, value in face.items() if isinstance(value, TTFNameBytes)),
        "font": list(vars(font)),
    }, replaces=f"font-{name}-")
    return font


def font_from_cache(name: str, path: Path, data: bytes, kept: dict, face_class: type[TTFontFace],
                    font_class: type[TTFont] | None = None) -> TTFont | None:
    """The font made from a cache entry, or None when the entry is not one this ReportLab made."""
    from fnmatch import fnmatch
    from weakref import WeakKeyDictionary

    from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont
    from reportlab.rl_config import unShapedFontGlob

    attributes, names, made = kept.get("face"), kept.get("names"), kept.get("font")
    if not (isinstance(attributes, dict) and isinstance(names, list) and made == list(FONT_ATTRIBUTES)):
        return None
    if not isinstance(attributes.get("unitsPerEm"), int) or attributes["unitsPerEm"] <= 0:
        return None
    face = object.__new__(face_class)  # made as ReportLab would, then given what it parsed
    state = dict(attributes)
    for key in names:
        if not isinstance(state.get(key), bytes):
            return None
        state[key] = TTFNameBytes(state[key])  # utf-8 as kept: the same text (.ustr) again
    state["_ttf_data"], state["filename"] = data, str(path)
    state["_pdfScale"] = _pdf_scale(state["unitsPerEm"])
    vars(face).update(state)
    font = object.__new__(font_class or TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = False
    font.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob)  # as TTFont.__init__
    return font


def _pdf_scale(units_per_em: int):
    """ReportLab's ``_pdfScale`` (``extractInfo``): font units to thousandths of the size."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor
