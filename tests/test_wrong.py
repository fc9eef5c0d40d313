"""The wrong-answer corpus: every tests/NAME/wrong/*.py fails on testcases/NAME.

Each corpus file is a stdin/stdout program with a bug contestants make, named in its
one-line docstring (every problem keeps at least tools.contract.MIN_WRONG). A program may
import its folder's _contestant.py, a right program, and change it in one place; that one
is checked to pass every case. Each program must fail through the runner (in the deep run;
the fast run takes one program of each problem), as `--command` judges a program of one's
own, from a temporary root holding the real testcases/NAME. To keep this quick, the program
first runs directly on the cases, smallest first, until one output differs
(util.catching_case), and the runner judges that case; only when none differs does the
runner judge them all, to have the last word. tests/test_compat.py does the same with
online-judge-tools.
"""

import ast
import json
import os
import shlex
import shutil
import sys

import pytest
from util import ROOT, TESTCASES, catching_case, python, wrong_programs

CORPUS = wrong_programs()


def label(path):
    return str(path.relative_to(ROOT / "tests").as_posix())


@pytest.mark.parametrize("path", CORPUS, ids=label)
def test_names_its_bug_in_one_line(path):
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert doc and doc.strip(), f"{label(path)} has no docstring naming its bug"
    assert "\n" not in doc.strip(), f"{label(path)}: the docstring is not one line:\n{doc}"


def runner_report(tmp_path, name, program, case=None):
    """The runner's report on program, run with --command, on one case or on all of them:
    (exit status, cases, output)."""
    folder = tmp_path / "testcases" / name
    folder.mkdir(parents=True)
    for path in [case, case.with_suffix(".out")] if case else TESTCASES.joinpath(name).iterdir():
        try:
            os.symlink(path, folder / path.name)
        except (OSError, NotImplementedError):
            shutil.copyfile(path, folder / path.name)
    report = tmp_path / "report.json"
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(program))}"
    argv = [ROOT / "runner.py", "--root", tmp_path, "--json", report, "--command", command, name]
    done = python(*argv, timeout=900, text=True)
    cases = json.loads(report.read_text())["cases"] if report.is_file() else []
    return done.returncode, cases, done.stdout + done.stderr


# The runner's run costs a few tenths of a second of CPU: the fast run has it judge the first
# program of each problem, the deep run every one. Each program's failing case, run directly,
# is found in both (test_fails_run_directly).
FIRSTS = {min(p for p in CORPUS if p.parent == path.parent) for path in CORPUS}
BY_THE_RUNNER = [
    pytest.param(path, id=label(path), marks=() if path in FIRSTS else pytest.mark.deep)
    for path in CORPUS
]


@pytest.mark.parametrize("path", CORPUS, ids=label)
def test_fails_run_directly(path):
    name = path.parent.parent.name
    assert catching_case(name, path), f"{label(path)} gives every .out, run directly"


@pytest.mark.parametrize("path", BY_THE_RUNNER)
def test_fails_on_the_testcases(path, tmp_path):
    name = path.parent.parent.name
    status, cases, output = runner_report(tmp_path, name, path, catching_case(name, path))
    assert cases, f"the runner judged nothing for {label(path)} (exit {status}):\n{output}"
    caught = [f"{case['case']} ({case['verdict']})" for case in cases if case["verdict"] != "AC"]
    assert caught, f"{label(path)} passes all {len(cases)} testcases it was given"
    assert status == 1, f"the runner exits {status} for {label(path)}:\n{output}"
    print(f"{label(path)}: caught by {', '.join(caught[:3])}")


BASES = sorted(ROOT.glob("tests/*/wrong/_contestant.py"))


@pytest.mark.parametrize("path", BASES, ids=label)
def test_the_right_program_they_change_passes(path):
    assert catching_case(path.parent.parent.name, path) is None
