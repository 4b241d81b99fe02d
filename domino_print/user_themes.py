"""User themes: a folder of images or a theme TOML file (placeholder until custom images land)."""

from __future__ import annotations

from pathlib import Path

from domino_print.themes import Theme, ThemeError


def load_user_theme(path: Path) -> Theme:
    raise ThemeError(f"{path}: custom image themes are not supported yet")
