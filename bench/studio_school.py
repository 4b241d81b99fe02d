"""A school on a small server: a hundred studio visitors at once, on the loopback, bounded in time.

The server is ``domino-print studio --workers 2 --no-browser`` (the command the README gives a
school), in a subprocess. A hundred visitors, each with its own session, arrive over the first
three seconds; each changes an option every 1 to 3 s (the built-in themes in turn, and a margin
and gap no other change asks for, so that every change is a new render) and, as the page does,
asks for the new preview (its pictures as wide as a 1280-px window shows them) and its first
page's picture.
The run stops 50 s after the first visitor, and the whole scenario is bounded to 60 s. Limits:
no error, the 95th percentile of a change's latency (preview + first page) within 300 ms, the
workers' memory (the sum of each process's peak) within 500 MB. On a busy machine the times grow
with the load: the load average is printed with them.

    python -m bench.studio_school            # print the table
    python -m bench.studio_school --write    # and add it to bench/RESULTS.md (make bench)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "RESULTS.md"
SECTION = "## A school: a hundred studio visitors"
VISITORS, WORKERS = 100, 2
RUN_S, BOUND_S = 50.0, 60.0
THINK_S = (1.0, 3.0)
CHANGES_MOST = 50
"""Changes one visitor makes at most: a change every second at the quickest, for ``RUN_S``."""
THEMES = ("pips", "fruits", "pips-couleur", "chiffres")
P95_MS, MEMORY_MB = 300, 500
PAGE_PX = 328
"""The width a page of the preview is shown at in a 1280-px-wide window, which the page sends with
its request (studio.js ``pagePixels``): the pictures are drawn that wide."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def _processes(pid: int) -> list[int]:
    """``pid`` and its descendants (the supervisor and its workers)."""
    found, queue = [], [pid]
    while queue:
        current = queue.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*/children"):
            queue.extend(int(child) for child in task.read_text().split())
    return found


def _peak_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) / 1024


def margin_and_gap(number: int, change: int) -> dict[str, str]:
    """The margin and gap of visitor ``number``'s ``change``-th change: a pair no other change of the
    run asks for (a visitor makes at most ``CHANGES_MOST`` changes), so that every change is a new
    render and none is found in the cache another visitor filled."""
    index = number * CHANGES_MOST + change
    return {"margin": f"{8 + index % 1000 * 0.01:.2f}", "gap": str(1 + index // 1000)}


async def _visitor(number: int, client, stop_at: float, latencies: list[float], errors: list[str]) -> None:
    rng = random.Random(number)  # a fixed seed per visitor: the same run every time
    await asyncio.sleep(rng.uniform(0, 3))
    async with client:
        try:
            (await client.get("/")).raise_for_status()
        except Exception as error:  # counted and shown: a visitor who cannot arrive fails the scenario
            errors.append(f"arriving: {error!r}")
            return
        change = 0
        while time.monotonic() < stop_at and change < CHANGES_MOST:
            options = {"theme": THEMES[(number + change) % len(THEMES)], **margin_and_gap(number, change)}
            change += 1
            started = time.perf_counter()
            try:
                answer = await client.post("/api/preview", json={"options": options, "page_lang": "fr",
                                                                    "page_px": PAGE_PX})
                answer.raise_for_status()
                page = await client.get(answer.json()["pages"][0])
                page.raise_for_status()
            except Exception as error:  # counted and shown: every error fails the scenario
                errors.append(repr(error))
            else:
                latencies.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(rng.uniform(*THINK_S))


async def _school(url: str) -> tuple[list[float], list[str], float]:
    """The changes' latencies (ms), the errors, and the run's length (s, the clients' making left out)."""
    import httpx

    latencies: list[float] = []
    errors: list[str] = []
    # Each visitor's own client (its own cookies), made before the clock starts: an httpx client
    # takes about 25 ms of CPU to make (its TLS context), and a hundred made as the visitors arrive
    # held this process's event loop for 2-3 s, which the first changes' latencies counted as the
    # studio's.
    clients = [httpx.AsyncClient(base_url=url, timeout=20, headers={"origin": url}) for _ in range(VISITORS)]
    started = time.monotonic()
    stop_at = started + RUN_S
    visitors = [_visitor(n, clients[n], stop_at, latencies, errors) for n in range(VISITORS)]
    try:
        await asyncio.wait_for(asyncio.gather(*visitors), timeout=BOUND_S)
    except asyncio.TimeoutError:
        errors.append(f"the run did not end within {BOUND_S:g} s")
    return latencies, errors, time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="add the table to bench/RESULTS.md")
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="run the school against another checkout's studio (a baseline) first, then "
                             "this one's, one after the other (each takes both cores), and print both")
    options = parser.parse_args()
    if options.against is None:
        return school(None, options.write)
    load = os.getloadavg()[0]
    base = school(options.against.resolve(), False, f" (baseline `{options.against.name}`)")
    ours = school(None, False, " (this checkout)")
    print(f"load average {load:.1f} before the baseline's run, {os.getloadavg()[0]:.1f} after this one's")
    return base or ours


def school(checkout: Path | None, write: bool, who: str = "") -> int:
    """One run of the scenario against ``checkout``'s studio (None: this one's); 0 when within limits."""
    data = Path(tempfile.mkdtemp(prefix="domino-print-school-"))
    script = Path(sys.executable).with_name("domino-print")
    environment = {**os.environ, "DOMINO_PRINT_STUDIO_NEW_SESSIONS_PER_CLIENT_MINUTE": str(VISITORS)}
    if checkout is not None:
        environment["PYTHONPATH"] = str(checkout)
    server = subprocess.Popen(
        [str(script), "studio", "--no-browser", "--workers", str(WORKERS), "--data-dir", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # the visitors all come from 127.0.0.1, as a school's behind one address do
        env=environment)
    try:
        line = server.stdout.readline() if server.stdout else ""
        match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        if not match:
            raise SystemExit(f"the studio did not start: {line}")
        url = match.group(1)
        import urllib.request

        for _ in range(200):
            try:
                urllib.request.urlopen(url + "/health", timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        time.sleep(1.0)  # both workers up
        latencies, errors, took = asyncio.run(_school(url))
        memory = sum(_peak_mb(pid) for pid in _processes(server.pid))
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(data, ignore_errors=True)
    latencies = latencies or [0.0]
    p50, p95 = statistics.median(latencies), percentile(latencies, 0.95)
    checks = [(not errors, f"{len(errors)} errors"), (p95 <= P95_MS, f"p95 {p95:.0f} <= {P95_MS} ms"),
              (memory <= MEMORY_MB, f"memory {memory:.0f} <= {MEMORY_MB} MB")]
    verdict = "ok" if all(ok for ok, _ in checks) else "FAIL"
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    header = ("scenario", "changes", "median", "95th percentile", "max", "changes per second", "memory",
              "limits")
    row = (f"{VISITORS} visitors, `domino-print studio --workers {WORKERS}`{who}", str(len(latencies)),
           f"{p50:.0f} ms", f"{p95:.0f} ms", f"{max(latencies):.0f} ms", f"{len(latencies) / took:.1f}",
           f"{memory:.0f} MB", verdict + ": " + "; ".join(text for _, text in checks))
    table = "\n".join("| " + " | ".join(r) + " |" for r in (header, tuple("---" for _ in header), row))
    print(table)
    print(f"load average {load}")
    for error in errors[:3]:
        print(f"bench: error: {error}", file=sys.stderr)
    if write:
        section = (
            f"{SECTION}\n\nTaken with `make bench` ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, "
            f"load average {load} when it ended): `python -m bench.studio_school`, {VISITORS} visitors on "
            f"the loopback, each with its own session, each changing an option every 1-3 s (a margin and "
            f"gap no other change asks for: a new render every time) and fetching the preview and its "
            f"first page, for {RUN_S:g} s (bounded to {BOUND_S:g} s), against `domino-print studio "
            f"--workers {WORKERS}`. Memory is the sum of each "
            "process's peak. The machine is shared: compare with the load average.\n\n" + table + "\n"
        )
        existing = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
        existing = existing.split(f"\n{SECTION}")[0].rstrip("\n")
        tail = ""
        if f"\n{SECTION}" in (RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else ""):
            after = RESULTS.read_text(encoding="utf-8").split(f"\n{SECTION}", 1)[1]
            rest = after.split("\n## ", 1)
            tail = "\n\n## " + rest[1] if len(rest) > 1 else ""
        RESULTS.write_text(existing + "\n\n" + section + tail.rstrip("\n") + ("\n" if tail else ""),
                           encoding="utf-8")
    return 0 if verdict == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
