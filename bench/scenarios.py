"""The benchmark scenarios and the limits each issue set for them."""

from __future__ import annotations

import subprocess

from bench.photos import PHOTO_SCENARIO
from bench.run import CLI, ROOT, Scenario

KB_PER_EXTRA_SET = 3
"""Issue 6: each extra classroom set may add at most this much to the PDF."""


def _limit_size_per_extra_set(scenario: Scenario, single_args: list[str], sets: int) -> Scenario:
    """Before timing, render the same command with one set and allow ``KB_PER_EXTRA_SET`` KB
    for each of the other ``sets - 1``: the PDF-size limit then reads "size of one set + 29 x 3 KB"."""

    def setup() -> None:
        subprocess.run([*CLI, *single_args], cwd=ROOT, check=True, capture_output=True)
        single_kb = (ROOT / single_args[single_args.index("--out") + 1]).stat().st_size / 1024
        scenario.max_kb = round(single_kb + (sets - 1) * KB_PER_EXTRA_SET, 1)

    scenario.setup = setup
    return scenario


# Issue 6: 30 classroom sets with backs (and the rules page) against one plain set.
CLASS_SCENARIO = _limit_size_per_extra_set(
    Scenario(
        name="pips 30 sets + backs",
        args=["--theme", "pips", "--sets", "30", "--backs", "--label", "CM1 Mme Durand",
              "--out", "bench/.work/class-30.pdf"],
        max_ratio=3.0,
        baseline=[*CLI, "--theme", "pips", "--out", "bench/.work/one-set.pdf"],
        baseline_name="one set: domino-print --theme pips",
    ),
    ["--theme", "pips", "--sets", "1", "--backs", "--label", "CM1 Mme Durand",
     "--out", "bench/.work/class-1.pdf"],
    sets=30,
)

# Issue 10: the start-up guard. The whole command, interpreter start-up included, in CPU time
# (user + system of the process), against importing ReportLab's canvas alone.
STARTUP_GUARD = Scenario(
    name="start-up guard: domino-print --theme pips",
    args=["--theme", "pips", "--out", "bench/.work/startup-pips.pdf"],
    max_cpu_ratio=2.3,
)

SCENARIOS: list[Scenario] = [
    STARTUP_GUARD,
    Scenario(
        name="pips double-six",
        args=["--theme", "pips", "--out", "bench/.work/pips.pdf"],
        max_ratio=2.0,
        max_kb=30,  # issue 13: three font styles embedded as subsets
    ),
    Scenario(
        name="fruits double-six",
        args=["--theme", "fruits", "--out", "bench/.work/fruits.pdf"],
        max_ratio=2.5,
        max_kb=30,
    ),
    CLASS_SCENARIO,
    PHOTO_SCENARIO,  # issue 5: seven 12 MP photos against a full decode of the same files
]
