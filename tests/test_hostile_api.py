"""Issue 17, class 8: the Python API's contract (``domino_print.api``'s docstring).

Arbitrary JSON-like values (hypothesis) for every option, and values of any other type, raise
only the documented exceptions: ``TypeError`` for a non-mapping, ``OptionError`` for a bad value,
another ``DominoError`` for a theme that cannot be used. ``render_page_png``, ``describe`` and
``form_fields`` give clear errors for a page out of range, bytes that are not our PDF, an unknown
surface or language.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_print import api
from domino_print.errors import DocumentError, DominoError, OptionError
from domino_print.options.parsing import parse
from domino_print.options.table import OPTIONS

NAMES = [option.name for option in OPTIONS if not option.cli_only]
json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(0, 6000).map(lambda n: 10**n)
    | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
odd_values = st.sampled_from([object(), b"bytes", 1j, {1, 2}, (1, 2), range(3), Ellipsis, type])
deep = st.integers(1, 3000).map(lambda depth: _nested(depth))


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _only_documented(call) -> None:
    try:
        call()
    except (OptionError, TypeError) as error:
        message = api.describe(error) if isinstance(error, OptionError) else str(error)
        assert message and "\n" not in message and len(message) < 400, message
    except DominoError as error:  # a theme (a folder, a list) that cannot be used: one line
        assert "\n" not in str(error)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(mapping=st.dictionaries(st.sampled_from(NAMES), json_like | odd_values | deep, max_size=4))
def test_any_value_for_any_option_raises_only_documented_errors(mapping):
    mapping.pop("theme", None)  # a random text names a folder or file: test_bad_inputs covers those
    _only_documented(lambda: parse(mapping))


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(options=json_like | odd_values)
def test_options_that_are_not_a_mapping_are_a_type_error(options):
    if isinstance(options, dict):
        return
    with pytest.raises(TypeError, match="must be a mapping"):
        api.make_document(options)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(key=json_like.filter(lambda k: not isinstance(k, (list, dict))) | odd_values)
def test_keys_of_any_kind_are_one_line(key):
    try:
        mapping = {key: 1}
    except TypeError:
        return  # unhashable: no mapping can hold it
    _only_documented(lambda: parse(mapping))


@pytest.fixture(scope="module")
def document():
    return api.make_document({"theme": "pips", "max": 3, "no_rules": True})


@pytest.mark.parametrize("page", [99, -1, 1])
def test_a_page_out_of_range_says_how_many_there_are(document, page):
    with pytest.raises(DocumentError, match=rf"page {page} is out of range: the document has 1 page, 0 to 0"):
        api.render_page_png(document, page)


@pytest.mark.parametrize("data", [b"x", b"", b"%PDF-1.4 not ours", b"\x89PNG\r\n\x1a\n"])
def test_bytes_that_are_not_our_pdf(data):
    with pytest.raises(DocumentError, match="not a PDF domino-print made"):
        api.render_page_png(data, 0)


def test_a_damaged_pdf_of_ours(document):
    with pytest.raises(DocumentError, match="damaged PDF"):
        creator = document.pdf.find(b"(domino-print ")
        api.render_page_png(b"%PDF-1.4\n" + document.pdf[creator - 50: creator + 50], 0)


@pytest.mark.parametrize(("args", "error"), [
    (("x", 0), TypeError), ((None, 0), TypeError), (("doc", "0"), TypeError), (("doc", True), TypeError),
    (("doc", 0, 10**6), DocumentError), (("doc", 0, 0), DocumentError), (("doc", 0, 1.5), TypeError),
])
def test_render_page_png_types_and_resolution(document, args, error):
    given = tuple(document if a == "doc" else a for a in args)
    with pytest.raises(error):
        api.render_page_png(*given)


def test_render_page_png_draws_a_page(document):
    png = api.render_page_png(document, 0, dpi=30)
    assert png.startswith(b"\x89PNG")


@pytest.mark.parametrize(("call", "match"), [
    (lambda: api.describe(OptionError("{max} x", fields=("max",)), "html"), "unknown surface 'html'"),
    (lambda: api.describe(OptionError("x"), "form", "xx"), "unknown language 'xx'"),
    (lambda: api.form_fields("xx"), "unknown language 'xx'"),
    (lambda: api.form_fields(None), "unknown language None"),
])
def test_describe_and_form_fields_give_clear_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_describe_words_any_exception_and_refuses_other_things():
    assert api.describe(DominoError("plain words")) == "plain words"
    with pytest.raises(TypeError):
        api.describe("not an error")  # type: ignore[arg-type]
