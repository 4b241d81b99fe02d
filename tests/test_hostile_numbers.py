"""Issue 17, class 1: numbers too big for a float, or out of range, on every surface.

Every number option of the table has both bounds, and every value (an integer of any size, a
float, a number written as text with thousands of digits) is either read within them or
refused with one short line: never an ``OverflowError`` nor Python's int-string limit.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from domino_print.errors import OptionError
from domino_print.options.parsing import read_values
from domino_print.options.table import CALIBRATE_OPTIONS, OPTIONS
from domino_print.options.wording import describe

NUMBER_OPTIONS = [option for option in OPTIONS if option.kind in ("int", "float")]
TEXT_OPTIONS = [option for option in OPTIONS if option.kind in ("text", "path")]

huge_integers = st.integers(min_value=0, max_value=6000).map(lambda digits: 10**digits) | st.integers()
numbers = (
    huge_integers | huge_integers.map(lambda n: -n) | st.floats()
    | st.integers(min_value=1, max_value=6000).map(lambda digits: "9" * digits)
    | st.integers(min_value=1, max_value=6000).map(lambda digits: "-" + "1" * digits)
    | st.sampled_from(["1e309", "-1e309", "1e-400", "nan", "inf", " 7 ", "1_000", "0x10", "7.0", ""])
    | st.text(max_size=50)
)


def _one_short_line(error: OptionError) -> None:
    for surface in ("cli", "form"):
        message = describe(error, surface)
        assert message and "\n" not in message and len(message) < 300, message


def test_every_number_option_has_both_bounds():
    """One bound per option, in the table: nothing unbounded reaches the layout or the renderer."""
    for option in (*NUMBER_OPTIONS, *CALIBRATE_OPTIONS):
        if option.kind in ("int", "float"):
            assert option.low is not None and option.high is not None, option.name


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(NUMBER_OPTIONS) - 1), raw=numbers)
@example(index=[o.name for o in NUMBER_OPTIONS].index("max"), raw=10**5000)
@example(index=[o.name for o in NUMBER_OPTIONS].index("gap"), raw=10**400)
@example(index=[o.name for o in NUMBER_OPTIONS].index("sets"), raw="9" * 400)
def test_number_options_read_in_range_or_refuse_in_one_line(index, raw):
    option = NUMBER_OPTIONS[index]
    try:
        value = read_values({option.name: raw}, command_line=True)[option.name]
    except OptionError as error:
        _one_short_line(error)
        return
    if raw == "":
        assert value is None
        return
    expected = int if option.kind == "int" else float
    assert type(value) is expected
    assert option.low <= value <= option.high


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(index=st.integers(0, len(TEXT_OPTIONS) - 1), length=st.integers(0, 200_000))
def test_text_options_are_bounded_before_reading(index, length):
    option = TEXT_OPTIONS[index]
    raw = "9" * length
    try:
        read_values({option.name: raw}, command_line=True)
    except OptionError as error:
        _one_short_line(error)
        if length > option.longest:
            assert f"use at most {option.longest}" in str(error)


@pytest.mark.parametrize("option", NUMBER_OPTIONS, ids=lambda o: o.name)
def test_a_400_digit_integer_on_the_command_line(run_cli, tmp_path, option):
    out = tmp_path / "x.pdf"
    extra = ["--preview"] if option.name == "preview_dpi" else []
    result = run_cli(option.flag, "9" * 400, *extra, "--out", out)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "is out of range" in lines[0] and len(lines[0]) < 300
    assert not out.exists()


@pytest.mark.parametrize("raw", [10**5000, -(10**400), 10**400, "9" * 400, float("inf")],
                         ids=["1e5000", "-1e400", "1e400", "400 nines", "inf"])
@pytest.mark.parametrize("name", [o.name for o in NUMBER_OPTIONS if not o.cli_only])
def test_the_api_refuses_huge_numbers(name, raw):
    from domino_print.api import make_document

    with pytest.raises(OptionError, match=r"out of range|not a whole number") as caught:
        make_document({name: raw})
    _one_short_line(caught.value)
