"""Issue 28, the minor items of the command line: a number just past a bound shown as written, the
rules page's message on A5 with wide margins, and digits other than 0-9 (and ``_``) refused.

Decided: numbers are written with the digits 0 to 9. Python reads ``٣`` (Arabic-Indic), ``７``
(full width), ``𝟔`` (mathematical) and ``1_0`` as numbers; a person who types them means another
keyboard or a typo, so each is refused in one line that says how to write the number.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino_print.api import OptionError, parse_options

NOT_ASCII_DIGITS = [chr(c) for c in range(0x110000)
                    if chr(c).isdigit() and not chr(c).isascii() and not 0xD800 <= c <= 0xDFFF][:400]


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(digit=st.sampled_from(NOT_ASCII_DIGITS), before=st.sampled_from(["", "1", "2"]),
       after=st.sampled_from(["", "0", ".5"]), option=st.sampled_from(["max", "margin", "sets", "gap"]))
def test_a_digit_other_than_0_to_9_is_refused_saying_how_to_write_it(digit, before, after, option):
    with pytest.raises(OptionError) as caught:
        parse_options({"theme": "pips", option: f"{before}{digit}{after}"})
    assert "digits 0 to 9" in str(caught.value)


@pytest.mark.parametrize("written", ["1_0", "_6", "6_", "1__0", "1_0.5"])
def test_an_underscore_in_a_number_is_refused(written):
    with pytest.raises(OptionError) as caught:
        parse_options({"theme": "pips", "margin": written})
    assert "digits 0 to 9" in str(caught.value)


@pytest.mark.parametrize("option, written", [("paper", "٣٠٠x٤٠٠mm"), ("paper", "３００x４００mm"),
                                             ("scale", "١٠٠,١٠٠"), ("back_offset", "١,٢")])
def test_sizes_and_pairs_of_numbers_take_only_digits_0_to_9(option, written):
    with pytest.raises(OptionError):
        backs = {"backs": "duplex"} if option == "back_offset" else {}
        parse_options({"theme": "pips", option: written, **backs})


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(past=st.floats(1e-12, 1e-3), option=st.sampled_from([("margin", 50.0), ("gap", 20.0)]))
def test_a_number_just_past_a_bound_is_shown_as_given_not_as_the_bound(past, option):
    name, bound = option
    value = bound * (1.0 + past)
    if value == bound:
        return
    with pytest.raises(OptionError) as caught:
        parse_options({"theme": "pips", name: value})
    message = str(caught.value)
    assert f" {bound:g} mm is out of range" not in message
    shown = message.split(" mm is out of range")[0].rsplit(" ", 1)[-1]
    assert float(shown) == value and math.isfinite(float(shown))


def test_the_kerf_just_past_its_bound(run_cli, tmp_path):
    result = run_cli("--theme", "pips", "--kerf", "1.0000001", "--out", tmp_path / "x.pdf")
    assert result.exit_code != 0 and "--kerf 1.0000001 mm is out of range" in result.output


def test_the_rules_on_a5_with_wide_margins_do_not_ask_for_a5(run_cli, tmp_path):
    result = run_cli("--theme", "pips", "--paper", "A5", "--margin", "50", "--out", tmp_path / "x.pdf")
    assert result.exit_code != 0
    assert "A5 paper or larger" not in result.output and "50 mm margins" in result.output
    assert "smaller margins" in result.output and "--no-rules" in result.output
