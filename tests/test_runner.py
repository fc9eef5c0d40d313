"""runner.py judged on tiny solutions written into a temporary folder."""

import ast
import contextlib
import ctypes
import importlib.util
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import sysconfig
import threading
import time
from pathlib import Path

import pytest
import util
from hypothesis import given
from hypothesis import strategies as st
from util import ROOT

RUNNER = ROOT / "runner.py"
runner = util.runner()  # the module, as the other tests use it
# The interpreter that runs the runner, and so the solutions: RUNNER_PYTHON=pypy3 tries PyPy.
PYTHON = shutil.which(os.environ.get("RUNNER_PYTHON", sys.executable))
LINE = re.compile(
    r"^(\S+) +(\S+/\S+) +(?:\d+|\?) ms CPU +\d+ ms wall +(?:[\d.]+|\?) MiB( slow)?$", re.MULTILINE
)
HEADER = "# Judge: Test judge; 1 s; 1024 MiB; {}\n"
# The two implementations of running a case: "native" is the platform's own (or whatever
# RUNNER_PORTABLE in the environment says), "portable" forces the standard-library-only one.
PATHS = ["native", "portable"]
FORCED = os.environ.get("RUNNER_PORTABLE", "") not in ("", "0")
# What a test needs of the platform, for the workflow's macOS and Windows legs.
POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="needs POSIX: sh, fork, pty or FIFOs")
LINUX_ONLY = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to find processes")


def make_root(tmp_path, solution, cases, name="p", compare="exact"):
    """A root with solutions/NAME.py and testcases/NAME/; cases maps CASE to (in, out).

    The solution opens with a Judge: line comparing as `compare` says, unless that is None.
    """
    (tmp_path / "solutions").mkdir(parents=True, exist_ok=True)
    header = HEADER.format(compare) if compare else ""
    (tmp_path / "solutions" / (name + ".py")).write_text(header + solution)
    folder = tmp_path / "testcases" / name
    folder.mkdir(parents=True, exist_ok=True)
    for case, (stdin, expected) in cases.items():
        write(folder / (case + ".in"), stdin)
        if expected is not None:
            write(folder / (case + ".out"), expected)
    return tmp_path


def write(path, data):
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def judge(root, *args, env=None, timeout=60, path="native", cwd=None):
    """Run the runner on root, with --tle 1 unless args say otherwise.

    Returns the exit status, stdout, stderr and the seconds it took.
    """
    command = [PYTHON, str(RUNNER), "--root", str(root), "--tle", "1", *args]
    start = time.monotonic()
    done = subprocess.run(
        command,
        capture_output=True,
        encoding="utf-8",
        env=path_env(path, env),
        timeout=timeout,
        cwd=cwd,
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def path_env(path, env=None):
    """The environment for a runner taking the given path."""
    env = dict(os.environ if env is None else env)
    if path == "portable":
        env["RUNNER_PORTABLE"] = "1"
    return env


@pytest.fixture(params=PATHS)
def path(request):
    """Run a test on both paths; with RUNNER_PORTABLE=1 set, "native" is portable already."""
    if request.param == "portable" and FORCED:
        pytest.skip("RUNNER_PORTABLE=1 is set: every test takes the portable path already")
    return request.param


def verdicts(stdout):
    return {label: verdict for verdict, label, _ in LINE.findall(stdout)}


def last_line(stdout):
    return stdout.rstrip("\n").split("\n")[-1]


def stat_fields(pid):
    """State, parent and process group of pid from /proc, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[:3]
    except (FileNotFoundError, ProcessLookupError):
        return None


def alive(pid):
    """True while pid runs; a zombie waiting for its parent counts as dead."""
    fields = stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def live_members(pgid):
    """The processes of group pgid that still run."""
    pids = (int(name) for name in os.listdir("/proc") if name.isdigit())
    return [pid for pid in pids if alive(pid) and stat_fields(pid)[2] == str(pgid)]


def gone_soon(pid, seconds=2.0):
    deadline = time.monotonic() + seconds
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


ECHO = "import sys\nsys.stdout.write(sys.stdin.read())\n"


# One test per verdict


def test_accepted(tmp_path, path):
    root = make_root(tmp_path, ECHO, {"a": ("1 2\n", "1 2\n")})
    status, out, err, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "AC"}
    assert last_line(out) == "1 passed, 0 failed"
    assert status == 0 and err == ""


def test_wrong_answer_shows_the_first_difference_a_diff_and_the_input(tmp_path, path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n2 3\n4\n", "1\n2 4\n4\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "WA"}
    assert "first difference at line 2" in out
    assert "expected: 2·4" in out and "got:      2·3" in out
    assert "@@ -1,3 +1,3 @@" in out and "\n      -2·4\n      +2·3\n" in out
    assert "input:\n      1\n      2 3\n      4\n" in out
    assert last_line(out) == "0 passed, 1 failed"
    assert status == 1


def test_runtime_error_by_an_exception_shows_stderr(tmp_path, path):
    root = make_root(tmp_path, "print(1)\n1 / 0\n", {"a": ("", "1\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "RE"}
    assert "exit status 1" in out and "ZeroDivisionError: division by zero" in out
    assert status == 1


@POSIX_ONLY
def test_runtime_error_by_a_signal(tmp_path, path):
    solution = "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "RE"}
    assert f"killed by signal {int(signal.SIGSEGV)} (SIGSEGV)" in out
    assert status == 1


BUSY = """\
import sys, time
seconds = float(sys.stdin.read())
start = time.process_time()
while time.process_time() - start < seconds:
    pass
print(1)
"""


def test_time_limit_by_cpu_time(tmp_path, path):
    """Stopped by its CPU time, not by the wall backstop. Where the kernel does not say how
    long a case waited for a CPU (not Linux), a machine so busy that the case had under 1/3
    of a CPU for 1.5 s fires the backstop first, and the case is run again."""
    root = make_root(tmp_path, BUSY, {"a": ("30", "1\n")})
    fired = []
    for _ in range(1 if sys.platform == "linux" else 3):
        status, out, _, took = judge(root, "--tle", "0.5", path=path)
        assert verdicts(out) == {"p/a": "TLE"}
        assert status == 1 and took < 20  # killed, however busy the machine
        by_cpu = re.search(r"CPU time ([\d.]+) s, over the 0.5 s limit", out)
        fired.append("cpu" if by_cpu else "backstop")
        if by_cpu:
            assert 0.5 <= float(by_cpu.group(1)) < 1.5  # shown to 0.01 s: 0.503 is "0.50"
            break
        assert "wall time passed the 1.5 s backstop" in out
    assert fired[-1] == "cpu", f"the CPU-time kill never fired: {fired}"


@pytest.mark.parametrize(
    "cpu, wall, timed_out, verdict",
    [
        (0.4, 0.5, False, "AC"),
        (0.6, 0.7, False, "TLE"),  # over the limit in CPU time
        (0.1, 1.4, False, "AC"),  # slow in wall time only: waiting, or a busy machine
        (0.1, 1.5, True, "TLE"),  # killed at the wall-time backstop
        (None, 0.4, False, "AC"),  # CPU time not measured: the wall time is judged
        (None, 0.6, False, "TLE"),
    ],
)
def test_time_limit_is_judged_on_cpu_time_with_a_wall_backstop(cpu, wall, timed_out, verdict):
    run = runner.Run(b"1\n", b"", 0, wall, cpu, 10.0, timed_out, False)
    profile = runner.Profile("X", 0.5, 256, "exact")
    assert runner.verdict_of(run, b"1\n", profile) == verdict


def test_time_limit_by_a_sleep_is_the_wall_time_backstop(tmp_path, path):
    root = make_root(tmp_path, "import time\ntime.sleep(30)\n", {"a": ("", "1\n")})
    status, out, _, took = judge(root, "--tle", "0.3", path=path)
    assert verdicts(out) == {"p/a": "TLE"}
    assert "wall time passed the 0.9 s backstop (3x the limit) with only 0." in out
    wall = int(re.search(r"^TLE p/a +\d+ ms CPU +(\d+) ms wall", out, re.M).group(1))
    assert status == 1 and 900 <= wall < 1500 and took > 0.9


def test_sleeping_past_the_limit_is_not_cpu_time(tmp_path, path):
    """A 0.6 s sleep under a 0.5 s limit is AC: sleeping is not CPU time. That the case did
    sleep past the limit is read from the run's own length: the wall column leaves out time
    the runner itself did not run, so on a busy machine it may show a little under 0.6 s."""
    solution = "import time\ntime.sleep(0.6)\nprint(1)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    status, out, _, took = judge(root, "--tle", "0.5", path=path)
    cpu = int(re.search(r"^AC  p/a +(\d+) ms CPU +\d+ ms wall", out, re.M).group(1))
    assert cpu < 500 and took >= 0.6
    assert status == 0


SPAWNER = """\
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
with open(os.path.join(os.path.dirname(__file__), os.pardir, "pids"), "w") as pids:
    pids.write(f"{os.getpid()} {child.pid}")
print("started", flush=True)
if sys.stdin.read().strip() == "wait":
    time.sleep(30)
"""


@LINUX_ONLY
@pytest.mark.parametrize("parent", ["wait", "exit"])
def test_time_limit_by_a_child_keeping_stdout_open(tmp_path, parent, path):
    root = make_root(tmp_path, SPAWNER, {"a": (parent, "started\n")})
    status, out, _, took = judge(root, "--tle", "0.3", path=path)
    assert verdicts(out) == {"p/a": "TLE"}
    assert status == 1 and took < 10  # not the child's 30 s
    parent_pid, child_pid = map(int, (root / "pids").read_text().split())
    assert gone_soon(child_pid) and not alive(parent_pid)
    assert live_members(parent_pid) == []  # the case's process group is empty


@pytest.mark.parametrize("then", ["", "raise SystemExit(3)\n"])
def test_memory_limit_comes_before_runtime_error(tmp_path, then, path):
    solution = "data = b'x' * (200 << 20)\nprint(len(data))\n" + then
    root = make_root(tmp_path, solution, {"a": ("", f"{200 << 20}\n")})
    status, out, _, _ = judge(root, "--mle", "100", "--tle", "5", path=path)
    assert verdicts(out) == {"p/a": "MLE"}
    peak = float(re.search(r"peak memory ([\d.]+) MiB, over the 100 MiB limit", out).group(1))
    assert 200 <= peak < 700  # PyPy builds the bytes with a copy: 450 MiB at its peak
    assert status == 1


def test_output_limit_stops_an_endless_print(tmp_path, path):
    root = make_root(tmp_path, "while True:\n    print('x' * 99)\n", {"a": ("", "x\n")})
    status, out, _, took = judge(root, "--ole", "1", "--tle", "10", path=path)
    assert verdicts(out) == {"p/a": "OLE"}
    assert "output passed 1 MiB" in out
    assert status == 1 and took < 5


def test_a_case_without_out_runs_and_is_not_a_failure(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", None), "b": ("2\n", "2\n")})
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "--", "p/b": "AC"}
    assert "1 not checked (no .out)" in out
    assert last_line(out) == "1 passed, 0 failed"
    assert status == 0


def test_a_case_without_out_still_fails_on_a_crash(tmp_path):
    root = make_root(tmp_path, "raise SystemExit(1)\n", {"a": ("1\n", None)})
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "RE"}
    assert status == 1


def test_non_utf8_output_is_shown_with_escapes(tmp_path):
    solution = "import sys\nsys.stdout.buffer.write(b'\\xff\\xfe ok\\n')\n"
    root = make_root(tmp_path, solution, {"a": ("", "ok\n"), "b": ("", b"\xff\xfe ok\n")})
    status, out, err, _ = judge(root)
    assert verdicts(out) == {"p/a": "WA", "p/b": "AC"}
    assert "got:      \\xff\\xfe·ok" in out
    assert "Traceback" not in out + err
    assert status == 1


def test_crlf_out_matches_lf_output(tmp_path):
    root = make_root(tmp_path, "print(1)\nprint(2)\n", {"a": ("", "1\r\n2\r\n")})
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "AC"}
    assert status == 0


def test_empty_output_matches_empty_out(tmp_path):
    root = make_root(tmp_path, "", {"a": ("", "")})
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "AC"}
    assert status == 0


def test_presentation_error_under_jutge_and_wrong_answer_under_exact(tmp_path, path):
    cases = {"space": ("1  2\n", "1 2\n"), "case": ("Yes\n", "YES\n"), "glued": ("12\n", "1 2\n")}
    root = make_root(tmp_path, ECHO, cases, compare="jutge")
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/case": "PE", "p/glued": "WA", "p/space": "PE"}
    assert "presentation error: equal once runs of whitespace are one space" in out
    assert status == 1
    status, out, _, _ = judge(root, "--compare", "exact", path=path)
    assert verdicts(out) == {"p/case": "WA", "p/glued": "WA", "p/space": "WA"}
    assert "only whitespace differs, and this judge counts that as a wrong answer" in out
    assert "only letter case or whitespace differs: Jutge.org would say PE" in out


def test_an_invalid_character_under_jutge(tmp_path):
    solution = "import sys\nsys.stdout.buffer.write(b'ok\\n\\tno\\x07\\n')\n"
    root = make_root(tmp_path, solution, {"a": ("", "ok\nno\n")}, compare="jutge")
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "IC"}
    assert "invalid character: byte 0x07 at line 2, column 4; Jutge.org accepts" in out
    assert "== p (Test judge: 1 s CPU, 1024 MiB, jutge): 0 passed, 1 failed (1 IC)" in out
    assert status == 1


def test_a_missing_final_newline_is_said_in_words(tmp_path):
    root = make_root(tmp_path, "print(1, end='')\n", {"a": ("", "1\n")})
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "WA"} and status == 1
    assert "expected: 1\n" in out and "got:      1  (no final newline)\n" in out


@POSIX_ONLY
def test_an_unreadable_input_is_an_internal_error_not_a_crash(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    (root / "testcases" / "p" / "b.in").mkdir()
    status, out, err, _ = judge(root)
    assert verdicts(out) == {"p/a": "AC", "p/b": "IE"}
    assert "could not run: [Errno 21] Is a directory" in out
    assert "Traceback" not in out + err
    assert status == 1


def test_a_passing_case_over_half_the_cpu_limit_is_slow(tmp_path):
    root = make_root(tmp_path, BUSY, {"busy": ("0.6", "1\n"), "quick": ("0", "1\n")})
    status, out, _, _ = judge(root, "--tle", "1")
    assert re.findall(r"^AC  p/\w+ .*MiB( slow)?$", out, re.MULTILINE) == [" slow", ""]
    assert status == 0


def test_huge_outputs_are_cut(tmp_path):
    solution = "for i in range(20000):\n    print('y' * 1000)\n"
    root = make_root(tmp_path, solution, {"a": ("", "x\n" * 20000)})
    status, out, _, _ = judge(root, "--tle", "5")
    assert verdicts(out) == {"p/a": "WA"} and status == 1
    assert "(900 more characters)" in out and "... (cut after line 8)" in out
    assert len(out) < 10000


# Command line


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
        (["p", "--tle", "0"], "must be positive: 0"),
    ]:
        status, out, err, _ = judge(root, *args)
        assert status == 2, args
        assert message in err, args
        assert out == ""
        assert "Traceback" not in err


def test_a_problem_folder_without_inputs_is_a_usage_error_when_named(tmp_path):
    root = make_root(tmp_path, ECHO, {})
    status, _, err, _ = judge(root, "p")
    assert status == 2
    assert "problem 'p' has no testcases in testcases/p/" in err
    status, _, err, _ = judge(root)
    assert status == 2
    assert "no problem under " + str(root) + " has both solutions/NAME.py and testcases" in err


def test_half_added_problems_are_skipped_with_a_warning(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    make_root(tmp_path, ECHO, {}, name="empty")
    (root / "solutions" / "scratch.py").write_text("print('scratch')\n")
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="orphan")
    (root / "solutions" / "orphan.py").unlink()
    status, out, err, _ = judge(root)
    assert verdicts(out) == {"p/a": "AC"}
    assert last_line(out) == "1 passed, 0 failed"
    assert status == 0
    assert err.splitlines() == [
        "runner.py: warning: problem 'empty' has no testcases in testcases/empty/: skipped",
        "runner.py: warning: problem 'orphan' has no solutions/orphan.py: skipped",
        "runner.py: warning: problem 'scratch' has no testcases/scratch/ folder: skipped",
    ]
    for name in ["empty", "scratch", "orphan"]:  # named, each is an error
        status, out, err, _ = judge(root, "p", name)
        assert status == 2 and out == "" and "Traceback" not in err


@pytest.mark.parametrize("name", ["p.py", "solutions/p.py", "testcases/p", "testcases/p/"])
def test_a_problem_can_be_named_by_its_files(tmp_path, name):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="q")
    status, out, _, _ = judge(root, name)
    assert verdicts(out) == {"p/a": "AC"}
    assert status == 0


def test_an_unknown_problem_lists_the_known_ones(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="conecta4")
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="vertical_four")
    status, out, err, _ = judge(root, "conecta")
    assert status == 2 and out == ""
    assert err == (
        "runner.py: error: unknown problem 'conecta'; the problems are: conecta4, vertical_four\n"
    )


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


@POSIX_ONLY
def test_a_closed_stdout_ends_quietly(tmp_path, path):
    solution = "import time\ntime.sleep(0.05)\nprint(1)\n"
    root = make_root(tmp_path, solution, {f"c{i}": ("", "1\n") for i in range(20)})
    runner = shlex.join([PYTHON, str(RUNNER), "--root", str(root), "-j", "1"])
    script = f"{runner} 2>err | head -2; echo ${{PIPESTATUS[0]}} >status"
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, capture_output=True, env=path_env(path), timeout=60
    )
    assert done.stdout.decode().splitlines()[0].startswith("AC  p/c0")
    assert (tmp_path / "err").read_text() == ""
    assert (tmp_path / "status").read_text() == "141\n"


def test_a_stray_out_is_a_warning_naming_the_file_and_the_rest_runs(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    (root / "testcases" / "p" / "b.out").write_text("2\n")
    status, out, err, _ = judge(root)
    assert err == "runner.py: warning: testcases/p/b.out has no b.in beside it\n"
    assert verdicts(out) == {"p/a": "AC"} and status == 0


def test_problems_and_k_filter_the_cases(tmp_path):
    make_root(tmp_path, ECHO, {"one": ("1\n", "1\n"), "two": ("2\n", "2\n")}, name="p")
    make_root(tmp_path, ECHO, {"one": ("1\n", "1\n"), "three": ("3\n", "3\n")}, name="q")
    _, out, _, _ = judge(tmp_path)
    assert list(verdicts(out)) == ["p/one", "p/two", "q/one", "q/three"]
    _, out, _, _ = judge(tmp_path, "q")
    assert list(verdicts(out)) == ["q/one", "q/three"]
    _, out, _, _ = judge(tmp_path, "-k", "t")
    assert list(verdicts(out)) == ["p/two", "q/three"]
    _, out, _, _ = judge(tmp_path, "p", "-k", "on")
    assert list(verdicts(out)) == ["p/one"]


def test_cases_run_in_natural_order(tmp_path):
    names = ["sample-10", "sample-2", "sample-1", "big", "sample-1b"]
    root = make_root(tmp_path, ECHO, {name: ("1\n", "1\n") for name in names})
    _, out, _, _ = judge(root)
    expected = ["big", "sample-1", "sample-1b", "sample-2", "sample-10"]
    assert list(verdicts(out)) == ["p/" + name for name in expected]


def test_parallel_runs_print_in_case_order(tmp_path):
    solution = "import sys, time\ntime.sleep(float(sys.stdin.read()))\nprint('ok')\n"
    delays = {"case-1": "0.9", "case-2": "0.6", "case-3": "0.3", "case-4": "0"}
    root = make_root(tmp_path, solution, {c: (d, "ok\n") for c, d in delays.items()})
    status, out, _, took = judge(root, "-j", "4", "--tle", "2")
    assert list(verdicts(out)) == ["p/" + case for case in delays]
    assert status == 0 and took < 2.5  # in parallel: far less than the 1.8 s of sleeps in a row


def test_loose_ignores_trailing_spaces_and_trailing_empty_lines(tmp_path):
    cases = {
        "spaces": ("a \nb\t\n", "a\nb\n"),
        "lines": ("a\n\n\n", "a\n"),
        "no-newline": ("a", "a\n"),
        "inner": ("a  b\n", "a b\n"),
        "wrong": ("a \n", "b\n"),
    }
    root = make_root(tmp_path, ECHO, cases)
    _, out, _, _ = judge(root)
    assert set(verdicts(out).values()) == {"WA"}
    _, out, _, _ = judge(root, "--loose")
    assert verdicts(out) == {
        "p/inner": "WA",
        "p/lines": "AC",
        "p/no-newline": "AC",
        "p/spaces": "AC",
        "p/wrong": "WA",
    }


def test_tokens_compares_tokens_only(tmp_path):
    cases = {"same": ("1  2\n\n3", "1 2\n3\n"), "other": ("1 2 4\n", "1 2 3\n")}
    root = make_root(tmp_path, ECHO, cases)
    status, out, _, _ = judge(root, "--tokens")
    assert verdicts(out) == {"p/same": "AC", "p/other": "WA"}
    assert "first difference at token 3" in out
    assert "expected: 3" in out and "got:      4" in out
    assert status == 1


def test_json_file_has_every_case(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("1\n", "2\n"), "c": ("1\n", None)})
    report = tmp_path / "report.json"
    status, _, _, _ = judge(root, "--json", str(report))
    assert status == 1  # the WA
    data = json.loads(report.read_text())
    assert [(c["problem"], c["case"], c["verdict"]) for c in data["cases"]] == [
        ("p", "a", "AC"),
        ("p", "b", "WA"),
        ("p", "c", "--"),
    ]
    for case in data["cases"]:
        assert 0 < case["cpu_ms"] <= case["wall_ms"] + 20 and case["wall_ms"] < 1000
        assert 1 < case["peak_mib"] < 200
        assert case["slow"] is False
    assert data["python"] == PYTHON and data["command"] is None
    assert data["problems"] == {
        "p": {
            "judge": "Test judge",
            "time_limit_s": 1,
            "memory_limit_mib": 1024,
            "compare": "exact",
            "other_limit": None,
        }
    }


def test_summary_line_per_problem(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("1\n", "2\n"), "c": ("1\n", None)})
    _, out, _, _ = judge(root)
    assert re.search(
        r"^== p \(Test judge: 1 s CPU, 1024 MiB, exact\): 1 passed, 1 failed \(1 WA\), "
        r"1 not checked \(no .out\); no judge cases, extended 2 of 3 passed; "
        r"slowest \d+ ms CPU, \d+ ms wall, peak [\d.]+ MiB$",
        out,
        re.MULTILINE,
    )


@POSIX_ONLY
def test_colour_only_on_a_terminal_and_never_with_no_color(tmp_path):
    import pty

    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    command = [PYTHON, str(RUNNER), "--root", str(root)]
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    for extra, coloured in [({}, True), ({"NO_COLOR": "1"}, False)]:
        leader, follower = pty.openpty()
        subprocess.run(command, stdout=follower, env={**env, **extra}, timeout=30)
        os.close(follower)
        shown = os.read(leader, 65536).decode()
        os.close(leader)
        assert ("\033[32mAC \033[0m" in shown) is coloured
        assert "passed, 0 failed" in shown
    _, out, _, _ = judge(root, env=env)
    assert "\033[" not in out


def started(command, path):
    """The runner started in the background with its output piped, to be signalled. A suite
    started in the background (`cmd &` in a script) inherits SIGINT and SIGQUIT ignored, and
    under `nohup` SIGHUP too; the runner rightly keeps them so: this runner gets the
    defaults, as from a terminal."""
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=path_env(path),
        preexec_fn=signals_as_from_a_terminal,
    )


def signals_as_from_a_terminal():
    for number in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


@LINUX_ONLY
def test_ctrl_c_stops_everything(tmp_path, path):
    root = make_root(tmp_path, SPAWNER, {"a": ("wait", "started\n"), "b": ("wait", "x\n")})
    command = [PYTHON, str(RUNNER), "--root", str(root), "--tle", "30", "-j", "1"]
    judging = started(command, path)
    pids = root / "pids"
    deadline = time.monotonic() + 10
    while not (pids.exists() and len(pids.read_text().split()) == 2):
        assert time.monotonic() < deadline, "the solution never started"
        time.sleep(0.05)
    judging.send_signal(signal.SIGINT)
    _, err = judging.communicate(timeout=5)
    assert judging.returncode == 130
    assert b"interrupted" in err and b"Traceback" not in err
    for pid in map(int, pids.read_text().split()):
        assert gone_soon(pid)


# The pure parts


def test_natural_key():
    names = ["a10", "a9", "b", "a", "a9x", "10", "9"]
    assert sorted(names, key=runner.natural_key) == ["9", "10", "a", "a9", "a9x", "a10", "b"]


@pytest.mark.parametrize(
    "expected, got, mode, verdict",
    [
        (b"1\n", b"1\n", "exact", "AC"),
        (b"1\r\n", b"1\n", "exact", "AC"),
        (b"1\n", b"1\r\n", "exact", "AC"),
        (b"1\n", b"1", "exact", "WA"),
        (b"1\n", b"1 \n", "exact", "WA"),
        (b"1\n", b"1 \n\n", "loose", "AC"),
        (b"1 2\n", b"1\t2\n", "loose", "WA"),
        (b"1 2\n", b"1\n2", "tokens", "AC"),
        (b"7,red\n", b"7, red\n", "exact", "WA"),
        (b"12\n", b"1 2\n", "tokens", "WA"),
        (b"1\n", b"2\n", "exact", "WA"),
        (b"", b"", "exact", "AC"),
        (b"", b"\n", "exact", "WA"),
        (b"yes\n", b"YES\n", "exact", "WA"),
        # Jutge.org: identical bytes, else IC, else PE after normalizing, else WA
        (b"1 2\n", b"1 2\n", "jutge", "AC"),
        (b"1 2\n", b"1 2\r\n", "jutge", "PE"),
        (b"1 2\n", b"1 2", "jutge", "PE"),
        (b"1 2\n", b"  1\t\t2 \n\n\n", "jutge", "PE"),
        (b"yes\n", b"YES\n", "jutge", "PE"),
        (b"|1 0|\n", b"|1  0|\n", "jutge", "PE"),
        (b"12\n", b"1 2\n", "jutge", "WA"),
        (b"1 2\n", b"1 3\n", "jutge", "WA"),
        (b"\xc3\xa9\n", b"\xc3\xa9\n", "jutge", "AC"),
        (b"e\n", b"\xc3\xa9\n", "jutge", "IC"),
        (b"1 2\n", b"1\x0b2\n", "jutge", "IC"),
        (b"1 2\n", b"1\x002\n", "jutge", "IC"),
        (b"", b"", "jutge", "AC"),
        (b"", b"\n", "jutge", "PE"),
    ],
)
def test_compare(expected, got, mode, verdict):
    assert runner.compare(expected, got, mode) == verdict


def test_hunk_headers_count_from_line_one():
    assert runner.shift_hunk("@@ -1,4 +1,5 @@", 99) == "@@ -100,4 +100,5 @@"
    assert runner.shift_hunk("@@ -3 +3,0 @@", 10) == "@@ -13 +13,0 @@"


def is_standard_library(name):
    if sys.version_info >= (3, 10):
        return name in sys.stdlib_module_names
    spec = importlib.util.find_spec(name)  # before 3.10: where the module comes from
    if spec is None:
        return False
    if spec.origin is None:  # sys, for one, has no file
        return name in sys.builtin_module_names
    if spec.origin in ("built-in", "frozen"):
        return True
    origin = os.path.realpath(spec.origin)
    stdlib = os.path.realpath(sysconfig.get_paths()["stdlib"])
    return origin.startswith(stdlib + os.sep) and "site-packages" not in origin


def imported_modules(source):
    """The top-level name of every module the source imports, at any depth of the code."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_the_runner_is_one_standard_library_file():
    imports = imported_modules(RUNNER.read_text(encoding="utf-8"))
    assert [name for name in sorted(imports) if not is_standard_library(name)] == []
    assert not is_standard_library("pytest")
    broken = "def f():\n    import numpy\n    from hypothesis import given\n"
    assert {"numpy", "hypothesis"} <= imported_modules(broken)  # an indented import counts


def test_the_difference_is_found_far_into_a_long_output():
    want = b"".join(b"%d\n" % i for i in range(100000))
    have = want.replace(b"\n50000\n", b"\noops\n")
    details = runner.mismatch("WA", have, want, "exact")
    assert details[:3] == [
        "first difference at line 50001",
        "  expected: 50000",
        "  got:      oops",
    ]
    assert details[6] == "  @@ -49999,5 +49999,5 @@"
    assert details[-1] == "  ... (cut after line 50006)"


def slow_common_prefix(a, b):
    size = 0
    while size < min(len(a), len(b)) and a[size] == b[size]:
        size += 1
    return size


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_common_prefix(a, b):
    common = slow_common_prefix(a, b)
    assert runner.common_prefix(a, b) == common
    assert runner.common_prefix(a * 1000, a * 999 + b) == 999 * len(a) + common


@given(
    st.binary(max_size=200)
    | st.lists(st.sampled_from([b"a", b" ", b"\t", b"\n", b"\r\n"])).map(b"".join)
)
def test_tokens_are_joined_by_single_spaces(data):
    assert runner.tokens(data) == b" ".join(data.split())


@pytest.mark.parametrize(
    "code, text",
    [
        (1, "exit status 1"),
        (-9, "killed by signal 9 (SIGKILL)"),
        (3221225725, "exit status 3221225725 (0xc00000fd)"),  # a stack overflow on Windows
    ],
)
def test_exit_description(code, text):
    assert runner.exit_description(code) == text


# winnt.h's layouts for 64-bit Windows (the x64 ABI: 8-byte LARGE_INTEGER, SIZE_T, ULONG_PTR
# and IO_COUNTERS' ULONGLONGs aligned at 8, DWORDs at 4): every field's offset, then the size.
ACCOUNTING_X64 = [
    ("TotalUserTime", 0),
    ("TotalKernelTime", 8),
    ("ThisPeriodTotalUserTime", 16),
    ("ThisPeriodTotalKernelTime", 24),
    ("TotalPageFaultCount", 32),
    ("TotalProcesses", 36),
    ("ActiveProcesses", 40),
    ("TotalTerminatedProcesses", 44),
]
EXTENDED_LIMITS_X64 = [
    ("PerProcessUserTimeLimit", 0),
    ("PerJobUserTimeLimit", 8),
    ("LimitFlags", 16),
    ("MinimumWorkingSetSize", 24),
    ("MaximumWorkingSetSize", 32),
    ("ActiveProcessLimit", 40),
    ("Affinity", 48),
    ("PriorityClass", 56),
    ("SchedulingClass", 60),
    ("IoInfo", 64),  # IO_COUNTERS: six ULONGLONGs, 48 bytes
    ("ProcessMemoryLimit", 112),
    ("JobMemoryLimit", 120),
    ("PeakProcessMemoryUsed", 128),
    ("PeakJobMemoryUsed", 136),
]


@pytest.mark.skipif(ctypes.sizeof(ctypes.c_void_p) != 8, reason="sizes are winnt.h's for 64 bits")
def test_the_job_object_structures_have_the_windows_layout():
    accounting, limits = runner.job_structures(ctypes)
    for structure, layout, size in [
        (accounting, ACCOUNTING_X64, 48),
        (limits, EXTENDED_LIMITS_X64, 144),
    ]:
        assert [(name, getattr(structure, name).offset) for name, _ in layout] == layout
        assert [name for name, _ in structure._fields_] == [name for name, _ in layout]
        assert ctypes.sizeof(structure) == size
    assert limits.IoInfo.size == 48


@POSIX_ONLY
def test_without_a_job_object_taskkill_is_used_and_nothing_is_measured(monkeypatch):
    """Here, where Windows refuses a Job Object (ctypes has no WinDLL), the Windows tree
    falls back on taskkill /T /F and then kills the child itself."""
    asked = []
    monkeypatch.setattr(runner.subprocess, "run", lambda command, **options: asked.append(command))
    sleeper = ([sys.executable, "-c", "import time; time.sleep(30)"], None)
    tree = runner.WindowsTree(sleeper, subprocess.DEVNULL, ROOT)
    try:
        assert tree.job is None and not tree.measures
        assert tree.usage_now() == (None, None) and not tree.exited()
        tree.kill()
        assert asked == [["taskkill", "/T", "/F", "/PID", str(tree.child.pid)]]
        assert tree.finish() == (-signal.SIGKILL, None, None, None)
    finally:
        tree.child.kill()
        tree.child.wait()
        tree.child.stdout.close()
        tree.child.stderr.close()


@POSIX_ONLY
def test_without_a_memory_reading_mle_is_not_judged_and_the_report_says_so(
    tmp_path, monkeypatch, capsys
):
    solution = "data = b'x' * (200 << 20)\nprint(len(data))\n"
    root = make_root(tmp_path, solution, {"a": ("", f"{200 << 20}\n")})
    monkeypatch.setattr(runner, "PORTABLE", True)
    monkeypatch.setattr(runner, "WAIT4", None)  # a platform with neither wait4 nor a Job Object
    handler = signal.getsignal(signal.SIGTERM)
    try:
        status = runner.main(
            ["--root", str(root), "--mle", "100", "--tle", "10", "--python", PYTHON]
        )
    finally:
        signal.signal(signal.SIGTERM, handler)
    out = capsys.readouterr().out
    assert verdicts(out) == {"p/a": "AC"}
    assert re.search(r"^AC  p/a +\? ms CPU +\d+ ms wall +\? MiB$", out, re.MULTILINE)
    assert "; CPU time not measured here: TLE judged by wall time" in out
    assert "; memory not measured here: MLE not judged" in out
    assert status == 0


# Judge profiles


@pytest.mark.parametrize(
    "text, profile",
    [
        (
            '"""\nJudge: AtCoder arc012_3; 2 s; 1024 MiB; exact\n"""\n',
            ("AtCoder arc012_3", 2, 1024, "exact"),
        ),
        (
            "# Judge:  Jutge.org P32786 ;0.5 s;256MiB;  jutge  \n",
            ("Jutge.org P32786", 0.5, 256, "jutge"),
        ),
        ("// Judge: Codeforces 4A; 1 s; 64 MiB; tokens\n", ("Codeforces 4A", 1, 64, "tokens")),
    ],
)
def test_a_judge_line_is_read(tmp_path, text, profile):
    make_root(tmp_path, text, {}, compare=None)
    assert runner.read_profile(tmp_path, "p") == (runner.Profile(*profile), None)


USING = ": using 2 s, 1024 MiB, exact"


@pytest.mark.parametrize(
    "text, warning",
    [
        (
            "print(1)\n",
            "solutions/p.py has no 'Judge: NAME; N s; M MiB; exact|jutge|tokens|loose' line",
        ),
        (
            "Judge: X; 2 s; 1 GiB; exact\n",
            "solutions/p.py: cannot read 'Judge: X; 2 s; 1 GiB; exact'",
        ),
        (
            "Judge: X; 2 s; 256 MiB; fuzzy\n",
            "solutions/p.py: cannot read 'Judge: X; 2 s; 256 MiB; fuzzy'",
        ),
        (
            "Judge: X; 0 s; 256 MiB; exact\n",
            "solutions/p.py: cannot read 'Judge: X; 0 s; 256 MiB; exact'",
        ),
        (
            "Judge: 2 s; 256 MiB; exact\n",
            "solutions/p.py: cannot read 'Judge: 2 s; 256 MiB; exact'",
        ),
        ("Judge:\n", "solutions/p.py: cannot read 'Judge: '"),
        ("Judge: a; b; 1 s; 64 MiB; exact\n", "solutions/p.py: cannot read 'Judge: a; b; 1 s"),
        ("x = 1\n" * 2000 + "# Judge: X; 1 s; 1 MiB; exact\n", "solutions/p.py has no 'Judge: "),
    ],
)
def test_a_missing_or_malformed_judge_line_gives_the_defaults_and_a_warning(
    tmp_path, text, warning
):
    make_root(tmp_path, text, {}, compare=None)
    profile, said = runner.read_profile(tmp_path, "p")
    assert profile == runner.DEFAULT_PROFILE
    assert said.startswith(warning) and said.endswith(USING)


def test_the_profile_is_used_shown_and_overridden_by_flags(tmp_path):
    solution = '"""\nJudge: Slow judge; 0.3 s; 64 MiB; jutge\n"""\n' + BUSY
    make_root(tmp_path, solution, {"a": ("0.5", "1\n")}, compare=None)
    make_root(tmp_path, BUSY, {"a": ("0", "1\n")}, name="q", compare=None)
    status, out, err, _ = runner_on(tmp_path)
    assert verdicts(out) == {"p/a": "TLE", "q/a": "AC"}
    assert "== p (Slow judge: 0.3 s CPU, 64 MiB, jutge): 0 passed, 1 failed (1 TLE)" in out
    assert "== q (no Judge: line: 2 s CPU, 1024 MiB, exact): 1 passed, 0 failed" in out
    assert err == f"runner.py: warning: solutions/q.py has no '{runner.JUDGE_FORMAT}' line{USING}\n"
    assert status == 1
    status, out, _, _ = runner_on(tmp_path, "p", "--tle", "2", "--mle", "512", "--tokens")
    assert "== p (Slow judge: 2 s CPU, 512 MiB, tokens): 1 passed, 0 failed" in out
    assert status == 0


def runner_on(root, *args, **options):
    """The runner on root with no --tle of its own, so that the Judge: lines rule."""
    command = [PYTHON, str(RUNNER), "--root", str(root), *args]
    start = time.monotonic()
    done = subprocess.run(command, capture_output=True, encoding="utf-8", timeout=60, **options)
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def test_the_repository_passes_with_the_four_judge_profiles(tmp_path):
    report = tmp_path / "report.json"
    status, out, err, _ = runner_on(ROOT, "--json", str(report))
    data = json.loads(report.read_text())
    assert status == 0 and err == "", out[-2000:] + err
    assert data["failed"] == 0 and {case["verdict"] for case in data["cases"]} == {"AC"}
    assert all(case["cpu_ms"] > 0 for case in data["cases"])
    for name, profile in data["problems"].items():
        header = (ROOT / "solutions" / (name + ".py")).read_text(encoding="utf-8")
        line = f"Judge: {profile['judge']}; {profile['time_limit_s']:g} s; "
        line += f"{profile['memory_limit_mib']:g} MiB; {profile['compare']}"
        if profile["other_limit"]:
            line += "; {} {:g} s".format(*profile["other_limit"])
        line += "\n"
        assert line in header
    assert data["problems"]["conecta4"]["compare"] == "jutge"
    assert sorted(data["problems"]) == runner.find_problems(ROOT, [])[0]  # as the runner finds them


# --command


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


# Nothing outlives the runner, and no input stops it (issue 17's list, one test or more each)


def marked(marker):
    """The pids of the processes whose command line holds marker (never a broad name)."""
    found = []
    for name in os.listdir("/proc"):
        with contextlib.suppress(OSError):
            if name.isdigit() and marker.encode() in Path("/proc", name, "cmdline").read_bytes():
                found.append(int(name))
    return [pid for pid in found if alive(pid) and pid != os.getpid()]


MARKERS = []


def new_marker(kind):
    """A word no other process's command line holds, for a test's processes to carry; whatever
    holds it when the test ends, passed or failed, is killed (see leftovers_killed)."""
    MARKERS.append(f"{kind}-{os.getpid()}-{time.monotonic_ns()}")
    return MARKERS[-1]


@pytest.fixture(autouse=True)
def leftovers_killed():
    """A test that fails may leave its chain of processes running: stopped, then killed, so
    that one failure does not leave a machine busy for the tests after it."""
    yield
    while MARKERS:
        marker = MARKERS.pop()
        stopped = set()
        while True:  # stopped, a process cannot fork: walk again until no new one is found
            new = set(marked(marker)) - stopped
            if not new:
                break
            for pid in new:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGSTOP)
            stopped |= new
        for pid in stopped:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def none_left(marker, seconds=3.0):
    deadline = time.monotonic() + seconds
    while marked(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    return marked(marker) == []


# The case starts a grandchild that leaves the case's session (setsid), named by the marker
# on stdin; with "wait" the case then waits, else it ends at once.
ESCAPER = """\
import subprocess, sys, time
marker, then = (sys.stdin.read().split() + ["exit"])[:2]
code = "import os, time; os.setsid(); print(os.getpid(), flush=True); time.sleep(60)"
grandchild = subprocess.Popen(
    [sys.executable, "-c", code, marker], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
)
grandchild.stdout.readline()  # it has left the session
print(1, flush=True)
if then == "wait":
    time.sleep(60)
"""


@LINUX_ONLY
def test_a_grandchild_that_calls_setsid_is_killed_too(tmp_path, path):
    marker = new_marker("escaper")
    root = make_root(tmp_path, ESCAPER, {"a": (marker, "1\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0
    assert none_left(marker, 1.0)


def interrupted_run(tmp_path, signals, path):
    """A runner on two waiting cases with setsid grandchildren, stopped by signals sent
    about 1 ms apart once the first case runs: (exit status, stderr, marker, report)."""
    marker = new_marker("signalled")
    root = make_root(tmp_path, ESCAPER, {c: (marker + " wait", "1\n") for c in "ab"})
    report = tmp_path / "old.json"
    report.write_text("{}\n")
    command = [PYTHON, str(RUNNER), "--root", str(root), "--tle", "30", "--json", str(report)]
    judging = started(command, path)
    deadline = time.monotonic() + 10
    while not marked(marker):
        assert time.monotonic() < deadline, "the case never started"
        time.sleep(0.02)
    for number in signals:
        judging.send_signal(number)
        time.sleep(0.001)
    _, err = judging.communicate(timeout=10)
    return judging.returncode, err.decode(), marker, report


@LINUX_ONLY
@pytest.mark.parametrize(
    "signals",
    [
        (signal.SIGTERM, signal.SIGTERM),
        (signal.SIGINT, signal.SIGTERM),
        (signal.SIGTERM, signal.SIGINT, signal.SIGTERM, signal.SIGTERM, signal.SIGINT),
        (signal.SIGHUP,),
        (signal.SIGQUIT,),
    ],
    ids=["term-term", "int-term", "burst-of-5", "hup", "quit"],
)
def test_signals_stop_the_run_and_nothing_outlives_it(tmp_path, path, signals):
    for _ in range(3 if len(signals) > 1 else 1):  # a race: it lost about 1 time in 8
        status, err, marker, report = interrupted_run(tmp_path, signals, path)
        assert status == 130 and "Traceback" not in err, err
        assert err == "interrupted: every running case was killed\n"
        assert none_left(marker)
        assert not report.exists()  # no report of an earlier run passes for this one's


def test_a_signal_inside_the_signal_handler_cannot_deadlock_it():
    """A second signal may land on any line the handler runs, its callees' included (a
    threading.Event's lock once deadlocked the runner there): it runs again on each."""
    landed = []

    def again(frame, event, arg):
        if event == "line":  # the trace function itself is not traced
            landed.append(frame.f_code.co_name)
            runner.on_signal(signal.SIGTERM, None)
        return again

    def handle():
        sys.settrace(again)
        try:
            runner.on_signal(signal.SIGINT, None)
        finally:
            sys.settrace(None)

    saved = list(runner.STOPPED)
    worker = threading.Thread(target=handle, daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), f"the handler deadlocked on a signal landing in {landed[-1]}"
    try:
        signals = [signal.SIGTERM] * len(landed) + [signal.SIGINT]
        assert landed and sorted(runner.STOPPED[-len(signals) :]) == sorted(signals)
    finally:
        runner.STOPPED[:] = saved


# A chain that keeps changing its pid and session (fork, the parent exits, setsid), named by
# the marker on stdin: LINKS links, each burning BURN seconds of CPU first. The case then does
# WAIT: sleeps, or waits until the last link has ended, and prints its answer.
HOPPER = """\
import os, sys, time
CHAIN = '''
import os, time
os.close(1); os.close(2)
for _ in range(LINKS):
    start = time.process_time()
    while time.process_time() - start < BURN:
        pass
    if os.fork():
        os._exit(0)
    os.setsid()
'''
done, holder = os.pipe()
if os.fork() == 0:
    os.set_inheritable(holder, True)
    os.execv(sys.executable, [sys.executable, "-c", CHAIN, sys.stdin.read()])
os.close(holder)
WAIT
print(1)
"""


def hopper(links, burn, wait):
    return HOPPER.replace("LINKS", links).replace("BURN", burn).replace("WAIT", wait)


@LINUX_ONLY
def test_a_chain_that_keeps_changing_its_pid_is_all_killed(tmp_path, path):
    marker = new_marker("hopper")
    root = make_root(tmp_path, hopper("10**9", "0", "time.sleep(0.3)"), {})
    for case in "abc":
        write(root / "testcases" / "p" / (case + ".in"), marker + case)
        write(root / "testcases" / "p" / (case + ".out"), "1\n")
    status, out, _, _ = judge(root, "-j", "2", path=path)
    assert verdicts(out) == {"p/a": "AC", "p/b": "AC", "p/c": "AC"}, out
    assert marked(marker) == [] and status == 0


# A chain that forks on without end, each link leaving its session, every link holding the
# write end of the FIFO named on stdin: its reader sees the end of the FIFO only once every
# link is gone, however fast they change pids (a search of /proc by name misses most of them).
# The case waits the seconds that follow the FIFO's name, and prints its answer.
ENDLESS = """\
import os, sys, time
fifo, seconds = sys.stdin.read().split()
holder = os.open(fifo, os.O_WRONLY)
if os.fork() == 0:
    os.close(1), os.close(2)
    while True:
        if os.fork():
            os._exit(0)
        os.setsid()
os.write(holder, b"s")
time.sleep(float(seconds))
print(1)
"""


def fifo_read(fd):
    """A byte of the FIFO fd if one comes within 0.05 s, b"" once every writer is gone."""
    import select

    with contextlib.suppress(BlockingIOError):
        if select.select([fd], [], [], 0.05)[0]:
            return os.read(fd, 1)
    return None


@LINUX_ONLY
@pytest.mark.parametrize("end", ["case-ends", "runner-killed"])
def test_an_endless_chain_is_all_killed(tmp_path, path, end):
    """When its case ends; and when the runner is killed outright (SIGKILL: no time to clean
    up), by its launcher, which sees it gone and stops and kills every case's tree."""
    fifo = tmp_path / "links"
    os.mkfifo(fifo)
    links = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        seconds = "0.3" if end == "case-ends" else "60"
        root = make_root(tmp_path, ENDLESS, {"a": (f"{fifo} {seconds}", "1\n")})
        judging = started([PYTHON, str(RUNNER), "--root", str(root), "--tle", "30"], path)
        deadline = time.monotonic() + 30
        while fifo_read(links) != b"s":
            assert judging.poll() is None and time.monotonic() < deadline, "the chain never ran"
        if end == "runner-killed":
            judging.kill()
        out = judging.communicate(timeout=60)[0].decode()
        if end == "case-ends":
            assert verdicts(out) == {"p/a": "AC"} and judging.returncode == 0, out
        deadline = time.monotonic() + 5
        while fifo_read(links) != b"":
            assert time.monotonic() < deadline, "a link of the chain outlived " + end
    finally:
        os.close(links)


# A case that turns on its parent, the supervisor that measures it (same user: it may), then
# waits; the marker is in its command line.
PARRICIDE = """\
import os, signal, sys, time
print(1, flush=True)
os.kill(os.getppid(), getattr(signal, sys.argv[1]))
time.sleep(60)
"""


@LINUX_ONLY
@pytest.mark.parametrize("how", ["SIGSTOP", "SIGKILL"])
def test_a_case_that_stops_or_kills_its_supervisor_hangs_nothing(tmp_path, path, how):
    """The run ends, the case is a failure (the backstop, or killed), and nothing is left."""
    marker = new_marker("parricide")
    root = make_root(tmp_path, PARRICIDE, {"a": ("", "1\n"), "b": ("", "1\n")})
    command = f"{PYTHON} solutions/p.py {how} {marker}"
    status, out, err, took = judge(root, "p", "--command", command, "--tle", "0.3", cwd=root)
    assert status == 1 and "Traceback" not in err and last_line(out) == "0 passed, 2 failed"
    assert took < 30 and none_left(marker, 3.0), out


@LINUX_ONLY
def test_a_case_holds_no_descriptor_of_the_runners(tmp_path, path):
    """Only 0, 1 and 2: a socket to its supervisor would let it write its own figures."""
    solution = (
        "import os\nprint([fd for fd in range(3, 64) if os.path.exists(f'/proc/self/fd/{fd}')])\n"
    )
    root = make_root(tmp_path, solution, {"a": ("", "[]\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0, out


@LINUX_ONLY
def test_the_cpu_of_a_chain_that_changes_its_pid_is_the_cases(tmp_path, path):
    """300 links of 2 ms: 600 ms of CPU, all of it the case's, however loaded the machine."""
    wait = "os.read(done, 1)  # the end of the pipe: every link has ended"
    root = make_root(tmp_path, hopper("300", "0.002", wait), {"a": ("chain", "1\n")})
    status, out, _, _ = judge(root, "--tle", "10", "--json", "r.json", path=path, cwd=tmp_path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0, out
    assert json.loads((tmp_path / "r.json").read_text())["cases"][0]["cpu_ms"] >= 600
    status, out, _, _ = judge(root, "--tle", "0.4", path=path)
    assert verdicts(out) == {"p/a": "TLE"} and status == 1, out


# A bounded fork storm: 100 processes that each leave the session, named by the marker.
STORM = """\
import os, sys, time
marker = sys.stdin.read()
for _ in range(100):
    if os.fork() == 0:
        os.setsid()
        os.close(1)
        os.close(2)
        os.execv("/bin/sh", ["sh", "-c", "sleep 60; :", marker])
print(1)
"""


@LINUX_ONLY
def test_a_fork_storm_that_leaves_the_session_is_all_killed(tmp_path, path):
    marker = new_marker("storm")
    root = make_root(tmp_path, STORM, {"a": (marker, "1\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0, out
    assert marked(marker) == []


# A helper daemonized the classic way (fork, setsid, fork) answers the case through a pipe
# after its parent has exited; the case waits for it: no one may kill it before the case ends.
DAEMON = """\
import os, sys, time
answer, tell = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork():
        os._exit(0)
    time.sleep(0.3)
    os.write(tell, sys.stdin.read().encode())
    os._exit(0)
os.close(tell)
print(os.read(answer, 100).decode())
"""


@POSIX_ONLY
def test_a_daemonized_helper_lives_until_its_case_ends(tmp_path, path):
    root = make_root(tmp_path, DAEMON, {case: (case, case + "\n") for case in "abcd"})
    status, out, _, _ = judge(root, "-j", "2", path=path)
    assert verdicts(out) == {f"p/{case}": "AC" for case in "abcd"} and status == 0, out


def handlers_set(pid):
    """True once pid catches SIGTERM (its SigCgt mask in /proc/PID/status)."""
    with contextlib.suppress(OSError, StopIteration):
        status = Path(f"/proc/{pid}/status").read_text()
        mask = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
        return bool(int(mask.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    return False


@LINUX_ONLY
@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_while_the_runner_starts_is_a_stop_as_any_other(tmp_path, number):
    """Sent the moment the handlers are set, before any case is found, let alone run."""
    root = make_root(tmp_path, ECHO, {f"c{i}": ("1\n", "1\n") for i in range(200)})
    judging = started([PYTHON, str(RUNNER), "--root", str(root)], "native")
    deadline = time.monotonic() + 20
    while not handlers_set(judging.pid):
        assert judging.poll() is None and time.monotonic() < deadline, "no handler was set"
        time.sleep(0.0005)
    judging.send_signal(number)
    out, err = judging.communicate(timeout=20)
    assert judging.returncode == 130 and b"Traceback" not in err, err
    assert err == b"interrupted: every running case was killed\n" and b"passed" not in out


@LINUX_ONLY
def test_a_stop_signal_is_obeyed_while_the_reports_reader_stalls(tmp_path, path):
    """`runner.py | less` left on its first page: the report's pipe is full, the runner is
    blocked writing to it, and a case is running. SIGTERM: exit 130 within a second, every
    case killed, and no write waits on the pipe."""
    marker = new_marker("stalled")
    cases = {f"a{i:02}": ("x" * 90 + "\n") * 40 for i in range(30)}  # each a WA with a diff
    cases = {name: (data, data.replace("x", "y")) for name, data in cases.items()}
    cases["z"] = (marker, "1\n")
    solution = "import subprocess, sys\ndata = sys.stdin.read()\nprint(data, end='')\n"
    solution += "if 'stalled-' in data:\n"  # a child with the marker in its command line waits
    solution += "    subprocess.run([sys.executable, '-c', 'import time; time.sleep(60)', data])\n"
    root = make_root(tmp_path, solution, cases)
    reader, writer = os.pipe()
    fcntl = pytest.importorskip("fcntl")
    fcntl.fcntl(writer, 1031, 4096)  # F_SETPIPE_SZ: one page, full at once
    with open(tmp_path / "err", "wb") as err:
        judging = subprocess.Popen(
            [PYTHON, str(RUNNER), "--root", str(root), "--tle", "30", "-j", "1"],
            stdout=writer,
            stderr=err,
            env=path_env(path),
            preexec_fn=signals_as_from_a_terminal,
        )
    os.close(writer)
    try:
        deadline = time.monotonic() + 60
        while not marked(marker):
            assert judging.poll() is None and time.monotonic() < deadline, "z never ran"
            time.sleep(0.05)
        time.sleep(0.3)
        sent = time.monotonic()
        judging.send_signal(signal.SIGTERM)
        judging.wait(timeout=10)
        took = time.monotonic() - sent
    finally:
        os.close(reader)
        judging.kill()
        judging.wait()
    assert judging.returncode == 130 and took < 1.0, (judging.returncode, took)
    assert (tmp_path / "err").read_bytes() == b"interrupted: every running case was killed\n"
    assert none_left(marker)


@POSIX_ONLY
def test_time_the_runner_was_stopped_is_not_the_cases(tmp_path, path):
    """Ctrl-Z, or SIGSTOP, for 5 s while a case sleeps half its limit: still AC, and the
    5 s are not in its wall time."""
    flag = tmp_path / "started"
    solution = f"import time\nopen({str(flag)!r}, 'w').close()\ntime.sleep(0.5)\nprint(1)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    judging = started([PYTHON, str(RUNNER), "--root", str(root), "--tle", "1"], path)
    deadline = time.monotonic() + 30
    while not flag.exists():
        assert judging.poll() is None and time.monotonic() < deadline, "the case never ran"
        time.sleep(0.01)
    judging.send_signal(signal.SIGSTOP)
    time.sleep(5)
    judging.send_signal(signal.SIGCONT)
    out, err = judging.communicate(timeout=30)
    out = out.decode()
    assert verdicts(out) == {"p/a": "AC"} and judging.returncode == 0, out + err.decode()
    wall = int(re.search(r"^AC  p/a +\d+ ms CPU +(\d+) ms wall", out, re.M).group(1))
    assert wall < 3000


def pinned_to_one_cpu(cpu):
    os.sched_setaffinity(0, {cpu})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@LINUX_ONLY
@pytest.mark.parametrize("seconds, verdict", [("0.2", "AC"), ("30", "TLE")], ids=["within", "over"])
def test_a_case_starved_of_cpu_is_judged_by_its_cpu_time(tmp_path, path, seconds, verdict):
    """The runner and its case share one CPU with seven busy loops: the case gets an eighth of
    it, so its 0.3 s of CPU (start-up and 0.2 s) take over 2 s, past the 1.5 s backstop. Time spent
    waiting for the CPU is not the case's: it is judged by its CPU time, as on a quiet machine."""
    cpu = min(os.sched_getaffinity(0))
    loop = [sys.executable, "-c", "while True: pass"]
    hogs = [  # each in a session of its own: with autogroups, a session shares as one task
        subprocess.Popen(loop, start_new_session=True, preexec_fn=lambda: pinned_to_one_cpu(cpu))
        for _ in range(7)
    ]
    try:
        root = make_root(tmp_path, BUSY, {"a": (seconds, "1\n")})
        command = [PYTHON, str(RUNNER), "--root", str(root), "--tle", "0.5"]
        done = subprocess.run(
            command,
            capture_output=True,
            encoding="utf-8",
            env=path_env(path),
            timeout=120,
            preexec_fn=lambda: pinned_to_one_cpu(cpu),
        )
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert verdicts(done.stdout) == {"p/a": verdict}, done.stdout
    if verdict == "TLE":
        assert re.search(r"CPU time [\d.]+ s, over the 0.5 s limit", done.stdout), done.stdout
    else:
        wall = int(re.search(r"^AC  p/a +\d+ ms CPU +(\d+) ms wall", done.stdout, re.M).group(1))
        assert wall > 1500, "the case was not starved: the test shows nothing"


# The case forks two children that burn CPU time with its stdout open, and never waits.
FORKER = """\
import os, sys, time
for _ in range(2):
    if os.fork() == 0:
        start = time.process_time()
        while time.process_time() - start < 1.5:
            pass
        os._exit(0)
print(1)
"""


@LINUX_ONLY
def test_cpu_time_of_children_never_waited_for_is_counted(tmp_path, path):
    root = make_root(tmp_path, FORKER, {"a": ("", "1\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "TLE"}, out
    assert re.search(r"CPU time [\d.]+ s, over the 1 s limit", out) and status == 1


GREEDY = """\
import time
from pathlib import Path
hoard = []
for _ in range(600):
    hoard.append(bytearray(1 << 20))
time.sleep(30)
"""


@LINUX_ONLY
def test_memory_is_judged_while_the_case_runs(tmp_path, path):
    root = make_root(tmp_path, GREEDY, {"a": ("", "")})
    status, out, _, took = judge(root, "--mle", "64", "--tle", "5", path=path)
    assert verdicts(out) == {"p/a": "MLE"} and status == 1
    peak = float(re.search(r"peak memory ([\d.]+) MiB, over the 64 MiB limit", out).group(1))
    assert 64 < peak < 620 and took < 20  # killed long before its 30 s sleep ends


def fresh_python_peak():
    """The peak resident size in MiB of a new `python -c pass`, its own program's only."""
    code = "import re; print(re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read())[1])"
    return int(subprocess.check_output([PYTHON, "-c", code])) / 1024


def shown_peak(out, case="p/a"):
    return float(re.search(rf" {case} .* ([\d.]+) MiB", out).group(1))


@LINUX_ONLY
@pytest.mark.parametrize("command", ["sleep 0.3", "true"], ids=["read-while-it-runs", "quick"])
def test_a_small_program_shows_no_more_than_a_fresh_python(tmp_path, path, command):
    """Its figure is its own, on a floor no higher than a new interpreter's: never the
    runner's size, which grows with the outputs it has read (here a case's 50 MB)."""
    big = "import sys\nsys.stdout.write('x' * (50 << 20))\n"
    root = make_root(tmp_path, big, {"a": ("", "")})
    (root / "testcases" / "p" / "a.out").unlink()
    write(root / "testcases" / "p" / "b.in", "")
    status, out, _, _ = judge(root, "p", "--command", command, path=path)
    assert verdicts(out) == {"p/a": "--", "p/b": "--"} and status == 0
    assert shown_peak(out, "p/b") <= fresh_python_peak() + 0.5, out


# A burst: MIB MiB touched just before the exit, after the case a's 60 MB output.
BURST = """\
import sys
if sys.stdin.read() == "big":  # 1 MiB at a time: small on any interpreter, PyPy's too
    for _ in range(60):
        sys.stdout.write("x" * (1 << 20))
else:
    hoard = bytearray(MIB << 20)
"""


@POSIX_ONLY
def test_a_short_burst_is_judged_the_same_after_a_big_output(tmp_path, path):
    solution = BURST.replace("MIB", "170")
    root = make_root(tmp_path, solution, {"a": ("big", None), "b": ("", ""), "c": ("", "")})
    status, out, _, _ = judge(
        root, "--mle", "150", "--ole", "100", "--tle", "5", "-j", "1", path=path
    )
    assert verdicts(out) == {"p/a": "--", "p/b": "MLE", "p/c": "MLE"} and status == 1
    root = make_root(tmp_path, BURST.replace("MIB", "20"), {})
    status, out, _, _ = judge(root, "--ole", "100", "--tle", "5", "-j", "1", path=path)
    assert verdicts(out) == {"p/a": "--", "p/b": "AC", "p/c": "AC"}
    status, alone, _, _ = judge(root, "-k", "b", "--tle", "5", path=path)
    assert abs(shown_peak(out, "p/b") - shown_peak(alone, "p/b")) <= 1.0, (out, alone)


# Four children that hold MIB MiB each at the same time, until the case ends.
CROWD = """\
import os, time
ready, done = os.pipe()
wait, release = os.pipe()
for _ in range(4):
    if os.fork() == 0:
        os.close(release)
        hoard = bytearray(MIB << 20)
        os.write(done, b"1")
        os.read(wait, 1)  # the end of the pipe: the case has ended
        os._exit(0)
for _ in range(4):
    os.read(ready, 1)
time.sleep(0.2)
"""


@LINUX_ONLY
def test_memory_is_the_sum_of_the_processes_alive_at_once(tmp_path, path):
    root = make_root(tmp_path, CROWD.replace("MIB", "50"), {"a": ("", "")})
    status, out, _, _ = judge(root, "--mle", "128", path=path)
    assert verdicts(out) == {"p/a": "MLE"} and status == 1, out
    assert shown_peak(out) > 200


C_BURST = """\
#include <stdlib.h>
#include <string.h>
int main(void) { char *p = malloc(15 << 20); memset(p, 1, 15 << 20); return p[99] - 1; }
"""


@LINUX_ONLY
@pytest.mark.skipif(not shutil.which("cc"), reason="needs a C compiler (cc)")
def test_a_c_program_touching_15_mib_before_its_exit_is_mle_under_8(tmp_path, path):
    write(tmp_path / "burst.c", C_BURST)
    subprocess.run(
        ["cc", "-O0", "-o", str(tmp_path / "burst"), str(tmp_path / "burst.c")], check=True
    )
    root = make_root(tmp_path, "", {"a": ("", "")})
    status, out, _, _ = judge(
        root, "p", "--command", "./burst", "--mle", "8", path=path, cwd=tmp_path
    )
    assert verdicts(out) == {"p/a": "MLE"} and status == 1, out


@pytest.mark.parametrize(
    "text",
    [
        "Judge: X; 1.2.3 s; 64 MiB; exact\n",
        "Judge: X; . s; 64 MiB; exact\n",
        "Judge: X; 1 s; 1..5 MiB; exact\n",
        "Judge: X; 1 s; 0 MiB; exact\n",
        "Judge: X; 1" + "0" * 400 + " s; 64 MiB; exact\n",  # a float, but inf
        "Judge: X; 1 s; 64 MiB; exact; C 1" + "0" * 400 + " s\n",
    ],
)
def test_a_malformed_judge_number_gives_the_defaults_and_a_warning(tmp_path, text):
    make_root(tmp_path, "# " + text + ECHO, {"a": ("1\n", "1\n")}, compare=None)
    profile, said = runner.read_profile(tmp_path, "p")
    assert profile == runner.DEFAULT_PROFILE and said.endswith(USING)
    status, out, err, _ = runner_on(tmp_path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0
    assert "cannot read 'Judge: X;" in err and "Traceback" not in err


@POSIX_ONLY
def test_odd_case_names_are_judged_and_shown_escaped(tmp_path, path):
    long = "n" * 252  # n...n.in is 255 bytes: its .out could not be a file name
    names = ["sample-1²", "sample-1", long, "esc\x1b[31m", "new\nline"]
    root = make_root(tmp_path, ECHO, {name: ("1\n", "1\n") for name in names[:2]})
    for name in names[2:]:
        write(root / "testcases" / "p" / (name + ".in"), "1\n")
    status, out, err, _ = judge(root, path=path)
    assert status == 0 and err == "" and "\x1b" not in out
    assert "p/esc\\x1b[31m" in out and "p/new\\nline" in out
    assert last_line(out) == "2 passed, 0 failed"


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
    assert f"-j 64: only {runner.cpu_count()} CPUs here" in err
    assert set(verdicts(out).values()) == {"AC"} and status == 0


@POSIX_ONLY
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_a_closed_stdout_or_a_dead_stderr_is_survived(tmp_path, buffered):
    """Whatever the environment says of buffering: a warning that could not be written must
    not fail the exit's last flush (status 120) once PYTHONUNBUFFERED is not set."""
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, compare=None)  # a warning: no Judge:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    done = subprocess.run(
        [PYTHON, str(RUNNER), "--root", str(root)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        timeout=60,
        env=env,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 0 and b"unexpected" not in done.stderr, done.stderr
    reader, writer = os.pipe()
    os.close(reader)
    with subprocess.Popen(
        [PYTHON, str(RUNNER), "--root", str(root)], stdout=subprocess.PIPE, stderr=writer, env=env
    ) as judging:
        os.close(writer)
        out = judging.communicate(timeout=60)[0].decode()
    assert judging.returncode == 0 and last_line(out) == "1 passed, 0 failed"


@POSIX_ONLY
def test_an_out_is_read_before_the_case_runs_and_must_be_a_file(tmp_path, path):
    cheat = "open('testcases/p/a.out', 'w').write('2\\n')\nprint(2)\n"
    root = make_root(tmp_path, cheat, {"a": ("", "1\n"), "b": ("", None), "c": ("", None)})
    (root / "testcases" / "p" / "b.out").symlink_to("nowhere")
    (root / "testcases" / "p" / "c.out").mkdir()
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "WA", "p/b": "IE", "p/c": "IE"} and status == 1
    assert "could not read the .out: No such file or directory" in out
    assert "could not read the .out: Is a directory" in out


@pytest.mark.parametrize("args", [["--tle", "inf"], ["--mle", "nan"], ["--json", ""]])
def test_a_value_that_would_make_a_bad_report_is_a_usage_error(tmp_path, args):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    status, out, err, _ = judge(root, *args)
    assert status == 2 and out == "" and "Traceback" not in err


def test_raw_bytes_of_stderr_and_input_are_escaped(tmp_path):
    solution = (
        "import sys\ndata = sys.stdin.read()\nsys.stderr.write('bad\\x1b[2J\\x07\\n')\n"
        "print('x')\nraise SystemExit(0 if data else 1)\n"
    )
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    write(root / "testcases" / "p" / "b.in", b"1\x00\x1b\x07\n")
    write(root / "testcases" / "p" / "b.out", "2\n")
    _, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "RE", "p/b": "WA"}
    assert "bad\\x1b[2J\\x07" in out and "1\\x00\\x1b\\x07" in out
    assert not re.search("[\x00\x07\x1b]", out)


@POSIX_ONLY
def test_an_empty_no_color_keeps_colour():
    import pty

    root = ROOT  # any root: only the first line is looked at
    leader, follower = pty.openpty()
    command = [PYTHON, str(RUNNER), "--root", str(root), "-k", "sample-1"]
    subprocess.run(command, stdout=follower, env={**os.environ, "NO_COLOR": ""}, timeout=60)
    os.close(follower)
    shown = os.read(leader, 4096).decode()
    os.close(leader)
    assert "\033[32mAC \033[0m" in shown


# The shape of runner.py


TREE = ast.parse(RUNNER.read_text(encoding="utf-8"))
TOP = {
    target.id if isinstance(target, ast.Name) else target.name
    for node in TREE.body
    for target in (node.targets if isinstance(node, ast.Assign) else [node])
    if isinstance(target, (ast.Name, ast.FunctionDef, ast.ClassDef))
}
FUNCTIONS = [node for node in ast.walk(TREE) if isinstance(node, ast.FunctionDef)]


def test_no_top_level_name_is_reused_as_a_parameter_or_a_local():
    reused = set()
    for function in FUNCTIONS:
        names = {arg.arg for arg in ast.walk(function.args) if isinstance(arg, ast.arg)}
        names |= {
            node.id
            for node in ast.walk(function)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        }
        reused |= {f"{function.name}: {name}" for name in names & TOP}
    assert sorted(reused) == []


def test_no_function_is_over_60_lines():
    long = [f.name for f in FUNCTIONS if f.end_lineno - f.lineno + 1 > 60]
    assert long == []


def test_the_runner_stays_one_file_a_person_can_read():
    assert len(RUNNER.read_text(encoding="utf-8").splitlines()) < 2000


def test_no_class_branches_on_more_than_one_platform_flag():
    flags = {"POSIX", "WINDOWS", "WAIT4", "LINUX", "PORTABLE"}
    for node in TREE.body:
        if isinstance(node, ast.ClassDef):
            used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & flags
            assert len(used) <= 1, (node.name, used)


def test_one_comparator_table_serves_the_tests_too():
    import inspect

    assert util.runner() is runner and runner.__file__ == str(RUNNER)
    assert "runner().compare(" in inspect.getsource(util.same_output)
    assert "same_output(" in inspect.getsource(util.catching_case)


# Judge cases (named judge-*) and extended cases


def test_judge_only_keeps_the_judge_cases_and_the_summary_counts_both_kinds(tmp_path):
    cases = {"judge-a": ("a\n", "a\n"), "judge-b": ("b\n", "b\n"), "bom": ("x\n", "y\n")}
    root = make_root(tmp_path, ECHO, cases)
    status, out, _, _ = judge(root)
    assert status == 1 and verdicts(out) == {"p/judge-a": "AC", "p/judge-b": "AC", "p/bom": "WA"}
    lines = out.splitlines()
    at = lines.index(next(line for line in lines if "p/bom" in line))
    assert lines[at + 1] == "    " + runner.EXTENDED_NOTE
    assert "; judge cases 2 of 2 passed, extended 0 of 1 passed;" in out
    status, out, _, _ = judge(root, "--judge-only", "--json", "r.json", cwd=tmp_path)
    assert status == 0 and verdicts(out) == {"p/judge-a": "AC", "p/judge-b": "AC"}
    assert last_line(out) == "2 passed, 0 failed" and "judge cases 2 of 2 passed" in out
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["judge_only"] and [case["judge_case"] for case in data["cases"]] == [True, True]


def test_a_failing_judge_case_has_no_extended_note(tmp_path):
    root = make_root(tmp_path, ECHO, {"judge-a": ("a\n", "b\n")})
    status, out, _, _ = judge(root)
    assert status == 1 and runner.EXTENDED_NOTE not in out


def test_judge_only_without_judge_cases_is_a_usage_error(tmp_path):
    root = make_root(tmp_path, ECHO, {"bom": ("a\n", "a\n")})
    status, _, err, _ = judge(root, "--judge-only")
    assert status == 2 and "no judge case (judge-*)" in err


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
    profile, warning = runner.read_profile(root, "p")
    assert warning is None and profile.other_limit == ("C/C++", 1.0)
    for python in (f"{PYTHON} solutions/p.py", "pypy3 x.py", "solutions/p.py", "py.exe -3 x.py"):
        status, _, err, _ = judge(root, "p", "--command", python, cwd=root)
        assert "C/C++" not in err, python  # the Python limit is the one judged: nothing to add


# One case's bad file, a bad header, and the small things of issue 23


@pytest.mark.skipif(sys.platform != "linux", reason="needs RLIMIT_AS and sparse files")
def test_a_file_too_large_for_the_runners_memory_is_that_cases_internal_error(tmp_path, path):
    import resource

    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("1\n", None), "c": ("2\n", "2\n")})
    with open(root / "testcases" / "p" / "b.out", "wb") as huge:  # sparse: no disk used
        huge.truncate(1536 << 20)
    limit = 1 << 30  # 1 GiB of address space: the 1.5 GiB .out cannot be read

    def limited():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    command = [PYTHON, str(RUNNER), "--root", str(root), "--json", str(tmp_path / "r.json")]
    done = subprocess.run(
        command, capture_output=True, text=True, env=path_env(path), preexec_fn=limited, timeout=60
    )
    assert verdicts(done.stdout) == {"p/a": "AC", "p/b": "IE", "p/c": "AC"}, done.stdout
    assert "out of memory" in done.stdout and done.returncode == 1, done.stderr
    assert last_line(done.stdout) == "2 passed, 1 failed"
    assert len(json.loads((tmp_path / "r.json").read_text())["cases"]) == 3


def test_a_report_is_written_whole_or_not_at_all(tmp_path):
    report = tmp_path / "r.json"
    settings = runner.Settings(PYTHON, None, None, tmp_path, False, 64.0, 1, str(report), {})
    runner.write_json(settings, [], 0, 0)
    assert json.loads(report.read_text())["cases"] == []
    bad = {"p": runner.DEFAULT_PROFILE._replace(time_limit=float("inf"))}  # not JSON
    with pytest.raises(ValueError):
        runner.write_json(settings._replace(profiles=bad), [], 0, 0)
    assert json.loads(report.read_text())["cases"] == []  # the old one, whole
    assert sorted(path.name for path in tmp_path.iterdir()) == ["r.json"]


@pytest.mark.parametrize(
    "solution, verdict",
    [
        ("raise SystemExit(3)\n", "RE"),
        ("while True:\n    pass\n", "TLE"),
        ("hoard = bytearray(300 << 20)\n", "MLE"),
    ],
)
def test_the_input_is_shown_under_every_failure_and_each_reason_is_in_the_json(
    tmp_path, path, solution, verdict
):
    root = make_root(tmp_path, solution, {"a": ("the input\n", "1\n")})
    status, out, _, _ = judge(root, "--tle", "0.5", "--mle", "100", "--json", "r.json",
                              path=path, cwd=tmp_path)  # fmt: skip
    if verdict == "MLE" and "memory not measured here" in out:
        pytest.skip("this platform does not measure memory")
    assert verdicts(out) == {"p/a": verdict} and status == 1, out
    assert "    input:\n      the input\n" in out
    details = json.loads((tmp_path / "r.json").read_text())["cases"][0]["details"]
    assert details[-2:] == ["input:", "  the input"] and details[0] == runner.EXTENDED_NOTE


@POSIX_ONLY
def test_names_that_are_not_utf8_are_text_in_the_json(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    folder = os.fsencode(root / "testcases" / "p")
    for ending in (b".in", b".out"):
        with open(folder + b"/bad\xff" + ending, "wb") as file:
            file.write(b"1\n")
    status, _, _, _ = judge(root, "--json", "r.json", cwd=tmp_path)
    text = (tmp_path / "r.json").read_text(encoding="utf-8")
    assert status == 0 and "\\udc" not in text
    assert [case["case"] for case in json.loads(text)["cases"]] == ["a", "bad\\xff"]


def test_a_file_named_just_in_is_the_case_with_no_name(tmp_path):
    root = make_root(tmp_path, ECHO, {"": ("1\n", "1\n")})
    status, out, err, _ = judge(root)
    assert status == 0 and err == "" and last_line(out) == "1 passed, 0 failed", err


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
