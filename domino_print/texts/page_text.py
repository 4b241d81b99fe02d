"""The one check for every text that reaches a page: --label, a theme's title and its labels.

``check_page_text(text, most=...)`` collapses runs of white space to one space and
refuses, with the same words wherever the text came from:

* an empty text;
* a text longer than ``most`` characters;
* text that is not valid UTF-8 (a file or folder name holding a stray byte reaches
  Python as a lone surrogate: see PEP 383);
* control and format characters: C0/C1 controls, bidi overrides and isolates
  (U+202A-U+202E, U+2066-U+2069, which can make a label read backwards), zero-width
  characters, private-use and unassigned code points;
* characters the page's font cannot draw (``font_lacks``; they would print as
  black boxes or nothing at all).

It raises ``TextError`` with the problem's catalogue key and fields (``error.text.control``,
"{subject} contains control characters (U+0007); use plain text"): each caller gives its
subject, ``--label`` (an ``OptionError``, exit 2) or ``photos/theme.toml: labels.fr[3]`` (a
``ThemeError``, exit 1), and each surface words it in its language.

``displayed(text)`` shows any text safely in a one-line message: stray bytes as
``\\xff``, control characters as ``\\x07`` or ``\\u202e``, so a hostile file name
can neither break the line nor send escape sequences to the terminal.

``shortened(text)`` is the most of a text a message quotes (``QUOTED_CHARS``).

``file_name_part(text)`` makes a theme's name safe to put in a default file name.

``normalise(text)`` is how two texts are compared when their writing should not count
(case, accents, spaces, typographic quotes): the sides of a list (``sets.meaning``), the
words of a header row (``themes.pairs``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from domino_print import fonts
from domino_print.errors import DominoError, Phrase

_NOT_PRINTABLE = {"Cc", "Cf", "Co", "Cn", "Zl", "Zp"}
"""Unicode categories that never belong on a page: controls, format (bidi, zero-width),
private use, unassigned, line and paragraph separators (``split`` already turns them to spaces)."""


class TextError(DominoError):
    """A text that cannot go on a page: ``says`` is the problem's catalogue key
    (``error.text.<problem>``, whose words start with its ``{subject}``), ``values`` its fields.
    Each caller gives the subject: ``phrase(subject)`` is the problem as part of another message,
    ``about(subject)`` the whole message in English."""

    def __init__(self, says: str, **values: object) -> None:
        self.says = says
        self.values = values
        super().__init__(self.about("the text"))

    def phrase(self, subject: object) -> Phrase:
        """The problem, worded in any language, with ``subject`` (text or phrase) in front."""
        return Phrase(self.says, subject=subject, **self.values)

    def about(self, subject: object) -> str:
        return str(self.phrase(subject))


def font_lacks(text: str) -> str:
    """The characters of ``text`` that the page's font cannot draw, in order, each once."""
    return fonts.missing_characters(text)


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"


def check_page_text(text: str, *, most: int, printed: bool = True) -> str:
    """``text`` with white space collapsed, if it can go on a page; ``TextError`` otherwise.

    ``printed=False`` for a text that names something but is not drawn (a theme's name, used
    in file names and messages): every check but the font's."""
    collapsed = fonts.printable(" ".join(text.split()))
    if not collapsed:
        raise TextError("text.empty")
    stray = [c for c in collapsed if 0xD800 <= ord(c) <= 0xDFFF]
    if stray:
        byte = ord(stray[0]) - 0xDC00 if 0xDC80 <= ord(stray[0]) <= 0xDCFF else None
        shown = (Phrase("text.byte", byte=f"0x{byte:02X}") if byte is not None
                 else Phrase("text.code", code=_code(stray[0])))
        raise TextError("text.not_utf8", shown=shown)
    if len(collapsed) > most:
        raise TextError("text.too_long", length=len(collapsed), most=most)
    control = [c for c in collapsed if unicodedata.category(c) in _NOT_PRINTABLE]
    if control:
        raise TextError("text.control", code=_code(control[0]))
    lacking = font_lacks(collapsed) if printed else ""
    if lacking:
        raise TextError("text.font_lacks", family=fonts.FAMILY, characters=fonts.describe_characters(lacking))
    return collapsed


def displayed(text: str) -> str:
    """``text`` for a one-line message: stray bytes as ``\\xff``, controls as ``\\x07``/``\\u202e``."""
    out = []
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0xD800 <= code <= 0xDFFF or unicodedata.category(char) in _NOT_PRINTABLE or char == "\t":
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


QUOTED_CHARS = 40
"""The most of a user's text a message quotes: a 95 MB cell is named by its first words."""


def shortened(text: str, most: int = QUOTED_CHARS) -> str:
    """``text`` cut to ``most`` characters and an ellipsis, for quoting in a message."""
    return text if len(text) <= most else text[:most] + "…"


MAX_FILE_NAME_PART = 60


def file_name_part(name: str, fallback: str = "theme") -> str:
    """``name`` as a safe piece of a file name: letters, digits, ``-``, ``_`` and ``.`` kept (any
    script), every other run of characters one ``-``; no leading dot; at most 60 characters."""
    kept = []
    for char in unicodedata.normalize("NFC", name):
        if char.isalnum() or char in "-_.":
            kept.append(char)
        elif kept and kept[-1] != "-":
            kept.append("-")
    part = "".join(kept)[:MAX_FILE_NAME_PART].strip("-.")
    return part or fallback


QUOTES = {"‘": "'", "’": "'", "‚": "'", "‛": "'", "ʼ": "'", "′": "'", "“": '"', "”": '"', "„": '"',
          "‟": '"', "«": '"', "»": '"', "‹": "'", "›": "'", "″": '"'}


@cache
def _around_quotes() -> re.Pattern[str]:
    return re.compile(r"\s*(['\"])\s*")


def normalise(text: str) -> str:
    """``text`` as two sides are compared: case folded, accents removed, typographic quotes
    made plain (with no space around them: « oui » = "oui"), runs of spaces one space, no space
    at the ends."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(QUOTES.get(c, c) for c in decomposed if not unicodedata.combining(c))
    return _around_quotes().sub(r"\1", " ".join(plain.split()))
