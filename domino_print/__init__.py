"""domino-print: turn a domino set into a print-ready PDF cutting sheet and rules page.

The pipeline runs one way: ``tiles`` (the set) -> ``themes`` (value -> face) ->
``layout`` (geometry in millimetres) -> ``pdf`` (ReportLab PDF, by what it draws) and ``rules``.
``cli`` parses options at the edge and writes the file atomically.
"""

from domino_print.pdf.reportlab_setup import isolate as _isolate_reportlab

_isolate_reportlab()  # before any module of the package can import ReportLab (see reportlab_setup)

__version__ = "0.1.0"
