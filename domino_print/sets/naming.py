"""What a set is called, from the catalogues: ``double-six`` for a double set, ``loop`` for a loop deck.

The one place that names a set: the PDF's title and subject, the rules page and the
summary line (``output.summary``) all ask here.
"""

from __future__ import annotations

from typing import Literal

from domino_print import texts

Deck = Literal["double", "loop", "chain"]
"""A double set (every pair of values once, named after its highest value), a loop deck or a
chain (a loop opened, from a start card to an end card)."""


def set_name(lang: str, deck: Deck, top: int) -> str:
    """``double-six`` (``doble seis``, ``Doppel-Sechs``) for a double set up to ``top``; the loop
    deck's own name for a loop deck, whatever its size."""
    if deck == "loop":
        return texts.text(lang, "loop.set_name")
    if deck == "chain":
        return texts.text(lang, "chain.set_name")
    return texts.set_name(lang, top)
