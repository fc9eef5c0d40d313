"""Every testcase is filed on its side: a case named judge-* is an input the judge's own
statement allows, every other case is one of ours (an extended case). Each problem's
tests/NAME/validate.py says which an input is (`why_extended(data)`: None for a judge case),
written from the section "Judge cases and extended cases" of its spec.
"""

import pytest
from util import TESTCASES, problems, tooling

JUDGE_PREFIX = "judge-"


def filed_wrongly(problem):
    """The cases of a problem whose name puts them on the other side than their input."""
    why_extended = tooling(problem, "validate").why_extended
    wrong = []
    for path in sorted((TESTCASES / problem).glob("*.in")):
        reason = why_extended(path.read_bytes())
        if path.stem.startswith(JUDGE_PREFIX) and reason is not None:
            wrong.append(f"{path.name} is named a judge case but is extended: {reason}")
        elif not path.stem.startswith(JUDGE_PREFIX) and reason is None:
            wrong.append(f"{path.name} is a judge case: name it {JUDGE_PREFIX}{path.name}")
    return wrong


@pytest.mark.parametrize("problem", problems())
def test_every_case_is_filed_on_its_side(problem):
    assert filed_wrongly(problem) == []


@pytest.mark.parametrize("problem", problems())
def test_both_sides_have_cases(problem):
    names = [path.stem for path in (TESTCASES / problem).glob("*.in")]
    judge = [name for name in names if name.startswith(JUDGE_PREFIX)]
    assert judge and len(judge) < len(names)


ROW = b"." * 19 + b"\n"


def stones_in_a_row(n):
    """n stones on one row, in runs of four of each colour: no five."""
    return b"[" + b",".join(b"[%d,0,%d]" % (i, i // 4 % 2) for i in range(n)) + b"]\n"


BOARD = b"o" + b"." * 18 + b"\n" + ROW * 18

# (problem, input, a judge case?): each side of every line the specs draw.
EXAMPLES = [
    ("vertical_four", b"5 5\n1 1 2 2 3 3 4 4\n", True),
    ("vertical_four", b"2147483647 -2147483648\n0 -1 2147483647\n", True),
    ("vertical_four", b"5 5\n2147483648\n", False),  # beyond 32 bits
    ("vertical_four", b"5 5\n-2147483649\n", False),
    ("vertical_four", b"5 5\n", False),  # no moves
    ("vertical_four", b"5 5\n\n", False),
    ("vertical_four", b"5 5\n1  2\n", False),  # a run of spaces
    ("vertical_four", b"5 5\n1\t2\n", False),
    ("vertical_four", b"5 5\r\n1 2\r\n", False),
    ("vertical_four", b"\xef\xbb\xbf5 5\n1 2\n", False),
    ("vertical_four", b"5 5\n1 2", False),  # no final LF
    ("vertical_four", b"5 5\n1 2\n3\n", False),  # moves over two lines
    ("vertical_four", b"5 5\n1 x\n", False),
    ("vertical_four", b"5 5\n01 2\n", False),  # not written plainly
    ("gobang_checker", BOARD, True),
    ("gobang_checker", ROW * 19, True),
    ("gobang_checker", (b"ox" * 10)[:19] * 19, False),  # no line ends
    ("gobang_checker", ROW * 18, False),
    ("gobang_checker", ROW * 20, False),
    ("gobang_checker", BOARD.replace(b"\n", b"\r\n"), False),
    ("gobang_checker", b"\xef\xbb\xbf" + BOARD, False),
    ("gobang_checker", BOARD[:-1], False),
    ("gobang_checker", BOARD + b"\n", False),
    ("gobang_checker", BOARD.replace(b"o", b"O"), False),
    ("gobang_checker", ROW * 18 + b"." * 20 + b"\n", False),
    ("conecta4", b"", True),
    ("conecta4", b"1 2 1 2\n\n8 7 8 7\n\n", True),
    ("conecta4", b"\n\n3\n", True),
    ("conecta4", b" 1  2 \n", True),  # spaces around and between numbers
    ("conecta4", b"1 2\n" * 5000, True),  # 10^4 numbers
    ("conecta4", b"1 2\n" * 5000 + b"3\n", False),
    ("conecta4", b"1 2", False),  # no final LF
    ("conecta4", b"1 9\n", False),
    ("conecta4", b"0\n", False),
    ("conecta4", b"01\n", False),
    ("conecta4", b"+1\n", False),
    ("conecta4", b"1 2\n   \n", False),  # a line of only spaces
    ("conecta4", b"1\t2\n", False),
    ("conecta4", b"1 2\r\n", False),
    ("conecta4", b"\xef\xbb\xbf1 2\n", False),
    ("conecta4", b"a\n", False),
    ("infinite_gobang", b"[]\n", True),
    ("infinite_gobang", b"pieces = [[0,0,1],[1,1,1],[2,2,0]]\n[]\n", True),
    ("infinite_gobang", b"[[1000000000,-1000000000,0]]\n", True),
    ("infinite_gobang", b"[[0,0,0],[1,0,0],[2,0,0],[3,0,0]]\n", True),  # four, no five
    ("infinite_gobang", b"[[0,0,0],[1,0,0],[2,0,0],[3,0,0],[4,0,0]]\n", False),  # a five
    ("infinite_gobang", b"[[0,0,1],[1,1,1],[2,2,1],[3,3,1],[4,4,1]]\n", False),
    ("infinite_gobang", b"[[0,4,0],[1,3,0],[2,2,0],[3,1,0],[4,0,0]]\n", False),
    ("infinite_gobang", b"[[1000000001,0,0]]\n", False),
    ("infinite_gobang", b"[[0,0,0],[0,0,1]]\n", False),  # one cell twice
    ("infinite_gobang", b"[[0,0,2]]\n", False),
    ("infinite_gobang", b"[[0, 0, 1]]\n", False),  # spaces
    ("infinite_gobang", b"[[0,0,1],]\n", False),
    ("infinite_gobang", b"pieces: [[0,0,1]]\n", False),
    ("infinite_gobang", b"[[0,0,1],\n[1,1,1]]\n", False),
    ("infinite_gobang", b"[]\r\n", False),
    ("infinite_gobang", b"\xef\xbb\xbf[]\n", False),
    ("infinite_gobang", b"[]", False),
    ("infinite_gobang", b"", False),
    ("infinite_gobang", b"[]\n\n[]\n", False),  # an empty line is no array
    ("infinite_gobang", stones_in_a_row(1000), True),
    ("infinite_gobang", stones_in_a_row(1001), False),
]


@pytest.mark.parametrize("problem, data, judge", EXAMPLES)
def test_the_validators_draw_the_specs_lines(problem, data, judge):
    assert (tooling(problem, "validate").why_extended(data) is None) == judge
