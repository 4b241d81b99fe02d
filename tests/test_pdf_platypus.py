"""The quick Platypus import (pdf.platypus) defers only the costly Unicode-range patterns, only
in the thread that imports Platypus, and they still work."""

import re
import subprocess
import sys
import threading

import pytest

from domino_print.pdf import platypus

PROBE = """
import re
import domino_print.pdf.rules_page
import reportlab.platypus.paragraph as paragraph
import reportlab.lib.textsplit as textsplit
from domino_print.pdf.platypus import LazyPattern, _real_compile
print(isinstance(paragraph.uri_pat, LazyPattern), isinstance(textsplit.rx, LazyPattern))
print(re.compile is _real_compile)
print(bool(paragraph.uri_pat.match("https://example.org/a")), bool(paragraph.uri_pat.match("no url")))
print(textsplit.rx.sub(r"<\\1>", "a\u4e2db"))
"""

OTHER_THREAD = """
import importlib.abc
import re
import sys
import threading

seen = []


class CompileElsewhere(importlib.abc.MetaPathFinder):
    '''While Platypus loads (as its paragraph module is looked for), another thread compiles a
    costly pattern with re.compile: it must get a real pattern, not a deferred one.'''

    def find_spec(self, name, path=None, target=None):
        if name == "reportlab.platypus.paragraph":
            def compile_there():
                swapped = re.compile is not REAL
                seen.append((swapped, type(re.compile("[\\xa1-\\uffff]", re.I)).__name__))
            thread = threading.Thread(target=compile_there)
            thread.start()
            thread.join()
        return None


REAL = re.compile
sys.meta_path.insert(0, CompileElsewhere())
import domino_print.pdf.platypus  # noqa: E402
import reportlab.platypus.paragraph as paragraph  # noqa: E402

print(seen, type(paragraph.uri_pat).__name__, re.compile is REAL)
"""


@pytest.mark.slow
def test_deferred_pattern_still_matches_urls():
    """In a fresh interpreter, as the CLI runs: the pattern is deferred, then works."""
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "True", "True", "False", "a<\u4e2d>b"]


@pytest.mark.slow
def test_another_thread_compiling_while_platypus_loads_gets_a_real_pattern():
    """The swap is seen by the importing thread alone (the old top-level trick deferred the
    other thread's pattern too); re.compile is given back after the import."""
    done = subprocess.run([sys.executable, "-c", OTHER_THREAD], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["[(True,", "'Pattern')]", "LazyPattern", "True"]


def test_lazy_pattern_compiles_on_first_use():
    lazy = platypus.LazyPattern("a+b", re.IGNORECASE)
    assert lazy._compiled is None
    assert lazy.match("AAb").group(0) == "AAb"
    assert lazy._compiled is not None


def test_only_the_costly_patterns_are_deferred_and_only_in_the_importing_thread(monkeypatch):
    monkeypatch.setattr(platypus, "_importer", threading.get_ident())
    assert isinstance(platypus._compile("[\xa1-\uffff]", re.I), platypus.LazyPattern)
    assert isinstance(platypus._compile("([\u2e80-\uffff])"), platypus.LazyPattern)
    assert isinstance(platypus._compile("[a-z]", re.I), re.Pattern)
    assert isinstance(platypus._compile("abc"), re.Pattern)
    elsewhere: list[object] = []
    thread = threading.Thread(target=lambda: elsewhere.append(platypus._compile("[\xa1-\uffff]", re.I)))
    thread.start()
    thread.join()
    assert isinstance(elsewhere[0], re.Pattern)
    monkeypatch.setattr(platypus, "_importer", None)  # no import under way: nothing is deferred
    assert isinstance(platypus._compile("[\xa1-\uffff]", re.I), re.Pattern)
