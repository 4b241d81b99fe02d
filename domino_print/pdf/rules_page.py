"""The rules page, laid out with Platypus from the words ``domino_print.rules`` gives.

``rules.content.build_content`` turns a game of the registry and the printed set into
``RulesContent`` (title, key facts, numbered steps under headings, the example figure and its
caption); this module only typesets it (``draw_rules_page``). It knows nothing of the cutting
sheet: the renderer hands it a ``draw_tile`` callback that paints one tile at the origin, and
the example figure (``pdf.figure``) places the tiles where the game's unit says.

Typography: the Fira Sans family (``fonts``: regular and bold, embedded); body
text 12 pt, stepping down to no less than 9.5 pt when a page is short; spacing
as the catalogue's ``typography.spacing`` asks (French: ``texts.french_spacing``,
a no-break space, U+00A0, before ``: ; ! ?`` and inside guillemets).
"""

from __future__ import annotations

import functools
import itertools
import threading
from collections import OrderedDict
from typing import NamedTuple

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from domino_print import fonts
from domino_print.geometry.sizes import PAPERS_MM
from domino_print.pdf.figure import DrawTile, FigureExample
from domino_print.pdf.line_breaks import KeptLines, keeps
from domino_print.pdf.platypus import (
    Flowable,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from domino_print.rules.content import RulesContent, RulesContext, RulesError, build_content
from domino_print.rules.variant import Figure, chain_figure

__all__ = ["DrawTile", "draw_rules_page"]


# -------------------------------------------------------------------- typesetting

INK = colors.HexColor("#222222")
ACCENT = colors.HexColor("#1D5C78")
TINT = colors.HexColor("#EAF2F5")
MUTED = colors.HexColor("#555555")

BODY_SIZES = (12.0, 11.5, 11.0, 10.5, 10.0, 9.5)
"""Body sizes tried in turn, largest first, until the page fits; never under 9.5 pt."""

REDUCTIONS = (1.0, 0.85, 0.75, 0.71)
"""Scales tried in turn for the rules page; 0.71 takes an A4 layout to A5 (body text >= 6.7 pt)."""
AIR = (1.6, 1.35, 1.15, 1.0)
"""Factors on the space around headings and steps: a short text is spread out a little
rather than leaving the bottom third of the page empty."""


class _Look(NamedTuple):
    body_pt: float
    short_mm: float
    air: float


def _looks(width: float, figure: Figure) -> list[_Look]:
    """Every look to try, best first: the largest type, then the largest example, then air."""
    return [
        _Look(body, short, air)
        for shorts in (figure.sizes_mm, (figure.last_resort_mm,))
        for body in BODY_SIZES
        for short in shorts
        if figure.units_wide * short * mm <= width * 0.55  # the figure leaves room for its caption
        for air in AIR
    ]


def _figure(content: RulesContent) -> Figure:
    return content.figure if content.figure is not None else chain_figure(content.example_tiles)


class _Styles(NamedTuple):
    title: ParagraphStyle
    label: ParagraphStyle
    fact: ParagraphStyle
    heading: ParagraphStyle
    body: ParagraphStyle
    step: ParagraphStyle
    caption: ParagraphStyle


@functools.lru_cache(maxsize=32)
def _styles(body_pt: float, air: float) -> _Styles:
    """The page's styles for one look: made once in a process (the same objects each time, so that
    ``_paragraph`` finds its parsed paragraphs by them). They are never changed once made."""
    regular, bold = fonts.paragraph_fonts()  # <b> in the texts needs the bold face
    lead = round(body_pt * 1.36, 1)
    body = ParagraphStyle(
        "rules-body",
        fontName=regular,
        fontSize=body_pt,
        leading=lead,
        textColor=INK,
        alignment=TA_LEFT,
        spaceAfter=body_pt * 0.35 * air,
    )
    title = ParagraphStyle(
        "rules-title",
        fontName=bold,
        fontSize=body_pt * 2,
        leading=body_pt * 2.4,
        textColor=ACCENT,
        spaceAfter=body_pt * 0.8 * air,
    )
    return _Styles(
        title=title,
        label=ParagraphStyle(
            "rules-label",
            fontName=bold,
            fontSize=max(8.5, body_pt - 1.5),
            leading=body_pt + 1,
            textColor=ACCENT,
        ),
        fact=ParagraphStyle(
            "rules-fact",
            fontName=regular,
            fontSize=body_pt,
            leading=body_pt * 1.25,
            textColor=INK,
        ),
        heading=ParagraphStyle(  # set as the title is (bold, accent), smaller and spaced as a section
            "rules-heading",
            parent=title,
            fontSize=body_pt * 1.25,
            leading=body_pt * 1.5,
            spaceBefore=body_pt * 1.1 * air,
            spaceAfter=body_pt * 0.45 * air,
        ),
        body=body,
        step=ParagraphStyle(
            "rules-step",
            parent=body,
            leftIndent=body_pt * 1.9,
            bulletIndent=0,
            bulletFontName=bold,
            bulletFontSize=body_pt,
            bulletColor=ACCENT,
        ),
        caption=ParagraphStyle(
            "rules-caption",
            parent=body,
            fontName=regular,  # told apart by its colour: no italic file to read at start-up
            textColor=MUTED,
            spaceAfter=0,
        ),
    )


PARSED_KEPT = 512
"""Paragraphs whose markup is kept parsed in a process (``_paragraph``), the least recently used
forgotten first: a rules page has about 25, in each of its looks."""
_parsed: OrderedDict[tuple[str, ParagraphStyle, str | None], tuple[list, str, object]] = OrderedDict()
_parsed_lock = threading.Lock()


SOFT_HYPHEN = "\u00ad"
KEPT_LINES = KeptLines()
"""The rules pages' paragraphs' line breaks, kept across documents (``line_breaks``)."""


class _Paragraph(Paragraph):
    """A paragraph whose lines are broken once for the widths that cannot change them: not again at
    the width it was last wrapped at (a table wraps its cells when measured, then again as it draws
    them, for the same lines), and, when it is kept (``kept_as``, its key in ``KEPT_LINES``), not
    again at any width an earlier paragraph of the same text and style found the same lines on both
    sides of. A paragraph whose break cut or hyphenated a word is never kept, nor any break of it
    after that one: ReportLab breaks it again from the pieces the cut left in its fragments."""

    _wrapped_at: float | None = None
    kept_as: tuple | None = None
    _breaking_at: float | None = None
    _cut = False

    def wrap(self, availWidth, availHeight):
        if self._wrapped_at is not None and self._wrapped_at == availWidth and "blPara" in self.__dict__:
            return self.width, self.height  # (a split that finds no room takes the lines away: wrapped again)
        self._breaking_at = availWidth
        try:
            size = super().wrap(availWidth, availHeight)
        finally:
            self._breaking_at = None
        # ReportLab does not break a paragraph narrower than its fuzz, nor set its width: nothing kept.
        self._wrapped_at = availWidth if self.__dict__.get("width") == availWidth else None
        return size

    def breakLines(self, width):
        at, key = self._breaking_at, self.kept_as
        if at is None or key is None or self._cut or not isinstance(width, list):
            return super().breakLines(width)
        kept = KEPT_LINES.give(key, self, at)
        if kept is not None:
            return kept
        first = width[0]
        broken = super().breakLines(width)
        if self._splitLongWordCount or self._hyphenations:
            self._cut = True
        elif width[0] == first:  # (a bullet wider than its indent narrows the first line: not kept)
            KEPT_LINES.keep(key, self, broken, at)
        return broken


def _paragraph(text: str, style: ParagraphStyle, bullet: str | None = None) -> Paragraph:
    """``Paragraph(text, style, bullet)``, its markup parsed once in a process: a new paragraph
    made of copies of the fragments parsed the first time (the studio lays out a new rules page for
    each preview, and a new margin changes the lines, not the words), its lines kept
    (``KEPT_LINES``). Keyed by the text, the style object (``_styles`` keeps them) and the bullet;
    the copies are ReportLab's own (``clone``)."""
    key = (text, style, bullet)
    with _parsed_lock:
        kept = _parsed.get(key)
        if kept is not None:
            _parsed.move_to_end(key)
    if kept is None:
        paragraph = _Paragraph(text, style, bulletText=bullet)
        with _parsed_lock:
            _parsed[key] = ([frag.clone() for frag in paragraph.frags], paragraph.text, paragraph.bulletText)
            while len(_parsed) > PARSED_KEPT:
                _parsed.popitem(last=False)
    else:
        frags, cleaned, bullet_text = kept
        paragraph = _Paragraph(cleaned, style, bulletText=bullet_text, frags=[frag.clone() for frag in frags])
    pictures = any(hasattr(frag, "cbDefn") for frag in paragraph.frags)  # an inline picture or anchor
    if keeps(style) and SOFT_HYPHEN not in text and not pictures:  # (see line_breaks)
        paragraph.kept_as = key
    return paragraph


def _facts_band(content: RulesContent, st: _Styles, width: float) -> Table:
    cells = [
        [_paragraph(label.upper(), st.label), _paragraph(value, st.fact)] for label, value in content.facts
    ]
    # Goal gets the widest column; the others share the rest.
    weights = (0.15, 0.16, 0.31, 0.38)
    table = Table([cells], colWidths=[width * w for w in weights])
    pad = st.body.fontSize * 0.6
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), st.body.fontName),  # a table sets it on every cell
                ("BACKGROUND", (0, 0), (-1, -1), TINT),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), pad),
                ("RIGHTPADDING", (0, 0), (-1, -1), pad * 0.5),
                ("TOPPADDING", (0, 0), (-1, -1), pad),
                ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
                ("LINEBEFORE", (1, 0), (-1, -1), 0.6, colors.white),
                ("ROUNDEDCORNERS", [4, 4, 4, 4]),
            ]
        )
    )
    return table


def _story(content: RulesContent, draw_tile: DrawTile, width: float, look: _Look) -> list[Flowable]:
    body_pt, short_pt = look.body_pt, look.short_mm * mm
    st = _styles(body_pt, look.air)
    story: list[Flowable] = [
        _paragraph(content.title, st.title),
        _facts_band(content, st, width),
    ]
    number = 1
    for section in content.sections:
        story.append(_paragraph(section.heading, st.heading))
        for step in section.steps:  # numbered on from one section to the next
            story.append(_paragraph(step, st.step, f"{number}."))
            number += 1

    figure = FigureExample(draw_tile, _figure(content), short_pt)
    figure_w = figure.figure_width()
    gutter = body_pt * 1.6
    caption: list[Flowable] = [_paragraph(content.example_caption, st.caption)]
    if content.source:  # the variant the page follows, under the caption beside the figure (no extra height)
        caption += [Spacer(1, body_pt * 0.6), _paragraph(content.source, st.caption)]
    example = Table(
        [[figure, caption]],
        colWidths=[figure_w + gutter, width - figure_w - gutter],
    )
    example.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), st.body.fontName),  # a table sets it on every cell
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 0),
                # Italic glyphs can lean past a line's measured width: keep them off the margin.
                ("RIGHTPADDING", (1, 0), (1, 0), 2),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    story += [_paragraph(content.example_heading, st.heading), Spacer(1, 2), example]
    return story


def _measure(
    canvas: Canvas, story: list[Flowable], width: float, height: float
) -> list[tuple[float, float]] | None:
    """Each flowable's wrapped (width, height) when the stacked story fits, else None.

    Measuring never draws. Space before the first flowable and after the last is
    counted too, so the estimate errs on the safe side.
    """
    sizes, used = [], 0.0
    for flowable in story:
        size = flowable.wrapOn(canvas, width, height)
        used += size[1] + flowable.getSpaceBefore() + flowable.getSpaceAfter()
        if used > height:
            return None
        sizes.append(size)
    return sizes


def _stack(canvas: Canvas, story: list[Flowable], sizes, left: float, top: float, width: float) -> None:
    """Draw a measured story from ``top`` down, as a Platypus frame would, without wrapping again."""
    y = top
    for index, (flowable, (used_width, height)) in enumerate(zip(story, sizes, strict=True)):
        if index:
            y -= flowable.getSpaceBefore()
        y -= height
        flowable.drawOn(canvas, left, y, _sW=width - used_width)
        y -= flowable.getSpaceAfter()


def _first_fitting(
    canvas: Canvas, content: RulesContent, draw_tile: DrawTile, width: float, height: float
) -> tuple[list[Flowable], list[tuple[float, float]]] | None:
    """The story of the best look that fits ``width`` x ``height``, with its sizes; None if none fits.

    Looks come in runs of one body size, tightest last: a run whose tightest look does not
    fit is skipped whole (the same look wins as when trying every look, found sooner).
    """

    def measured(look: _Look) -> tuple[list[Flowable], list[tuple[float, float]] | None]:
        story = _story(content, draw_tile, width, look)
        return story, _measure(canvas, story, width, height)

    looks = _looks(width, _figure(content))
    if not looks:
        return None  # too narrow for even the smallest example beside its caption
    best = measured(looks[0])
    if best[1] is not None:
        return best[0], best[1]
    if measured(looks[-1])[1] is None:
        return None  # not even the tightest look fits
    for _, run in itertools.groupby(looks[1:], key=lambda look: look.body_pt):
        block = list(run)
        if len(block) > 1 and measured(block[-1])[1] is None:
            continue
        for look in block:
            story, sizes = measured(look)
            if sizes is not None:
                return story, sizes
    return None


def _content(ctx: RulesContext) -> RulesContent:
    """``build_content``, once in a process for the same context (``CONTENTS_KEPT``): a context is a
    ``NamedTuple`` of plain values, its content final texts, never changed."""
    try:
        hash(ctx)
    except TypeError:  # a value that cannot be a key: made each time
        return build_content(ctx)
    return _kept_content(ctx)


CONTENTS_KEPT = 32


@functools.lru_cache(maxsize=CONTENTS_KEPT)
def _kept_content(ctx: RulesContext) -> RulesContent:
    return build_content(ctx)


def draw_rules_page(
    canvas: Canvas,
    ctx: RulesContext,
    draw_tile: DrawTile,
    *,
    page_width_pt: float,
    page_height_pt: float,
    margin_pt: float,
) -> None:
    """Draw the whole rules page onto the current page of ``canvas``.

    The caller calls ``showPage()`` afterwards. The largest body size (12 pt down to
    9.5 pt), then the largest example and the most air that fit are chosen. On paper
    too small for that (A5), the page is laid out larger and reduced, as a copier
    would, by at most ``REDUCTIONS[-1]``. If nothing fits, ``RulesError`` is raised
    rather than any text being dropped.
    """
    content = _content(ctx)
    if page_width_pt - 2 * margin_pt <= 0 or page_height_pt - 2 * margin_pt <= 0:
        raise RulesError(says="rules.no_room", fields=("margin",))
    for scale in REDUCTIONS:
        # A page too small for the text (A5) gets the layout of a larger page, reduced.
        width = (page_width_pt - 2 * margin_pt) / scale
        height = (page_height_pt - 2 * margin_pt) / scale
        found = _first_fitting(canvas, content, draw_tile, width, height)
        if found is not None:
            story, sizes = found
            canvas.saveState()
            canvas.scale(scale, scale)
            _stack(canvas, story, sizes, margin_pt / scale, (page_height_pt - margin_pt) / scale, width)
            canvas.restoreState()
            return
    short_mm, long_mm = sorted((page_width_pt / mm, page_height_pt / mm))
    a5_short, a5_long = PAPERS_MM["A5"]
    if short_mm >= a5_short - 0.5 and long_mm >= a5_long - 0.5:  # A5 or larger: the margins take the room
        raise RulesError(
            says="rules.margins_too_large", fields=("no_rules",), margin_mm=round(margin_pt / mm, 1),
            short_mm=short_mm, long_mm=long_mm)
    raise RulesError(
        says="rules.page_too_small", fields=("no_rules",), short_mm=short_mm, long_mm=long_mm,
    )
