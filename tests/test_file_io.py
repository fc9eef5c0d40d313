"""File I/O problems (judge/fileio.py): a program that reads input.txt and writes output.txt,
as the Judge: line's `; input NAME; output NAME` or --input-file and --output-file say. Each
case runs in a folder of its own; its output file is judged as stdout would be. Asserted
through the runner's JSON report, on a made-up root."""

import os
import sys

import pytest
from runner_util import POSIX_ONLY, case_reasons, case_verdicts, judged, make_root, write
from sandbox_util import needs_sandbox

from judge.problems import line_profile
from tools import companion_payload

FILES = "tokens; input input.txt; output output.txt"
SUM = """\
with open("input.txt") as given:
    numbers = [int(word) for word in given.read().split()]
with open("output.txt", "w") as taken:
    taken.write("%d\\n" % sum(numbers))
"""
CASES = {f"c{n}": (f"{n} {n + 1}\n", f"{2 * n + 1}\n") for n in range(1, 7)}


def own_temp(tmp_path):
    """An environment whose TMPDIR is a new folder of tmp_path: (the environment, the folder)."""
    folder = tmp_path / "temp"
    folder.mkdir()
    return {**os.environ, "TMPDIR": str(folder)}, folder


def run_on(root, *args, **options):
    """The runner on root with args: (its exit status, {case: verdict}, {case: lines}, report)."""
    status, report, err = judged(root, *args, **options)
    assert report is not None, err
    return status, case_verdicts(report), case_reasons(report), report


def test_a_right_program_is_ac_and_a_wrong_one_wa_through_the_files(tmp_path):
    """Cases at once (-j 2) each get their own folder, and none is left behind; solutions/p.py
    and a --command given from here still run from there."""
    root = make_root(tmp_path, SUM, CASES, compare=FILES)
    env, temp = own_temp(tmp_path)
    status, verdicts, _, report = run_on(root, "-j", "2", env=env)
    assert status == 0 and set(verdicts.values()) == {"AC"}, verdicts
    assert list(temp.iterdir()) == [] and not (root / "output.txt").exists()
    write(tmp_path / "wrong.py", SUM.replace("sum(numbers)", "max(numbers)"))
    command = f"{sys.executable} wrong.py"
    status, verdicts, _, _ = run_on(root, "p", "--command", command, env=env, cwd=tmp_path)
    assert status == 1 and set(verdicts.values()) == {"WA"}, verdicts
    assert report["cases"][0]["reason"] == "compared"


def test_only_the_output_a_file_reads_stdin_and_ignores_stdout(tmp_path):
    solution = (
        "import sys\n"
        "numbers = [int(word) for word in sys.stdin.read().split()]\n"
        "open('output.txt', 'w').write('%d\\n' % sum(numbers))\n"
        "print('not the answer')\n"
    )
    root = make_root(tmp_path, solution, CASES, compare="exact; output output.txt")
    status, verdicts, _, _ = run_on(root)
    assert status == 0 and set(verdicts.values()) == {"AC"}, verdicts


def test_only_the_input_a_file_gets_an_empty_stdin_and_is_judged_on_stdout(tmp_path):
    solution = (
        "import sys\n"
        "assert sys.stdin.read() == ''\n"
        "print(sum(int(word) for word in open('in.txt').read().split()))\n"
    )
    root = make_root(tmp_path, solution, CASES, compare="exact; input in.txt")
    status, verdicts, _, _ = run_on(root)
    assert status == 0 and set(verdicts.values()) == {"AC"}, verdicts


# What a program leaves where its output file should be: each is WA, with one line.
LEFT = {
    "nothing": ("pass", "it wrote no output.txt", "output-file-missing"),
    "folder": ("os.mkdir('output.txt')", "its output.txt could not be read: a folder", None),
    "fifo": ("os.mkfifo('output.txt')", "its output.txt could not be read: not a regular", None),
    "link": ("os.symlink(os.path.abspath('input.txt'), 'output.txt')", "a symbolic link", None),
}


@pytest.mark.parametrize("left", sorted(LEFT))
def test_a_program_that_writes_no_output_file_is_wa_with_one_line(tmp_path, left):
    """A FIFO is never waited on (the runner would hang), a link never followed (it could
    point at the answer)."""
    if left in ("fifo", "link") and os.name != "posix":
        pytest.skip("needs POSIX: FIFOs and symbolic links")
    code, line, reason = LEFT[left]
    root = make_root(tmp_path, f"import os\n{code}\n", {"a": ("1 2\n", "1 2\n")}, compare=FILES)
    status, verdicts, reasons, report = run_on(root)
    assert status == 1 and verdicts == {"p/a": "WA"}, (verdicts, reasons)
    assert len(reasons["p/a"]) == 1 and line in reasons["p/a"][0], reasons
    expected = reason or "output-file-unreadable"
    assert report["cases"][0]["reason"] == expected


def test_an_output_file_past_the_output_limit_is_ole(tmp_path):
    solution = "open('output.txt', 'w').write('x' * (2 * 1024 * 1024))\n"
    root = make_root(tmp_path, solution, {"a": ("1\n", "1\n")}, compare=FILES)
    status, verdicts, reasons, _ = run_on(root, "--ole", "1")
    assert status == 1 and verdicts == {"p/a": "OLE"}, reasons
    assert reasons["p/a"] == ["output.txt passed 1 MiB: it was not read"]


@pytest.mark.parametrize("name", ["sub/output.txt", "../output.txt", "/tmp/output.txt", "a b"])
def test_a_file_field_that_is_not_a_plain_name_is_refused(name):
    """As any field that does not read: the line is refused, its defaults used; the same line
    with a plain name reads."""
    line = "Test; 1 s; 64 MiB; exact; input input.txt; output {}"
    profile = line_profile(line.format("output.txt"))
    assert not isinstance(profile, str)
    assert (profile.input_file, profile.output_file) == ("input.txt", "output.txt")
    assert line_profile(line.format(name)) == ""
    assert line_profile("Test; 1 s; 64 MiB; exact; input a.txt; output A.TXT") == ""  # one file


def test_a_judge_line_with_a_folder_in_a_file_field_is_warned_of_and_not_used(tmp_path):
    """p's line names a folder: the defaults, stdin and stdout (no input.txt: RE); q's reads."""
    case = {"a": ("1 2\n", "3\n")}
    root = make_root(tmp_path, SUM, case, compare="exact; input input.txt; output sub/o.txt")
    make_root(root, SUM, case, name="q", compare="exact; input input.txt; output output.txt")
    _, report, err = judged(root)
    assert "solutions/p.py: cannot read 'Judge:" in err and err.count("cannot read") == 1, err
    assert case_verdicts(report) == {"p/a": "RE", "q/a": "AC"}


def test_the_flags_override_the_judge_lines_files(tmp_path):
    solution = SUM.replace("input.txt", "in.txt").replace("output.txt", "out.txt")
    root = make_root(tmp_path, solution, CASES, compare=FILES)
    status, verdicts, _, _ = run_on(root, "--input-file", "in.txt", "--output-file", "out.txt")
    assert status == 0 and set(verdicts.values()) == {"AC"}, verdicts
    status, report, err = judged(root, "--output-file", "../out.txt")
    assert status == 2 and report is None and "is not a plain file name" in err, err


@POSIX_ONLY
def test_a_program_named_from_here_runs_from_the_cases_folder(tmp_path):
    """--command ./prog: its program made absolute, as the input file's folder is not here."""
    write(tmp_path / "prog", "#!/bin/sh\nread a b < input.txt\necho $((a + b)) > output.txt\n")
    (tmp_path / "prog").chmod(0o755)
    root = make_root(tmp_path, SUM, CASES, compare=FILES)
    status, verdicts, _, _ = run_on(root, "p", "--command", "./prog", cwd=tmp_path)
    assert status == 0 and set(verdicts.values()) == {"AC"}, verdicts


def test_under_the_sandbox_the_cases_folder_is_the_one_it_writes(tmp_path):
    needs_sandbox()
    hidden = str(tmp_path / "testcases")  # out of its sight, and its folder writable
    solution = f"import os\nassert not os.path.exists({hidden!r})\n{SUM}"
    root = make_root(tmp_path, solution, CASES, compare=FILES)
    env, temp = own_temp(tmp_path)
    status, verdicts, reasons, _ = run_on(root, "--sandbox", "-j", "2", env=env)
    assert status == 0 and set(verdicts.values()) == {"AC"}, reasons
    assert [path.name for path in temp.iterdir() if path.name.startswith("runner-case")] == []
    write(tmp_path / "none.py", "pass\n")
    command = f"{sys.executable} none.py"
    _, verdicts, reasons, _ = run_on(root, "p", "--sandbox", "--command", command, cwd=tmp_path)
    assert set(verdicts.values()) == {"WA"} and reasons["p/c1"] == ["it wrote no output.txt"]


PAYLOAD = {
    "name": "A. Elevator or Stairs?",
    "group": "Codeforces Beta Round 90",
    "url": "https://codeforces.com/problemset/problem/120/A",
    "interactive": False,
    "timeLimit": 2000,
    "memoryLimit": 256,
    "tests": [{"input": "front\n1\n", "output": "L\n"}],
    "batch": {},
    "input": {"type": "file", "fileName": "input.txt"},
    "output": {"type": "file", "fileName": "output.txt"},
}


@pytest.mark.parametrize(
    "where, files",
    [
        ({}, ("input.txt", "output.txt")),
        ({"input": {"type": "stdin"}}, (None, "output.txt")),
        ({"input": {"type": "regex", "pattern": "in.*"}}, (None, "output.txt")),
        ({"output": {"type": "stdout"}}, ("input.txt", None)),
        ({"output": {"type": "file", "fileName": "../output.txt"}}, ("input.txt", None)),
    ],
)
def test_a_companion_payloads_files_fill_the_judge_line(where, files):
    task = companion_payload.task_of({**PAYLOAD, **where})
    judge_line = companion_payload.header(task, "120A")[1]
    profile = line_profile(judge_line[len("Judge: ") :])
    assert not isinstance(profile, str), judge_line
    assert (profile.input_file, profile.output_file) == files
