"""The package stays readable by its next maintainer (issue 32, item 5): no module over 600 lines,
no function over a cyclomatic complexity of 20, as radon measures it (`radon cc -s domino_print`).
A function that grows past it is split along its cases; a module, by concern."""

from __future__ import annotations

from pathlib import Path

import pytest
from radon.complexity import cc_visit

PACKAGE = Path(__file__).resolve().parent.parent / "domino_print"
MOST_LINES = 600
MOST_COMPLEXITY = 20


def _over_the_limits() -> list[str]:
    found: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE.parent).as_posix()
        source = path.read_text(encoding="utf-8")
        if source.count("\n") > MOST_LINES:
            found.append(f"{name}: {source.count(chr(10))} lines")
        blocks = list(cc_visit(source))
        while blocks:  # functions, methods, the functions nested in them, and classes' own
            block = blocks.pop()
            blocks += [*getattr(block, "methods", ()), *getattr(block, "closures", ()),
                       *getattr(block, "inner_classes", ())]
            if block.complexity > MOST_COMPLEXITY:
                found.append(f"{name}:{block.lineno} {block.fullname}: complexity {block.complexity}")
    return found


@pytest.mark.slow
def test_no_module_or_function_grows_past_the_limits():
    assert _over_the_limits() == [], f"split along their cases (over {MOST_LINES} lines or " \
                                     f"complexity {MOST_COMPLEXITY})"


def test_the_measure_sees_a_function_too_complex(tmp_path, monkeypatch):
    branches = "".join(f"    if x == {n}:\n        return {n}\n" for n in range(25))
    (tmp_path / "domino_print").mkdir()
    (tmp_path / "domino_print" / "big.py").write_text("def f(x):\n" + branches + "    return -1\n")
    import tests.test_code_size as me

    monkeypatch.setattr(me, "PACKAGE", tmp_path / "domino_print")
    assert me._over_the_limits() == ["domino_print/big.py:1 f: complexity 26"]
