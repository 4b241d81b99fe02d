"""Import ReportLab Platypus quickly, for a rules page on every run.

Importing ``reportlab.platypus.paragraph`` compiles one large case-insensitive
regular expression (``uri_pat``, used only to split long URLs across lines)
that costs about 60 ms: a third of our whole start-up budget. We never set
URLs in paragraphs, so while that module loads, this wrapper defers the
compilation of that one pattern to its first use. Every other pattern is
compiled as usual, and ``re.compile`` is restored straight after the import.
Modules that need Platypus import its names from here.
"""

from __future__ import annotations

import re
from typing import Any

_COSTLY = "\xa1-\uffff"
"""Only the pattern with this huge case-insensitive range is deferred."""


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
    if isinstance(pattern, str) and _COSTLY in pattern and flags & re.IGNORECASE:
        return LazyPattern(pattern, flags)
    return _real_compile(pattern, flags)


re.compile = _compile
try:
    from reportlab.platypus import (
        Flowable,
        Frame,
        ListFlowable,
        ListItem,
        Paragraph,
        Spacer,
        Table,
        TableStyle,
    )
finally:
    re.compile = _real_compile

__all__ = ["Flowable", "Frame", "ListFlowable", "ListItem", "Paragraph", "Spacer", "Table", "TableStyle"]
