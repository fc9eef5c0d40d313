"""judge/cli.py: the command line. Its values and its plan (the profiles under the flags, the
programs and where they run) in process; then the runner itself: usage errors are one line on
stderr and exit 2 before anything runs, -j is capped, and another language's limit applies to
a --command that is no Python, read from its JSON report."""

import argparse
import os
import re
import subprocess
import sys

import pytest
from runner_util import (
    BUSY,
    ECHO,
    POSIX_ONLY,
    PYTHON,
    case_reasons,
    case_verdicts,
    contestant_root,
    judge,
    judged,
    make_root,
    runner_argv,
    write,
)
from util import ROOT, usage_error

from judge import cli, model
from judge.model import UsageError


@pytest.mark.parametrize("text, value", [("1", 1.0), ("0.5", 0.5), ("1e3", 1000.0)])
def test_a_positive_value_is_read(text, value):
    assert cli.positive(text) == value


@pytest.mark.parametrize("text", ["0", "-1", "inf", "nan", "1e999"])
def test_a_value_that_would_make_a_bad_report_is_refused(text):
    with pytest.raises(argparse.ArgumentTypeError, match=f"must be positive and finite: {text}$"):
        cli.positive(text)


def test_jobs_are_whole_and_the_cpus_counted():
    assert cli.positive_int("3") == 3 and cli.cpu_count() >= 1
    with pytest.raises(ValueError):
        cli.positive_int("1.5")


@pytest.mark.parametrize(
    "argv, why",
    [
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["--tle"], "argument --tle: expected one argument"),
        (["-j", "x"], "argument -j: invalid positive_int value: 'x'"),
        (["--tle", "0"], "argument --tle: must be positive and finite: 0"),
    ],
)
def test_a_bad_command_line_is_one_usage_error(argv, why):
    said = usage_error(cli.make_parser().parse_args, argv)
    assert said == f"{why} (runner.py --help says more)"


def exam_root(tmp_path):
    root = make_root(tmp_path, ECHO, {"judge-a": ("a\n", "a\n")})
    write(root / "solutions" / "p.py", "# Judge: Exam; 2 s; 256 MiB; exact; C/C++ 1 s\n" + ECHO)
    return root


@POSIX_ONLY
@pytest.mark.parametrize(
    "args, judge_name, time_limit",
    [
        ([], "Exam", 2.0),  # the solution: Python
        (["--command", "cat"], "Exam's C/C++ limit", 1.0),
        (["--command", "cat", "--tle", "3"], "Exam", 3.0),  # a limit given: nothing to add
        (["--command", f"{PYTHON} solutions/p.py"], "Exam", 2.0),
        (["--command", "pypy3 x.py"], "Exam", 2.0),
        (["--command", "solutions/p.py"], "Exam", 2.0),
        (["--command", "py.exe -3 x.py"], "Exam", 2.0),
        (["--command", "'/my dir/python3' x.py"], "Exam", 2.0),  # the program found decides
    ],
)
def test_a_command_that_is_no_python_gets_the_other_languages_limit(
    tmp_path, monkeypatch, args, judge_name, time_limit
):
    root = exam_root(tmp_path)
    monkeypatch.chdir(root)
    monkeypatch.setattr("shutil.which", lambda name, **_: f"/bin/{os.path.basename(name)}")
    plan, _ = cli.plan_from(["--root", str(root), "p", *args])
    profile = plan.profiles["p"]
    assert (profile.judge_name, profile.time_limit, profile.memory_limit) == (
        judge_name,
        time_limit,
        256.0,
    )


def test_the_plan_runs_a_solution_from_the_root_and_a_command_from_here(tmp_path, monkeypatch):
    root = make_root(tmp_path / "repo", ECHO, {"a": ("1\n", "1\n"), "b": ("2\n", None)})
    monkeypatch.chdir(tmp_path)
    plan, warnings = cli.plan_from(["--root", str(root), "-j", "1", "--ole", "2"])
    python = os.path.abspath(sys.executable)
    program = model.Program(([python, "solutions/p.py"], None), root.resolve())
    assert plan.programs["p"] == program and program.failure is None and program.sandbox is None
    assert [case.name for case in plan.cases] == ["a", "b"] and plan.jobs == 1
    assert plan.profiles["p"].output_limit == 2.0 and plan.info.ole_mib == 2.0  # --ole's
    assert (plan.json, plan.info.python, plan.info.command) == (None, python, None)
    assert warnings == []
    plan, _ = cli.plan_from(["--root", str(root), "p", "--command", sys.executable])
    assert plan.programs["p"].workdir == tmp_path and plan.info.python is None


def test_a_deleted_current_folder_is_said(tmp_path, monkeypatch):
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    with pytest.raises(UsageError, match=r"^the current folder no longer exists: cd to one that"):
        cli.current_folder()


# ---------------------------------------------------------------- the runner


def test_usage_errors_exit_with_2(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    (root / "solutions" / "lonely.py").write_text(ECHO)
    (root / "testcases" / "orphan").mkdir()
    (root / "testcases" / "orphan" / "a.in").write_text("1\n")
    for args, message in [
        (["nope"], "unknown problem 'nope'; the problems are: lonely, orphan, p"),
        (["lonely"], "problem 'lonely' has no testcases/lonely/ folder"),
        (["orphan"], "problem 'orphan' has no solutions/orphan.py"),
        (["p", "-k", "zzz"], "no case name contains 'zzz'"),
        (["p", "--python", "no-such-python"], "--python no-such-python: no such program"),
        (["p", "--tle", "0"], "must be positive and finite: 0"),
    ]:
        status, out, err, _ = judge(root, *args)
        assert status == 2, args
        assert message in err, args
        assert out == ""
        assert "Traceback" not in err


@POSIX_ONLY
def test_usage_errors_are_one_line_and_a_deleted_folder_is_said(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    for args in (["--bogus"], ["--tle"], ["-j", "x"]):
        status, out, err, _ = judge(root, *args)
        assert status == 2 and out == "" and err.count("\n") == 1, err
        assert err.startswith("runner.py: error: ") and "--help" in err
    gone = tmp_path / "gone"
    gone.mkdir()
    script = 'cd "$1" && rmdir "$1" && shift && exec "$@"'
    command = runner_argv(root, "p", "--command", "cat")
    done = subprocess.run(
        ["sh", "-c", script, "sh", str(gone), *command], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert (
        done.stderr
        == "runner.py: error: the current folder no longer exists: cd to one that does\n"
    )


@POSIX_ONLY
def test_a_relative_python_is_found_from_another_folder(tmp_path):
    root = make_root(tmp_path / "repo", ECHO, {"a": ("1\n", "1\n")})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    wrapper = elsewhere / "mypy"
    wrapper.write_text(f'#!/bin/sh\nexec "{PYTHON}" "$@"\n')
    wrapper.chmod(0o755)
    status, report, err = judged(root, "--python", "./mypy", cwd=elsewhere)
    assert case_verdicts(report) == {"p/a": "AC"}, err
    assert status == 0
    assert report["python"] == str(wrapper)


@pytest.mark.parametrize("where", ["no/such/folder/r.json", ".", "fifo"])
def test_an_unwritable_json_is_a_usage_error_before_anything_runs(tmp_path, where):
    solution = "open(__file__ + '.ran', 'w').close()\nprint(1)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    if where == "fifo":
        if os.name != "posix":
            pytest.skip("needs a FIFO")
        os.mkfifo(tmp_path / "fifo")  # would hang a runner that opened it
    status, out, err, _ = judge(root, "--json", str(tmp_path / where))
    assert status == 2 and out == ""
    assert re.fullmatch(r"runner.py: error: --json \S+: cannot write it: .+\n", err)
    assert not (root / "solutions" / "p.py.ran").exists()


def test_a_writable_json_is_not_left_behind_by_a_usage_error(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    status, _, _, _ = judge(root, "--json", str(tmp_path / "r.json"), "-k", "zzz")
    assert status == 2
    assert not (tmp_path / "r.json").exists()


@POSIX_ONLY
@pytest.mark.parametrize(
    "args, message",
    [
        (["--command", "sh x"], "--command judges one problem: name it"),
        (["p", "q", "--command", "sh x"], "--command judges one problem: name it"),
        (["p", "--command", ""], "--command is empty"),
        (["p", "--command", "sh 'x"], "--command sh 'x: No closing quotation"),
        (
            ["p", "--command", "./nothing.sh"],
            "--command ./nothing.sh: no program ./nothing.sh under",
        ),
        (["p", "--command", "no-such-program-here"], "no program no-such-program-here on PATH"),
    ],
)
def test_command_usage_errors(tmp_path, args, message):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="q")
    status, out, err, _ = judge(root, *args)
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_more_jobs_than_cpus_are_capped_with_a_warning(tmp_path):
    root = make_root(tmp_path, BUSY, {f"c{i}": ("0.2", "1\n") for i in range(8)})
    status, report, err = judged(root, "--tle", "2", "-j", "64")  # 0.2 s each: AC however busy
    assert f"-j 64: only {cli.cpu_count()} CPUs here" in err
    assert set(case_verdicts(report).values()) == {"AC"} and status == 0


def test_a_package_run_caps_its_jobs_with_the_same_warning(monkeypatch):
    monkeypatch.setattr(cli, "cpu_count", lambda: 1)
    package = ["--package", str(ROOT / "tests" / "packages" / "hello"), "--command", "true"]
    plan, warnings = cli.plan_from([*package, "-j", "4"])
    assert plan.jobs == 1 and "-j 4: only 1 CPUs here, so 1 cases run at once" in warnings


@pytest.mark.parametrize("args", [["--tle", "inf"], ["--mle", "nan"], ["--json", ""]])
def test_a_value_that_would_make_a_bad_report_is_a_usage_error(tmp_path, args):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    status, out, err, _ = judge(root, *args)
    assert status == 2 and out == "" and "Traceback" not in err


@pytest.mark.parametrize(
    "flags, why",
    [
        (("--float", "1e-6", "--checker", "x.py"), "not allowed with argument"),
        (("--float=0",), "float wants a tolerance, a positive number such as 1e-6"),
    ],
)
def test_two_judging_modes_or_a_bad_tolerance_are_one_usage_error(tmp_path, flags, why):
    status, out, err, _ = judge(contestant_root(tmp_path), "triangle_area", *flags)
    assert (status, out) == (2, "") and len(err.splitlines()) == 1, err
    assert why in err


@pytest.mark.skipif(os.name != "posix", reason="needs the execute bit")
def test_a_checker_flag_naming_what_cannot_run_is_a_usage_error(tmp_path):
    root = contestant_root(tmp_path)
    write(tmp_path / "plain", "#!/bin/sh\nexit 0\n")
    for flag, said in (
        ("./plain", "./plain is not executable"),
        ("./none", "no program ./none under"),
        ("none.py", "no file none.py under"),
        ("nowhere-at-all", "on PATH"),
        ("", "needs a command"),
    ):
        status, out, err, _ = judge(root, "1850A", "--checker", flag, cwd=tmp_path)
        assert (status, out) == (2, "") and said in err and len(err.splitlines()) == 1, err


@POSIX_ONLY
def test_command_says_which_limit_it_applies_where_languages_differ(tmp_path):
    root = exam_root(tmp_path)
    status, report, _ = judged(root, "p", "--command", "cat", "--tle", "2")
    assert status == 0 and report["problems"]["p"]["judge"] == "Exam"
    status, report, _ = judged(root, "p", "--command", "cat", tle=None)
    assert status == 0 and report["problems"]["p"]["judge"] == "Exam's C/C++ limit"
    assert report["problems"]["p"]["time_limit_s"] == 1
    assert report["problems"]["p"]["other_limit"] == ["C/C++", 1]


@POSIX_ONLY
def test_other_languages_get_their_limit_and_it_judges_them(tmp_path):
    root = contestant_root(tmp_path)
    solution = root / "solutions" / "1850A.py"
    solution.write_text(
        solution.read_text().replace("checker checkers/1850A_checker.py", "exact; C/C++ 0.5 s")
    )
    write(tmp_path / "slow.sh", "#!/bin/sh\nexec python3 -c 'while 1: pass'\n")
    os.chmod(tmp_path / "slow.sh", 0o755)
    args = ("1850A", "-k", "two", "--command", "./slow.sh")
    status, report, _ = judged(root, *args, cwd=tmp_path, tle=None)
    assert status == 1 and case_verdicts(report) == {"1850A/judge-two": "TLE"}
    assert report["problems"]["1850A"]["judge"] == "Test judge's C/C++ limit"
    assert report["problems"]["1850A"]["time_limit_s"] == 0.5
    reasons = case_reasons(report)["1850A/judge-two"]
    assert re.fullmatch(r"CPU time [\d.]+ s, over the 0.5 s limit", reasons[0]), reasons


ROOT_UNUSED = "."  # a folder of cases needs no root of problems
ADDS = "a, b = map(int, input().split())\nprint(a + b)\n"


def oj_folder(tmp_path):
    """An oj-style folder of cases: sample-1.in/.out, 2.in/.ans, 3.in with no answer."""
    folder = tmp_path / "1850A"
    write(folder / "sample-1.in", "1 2\n")
    write(folder / "sample-1.out", "3\n")
    write(folder / "2.in", "2 2\n")
    write(folder / "2.ans", "4\n")
    write(folder / "3.in", "5 5\n")
    write(tmp_path / "add.py", ADDS)
    return folder


@pytest.mark.parametrize("named, inside", [("1850A", False), ("./1850A/", False), (".", True)])
def test_a_folder_of_cases_is_a_problem_judged_with_command(tmp_path, named, inside):
    folder = oj_folder(tmp_path)
    command = f"{sys.executable} {tmp_path / 'add.py'}"
    cwd = folder if inside else tmp_path
    root = make_root(tmp_path / "repo", ECHO, {"a": ("1\n", "1\n")})  # it has testcases/
    status, report, err = judged(root, named, "--command", command, cwd=cwd)
    assert (status, err) == (0, ""), err
    assert case_verdicts(report) == {"1850A/2": "AC", "1850A/3": "--", "1850A/sample-1": "AC"}
    assert all(case["judge_case"] is None for case in report["cases"])  # no extended note
    assert not any(case["details"] for case in report["cases"])


@pytest.mark.parametrize(
    "setup, error",
    [
        (lambda folder: None, "1850A is a folder of cases: judge it with --command CMD"),
        (lambda folder: write(folder / "2.out", "4\n"), "2 has both a .out and an .ans"),
    ],
)
def test_a_folder_of_cases_wants_a_command_and_one_answer_a_case(tmp_path, setup, error):
    setup(oj_folder(tmp_path))
    args = ("1850A", "--command", f"{sys.executable} add.py") if "both" in error else ("1850A",)
    status, report, err = judged(ROOT_UNUSED, *args, cwd=tmp_path)
    assert status == 2 and report is None and error in err and err.count("\n") == 1, err


def test_an_empty_folder_is_one_clear_line(tmp_path):
    (tmp_path / "nothing").mkdir()
    status, _, err = judged(ROOT_UNUSED, "nothing", "--command", "true", cwd=tmp_path)
    assert status == 2 and "nothing holds no cases" in err and err.count("\n") == 1


def test_k_given_twice_keeps_the_cases_of_either(tmp_path):
    root = make_root(tmp_path, ECHO, {n: ("1\n", "1\n") for n in ("aa", "bb", "cc")})
    status, report, _ = judged(root, "-k", "aa", "-k", "cc")
    assert status == 0 and case_verdicts(report) == {"p/aa": "AC", "p/cc": "AC"}


# ---------------------------------------------------------------- a path given, or a problem


def folder_and_problem(tmp_path):
    """A root with problem p (its case a), and beside it a folder here/p of cases of its own
    (x): (root, here, the command that judges them)."""
    root = make_root(tmp_path / "repo", ECHO, {"a": ("1\n", "1\n")})
    here = tmp_path / "here"
    write(here / "p" / "x.in", "2\n")
    write(here / "p" / "x.out", "2\n")
    write(here / "echo.py", ECHO)
    return root, here, f"{sys.executable} echo.py"


@pytest.mark.parametrize("named", ["./p", "./p/", "p/", os.path.join(".", "p")])
def test_a_path_given_is_the_folder_judged_though_a_problem_has_its_name(tmp_path, named):
    root, here, command = folder_and_problem(tmp_path)
    status, report, err = judged(root, named, "--command", command, cwd=here)
    assert case_verdicts(report) == {"p/x": "AC"} and status == 0, err
    assert report["problems"]["p"]["judge"] is None  # a folder of cases: no Judge: line


def test_a_bare_word_both_a_folder_here_and_a_problem_is_ambiguous(tmp_path):
    root, here, command = folder_and_problem(tmp_path)
    status, report, err = judged(root, "p", "--command", command, cwd=here)
    assert (status, report) == (2, None) and len(err.splitlines()) == 1, err
    assert "./p" in err and "Traceback" not in err


@pytest.mark.parametrize("named", ["p", "./p", "../testcases/p", "solutions/p"])
def test_the_problems_own_folder_or_its_name_is_the_problem(tmp_path, named):
    root, _, _ = folder_and_problem(tmp_path)
    cwd = root if named.startswith("solutions") else root / "testcases"
    status, report, err = judged(root, named, "--command", f"{sys.executable} -c pass", cwd=cwd)
    assert status == 1 and report["problems"]["p"]["judge"] == "Test judge", err
    assert case_verdicts(report) == {"p/a": "WA"}


def test_a_bare_word_that_is_no_folder_here_is_the_problem(tmp_path):
    root, here, command = folder_and_problem(tmp_path)
    (here / "p" / "x.in").unlink()
    (here / "p" / "x.out").unlink()
    (here / "p").rmdir()
    status, report, err = judged(root, "p", "--command", command, cwd=here)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0, err


# ---------------------------------------------------------------- flags a door cannot honour


@pytest.mark.parametrize(
    "args",
    [
        ["--package", "tests/packages/hello", "--command", "true", "--hacks"],
        ["--package", "tests/packages/hello", "--command", "true", "--judge-only"],
        ["--package", "tests/packages/hello", "--submissions", "--hacks"],
        ["--package", "tests/packages/hello", "--submissions", "-k", "sample"],
        ["--package", "tests/packages/hello", "--submissions", "-j", "2"],
    ],
)
def test_a_flag_a_package_door_cannot_honour_is_refused_in_one_line(args):
    status, out, err, _ = judge(ROOT, *args, cwd=ROOT)
    assert (status, out) == (2, "") and len(err.splitlines()) == 1, err
    assert "Traceback" not in err


def test_hacks_with_a_folder_of_cases_is_refused_in_one_line(tmp_path):
    folder = oj_folder(tmp_path)
    status, out, err, _ = judge(
        ROOT_UNUSED, folder.name, "--hacks", "--command", "true", cwd=tmp_path
    )
    assert (status, out) == (2, "") and len(err.splitlines()) == 1, err


# ---------------------------------------------------------------- the plan


def test_a_plan_is_frozen_and_its_profiles_cannot_be_changed(tmp_path, monkeypatch):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    plan, _ = cli.plan_from(["--root", str(root)])
    with pytest.raises(AttributeError):
        plan.jobs = 2
    with pytest.raises(TypeError):
        plan.profiles["p"] = None
    assert plan.sandbox is None and plan.timing is None


def test_a_package_with_no_time_limit_plans_its_accepted_submissions_first():
    package = ["--package", str(ROOT / "tests" / "packages" / "hello"), "--command", "true"]
    plan, _ = cli.plan_from(package)
    timing = plan.timing
    assert [s.label for s in timing.submissions] == ["accepted/hello.py", "accepted/shout.py"]
    assert {case.problem for case in timing.cases} == {"accepted/hello.py", "accepted/shout.py"}
    assert timing.jobs == 1 and timing.timing is None
    plan, _ = cli.plan_from([*package, "--tle", "2"])
    assert plan.timing is None and plan.profiles["hello"].time_limit == 2
