"""The PDF of a job: its painter chosen, its pages drawn (``pdf.document``), in memory.

The job (``sets.job``) says what the document holds and checks it; drawing it needs ReportLab,
the painters (``faces``) and the page makers (``pdf``), which stand below the job in the layer
order (docs/ARCHITECTURE.md). This module stands above them all, with the writers.
"""

from __future__ import annotations

from collections.abc import Callable

from domino_print import fonts
from domino_print.sets.job import Job, braille_cells, document_subject, document_title, job_backs, level_line


def render_job(job: Job, on_page: Callable[[], None] | None = None) -> tuple[bytes, int]:
    """The PDF of ``job`` in memory and its page count; ``on_page()`` after each page drawn."""
    # The renderer and the faces load ReportLab: deferred so that option errors come fast.
    from domino_print.faces.painters import painter_for
    from domino_print.ink import ink_for
    from domino_print.pdf.document import RenderOptions, render_sheet

    options = job.options
    ink = ink_for(options.ink)
    painter = painter_for(job.theme, dpi=options.dpi, ink=ink)
    if job.association is not None:
        from domino_print.sets.association import painter_for_set  # association sets only

        painter = painter_for_set(job.association, job.theme, dpi=options.dpi, ink=ink)
    title = document_title(job)
    render_options = RenderOptions(
        title=title,
        subject=document_subject(job),
        lang=job.lang,
        labels=tuple(fonts.printable(job.theme.label(v, job.lang)) for v in range(job.top + 1))
        if options.labels and not job.association else (),
        header=f"{title} · domino-print",
        sets=options.sets,
        label=options.label,
        duplex=options.duplex,
        back_offset_mm=options.back_offset_mm,
        ink=ink,
        full_guides=options.marks == "full",
        standard="pdf-x" if options.pdf_x else "pdf-a" if options.pdf_a else None,
        level_lines=tuple(level_line(job, deck.number) for deck in job.levels),
        set_numbers=job.set_numbers,
        scale=options.scale,
        braille=braille_cells(job) if options.braille else (),
    )

    def step() -> None:
        if on_page is not None:
            on_page()

    return render_sheet(job.tiles, job.layout, painter, render_options, job.rules_context, job_backs(job),
                        step, levels=tuple(deck.tiles for deck in job.levels))
