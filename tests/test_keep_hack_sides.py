"""`make keep-hack` files a hack on its side: a judge case (judge-*) when the problem's own
tests/NAME/validate.py, under the root the case is filed in, says the judge could send it,
else an extended case. keep-hack needs the problem's hacks, not solutions/NAME.py: a problem
whose solution is solutions/NAME.cpp, or that has none yet, keeps its hacks too."""

import pytest
import stress_util
from util import python

from tools import keep_hack, problem

own_root = stress_util.own_root  # the fixture: a root with solutions/sum_n.py, gen.py, brute.py

# A problem only this root has: its judge sends two numbers on one LF line.
VALIDATE = """import re


def why_extended(data):
    return None if re.fullmatch(rb"-?[0-9]+ -?[0-9]+\\n", data) else "not two numbers on a line"
"""
ORACLE = "def solve(text):\n    return f'{sum(map(int, text.split()))}\\n'\n"


def two_numbers(root, name="two_numbers_only_here"):
    """root/tests/NAME/ with validate.py and oracle.py, and two hacks: a judge input and an
    extended one."""
    folder = root / "tests" / name
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("", encoding="utf-8")
    (folder / "validate.py").write_text(VALIDATE, encoding="utf-8")
    (folder / "oracle.py").write_text(ORACLE, encoding="utf-8")
    hacks = root / "hacks" / name
    hacks.mkdir(parents=True)
    for stem, data in (("hack-1", b"3 4\n"), ("hack-2", b"3 4\r\n")):
        (hacks / (stem + ".in")).write_bytes(data)
        (hacks / (stem + ".out")).write_bytes(b"BRUTE's\n")
    return name


def test_a_judge_input_is_a_judge_case_by_the_validator_of_its_own_root(tmp_path):
    name = two_numbers(tmp_path)
    made = keep_hack.keep(name, "hack-1", root=tmp_path)
    assert made == tmp_path / "testcases" / name / "judge-hack-1.in"
    assert made.with_suffix(".out").read_bytes() == b"7\n"  # this root's oracle
    made = keep_hack.keep(name, "hack-2", root=tmp_path)
    assert made.name == "hack-2.in"
    assert problem.judge_sends(name, "1 2\n", tmp_path) == (True, None)
    assert problem.judge_sends(name, "1 2", tmp_path) == (False, "not two numbers on a line")


@pytest.mark.parametrize("solution", ["sum_n.cpp", None])
def test_keep_hack_needs_no_solutions_name_py(own_root, solution):
    (own_root / "solutions" / "sum_n.py").unlink()
    if solution:
        (own_root / "solutions" / solution).write_text("int main() {}\n", encoding="utf-8")
    hacks = own_root / "hacks" / "sum_n"
    hacks.mkdir(parents=True)
    (hacks / "hack-1.in").write_text("2\n3 4\n", encoding="utf-8")
    (hacks / "hack-1.out").write_text("7\n", encoding="utf-8")
    done = python("-m", "tools.keep_hack", "sum_n", "hack-1", cwd=own_root, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (own_root / "testcases" / "sum_n" / "hack-1.out").read_text() == "7\n"


def test_keep_hack_of_no_hack_and_no_problem_is_one_line(own_root):
    done = python("-m", "tools.keep_hack", "nothing_here", "hack-1", cwd=own_root, text=True)
    assert done.returncode == 1, done.stdout + done.stderr
    (line,) = done.stderr.splitlines()
    assert line == "keep-hack: no hack hacks/nothing_here/hack-1.in", line
