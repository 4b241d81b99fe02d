"""The quick Platypus import defers only the costly URL pattern, and it still works."""

import re
import subprocess
import sys

from domino_print import platypus_import

PROBE = """
import re
import domino_print.rules
import reportlab.platypus.paragraph as paragraph
from domino_print.platypus_import import LazyPattern, _real_compile
print(isinstance(paragraph.uri_pat, LazyPattern), re.compile is _real_compile)
print(bool(paragraph.uri_pat.match("https://example.org/a")), bool(paragraph.uri_pat.match("no url")))
"""


def test_deferred_pattern_still_matches_urls():
    """In a fresh interpreter, as the CLI runs: the pattern is deferred, then works."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True", "False"]


def test_lazy_pattern_compiles_on_first_use():
    lazy = platypus_import.LazyPattern("a+b", re.IGNORECASE)
    assert lazy._compiled is None
    assert lazy.match("AAb").group(0) == "AAb"
    assert lazy._compiled is not None


def test_only_the_costly_pattern_is_deferred():
    assert isinstance(platypus_import._compile("[\xa1-\uffff]", re.I), platypus_import.LazyPattern)
    assert isinstance(platypus_import._compile("[\xa1-\uffff]"), re.Pattern)
    assert isinstance(platypus_import._compile("abc", re.I), re.Pattern)
