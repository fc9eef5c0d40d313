"""The tests of vertical_four: the oracle pinned to the statement, the stress test against
it, and every testcase checked against the oracle and the solution.

The max-moves testcases are too big for the oracle's full rescan (about 240,000 moves on
a 400 x 600 board): their expected outputs follow from how they are built (see
``scale.max_moves_case``) and are confirmed by ``oracle.incremental``, a separate checker
that looks only at the lines through the newest piece, itself checked against the oracle.
"""

import random
import subprocess
import sys

import pytest
import stress
from util import TESTCASES, cases, load_solution, wrong_answers

from vertical_four import gen, oracle, scale

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


def test_oracle_small_decisions():
    assert oracle.solve("5 5") == "0,draw\n"
    assert oracle.solve("5 5\n") == "0,draw\n"
    assert oracle.solve("5 5\n\n") == "0,draw\n"
    assert oracle.solve("0 5\n1\n") == "1,error\n"
    assert oracle.solve("5 0\n1\n") == "1,error\n"
    assert oracle.solve("3 9\n1 2 1 2 1 2 1\n") == "7,red\n"
    assert oracle.solve("9 3\n1 1 2 2 3 3 4\n") == "7,red\n"
    # red 1 2 4 5 on the bottom row, then red 3 joins them: a line of five wins.
    assert oracle.solve("7 7\n1 1 2 2 4 4 5 5 3\n") == "9,red\n"
    assert oracle.solve(f"{INT_MAX} {INT_MAX}\n{INT_MAX} {INT_MIN}\n") == "2,error\n"


# One game as people save it, inputs with nothing in them, and sizes out of the usual range.
SAVED = [
    ("\ufeff5 5\n1 1 2 2 3 3 4 4\n", "7,red\n"),
    ("5 5\r\n1 1 2 2 3 3 4 4\r\n", "7,red\n"),
    ("\n\n5 5 \n\n1 1 2 2 3 3 4 4 \n\n", "7,red\n"),
    ("\ufeff5 5\r\n1 1 2 2\r\n\r\n3 3 4 4  \r\n", "7,red\n"),
    *[(nothing, "0,draw\n") for nothing in ("", "\n", "\ufeff", "\ufeff\r\n", "5", "5\n")],
    ("-3 5\n1\n", "1,error\n"),
    ("5 -3\n1\n", "1,error\n"),
    (f"5 {10**30}\n1 2 1 2 1 2 1\n", "7,red\n"),
    (f"{10**30} 5\n{10**30} {10**30 + 1}\n", "2,error\n"),
]


@pytest.mark.parametrize("text, expected", SAVED)
def test_oracle_reads_what_people_save(text, expected):
    assert oracle.solve(text) == expected
    assert oracle.incremental(text) == expected


# ---------------------------------------------------------------- the stress test


def test_stress():
    stress.check(NAME)


def test_incremental_checker_agrees_with_oracle():
    rng = random.Random(7)
    for _ in range(3000):
        text = gen.random_input(rng)
        assert oracle.incremental(text) == oracle.solve(text), text


def test_shrink_gives_smaller_valid_inputs():
    rng = random.Random(3)
    for _ in range(200):
        text = gen.random_input(rng)
        size = len(oracle.parse(text)[2])
        for smaller in gen.shrink(text):
            oracle.solve(smaller)
            assert len(oracle.parse(smaller)[2]) <= size
            assert smaller != text


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
def test_big_case_out_is_confirmed(name):
    """(tests/test_testcases.py checks that the builder gives the committed .in.)"""
    expected = scale.max_moves_case(name.endswith("late-win"))[1]
    assert oracle.incremental((CASE_DIR / (name + ".in")).read_text()) == expected
    assert (CASE_DIR / (name + ".out")).read_text() == expected


@pytest.mark.parametrize("case", gen.SCALE, ids=lambda case: case["name"])
def test_scale_inputs_are_draws(case):
    # Small versions of the benchmark inputs, built twice from one seed.
    data = case["quick_build"](random.Random(case["name"]))
    assert data == case["quick_build"](random.Random(case["name"]))
    assert gen.scale_answer(case["name"], data) == b"0,draw\n"


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


def test_testcase_outputs_match_oracle():
    assert len(cases(NAME)) >= 30
    for name, text, expected in cases(NAME):
        if name not in gen.BIG_CASES:  # checked by test_big_case_out_is_confirmed
            assert oracle.solve(text) == expected, name


def test_testcases_through_solution():
    wrong = wrong_answers(NAME, load_solution(NAME).solve)
    assert not wrong, "\n".join(wrong)


SAVED = [b"\xef\xbb\xbf5 5\r\n1 1 2 2 3 3 4 4\r\n", b"5 5\n1 \xff 2\n", "5 5\n1\n".encode("utf-16")]


@pytest.mark.parametrize("data", SAVED)
def test_bytes_a_person_may_save_give_an_answer(data):
    """Not UTF-8, or UTF-16 from a Windows shell: read with replacement characters, which
    make words that are no integer, never a traceback."""
    program = [sys.executable, str(TESTCASES.parent / "solutions" / (NAME + ".py"))]
    done = subprocess.run(program, input=data, capture_output=True, check=False)
    assert done.stderr == b""
    assert done.stdout.decode() == oracle.solve(data.decode("utf-8", "replace"))
