"""The value evaluator (``sets.values``): the numbers a class writes, exactly, and nothing else, bounded."""

from __future__ import annotations

import ast
import builtins
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from domino_print.sets import values
from domino_print.sets.values import MAX_BITS, NotAValue, evaluate, shown, value_of, words_value
from domino_print.texts import catalogue

HALF = Fraction(1, 2)


@pytest.mark.parametrize(("text", "value"), [
    ("6", 6), ("3 + 3", 6), ("2 × 3", 6), ("2 x 3", 6), ("2x3", 6), ("2 · 3", 6), ("2*3", 6),
    ("six", 6), ("Six", 6), ("seis", 6), ("sechs", 6),
    ("½", HALF), ("0,5", HALF), ("0.5", HALF), ("50 %", HALF), ("50%", HALF), ("2/4", HALF),
    ("1 ÷ 2", HALF), ("1 : 2", HALF), ("1⁄2", HALF), ("(1 + 1) / 4", HALF),
    ("7 × 8", 56), ("7 × 8 = ?", 56), ("7 × 8 =", 56), ("56 ?", 56), ("56.", 56),
    ("10 − 4", 6), ("10 – 4", 6), ("-3 + 9", 6), ("−(−6)", 6), ("+6", 6),
    ("2^3", 8), ("2**3", 8), ("2³", 8), ("3²", 9), ("2^3^2", 512), ("2^-1", HALF), ("(-2)^3", -8),
    ("1 + 2 × 3", 7), ("(1 + 2) × 3", 9), ("12 - 4 - 2", 6), ("24 / 4 / 2", 3), ("-2^2", -4),
    ("1 ½", Fraction(3, 2)), ("1½", Fraction(3, 2)), ("¾", Fraction(3, 4)), ("1 000", 1000),
    ("1\u202f000", 1000), ("2 500,5", Fraction(5001, 2)), ("12,75", Fraction(51, 4)),
    ("25 % de", None), ("chat", None), ("Paris", None), ("", None), ("?", None), ("x", None),
    ("2 3", None), ("(2", None), ("2)", None), ("1/0", None), ("2^0.5", None), ("0^-1", None),
    ("abs(3)", None), ("__import__('os')", None), ("3 + + ", None), ("3 6", None),
    ("vingt-trois", 23), ("vingt et un", 21), ("soixante-et-onze", 71), ("quatre-vingts", 80),
    ("quatre-vingt-dix-neuf", 99), ("soixante-dix-sept", 77), ("deux cent trois", 203),
    ("mille", 1000), ("deux mille vingt-six", 2026), ("cent", 100), ("zéro", 0), ("septante", 70),
    ("twenty-one", 21), ("one hundred and five", 105), ("three thousand", 3000),
    ("veintitrés", 23), ("treinta y dos", 32), ("ciento veintiuno", 121), ("doscientos", 200),
    ("dreiundzwanzig", 23), ("einhundertdreiundzwanzig", 123), ("zweihundert", 200),
    ("Fünfundsiebzig", 75), ("dreißig", 30), ("hundertundeins", 101), ("zwölf", 12),
    ("six + deux", 8), ("trois x quatre", 12),
    ("deux trois", None), ("trois deux", None), ("un un", None), ("et", None), ("und zwanzig", None),
    ("zéro un", None), ("cent cent", None), ("vingt et", None), ("drei und", None),
])
def test_the_values_a_class_writes(text, value):
    assert value_of(text) == (None if value is None else Fraction(value))


def test_reasons_say_why_a_text_has_no_value():
    for text, reason in (("chat", "not_arithmetic"), ("1/0", "division_by_zero"), ("2^0.5", "not_exact"),
                         ("9^9^9^9", "too_complex"), ("(" * 30 + "1" + ")" * 30, "too_complex"),
                         ("1" * 41, "too_complex"), ("1 + " * 60 + "1", "too_complex")):
        with pytest.raises(NotAValue) as caught:
            evaluate(text)
        assert caught.value.reason == reason, text


def test_every_printed_number_word_reads_back_as_its_value():
    """The catalogues' words (``assoc.number``, what a page prints) and the evaluator's words
    (``number_words.toml``) are two facts: this ties them."""
    for lang in values.LANGS:
        words = {int(k.rpartition(".")[2]): v for k, v in catalogue(lang).items()
                 if k.startswith("assoc.number.")}
        assert len(words) == 21, lang
        for number, word in words.items():
            assert words_value(word, (lang,)) == number, (lang, word)
            assert value_of(word) == number, (lang, word)


def test_words_are_read_in_one_language_at_a_time():
    assert words_value("six", ("de",)) is None and words_value("six", ("fr",)) == 6
    assert words_value("un two") is None  # French and English mixed: no value
    assert words_value("elf", ("de",)) == 11 and words_value("once", ("es",)) == 11


def test_values_are_shown_short():
    assert [shown(Fraction(v)) for v in (6, HALF, Fraction(-5, 4), Fraction(1, 3), Fraction(1, 1024))] == [
        "6", "0.5", "-1.25", "1/3", "1/1024"]


HOSTILE = [
    "9^9^9^9", "9**9**9**9", "2^2^2^2^2^2", "10^1000000", "(10^100)^(10^100)", "99999999999^99999",
    "9" * 5000, "1" * 40 + "^" + "9" * 40, "(" * 10_000 + "1" + ")" * 10_000, "-" * 10_000 + "1",
    "2^-" * 100 + "2", "½^-99999", "0,0000000000000000000000000000000000001^-999",
    "1" + " 000" * 500, "(((((((((((((((((((((((((1)))))))))))))))))))))))))",
    "vingt " * 1000, "quatre" * 1000, "dreiundzwanzig" * 100, "⁹⁹⁹⁹⁹⁹⁹", "9⁹⁹⁹",
    "__import__('os').system('touch /tmp/pwned')", "exec('1')", "lambda: 1", "open('/etc/passwd')",
    "1e999999", "1_000", "9" * 39 + "^" + "9" * 39,
]


def _bounded_call(text: str) -> None:
    tracemalloc.start()
    started = time.process_time()
    try:
        value_of(text)
    finally:
        spent = time.process_time() - started
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    assert spent < 0.2, (text[:40], spent)
    assert peak < 2_000_000, (text[:40], peak)


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_texts_are_refused_quickly_and_small(text):
    values.value_of("1")  # the words file is read once, before measuring
    _bounded_call(text)
    assert value_of(text) is None


def _no_code(*_args, **_kwargs):
    raise AssertionError("the evaluator ran code")


ARITHMETIC = st.text(alphabet="0123456789 +-−×x·*/÷:^()%,.½²³ chatsixvingtund=?", max_size=120)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.one_of(ARITHMETIC, st.text(max_size=250)))
@example("9^9^9^9^9^9")
@example("((((((((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))))")
def test_the_evaluator_never_runs_code_never_loops_and_stays_small(text):
    values.value_of("1")  # the words file is read once, before the builtins are fenced
    saved = {name: getattr(builtins, name) for name in ("eval", "exec", "compile", "__import__", "open")}
    try:
        for name in saved:
            setattr(builtins, name, _no_code)
        result = value_of(text)
    finally:
        for name, function in saved.items():
            setattr(builtins, name, function)
    assert result is None or isinstance(result, Fraction)
    if result is not None:
        assert result.numerator.bit_length() <= MAX_BITS and result.denominator.bit_length() <= MAX_BITS
    _bounded_call(text)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(-10**6, 10**6), st.integers(1, 10**4))
def test_sums_products_and_fractions_are_exact(a, b):
    assert evaluate(f"{a} + {b}") == a + b
    assert evaluate(f"{a} × {b}") == a * b
    assert evaluate(f"{a} / {b}") == Fraction(a, b)
    assert evaluate(f"({a}) - ({b})") == a - b
    assert evaluate(f"{b} %") == Fraction(b, 100)
    decimal = f"{abs(a)},{b}"
    assert evaluate(decimal) == Fraction(f"{abs(a)}.{b}")


def test_the_evaluator_calls_no_builtin_that_runs_code():
    tree = ast.parse(Path(values.__file__).read_text(encoding="utf-8"))
    called = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Name)}
    assert not called & {"eval", "exec", "compile", "__import__", "getattr", "open", "input"}
