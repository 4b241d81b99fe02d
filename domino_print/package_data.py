"""Where the package's data folders are: beside the modules in a wheel, at the checkout's top otherwise.

The wheel puts ``themes/`` (the built-in themes' TOML) in ``domino_print/themes/builtin`` and
``assets/`` (pictures, ICC profiles) in ``domino_print/assets`` (pyproject.toml, force-include);
a checkout keeps both at its top. A bottom module: the themes read their TOML and pictures from
here, the PDF/X writer (``pdf.pdf_x``) its ICC profile, neither through the other.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir(name: str, packaged_as: Path) -> Path:
    """``themes`` or ``assets``: where the wheel puts it (``packaged_as``), else at the checkout's top."""
    return packaged_as if packaged_as.is_dir() else PACKAGE_DIR.parent / name


ASSETS_DIR = data_dir("assets", PACKAGE_DIR / "assets")
