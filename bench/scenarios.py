"""The benchmark scenarios and the limits each issue set for them."""

from __future__ import annotations

from bench.run import Scenario

SCENARIOS: list[Scenario] = [
    Scenario(
        name="pips double-six",
        args=["--theme", "pips", "--out", "bench/.work/pips.pdf"],
        max_ratio=2.0,
        max_kb=10,
    ),
    Scenario(
        name="fruits double-six",
        args=["--theme", "fruits", "--out", "bench/.work/fruits.pdf"],
        max_ratio=2.5,
        max_kb=30,
    ),
]
