"""One run of the tool: validated options in, a PDF on disk and a summary line out.

``Job.from_options`` checks every option and builds the specs (so a bad value
fails before any drawing); ``run_job`` runs the pipeline and writes the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from domino_print.errors import OptionError
from domino_print.layout import SheetSpec, parse_paper, parse_tile_size
from domino_print.themes import Theme, load_theme

DEFAULT_OUTPUT_DIR = Path("output")


@dataclass(frozen=True)
class Job:
    theme: Theme
    top: int
    out: Path
    sheet: SheetSpec
    lang: str = "fr"
    labels: bool = False
    rules: str | None = "famille"
    target: int = 50
    dpi: int = 300

    @classmethod
    def from_options(
        cls, *, theme_ref: str, out: Path | None, top: int | None, lang: str, labels: bool,
        rules_variant: str, no_rules: bool, target: int, paper: str, orientation: str,
        tile_size: str, gap: float, margin: float, dpi: int,
    ) -> Job:
        theme = load_theme(theme_ref)
        if top is None:
            top = min(6, theme.max_value)
        if top < 0:
            raise OptionError(f"--max {top} is negative; use a highest value of 0 or more")
        theme.check_top(top)
        if not 0 <= margin <= 50:
            raise OptionError(f"--margin {margin:g} mm is out of range; use 0 to 50 mm")
        sheet = SheetSpec(
            paper=parse_paper(paper),
            orientation=orientation,
            margin_mm=margin,
            gap_mm=gap,
            tile_short_mm=parse_tile_size(tile_size),
        )
        if out is None:
            out = DEFAULT_OUTPUT_DIR / f"dominos-{theme.name}.pdf"
        if out.suffix.lower() != ".pdf":
            raise OptionError(f"--out {out}: the file name must end in .pdf")
        job = cls(
            theme=theme, top=top, out=out, sheet=sheet, lang=lang, labels=labels,
            rules=None if no_rules else rules_variant, target=target, dpi=dpi,
        )
        job.rules_context()  # validates the rules options before any drawing
        return job

    def rules_context(self):
        """The rules page's context, validated; None with ``--no-rules``."""
        if self.rules is None:
            return None
        from domino_print.rules import RulesContext, RulesError, validate_rules

        context = RulesContext(
            lang=self.lang, variant=self.rules, top=self.top, pictures=self.theme.pictures,
            numeric=self.theme.numeric, theme_title=self.theme.title_in(self.lang), target=self.target,
        )
        try:
            validate_rules(context)
        except RulesError as exc:
            raise OptionError(str(exc)) from None
        return context


def run_job(job: Job) -> str:
    """Render the PDF, write it atomically and return the one-line summary."""
    from domino_print.faces import painter_for
    from domino_print.files import human_size, write_atomically
    from domino_print.layout import layout_sheet
    from domino_print.render import RenderOptions, render_sheet
    from domino_print.tiles import double_set, set_name

    tiles = double_set(job.top)
    layout = layout_sheet(job.sheet, len(tiles))
    painter = painter_for(job.theme, dpi=job.dpi)
    title = f"Dominos {set_name(job.top)} – {job.theme.title_in(job.lang)}"
    subject = {
        "fr": f"Planche à découper : {len(tiles)} dominos {set_name(job.top)}, thème {job.theme.name}",
        "en": f"Cutting sheet: {len(tiles)} {set_name(job.top)} dominoes, theme {job.theme.name}",
    }[job.lang]
    options = RenderOptions(
        title=title,
        subject=subject,
        lang=job.lang,
        labels=tuple(job.theme.label(v, job.lang) for v in range(job.top + 1)) if job.labels else (),
        header=f"{title} · domino-print",
    )
    rules_page = None
    context = job.rules_context()
    if context is not None:
        from reportlab.lib.units import mm

        from domino_print.rules import draw_rules_page

        def rules_page(canvas, draw_tile):
            width, height = sorted(canvas._pagesize)  # the rules page is always portrait
            canvas.setPageSize((width, height))
            draw_rules_page(canvas, context, draw_tile, page_width_pt=width, page_height_pt=height,
                            margin_pt=job.sheet.margin_mm * mm)

    if job.out.parent == DEFAULT_OUTPUT_DIR:
        DEFAULT_OUTPUT_DIR.mkdir(exist_ok=True)
    data, pages = render_sheet(tiles, layout, painter, options, rules_page)
    write_atomically(job.out, data)
    page_word = "page" if pages == 1 else "pages"
    return (
        f"{job.out}: {pages} {page_word}, {len(tiles)} dominoes ({set_name(job.top)}), "
        f"{job.sheet.paper.name}, {human_size(len(data))}"
    )
