"""The quick Platypus import defers only the costly Unicode-range patterns, and they still work."""

import re
import subprocess
import sys

import pytest

from domino_print import platypus_import

PROBE = """
import re
import domino_print.pdf.rules_page
import reportlab.platypus.paragraph as paragraph
import reportlab.lib.textsplit as textsplit
from domino_print.platypus_import import LazyPattern, _real_compile
print(isinstance(paragraph.uri_pat, LazyPattern), isinstance(textsplit.rx, LazyPattern))
print(re.compile is _real_compile)
print(bool(paragraph.uri_pat.match("https://example.org/a")), bool(paragraph.uri_pat.match("no url")))
print(textsplit.rx.sub(r"<\\1>", "a\u4e2db"))
"""


@pytest.mark.slow
def test_deferred_pattern_still_matches_urls():
    """In a fresh interpreter, as the CLI runs: the pattern is deferred, then works."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True", "True", "False", "a<\u4e2d>b"]


def test_lazy_pattern_compiles_on_first_use():
    lazy = platypus_import.LazyPattern("a+b", re.IGNORECASE)
    assert lazy._compiled is None
    assert lazy.match("AAb").group(0) == "AAb"
    assert lazy._compiled is not None


def test_only_the_costly_patterns_are_deferred():
    assert isinstance(platypus_import._compile("[\xa1-\uffff]", re.I), platypus_import.LazyPattern)
    assert isinstance(platypus_import._compile("([\u2e80-\uffff])"), platypus_import.LazyPattern)
    assert isinstance(platypus_import._compile("[a-z]", re.I), re.Pattern)
    assert isinstance(platypus_import._compile("abc"), re.Pattern)
