"""One verdict after another out of tiny programs, and the lines that explain each."""

import json
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest
import runner_util
from runner_util import (
    BUSY,
    ECHO,
    LINUX_ONLY,
    POSIX_ONLY,
    PYTHON,
    RUNNER,
    SPAWNER,
    alive,
    gone_soon,
    judge,
    last_line,
    live_members,
    make_root,
    path_env,
    verdicts,
    write,
)

from judge import explain, model, verdicts
from judge.process import linux, watch

path = runner_util.path  # the fixture: both process paths


def test_accepted(tmp_path, path):
    root = make_root(tmp_path, ECHO, {"a": ("1 2\n", "1 2\n")})
    status, out, err, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "AC"}
    assert last_line(out) == "1 passed, 0 failed"
    assert status == 0 and err == ""


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
    run = watch.Run(b"1\n", b"", 0, wall, cpu, 10.0, timed_out, False)
    profile = model.Profile("X", 0.5, 256, "exact")
    assert verdicts.verdict_of(run, b"1\n", profile) == verdict


@pytest.mark.deep
@POSIX_ONLY
@pytest.mark.parametrize("kind", ["PosixTree", "LinuxTree"])
@pytest.mark.parametrize("reader", ["PollReader", "ThreadReader"])
def test_the_wall_backstop_never_passes_ten_limits_and_three_seconds(tmp_path, kind, reader):
    """However long the kernel says the case waited for a CPU (a starved child at nice 19 on a
    busy machine), a case that sleeps is killed once the wall passes 10 x 0.1 s + 3 s."""
    if kind == "LinuxTree" and not (sys.platform == "linux" and linux.LinuxTree.usable()):
        pytest.skip("the supervisors need Linux's /proc")
    waited = property(lambda self: 1e9, lambda self, value: None)  # whatever the tree reads
    starved = type("Starved", (getattr(runner, kind),), {"queued": waited})
    running = watch.Running(starved, getattr(runner, reader))
    (tmp_path / "in").write_bytes(b"")
    command = (["sleep", "30"], shutil.which("sleep"))
    start = time.monotonic()
    try:
        run = watch.execute(running, command, tmp_path / "in", str(tmp_path), (0.1, 64.0, 1e6))
    finally:
        running.end()
    assert run.timed_out and 4.0 <= run.wall < 5.0 and time.monotonic() - start < 8, run


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


@POSIX_ONLY
def test_an_unreadable_input_is_an_internal_error_not_a_crash(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    (root / "testcases" / "p" / "b.in").mkdir()
    status, out, err, _ = judge(root)
    assert verdicts(out) == {"p/a": "AC", "p/b": "IE"}
    assert "could not run: [Errno 21] Is a directory" in out
    assert "Traceback" not in out + err
    assert status == 1


@POSIX_ONLY
def test_a_program_that_cannot_start_is_an_internal_error_each_time(tmp_path, path):
    """exec fails (a script naming a missing interpreter), for the program or for its checker:
    IE with the system's reason, and the same process starts the next case as before."""
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("2\n", "2\n")})
    program = runner_util.unstartable(root)
    for args, reason in (
        (["--command", program], "could not run: [Errno 2] No such file or directory"),
        (["--checker", program], "could not run the checker: No such file or directory"),
    ):
        status, out, err, took = judge(root, "p", "-j", "1", *args, cwd=root, path=path)
        assert verdicts(out) == {"p/a": "IE", "p/b": "IE"} and status == 1, out
        assert out.count(reason) == 2 and "Traceback" not in out + err and took < 10, out


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


@pytest.mark.parametrize(
    "code, text",
    [
        (1, "exit status 1"),
        (-9, "killed by signal 9 (SIGKILL)"),
        (3221225725, "exit status 3221225725 (0xc00000fd)"),  # a stack overflow on Windows
    ],
)
def test_exit_description(code, text):
    assert explain.exit_description(code) == text


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
    assert details[-2:] == ["input:", "  the input"] and details[0] == model.EXTENDED_NOTE
