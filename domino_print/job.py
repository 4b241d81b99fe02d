"""One document to make: checked options in, a ``Job`` that is valid once built, PDF bytes out.

``build_job`` loads the theme, applies the checks that need it, lays the set out
and computes the rules page's context once, so a bad value fails before any
drawing; ``render_job`` draws the PDF in memory. Nothing here writes a file,
prints or exits: the surfaces (``cli``, ``api``) do that.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from domino_print import fonts, texts
from domino_print.backs import back_page
from domino_print.errors import OptionError, SizeError
from domino_print.layout import SheetLayout, SheetSpec, layout_sheet
from domino_print.options import Options, check_with_theme, word_size_error
from domino_print.texts import text
from domino_print.theme_loader import load_theme
from domino_print.themes import Theme
from domino_print.tiles import MAX_TOP, Tile, double_set


class Job(NamedTuple):
    """Everything one document needs, checked: building it is the validation."""

    options: Options
    theme: Theme
    top: int
    tiles: tuple[Tile, ...]
    sheet: SheetSpec
    layout: SheetLayout
    rules_context: object | None
    """The rules page's ``RulesContext``, validated; None without a rules page."""

    @property
    def lang(self) -> str:
        return self.options.lang

    @property
    def page_count(self) -> int:
        """Pages the PDF will have: each sheet page per set (and its back), then the rules page."""
        sheets = len(self.layout.pages) * self.options.sets * (2 if self.options.backs else 1)
        return sheets + (1 if self.rules_context is not None else 0)


def build_job(options: Options) -> Job:
    """The ``Job`` for ``options``; ``OptionError`` if the theme, set or paper cannot make it."""
    theme = load_theme(options.theme)
    top = options.max
    if top is None:
        # Built-in themes default to double-six; a user's pictures make the largest set they can.
        top = min(6, theme.max_value) if theme.builtin else min(theme.max_value, MAX_TOP)
    theme.check_top(top)
    theme.check_use(top, lang=options.lang, labels=options.labels)  # the pictures and texts the set uses
    check_with_theme(options, pictures=theme.kind == "pictures", theme_name=theme.name)
    sheet = SheetSpec(
        paper=options.paper,
        orientation=options.orientation,
        margin_mm=options.margin_mm,
        gap_mm=options.gap_mm,
        tile_short_mm=options.tile_short_mm,
    )
    try:
        tiles = double_set(top)
        layout = layout_sheet(sheet, len(tiles))
    except SizeError as exc:
        raise word_size_error(exc) from None
    return Job(options, theme, top, tiles, sheet, layout, _rules_context(options, theme, top))


def _rules_context(options: Options, theme: Theme, top: int):
    """The rules page's context, validated; None without a rules page."""
    if options.rules is None:
        return None
    # rules.py pulls in ReportLab's Platypus: loaded only when a rules page is made.
    from domino_print.rules import MIN_TOP, RulesContext, validate_rules

    if theme.max_value < MIN_TOP:
        raise OptionError(
            "theme {theme!r} shows only {count} values, too few for a game ({least} at least); "
            "add pictures, or leave the rules out with {no_rules}",
            fields=("no_rules",), theme=theme.name, count=theme.max_value + 1, least=MIN_TOP + 1,
        )
    context = RulesContext(
        lang=options.lang,
        variant=options.rules,
        top=top,
        pictures=theme.kind == "pictures",
        numeric=theme.kind != "pictures",
        theme_title=fonts.printable(theme.title_in(options.lang)),
        target=options.target,
    )
    validate_rules(context)  # a RulesError is an OptionError: exit code 2
    return context


def document_title(job: Job) -> str:
    return text(job.lang, "document.title", set_name=texts.set_name(job.lang, job.top),
                theme_title=fonts.printable(job.theme.title_in(job.lang)))


def document_subject(job: Job) -> str:
    set_name = texts.set_name(job.lang, job.top)
    return text(job.lang, "document.subject", count=len(job.tiles), set_name=set_name, theme=job.theme.name)


def render_job(job: Job, on_page: Callable[[], None] | None = None) -> tuple[bytes, int]:
    """The PDF of ``job`` in memory and its page count; ``on_page()`` after each page drawn."""
    # The renderer and the faces load ReportLab: deferred so that option errors come fast.
    from domino_print.faces import painter_for
    from domino_print.pdf.document import RenderOptions, render_sheet

    options = job.options
    painter = painter_for(job.theme, dpi=options.dpi)
    title = document_title(job)
    render_options = RenderOptions(
        title=title,
        subject=document_subject(job),
        lang=job.lang,
        labels=tuple(fonts.printable(job.theme.label(v, job.lang)) for v in range(job.top + 1))
        if options.labels else (),
        header=f"{title} · domino-print",
        sets=options.sets,
        label=options.label,
        duplex=options.duplex,
        back_offset_mm=options.back_offset_mm,
    )
    backs = None
    if options.backs:
        layout = job.layout
        backs = [
            back_page(page, layout.page_width_mm, layout.page_height_mm, options.duplex, job.sheet.gap_mm)
            for page in layout.pages
        ]

    def step() -> None:
        if on_page is not None:
            on_page()

    return render_sheet(job.tiles, job.layout, painter, render_options, job.rules_context, backs, step)
