"""Import ReportLab Platypus quickly, for a rules page on every run, without touching other threads.

Importing Platypus compiles two regular expressions over huge Unicode ranges that our pages
never use: ``uri_pat`` in ``reportlab.platypus.paragraph`` (case-insensitive, to split long
URLs across lines; about 60 ms) and ``rx`` in ``reportlab.lib.textsplit`` (for ``cjkwrap``;
about 8 ms). Together they cost more than a third of our start-up budget (issue 36: the whole
command at most twice ``import reportlab.pdfgen.canvas``). So while this module imports
Platypus, the compilation of patterns whose ranges reach U+FFFF is deferred to their first use
(``LazyPattern``); every other pattern is compiled as usual.

Only the thread that imports Platypus sees the deferral. ``re.compile`` is swapped for the few
milliseconds of the import, under a lock, for ``_compile``, which defers only when called from
that thread during that import: any other thread compiling then gets the pattern ``re`` itself
compiles, and a reference to ``_compile`` kept by anyone later is ``re.compile``'s plain twin.
Pages import Platypus's names from here; ``pictures.svg`` (below the pages) loads it plainly.
"""

from __future__ import annotations

import re
import threading
from typing import Any

_COSTLY = "-\uffff"
"""Only patterns with a character range up to U+FFFF are deferred."""

_real_compile = re.compile


class LazyPattern:
    """A compiled pattern in waiting: compiles on the first attribute access."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            with self._lock:
                if self._compiled is None:
                    self._compiled = _real_compile(*self._source)
        return getattr(self._compiled, name)


_IMPORTING = threading.Lock()
_importer: int | None = None
"""The thread importing Platypus through ``_quick_import``, while it does; None otherwise."""


def _compile(pattern: Any, flags: int = 0) -> Any:
    """``re.compile``, but deferred for a costly pattern compiled by the importing thread."""
    if _importer == threading.get_ident() and isinstance(pattern, str) and _COSTLY in pattern:
        return LazyPattern(pattern, flags)
    return _real_compile(pattern, flags)


def _quick_import() -> None:
    """Import ``reportlab.platypus`` with the costly patterns deferred in this thread alone."""
    global _importer
    with _IMPORTING:
        _importer = threading.get_ident()
        re.compile = _compile
        try:
            import reportlab.platypus  # noqa: F401
        finally:
            re.compile = _real_compile
            _importer = None


_quick_import()

# isort: split
from reportlab.platypus import (  # noqa: E402 - loaded just above, the quick way
    Flowable,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

__all__ = ["Flowable", "LazyPattern", "Paragraph", "Spacer", "Table", "TableStyle"]
