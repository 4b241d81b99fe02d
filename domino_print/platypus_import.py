"""Import ReportLab Platypus quickly, for a rules page on every run.

Importing Platypus compiles two regular expressions over huge Unicode ranges
that our pages never use: ``uri_pat`` in ``reportlab.platypus.paragraph``
(case-insensitive, to split long URLs across lines; about 60 ms) and ``rx`` in
``reportlab.lib.textsplit`` (for ``cjkwrap``; about 8 ms). Together they cost
more than a third of our start-up budget. While Platypus loads, this wrapper
defers the compilation of patterns whose ranges reach U+FFFF to their first
use. Every other pattern is compiled as usual, and ``re.compile`` is restored
straight after the import.
Modules that need Platypus import its names from here.
"""

from __future__ import annotations

import re
from typing import Any

_COSTLY = "-\uffff"
"""Only patterns with a character range up to U+FFFF are deferred."""


class LazyPattern:
    """A compiled pattern in waiting: compiles on the first attribute access."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = _real_compile(*self._source)
        return getattr(self._compiled, name)


_real_compile = re.compile


def _compile(pattern: Any, flags: int = 0) -> Any:
    if isinstance(pattern, str) and _COSTLY in pattern:
        return LazyPattern(pattern, flags)
    return _real_compile(pattern, flags)


re.compile = _compile
try:
    from reportlab.platypus import (
        Flowable,
        Paragraph,
        Spacer,
        Table,
        TableStyle,
    )
finally:
    re.compile = _real_compile

__all__ = ["Flowable", "Paragraph", "Spacer", "Table", "TableStyle"]
