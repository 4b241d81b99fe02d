"""The studio's typed list, measured in the browser (issue 19): a pairs table of 30 rows, each edit of
a cell to the new preview shown, median <= 300 ms.

Debian's chromium through Playwright against ``domino-print studio --no-browser`` (``bench.studio``'s
server), on the loop path with the list chosen. Each sample changes one cell of the table to a text
never used before (so each one saves the list, renders the deck and its key page; nothing comes from
the cache), timed by the page itself from the cell's change event to the new pages decoded and shown
(``body[data-preview-seq]``): the list's save and the preview, both round trips.

    python -m bench.studio_lists            # print the table
    python -m bench.studio_lists --write    # and add it to bench/RESULTS.md (make bench)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = "## The studio: a typed list of pairs (in the browser)"
ROWS, SAMPLES, WARM_UP = 30, 40, 6
MEDIAN_MS = 300

EDIT = """([row, value]) => new Promise((resolve) => {
    const seq = document.body.dataset.previewSeq;
    const observer = new MutationObserver(() => {
        if (document.body.dataset.previewSeq !== seq) {
            observer.disconnect();
            resolve(performance.now() - started);
        }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-preview-seq"] });
    const cell = document.getElementById(`list-${row}-0`);
    cell.value = value;
    const started = performance.now();
    cell.dispatchEvent(new Event("change", { bubbles: true }));
})"""


def table_rows() -> list[list[str]]:
    """30 products of the times tables, each value once (the meaning check passes)."""
    rows, seen = [], set()
    for a in range(2, 10):
        for b in range(a, 10):
            if a * b not in seen:
                seen.add(a * b)
                rows.append([f"{a} × {b}", str(a * b)])
    return rows[:ROWS]


def timings(url: str) -> list[float]:
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # Debian's chromium, as the browser tests run it

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url + "/")
        page.wait_for_selector("body[data-preview-seq]")
        body = json.dumps({"rows": table_rows(), "mode": "typed"})
        answer = page.request.post(url + "/api/list", data=body,
                                   headers={"content-type": "application/json", "origin": url})
        assert answer.ok, answer.text()
        page.goto(url + "/")
        page.wait_for_selector("body[data-preview-seq]")
        page.click("button[data-goal=loop]")
        page.wait_for_selector(f"#list-{ROWS}-0")
        samples = []
        for index in range(WARM_UP + SAMPLES):
            row = index % ROWS + 1
            question = table_rows()[row - 1][0]
            ms = page.evaluate(EDIT, [row, f"{question} (v{index})"])
            if index >= WARM_UP:
                samples.append(ms)
        assert page.input_value("#f-theme") == "list"
        summary = page.inner_text("#summary")
        assert f"{ROWS} dominos" in summary, summary
        browser.close()
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="add the table to bench/RESULTS.md")
    options = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from bench.studio import Server, percentile

    server = Server()
    try:
        cpu = server.cpu_seconds()
        values = timings(server.url)
        cpu_ms = (server.cpu_seconds() - cpu) * 1000 / (WARM_UP + SAMPLES)
    finally:
        server.stop()
    median = statistics.median(values)
    verdict = "ok" if median <= MEDIAN_MS else "FAIL"
    header = ("scenario", "samples", "median", "95th percentile", "max", "server CPU (per edit)",
              "limits")
    row = (f"typed table of {ROWS} rows: a cell's edit -> preview shown", str(len(values)),
           f"{median:.0f} ms", f"{percentile(values, 0.95):.0f} ms", f"{max(values):.0f} ms",
           f"{cpu_ms:.0f} ms",
           f"{verdict}: median {median:.0f} <= {MEDIAN_MS} ms")
    text = "\n".join("| " + " | ".join(r) + " |" for r in (header, tuple("---" for _ in header), row))
    print(text)
    if options.write:
        load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
        section = (
            f"{SECTION}\n\nTaken with `make bench` ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, "
            f"load average {load} when it ended): `python -m bench.studio_lists`; times from the cell's "
            "change event to the new pages decoded and shown, the list's save included (it rides with the "
            "preview). Every sample renders a text never used before (a 30-card loop deck, its rules and "
            "key pages).\n\n"
            + text + "\n"
        )
        existing = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
        existing = existing.split(f"\n{SECTION}")[0].rstrip("\n")
        RESULTS.write_text(existing + "\n\n" + section, encoding="utf-8")
    return 0 if verdict == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
