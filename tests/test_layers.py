"""The layer contract of ../shared/DESIGN.md, read from the code: who may import what.

Imports are found as ``test_import_cycles`` finds them: everywhere in a module (functions,
``if`` and ``try`` blocks included), except under ``if TYPE_CHECKING:``, which never runs.
A contract that the code does not keep yet is marked ``xfail(strict=True)`` with the work
that will keep it: the day it holds, the test passes and strict xfail fails the run, so the
mark must go.
"""

from __future__ import annotations

from test_import_cycles import MODULES, import_graph, imported_names

PACKAGE = "domino_print"


def _external_imports() -> dict[str, set[str]]:
    """For each package module, the top-level names of the outside packages it imports."""
    return {
        module: {name.split(".")[0] for name in names if name and not name.startswith(PACKAGE)}
        for module, names in imported_names().items()
    }


EXTERNAL = _external_imports()
GRAPH = import_graph()


def _in(package: str, module: str) -> bool:
    return module == f"{PACKAGE}.{package}" or module.startswith(f"{PACKAGE}.{package}.")


def test_the_contract_sees_outside_imports():
    assert "reportlab" in EXTERNAL["domino_print.pdf.canvas"]
    assert "click" in EXTERNAL["domino_print.cli"]


def test_geometry_never_imports_reportlab_or_click():
    for module, names in EXTERNAL.items():
        if _in("geometry", module):
            drawing = names & {"reportlab", "click", "svglib", "pypdfium2"}
            assert not drawing, f"{module} imports {sorted(drawing)}"


def test_geometry_imports_no_writer_or_surface():
    for module, targets in GRAPH.items():
        if _in("geometry", module):
            writers = ("pdf", "faces", "output", "studio", "cli", "api", "api_internal")
            above = {t for t in targets if any(_in(p, t) for p in writers)}
            assert not above, f"{module} imports {sorted(above)}"


def test_only_the_command_line_and_the_option_table_import_click():
    users = {module for module, names in EXTERNAL.items() if "click" in names}
    surfaces = {"domino_print.cli", "domino_print.usage_doc"}  # usage_doc: docs/usage.md from the help
    assert users <= surfaces | {m for m in MODULES if _in("options", m)}, sorted(users)


def test_themes_import_no_painter_and_no_page():
    for module, targets in GRAPH.items():
        if _in("themes", module):
            painters = {t for t in targets if _in("faces", t) or _in("pdf", t)}
            assert not painters, f"{module} imports {sorted(painters)}"


def test_the_theme_model_and_faces_do_not_reach_up_to_the_loader_pages_or_surfaces():
    forbidden = {f"{PACKAGE}.{name}" for name in ("themes.loader", "sets.job", "cli", "api", "api_internal")}
    for module in ("domino_print.themes.model", "domino_print.themes.user", "domino_print.faces"):
        assert not GRAPH[module] & forbidden, module
        assert not {t for t in GRAPH[module] if _in("pdf", t) or _in("studio", t)}, module


def test_the_studio_reaches_the_core_only_through_the_api_and_the_option_table():
    allowed = {f"{PACKAGE}.api", f"{PACKAGE}.api_internal", f"{PACKAGE}.texts", PACKAGE}
    for module, targets in GRAPH.items():
        if _in("studio", module):
            # texts' own modules too (a bottom module): texts.templates, the pages' Jinja2 environment
            inside = {t for t in targets if _in("studio", t) or _in("options", t) or _in("texts", t)}
            outside = targets - allowed - inside
            assert not outside, f"{module} imports {sorted(outside)}"
            assert "reportlab" not in EXTERNAL[module], f"{module} draws with ReportLab itself"


def test_reportlab_is_drawn_with_only_in_the_drawing_packages():
    """ReportLab belongs to pdf/ (pages), faces/ (painters), pictures/ (SVG drawings), fonts/."""
    drawing = ("pdf", "faces", "pictures", "fonts")
    users = {module for module, names in EXTERNAL.items() if "reportlab" in names}
    outside = {m for m in users if not any(_in(p, m) for p in (*drawing, "studio"))}
    assert not outside, sorted(outside)  # (the studio: next test)
