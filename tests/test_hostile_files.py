"""Issue 17, classes 2 and 3: home folders, and files outside a theme's or a list's folder.

- ``~nosuchuser/photos``, ``HOME=/dev/null``, ``HOME`` naming a file or a missing folder: one
  line or a normal run, never a traceback; ReportLab's per-user files (``~/.reportlab_mods``,
  ``~/.reportlab_settings``) and ``RL_`` variables are never read: the PDF's bytes do not change.
- A picture named in ``theme.toml`` or in a pairs list by ``../``, an absolute path, ``~``, or
  through a link leading outside (and a folder theme holding such a link) is refused in one
  line naming the folder, and nothing is written; names that stay inside are read.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from domino_print.cli import cli

COLOURS = ["#E53935", "#1E88E5", "#43A047", "#FDD835", "#8E24AA"]


def _run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _refused_in_one_line(result, *words: str) -> str:
    assert result.exit_code in (1, 2), (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("domino-print: error: "), result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


# -- class 2: home folders -----------------------------------------------------------------------

@pytest.mark.parametrize("ref", ["~nosuchuser/photos", "~nosuchuser", "~no such user/x.toml",
                                 "~\u732b/a.csv"])
def test_an_unknown_user_in_theme_is_one_line(tmp_path, ref):
    out = tmp_path / "x.pdf"
    line = _refused_in_one_line(_run("--theme", ref, "--out", out), "--theme", "full path")
    assert "RuntimeError" not in line and not out.exists()


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(user=st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
       rest=st.sampled_from(["", "/", "/photos", "/a.csv", "/t/theme.toml", "/../x"]))
def test_any_tilde_reference_is_a_run_or_one_line(user, rest):
    with tempfile.TemporaryDirectory() as name:
        out = Path(name) / "x.pdf"
        result = _run("--theme", f"~{user}{rest}", "--out", out)
        if result.exit_code != 0:
            _refused_in_one_line(result)
            assert not out.exists()


def _subprocess_run(home: str | None, out: Path, extra_env: dict[str, str] | None = None):
    env = {key: value for key, value in os.environ.items() if key != "HOME" and not key.startswith("RL_")}
    if home is not None:
        env["HOME"] = home
    env.update(extra_env or {})
    return subprocess.run(
        [sys.executable, "-m", "domino_print", "--theme", "chiffres", "--max", "3", "--out", str(out)],
        env=env, capture_output=True, text=True, timeout=120, cwd=out.parent,
    )


@pytest.mark.slow
def test_home_folders_and_reportlab_user_files_change_nothing(tmp_path):
    """One run per kind of home; every PDF has the bytes of a run with a plain home."""
    plain = tmp_path / "plain"
    plain.mkdir()
    baseline = tmp_path / "baseline.pdf"
    done = _subprocess_run(str(plain), baseline)
    assert done.returncode == 0, done.stderr
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    hostile = tmp_path / "hostile"
    hostile.mkdir()
    (hostile / ".reportlab_mods").write_text("raise RuntimeError('a broken ~/.reportlab_mods')\n")
    (hostile / ".reportlab_settings").write_text("pdfComments = 1\npdfMultiLine = 1\ninvariant = 0\n")
    settings_only = tmp_path / "settings-only"
    settings_only.mkdir()
    (settings_only / ".reportlab_settings").write_text("pdfComments = 1\n")
    cases = {
        "dev-null": ("/dev/null", None), "a-file": (str(a_file), None),
        "missing": (str(tmp_path / "missing"), None), "unset": (None, None),
        "broken-mods": (str(hostile), None), "settings": (str(settings_only), None),
        "rl-variable": (str(plain), {"RL_pdfComments": "1"}),
    }
    for name, (home, env) in cases.items():
        out = tmp_path / f"{name}.pdf"
        done = _subprocess_run(home, out, env)
        assert done.returncode == 0, (name, done.stderr)
        assert "Traceback" not in done.stderr and done.stderr == "", (name, done.stderr)
        assert out.read_bytes() == baseline.read_bytes(), f"{name}: the PDF depends on the home folder"
    # A reportlab_settings module beside the command (python -m puts the folder on the path).
    (tmp_path / "reportlab_settings.py").write_text("pdfComments = 1\n")
    (tmp_path / "reportlab_mods.py").write_text("raise RuntimeError('a reportlab_mods on the path')\n")
    out = tmp_path / "on-path.pdf"
    done = _subprocess_run(str(plain), out)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == baseline.read_bytes()


def test_importing_the_package_changes_no_environment_variable():
    """An API user's RL_ variables stay theirs: only the command line's run leaves them out."""
    code = ("import os, domino_print, domino_print.api; "
            "print(os.environ.get('RL_pdfComments'), os.environ.get('RL_invariant'))")
    env = {**os.environ, "RL_pdfComments": "1", "RL_invariant": "0"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "0"]


def test_reportlab_finds_its_user_modules_already_empty():
    """In this process too: the package made them inert before ReportLab was imported."""
    import reportlab  # noqa: F401  (imported by the package's modules anyway)

    for name in ("reportlab_mods", "reportlab_settings"):
        module = sys.modules[name]
        assert getattr(module, "__file__", None) is None
        assert not [key for key in vars(module) if not key.startswith("__")]


# -- class 3: files outside the theme ----------------------------------------------------------

def _picture(path: Path, colour: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (24, 16), colour).save(path)
    return path


def _sandbox(root: Path) -> tuple[Path, Path]:
    """``root/theme`` with two pictures and a sub-folder, ``root/secret/s.png`` outside it."""
    theme = root / "theme"
    _picture(theme / "img1.png", COLOURS[0])
    _picture(theme / "img2.png", COLOURS[1])
    _picture(theme / "sub" / "img3.png", COLOURS[2])
    secret = _picture(root / "secret" / "s.png", COLOURS[4])
    return theme, secret


def _outside_name(theme: Path, secret: Path, how: str) -> str:
    """A name, as written in the theme's folder, that leads to ``secret`` (outside it)."""
    if how == "dotdot":
        return "../secret/s.png"
    if how == "dotdot-deep":
        return "sub/../../secret/s.png"
    if how == "absolute":
        return str(secret)
    if how == "dot-absolute":
        return str(secret.parent) + "/./s.png"
    if how == "link-file":
        (theme / "link.png").symlink_to(secret)
        return "link.png"
    if how == "link-relative":
        (theme / "rel.png").symlink_to(Path("..") / "secret" / "s.png")
        return "rel.png"
    if how == "link-folder":
        (theme / "door").symlink_to(secret.parent, target_is_directory=True)
        return "door/s.png"
    if how == "link-chain":
        (theme / "hop.png").symlink_to(theme / "sub" / "hop2.png")
        (theme / "sub" / "hop2.png").symlink_to(secret)
        return "hop.png"
    if how == "tilde":
        return "~/s.png"
    raise AssertionError(how)


OUTSIDE = ["dotdot", "dotdot-deep", "absolute", "dot-absolute", "link-file", "link-relative", "link-folder",
           "link-chain", "tilde"]


def _write_reference(theme: Path, where: str, name: str) -> Path:
    """A theme or list naming ``name`` among inside pictures; the path to give to --theme."""
    quoted = name.replace("\\", "\\\\").replace('"', '\\"')
    if where == "theme.toml":
        listed = f'images = ["img1.png", "{quoted}", "img2.png"]\n'
        (theme / "theme.toml").write_text(listed, encoding="utf-8")
        return theme
    if where == "pairs.csv":
        (theme / "list.csv").write_text(f"a;img1.png\nb;{name}\nc;img2.png\n", encoding="utf-8")
        return theme / "list.csv"
    (theme / "list.toml").write_text(
        f'pairs = [["a", "img1.png"], ["b", "{quoted}"], ["c", "img2.png"]]\n', encoding="utf-8")
    return theme / "list.toml"


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes()
            for p in root.rglob("*") if p.is_file() and not p.is_symlink()}


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(how=st.sampled_from(OUTSIDE), where=st.sampled_from(["theme.toml", "pairs.csv", "pairs.toml"]))
def test_a_picture_outside_the_folder_is_refused(how, where):
    with tempfile.TemporaryDirectory() as name:
        root = Path(name)
        theme, secret = _sandbox(root)
        ref = _write_reference(theme, where, _outside_name(theme, secret, how))
        before = _files(root)
        out = root / "out.pdf"
        line = _refused_in_one_line(_run("--theme", ref, "--out", out), "outside")
        assert "copy the picture into it" in line
        assert not out.exists() and _files(root) == before


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(how=st.sampled_from(["link-file", "link-relative", "link-folder", "link-chain"]))
def test_a_folder_theme_holding_a_link_that_leads_out_is_refused(how):
    with tempfile.TemporaryDirectory() as name:
        root = Path(name)
        theme, secret = _sandbox(root)
        if how == "link-folder":  # a linked folder is not listed; its picture, linked, is
            (theme / "door").symlink_to(secret.parent, target_is_directory=True)
            (theme / "via-door.png").symlink_to(Path("door") / "s.png")
        else:
            _outside_name(theme, secret, how)
        out = root / "out.pdf"
        _refused_in_one_line(_run("--theme", theme, "--out", out, "--no-rules"), "outside")
        assert not out.exists()


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.sampled_from(["sub/img3.png", "./sub/img3.png", "sub/../sub/img3.png", "sub//img3.png",
                             "inside-link.png"]),
       where=st.sampled_from(["theme.toml", "pairs.csv", "pairs.toml"]))
def test_names_that_stay_inside_are_read(name, where):
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        theme, _ = _sandbox(root)
        (theme / "inside-link.png").symlink_to(Path("sub") / "img3.png")
        ref = _write_reference(theme, where, name)
        out = root / "out.pdf"
        extra = ["--no-rules"] if where == "theme.toml" else []
        result = _run("--theme", ref, "--out", out, *extra)
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(b"%PDF-")
