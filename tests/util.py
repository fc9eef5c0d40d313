"""Helpers shared by the tests: paths, the problems, and loading a problem's code."""

import functools
import importlib
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "solutions"
TESTCASES = ROOT / "testcases"


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.lru_cache(maxsize=None)
def runner():
    """runner.py as a module: its comparators are the tests' too."""
    return _load("runner", ROOT / "runner.py")


def problems(root=ROOT):
    """Every problem of the repo: the names of solutions/*.py, sorted."""
    return sorted(path.stem for path in (Path(root) / "solutions").glob("*.py"))


def tooling(name, module):
    """A module of a problem's tooling folder: tooling("conecta4", "oracle") is
    tests/conecta4/oracle.py."""
    return importlib.import_module(name + "." + module)


def load_solution(name):
    """Import solutions/NAME.py without running its __main__ block."""
    spec = importlib.util.spec_from_file_location("solution_" + name, SOLUTIONS / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases(problem):
    """Every testcase of a problem as (name, input text, expected output text), sorted."""
    folder = TESTCASES / problem
    return [
        (path.stem, path.read_bytes().decode(), path.with_suffix(".out").read_bytes().decode())
        for path in sorted(folder.glob("*.in"))
    ]


def wrong_answers(problem, solve):
    """The testcases on which solve(input) differs from the .out, described briefly."""
    return [
        f"{name}: expected {expected[:300]!r}, got {got[:300]!r}"
        for name, text, expected in cases(problem)
        for got in [solve(text)]
        if got != expected
    ]


def smallest_failure(failures, total):
    """Report the shortest of the (input, expected, got) triples that disagree."""
    text, expected, got = min(failures, key=lambda item: (len(item[0]), item[0]))
    return (
        f"{len(failures)} of {total} inputs differ; smallest:\n"
        f"input    {text!r}\nexpected {expected!r}\ngot      {got!r}"
    )


def wrong_programs(root=ROOT):
    """The wrong-answer corpus: every tests/NAME/wrong/*.py of a problem, sorted."""
    names = problems(root)
    found = Path(root, "tests").glob("*/wrong/*.py")
    return sorted(path for path in found if path.parent.parent.name in names)


@functools.lru_cache(maxsize=None)  # the runner's test and oj's ask about the same programs
def catching_case(name, program, timeout=5):
    """The smallest testcases/NAME/*.in on which the program, run directly, exits non-zero
    or prints other than the .out says (exactly, CRLF as LF); None when every case passes.
    A case that runs out of time is passed over: the judge that confirms has the last word."""
    for case in sorted(TESTCASES.joinpath(name).glob("*.in"), key=lambda p: p.stat().st_size):
        with open(case, "rb") as stdin:
            try:
                done = subprocess.run(
                    [sys.executable, str(program)],
                    stdin=stdin,
                    capture_output=True,
                    timeout=timeout,
                    cwd=str(ROOT),
                    check=False,
                )
            except subprocess.TimeoutExpired:
                continue
        want = case.with_suffix(".out").read_bytes()
        if done.returncode != 0 or runner().compare(want, done.stdout, "exact") != "AC":
            return case
    return None
