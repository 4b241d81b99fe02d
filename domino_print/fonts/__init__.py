"""The typeface of every text the PDFs print: Fira Sans, embedded, and what it can print.

Fira Sans (SIL Open Font License 1.1) comes from the ``fontpkg-fira-sans`` package, a
dependency: a humanist sans made for reading (Mozilla's screen face, after FF Meta),
with open shapes, a tailed ``l`` apart from ``I`` and ``1``, a true italic and a true
bold, in static files ReportLab can embed. One cmap covers Latin with Vietnamese,
Polish, Turkish and the rest of Latin Extended, Greek and Cyrillic, the same in every
style.

Names: ``fonts.REGULAR``, ``fonts.BOLD``, ``fonts.ITALIC`` and ``fonts.BOLD_ITALIC`` are
ReportLab font names. Each style is registered with ReportLab the first time its name is
read (a module ``__getattr__``), so a run reads only the font files its pages use; what
ReportLab parses of each is kept in the user's cache (``fonts.parsed``, keyed by the file's
hash), so that later runs skip the parse (about 4 ms a style). ``paragraph_fonts``
registers regular and bold and the ``<b>`` mapping that Platypus paragraphs need.

Every text is embedded as a subset of the glyphs it uses, without the hinting
(``sfnt.without_hinting``: about 5 KB a style instead of 14 KB), each subset tagged by its own
six capitals (``subset_tags``). A character the font
lacks would print as an empty box: ``missing_characters`` finds them so that a user's
text (label, theme title, picture names) is refused before any drawing.
"""

from __future__ import annotations

import importlib
import threading
import unicodedata
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FAMILY = "Fira Sans"
LICENCE = "SIL Open Font License 1.1"
PACKAGE = "fontpkg_fira_sans"
"""The installed package that holds the font files (in its ``files/`` folder)."""

STYLES: dict[str, tuple[str, str]] = {
    "REGULAR": ("FiraSans", "FiraSans-Regular.ttf"),
    "BOLD": ("FiraSans-Bold", "FiraSans-Bold.ttf"),
    "ITALIC": ("FiraSans-Italic", "FiraSans-Italic.ttf"),
    "BOLD_ITALIC": ("FiraSans-BoldItalic", "FiraSans-BoldItalic.ttf"),
}
"""Each style: its ReportLab font name and its file."""

CAP_HEIGHT = 0.72
"""How tall the layout takes a capital or a digit to stand, in ems: Fira Sans's own cap height
(OS/2 ``sCapHeight``) is 0.689 in Regular and 0.693 in Bold, rounded up here for a little room."""

_registered: dict[str, TTFont] = {}

SUBSETS_KEPT = 256
"""Font subsets (the bytes of a style's glyphs for one set of characters) kept in a process, the
least recently used forgotten first: about 5 KB each."""
_subsets: OrderedDict[tuple[str, tuple[int, ...]], bytes] = OrderedDict()
_subsets_lock = threading.Lock()


def font_file(style: str) -> Path:
    """The installed file of ``style`` (``REGULAR``...), in the font package's ``files/`` folder."""
    package = importlib.import_module(PACKAGE)  # an empty package: the files are its data
    return Path(str(package.__file__)).parent / "files" / STYLES[style][1]


def _register(style: str) -> str:
    """Register ``style`` with ReportLab (once) and return its font name."""
    name, _file = STYLES[style]
    if name not in _registered:
        # ReportLab is loaded by whoever draws; this module stays cheap to import for option checks.
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFontFace

        from domino_print.fonts.sfnt import without_hinting
        from domino_print.fonts.subset_tags import TaggedTTFont
        from domino_print.fonts.widths import KeptWidths

        class MeasuredTTFont(KeptWidths, TaggedTTFont):
            """The font every page measures with: subset tags by content, widths kept (``widths``)."""

        class UnhintedFace(TTFontFace):
            """ReportLab's face, whose PDF subsets leave the hinting out (``sfnt``); each subset
            made once in a process and kept (``SUBSETS_KEPT``): the studio's renders reuse them."""

            def makeSubset(self, subset):
                key = (self.filename, tuple(subset))
                with _subsets_lock:
                    made = _subsets.get(key)
                    if made is not None:
                        _subsets.move_to_end(key)
                        return made
                made = without_hinting(super().makeSubset(subset))
                with _subsets_lock:
                    _subsets[key] = made
                    while len(_subsets) > SUBSETS_KEPT:
                        _subsets.popitem(last=False)
                return made

        from domino_print.fonts.parsed import load_font

        # asciiReadable=False: a subset holds the characters used, not the whole of ASCII besides.
        font = load_font(name, font_file(style), face_class=UnhintedFace, font_class=MeasuredTTFont)
        pdfmetrics.registerFont(font)
        _registered[name] = font
    return name


def __getattr__(attribute: str) -> str:
    """``fonts.REGULAR`` and the other style names: registered on first reading."""
    if attribute not in STYLES:
        raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
    name = _register(attribute)
    globals()[attribute] = name
    return name


def paragraph_fonts() -> tuple[str, str]:
    """Register the regular and bold styles and the family mapping Platypus uses for ``<b>``;
    return their names.

    The pages set no text in italic (a test checks the catalogues hold no ``<i>``): reading
    the italic file would cost 5 ms of every run's start-up for nothing. ``<i>``, should it
    appear, prints upright.
    """
    from reportlab.lib.fonts import addMapping  # deferred: ReportLab, for the rules page only

    regular, bold = _register("REGULAR"), _register("BOLD")
    for face in (regular, bold):
        addMapping(face, 0, 0, regular)
        addMapping(face, 1, 0, bold)
        addMapping(face, 0, 1, regular)
        addMapping(face, 1, 1, bold)
    return regular, bold


def printable(text: str) -> str:
    """``text`` in composed form (NFC): ``é`` as one character, as the font's cmap has it.

    File names on macOS come decomposed (``e`` + combining acute); ReportLab places no
    marks, so a decomposed accent would print beside its letter.
    """
    return unicodedata.normalize("NFC", text)


def missing_characters(text: str) -> str:
    """The characters of ``text`` (composed) the font cannot print, each once, in order.

    The four styles share one cmap (a test checks), so the regular one answers for all.
    """
    covered = _registered[_register("REGULAR")].face.charToGlyph
    missing: dict[str, None] = {}
    for character in printable(text):
        if ord(character) not in covered and character not in missing:
            missing[character] = None
    return "".join(missing)


def describe_characters(characters: str) -> str:
    """``'🐱' (U+1F431 CAT FACE)``, comma-separated: characters named for a message."""
    return ", ".join(
        f"{c!r} (U+{ord(c):04X}{' ' + unicodedata.name(c) if unicodedata.name(c, '') else ''})"
        for c in characters
    )
