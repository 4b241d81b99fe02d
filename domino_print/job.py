"""One run of the tool: validated options in, a PDF on disk and a summary line out.

``Job.from_options`` checks every option and builds the specs (so a bad value
fails before any drawing); ``run_job`` runs the pipeline and writes the file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from domino_print import texts
from domino_print.errors import OptionError
from domino_print.files import pdf_destination
from domino_print.layout import SheetSpec, parse_paper, parse_tile_size
from domino_print.themes import Theme, load_theme
from domino_print.tiles import MAX_TOP

RULES_MIN_PAPER_MM = (148.0, 210.0)
"""A5: the smallest paper the rules page fits on (reduced, as a copier would)."""
MIN_MARGIN_MM = 8.0
"""The header line sits 3 mm into the top margin and must stay clear of the last 5 mm of
paper, which most printers leave blank."""


class Job(NamedTuple):
    theme: Theme
    top: int
    out: Path
    sheet: SheetSpec
    lang: str = "fr"
    labels: bool = False
    rules: str | None = "famille"
    target: int | None = None
    """The score that wins the points or doubles game; None: the game's usual target."""
    dpi: int = 300
    sets: int = 1
    label: str = ""
    backs: bool = False
    duplex: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    preview_dpi: int | None = None
    """Resolution of the PNG previews written beside the PDF; None for no previews."""

    @classmethod
    def from_options(
        cls,
        *,
        theme_ref: str,
        out: Path | None,
        top: int | None,
        lang: str,
        labels: bool,
        rules_variant: str | None,
        no_rules: bool,
        target: int | None,
        paper: str,
        orientation: str,
        tile_size: str,
        gap: float,
        margin: float,
        dpi: int,
        sets: int = 1,
        label: str | None = None,
        backs: bool = False,
        duplex: str | None = None,
        back_offset: str | None = None,
        preview: bool = False,
        preview_dpi: int | None = None,
    ) -> Job:
        theme = load_theme(theme_ref)
        if top is None:
            # Built-in themes default to double-six; a user's pictures make the largest set they can.
            top = min(6, theme.max_value) if theme.builtin else min(theme.max_value, MAX_TOP)
        if top < 0:
            raise OptionError(f"--max {top} is negative; use a highest value of 0 or more")
        theme.check_top(top)
        rules_variant, target = _rules_options(rules_variant, target, no_rules=no_rules)
        if labels and not theme.pictures:
            raise OptionError(
                f"--labels names the pictures, and theme {theme.name!r} shows numbers; "
                "use it with a picture theme such as fruits"
            )
        if not MIN_MARGIN_MM <= margin <= 50:
            raise OptionError(
                f"--margin {margin:g} mm is out of range; use {MIN_MARGIN_MM:g} to 50 mm "
                "(printers leave the last few millimetres blank)"
            )
        sheet = SheetSpec(
            paper=parse_paper(paper),
            orientation=orientation,
            margin_mm=margin,
            gap_mm=gap,
            tile_short_mm=parse_tile_size(tile_size),
        )
        paper_sides = sorted((sheet.paper.width_mm, sheet.paper.height_mm))
        if not no_rules and (
            paper_sides[0] < RULES_MIN_PAPER_MM[0] or paper_sides[1] < RULES_MIN_PAPER_MM[1]
        ):
            raise OptionError(
                f"the rules page needs A5 paper or larger, and {sheet.paper.name} is "
                f"{paper_sides[0]:g} x {paper_sides[1]:g} mm; use larger --paper, or --no-rules"
            )
        print_options = _print_options(
            sets=sets,
            label=label,
            backs=backs,
            duplex=duplex,
            back_offset=back_offset,
            preview=preview,
            preview_dpi=preview_dpi,
        )
        out = pdf_destination(out, f"dominos-{theme.name}.pdf")
        job = cls(
            theme=theme,
            top=top,
            out=out,
            sheet=sheet,
            lang=lang,
            labels=labels,
            rules=None if no_rules else rules_variant,
            target=target,
            dpi=dpi,
            **print_options,
        )
        job.rules_context()  # validates the rules options before any drawing
        return job

    def preview_paths(self, pages: int) -> list[Path]:
        """``planche-1.png``, ``planche-2.png``... beside the PDF, one per page."""
        return [self.out.with_name(f"{self.out.stem}-{n}.png") for n in range(1, pages + 1)]

    def rules_context(self):
        """The rules page's context, validated; None with ``--no-rules``."""
        if self.rules is None:
            return None
        from domino_print.rules import MIN_TOP, RulesContext, validate_rules

        if self.theme.max_value < MIN_TOP:
            raise OptionError(
                f"theme {self.theme.name!r} shows only {self.theme.max_value + 1} values, too few for a "
                f"game ({MIN_TOP + 1} at least); add pictures, or leave the rules out with --no-rules"
            )

        context = RulesContext(
            lang=self.lang,
            variant=self.rules,
            top=self.top,
            pictures=self.theme.pictures,
            numeric=self.theme.numeric,
            theme_title=self.theme.title_in(self.lang),
            target=self.target,
        )
        validate_rules(context)  # a RulesError is an OptionError: exit code 2
        return context


def _rules_options(variant: str | None, target: int | None, *, no_rules: bool) -> tuple[str, int | None]:
    """``--rules`` and ``--target`` with their defaults; refused where they would do nothing."""
    if no_rules and (variant is not None or target is not None):
        given = "--rules" if variant is not None else "--target"
        raise OptionError(f"{given} describes the rules page, which --no-rules leaves out; drop one of them")
    variant = variant or "famille"
    if target is not None and variant not in ("points", "doubles"):
        raise OptionError(
            "--target sets the score of the points and doubles games; add --rules points or --rules doubles"
        )
    return variant, target


def _remove_stale_previews(job: Job, pages: int) -> None:
    """Delete ``name-N.png`` left beside the PDF by an earlier run that had more pages."""
    number = pages + 1
    while (stale := job.out.with_name(f"{job.out.stem}-{number}.png")).is_file():
        stale.unlink()
        number += 1


def _print_options(
    *,
    sets: int,
    label: str | None,
    backs: bool,
    duplex: str | None,
    back_offset: str | None,
    preview: bool,
    preview_dpi: int | None,
) -> dict:
    """Check the classroom, two-sided and preview options; the ``Job`` fields they set."""
    from domino_print.backs import check_sets, parse_back_offset, parse_label

    if not backs:
        for name, value in (("--duplex", duplex), ("--back-offset", back_offset)):
            if value is not None:
                raise OptionError(f"{name} only applies to backs; add --backs")
    if duplex is not None and duplex not in ("long", "short"):
        raise OptionError(f"--duplex {duplex!r}: use long or short")
    if preview_dpi is not None and not preview:
        raise OptionError("--preview-dpi only applies to previews; add --preview")
    if preview_dpi is not None and not 30 <= preview_dpi <= 600:
        raise OptionError(f"--preview-dpi {preview_dpi}: use 30 to 600")
    return {
        "sets": check_sets(sets),
        "label": "" if label is None else parse_label(label),
        "backs": backs,
        "duplex": duplex or "long",
        "back_offset_mm": (0.0, 0.0) if back_offset is None else parse_back_offset(back_offset),
        "preview_dpi": (preview_dpi or 150) if preview else None,
    }


Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each page drawn and each preview written."""


def run_job(job: Job, progress: Progress | None = None) -> str:
    """Render the PDF (and previews), write them atomically and return the one-line summary."""
    from domino_print.faces import painter_for
    from domino_print.files import human_size, prepare_destination, write_atomically
    from domino_print.layout import layout_sheet
    from domino_print.render import RenderOptions, render_sheet
    from domino_print.tiles import double_set, set_name

    tiles = double_set(job.top)
    layout = layout_sheet(job.sheet, len(tiles))
    painter = painter_for(job.theme, dpi=job.dpi)
    title = f"Dominos {texts.set_name(job.lang, job.top)} – {job.theme.title_in(job.lang)}"
    subject = {
        "fr": f"Planche à découper : {len(tiles)} dominos {set_name(job.top, 'fr')}, thème {job.theme.name}",
        "en": f"Cutting sheet: {len(tiles)} {set_name(job.top)} dominoes, theme {job.theme.name}",
    }.get(job.lang, "")  # the options helper moves the title and subject to the catalogues
    options = RenderOptions(
        title=title,
        subject=subject,
        lang=job.lang,
        labels=tuple(job.theme.label(v, job.lang) for v in range(job.top + 1)) if job.labels else (),
        header=f"{title} · domino-print",
        sets=job.sets,
        label=job.label,
        duplex=job.duplex,
        back_offset_mm=job.back_offset_mm,
    )
    context = job.rules_context()
    prepare_destination(job.out)  # before a long render, not after it
    backs = None
    if job.backs:
        from domino_print.backs import back_page

        backs = [
            back_page(page, layout.page_width_mm, layout.page_height_mm, job.duplex, job.sheet.gap_mm)
            for page in layout.pages
        ]
    total = len(layout.pages) * job.sets * (2 if backs else 1) + (1 if context is not None else 0)
    steps = total * (2 if job.preview_dpi else 1)
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps)

    data, pages = render_sheet(tiles, layout, painter, options, context, backs, step)
    previews: list[bytes] = []
    if job.preview_dpi:
        from domino_print.preview import render_pngs

        previews = render_pngs(data, dpi=job.preview_dpi, on_page=step)
    write_atomically(job.out, data)
    for path, png in zip(job.preview_paths(len(previews)), previews, strict=True):
        write_atomically(path, png)
    if previews:
        _remove_stale_previews(job, len(previews))
    page_word = "page" if pages == 1 else "pages"
    dominoes = f"{len(tiles)} {'domino' if len(tiles) == 1 else 'dominoes'} ({set_name(job.top)})"
    if job.sets > 1:
        dominoes = f"{job.sets} sets of {dominoes}"
    if job.backs:
        dominoes += f" with backs (flip on the {job.duplex} edge)"
    summary = f"{job.out}: {pages} {page_word}, {dominoes}, {job.sheet.paper.name}, {human_size(len(data))}"
    if previews:
        paths = job.preview_paths(len(previews))
        shown = paths[0].name if len(paths) == 1 else f"{paths[0].name} to {paths[-1].name}"
        summary += f"; {len(previews)} PNG {'preview' if len(previews) == 1 else 'previews'} ({shown})"
    return summary
