"""judge/submissions.py: `runner.py --package DIR --submissions`, a package's own submissions
judged as verifyproblem judges them: each against its folder's verdict, the time limit from
problem.yaml or from the accepted submissions, a margin for the rest, a table, and an exit
status that says whether every one got what its folder says."""

import re
import shutil
import sys

import pytest
from runner_util import PYTHON, RUNNER, write
from util import ROOT, run

from judge import submissions
from judge.packages import read_package

PACKAGES = ROOT / "tests" / "packages"
ROW = re.compile(r"^(\S+) +(AC|WA|TLE|RTE) +(\S+(?: \d+)?) +(ok with extra time|ok|NO)", re.M)


def check(folder, *args):
    done = run([PYTHON, str(RUNNER), "--package", str(folder), "--submissions", *args], text=True)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout, done.stderr


def rows(out):
    return {name: (expected, got, ok) for name, expected, got, ok in ROW.findall(out)}


@pytest.mark.parametrize(
    "name, table",
    [
        (
            "hello",
            {
                "accepted/hello.py": ("AC", "AC", "ok"),
                "accepted/shout.py": ("AC", "AC", "ok"),
                "wrong_answer/rounded.py": ("WA", "WA", "ok"),
                "run_time_error/crash.py": ("RTE", "RTE", "ok"),  # on its last case
                "time_limit_exceeded/spin.py": ("TLE", "TLE", "ok"),
            },
        ),
        (
            "sums",
            {
                "accepted/half.py": ("AC", "AC", "ok"),
                "accepted/one.py": ("AC", "AC", "ok"),
                "wrong_answer/zero.py": ("WA", "WA", "ok"),
                "run_time_error/index.py": ("RTE", "RTE", "ok"),
                "time_limit_exceeded/count.py": ("TLE", "TLE", "ok"),
            },
        ),
        (
            "guess",
            {
                "accepted/halves.py": ("AC", "AC", "ok"),
                "wrong_answer/blurt.py": ("WA", "WA", "ok"),  # rejected first, then it spins
                "run_time_error/crash.py": ("RTE", "RTE", "ok"),  # it crashed first
                "time_limit_exceeded/silent.py": ("TLE", "TLE", "ok"),
            },
        ),
        (
            "scored",
            {
                "accepted/twice.py": ("AC", "AC 100", "ok"),
                "wrong_answer/small.py": ("WA", "WA", "ok"),
                "run_time_error/crash.py": ("RTE", "RTE", "ok"),
                "time_limit_exceeded/count.py": ("TLE", "TLE", "ok"),
            },
        ),
    ],
)
def test_every_submission_of_the_tests_packages_gets_its_folders_verdict(name, table):
    status, out, _ = check(PACKAGES / name)
    assert rows(out) == table, out
    assert status == 0 and out.endswith(
        f"{len(table)} of {len(table)} submissions got what their folder says\n"
    )
    limit = f"{name}: time limit 1 s: the slowest accepted submission used "
    assert limit in out and "times 5 (time_multiplier), rounded up" in out
    assert "the safety margin 2 (time_safety_margin) gives 2 s" in out


def copy(tmp_path, name="hello"):
    folder = shutil.copytree(PACKAGES / name, tmp_path / name)
    for folder_name in ("wrong_answer", "run_time_error", "time_limit_exceeded"):
        shutil.rmtree(folder / "submissions" / folder_name)  # the slow ones: not needed here
    return folder


def test_a_submission_in_the_wrong_folder_fails_the_check_and_says_why(tmp_path):
    folder = copy(tmp_path)
    source = PACKAGES / "hello" / "submissions" / "wrong_answer" / "rounded.py"
    shutil.copy(source, folder / "submissions" / "accepted" / "rounded.py")
    status, out, _ = check(folder)
    assert status == 1 and rows(out)["accepted/rounded.py"] == ("AC", "WA", "NO"), out
    assert "    sample/1: WA\n      token 3, line 2 of the output: '0.33'" in out
    assert out.endswith("2 of 3 submissions got what their folder says\n")


def test_a_language_with_no_build_support_is_skipped_and_a_syntax_error_is_ce(tmp_path):
    folder = copy(tmp_path)
    write(folder / "submissions" / "accepted" / "main.cobol", "DISPLAY 'x'.\n")
    status, out, _ = check(folder)
    assert status == 0 and "accepted/main.cobol  skipped: no build support for .cobol" in out
    assert out.endswith("2 of 2 submissions got what their folder says; 1 skipped\n")
    write(folder / "submissions" / "wrong_answer" / "broken.py", "print(1\n")
    status, out, _ = check(folder)
    assert status == 1 and re.search(r"wrong_answer/broken\.py +WA +CE +NO\n +SyntaxError", out)


BUSY = """import time
start = time.process_time()
while time.process_time() - start < 0.45:
    pass
name, x = input().split()
print("Hello", name, float(x) / 3)
"""


def test_problem_yamls_time_limit_is_used_and_the_margin_may_save_a_submission(tmp_path):
    folder = copy(tmp_path)
    write(
        folder / "problem.yaml",
        "validator_flags: float_tolerance 1e-6\nlimits:\n  time_limit: 0.3\n",
    )
    write(folder / "submissions" / "accepted" / "slowish.py", BUSY)
    status, out, _ = check(folder)
    assert "hello: time limit 0.3 s, problem.yaml's; the safety margin 2" in out
    assert rows(out)["accepted/slowish.py"] == ("AC", "TLE", "ok with extra time"), out
    assert status == 0


def test_a_package_with_no_submission_or_no_accepted_one_says_so(tmp_path):
    folder = copy(tmp_path)
    shutil.rmtree(folder / "submissions")
    status, out, _ = check(folder)
    assert status == 1 and "hello: no submission under" in out
    write(folder / "submissions" / "wrong_answer" / "x.py", "print(0)\n")
    status, out, err = check(folder)
    assert status == 2 and "sets no time limit, and no accepted submission runs here" in err


def test_the_outcome_allows_mle_for_a_run_time_error():
    wanted = submissions.Submission("run_time_error/x.py", "RTE", ["x"], None, None)
    memory = submissions.Verdicts("MLE", None, "MLE", None, 0.1, None)
    assert submissions.outcome(wanted, memory) == ("RTE", "MLE", "ok")
    wrong = submissions.Verdicts("WA", None, "WA", None, 0.1, None)
    assert submissions.outcome(wanted, wrong) == ("RTE", "WA", "NO")


def test_the_submissions_are_found_in_the_judges_order():
    found = submissions.find_submissions(read_package(PACKAGES / "hello"), sys.executable)
    labels = ["accepted/hello.py", "accepted/shout.py", "wrong_answer/rounded.py"]
    labels += ["run_time_error/crash.py", "time_limit_exceeded/spin.py"]
    assert [s.label for s in found] == labels
    assert all(s.command[0][0] == sys.executable for s in found)


def test_deriving_a_time_limit_builds_only_the_accepted(monkeypatch):
    """--package --command with no time limit runs the accepted submissions alone: the others
    are not even built."""
    built = []

    def program_command(path, python):
        built.append(path.parent.name)
        raise submissions.Skipped("not here")

    monkeypatch.setattr(submissions, "program_command", program_command)
    package = read_package(PACKAGES / "hello")
    with pytest.raises(submissions.UsageError, match="no accepted submission runs here"):
        submissions.derive_time_limit(package, sys.executable)
    assert built and set(built) == {"accepted"}
