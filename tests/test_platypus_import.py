"""The quick Platypus import defers only the costly URL pattern, and it still works."""

import re

from domino_print import platypus_import


def test_deferred_pattern_still_matches_urls():
    import reportlab.platypus.paragraph as paragraph

    if isinstance(paragraph.uri_pat, platypus_import.LazyPattern):
        assert paragraph.uri_pat.match("https://example.org/some/path")
        assert not paragraph.uri_pat.match("not a url at all")
    assert re.compile is platypus_import._real_compile


def test_lazy_pattern_compiles_on_first_use():
    lazy = platypus_import.LazyPattern("a+b", re.IGNORECASE)
    assert lazy._compiled is None
    assert lazy.match("AAb").group(0) == "AAb"
    assert lazy._compiled is not None


def test_only_the_costly_pattern_is_deferred():
    assert isinstance(platypus_import._compile("[\xa1-\uffff]", re.I), platypus_import.LazyPattern)
    assert isinstance(platypus_import._compile("[\xa1-\uffff]"), re.Pattern)
    assert isinstance(platypus_import._compile("abc", re.I), re.Pattern)
