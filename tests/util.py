"""What the tests share: paths, the testcases, and running a program.

What a problem is and what its folders hold is tools/problem.py's business; the names it
exports are re-exported here for the tests.
"""

import functools
import subprocess
import sys

import pytest

from judge import UsageError, new_running, parse_mode, read_profile
from judge.verdicts import of_output
from maint.checks import complete, problems_at
from tools.problem import ROOT, load_solution, problems, tooling

SOLUTIONS = ROOT / "solutions"
TESTCASES = ROOT / "testcases"

__all__ = ["ROOT", "SOLUTIONS", "TESTCASES", "complete", "load_solution", "problems"]
__all__ += ["problems_at", "tooling"]
EXACT = parse_mode("exact")  # the runner's exact comparison: CRLF read as LF, as oj's


def run(argv, data=None, timeout=120, cwd=ROOT, env=None, text=False):
    """The one way the tests run a program: argv with data on stdin (bytes, a str when text,
    an open file, or nothing: an empty stdin), from cwd, never checked; the completed process
    with its output captured."""
    if data is None:
        feed = {"stdin": subprocess.DEVNULL}
    else:
        feed = {"stdin": data} if hasattr(data, "read") else {"input": data}
    return subprocess.run(
        argv,
        capture_output=True,
        timeout=timeout,
        cwd=str(cwd),
        env=env,
        text=text,
        check=False,
        **feed,
    )


def usage_error(call, *args):
    """The message of the UsageError that call(*args) raises; the test fails where none is."""
    with pytest.raises(UsageError) as raised:
        call(*args)
    return str(raised.value)


def python(*args, **options):
    """run() with this interpreter: python("-m", "tools.stress", "conecta4")."""
    return run([sys.executable, *map(str, args)], **options)


def cases(problem):
    """Every testcase of a problem as (name, input text, expected output text), sorted."""
    folder = TESTCASES / problem
    return [
        (path.stem, path.read_bytes().decode(), path.with_suffix(".out").read_bytes().decode())
        for path in sorted(folder.glob("*.in"))
    ]


def wrong_answers(problem, solve, names=None):
    """The testcases (of names, when given) on which solve(input) differs from the .out,
    described briefly."""
    return [
        f"{name}: expected {expected[:300]!r}, got {got[:300]!r}"
        for name, text, expected in cases(problem)
        if names is None or name in names
        for got in [solve(text)]
        if got != expected
    ]


def wrong_programs(root=ROOT):
    """The wrong-answer corpus: every tests/NAME/wrong/*.py of a problem, sorted (not the
    _NAME.py modules they share)."""
    names = problems(root)
    found = root.joinpath("tests").glob("*/wrong/[!_]*.py")
    return sorted(path for path in found if path.parent.parent.name in names)


def mode(problem, root=ROOT):
    """How a problem is judged: the judge.modes.Mode of its Judge: line, as the runner reads it."""
    return read_profile(root, problem)[0].mode


def accepted(problem, case, output, root=ROOT):
    """Whether output (bytes) is right on a testcase (the path of its .in), judged by the
    problem's Judge: line as the runner judges a case's output: with its checker, say."""
    expected = case.with_suffix(".out").read_bytes()
    return judge_output(root, problem, case, expected, output)[0] == "AC"


def judge_output(root, problem, input_path, expected, output):
    """(verdict, details) of output (bytes) on one input, judged by the problem's Judge: line."""
    judging = mode(problem, root).resolved(root)
    if judging.interactive:
        return "IE", ["an interactive program is judged as it runs: runner.py NAME runs it"]
    running = new_running()
    try:
        decision = of_output(judging.judge_output(input_path, output, expected, running, root))
        return decision.verdict, list(decision.details)
    finally:
        running.end()


def same_output(done, expected):
    """Whether a completed process exited 0 with the expected bytes, by the runner's exact
    comparison (CRLF read as LF, as oj's)."""
    return done.returncode == 0 and EXACT.verdict(expected, done.stdout) == "AC"


@functools.lru_cache(maxsize=None)  # the runner's test and oj's ask about the same programs
def catching_case(name, program, timeout=5, exe=sys.executable, pattern="*.in"):
    """The smallest testcases/NAME/*.in (or those matching pattern) on which the program, run
    directly, exits non-zero or prints other than the .out says (exactly, CRLF as LF); None
    when every case passes. A case that runs out of time is passed over: the judge that
    confirms has the last word. The programs use the standard library alone, so they run
    without site's start-up (-S), a quarter of a bare start."""
    cases = TESTCASES.joinpath(name).glob(pattern)
    for case in sorted(cases, key=lambda p: (p.stat().st_size, p.name)):
        with open(case, "rb") as stdin:
            try:
                done = run([exe, "-S", str(program)], stdin, timeout=timeout)
            except subprocess.TimeoutExpired:
                continue
        if not same_output(done, case.with_suffix(".out").read_bytes()):
            return case
    return None
