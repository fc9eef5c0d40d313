"""judge/submissions.py: `runner.py --package DIR --submissions`, a package's own submissions
judged as verifyproblem judges them: each against its folder's verdict, the time limit from
problem.yaml or from the accepted submissions, a margin for the rest, a table, and an exit
status that says whether every one got what its folder says."""

import json
import os
import re
import shutil
import sys
from dataclasses import replace

import pytest
from runner_util import PYTHON, RUNNER, schema, write
from sandbox_util import needs_sandbox
from util import ROOT, run

from judge import cli, submissions
from judge.expectations import SPEC, Expectation, Rule
from judge.model import Judgement, Result, UsageError, Verdict
from judge.packages import read_package
from judge.report import Checked

PACKAGES = ROOT / "tests" / "packages"
ROW = re.compile(r"^(\S+) +(AC|WA|TLE|RTE) +(\S+(?: \d+)?) +(ok with extra time|ok|NO)", re.M)


def check(folder, *args, env=None):
    argv = [PYTHON, str(RUNNER), "--package", str(folder), "--submissions", *args]
    done = run(argv, text=True, env=env)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout, done.stderr


def checked(tmp_path, folder, *args):
    """check() with --json: (exit status, the report as data or None, stderr)."""
    report = tmp_path / "submissions.json"
    status, _, err = check(folder, "--json", str(report), *args)
    data = json.loads(report.read_text(encoding="utf-8")) if report.exists() else None
    return status, data, err


def got(report):
    """{submission: (expected, got, ok)} of a --submissions report."""
    return {s["submission"]: (s["expected"], s["got"], s["ok"]) for s in report["submissions"]}


def rows(out):
    return {name: (expected, got, ok) for name, expected, got, ok in ROW.findall(out)}


# hello's table in the fast run; the other three, each spinning a TLE submission to its limit,
# in the deep run (tests/test_judge_packages.py judges each kind of package in the fast run).
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
        pytest.param(
            "sums",
            {
                "accepted/half.py": ("AC", "AC", "ok"),
                "accepted/one.py": ("AC", "AC", "ok"),
                "wrong_answer/zero.py": ("WA", "WA", "ok"),
                "run_time_error/index.py": ("RTE", "RTE", "ok"),
                "time_limit_exceeded/count.py": ("TLE", "TLE", "ok"),
            },
            marks=pytest.mark.deep,
        ),
        pytest.param(
            "guess",
            {
                "accepted/halves.py": ("AC", "AC", "ok"),
                "wrong_answer/blurt.py": ("WA", "WA", "ok"),  # rejected first, then it spins
                "run_time_error/crash.py": ("RTE", "RTE", "ok"),  # it crashed first
                "time_limit_exceeded/silent.py": ("TLE", "TLE", "ok"),
            },
            marks=pytest.mark.deep,
        ),
        pytest.param(
            "scored",
            {
                "accepted/twice.py": ("AC", "AC 100", "ok"),
                "wrong_answer/small.py": ("WA", "WA", "ok"),
                "run_time_error/crash.py": ("RTE", "RTE", "ok"),
                "time_limit_exceeded/count.py": ("TLE", "TLE", "ok"),
            },
            marks=pytest.mark.deep,
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
    wanted = submissions.Submission("run_time_error/x.py", whole("RTE"), (["x"], None))
    memory = submissions.Verdicts("MLE", None, "MLE", None, 0.1, None)
    assert submissions.outcome(wanted, memory)[:3] == ("RTE", "MLE", "ok")
    wrong = submissions.Verdicts("WA", None, "WA", None, 0.1, None)
    assert submissions.outcome(wanted, wrong)[:3] == ("RTE", "WA", "NO")


def whole(verdict):
    """What a legacy folder expects: the verdict of the whole."""
    return Expectation("folder", finals=(verdict,))


def test_the_submissions_are_found_in_the_judges_order():
    package = read_package(PACKAGES / "hello")
    found = submissions.find_submissions(package, submissions.Building(sys.executable))
    labels = ["accepted/hello.py", "accepted/shout.py", "wrong_answer/rounded.py"]
    labels += ["run_time_error/crash.py", "time_limit_exceeded/spin.py"]
    assert [s.label for s in found] == labels
    assert all(s.command[0][0] == sys.executable for s in found)


def test_deriving_a_time_limit_builds_only_the_accepted(monkeypatch):
    """--package --command with no time limit plans the accepted submissions alone: the
    others are not even built."""
    built = []

    def program_command(path, *how, **named):
        built.append(path.parent.name)
        raise submissions.Skipped("not here")

    monkeypatch.setattr(submissions, "program_command", program_command)
    with pytest.raises(UsageError, match="no accepted submission runs here"):
        cli.plan_from(["--package", str(PACKAGES / "hello"), "--command", "true"])
    assert built and set(built) == {"accepted"}


def test_a_table_wants_only_the_cases_the_grader_needs():
    """on_reject: break (hello's groups): a submission stops at its group's first failure, and
    the next group is still judged; its row is closed once nothing more is needed."""
    package = read_package(PACKAGES / "hello")
    one = submissions.Submission("wrong_answer/x.py", whole("WA"), (["x"], None))
    table = submissions.Table(package, [one], 1.0)
    cases = [replace(case, problem=one.label) for case in package.cases]
    assert [case.name for case in cases] == ["sample/1", "secret/1", "secret/2"]
    assert table.wants(cases[0])
    table.add(Result.of(cases[0], judgement(Verdict.AC)))
    assert table.wants(cases[1])
    table.add(Result.of(cases[1], judgement(Verdict.WA)))  # secret/ breaks here
    assert not table.wants(cases[2])
    [(checked, verdicts)] = table.finish()
    assert (checked.got, checked.ok, verdicts.deciding[0]) == ("WA", True, "secret/1")
    assert [result.case.problem for result in checked.results] == ["hello", "hello"]


def judgement(verdict, cpu=0.1):
    return Judgement(verdict, cpu, cpu, 10.0, False, (), reason="compared")


def test_a_case_over_the_time_limit_is_tle_in_the_json_whatever_the_margin_gave():
    """BAPCtools' guess time_limit_exceeded/guess_close_stdout_1.cpp: asleep past the limit's
    wall backstop with its output closed, then WA with the margin; its verdict is TLE, and so
    is its case's, as the judges say. A case within the limit keeps its verdict."""
    package = read_package(PACKAGES / "hello")
    one = submissions.Submission("time_limit_exceeded/x.py", whole("TLE"), (["x"], None))
    table = submissions.Table(package, [one], 1.0)
    case = replace(package.cases[0], problem=one.label)
    asleep = replace(judgement(Verdict.WA, cpu=0.001), wall=4.0, reason="judging-exit")
    table.add(Result.of(case, asleep))
    [(checked, _)] = table.finish()
    [shown] = checked.results
    assert (checked.got, checked.ok) == ("TLE", True)
    assert (shown.verdict, shown.reason, shown.wall) == (Verdict.TLE, "wall-backstop", 4.0)
    within = submissions.at_the_limit(Result.of(case, judgement(Verdict.WA)), 1.0)
    assert (within.verdict, within.reason) == (Verdict.WA, "compared")


def test_a_case_timed_for_the_limit_is_judged_again_at_the_limit_with_the_margin():
    """A case run to find the time limit, under none, is not run again: past the margin's
    wall backstop (a program asleep) it is TLE there too, not ok with extra time."""
    package = read_package(PACKAGES / "hello")  # legacy: the margin 2
    one = submissions.Submission("accepted/x.py", whole("AC"), (["x"], None))
    asleep = replace(judgement(Verdict.AC, cpu=0.01), wall=7.0)
    results = {c.name: Result.of(replace(c, problem=one.label), asleep) for c in package.cases}
    timed = submissions.Verdicts("AC", None, "AC", None, 7.0, None, judged=results)
    first = Checked(one.label, "AC", "AC", True, False, None, None, ())
    table = submissions.Table(package, [one], 1.0, before=[(first, timed)])
    [(checked, _)] = table.finish()
    assert (checked.got, checked.ok, checked.extra_time) == ("TLE", False, False)
    assert all(result.reason == "wall-backstop" for result in checked.results)


def test_a_case_keeps_its_judgemessage_only_where_a_rule_looks_in_it():
    """A validator may write 64 KiB a case: a submission no message rule is about drops it."""
    package = read_package(PACKAGES / "bounds")
    every = frozenset(SPEC)
    plain = Expectation("submissions.yaml", (Rule(None, every, every),))
    asking = Expectation("submissions.yaml", (Rule(None, every, every, message="got"),))
    both = [
        submissions.Submission("wa/two.py", plain, (["x"], None)),
        submissions.Submission("wa/hello.py", asking, (["x"], None)),
    ]
    table = submissions.Table(package, both, 1.0)
    for each in both:
        case = replace(package.cases[0], problem=each.label)
        said = replace(judgement(Verdict.WA), judgemessage=b"wanted 1, got 2")
        table.add(Result.of(case, said))
    assert table.judged["wa/two.py"]["sample/1"].judgemessage is None
    assert table.judged["wa/hello.py"]["sample/1"].judgemessage == b"wanted 1, got 2"


# ---------------------------------------------------------------- under --sandbox

# It writes into the package, where it runs; in the sandbox, where it cannot, it goes on.
WRITER = 'try:\n    open("written", "w").close()\nexcept OSError:\n    pass\n'
# It copies the answer of its input from data/, beside it where it runs: in the sandbox, an
# empty folder, it finds none, and exits 1.
CHEAT = """import sys
from pathlib import Path
given = sys.stdin.read()
for case in Path("data").glob("*/*.in"):
    if case.read_text() == given:
        print(case.with_suffix(".ans").read_text(), end="")
        break
else:
    sys.exit("no answer to copy")
"""


def test_with_sandbox_every_submission_runs_in_the_sandbox(tmp_path):
    """A submission can neither write into the package nor read its answers."""
    needs_sandbox()
    folder = copy(tmp_path)
    hello = (folder / "submissions" / "accepted" / "hello.py").read_text()
    write(folder / "submissions" / "accepted" / "writer.py", WRITER + hello)
    write(folder / "submissions" / "run_time_error" / "cheat.py", CHEAT)
    status, report, err = checked(tmp_path, folder, "--sandbox")
    assert not (folder / "written").exists()
    assert got(report)["run_time_error/cheat.py"] == ("RTE", "RTE", True), err
    assert status == 0
    status, report, err = checked(tmp_path, folder)  # as the user: it copies the answers
    assert got(report)["run_time_error/cheat.py"] == ("RTE", "AC", False), err
    assert (folder / "written").exists() and status == 1


def test_sandbox_without_bubblewrap_is_refused_in_one_line(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    folder = copy(tmp_path)
    status, out, err = check(folder, "--sandbox", env={**os.environ, "PATH": str(empty)})
    assert (status, out) == (2, "") and len(err.splitlines()) == 1, err
    assert "--sandbox" in err


# ---------------------------------------------------------------- a source that breaks compile()

NESTED = {
    "minus.py": "x = " + "-" * 100_000 + "1\n",  # MemoryError in compile()
    "sums.py": "x = " + "1 + " * 100_000 + "1\n",  # RecursionError
    "parens.py": "x = " + "(" * 100_000 + ")" * 100_000 + "\n",
}


def test_a_source_too_deep_to_compile_is_its_own_ce_and_the_run_goes_on(tmp_path):
    folder = copy(tmp_path)
    for name, source in NESTED.items():
        write(folder / "submissions" / "wrong_answer" / name, source)
    status, report, err = checked(tmp_path, folder)
    assert status == 1, err
    table = got(report)
    assert table["accepted/hello.py"] == ("AC", "AC", True)
    rows = {table[f"wrong_answer/{name}"] for name in NESTED}
    # Python 3.8's parser compiles some of them: then judged, they are the WA they are.
    assert ("WA", "CE", False) in rows and rows <= {("WA", "CE", False), ("WA", "WA", True)}
    assert "unexpected" not in err


# ---------------------------------------------------------------- --json


def test_json_reports_each_submission_and_its_cases(tmp_path):
    status, report, err = checked(tmp_path, PACKAGES / "scored")
    assert status == 0, err
    assert got(report) == {
        "accepted/twice.py": ("AC", "AC", True),
        "wrong_answer/small.py": ("WA", "WA", True),
        "run_time_error/crash.py": ("RTE", "RTE", True),
        "time_limit_exceeded/count.py": ("TLE", "TLE", True),
    }
    twice = report["submissions"][0]
    assert twice["score"] == 100 and twice["extra_time"] is False
    assert [case["case"] for case in twice["cases"]][:2] == ["sample/1", "secret/group1/1"]
    assert {case["verdict"] for case in twice["cases"]} == {"AC"}
    assert {case["reason"] for case in twice["cases"]} == {"compared"}
    crash = report["submissions"][2]["cases"]
    assert crash[-1]["verdict"] == "RE" and crash[-1]["reason"] == "exit"
    assert report["problems"]["scored"]["time_limit_s"] == 1
    assert (report["passed"], report["failed"], report["skipped"]) == (4, 0, 0)
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(report, schema())


def test_json_says_a_skipped_and_an_unbuilt_submission_and_why(tmp_path):
    folder = copy(tmp_path)
    write(folder / "submissions" / "accepted" / "main.cobol", "DISPLAY 'x'.\n")
    write(folder / "submissions" / "wrong_answer" / "broken.py", "print(1\n")
    status, report, _ = checked(tmp_path, folder)
    assert status == 1
    records = {record["submission"]: record for record in report["submissions"]}
    cobol, broken = records["accepted/main.cobol"], records["wrong_answer/broken.py"]
    assert (cobol["got"], cobol["ok"], cobol["cases"]) == (None, None, [])
    assert (broken["got"], broken["ok"], broken["cases"]) == ("CE", False, [])
    assert broken["why"].startswith("SyntaxError")
    assert (report["passed"], report["failed"], report["skipped"]) == (2, 1, 1)


@pytest.mark.deep  # sleeps out a 3 s backstop
def test_a_row_of_a_submission_that_sleeps_to_its_limit_shows_the_time_it_was_judged_by(tmp_path):
    """It used a few ms of CPU, and was stopped at the wall backstop: its row's slowest case is
    that wall time, not the few ms (the row's text is the subject here)."""
    folder = copy(tmp_path)
    yaml = folder / "problem.yaml"
    yaml.write_text(yaml.read_text() + "  time_limit: 0.5\n")  # under limits:, its last line
    sleeps = folder / "submissions" / "time_limit_exceeded" / "sleeps.py"
    sleeps.parent.mkdir()
    sleeps.write_text("import time\ntime.sleep(30)\n")
    status, out, _ = check(folder)
    line = next(line for line in out.splitlines() if line.startswith("time_limit_exceeded/"))
    assert rows(out)["time_limit_exceeded/sleeps.py"] == ("TLE", "TLE", "ok"), out
    slowest = int(re.search(r"slowest case (\d+) ms", line).group(1))
    assert slowest >= 500, line  # at least its limit, on a clock that ran
    assert status == 0
