"""domino-print: turn a domino set into a print-ready PDF cutting sheet and rules page.

The pipeline runs one way: ``tiles`` (the set) -> ``themes`` (value -> face) ->
``layout`` (geometry in millimetres) -> ``render`` (ReportLab PDF) and ``rules``.
``cli`` parses options at the edge and writes the file atomically.
"""

__version__ = "0.1.0"
