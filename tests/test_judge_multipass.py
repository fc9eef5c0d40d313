"""Kattis packages whose cases run in passes, and interactive cases that must end: a
multi-pass problem (tests/packages/codec, and sealed, interactive) runs its program again on
the input its validator wrote to nextpass.in, with the same feedback folder, at most
validation_passes times, each pass under the time limit; an interactive validator that gave
its whole input and closed its output lets the program see the end of it, and one that waits
on a program that spins is not stopped by its own clock first. Each judged through
`runner.py --package DIR` and its --json report."""

import json
import shutil

import pytest
from runner_util import PYTHON, RUNNER, write
from util import ROOT, run

from judge import checkers, packages
from judge.model import UsageError
from judge.process.watch import BACKSTOP, ceiling

PACKAGES = ROOT / "tests" / "packages"


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


def copy(tmp_path, name):
    return shutil.copytree(PACKAGES / name, tmp_path / name)


def cases_of(report, submission):
    """{case: (verdict, reason, first line of its details)} of one submission's cases."""
    (entry,) = [s for s in report["submissions"] if s["submission"] == submission]
    return {c["case"]: (c["verdict"], c["reason"], c["details"][:1]) for c in entry["cases"]}


# ---------------------------------------------------------------- multi-pass


def test_each_pass_of_a_multi_pass_case_is_run_and_judged(tmp_path):
    """codec (2025-09, `type: multi-pass`): pass 1 encodes a word, pass 2 decodes what pass 1
    gave, and the validator finds the word in the feedback folder pass 1 left. A wrong decoder
    and a crash in pass 2 were AC when pass 1 alone was judged."""
    status, table, report = submissions(tmp_path, PACKAGES / "codec")
    assert table == {
        "accepted/bytes.py": ("AC", "AC", True),
        "wrong_answer/forgets.py": ("WA", "WA", True),
        "wrong_answer/plain.py": ("WA", "WA", True),
        "run_time_error/second.py": ("RTE", "RTE", True),
    }
    assert status == 0
    assert cases_of(report, "wrong_answer/forgets.py")["sample/1"] == (
        "WA",
        "judging-exit",
        ["in pass 2"],
    )
    assert cases_of(report, "run_time_error/second.py")["sample/1"][:2] == ("RE", "exit")
    assert cases_of(report, "wrong_answer/plain.py")["sample/1"][:2] == ("WA", "judging-exit")


SEALED_2025 = """problem_format_version: 2025-09
name: Sealed
type: [interactive, multi-pass]
limits: {time_limit: 1}
"""


@pytest.mark.parametrize("version", ["legacy", "2025-09"])
def test_an_interactive_multi_pass_package_runs_each_pass_against_its_validator(tmp_path, version):
    """sealed: legacy's `validation: custom interactive multi-pass` (DOMjudge's), and the
    2025-09 type list. A program that forgets in pass 2 was AC on pass 1 alone."""
    folder = copy(tmp_path, "sealed")
    if version != "legacy":
        write(folder / "problem.yaml", SEALED_2025)
        shutil.move(str(folder / "output_validators" / "sealed"), str(folder / "output_validator"))
        (folder / "output_validators").rmdir()
    status, table, report = submissions(tmp_path, folder)
    assert table == {
        "accepted/thrice.py": ("AC", "AC", True),
        "wrong_answer/forgets.py": ("WA", "WA", True),
    }
    assert status == 0 and report["problems"]["sealed"]["time_limit_s"] == 1
    assert cases_of(report, "wrong_answer/forgets.py")["sample/1"][2] == ["in pass 2"]


ASKS_AGAIN = """import os, sys
open(os.path.join(sys.argv[3], "nextpass.in"), "w").write("encode again\\n")
sys.exit(EXIT)
"""


@pytest.mark.parametrize(
    "exit_code, reason, passes",
    [(42, "passes-exceeded", ["in pass 2"]), (43, "next-pass-rejected", [])],
)
def test_a_validator_that_asks_for_a_pass_it_may_not_is_a_judge_error(
    tmp_path, exit_code, reason, passes
):
    """As the spec says: a pass past limits.validation_passes (2 by default), and nextpass.in
    written by a validator that does not accept, are judge errors, never the program's."""
    folder = copy(tmp_path, "codec")
    write(folder / "output_validator" / "validate.py", ASKS_AGAIN.replace("EXIT", str(exit_code)))
    cases, _ = judged(tmp_path, folder, folder / "submissions" / "accepted" / "bytes.py")
    verdict, why, details = cases["secret/1"]
    assert (verdict, why) == ("IE", reason), details
    assert [line for line in details if line.startswith("in pass")] == passes


SLOW_EACH_PASS = """import time
start = time.process_time()
while time.process_time() - start < 0.3:
    pass
how, given = input().split()
print(int.from_bytes(given.encode(), "big") if how == "encode" else
      int(given).to_bytes((int(given).bit_length() + 7) // 8, "big").decode())
"""


def test_each_pass_has_the_whole_time_limit_and_the_case_takes_its_slowest_passs_time(
    tmp_path,
):
    """0.3 s of CPU in each of two passes under a 0.5 s limit: AC (the sum, 0.6 s, is not
    judged), timed as its slowest pass."""
    write(tmp_path / "slow.py", SLOW_EACH_PASS)
    args = ("--tle", "0.5", "-k", "secret/1")
    cases, report = judged(tmp_path, PACKAGES / "codec", tmp_path / "slow.py", *args)
    assert cases["secret/1"][:2] == ("AC", "judging-exit"), cases
    assert 300 <= report["cases"][0]["cpu_ms"] < 500, report["cases"]


def package_yaml(tmp_path, text):
    folder = copy(tmp_path, "codec")
    write(folder / "problem.yaml", text)
    return folder


@pytest.mark.parametrize(
    "text, passes",
    [
        ("problem_format_version: 2025-09\ntype: multi-pass\nname: x\n", 2),
        ("problem_format_version: 2025-09\ntype: [multi-pass, scoring]\nname: x\n", 2),
        ("validation: custom multi-pass\nlimits:\n  validation_passes: 26\n", 26),
        ("problem_format_version: 2025-09\nname: x\nlimits: {validation_passes: 5}\n", 1),
    ],
)
def test_the_passes_a_package_allows(tmp_path, text, passes):
    assert packages.read_package(package_yaml(tmp_path, text)).profile.passes == passes


@pytest.mark.parametrize(
    "text, said",
    [
        (
            "problem_format_version: 2025-09\ntype: multi-pass\nlimits: {validation_passes: 1}\n",
            "validation_passes is the number 1, not a whole number from 2",
        ),
        (
            "validation: custom multi-pass\nlimits:\n  validation_passes: two\n",
            "validation_passes is the text 'two', not a whole number from 2",
        ),
        ("validation: default multi-pass\n", "a multi-pass problem wants an output validator"),
    ],
)
def test_a_package_whose_passes_cannot_be_judged_is_refused_in_one_line(tmp_path, text, said):
    folder = package_yaml(tmp_path, text)
    with pytest.raises(UsageError, match=said):
        packages.read_package(folder)
    status, out, err = runner("--package", folder, "--command", "true")
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and said in err, err


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
