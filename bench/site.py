"""The site's incremental rebuild (issue 23): 50 sets, one changes, the rebuild takes under 2 s.

``python -m bench.site`` writes a catalogue of 50 different sets in ``bench/.work/site/``,
builds its site once with ``domino-print site`` (timed, for the record), then, several times,
changes one set's options and times the whole command that brings the site up to date (a new
process each time, interpreter start-up included), and the same command with nothing changed.
Each rebuild must make exactly one set again and take under 2 s of wall time.

    python -m bench.site            # print the table
    python -m bench.site --write    # and add it to bench/RESULTS.md (make bench)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

from bench.run import CLI, ROOT, WORK

SITE_WORK = WORK / "site"
CATALOGUE = SITE_WORK / "catalogue.toml"
OUT = SITE_WORK / "out"
SETS = 50
ROUNDS = 5
LIMIT_S = 2.0
RESULTS = ROOT / "bench" / "RESULTS.md"

_THEMES = (
    ('theme = "pips"', 'theme = "fruits"', 'theme = "pips-couleur"', 'theme = "chiffres"',
     'theme = "nombres"\nfaces = "chiffre,points"', 'theme = "fruits"\nlabels = true',
     'theme = "pips"\nrules = "points"', 'theme = "lettres"\nfaces = "capitale,minuscule"',
     'theme = "couleurs"', 'theme = "pips-couleur"\nink = "noir"')
)


def catalogue_text(changed: dict[int, int] | None = None) -> str:
    """50 sets, each its own options; each set in ``changed`` gets the margin it gives."""
    changed = changed or {}
    parts = ['[site]\nlang = "fr"\ntitle = "Banc d\'essai : 50 jeux"\n']
    for number in range(SETS):
        options = _THEMES[number % len(_THEMES)]
        margin = 10 + number // len(_THEMES)
        margin = changed.get(number, margin)
        parts.append(f'\n[[set]]\nname = "Jeu {number + 1}"\ndescription = "Le jeu numéro {number + 1}."\n'
                     f"[set.options]\n{options}\nmargin = {margin}\n")
    return "".join(parts)


def build() -> tuple[float, str]:
    """One ``domino-print site`` run: its wall time and its output line."""
    start = time.perf_counter()
    done = subprocess.run([*CLI, "site", str(CATALOGUE), "--out", str(OUT)], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"domino-print site failed: {done.stderr.strip()}")
    return elapsed, done.stdout.strip()


def made_count(line: str) -> int:
    match = re.search(r"\((\d+) made", line)
    if not match:
        raise SystemExit(f"unexpected output: {line}")
    return int(match.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="add the table to bench/RESULTS.md")
    options = parser.parse_args()
    shutil.rmtree(SITE_WORK, ignore_errors=True)
    SITE_WORK.mkdir(parents=True)
    CATALOGUE.write_text(catalogue_text(), encoding="utf-8")
    full, line = build()
    assert made_count(line) == SETS, line
    changes, unchanged, failures = [], [], []
    changed: dict[int, int] = {}
    for round_number in range(ROUNDS):
        changed[(7 * round_number + 3) % SETS] = 20 + round_number  # one more set changes each round
        CATALOGUE.write_text(catalogue_text(changed), encoding="utf-8")
        elapsed, line = build()
        if made_count(line) != 1:
            failures.append(f"a one-set change made {made_count(line)} sets again")
        changes.append(elapsed)
        elapsed, line = build()
        if made_count(line) != 0:
            failures.append(f"a rebuild with nothing changed made {made_count(line)} sets")
        unchanged.append(elapsed)
    if max(changes) > LIMIT_S:
        failures.append(f"slowest one-set rebuild {max(changes):.2f} s > {LIMIT_S:g} s")
    verdict = "ok" if not failures else "FAIL: " + "; ".join(failures)
    files = sum(1 for path in OUT.rglob("*") if path.is_file())
    size_mb = sum(path.stat().st_size for path in OUT.rglob("*") if path.is_file()) / 1e6
    rows = [
        ("first build, 50 sets", "1", f"{full:.1f} s", "-", "-", f"{files} files, {size_mb:.1f} MB"),
        ("one set changed -> site up to date", str(ROUNDS), f"{statistics.median(changes):.2f} s",
         f"{max(changes):.2f} s", f"< {LIMIT_S:g} s", verdict),
        ("nothing changed", str(ROUNDS), f"{statistics.median(unchanged):.2f} s", f"{max(unchanged):.2f} s",
         "-", "0 sets made"),
    ]
    header = ("scenario", "runs", "median wall", "max wall", "limit", "result")
    table = "\n".join("| " + " | ".join(row) + " |" for row in (header, tuple("---" for _ in header), *rows))
    print(table)
    if options.write:
        load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
        section = (
            "## The site (domino-print site)\n\n"
            f"Taken with `make bench` ({time.strftime('%Y-%m-%d')}, {os.cpu_count()} cores, load average "
            f"{load} when it ended): `python -m bench.site`, a catalogue of 50 different built-in sets "
            "(`bench/.work/site/catalogue.toml`); each time is the whole `domino-print site` command in a "
            "new process, interpreter start-up included. A one-set change renders that set's PDF and its two "
            "previews and rewrites the page; the 49 others are checked against the marker's hashes only.\n\n"
            + table + "\n"
        )
        existing = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
        existing = re.sub(r"\n+## The site \(domino-print site\)\n.*?(?=\n## |\Z)", "", existing, flags=re.S)
        RESULTS.write_text(existing.rstrip("\n") + "\n\n" + section, encoding="utf-8")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
