"""Studio benchmarks, measured in the browser (Debian's chromium through Playwright) and on the loopback.

- option change -> new preview displayed, for the built-in themes in double-six: every
  sample changes the theme and a margin never used before (so each one renders; nothing
  comes from the cache), timed by the page itself from the change event to the new pages
  decoded and shown. Limits: median <= 150 ms, 95th percentile <= 300 ms;
- the same with seven 12 MP photos once uploaded (``bench/.work/photos``, see photos.py);
- seven 12 MP photos, as JPEGs and as HEIC (with the 320 px thumbnail an iPhone embeds; a fresh
  session each): from the files reaching the page (a drop or a pick) to the first full preview
  displayed: <= 1.5 s;
- load: 20 concurrent clients on the loopback, each with its own session, 25 preview
  requests each (a preview and its first page image); no error, the 95th percentile
  latency reported, the server's peak memory <= 500 MB.

The server is ``domino-print studio --no-browser`` in a subprocess, as a user runs it.

    python -m bench.studio            # print the table
    python -m bench.studio --write    # and add it to bench/RESULTS.md (make bench)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = "## The studio (in the browser)"
THEMES = ("pips", "fruits", "pips-couleur", "chiffres")
SAMPLES = 40
CLIENTS, REQUESTS = 20, 25
MEDIAN_MS, P95_MS, DROP_MS, MEMORY_MB = 150, 300, 1500, 500


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Server:
    """``domino-print studio --no-browser`` in a subprocess, on a free port."""

    def __init__(self) -> None:
        self.data = Path(tempfile.mkdtemp(prefix="domino-print-bench-"))
        script = Path(sys.executable).with_name("domino-print")
        self.process = subprocess.Popen(
            [str(script), "studio", "--no-browser", "--data-dir", str(self.data)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        line = self.process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        if not match:
            raise SystemExit(f"the studio did not start: {line}{self.process.stderr.read()}")
        self.url = match.group(1)
        for _ in range(200):
            try:
                urllib.request.urlopen(self.url + "/health", timeout=5).read()
                break
            except OSError:
                time.sleep(0.05)

    def cpu_seconds(self) -> float:
        """User + system CPU time the server has used so far (from /proc: a load-independent measure)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def peak_memory_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024

    def stop(self) -> str:
        """Stop the server; what it wrote on stderr (tracebacks, if anything went wrong)."""
        self.process.send_signal(2)
        _out, err = self.process.communicate(timeout=30)
        import shutil

        shutil.rmtree(self.data, ignore_errors=True)
        return err


def _browser_timings(server: Server, photos: list[Path], heic: list[Path]) -> dict[str, list[float]]:
    # Playwright and the browser are needed only here.
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM, CHROMIUM_ARGS

    results: dict[str, list[float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-preview-seq]")

        def timings() -> list[dict]:
            return page.evaluate("() => window.studioTimings")

        def change(theme: str, margin: float) -> float:
            count = len(timings())
            shown = int(page.get_attribute("body", "data-preview-seq") or 0)
            page.evaluate("""([theme, margin]) => {
                document.getElementById("f-theme").value = theme;
                const field = document.getElementById("f-margin");
                field.value = String(margin);
                field.dispatchEvent(new Event("change", {bubbles: true}));
            }""", [theme, margin])
            # Waited for inside the page (no polling from here, which would load the machine).
            page.wait_for_selector(f"body[data-preview-seq='{shown + 1}']", state="attached", timeout=60_000)
            found = timings()
            assert len(found) > count
            return found[-1]["ms"]

        margin = 10.0
        for _ in range(4):  # warm up: first imports, first renders of each theme
            for theme in THEMES:
                margin += 0.01
                change(theme, margin)
        built_in = []
        cpu = server.cpu_seconds()
        for index in range(SAMPLES):
            margin += 0.01
            built_in.append(change(THEMES[index % len(THEMES)], round(margin, 2)))
        results["built-in"] = built_in
        results["built-in cpu"] = [(server.cpu_seconds() - cpu) * 1000 / SAMPLES]

        count = len(timings())
        cpu = server.cpu_seconds()
        page.set_input_files("#files", [str(p) for p in photos])
        while len(found := timings()) <= count:
            page.wait_for_timeout(5)
        results["drop"] = [found[-1]["ms"]]
        results["drop cpu"] = [(server.cpu_seconds() - cpu) * 1000]
        own = []
        page.wait_for_timeout(1500)  # let the size of the first photo PDF be made: not a preview
        cpu = server.cpu_seconds()
        for _ in range(SAMPLES):
            margin += 0.01
            own.append(change("pictures", round(margin, 2)))
        results["photos"] = own
        results["photos cpu"] = [(server.cpu_seconds() - cpu) * 1000 / SAMPLES]

        fresh = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()  # a new session
        fresh.goto(server.url + "/")
        fresh.wait_for_selector("body[data-preview-seq]")
        count = len(fresh.evaluate("() => window.studioTimings"))
        cpu = server.cpu_seconds()
        fresh.set_input_files("#files", [str(p) for p in heic])
        while len(found := fresh.evaluate("() => window.studioTimings")) <= count:
            fresh.wait_for_timeout(5)
        results["heic"] = [found[-1]["ms"]]
        results["heic cpu"] = [(server.cpu_seconds() - cpu) * 1000]
        browser.close()
    return results


def _load(server: Server) -> tuple[list[float], int]:
    latencies: list[float] = []
    errors = 0
    lock = threading.Lock()

    def client(number: int) -> None:
        nonlocal errors
        with urllib.request.urlopen(server.url + "/", timeout=60) as answer:
            cookie = answer.headers["set-cookie"].split(";")[0]
        for request in range(REQUESTS):
            options = {"theme": THEMES[(number + request) % len(THEMES)],
                       "margin": f"{10 + (number * REQUESTS + request) % 40 * 0.25:g}"}
            started = time.perf_counter()
            try:
                body = json.dumps({"options": options, "page_lang": "fr"}).encode()
                ask = urllib.request.Request(server.url + "/api/preview", data=body, method="POST", headers={
                    "content-type": "application/json", "origin": server.url, "cookie": cookie})
                with urllib.request.urlopen(ask, timeout=120) as answer:
                    data = json.loads(answer.read())
                page = urllib.request.Request(server.url + data["pages"][0], headers={"cookie": cookie})
                with urllib.request.urlopen(page, timeout=120) as answer:
                    answer.read()
            except Exception as error:
                with lock:
                    errors += 1
                    if errors <= 3:
                        print(f"bench: load error: {error!r}", file=sys.stderr)
                continue
            with lock:
                latencies.append((time.perf_counter() - started) * 1000)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="add the table to bench/RESULTS.md")
    options = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from bench.photos import generate_heic_photos, generate_photos

    photos = generate_photos()
    heic = generate_heic_photos()
    rows, failures = [], []

    def row(name: str, values: list[float], limits: list[tuple[bool, str]], cpu: str = "") -> None:
        verdict = "ok" if all(ok for ok, _ in limits) else "FAIL"
        if verdict == "FAIL":
            failures.append(name)
        rows.append((name, str(len(values)), f"{statistics.median(values):.0f} ms",
                     f"{percentile(values, 0.95):.0f} ms", f"{max(values):.0f} ms", cpu or "-",
                     verdict + ": " + "; ".join(text for _, text in limits)))

    server = Server()
    try:
        timings = _browser_timings(server, photos, heic)
    finally:
        server.stop()
    for name, key in (("option change -> preview shown, built-in themes, double-six", "built-in"),
                      ("option change -> preview shown, seven 12 MP photos", "photos")):
        values = timings[key]
        median, p95 = statistics.median(values), percentile(values, 0.95)
        row(name, values, [(median <= MEDIAN_MS, f"median {median:.0f} <= {MEDIAN_MS} ms"),
                           (p95 <= P95_MS, f"p95 {p95:.0f} <= {P95_MS} ms")],
            f"{timings[key + ' cpu'][0]:.0f} ms")
    for name, key in (("seven 12 MP photos (JPEG): drop -> first full preview", "drop"),
                      ("seven 12 MP photos (HEIC): drop -> first full preview", "heic")):
        drop = timings[key][0]
        row(name, [drop], [(drop <= DROP_MS, f"{drop:.0f} <= {DROP_MS} ms")],
            f"{timings[key + ' cpu'][0]:.0f} ms (all of it)")

    server = Server()
    try:
        latencies, errors = _load(server)
        memory = server.peak_memory_mb()
    finally:
        said = server.stop()
    if errors and said.strip():
        print(f"bench: the server said:\n{said[-3000:]}", file=sys.stderr)
    row(f"load: {CLIENTS} clients x {REQUESTS} previews (preview + first page)", latencies or [0.0],
        [(errors == 0, f"{errors} errors"),
         (memory <= MEMORY_MB, f"peak RSS {memory:.0f} <= {MEMORY_MB} MB")])

    header = ("scenario", "samples", "median", "95th percentile", "max", "server CPU (per preview)", "limits")
    table = [header, tuple("---" for _ in header), *rows]
    text = "\n".join("| " + " | ".join(r) + " |" for r in table)
    print(text)
    if options.write:
        load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
        section = (
            f"{SECTION}\n\nTaken with `make bench` ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, "
            f"load average {load} when it ended): `python -m bench.studio`, Debian's chromium driven by "
            "Playwright against `domino-print studio`; times from the page's own change event to the new "
            "pages decoded and shown. Every sample renders (a margin never used before), none comes from "
            "the cache. On a loaded machine the times grow with the load: compare with the load average.\n\n"
            + text + "\n"
        )
        existing = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
        existing = existing.split(f"\n{SECTION}")[0].rstrip("\n")
        RESULTS.write_text(existing + "\n\n" + section, encoding="utf-8")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
