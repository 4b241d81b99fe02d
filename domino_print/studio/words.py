"""The studio page's own texts (buttons, groups, upload messages), one TOML file per language.

``studio/texts/<lang>.toml`` hold the same keys as ``fr.toml``; a language of the main
catalogues without a studio file shows the English page texts, while its option labels
and help still come from the main catalogue.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from domino_print import texts

FOLDER = Path(__file__).resolve().parent / "texts"


def page_languages() -> tuple[str, ...]:
    """The languages the page speaks: those of the main catalogues, French first."""
    return texts.languages()


@cache
def _catalogue(lang: str) -> dict[str, str]:
    path = FOLDER / f"{lang}.toml"
    if not path.is_file():
        path = FOLDER / "en.toml"
    return texts._flatten(texts.tomllib.loads(path.read_text(encoding="utf-8")))


def word(lang: str, key: str, /, **values: object) -> str:
    """The page text ``key`` in ``lang``, placeholders filled."""
    template = _catalogue(lang)[key]
    return template.format(**values) if values else template


def plural_word(lang: str, key: str, count: int, /, **values: object) -> str:
    return word(lang, f"{key}.{'one' if count == 1 else 'other'}", count=count, **values)


def all_words(lang: str) -> dict[str, str]:
    """Every page text, for the page's script (messages it shows itself)."""
    return dict(_catalogue(lang))
