"""No import cycle among the package's modules, counting imports inside functions.

An import inside a function still ties two modules together: it only hides the
circle until that function runs. So this test reads every module of
``domino_print`` with ``ast`` and follows every ``import`` and ``from ... import``
wherever it stands (top level, functions, ``if`` and ``try`` blocks), relative
imports included. Only ``if TYPE_CHECKING:`` blocks are left out: they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import domino_print

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


def imported_names() -> dict[str, set[str]]:
    """For each module, every dotted name its import statements may load, outside packages
    included, wherever they stand but under ``if TYPE_CHECKING:``."""
    found: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        is_package = path.name == "__init__.py"
        names: set[str] = set()
        pending: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"), filename=str(path))]
        while pending:
            node = pending.pop()
            if isinstance(node, ast.If) and _is_type_checking(node):
                pending.extend(node.orelse)
                continue
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names |= _imported(node, module, is_package)
            pending.extend(ast.iter_child_nodes(node))
        found[module] = names
    return found


def import_graph() -> dict[str, set[str]]:
    """For each module, the package modules it imports anywhere in its code."""
    graph: dict[str, set[str]] = {}
    for module, names in imported_names().items():
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


def test_no_import_cycle_among_the_package_modules():
    cycle = find_cycle(import_graph())
    if cycle:
        pytest.fail("import cycle: " + " -> ".join(cycle))


def test_pictures_depend_on_nothing_above_them():
    """Decoding, SVG and art import only each other and the neutral helpers, never themes or faces."""
    allowed = {"domino_print", "domino_print.errors",
               "domino_print.fonts", "domino_print.fonts.sfnt",  # neutral: the embedded font family
               "domino_print.colour"}  # neutral: colour arithmetic (luma)
    graph = import_graph()
    for module, targets in graph.items():
        if module == "domino_print.pictures" or module.startswith("domino_print.pictures."):
            above = {t for t in targets if t not in allowed and not t.startswith("domino_print.pictures")}
            assert not above, f"{module} imports {sorted(above)}"


def test_theme_model_and_faces_do_not_reach_up_to_the_loader_or_pages():
    graph = import_graph()
    forbidden = {f"domino_print.{name}" for name in ("themes.loader", "pdf.document", "sets.job", "cli")}
    for module in ("domino_print.themes.model", "domino_print.themes.user", "domino_print.faces"):
        assert not graph[module] & forbidden, module
