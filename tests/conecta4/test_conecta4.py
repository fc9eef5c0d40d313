"""The tests particular to conecta4 (tests/test_problems.py has those of every problem).

* The oracle is pinned to the four examples of the statement and to the line rules.
* The stress plans do what they say, and the scale input's construction agrees with the
  oracle.
"""

import random

import pytest
from util import TESTCASES

from . import oracle
from .plans import plan_pools
from .scale import SCALE, scale_answer, scale_game

NAME = "conecta4"
CASE_DIR = TESTCASES / NAME
ROWS = 6


def board(picture):
    """A board as output text; the picture gives the rows top first, separated by spaces,
    with "." for an empty cell."""
    rows = picture.split()
    assert len(rows) == ROWS
    return "".join("|" + row.replace(".", " ") + "|\n" for row in rows) + "\\--------/\n"


SAMPLE_1_IN = (
    "1 2 1 2 1 2\n"
    "2 1 2 1 2 1\n"
    "3 4 3 4 3 4\n"
    "4 3 4 3 4 3\n"
    "5 6 5 6 5 6\n"
    "6 5 6 5 6 5\n"
    "7 8 7 8 7 8\n"
    "8 7 8 7 8\n"
    "\n"
    "7\n"
)
SAMPLE_1_OUT = (
    board("101010.0 10101010 10101010 01010101 01010101 01010101")
    + "FULL\n"
    + board("10101010 10101010 10101010 01010101 01010101 01010101")
)
SAMPLE_2_IN = "1 2 1 2\n\n8 7 8 7\n\n3 4 3 4 3 4 4 3 4 3 4 3\n\n4 3 4 1\n\n8\n"
SAMPLE_2_OUT = (
    board("........ ........ ........ ........ 01...... 01......")
    + board("........ ........ ........ ........ 01....10 01....10")
    + board("..10.... ..10.... ..10.... ..01.... 0101..10 0101..10")
    + "INVALID\nINVALID\nINVALID\n"
    + board("..10.... ..10.... ..10.... 0.01.... 0101..10 0101..10")
    + "QUIT\n"
)
SAMPLE_3_IN = "\n\n".join(["1 2 3 4 5 6 7 8", "8 7 6 5 4 3 2 1"] * 3) + "\n"
SAMPLE_3_OUT = (
    board("........ ........ ........ ........ ........ 01010101")
    + board("........ ........ ........ ........ 10101010 01010101")
    + board("........ ........ ........ 01010101 10101010 01010101")
    + "CONNECT4\n"
    + board("........ ........ .......0 01010101 10101010 01010101")
)
SAMPLE_4_IN = "1 2 1 2 1 2 1 2\n"
SAMPLE_4_OUT = "CONNECT4\n" + board("........ ........ 0....... 01...... 01...... 01......")

SAMPLES = [
    (SAMPLE_1_IN, SAMPLE_1_OUT),
    (SAMPLE_2_IN, SAMPLE_2_OUT),
    (SAMPLE_3_IN, SAMPLE_3_OUT),
    (SAMPLE_4_IN, SAMPLE_4_OUT),
]

EMPTY_BOARD = board(" ".join(["........"] * ROWS))


# ---------------------------------------------------------------- the oracle and the spec


@pytest.mark.parametrize("text, expected", SAMPLES)
def test_oracle_reproduces_spec_samples(text, expected):
    assert oracle.solve(text) == expected


def test_sample_3_input_as_described():
    lines = SAMPLE_3_IN.split("\n")
    assert lines[-1] == ""
    lines.pop()
    assert len(lines) == 11
    assert lines[1::2] == [""] * 5
    assert lines[0::2] == ["1 2 3 4 5 6 7 8", "8 7 6 5 4 3 2 1"] * 3
    assert oracle.play(SAMPLE_3_IN)[1]["moves"] == 25


def test_oracle_line_rules():
    # No characters at all: no line, so no board.
    assert oracle.solve("") == "QUIT\n"
    # One line, and it is empty.
    assert oracle.solve("\n") == EMPTY_BOARD + "QUIT\n"
    assert oracle.solve("\n\n") == EMPTY_BOARD * 2 + "QUIT\n"
    assert oracle.solve("\r\n") == EMPTY_BOARD + "QUIT\n"
    assert oracle.solve(" \t \n") == EMPTY_BOARD + "QUIT\n"
    # The newline ending the last line is not an empty line after it.
    one_two = board("........ ........ ........ ........ ........ 01......")
    assert oracle.solve("1 2\n") == "QUIT\n"
    assert oracle.solve("1 2") == "QUIT\n"
    assert oracle.solve("1 2\n\n") == one_two + "QUIT\n"
    assert oracle.solve("1 2\r\n\r\n") == one_two + "QUIT\n"
    assert oracle.solve("1\n2\n \n") == one_two + "QUIT\n"
    # A last line of only spaces is a line, and an empty one.
    assert oracle.solve("1 2\n  ") == one_two + "QUIT\n"


def test_oracle_invalid_moves_keep_the_turn():
    expected = "INVALID\n" * 5 + board("........ ........ ........ ........ ........ 10......")
    assert oracle.solve("0 9 -3 100 -1 2 1\n\n") == expected + "QUIT\n"
    column_full = "1 1 1 1 1 1 1 2\n\n"
    expected = "INVALID\n" + board("1....... 0....... 1....... 0....... 1....... 00......")
    assert oracle.solve(column_full) == expected + "QUIT\n"


WORDS = ["3", "+3", "003", "\uff13", "8", "08", "0", "-0", "+0", "00", "-3", "9", "10", "-8"]
WORDS += ["4294967297", "9" * 30, "1" + "0" * 5000, "", "+", "-", "x", "1.5", "3,", "1e3"]


@pytest.mark.parametrize("word", WORDS)
def test_oracle_reads_a_word_as_int_would(word):
    try:
        value = int(word)
    except ValueError:  # no number, or over the digit limit of Python 3.11+
        value = None
    assert oracle.column_of(word) == (value if value in range(1, 9) else None)


def test_oracle_drops_a_byte_order_mark():
    assert oracle.solve("\ufeff") == "QUIT\n"
    assert oracle.solve("\ufeff\n") == EMPTY_BOARD + "QUIT\n"
    assert oracle.solve("\ufeff1 2 1 2 1 2 1\n") == oracle.solve("1 2 1 2 1 2 1\n")
    assert oracle.solve("\ufeff\ufeff1\n") == "INVALID\nQUIT\n"  # only the first is a mark


# ---------------------------------------------------------------- the stress plans


def test_plans_do_what_they_say():
    full, last = plan_pools()
    for moves in full[:10]:
        details = oracle.play(" ".join(map(str, moves)) + "\n")[1]
        assert details["end"] == "FULL" and details["moves"] == 48
    for moves in last[:5]:
        details = oracle.play(" ".join(map(str, moves)) + "\n")[1]
        assert details["end"] == "CONNECT4" and details["moves"] == 48


def test_four_on_the_48th_move_is_connect4_not_full():
    # The 48th move both fills the board and makes four: a move that makes four is
    # CONNECT4, which is checked first, so FULL is never printed.
    text = (CASE_DIR / "judge-full-then-connect4-on-last-move.in").read_text()
    out, details = oracle.play(text)
    assert details["moves"] == 48 and details["end"] == "CONNECT4"
    assert "FULL" not in out and out[-8] == "CONNECT4"
    assert " " not in "".join(out[-7:])  # the board printed after it is full
    _, last = plan_pools()
    for moves in last:
        out = oracle.solve(" ".join(map(str, moves)) + "\n")
        assert out.startswith("CONNECT4\n") and "FULL" not in out


# ---------------------------------------------------------------- the testcase files


def test_samples_are_the_spec_examples():
    for i, (text, expected) in enumerate(SAMPLES, 1):
        assert (CASE_DIR / f"judge-sample-{i}.in").read_bytes() == text.encode()
        assert (CASE_DIR / f"judge-sample-{i}.out").read_bytes() == expected.encode()


# ---------------------------------------------------------------- big inputs


@pytest.mark.parametrize("win", [False, True])
def test_scale_construction_agrees_with_oracle(win):
    data, expected = scale_game(random.Random(12345), 2 * 10**4, 300, win)
    assert oracle.solve(data.decode()).encode() == expected
    assert scale_game(random.Random(12345), 2 * 10**4, 300, win) == (data, expected)
    assert expected.count(b"|\n\\--------/\n") == 300 + win  # the empty lines' boards
    lines = expected.split(b"\n")
    if win:  # CONNECT4, then the board from its top row
        assert lines[-9:-7] == [b"CONNECT4", b"|1100001 |"]
    else:
        assert lines[-3:] == [b"INVALID", b"QUIT", b""]


SCALE_ANSWERS = {"1e6-tokens": "QUIT", "1e6-tokens-connect4": "CONNECT4"}


@pytest.mark.parametrize("case", SCALE, ids=lambda case: case["name"])
def test_scale_inputs_end_as_described(case):
    data = case["quick_build"](random.Random(case["name"]))
    words = [line for line in scale_answer(case["name"], data).decode().split() if line.isalnum()]
    assert words[-1] == SCALE_ANSWERS[case["name"]] and set(words[:-1]) == {"INVALID"}
    assert case["what"].endswith(": " + words[-1])
