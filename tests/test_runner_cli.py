"""The command line: usage errors, --command, -j, and files that are not what they seem."""

import json
import os
import re
import shlex
import subprocess
import sys

import pytest
import runner_util
from runner_util import (
    BUSY,
    ECHO,
    POSIX_ONLY,
    PYTHON,
    RUNNER,
    USING,
    judge,
    make_root,
    verdicts,
    write,
)

from judge import cli, problems

path = runner_util.path  # the fixture: both process paths


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
def test_a_relative_python_is_found_from_another_folder(tmp_path):
    root = make_root(tmp_path / "repo", ECHO, {"a": ("1\n", "1\n")})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    wrapper = elsewhere / "mypy"
    wrapper.write_text(f'#!/bin/sh\nexec "{PYTHON}" "$@"\n')
    wrapper.chmod(0o755)
    status, out, err, _ = judge(root, "--python", "./mypy", "--json", "r.json", cwd=elsewhere)
    assert verdicts(out) == {"p/a": "AC"}, out + err
    assert status == 0
    assert json.loads((elsewhere / "r.json").read_text())["python"] == str(wrapper)


@pytest.mark.parametrize("where", ["no/such/folder/r.json", "."])
def test_an_unwritable_json_is_a_usage_error_before_anything_runs(tmp_path, where):
    solution = "open(__file__ + '.ran', 'w').close()\nprint(1)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    status, out, err, _ = judge(root, "--json", str(tmp_path / where))
    assert status == 2 and out == ""
    assert re.fullmatch(r"runner.py: error: --json \S+: cannot write it: .+\n", err)
    assert not (root / "solutions" / "p.py.ran").exists()


def test_a_writable_json_is_not_left_behind_by_a_usage_error(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    status, _, _, _ = judge(root, "--json", str(tmp_path / "r.json"), "-k", "zzz")
    assert status == 2
    assert not (tmp_path / "r.json").exists()


UPPER = "#!/bin/sh\n# a port that is not Python\ntr a-z A-Z\n"


@POSIX_ONLY
def test_command_judges_a_program_that_is_not_python(tmp_path, path):
    root = make_root(
        tmp_path, "raise SystemExit(1)\n", {"a": ("ab\n", "AB\n"), "b": ("c\n", "c\n")}
    )
    elsewhere = tmp_path / "elsewhere"  # the folder it is called from: the program's
    elsewhere.mkdir()
    script = elsewhere / "upper.sh"
    script.write_text(UPPER)
    script.chmod(0o755)
    report = elsewhere / "r.json"
    status, out, _, _ = judge(
        root, "p", "--command", "./upper.sh", "--json", "r.json", cwd=elsewhere, path=path
    )
    assert verdicts(out) == {"p/a": "AC", "p/b": "WA"}
    assert status == 1
    data = json.loads(report.read_text())
    assert data["command"] == "./upper.sh" and data["python"] is None
    status, out, _, _ = judge(root, "p", "--command", "sh 'upper.sh'", path=path, cwd=elsewhere)
    assert verdicts(out) == {"p/a": "AC", "p/b": "WA"}


@POSIX_ONLY
def test_command_runs_from_the_folder_it_is_called_from_not_the_root(tmp_path):
    root = make_root(tmp_path / "repo", "", {"a": ("ab\n", "AB\n")})
    (root / "mine.py").write_text("print('from the root')\n")
    mine = tmp_path / "mine.py"
    mine.write_text("import sys\nprint(sys.stdin.read().strip().upper())\n")
    cmd = f"{shlex.quote(sys.executable)} mine.py"
    status, out, _, _ = judge(root, "p", "--command", cmd, cwd=tmp_path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0


@POSIX_ONLY
def test_command_needs_no_solution_file(tmp_path):
    root = make_root(tmp_path, "", {"a": ("ab\n", "AB\n")})
    (root / "solutions" / "p.py").unlink()
    (root / "upper.sh").write_text(UPPER)
    status, out, err, _ = judge(root, "testcases/p", "--command", "sh upper.sh", cwd=root)
    assert verdicts(out) == {"p/a": "AC"} and status == 0
    assert "cannot read solutions/p.py" in err and USING in err


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


@POSIX_ONLY
def test_fifos_as_in_out_or_json_never_hang_the_runner(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    os.mkfifo(root / "testcases" / "p" / "b.in")
    write(root / "testcases" / "p" / "c.in", "1\n")
    os.mkfifo(root / "testcases" / "p" / "c.out")
    status, out, _, _ = judge(root, timeout=20)
    assert verdicts(out) == {"p/a": "AC", "p/b": "IE", "p/c": "IE"} and status == 1
    assert "b.in is not a regular file" in out and "c.out is not a regular file" in out
    os.mkfifo(tmp_path / "r.json")
    status, out, err, _ = judge(root, "-k", "a", "--json", str(tmp_path / "r.json"), timeout=20)
    assert status == 2 and "not a regular file" in err


def test_more_jobs_than_cpus_are_capped_with_a_warning(tmp_path):
    root = make_root(tmp_path, BUSY, {f"c{i}": ("0.2", "1\n") for i in range(8)})
    status, out, err, _ = judge(root, "--tle", "0.4", "-j", "64")
    assert f"-j 64: only {cli.cpu_count()} CPUs here" in err
    assert set(verdicts(out).values()) == {"AC"} and status == 0


@pytest.mark.parametrize("args", [["--tle", "inf"], ["--mle", "nan"], ["--json", ""]])
def test_a_value_that_would_make_a_bad_report_is_a_usage_error(tmp_path, args):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    status, out, err, _ = judge(root, *args)
    assert status == 2 and out == "" and "Traceback" not in err


@POSIX_ONLY
def test_command_says_which_limit_it_applies_where_languages_differ(tmp_path):
    root = make_root(tmp_path, ECHO, {"judge-a": ("a\n", "a\n")})
    solution = root / "solutions" / "p.py"
    solution.write_text("# Judge: Exam; 2 s; 256 MiB; exact; C/C++ 1 s\n" + ECHO)
    status, _, err, _ = judge(root, "p", "--command", "cat", "--tle", "2")  # --tle: no note
    assert status == 0 and "C/C++" not in err
    command = [PYTHON, str(RUNNER), "--root", str(root), "p", "--command", "cat"]
    done = subprocess.run(command, capture_output=True, encoding="utf-8", timeout=60)
    assert done.returncode == 0
    assert "== p (Exam's C/C++ limit: 1 s CPU, 256 MiB, exact)" in done.stdout, done.stdout
    profile, warning = problems.read_profile(root, "p")
    assert warning is None and profile.other_limit == ("C/C++", 1.0)
    for python in (f"{PYTHON} solutions/p.py", "pypy3 x.py", "solutions/p.py", "py.exe -3 x.py"):
        status, _, err, _ = judge(root, "p", "--command", python, cwd=root)
        assert "C/C++" not in err, python  # the Python limit is the one judged: nothing to add


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
    command = [PYTHON, str(RUNNER), "--root", str(root), "p", "--command", "cat"]
    done = subprocess.run(["sh", "-c", script, "sh", str(gone), *command],
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert (
        done.stderr
        == "runner.py: error: the current folder no longer exists: cd to one that does\n"
    )
