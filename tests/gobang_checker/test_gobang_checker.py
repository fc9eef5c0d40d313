"""The tests particular to gobang_checker (tests/test_problems.py has those of every
problem; its stress test plays 20,000 random boards of 1..30 x 1..30 cells, about one in
five in another input form, YES and NO each a third or more, and every situation of
``gen.SITUATIONS`` at least 300 times).

* The oracle is pinned to the statement's samples and cross-checked with a second,
  literal scan on 1,000 random boards; its reading of the input forms is pinned.
* The shrinker's boards are written plainly.
* The benchmark's inputs, scaled down, get the answer their construction promises.
"""

import random

import pytest
from util import TESTCASES

from gobang_checker import gen, oracle, scale

NAME = "gobang_checker"

SAMPLE_1 = """\
...................
...................
...................
...................
....x......o.......
...................
...................
.......o....o......
...................
........x..........
..............o....
...................
.......x...........
...................
...................
...................
...................
...................
...................
"""


def ten_in_a_row():
    """The statement's other sample kind: ten black in a row, nine white around: NO."""
    board = ["." * 19 for _ in range(19)]
    board[9] = "....oooooooooo....."
    for r, c in ((0, 0), (2, 5), (4, 17), (6, 3), (8, 9), (12, 1), (14, 14), (16, 7), (18, 18)):
        board[r] = board[r][:c] + "x" + board[r][c + 1 :]
    return "".join(row + "\n" for row in board)


@pytest.mark.parametrize("solve", [oracle.solve, oracle.literal_solve])
def test_oracle_on_the_samples(solve):
    assert solve(SAMPLE_1) == "YES\n"
    text = ten_in_a_row()
    assert (text.count("o"), text.count("x")) == (10, 9)
    assert solve(text) == "NO\n"
    assert oracle.solve(text, full=True) == "NO\n"
    assert (TESTCASES / NAME / "judge-sample-1.in").read_text() == SAMPLE_1


def test_oracle_against_literal_scan():
    """The slice-based oracle agrees with a cell-by-cell scan removing every stone."""
    rng = random.Random(gen.STRESS["seed"] + 1)
    texts = [gen.random_input(rng) for _ in range(1000)]
    mismatches = [
        text
        for text in texts
        if len(text) <= 300
        and not oracle.solve(text) == oracle.solve(text, full=True) == oracle.literal_solve(text)
    ]
    assert not mismatches, mismatches[:3]


# ---------------------------------------------------------------- shrinking and input forms


def test_shrink_writes_boards_plainly():
    rng = random.Random(5)
    for _ in range(60):
        for smaller in gen.shrink(gen.random_input(rng)):
            assert smaller == "".join(row + "\n" for row in oracle.parse(smaller))


@pytest.mark.parametrize("solve", [oracle.solve, oracle.literal_solve])
def test_oracle_input_forms(solve):
    """The oracle's own reading of the forms, pinned: decorations change nothing, other
    characters are empty cells, short rows are padded, no rows is no stones."""
    board = "ooooo\nxxxx.\n"
    assert solve(board) == "YES\n"
    for text in ("\ufeff" + board, "ooooo\r\n\r\nxxxx.", " ooooo\t\n xxxx  \n\n", "ooooo\nxxxx"):
        assert oracle.parse(text) == ["ooooo", "xxxx."], repr(text)
        assert solve(text) == "YES\n"
    assert oracle.parse("o+O\u30fbx\n.\n") == ["o...x", "....."]
    assert oracle.parse("\ufeff\ufeffooooo\nxxxx\n") == [".ooooo", "xxxx.."]  # one mark dropped
    assert solve("") == solve(" \n\n") == "YES\n"
    assert solve("x\n") == solve("ooo\n") == "NO\n"


# ---------------------------------------------------------------- benchmark inputs


SCALE_ANSWERS = {"2000x2000": "YES", "apart-2000x2000": "NO", "worst-19x19": "YES"}


@pytest.mark.parametrize("case", gen.SCALE, ids=lambda case: case["name"])
def test_scale_inputs_scaled_down(case):
    data = case["quick_build"](random.Random(1))
    answer = SCALE_ANSWERS[case["name"]]
    assert gen.scale_answer(case["name"], data) == answer.encode() + b"\n"
    assert case["what"].endswith(": " + answer)


@pytest.mark.parametrize("rows, cols, empty_rate", [(18, 18, 0), (30, 24, 0.1), (60, 60, 0.03)])
def test_apart_fives_share_no_stone(rows, cols, empty_rate):
    """Black moved last and has two fives, one along a row, one down a diagonal, that share
    no stone: no stone is removable, NO."""
    data = scale.apart_board(random.Random(rows), rows, cols, empty_rate)
    grid = data.decode().split()
    (r1, c1), (r2, c2) = (rows // 3, cols // 3), (2 * rows // 3, 2 * cols // 3)
    assert grid[r1][c1 - 2 : c1 + 3] == "ooooo"
    assert all(grid[r2 + d][c2 + d] == "o" for d in range(-2, 3))
    assert data.count(b"o") == data.count(b"x") + 1
    assert oracle.removable(data.decode()) == [] and oracle.solve(data.decode()) == "NO\n"


@pytest.mark.parametrize("rows, cols, empty_rate", [(24, 28, 0.1), (30, 30, 0.03), (16, 16, 0)])
def test_cross_removable_only_at_its_centre(rows, cols, empty_rate):
    data = scale.cross_board(random.Random(rows), rows, cols, empty_rate)
    assert oracle.removable(data.decode()) == [(rows // 2, cols // 2)]
    assert oracle.solve(data.decode()) == "YES\n"


def test_worst_19x19_removable_only_at_the_crossing():
    data = scale.worst_19x19(random.Random(3))
    assert oracle.removable(data.decode()) == [(14, 14)]
    assert data.count(b"o") == data.count(b"x") + 1 == 181
