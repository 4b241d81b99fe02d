"""The typed job (issue 16): one builder, a source that says what ``--theme`` named, no sentinels.

A list of pairs is a ``PairsSource`` carrying the list it was read from (never a job whose theme
is None); a theme is a ``ThemeSource``; the set builders hand ``build_job`` typed ``SetParts``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from domino_print.api import parse_options
from domino_print.sets import association, job
from domino_print.sets.job import Job
from domino_print.sets.parts import PairsSource, SetParts, ThemeSource

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_a_list_of_pairs_is_a_typed_source_that_carries_the_list():
    made = parse_options({"theme": str(EXAMPLES / "tables-de-multiplication.csv")})
    assert isinstance(made.source, PairsSource)
    assert made.pairs is made.source.pairs and len(made.pairs.rows) == 10
    assert made.theme.name == "tables de multiplication" and made.theme.kind == "association"
    assert made.association is not None and made.deck == "loop" and len(made.tiles) == 10


@pytest.mark.parametrize(("options", "kind", "deck"), [
    ({"theme": "pips"}, None, "double"),
    ({"theme": "nombres"}, "double", "double"),
    ({"theme": "lettres", "structure": "boucle", "values": "A-E"}, "boucle", "loop"),
])
def test_a_theme_is_a_theme_source_and_the_job_says_which_set_it_makes(options, kind, deck):
    made = parse_options(options)
    assert isinstance(made.source, ThemeSource) and made.pairs is None
    assert made.theme.name == options["theme"]
    assert (made.association.structure if made.association else None) == kind
    assert made.deck == deck


@pytest.mark.slow
def test_every_job_comes_from_the_one_builder():
    package = Path(job.__file__).resolve().parent.parent
    makers = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(function):
                    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Job":
                        makers.append(f"{path.relative_to(package)}:{function.name}")
    assert makers == ["sets/job.py:build_job"]
    assert association.association_parts.__annotations__["return"] == "SetParts"
    assert job._classic_parts.__annotations__["return"] == "SetParts"


def _annotation(value: object) -> str:
    return value if isinstance(value, str) else getattr(value, "__forward_arg__", repr(value))


def test_no_job_field_is_typed_object_or_a_bare_tuple():
    for record in (Job, SetParts, PairsSource, ThemeSource):
        for name, annotation in record.__annotations__.items():
            text = _annotation(annotation)
            assert "object" not in text and text.strip() not in ("tuple", "Any"), (record, name, text)
