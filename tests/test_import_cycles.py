"""No import cycle among the package's modules, counting imports inside functions.

An import inside a function still ties two modules together: it only hides the
circle until that function runs. So this test reads every module of
``domino_print`` with ``ast`` and follows every ``import`` and ``from ... import``
wherever it stands (top level, functions, ``if`` and ``try`` blocks), relative
imports included. Only ``if TYPE_CHECKING:`` blocks are left out: they never run.

It also reads the layers of ``[tool.importlinter]`` (pyproject.toml; docs/ARCHITECTURE.md) and
checks them with the same walk: every module has its layer, and no import climbs back up, not
even one under ``if TYPE_CHECKING:`` (``make lint`` runs import-linter on the same contract,
type-only imports included). Run as a script, it prints the
imports that climb: ``.venv/bin/python tests/test_import_cycles.py``.

The package is parsed once and its two graphs walked once (module fixtures), about a second
together: the tests that read them are marked slow (``make test``; ``make lint`` checks the
layers with import-linter meanwhile), the checks of the walk itself stay in ``make test-fast``.
"""

from __future__ import annotations

import ast
import functools
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

import domino_print
from domino_print.texts import tomllib

PACKAGE = "domino_print"
ROOT = Path(domino_print.__file__).resolve().parent


def _module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (``domino_print.faces`` for its ``__init__``)."""
    names = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


MODULES = _module_names()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(node: ast.AST, module: str, is_package: bool) -> set[str]:
    """The dotted names an import statement may load (a ``from x import y`` may load ``x.y``)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    return {target} | {f"{target}.{alias.name}" for alias in node.names}


def _owner(name: str) -> str | None:
    """The package module that importing ``name`` runs last (``a.b.c`` -> ``a.b`` if ``c`` is a name)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


@functools.cache
def _parsed() -> dict[str, ast.Module]:
    """Every module's syntax tree, parsed once (parsing the package is most of a walk's cost)."""
    return {module: ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for module, path in MODULES.items()}


def imported_names(type_only: bool = False) -> dict[str, set[str]]:
    """For each module, every dotted name its import statements may load, outside packages
    included, wherever they stand but under ``if TYPE_CHECKING:`` (there too with ``type_only``)."""
    found: dict[str, set[str]] = {}
    for module, tree in _parsed().items():
        is_package = MODULES[module].name == "__init__.py"
        names: set[str] = set()
        pending: list[ast.AST] = [tree]
        while pending:
            node = pending.pop()
            if isinstance(node, ast.If) and _is_type_checking(node) and not type_only:
                pending.extend(node.orelse)
                continue
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names |= _imported(node, module, is_package)
            pending.extend(ast.iter_child_nodes(node))
        found[module] = names
    return found


def import_graph(type_only: bool = False) -> dict[str, set[str]]:
    """For each module, the package modules it imports anywhere in its code (with ``type_only``,
    under ``if TYPE_CHECKING:`` too)."""
    graph: dict[str, set[str]] = {}
    for module, names in imported_names(type_only).items():
        targets: set[str] = set()
        for name in names:
            owner = _owner(name)
            # importing a.b.c runs a and a.b first: a package's __init__ is an import too
            while owner and owner.startswith(PACKAGE):
                if owner != module:
                    targets.add(owner)
                owner = _owner(owner.rpartition(".")[0])
        graph[module] = targets
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def type_only_graph() -> dict[str, set[str]]:
    """``import_graph`` with the imports under ``if TYPE_CHECKING:`` counted too."""
    return import_graph(type_only=True)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other round a circle (strongly connected, over one
    module), each sorted, the groups sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph.get(module, ())):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph) + 100))
    try:
        for module in sorted(graph):
            if module not in index:
                visit(module)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(found)


# ------------------------------------------------------------------------ the layer contract


class Layer(NamedTuple):
    """One line of the contract: its modules, and whether they may import each other (``:``)."""

    modules: tuple[str, ...]
    siblings_may_import: bool


def contract_layers(pyproject: Path = ROOT.parent / "pyproject.toml") -> list[Layer]:
    """The ``layers`` contract of ``[tool.importlinter]``, top first."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["importlinter"]
    (contract,) = [c for c in config["contracts"] if c["type"] == "layers"]
    layers = []
    for line in contract["layers"]:
        joined = ":" in line
        parts = tuple(part.strip() for part in line.replace(":", "|").split("|"))
        layers.append(Layer(parts, joined))
    return layers


def place(module: str, layers: list[Layer]) -> tuple[int, str] | None:
    """The layer of ``module`` (0 for the top) and the listed module it is in, or None."""
    best: tuple[int, str] | None = None
    for number, layer in enumerate(layers):
        for listed in layer.modules:
            if (module == listed or module.startswith(listed + ".")) and (
                    best is None or len(listed) > len(best[1])):
                best = (number, listed)
    return best


def climbs(graph: dict[str, set[str]], layers: list[Layer]) -> list[tuple[str, str]]:
    """The imports the contract forbids: up a layer, or between parts of one layer kept apart (``|``)."""
    found = []
    for module, targets in sorted(graph.items()):
        here = place(module, layers)
        for target in sorted(targets):
            there = place(target, layers)
            if here is None or there is None or here[1] == there[1]:
                continue
            if there[0] < here[0] or (there[0] == here[0] and not layers[here[0]].siblings_may_import):
                found.append((module, target))
    return found


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    """The package's imports, walked once for the tests of this file that read them."""
    return import_graph()


@pytest.fixture(scope="module")
def type_only() -> dict[str, set[str]]:
    """The package's imports, those under ``if TYPE_CHECKING:`` included, walked once."""
    return type_only_graph()


UNPLACED = {PACKAGE, f"{PACKAGE}.sets"}
"""The package and sets/ themselves, whose ``__init__`` imports nothing of the package (checked
below): a layer would have nothing to hold there."""


def test_the_contract_reader_places_modules_and_finds_climbs():
    layers = [Layer(("p.top",), False), Layer(("p.a", "p.b"), False), Layer(("p.c", "p.d"), True),
              Layer(("p.a.low",), False)]
    assert place("p.a.x", layers) == (1, "p.a") and place("p.a.low.y", layers) == (3, "p.a.low")
    graph = {"p.top": {"p.a"}, "p.a": {"p.b", "p.c"}, "p.c": {"p.d", "p.top"}, "p.a.low": {"p.a"}}
    assert climbs(graph, layers) == [("p.a", "p.b"), ("p.a.low", "p.a"), ("p.c", "p.top")]
    assert circles({"a": {"b"}, "b": {"a", "c"}, "c": set()}) == [["a", "b"]]


@pytest.mark.slow
def test_every_module_has_its_layer_in_the_contract(type_only):
    layers = contract_layers()
    unplaced = {module for module in MODULES if place(module, layers) is None}
    assert unplaced == UNPLACED, sorted(unplaced ^ UNPLACED)
    for module in UNPLACED:
        assert not type_only[module], f"{module} imports {sorted(type_only[module])}"
    listed = {m for layer in layers for m in layer.modules}
    assert listed <= set(MODULES), sorted(listed - set(MODULES))


@pytest.mark.slow
def test_no_import_climbs_back_up_the_layers(type_only):
    """The contract import-linter checks in ``make lint``, read with this file's own walk, type-only
    imports included: a type named from a layer above ties the modules together too (the writers
    named ``api.Document`` until ``output.written.FinishedDocument`` said what they read of it)."""
    found = climbs(type_only, contract_layers())
    assert not found, "\n".join(f"{a} -> {b}" for a, b in found)


def test_the_contract_counts_type_only_imports_as_import_linter_does():
    config = tomllib.loads((ROOT.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["importlinter"]["exclude_type_checking_imports"] is False


@pytest.mark.slow
def test_no_circle_even_through_type_only_imports(type_only):
    """A circle closed by an import under ``if TYPE_CHECKING:`` still ties the modules together
    (rules.content and rules.loop were one until each took only what it needs; sets.parts and
    sets.levels until the level's deck record moved to parts, beside the other pieces of a job)."""
    assert circles(type_only) == []


def test_the_walk_sees_imports_inside_functions_and_relative_imports():
    source = (
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "from .sets import tiles\n"
        "if TYPE_CHECKING:\n"
        "    from domino_print.render import SheetRenderer\n"
        "def f():\n"
        "    from domino_print.faces.pips import MAX_PIPS\n"
        "    import domino_print.geometry.sheet\n"
    )
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If) and _is_type_checking(node):
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found |= {_owner(n) for n in _imported(node, "domino_print.cli", False)} - {None}
    assert {"domino_print.sets.tiles", "domino_print.faces.pips", "domino_print.geometry.sheet"} <= found
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_every_module_is_walked():
    assert {"domino_print.cli", "domino_print.themes.model", "domino_print.faces"} <= set(MODULES)


@pytest.mark.slow
def test_no_import_cycle_among_the_package_modules(graph):
    cycle = find_cycle(graph)
    if cycle:
        pytest.fail("import cycle: " + " -> ".join(cycle))


@pytest.mark.slow
def test_pictures_depend_on_nothing_above_them(graph):
    """Decoding, SVG and art import only each other and the neutral helpers, never themes or faces."""
    allowed = {"domino_print", "domino_print.errors",
               "domino_print.fonts", "domino_print.fonts.sfnt",  # neutral: the embedded font family
               "domino_print.colour"}  # neutral: colour arithmetic (luma)
    for module, targets in graph.items():
        if module == "domino_print.pictures" or module.startswith("domino_print.pictures."):
            above = {t for t in targets if t not in allowed and not t.startswith("domino_print.pictures")}
            assert not above, f"{module} imports {sorted(above)}"


@pytest.mark.slow
def test_theme_model_and_faces_do_not_reach_up_to_the_loader_or_pages(graph):
    forbidden = {f"domino_print.{name}" for name in ("themes.loader", "pdf.document", "sets.job", "cli")}
    for module in ("domino_print.themes.model", "domino_print.themes.user", "domino_print.faces"):
        assert not graph[module] & forbidden, module


if __name__ == "__main__":  # the numbers of the architecture document: imports that climb the layers
    walked = import_graph()
    climbing = climbs(type_only_graph(), contract_layers())
    for module, target in climbing:
        print(f"climbs: {module} -> {target}")
    modules_apart = sum(1 for m, ts in walked.items() for t in ts if t.split(".")[:2] != m.split(".")[:2])
    print(f"{sum(map(len, walked.values()))} imports between modules ({modules_apart} between packages), "
          f"{len(climbing)} climb; circles through type-only imports: {circles(type_only_graph())}")
