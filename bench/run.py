"""Benchmarks: time, size and memory of whole ``domino-print`` commands, side by side.

Each scenario runs its command 5 times in a fresh process, each run followed
by a run of its baseline (by default ``python -c "import reportlab.pdfgen.canvas"``),
and reports the median wall time and the median CPU time (user + system of the
child process, which a busy machine disturbs far less than wall time) of both,
the time spent rendering in-process (the same job run inside this process,
without interpreter start-up), the PDF size and the peak memory (max RSS) of
the command. A scenario passes when it stays within its limits.

The start-up guard is the scenario ``STARTUP_GUARD`` (bench/scenarios.py): the
CPU time of the whole ``domino-print --theme pips`` command at most 2.0 times
that of ``python -c "import reportlab.pdfgen.canvas"`` (issue 36), the median of 20
paired runs (each run's ratio to the baseline run right after it), both pinned to
one core. The runs after the first find the parsed texts and fonts in the user's
cache (``domino_print.user_cache``), as a user's runs do.

    python -m bench.run --write     # print the table and rewrite bench/RESULTS.md (make bench)
    python -m bench.run             # only print the table
    python -m bench.run pips        # only scenarios whose name contains "pips"
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "bench" / ".work"
RUNS = 5
PYTHON = sys.executable
_SCRIPT = Path(sys.executable).with_name("domino-print")
CLI = [str(_SCRIPT)] if _SCRIPT.exists() else [PYTHON, "-m", "domino_print"]
"""The command a user types: the installed console script (``make bench`` installs it)."""


@dataclass
class Scenario:
    """A command to time, its baseline and the limits it must meet."""

    name: str
    args: list[str]
    max_ratio: float | None = None
    """Largest allowed median wall time (command) / median wall time (baseline)."""
    max_cpu_ratio: float | None = None
    """Largest allowed median CPU time (command) / median CPU time (baseline), CPU time being the
    user + system seconds of the child process."""
    max_kb: float | None = None
    max_mb_memory: float | None = None
    baseline: list[str] = field(default_factory=lambda: [PYTHON, "-c", "import reportlab.pdfgen.canvas"])
    baseline_name: str = "import reportlab.pdfgen.canvas"
    setup: object = None
    """Optional callable run once before timing (e.g. to generate input photos)."""
    runs: int = RUNS
    """Runs of the command (and of its baseline); a long job is run once, without a warm-up run."""
    in_process: bool = True
    """Whether to time the job inside this process too (skipped for long jobs)."""
    max_mb_memory_growth: float | None = None
    """Largest allowed peak memory (command) - peak memory (baseline), in MB: for a long job
    against the same job made short, memory that grows with the job's length."""
    max_seconds: float | None = None
    """Largest allowed median wall time of the command itself, in seconds (an issue's own figure)."""
    pinned: bool = False
    """Whether the command and its baseline run on one core (the same one), and the CPU ratio is
    the median of each run's ratio to its baseline's run (paired runs) rather than of the medians."""


LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    if os.environ.pop("BENCH_PIN", "") and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
elapsed = time.perf_counter() - start
with open(sys.argv[1], "w") as report:
    report.write(f"{elapsed} {usage.ru_utime + usage.ru_stime} {usage.ru_maxrss}")
sys.exit(os.waitstatus_to_exitcode(status))
"""
"""Runs a command and reports its wall time, its CPU time (user + system, from the
child's own resource usage) and its peak memory. A child's peak memory (``ru_maxrss``)
includes whatever its parent held when it forked, so the command is started from this
small launcher, not from the benchmark process, which grows large."""


@dataclass(frozen=True)
class Run:
    wall: float
    """Seconds from start to exit."""
    cpu: float
    """User + system CPU seconds of the process."""
    memory_mb: float
    """Peak resident memory."""


def run_once(command: list[str], pinned: bool = False) -> Run:
    """Wall time, CPU time and peak memory of one run of ``command`` in a new process (on one
    core if ``pinned``)."""
    report = WORK / "run.txt"
    done = subprocess.run(
        [PYTHON, "-c", LAUNCHER, str(report), *command],
        cwd=ROOT,
        env={**os.environ, "BENCH_PIN": "1" if pinned else ""},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"benchmark command failed: {shlex.join(command)}\n{done.stderr.decode()}")
    elapsed, cpu, max_rss_kb = report.read_text().split()
    return Run(float(elapsed), float(cpu), int(max_rss_kb) / 1024)


def median_run(runs: list[Run]) -> Run:
    """Median wall and CPU times (each on its own) and the largest peak memory of ``runs``."""
    return Run(
        statistics.median(r.wall for r in runs),
        statistics.median(r.cpu for r in runs),
        max(r.memory_mb for r in runs),
    )


def side_by_side(command: list[str], baseline: list[str], count: int = RUNS, pinned: bool = False
                 ) -> tuple[Run, Run, float]:
    """Medians of ``count`` runs of ``command`` and of ``baseline``, in turn so that both see the same
    machine (after one run of each to warm the file cache, unless ``count`` is 1), and the median
    of the pairs' CPU ratios."""
    runs, bases = [], []
    if count > 1:
        run_once(command, pinned)
        run_once(baseline, pinned)
    for _ in range(count):
        runs.append(run_once(command, pinned))
        bases.append(run_once(baseline, pinned))
    pairs = statistics.median(run.cpu / base.cpu for run, base in zip(runs, bases, strict=True))
    return median_run(runs), median_run(bases), pairs


def in_process_render_seconds(args: list[str]) -> float:
    """Median time of the job inside this process, imports already done."""
    from click.testing import CliRunner

    from domino_print.cli import cli

    runner = CliRunner()
    runner.invoke(cli, args)  # warm imports and caches
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        result = runner.invoke(cli, args)
        times.append(time.perf_counter() - start)
        if result.exit_code != 0:
            raise SystemExit(f"in-process run failed: {args}\n{result.output}")
    return statistics.median(times)


def output_of(args: list[str]) -> Path:
    return ROOT / args[args.index("--out") + 1]


def scenarios() -> list[Scenario]:
    from bench.scenarios import SCENARIOS

    return SCENARIOS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("only", nargs="*", help="run only scenarios whose name contains these words")
    parser.add_argument("--write", action="store_true", help="rewrite bench/RESULTS.md")
    options = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    WORK.mkdir(parents=True, exist_ok=True)
    # An installed wheel comes with compiled bytecode (pip compiles it); with
    # PYTHONDONTWRITEBYTECODE set, a checkout would otherwise recompile every run.
    compileall.compile_dir(ROOT / "domino_print", quiet=1)
    rows, failures = [], []
    for scenario in scenarios():
        if options.only and not any(word in scenario.name for word in options.only):
            continue
        if callable(scenario.setup):
            scenario.setup()
        run, base, paired = side_by_side(CLI + scenario.args, scenario.baseline, scenario.runs,
                                         scenario.pinned)
        render = in_process_render_seconds(scenario.args) if scenario.in_process else None
        size_kb = output_of(scenario.args).stat().st_size / 1024
        ratio, memory = run.wall / base.wall, run.memory_mb
        cpu_ratio = paired if scenario.pinned else run.cpu / base.cpu
        checks = []
        if scenario.max_ratio is not None:
            checks.append((ratio <= scenario.max_ratio, f"time x{ratio:.2f} <= x{scenario.max_ratio:g}"))
        if scenario.max_cpu_ratio is not None:
            checks.append(
                (cpu_ratio <= scenario.max_cpu_ratio, f"CPU x{cpu_ratio:.2f} <= x{scenario.max_cpu_ratio:g}")
            )
        if scenario.max_seconds is not None:
            checks.append((run.wall <= scenario.max_seconds,
                           f"{run.wall:.2f} s <= {scenario.max_seconds:g} s"))
        if scenario.max_kb is not None:
            checks.append((size_kb <= scenario.max_kb, f"{size_kb:.1f} KB <= {scenario.max_kb:g} KB"))
        if scenario.max_mb_memory is not None:
            checks.append(
                (memory <= scenario.max_mb_memory, f"{memory:.0f} MB <= {scenario.max_mb_memory:g} MB")
            )
        if scenario.max_mb_memory_growth is not None:
            growth = memory - base.memory_mb
            checks.append((growth <= scenario.max_mb_memory_growth,
                           f"+{growth:.0f} MB over the baseline <= +{scenario.max_mb_memory_growth:g} MB"))
        verdict = "ok" if all(ok for ok, _ in checks) else "FAIL"
        if verdict == "FAIL":
            failures.append(scenario.name)
        rows.append(
            (
                scenario.name,
                f"{run.wall * 1000:.0f} ms",
                f"{run.cpu * 1000:.0f} ms",
                f"{render * 1000:.0f} ms" if render is not None else "-",
                f"{size_kb:.1f} KB",
                f"{memory:.0f} MB",
                f"{base.wall * 1000:.0f} ms / {base.cpu * 1000:.0f} ms"
                + (f", {base.memory_mb:.0f} MB" if scenario.max_mb_memory_growth is not None else "")
                + f" ({scenario.baseline_name})",
                f"x{ratio:.2f}",
                f"x{cpu_ratio:.2f}" + (f" ({scenario.runs} pairs, one core)" if scenario.pinned else ""),
                verdict + ": " + "; ".join(text for _, text in checks),
            )
        )
    header = (
        "scenario",
        "median wall",
        "median CPU",
        "render in-process",
        "PDF size",
        "peak RSS",
        "baseline wall / CPU",
        "wall ratio",
        "CPU ratio",
        "limits",
    )
    table = [header, tuple("---" for _ in header), *rows]
    text = "\n".join("| " + " | ".join(row) + " |" for row in table)
    print(text)
    from bench.coverage import coverage_section  # the ink table (issue 13), after the timings

    ink_text, ink_failures = coverage_section()
    print("\n" + ink_text)
    failures += ink_failures
    if options.write:
        machine = (
            f"{platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, {platform.system()}"
        )
        load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
        (ROOT / "bench" / "RESULTS.md").write_text(
            "# Benchmark results\n\n"
            f"Taken with `make bench` on {time.strftime('%Y-%m-%d')} ({machine}, load average {load}\n"
            f"when it ended); median of {RUNS} runs (20 for the start-up guard, one for the long\n"
            "preview job).\n"
            "Each run of a command is followed by a run of its baseline, so both see the same machine.\n"
            "CPU time is user + system time of the command's own process, taken from `wait4`;\n"
            "it moves much less than wall time on a busy machine, where wall ratios still move by a\n"
            "tenth or two between runs. The start-up guard (issues 10 and 36) is the CPU ratio of the first\n"
            "row: the whole `domino-print --theme pips` command against importing ReportLab's canvas, both\n"
            "pinned to one core, the median of the 20 pairs' ratios (the texts and fonts read from the\n"
            "user's cache after the warm-up run, as a user's second run finds them).\n\n"
            + text
            + "\n\n"
            + ink_text
            + "\n"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
