"""The tests particular to vertical_four (tests/test_problems.py has those of every
problem): the oracle pinned to the statement, its second checker, the constructions, and
the edges of the judge-case validator.

The max-moves testcases are too big for the oracle's full rescan (about 240,000 moves on
a 400 x 600 board): their expected outputs follow from how they are built (see
``scale.max_moves_case``) and are confirmed by ``oracle.incremental`` (the contract's
``solve_large``), a separate checker that looks only at the lines through the newest piece,
itself checked against the oracle here.
"""

import random
from collections import Counter

import pytest
from util import TESTCASES

from vertical_four import gen, oracle, scale, validate

NAME = "vertical_four"
CASE_DIR = TESTCASES / NAME
INT_MIN = -(2**31)
INT_MAX = 2**31 - 1

SPEC_EXAMPLES = [
    ("5 5\n1 1 2 2 3 3 4 4\n", "7,red\n"),
    ("5 5\n0 1 2 2 3 3 4 4\n", "1,error\n"),
    ("5 5\n2 1 3 1 2 1 3 1\n", "8,blue\n"),
    ("5 5\n1 2 2 3 4 3 3 4 5 4 4 5\n", "11,red\n"),
    ("5 5\n5 4 4 3 2 3 3 2 1 2 2 1\n", "11,red\n"),
    ("5 5\n1 1 2 2 1 1 2 2\n", "0,draw\n"),
    ("5 5\n1 2 2 2 2 2 2 4\n", "7,error\n"),
]

# The winning direction of each example ("why" column of the table); None: no win.
SPEC_DIRECTIONS = ["horizontal", None, "vertical", "diagonal", "anti-diagonal", None, None]

# The testcase holding each example: the exam's two samples, then our own names.
SPEC_CASES = [
    "judge-sample-1",
    "judge-sample-2",
    "judge-blue-vertical-four-column-1",
    "judge-red-diagonal-four",
    "judge-red-anti-diagonal-four",
    "judge-draw-moves-run-out",
    "judge-full-column-sixth-piece",
]


# ---------------------------------------------------------------- the oracle and the spec


@pytest.mark.parametrize("index", range(len(SPEC_EXAMPLES)))
def test_oracle_reproduces_spec_examples(index):
    text, expected = SPEC_EXAMPLES[index]
    assert oracle.solve(text) == expected
    assert oracle.incremental(text) == expected
    if SPEC_DIRECTIONS[index] is not None:
        assert oracle.play(text)["directions"] == [SPEC_DIRECTIONS[index]]


# Small decisions; one game as people save it, inputs with nothing in them, and sizes out of
# the usual range.
SAVED = [
    *[(text, "0,draw\n") for text in ("5 5", "5 5\n", "5 5\n\n")],
    *[(text, "1,error\n") for text in ("0 5\n1\n", "5 0\n1\n")],
    ("3 9\n1 2 1 2 1 2 1\n", "7,red\n"),
    ("9 3\n1 1 2 2 3 3 4\n", "7,red\n"),
    ("7 7\n1 1 2 2 4 4 5 5 3\n", "9,red\n"),  # red 1 2 4 5, then 3 joins them: five wins
    (f"{INT_MAX} {INT_MAX}\n{INT_MAX} {INT_MIN}\n", "2,error\n"),
    ("\ufeff5 5\n1 1 2 2 3 3 4 4\n", "7,red\n"),
    ("5 5\r\n1 1 2 2 3 3 4 4\r\n", "7,red\n"),
    ("\n\n5 5 \n\n1 1 2 2 3 3 4 4 \n\n", "7,red\n"),
    ("\ufeff5 5\r\n1 1 2 2\r\n\r\n3 3 4 4  \r\n", "7,red\n"),
    *[(nothing, "0,draw\n") for nothing in ("", "\n", "\ufeff", "\ufeff\r\n", "5", "5\n")],
    ("-3 5\n1\n", "1,error\n"),
    ("5 -3\n1\n", "1,error\n"),
    (f"5 {10**30}\n1 2 1 2 1 2 1\n", "7,red\n"),
    (f"{10**30} 5\n{10**30} {10**30 + 1}\n", "2,error\n"),
    # Past the 4,300 digits that int() reads on Python 3.11+.
    (f"5 5\n1{'0' * 5000}\n", "1,error\n"),
    (f"{'9' * 5000} 5\n1 2 1 2 1 2 1\n", "7,red\n"),
]


@pytest.mark.parametrize("text, expected", SAVED)
def test_oracle_reads_what_people_save(text, expected):
    assert oracle.solve(text) == expected
    assert oracle.incremental(text) == expected


# ---------------------------------------------------------------- the second checker


def test_incremental_checker_agrees_with_oracle():
    rng = random.Random(7)
    for _ in range(3000):
        text = gen.random_input(rng)
        assert oracle.incremental(text) == oracle.solve(text), text


# ---------------------------------------------------------------- the big inputs


def test_max_moves_construction_on_small_boards():
    # The same constructions on boards the oracle can rescan.
    for width in (4, 8, 12):
        for height in (4, 5, 6, 9):
            moves = scale.max_moves_order(width, height)
            text = f"{width} {height}\n" + " ".join(map(str, moves)) + "\n"
            assert oracle.solve(text) == "0,draw\n"
            moves = [*scale.max_moves_order(width, height - 1), *scale.LATE_WIN_TOP]
            text = f"{width} {height}\n" + " ".join(map(str, moves)) + "\n"
            if width >= 8:
                assert oracle.solve(text) == f"{(height - 1) * width + 7},red\n"


@pytest.mark.parametrize("name", sorted(gen.BIG_CASES))
def test_big_case_out_is_its_constructions(name):
    """(The shared tests check the builder and the .out against oracle.incremental.)"""
    expected = scale.max_moves_case(name.endswith("late-win"))[1]
    assert (CASE_DIR / (name + ".out")).read_text() == expected


# The answer each scale input is built to have; N is its number of moves before the end.
SCALE_ANSWERS = {
    "clusters-1e6": "0,draw",
    "red-wins-1e6": "N+7,red",
    "blue-wins-1e6": "N+8,blue",
    "full-column-1e6": "N+1,error",
    "full-1000x1000": "0,draw",
}
QUICK_MOVES = 600  # N of the quick builds of the clusters


def promised(name, n):
    move, outcome = SCALE_ANSWERS[name].split(",")
    return f"{n + int(move[2:]) if move.startswith('N+') else move},{outcome}\n"


def squeeze(text):
    """The same game with the used columns packed close, one empty column between groups of
    neighbouring ones, and H at most one more than the pieces a column gets: small enough
    for the dense oracle."""
    width, height, *moves = map(int, text.split())
    height = min(height, max(Counter(moves).values()) + 1)
    new, at = {}, 0
    for c in sorted({m for m in moves if 1 <= m <= width}):
        at += 1 if c - 1 in new else 2
        new[c] = at
    moves = [new.get(m, m) for m in moves]
    return f"{at + 1} {height}\n" + " ".join(map(str, moves)) + "\n"


@pytest.mark.parametrize("case", gen.SCALE, ids=lambda case: case["name"])
def test_scale_inputs_get_their_answers(case):
    """The quick builds get the answer their construction promises, from the dense oracle
    (the clusters with their columns squeezed) and from the incremental checker that
    answers the full builds; the full build's answer is the one its description gives."""
    name = case["name"]
    assert case["what"].endswith("; " + promised(name, 10**6).strip())
    data = case["quick_build"](random.Random(name))
    assert gen.scale_answer(name, data) == promised(name, QUICK_MOVES).encode()
    if name != "full-1000x1000":
        assert oracle.solve(squeeze(data.decode())) == promised(name, QUICK_MOVES)


def test_scale_pattern_on_small_boards():
    # The full-board fill, on boards the oracle can rescan.
    for side in (4, 8, 12):
        data = scale.full(random.Random(side), side).decode()
        assert oracle.solve(data) == "0,draw\n"
        assert oracle.incremental(data) == "0,draw\n"


# ---------------------------------------------------------------- the testcase files


def test_spec_examples_are_testcases():
    for name, (text, expected) in zip(SPEC_CASES, SPEC_EXAMPLES):
        assert (CASE_DIR / (name + ".in")).read_text() == text
        assert (CASE_DIR / (name + ".out")).read_text() == expected


# ---------------------------------------------------------------- the validator


def test_the_validator_reads_a_number_of_any_length():
    """Past the 4,300 digits that int() reads on Python 3.11+, and at the 32-bit edges."""
    assert validate.why_extended(b"5 5\n1" + b"0" * 5000 + b"\n") == "a number beyond 32 bits"
    assert validate.why_extended(b"5 5\n-2147483648 2147483647\n") is None
    assert validate.why_extended(b"5 5\n-2147483649\n") == "a number beyond 32 bits"


def test_the_validator_counts_the_moves_up_to_the_answer():
    """W x H x N <= 5 x 10^6, N the answer's move (every move for a draw), found by playing."""
    board = b"1000 1000\n"  # 10^6 cells: five moves fit
    assert validate.why_extended(board + b"1 2 3 4 5\n") is None  # a draw of five moves
    assert validate.why_extended(board + b"1 2 3 4 5 6\n") is not None
    assert validate.why_extended(board + b"1 2 3 4 0 6 7 8\n") is None  # an error at move 5
    assert validate.why_extended(board + b"1 2 3 4 5 0 7 8\n") is not None  # at move 6
