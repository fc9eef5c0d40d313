"""judge/commands.py: a command line given as text made a command, (args, executable), its
program found. In process from tables (--command's words, a checker's CMD, what runs Python);
then --command through the runner, read from its JSON report: a program that is not Python,
run from the folder the runner is called from, with no solution file needed."""

import os
import re
import shlex
import shutil
import sys

import pytest
from runner_util import ECHO, POSIX_ONLY, USING, case_verdicts, judged, make_root, write
from util import usage_error

from judge import commands

UPPER = "#!/bin/sh\n# a port that is not Python\ntr a-z A-Z\n"


@pytest.fixture
def here(tmp_path):
    """A folder holding upper.sh (executable), plain (not executable) and c.py."""
    write(tmp_path / "upper.sh", UPPER)
    (tmp_path / "upper.sh").chmod(0o755)
    write(tmp_path / "plain", "#!/bin/sh\nexit 0\n")
    write(tmp_path / "checkers" / "c.py", "pass\n")
    return tmp_path


@POSIX_ONLY
@pytest.mark.parametrize(
    "text, args, program",
    [
        ("cat", ["cat"], "cat"),
        ("sh 'upper.sh'", ["sh", "upper.sh"], "sh"),
        ("sh -c 'tr a-z A-Z'", ["sh", "-c", "tr a-z A-Z"], "sh"),
        ("./upper.sh", ["./upper.sh"], "./upper.sh"),
        ("  cat  ", ["cat"], "cat"),
    ],
)
def test_a_command_is_split_as_a_shell_would_and_its_program_found(here, text, args, program):
    found = shutil.which(str(here / program) if "/" in program else program)
    assert commands.split_command(text, here) == (args, os.path.abspath(found))


@POSIX_ONLY
@pytest.mark.parametrize(
    "text, why",
    [
        ("", "--command is empty"),
        ("   ", "--command is empty"),
        ("sh 'x", "--command sh 'x: No closing quotation"),
        ("./nothing.sh", "--command ./nothing.sh: no program ./nothing.sh under {here}"),
        (
            "no-such-program-here",
            "--command no-such-program-here: no program no-such-program-here on PATH",
        ),
        ("./plain", "--command ./plain: ./plain is not executable (chmod +x it)"),
    ],
)
def test_a_command_that_cannot_run_is_a_usage_error(here, text, why):
    assert usage_error(commands.split_command, text, here) == why.format(here=here)


@POSIX_ONLY
@pytest.mark.parametrize(
    "text, args, executable",
    [
        ("checkers/c.py", ["{python}", "{here}/checkers/c.py"], "{python}"),
        ("checkers/c.py -v 'a b'", ["{python}", "{here}/checkers/c.py", "-v", "a b"], "{python}"),
        ("./upper.sh x", ["{here}/upper.sh", "x"], "{here}/upper.sh"),
        ("sh -c 'exit 0'", ["{sh}", "-c", "exit 0"], "{sh}"),
    ],
)
def test_a_judging_programs_command_is_found_a_py_file_run_by_this_python(
    here, text, args, executable
):
    names = {"python": sys.executable, "here": here.resolve(), "sh": shutil.which("sh")}
    command = [word.format(**names) for word in args], executable.format(**names)
    assert commands.tool_command(text, here, "the checker") == command


@POSIX_ONLY
@pytest.mark.parametrize(
    "text, why",
    [
        ("", "--checker needs a command"),
        ("none.py", "--checker none.py: no file none.py under {here}"),
        ("./none", "--checker ./none: no program ./none under {here}"),
        ("./plain", "--checker ./plain: ./plain is not executable (chmod +x it)"),
        ("nowhere-at-all", "--checker nowhere-at-all: no program nowhere-at-all on PATH"),
        ("'x", "--checker 'x: No closing quotation"),
    ],
)
def test_a_judging_program_that_cannot_run_is_a_usage_error(here, text, why):
    assert usage_error(commands.tool_command, text, here, "--checker") == why.format(here=here)


@pytest.mark.parametrize(
    "program, python",
    [
        ("python3", True),
        ("python", True),
        ("/usr/bin/python3.11", True),
        ("pypy3", True),
        ("py.exe", True),
        ("C:\\Python38\\python.exe", True),
        ("PYTHON3.EXE", True),
        ("solutions/p.py", True),
        ("cat", False),
        ("./upper.sh", False),
        ("mypython", False),
        ("pythonista", False),
        ("a.out", False),
    ],
)
def test_a_command_runs_python_by_its_programs_name(program, python):
    assert (re.search(commands.PYTHON_PROGRAM, program) is not None) == python
    assert commands.runs_python(([program, "x"], None)) == python
    assert commands.runs_python(([program.upper() + "x", "x"], program)) == python  # the found


@POSIX_ONLY
def test_a_quoted_python_with_a_space_in_its_path_runs_python(tmp_path):
    """The program found decides, not the command's first word cut at a space."""
    python = tmp_path / "my dir" / "python3"
    python.parent.mkdir()
    python.symlink_to(sys.executable)
    command = commands.split_command(f"'{python}' -c pass", tmp_path)
    assert commands.runs_python(command)


# ---------------------------------------------------------------- --command through the runner


@POSIX_ONLY
def test_command_judges_a_program_that_is_not_python(tmp_path, path):
    root = make_root(
        tmp_path, "raise SystemExit(1)\n", {"a": ("ab\n", "AB\n"), "b": ("c\n", "c\n")}
    )
    elsewhere = tmp_path / "elsewhere"  # the folder it is called from: the program's
    write(elsewhere / "upper.sh", UPPER)
    (elsewhere / "upper.sh").chmod(0o755)
    status, report, _ = judged(root, "p", "--command", "./upper.sh", cwd=elsewhere, path=path)
    assert case_verdicts(report) == {"p/a": "AC", "p/b": "WA"} and status == 1
    assert report["command"] == "./upper.sh" and report["python"] is None
    status, report, _ = judged(root, "p", "--command", "sh 'upper.sh'", path=path, cwd=elsewhere)
    assert case_verdicts(report) == {"p/a": "AC", "p/b": "WA"}
    assert report["command"] == "sh 'upper.sh'"


@POSIX_ONLY
def test_command_runs_from_the_folder_it_is_called_from_not_the_root(tmp_path):
    root = make_root(tmp_path / "repo", "", {"a": ("ab\n", "AB\n")})
    (root / "mine.py").write_text("print('from the root')\n")
    mine = tmp_path / "mine.py"
    mine.write_text("import sys\nprint(sys.stdin.read().strip().upper())\n")
    cmd = f"{shlex.quote(sys.executable)} mine.py"
    status, report, _ = judged(root, "p", "--command", cmd, cwd=tmp_path)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0


@POSIX_ONLY
def test_command_needs_no_solution_file(tmp_path):
    root = make_root(tmp_path, "", {"a": ("ab\n", "AB\n")})
    (root / "solutions" / "p.py").unlink()
    (root / "upper.sh").write_text(UPPER)
    status, report, err = judged(root, "testcases/p", "--command", "sh upper.sh", cwd=root)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0
    assert "cannot read solutions/p.py" in err and USING in err
    assert report["problems"]["p"]["judge"] is None


@POSIX_ONLY
def test_a_command_that_cannot_run_is_a_usage_error_of_the_runner(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    status, report, err = judged(root, "p", "--command", "sh 'x")
    assert status == 2 and report is None
    assert err == "runner.py: error: --command sh 'x: No closing quotation\n"
