"""The word a picture's file name gives as its label, or none when the name is a camera's.

Phones, cameras and messaging apps name pictures with a maker's prefix, a date, a time and a
counter (``IMG_20260714_153012.jpg``, ``DSC01234.JPG``, ``PXL_20260714_153012345.MP.jpg``,
``WhatsApp Image 2026-07-14 at 15.30.12.jpeg``, ``IMG-20260714-WA0003.jpg``, ``P1010001.JPG``):
none of it is a word for a child to read under a face. Such a name gives no label until the
user types one; a word left in it (``IMG_20260714_153012_vacances_bretagne.jpg`` ->
``vacances bretagne``) is kept. Any other name gives its words as before (``01-maman.jpg`` ->
``maman``, ``petit_chat.png`` -> ``petit chat``).

One owner: the command line's folders (``themes.user``) and the studio's uploads
(``studio.uploads``) both take their labels from ``label_from_stem``.
"""

from __future__ import annotations

import re
import unicodedata

CAMERA_PHRASES = re.compile(
    r"captura de pantalla|capture d['’]écran|bildschirmfoto|screenshot|screen shot"
    r"|whatsapp\s+(?:image|imagen|bild|video|vidéo)|(?<=\d)\s+(?:at|à|um|a las)\s+(?=\d)",
    re.IGNORECASE)
"""Screenshots' and WhatsApp's words in fr/en/es/de, and the word between a date and a time."""

CAMERA_WORDS = frozenset({
    # makers' and apps' prefixes: Apple, Android, Google Pixel, Sony, Nikon, Fuji, Casio, HTC,
    # Samsung cameras, GoPro, DJI, WhatsApp, Signal, Telegram (``photo_2026-07-14_15-30-12``)
    "img", "image", "photo", "dsc", "dscn", "dscf", "pxl", "mvimg", "vid", "pano", "burst", "dji",
    "gopr", "cimg", "sam", "imag", "signal", "telegram", "whatsapp", "wa",
    # what phones add after the counter
    "mp", "portrait", "cover", "hdr", "night", "edited",
})
"""Words of camera and messaging names, dropped once a name is seen to be one (lower case)."""

_FIRST = re.compile(r"(?:img|dsc[nf]?|pxl|mvimg)|image\d+", re.IGNORECASE)
"""A first word that makes a name a camera's on its own (``IMG_E1234``, iOS's ``image0``)."""
_PARTS = re.compile(r"[\s_\-.,;:()\[\]{}~+#]+")
_COUNTER = re.compile(r"\d{4,}|[^\W\d_]{1,8}\d{4,}", re.UNICODE)
"""A counter or a date: digits (``20260714``, ``0001``), a prefix and digits (``DSC01234``,
``P1010001``, ``WA0003``, ``IMG_E1234``'s ``E1234``, ``GH010001``); ``A380`` is a word."""


def label_from_stem(stem: str) -> str:
    """The label a file name (without its ending) gives: its words, or ``""`` for a camera's
    or a messaging app's name (a meaningful word left in it is kept)."""
    stem = unicodedata.normalize("NFC", stem)  # macOS gives file names decomposed
    stem = "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in stem)
    plain, phrases = CAMERA_PHRASES.subn(" ", stem)
    parts = [part for part in _PARTS.split(plain) if part]
    camera = bool(phrases) or any(_COUNTER.fullmatch(part) for part in parts) or bool(
        parts and _FIRST.fullmatch(parts[0]))
    if camera:
        kept = [part for part in parts if not part.isdigit() and not _COUNTER.fullmatch(part)
                and part.casefold() not in CAMERA_WORDS and not _FIRST.fullmatch(part)]
        return " ".join(kept)
    text = re.sub(r"^[0-9]+[\s._-]+(?=\S)", "", stem).replace("_", " ").strip()
    return " ".join(text.split()) or " ".join(stem.split())
