"""The wheel carries themes/ and assets/: a non-editable install works away from the checkout."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
            str(ROOT),
        ],
        check=True,
    )
    (built,) = dist.glob("domino_print-*.whl")
    return built


def test_wheel_holds_package_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "domino_print/py.typed" in names
    assert "domino_print/sets/number_words.toml" in names  # the value evaluator's words
    for theme in ("pips", "pips-couleur", "chiffres", "fruits"):
        assert f"domino_print/themes/builtin/{theme}.toml" in names
    for fruit in ("pomme", "poire", "banane", "orange", "cerises", "fraise", "raisin"):
        assert f"domino_print/assets/fruits/{fruit}.svg" in names
    # The pages' Jinja2 templates (issue 32, item 3), every one the checkout has.
    for surface in ("studio", "site"):
        templates = sorted((ROOT / "domino_print" / surface / "templates").glob("*.html"))
        assert templates, surface
        for template in templates:
            assert f"domino_print/{surface}/templates/{template.name}" in names


def test_installed_wheel_runs_from_another_folder(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # A real, non-editable pip install of the wheel; its dependencies come from this
    # test's environment (a .pth file), so the test needs no network.
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
        check=True,
    )
    (Path(site) / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    work = tmp_path / "elsewhere"
    work.mkdir()
    where = subprocess.run(
        [python, "-c", "import domino_print; print(domino_print.__file__)"],
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(site)
    done = subprocess.run(
        [python, "-m", "domino_print", "--theme", "fruits", "--no-rules", "--out", "planche.pdf"],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (work / "planche.pdf").stat().st_size > 1000
    listed = subprocess.run(
        [python, "-m", "domino_print", "themes"], cwd=work, capture_output=True, text=True, check=True
    ).stdout
    assert "fruits" in listed and "pips" in listed
    # The studio's page and the site's page are written from the templates the wheel carries.
    page = subprocess.run(
        [python, "-c", "from domino_print.studio.page import render_page; print(render_page('en', {}))"],
        cwd=work, capture_output=True, text=True, check=True,
    ).stdout
    assert '<html lang="en">' in page and 'id="f-theme"' in page
    catalogue = '[[set]]\nname = "Pips"\ndescription = "Dots."\n[set.options]\ntheme = "pips"\n'
    (work / "c.toml").write_text(catalogue)
    built = subprocess.run([python, "-m", "domino_print", "site", "c.toml", "--out", "site"], cwd=work,
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    assert 'class="card"' in (work / "site" / "index.html").read_text(encoding="utf-8")
