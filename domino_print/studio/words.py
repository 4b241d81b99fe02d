"""The studio page's own texts (buttons, groups, upload messages): the ``[studio.*]`` tables
of the text catalogues (``domino_print/texts/<lang>.toml``), read without their prefix.
"""

from __future__ import annotations

from functools import cache

from domino_print import texts

PREFIX = "studio."


def page_languages() -> tuple[str, ...]:
    """The languages the page speaks: those of the main catalogues, French first."""
    return texts.languages()


@cache
def _catalogue(lang: str) -> dict[str, str]:
    catalogue = texts.catalogue(lang)
    return {key[len(PREFIX):]: value for key, value in catalogue.items() if key.startswith(PREFIX)}


def word(lang: str, key: str, /, **values: object) -> str:
    """The page text ``key`` in ``lang``, placeholders filled."""
    template = _catalogue(lang)[key]
    return texts.fill(lang, template, **values) if values else template


def plural_word(lang: str, key: str, count: int, /, **values: object) -> str:
    """The form of ``key`` for ``count`` by the language's CLDR rule (``texts.plural_key``: French
    "0 image", English "0 pictures")."""
    return word(lang, texts.plural_key(lang, PREFIX + key, count).removeprefix(PREFIX), count=count, **values)


def all_words(lang: str) -> dict[str, str]:
    """Every page text, for the page's script (messages it shows itself)."""
    return dict(_catalogue(lang))
