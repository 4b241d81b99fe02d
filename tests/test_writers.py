"""The output writers' registry and the plain millimetre geometry handed to writers (issue 16)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from domino_print import formats
from domino_print.api import make_document, parse_options
from domino_print.formats import OutputFormat
from domino_print.geometry.backs import mirror_placement
from domino_print.geometry.cutting import CutPlan
from domino_print.output import writers
from domino_print.output.writers import WriterSettings, Written, writers_for

MM = 72 / 25.4


def test_the_cut_plan_follows_the_pdf_page_by_page():
    document = make_document({"sets": 2, "backs": True, "max": 9})
    plan = document.cuts
    reader = PdfReader(io.BytesIO(document.pdf))
    kinds = [page.kind for page in plan.pages]
    assert kinds == ["sheet", "back"] * (len(plan.pages) // 2)
    assert [page.number for page in plan.pages] == list(range(1, len(plan.pages) + 1))
    assert len(plan.pages) == document.pages - 1  # the rules page follows
    assert [page.set_number for page in plan.pages] == sorted(page.set_number for page in plan.pages)
    for page in plan.pages:
        box = reader.pages[page.number - 1].mediabox
        assert float(box.width) == pytest.approx(page.width_mm * MM, abs=0.01)
        assert float(box.height) == pytest.approx(page.height_mm * MM, abs=0.01)
    tiles = sum(len(page.tiles) for page in plan.of_kind("sheet"))
    assert tiles == 2 * document.tiles
    for sheet, back in zip(plan.of_kind("sheet"), plan.of_kind("back"), strict=True):
        assert not back.cut_lines and back.bleed_mm > 0
        # the back of each tile lies behind it once the sheet is turned on its long edge
        for front, behind in zip(sheet.tiles, back.tiles, strict=True):
            turned = mirror_placement(front, sheet.width_mm, sheet.height_mm, "long")
            assert behind == pytest.approx(turned)
            assert (behind.x_mm, behind.y_mm) != pytest.approx((front.x_mm, front.y_mm))


def test_a_fold_over_page_carries_its_fold_and_backs():
    plan = make_document({"backs": "fold"}).cuts
    page = plan.pages[0]
    assert page.fold is not None and len(page.backs) == len(page.tiles)
    for front, back in zip(page.tiles, page.backs, strict=True):
        assert page.fold.mirror_point(*front.centre_mm) == pytest.approx(back.centre_mm)


def test_every_cut_line_runs_along_tile_edges():
    plan = make_document({"max": 6}).cuts
    page = plan.pages[0]
    xs = {round(v, 6) for t in page.tiles for v in (t.x_mm, t.x_mm + t.width_mm)}
    ys = {round(v, 6) for t in page.tiles for v in (t.y_mm, t.y_mm + t.height_mm)}
    for line in page.cut_lines:
        vertical = line.x0 == line.x1 and round(line.x0, 6) in xs
        horizontal = line.y0 == line.y1 and round(line.y0, 6) in ys
        assert vertical or horizontal


class _JsonCuts:
    """A toy writer: the cut plan as JSON beside the PDF, from ``document.cuts`` alone."""

    name = "json"

    def planned(self, out: Path, pages: int) -> list[Path]:
        return [out.with_suffix(".json")]

    def check(self, out: Path, pages: int) -> None:
        pass

    def steps(self, pages: int) -> int:
        return 1

    def write(self, staged, out: Path, document, step) -> Written:
        plan: CutPlan = document.cuts
        data = [[list(tile[1:5]) for tile in page.tiles] for page in plan.pages]
        path = self.planned(out, document.pages)[0]
        staged.add(path, json.dumps(data).encode())
        step()
        return Written(self.name, (path,))


def test_a_writer_is_one_registered_unit(monkeypatch, tmp_path):
    """A format declared (``formats.OUTPUT_FORMATS``) and its writer registered is all it takes:
    the command line stages its file with the PDF."""
    from click.testing import CliRunner

    from domino_print.cli import cli

    declared = (*formats.OUTPUT_FORMATS, OutputFormat("json", ".json", "data"))
    monkeypatch.setattr(formats, "OUTPUT_FORMATS", declared)
    monkeypatch.setitem(writers.WRITERS, "json", lambda settings: _JsonCuts())
    out = tmp_path / "p.pdf"
    result = CliRunner().invoke(cli, ["--no-rules", "--quiet", "--out", str(out)])
    assert result.exit_code == 0, result.output
    pages = json.loads(out.with_suffix(".json").read_text())
    assert len(pages) == len(PdfReader(out).pages) and len(pages[0]) == 28


def test_the_writers_asked_for():
    assert [w.name for w in writers_for(WriterSettings())] == ["pdf"]
    assert [w.name for w in writers_for(WriterSettings(preview_dpi=40))] == ["png", "pdf"]


def test_the_pdf_and_previews_come_from_the_registry(tmp_path):
    from domino_print.cli import write_document

    job = parse_options({"no_rules": True})
    summary = write_document(job, tmp_path / "p.pdf", WriterSettings(preview_dpi=30))
    assert (tmp_path / "p-1.png").read_bytes().startswith(b"\x89PNG")
    assert summary.endswith("1 PNG preview (p-1.png)")


def test_every_output_format_has_its_writer_and_is_declared_once():
    """Issue 32, item 2b: the formats are named in ``domino_print.formats`` (low enough for the option
    table and geometry), and the writers' registry holds exactly one writer for each of them."""
    declared = [each.name for each in formats.OUTPUT_FORMATS]
    assert len(declared) == len(set(declared))
    assert set(writers.WRITERS) | set(writers.SOLID_WRITERS.values()) == set(declared)
    assert formats.CUT_FORMATS == ("svg",) and formats.SOLID_SUFFIXES == (".3mf", ".stl")
    assert set(formats.OUT_SUFFIXES) == {".pdf", ".3mf", ".stl"}


def test_a_writer_of_no_declared_format_is_refused(monkeypatch):
    monkeypatch.setitem(writers.WRITERS, "json", lambda settings: None)
    with pytest.raises(RuntimeError, match=r"domino_print/formats\.py"):
        writers._check_registry()


def test_the_command_line_offers_the_declared_cut_formats(monkeypatch):
    from domino_print.options.table import BY_NAME

    assert BY_NAME["cut"].choice_list() == formats.CUT_FORMATS
    assert BY_NAME["corner"].needs[0].values == formats.CUT_FORMATS


def test_the_formats_are_a_bottom_module():
    """Every stage reads ``domino_print.formats`` (the option table, geometry, output): it imports
    nothing of the package."""
    import ast

    tree = ast.parse(Path(formats.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
    assert not {name for name in imported if name and name.startswith("domino_print")}, imported
