"""Ink coverage of every built-in theme in every ink mode, measured from pixels (issue 13).

For each theme and ``--ink`` mode, the first sheet page and its back (``--backs``) are
rendered at ``ink_coverage.COVERAGE_DPI`` and each channel's mean darkness is reported
(red, green, blue darkness: what the cyan, magenta and yellow inks lay down), with the
page's mean and its share of the ``couleur`` page. Limits: ``eco`` at most half of
``couleur`` in every channel for the fruits and for the backs; ``noir`` no coloured pixel.

    python -m bench.coverage        # print the table (make bench adds it to RESULTS.md)
"""

from __future__ import annotations

import sys

from domino_print.api import make_document
from domino_print.ink import INK_MODES
from domino_print.output.ink_coverage import Coverage, pdf_coverage
from domino_print.themes.model import builtin_names

ECO_SHARE = 0.5
"""``eco`` spends at most this share of ``couleur``'s ink on the fruits and on the backs."""


def _cell(page: Coverage) -> str:
    return f"{page.red:.3f} / {page.green:.3f} / {page.blue:.3f}"


def coverage_section() -> tuple[str, list[str]]:
    """The markdown section and the names of the rows over their limits."""
    rows, failures = [], []
    for theme in builtin_names():
        full: tuple[Coverage, Coverage] | None = None
        for ink in INK_MODES:
            pdf = make_document({"theme": theme, "ink": ink, "backs": True, "no_rules": True}).pdf
            sheet, back = pdf_coverage(pdf)[:2]
            full = full or (sheet, back)
            checks = []
            if ink == "noir":
                checks.append(sheet.colour_pixels == back.colour_pixels == 0)
            if ink == "eco":
                checks.append(all(back[c] <= ECO_SHARE * full[1][c] for c in range(3)))
                if theme == "fruits":
                    checks.append(all(sheet[c] <= ECO_SHARE * full[0][c] for c in range(3)))
            verdict = "ok" if all(checks) else "FAIL"
            if verdict == "FAIL":
                failures.append(f"coverage {theme} {ink}")
            rows.append((
                theme, ink, _cell(sheet), f"{sheet.mean:.3f} ({sheet.mean / full[0].mean:.0%})",
                _cell(back), f"{back.mean:.3f} ({back.mean / full[1].mean:.0%})",
                f"{sheet.colour_pixels + back.colour_pixels}", verdict,
            ))
    header = ("theme", "ink", "sheet R / G / B darkness", "sheet mean (of couleur)",
              "back R / G / B darkness", "back mean (of couleur)", "coloured pixels", "limits")
    table = [header, tuple("---" for _ in header), *rows]
    text = (
        "## Ink coverage (`--ink`)\n\n"
        "Mean darkness of each channel (0 blank, 1 solid) of the first sheet page and its back,\n"
        "rendered at 50 dpi with `--backs`. Limits: `eco` at most half of `couleur` in every channel\n"
        "for the fruits sheet and for every back; `noir` no pixel with colour (R = G = B everywhere).\n\n"
        + "\n".join("| " + " | ".join(row) + " |" for row in table)
    )
    return text, failures


def main() -> int:
    text, failures = coverage_section()
    print(text)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
