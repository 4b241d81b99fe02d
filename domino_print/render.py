"""Kept for callers of ``render_sheet``: the renderer now lives in ``domino_print.pdf``.

``render_sheet`` and ``RenderOptions`` are defined in ``domino_print.pdf.document``; this
module only re-exports them under their old address.
"""

from domino_print.pdf.document import RenderOptions, render_sheet

__all__ = ["RenderOptions", "render_sheet"]
