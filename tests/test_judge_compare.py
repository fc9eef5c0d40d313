"""judge/compare.py, in process: the comparators (an output against the answer, in bytes) and
the float comparison, each from a table of cases."""

from dataclasses import astuple, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge import compare, modes


def verdict(kind, expected, got):
    comparator = compare.COMPARATORS[kind]
    return comparator.verdict(comparator.normal(expected), comparator.normal(got))


@pytest.mark.parametrize(
    "expected, got, kind, want",
    [
        (b"1\n", b"1\n", "exact", "AC"),
        (b"1\r\n", b"1\n", "exact", "AC"),  # a .out saved on Windows
        (b"1\r\n2\r\n", b"1\n2\n", "exact", "AC"),
        (b"1\n", b"1\r\n", "exact", "AC"),
        (b"1\n", b"1", "exact", "WA"),
        (b"1\n", b"1 \n", "exact", "WA"),
        (b"7,red\n", b"7, red\n", "exact", "WA"),
        (b"1\n", b"2\n", "exact", "WA"),
        (b"", b"", "exact", "AC"),
        (b"", b"\n", "exact", "WA"),
        (b"yes\n", b"YES\n", "exact", "WA"),
        (b"1 2\n", b"1  2\n", "exact", "WA"),
        (b"1 2\n", b"12\n", "exact", "WA"),
        (b"\xff\xfe ok\n", b"\xff\xfe ok\n", "exact", "AC"),  # bytes, not text
        (b"ok\n", b"\xff\xfe ok\n", "exact", "WA"),
        # loose: spaces at line ends and empty lines at the end ignored, nothing else
        (b"1\n", b"1 \n\n", "loose", "AC"),
        (b"a\nb\n", b"a \nb\t\n", "loose", "AC"),
        (b"a\n", b"a\n\n\n", "loose", "AC"),
        (b"a\n", b"a", "loose", "AC"),
        (b"a b\n", b"a  b\n", "loose", "WA"),
        (b"b\n", b"a \n", "loose", "WA"),
        (b"1 2\n", b"1\t2\n", "loose", "WA"),
        (b"a\n\nb\n", b"a\nb\n", "loose", "WA"),
        # tokens: whitespace-separated tokens only
        (b"1 2\n", b"1\n2", "tokens", "AC"),
        (b"1 2\n3\n", b"1  2\n\n3", "tokens", "AC"),
        (b"1 2 3\n", b"1 2 4\n", "tokens", "WA"),
        (b"12\n", b"1 2\n", "tokens", "WA"),
        (b"yes\n", b"YES\n", "tokens", "WA"),
        # Jutge.org: identical bytes, else IC, else PE after normalizing, else WA
        (b"1 2\n", b"1 2\n", "jutge", "AC"),
        (b"1 2\n", b"1 2\r\n", "jutge", "PE"),
        (b"1 2\n", b"1 2", "jutge", "PE"),
        (b"1 2\n", b"1  2\n", "jutge", "PE"),
        (b"1 2\n", b"  1\t\t2 \n\n\n", "jutge", "PE"),
        (b"yes\n", b"YES\n", "jutge", "PE"),
        (b"YES\n", b"Yes\n", "jutge", "PE"),
        (b"|1 0|\n", b"|1  0|\n", "jutge", "PE"),
        (b"12\n", b"1 2\n", "jutge", "WA"),
        (b"1 2\n", b"12\n", "jutge", "WA"),
        (b"1 2\n", b"1 3\n", "jutge", "WA"),
        (b"\xc3\xa9\n", b"\xc3\xa9\n", "jutge", "AC"),
        (b"e\n", b"\xc3\xa9\n", "jutge", "IC"),
        (b"1 2\n", b"1\x0b2\n", "jutge", "IC"),
        (b"1 2\n", b"1\x002\n", "jutge", "IC"),
        (b"ok\nno\n", b"ok\n\tno\x07\n", "jutge", "IC"),
        (b"", b"", "jutge", "AC"),
        (b"", b"\n", "jutge", "PE"),
    ],
)
def test_each_comparator_gives_its_verdict(expected, got, kind, want):
    assert verdict(kind, expected, got) == want


def test_every_comparator_is_a_mode_and_only_tokens_shows_tokens():
    assert set(compare.COMPARATORS) == set(modes.COMPARISONS)
    by_token = {kind for kind, comparator in compare.COMPARATORS.items() if comparator.by_token}
    assert by_token == {modes.make_mode("tokens").kind}


@given(
    st.binary(max_size=200)
    | st.lists(st.sampled_from([b"a", b" ", b"\t", b"\n", b"\r\n"])).map(b"".join)
)
def test_tokens_are_joined_by_single_spaces(data):
    assert compare.tokens(data) == b" ".join(data.split())


@pytest.mark.parametrize(
    "data, lines",
    [
        (b"", b""),
        (b"\n\n", b""),
        (b"a \t\r\nb  \n\n", b"a\nb\n"),
        (b"a", b"a\n"),
        (b" a\n", b" a\n"),  # spaces at a line's start stay
    ],
)
def test_loose_lines(data, lines):
    assert compare.loose_lines(data) == lines


@given(st.lists(st.sampled_from([b" ", b"\t", b"\n", b"\r\n", b"a", b"b"]), max_size=40))
def test_loose_lines_a_chunk_at_a_time_are_the_lines_at_once(pieces):
    """Cut into chunks of 3 bytes and more, an output gives what one split into lines gives."""
    data = b"".join(pieces)
    lines = [line.rstrip(b" \t") for line in data.replace(b"\r\n", b"\n").split(b"\n")]
    text = b"\n".join(lines).rstrip(b"\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compare, "LINES_CHUNK", 3)
        assert compare.loose_lines(data) == (text + b"\n" if text else b"")


@pytest.mark.parametrize(
    "expected, got, verdict",
    [
        (b"6.000000\n", b"6.000000001\n", "AC"),
        (b"6.000000\n", b"6.0000009\n", "AC"),  # a triangle's area, printed a little off
        (b"1.500000\n", b"1.5000009\n", "AC"),
        (b"6.000000\n", b"6.00006\n", "WA"),  # and too far off
        (b"1.500000\n", b"1.500015\n", "WA"),
        (b"0.5\n", b"0.500001\n", "AC"),  # exactly EPS away, though binary rounding says more
        (b"1\n", b"1.0000011\n", "WA"),
        (b"1000000000\n", b"1000000500\n", "AC"),  # relative: 5e-7
        (b"1000000000\n", b"1000002000\n", "WA"),
        (b"0\n", b"-0.0000005\n", "AC"),  # absolute, near zero
        (b"0.0314\n", b"3.14e-2\n", "AC"),
        (b"1 2\n3\n", b"1.0000001   2\t3", "AC"),  # tokens: the layout is free
        (b"1 2\n", b"1\n", "WA"),
        (b"1\n", b"1 2\n", "WA"),
        (b"YES 1.5\n", b"yes 1.5\n", "WA"),  # a word must match exactly
        (b"nan\n", b"nan\n", "AC"),  # not numbers: plain tokens, equal only when the same
        (b"nan\n", b"NaN\n", "WA"),
        (b"inf\n", b"1e999\n", "WA"),
        (b"1e999\n", b"1e999\n", "AC"),
        (b"1e999\n", b"1e998\n", "WA"),
        (b"1e999\n", b"1e308\n", "WA"),
        (b"1e308\n", b"1e999\n", "WA"),
        (b"8\n", b"0x1p3\n", "WA"),
        (b"1000\n", b"1_000\n", "WA"),
    ],
)
def test_float_compares_numbers_within_eps(expected, got, verdict):
    difference = compare.float_difference(expected, got, 1e-6)
    assert ("AC" if difference is None else "WA") == verdict


@pytest.mark.parametrize(
    "expected, got, difference",
    [
        (b"1 2.5000001 y\n", b"1 2.5 x\n", (2, b"2.5000001", b"2.5", pytest.approx(1e-7))),
        (b"1 2\n", b"1\n", (2, b"2", None, float("inf"))),
        (b"1\n", b"1 2\n", (2, None, b"2", float("inf"))),
        (b"0\n", b"nan\n", (1, b"0", b"nan", float("inf"))),
    ],
)
def test_float_difference_names_the_token_and_its_error(expected, got, difference):
    assert compare.float_difference(expected, got, 1e-9) == difference


@pytest.mark.parametrize("eps", ["1e-6", "0.5", " 1e-9 ", "3"])
def test_a_positive_finite_tolerance_is_usable(eps):
    assert compare.eps_error(eps) is None


@pytest.mark.parametrize("eps", ["0", "-1e-6", "nan", "inf", "abc", "", "0x1p-20", "1e999"])
def test_a_tolerance_that_is_not_a_positive_number_says_why(eps):
    why = "float wants a tolerance, a positive number such as 1e-6, not '"
    assert compare.eps_error(eps) == f"{why}{eps}'"


def test_a_tolerance_is_shown_escaped():
    assert compare.eps_error("\x1b[2J").endswith("not '\\x1b[2J'")


# ---------------------------------------------------------------- Kattis's default validator


@pytest.mark.parametrize(
    "token, value",
    [
        (b"1", 1.0),
        (b"-.5", -0.5),
        (b"+5.", 5.0),
        (b"1e3", 1000.0),
        (b"1E-2", 0.01),
        (b"0x1p-1", 0.5),
        (b"0X.8P1", 1.0),
        (b"-0x1A", -26.0),
        (b"0x1.8", 1.5),
        (b"inf", None),
        (b"nan", None),
        (b"1e999", None),
        (b"0x1p99999", None),
        (b"1e", None),
        (b"0x", None),
        (b".", None),
        (b"1.5x", None),
        (b"1_000", None),
        (b"", None),
        (b"--1", None),
    ],
)
def test_a_float_is_what_cs_sscanf_reads_whole_and_finite(token, value):
    assert compare.c_float(token) == value


@pytest.mark.parametrize(
    "words, flags",
    [
        ([], (False, False, -1.0, -1.0)),
        (["case_sensitive", "space_change_sensitive"], (True, True, -1.0, -1.0)),
        (["float_tolerance", "1e-6"], (False, False, 1e-6, 1e-6)),
        (["float_absolute_tolerance", "0.5"], (False, False, 0.5, -1.0)),
        (["float_relative_tolerance", "0x1p-2"], (False, False, -1.0, 0.25)),
        (["float_tolerance", "1", "float_relative_tolerance", "2"], (False, False, 1.0, 2.0)),
    ],
)
def test_the_default_validators_flags_are_read_as_it_reads_them(words, flags):
    assert astuple(compare.kattis_flags(words)) == flags


@pytest.mark.parametrize("words", [["sloppy"], ["float_tolerance"], ["float_tolerance", "x"]])
def test_a_flag_the_default_validator_refuses_is_an_error(words):
    with pytest.raises(ValueError):
        compare.kattis_flags(words)


NONE = compare.KattisFlags(False, False, -1.0, -1.0)


@pytest.mark.parametrize(
    "expected, got, flags, wrong",
    [
        (b"Yes 1\n", b"yES\n\n  1", NONE, None),  # any letter case, any spaces
        (b"Yes\n", b"yes\n", replace(NONE, case_sensitive=True), (1, 0, "'yes' for 'Yes'")),
        (
            b"1 2\n",
            b"1 2",
            replace(NONE, space_change_sensitive=True),
            (4, 3, "the output ends where the answer has '\\n'"),
        ),
        (
            b"1  2\n",
            b"1 2\n",
            replace(NONE, space_change_sensitive=True),
            (2, 1, "space change: ' ' for '  '"),
        ),
        (b"1 2\n", b"1 2\n", replace(NONE, space_change_sensitive=True), None),
        (b"1\n", b"1 2\n", NONE, (2, 2, "more output than the answer: '2'")),
        (b"1 2\n", b"1\n", NONE, (2, 2, "the output ends where the answer has '2'")),
        (b"0.5\n", b"0.50000001\n", NONE, (1, 0, "'0.50000001' for '0.5'")),  # no tolerance: text
        (b"0.5\n", b"0x1p-1\n", replace(NONE, absolute=1e-9), None),
        (b"100\n", b"100.5\n", replace(NONE, absolute=0.1, relative=0.01), None),  # relative
        (
            b"100\n",
            b"100.5\n",
            replace(NONE, absolute=0.1),
            (1, 0, "'100.5' for '100': error 0.5, relative 0.005"),
        ),
        (b"0\n", b"1e-7\n", replace(NONE, relative=1e-6), (1, 0, "'1e-7' for '0': error 1e-07")),
        (
            b"2.5\n",
            b"two\n",
            replace(NONE, absolute=1e-6),
            (1, 0, "a number was expected ('2.5'), got 'two'"),
        ),
        (b"inf\n", b"INF\n", replace(NONE, absolute=1e-6), None),  # no float: a word, any case
    ],
)
def test_the_default_validator_accepts_what_kattis_accepts(expected, got, flags, wrong):
    assert compare.kattis_difference(expected, got, flags) == wrong


@given(
    st.lists(st.sampled_from([b" ", b"\n", b"1", b"1.0", b"0x1p0", b"A", b"a"]), max_size=8),
    st.lists(st.sampled_from([b" ", b"\n", b"1", b"1.0", b"0x1p0", b"A", b"a"]), max_size=8),
    st.booleans(),
    st.booleans(),
    st.sampled_from([-1.0, 0.0, 1e-6]),
    st.sampled_from([-1.0, 0.0, 1e-6]),
)
def test_kattis_difference_accepts_only_what_its_token_walk_accepts(want, have, case, space, a, r):
    """The quick check for equal outputs never accepts what the walk would reject."""
    expected, got, flags = b"".join(want), b"".join(have), compare.KattisFlags(case, space, a, r)
    walked = compare.kattis_walk(expected, got, flags)
    assert compare.kattis_difference(expected, got, flags) == walked
