"""Every testcase of a complete problem is filed on its side: a case named judge-* is an
input the judge's own statement allows, every other case is one of ours (an extended case).
Each such problem's tests/NAME/validate.py says which an input is (`why_extended(data)`:
None for a judge case), written from the section "Judge cases and extended cases" of its
spec; that it has cases of both sides is tools/contract.py's rule.
"""

import ast

import pytest
from util import ROOT, TESTCASES, complete, tooling

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


@pytest.mark.parametrize("problem", complete())
def test_every_case_is_filed_on_its_side(problem):
    assert filed_wrongly(problem) == []


ROW = b"." * 19 + b"\n"


def stones_in_a_row(n):
    """n stones on one row, in runs of four of each colour: no five."""
    return b"[" + b",".join(b"[%d,0,%d]" % (i, i // 4 % 2) for i in range(n)) + b"]\n"


BOARD = b"o" + b"." * 18 + b"\n" + ROW * 18

# (problem, input, a judge case?) built in code; the literal ones are in judge_case_examples.txt.
BUILT = [
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
    ("conecta4", b"1 2\n" * 5000, True),  # 10^4 numbers
    ("conecta4", b"1 2\n" * 5000 + b"3\n", False),
    ("infinite_gobang", stones_in_a_row(1000), True),
    ("infinite_gobang", stones_in_a_row(1001), False),
]


def examples():
    """Every example: the built ones, then those of judge_case_examples.txt."""
    found = list(BUILT)
    for line in (ROOT / "tests" / "judge_case_examples.txt").read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            problem, side, data = line.split("  #")[0].split(None, 2)
            found.append((problem, ast.literal_eval(data), side == "judge"))
    return found


@pytest.mark.parametrize("problem, data, judge", examples())
def test_the_validators_draw_the_specs_lines(problem, data, judge):
    assert (tooling(problem, "validate").why_extended(data) is None) == judge
