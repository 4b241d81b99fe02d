"""Every text that reaches a page or a form: one TOML catalogue per language.

``fr.toml``, ``en.toml``... beside this module hold the same keys with the same
``{placeholders}``; a test compares them. Tables nest (``[rules.famille]``) and
are flattened to dotted keys (``rules.famille.title``). A language is one file:
copying a catalogue to a new name adds that language everywhere languages are
listed, with no code change.
"""

from __future__ import annotations

import string
import sys
from functools import cache
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

CATALOGUE_DIR = Path(__file__).resolve().parent
DEFAULT_LANG = "fr"


class CatalogueError(Exception):
    """A catalogue that is missing, unreadable or lacks a key: a bug in the package, not a user error."""


def languages() -> tuple[str, ...]:
    """The languages with a catalogue, the default first, then by code."""
    found = sorted(path.stem for path in CATALOGUE_DIR.glob("*.toml"))
    return tuple(sorted(found, key=lambda code: (code != DEFAULT_LANG, code)))


def _flatten(table: dict, prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All texts of one language, as dotted keys."""
    path = CATALOGUE_DIR / f"{lang}.toml"
    try:
        return _flatten(tomllib.loads(path.read_text(encoding="utf-8")))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise CatalogueError(f"text catalogue {path.name}: {exc}") from exc


def text(lang: str, key: str, /, **values: object) -> str:
    """The text ``key`` in ``lang``, its ``{placeholders}`` filled from ``values``."""
    try:
        template = catalogue(lang)[key]
    except KeyError:
        raise CatalogueError(f"text catalogue {lang}.toml has no key {key!r}") from None
    return template.format(**values) if values else template


def placeholders(template: str) -> frozenset[str]:
    """The ``{names}`` a template expects."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)
