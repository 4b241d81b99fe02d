"""Font subset tags: the six capital letters before ``+`` in an embedded subset's name.

ISO 32000-1 (9.6.4, "Font subsets") asks that a subset's PostScript name begin with a tag of
six upper-case letters, "chosen arbitrarily" but such that "different subsets in the same PDF
file shall have different tags". ReportLab numbers its subsets, so the first subset of every
font is ``AAAAAA+``: two fonts, two subsets, one tag, and some preflights warn. Here the tag is
derived from the subset itself (the font's name and the characters it holds), so that the same
document gets the same tags (the same bytes) and two subsets of a document get two tags.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Iterable

from reportlab.pdfbase import ttfonts

TAG_LETTERS = 6


def subset_tag(font_name: str, code_points: Iterable[int], taken: Collection[str] = ()) -> str:
    """Six capitals from a digest of ``font_name`` and the subset's characters, not in ``taken``
    (a digest that happens to give a tag already used in the document is rehashed)."""
    text = f"{font_name}:{','.join(map(str, code_points))}"
    while True:
        number = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
        letters = []
        for _ in range(TAG_LETTERS):
            number, letter = divmod(number, 26)
            letters.append(chr(ord("A") + letter))
        tag = "".join(letters)
        if tag not in taken:
            return tag
        text += "+"


class TaggedTTFont(ttfonts.TTFont):
    """ReportLab's TrueType font, its subsets tagged by ``subset_tag`` instead of by number."""

    def addObjects(self, doc) -> None:
        """ReportLab's objects for each subset, under its tag. ReportLab reads its module's
        ``SUBSETN`` as it names them: replaced for this call only (documents are saved one at a
        time: ``studio.rendering`` holds a lock round ReportLab's subsetting)."""
        state = self.state.get(doc)
        taken: set[str] = doc.__dict__.setdefault("domino_subset_tags", set())
        tags = []
        for subset in (state.subsets if state is not None else ()):
            tags.append(subset_tag(self.fontName, subset, taken))
            taken.add(tags[-1])
        numbered = ttfonts.SUBSETN  # ReportLab names subset n by SUBSETN(n) as it writes them
        ttfonts.SUBSETN = lambda n: tags[n].encode("ascii")
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = numbered
