"""Kattis packages whose interactive cases must end: an interactive validator that gave its
whole input and closed its output lets the program see the end of it, and one that waits on
a program that spins is not stopped by its own clock first. Each judged through `runner.py
--package DIR` and its --json report."""

import json

from runner_util import PYTHON, RUNNER, write
from util import run

from judge import checkers
from judge.process.watch import BACKSTOP, ceiling


def runner(*args):
    done = run([PYTHON, str(RUNNER), *map(str, args)], text=True)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout, done.stderr


def submissions(tmp_path, folder, *args):
    """`--package folder --submissions --json`: (exit status, {submission: (expected, got,
    ok)}, the report)."""
    report = tmp_path / "submissions.json"
    status, out, err = runner("--package", folder, "--submissions", "--json", report, *args)
    assert report.exists(), (out, err)
    data = json.loads(report.read_text(encoding="utf-8"))
    table = {s["submission"]: (s["expected"], s["got"], s["ok"]) for s in data["submissions"]}
    return status, table, data


def judged(tmp_path, folder, program, *args):
    """`--package folder --command 'PYTHON program' --json`: {case: (verdict, reason,
    details)} and the report."""
    report = tmp_path / "report.json"
    command = f"{PYTHON} {program}"
    _, out, err = runner("--package", folder, "--command", command, "--json", report, *args)
    assert report.exists(), (out, err)
    data = json.loads(report.read_text(encoding="utf-8"))
    cases = {c["case"]: (c["verdict"], c["reason"], c["details"]) for c in data["cases"]}
    return cases, data


def cases_of(report, submission):
    """{case: (verdict, reason, first line of its details)} of one submission's cases."""
    (entry,) = [s for s in report["submissions"] if s["submission"] == submission]
    return {c["case"]: (c["verdict"], c["reason"], c["details"][:1]) for c in entry["cases"]}


# ---------------------------------------------------------------- interactive cases end


def test_an_interactors_own_clock_outlasts_its_programs():
    """A validator answers as its program asks: as long as the program may run (its ceiling),
    and then its own CHECK_SECONDS. At a 10 s limit it had 30 s of wall time, as its program."""
    for limit in (0.5, 1.0, 10.0, 100.0):
        limits = checkers.judging_limits(limit)
        assert limits.time >= checkers.CHECK_SECONDS + ceiling(limit)
        assert limits.time * BACKSTOP > ceiling(limit)


INTERACTIVE_YAML = """problem_format_version: 2025-09
type: interactive
name: {}
limits: {{time_limit: 1}}
"""
FLOODS = """import sys
sys.stdout.write("0\\n" * 500000)  # 1 MB, past what a pipe holds: it waits for a reader
sys.stdout.flush()
sys.exit(42 if sys.stdin.readline().strip() == "done" else 43)
"""
SPINS = "while True:\n    pass\n"


def test_a_program_that_spins_while_its_validator_waits_to_write_is_tle(tmp_path):
    """The validator writes more than a pipe holds to a program that spins and never reads.
    The program is TLE at its limit; the validator's writes are then read and dropped, and it
    ends. It waited on a full pipe for 30 s, and the case was JE."""
    folder = tmp_path / "flood"
    write(folder / "problem.yaml", INTERACTIVE_YAML.format("Flood"))
    write(folder / "output_validator" / "validate.py", FLOODS)
    write(folder / "data" / "secret" / "1.in", "1\n")
    write(folder / "data" / "secret" / "1.ans", "1\n")
    write(tmp_path / "spin.py", SPINS)
    cases, _ = judged(tmp_path, folder, tmp_path / "spin.py")
    assert cases["secret/1"][:2] == ("TLE", "cpu-limit"), cases


GIVES_ALL = """import os, sys
numbers = open(sys.argv[1]).read().split()
print(" ".join(numbers), flush=True)
os.close(1)  # all of the input given: the program reads to its end, then answers
said = sys.stdin.readline().split()
sys.exit(42 if said == [str(sum(map(int, numbers)))] else 43)
"""
TO_THE_END = "import sys\nprint(sum(map(int, sys.stdin.read().split())) + {}, flush=True)\n"


def test_a_validator_that_closes_its_output_lets_the_program_see_its_end(tmp_path):
    """A validator that gives its whole input, closes its output and waits for the answer
    (BAPCtools' pseudo-interaction): a program that reads to the end of its input sees it,
    and is judged by the validator's verdict. It waited to the 3 s backstop, TLE."""
    folder = tmp_path / "whole"
    write(folder / "problem.yaml", INTERACTIVE_YAML.format("Whole"))
    write(folder / "output_validator" / "validate.py", GIVES_ALL)
    for case, numbers in (("sample/1", "1 2 3"), ("secret/1", "40 2")):
        write(folder / "data" / f"{case}.in", numbers + "\n")
        write(folder / "data" / f"{case}.ans", "\n")
    write(folder / "submissions" / "accepted" / "sum.py", TO_THE_END.format(0))
    write(folder / "submissions" / "wrong_answer" / "more.py", TO_THE_END.format(1))
    status, table, report = submissions(tmp_path, folder)
    assert table == {
        "accepted/sum.py": ("AC", "AC", True),
        "wrong_answer/more.py": ("WA", "WA", True),
    }
    assert status == 0
    assert cases_of(report, "accepted/sum.py")["secret/1"][:2] == ("AC", "judging-exit")
