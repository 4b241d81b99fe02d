"""Issue 17, class 5: SIGINT and SIGTERM at any moment (imports, rendering inside ReportLab's
bare ``except:``, import-lock callbacks, renames) end the run with 128 + N and at most one
line, and change nothing; a run the signal came too late for has written its whole output.

The signals are sent at random moments over many real runs, for about a minute.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
JOB = ["--theme", "fruits", "--labels", "--lang", "en", "--quiet"]
"""A job of about half a second: imports, faces, the rules page's paragraphs and fonts."""
BUDGET_S = 50.0
LATE_S = 0.3
"""A run that exits 0 more than this long after its signal was sent had the signal while it
worked (the last moments of the interpreter's shut-down are far shorter): it should have stopped."""

_STARTUP = re.compile(r'File "(<frozen [a-z_.]+>|<string>|[^"]*/lib/python3\.\d+/[^"]*'
                      r'|[^"]*/bin/domino-print|[^"]*/domino_print/__init__\.py)"')


def _python_startup_traceback(error: str) -> bool:
    """A ``KeyboardInterrupt`` that Python printed in its own start-up (``site`` reading the
    ``.pth`` files, ``runpy``, the console script finding the package and running its
    ``__init__``), before the entry point (``__main__.main``) could set its handlers: a few
    milliseconds outside the package's reach. No frame of it is in any other file of the package."""
    frames = [line for line in error.splitlines() if line.startswith('  File "')]
    # A signal landing while the interpreter sets up its own standard streams (``io``) can also
    # end it with "Fatal Python error: init_sys_streams", before any frame of ours exists.
    interrupted = "KeyboardInterrupt" in error or error.startswith("Fatal Python error: init_sys_streams")
    return interrupted and all(_STARTUP.search(line) for line in frames)


@pytest.mark.slow
def test_signals_at_random_moments_over_many_runs(tmp_path):
    out = tmp_path / "x.pdf"
    old = b"%PDF- the user's old file, not to be lost"
    seed = 20261201
    chance = random.Random(seed)
    commands = [[str(BIN / "domino-print")], [sys.executable, "-m", "domino_print"]]
    started = time.monotonic()
    outcomes: dict[str, int] = {}
    runs = 0
    while time.monotonic() - started < BUDGET_S:
        runs += 1
        out.write_bytes(old)
        signum = chance.choice([signal.SIGINT, signal.SIGTERM])
        process = subprocess.Popen([*commands[runs % 2], *JOB, "--out", str(out)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(chance.uniform(0, 0.7) if runs % 3 else chance.uniform(0, 0.08))  # imports too
        sent = time.monotonic()
        process.send_signal(signum)
        output, error_bytes = process.communicate(timeout=120)
        ended = time.monotonic()
        error = error_bytes.decode(errors="replace")
        now = out.read_bytes()
        left = sorted(p.name for p in tmp_path.iterdir() if p.name != "x.pdf")
        where = (f"seed {seed}, run {runs}, {signal.Signals(signum).name}: "
                 f"exit {process.returncode}, stderr {error!r}")
        assert left == [], f"{where}: left behind {left}"
        code = process.returncode
        if code == 128 + signum:
            lines = error.splitlines()
            assert len(lines) == 1 and lines[0].startswith("domino-print: error: stopped by "), where
            if "the files were written before it came" in lines[0]:
                assert now.startswith(b"%PDF-") and now != old, where
                outcomes["stopped after writing"] = outcomes.get("stopped after writing", 0) + 1
            else:
                assert now == old, f"{where}: the user's file changed"
                outcomes["stopped"] = outcomes.get("stopped", 0) + 1
        elif code == -signum:  # before the handlers were set, or after Python gave them back at exit
            assert error == "" or _python_startup_traceback(error), where
            assert now == old or (now.startswith(b"%PDF-") and b"%%EOF" in now[-10:]), where
            outcomes["killed by the signal"] = outcomes.get("killed by the signal", 0) + 1
        elif code == 0 and "KeyboardInterrupt" in error and "Stopped" not in error:
            # Known gap, outside the package's reach: Python's own SIGINT handler, in the
            # interpreter's start-up (site, the .pth files, runpy) before __main__.main takes
            # Ctrl-C as its very first step, raised in an import-lock callback, which swallowed it.
            # From main() on, a Ctrl-C is remembered (never raised into an import) until
            # output.stopping takes over: the window left is a few tiny imports of Python's own.
            assert now.startswith(b"%PDF-"), where
            outcomes["swallowed before the handlers"] = outcomes.get("swallowed before the handlers", 0) + 1
            assert outcomes["swallowed before the handlers"] <= 2, outcomes
        elif code == 0:
            assert error == "" and output == b"" and now != old and b"%%EOF" in now[-10:], where
            assert ended - sent < LATE_S, f"{where}: finished {ended - sent:.2f} s after the signal"
            outcomes["finished first"] = outcomes.get("finished first", 0) + 1
        else:
            assert code == 1 and _python_startup_traceback(error), where
            assert now == old, where
            outcomes["in Python's start-up"] = outcomes.get("in Python's start-up", 0) + 1
    assert runs >= 20 and outcomes.get("stopped", 0) >= runs // 3, outcomes


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_the_studio_ends_with_128_plus_n(tmp_path, signum):
    process = subprocess.Popen([str(BIN / "domino-print"), "studio", "--no-browser"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "TMPDIR": str(tmp_path)})
    try:
        line = process.stdout.readline()
        assert "Ctrl-C to stop" in line, line
        time.sleep(0.3)
    finally:
        process.send_signal(signum)
        output, error = process.communicate(timeout=30)
    assert process.returncode == 128 + signum, error
    assert "stopped" in output and error == ""
    assert not list(tmp_path.glob("domino-print-studio-*"))
