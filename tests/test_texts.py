"""The text catalogues: same keys and placeholders in every language."""

import pytest

from domino_print import texts


def test_default_language_comes_first():
    assert texts.languages()[0] == "fr"
    assert {"fr", "en"} <= set(texts.languages())


@pytest.mark.parametrize("lang", texts.languages())
def test_every_catalogue_has_the_keys_and_placeholders_of_the_default(lang):
    reference = texts.catalogue(texts.DEFAULT_LANG)
    other = texts.catalogue(lang)
    assert set(other) == set(reference)
    for key, template in reference.items():
        assert texts.placeholders(other[key]) == texts.placeholders(template), key


def test_text_fills_placeholders_and_names_a_missing_key():
    assert texts.text("en", "language.name") == "English"
    with pytest.raises(texts.CatalogueError, match="no key 'nope'"):
        texts.text("en", "nope")
