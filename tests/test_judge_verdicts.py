"""judge/verdicts.py: the verdicts a run earns by its limits and its exit, before its output is
judged, and the lines that explain them. In process from tables of runs; then one verdict
after another out of tiny programs, read from the runner's JSON report, on both paths."""

import re
import shutil
import signal
import sys

import pytest
from process_util import backstop_line, finished_run
from runner_util import (
    BUSY,
    ECHO,
    LINUX_ONLY,
    POSIX_ONLY,
    SPAWNER,
    alive,
    case_reasons,
    case_verdicts,
    gone_soon,
    judged,
    live_members,
    make_root,
)

from judge import verdicts
from judge.problems import DEFAULT_PROFILE
from judge.process import linux, readers, trees, watch

PROFILE = DEFAULT_PROFILE._replace(time_limit=0.5, memory_limit=100.0)


@pytest.mark.parametrize(
    "fields, expected, verdict",
    [
        ({}, b"1\n", None),  # the mode's to say
        ({"cpu": 0.4, "wall": 0.5}, b"1\n", None),
        ({"cpu": 0.6, "wall": 0.7}, b"1\n", "TLE"),  # over the limit in CPU time
        ({"cpu": 0.1, "wall": 1.4}, b"1\n", None),  # slow in wall time only: waiting
        ({"cpu": 0.1, "wall": 1.5, "timed_out": True}, b"1\n", "TLE"),  # at the backstop
        ({"cpu": None, "wall": 0.4}, b"1\n", None),  # CPU time not measured: wall time judged
        ({"cpu": None, "wall": 0.6}, b"1\n", "TLE"),
        ({"peak_mib": 150.0}, b"1\n", "MLE"),
        ({"peak_mib": 250.0, "memory_out": True, "status": -9}, b"1\n", "MLE"),
        ({"peak_mib": 150.0, "judged_mib": 90.0}, b"1\n", None),  # judged by its own peak
        ({"peak_mib": None}, b"1\n", None),  # memory not measured: no MLE
        ({"overflowed": True, "status": -9}, b"1\n", "OLE"),
        ({"peak_mib": 150.0, "status": 3}, b"1\n", "MLE"),  # MLE comes before RE
        ({"cpu": 0.7, "peak_mib": 150.0}, b"1\n", "TLE"),  # and TLE before MLE
        ({"status": 1}, b"1\n", "RE"),
        ({"status": -11}, None, "RE"),  # a crash fails a case with no .out too
        ({}, None, "--"),  # a case with no .out: run, not checked
    ],
)
def test_the_limits_and_the_exit_give_a_verdict(fields, expected, verdict):
    assert verdicts.verdict_of(finished_run(b"1\n", **fields), expected, PROFILE) == verdict


BACKSTOP = backstop_line("1.5", "0.20")


@pytest.mark.parametrize(
    "verdict, fields, lines",
    [
        (
            "TLE",
            {"cpu": None, "wall": 0.6},
            ["killed after 0.5 s of wall time (CPU time is not measured here)"],
        ),
        ("TLE", {"cpu": 0.7}, ["CPU time 0.70 s, over the 0.5 s limit"]),
        ("TLE", {"cpu": 0.2, "wall": 1.5, "timed_out": True}, [BACKSTOP]),
        (
            "TLE",
            {"cpu": 0.2, "wall": 8.0, "timed_out": True},
            [
                "wall time reached the 8 s ceiling (10x the limit and 3 s) with only 0.20 s of "
                "CPU: the machine is too busy"
            ],
        ),
        ("OLE", {"overflowed": True}, ["output passed 64 MiB: stopped reading and killed it"]),
        ("MLE", {"peak_mib": 150.0}, ["peak memory 150.0 MiB, over the 100 MiB limit"]),
        (
            "MLE",
            {"peak_mib": 250.0, "memory_out": True},
            ["peak memory 250.0 MiB, over the 100 MiB limit: stopped when it passed 2x the limit"],
        ),
        ("RE", {"status": -9}, ["killed by signal 9 (SIGKILL)", "(nothing on stderr)"]),
        (
            "RE",
            {"status": 1, "stderr": b"Traceback\nZeroDivisionError: division by zero\n"},
            [
                "exit status 1",
                "stderr, last lines:",
                "  Traceback",
                "  ZeroDivisionError: division by zero",
            ],
        ),
        (
            "RE",
            {"status": 3, "stderr": b"bad\x1b[2J\x07\n"},
            ["exit status 3", "stderr, last lines:", "  bad\\x1b[2J\\x07"],
        ),
        (
            "RE",
            {"status": 1, "stderr": b"".join(b"%d\n" % i for i in range(30))},
            ["exit status 1", "stderr, last lines:", *[f"  {i}" for i in range(20, 30)]],
        ),
        (
            "RE",
            {"status": 1, "stderr": b"x" * 150},
            ["exit status 1", "stderr, last lines:", "  " + "x" * 100 + "... (50 more characters)"],
        ),
        ("--", {}, []),
    ],
)
def test_each_verdict_is_explained(verdict, fields, lines):
    assert verdicts.explain_limit(verdict, finished_run(b"1\n", **fields), PROFILE, 64.0) == lines


# ---------------------------------------------------------------- through the runner


def test_accepted(tmp_path, path):
    root = make_root(tmp_path, ECHO, {"a": ("1 2\n", "1 2\n")})
    status, report, err = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "AC"} and report["cases"][0]["details"] == []
    assert (report["passed"], report["failed"]) == (1, 0)
    assert status == 0 and err == ""


def test_runtime_error_by_an_exception_shows_stderr(tmp_path, path):
    root = make_root(tmp_path, "print(1)\n1 / 0\n", {"a": ("", "1\n")})
    status, report, _ = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "RE"}
    details = case_reasons(report)["p/a"]
    assert details[:2] == ["exit status 1", "stderr, last lines:"]
    assert "  ZeroDivisionError: division by zero" in details
    assert status == 1


@POSIX_ONLY
def test_runtime_error_by_a_signal(tmp_path, path):
    solution = "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    status, report, _ = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "RE"}
    assert f"killed by signal {int(signal.SIGSEGV)} (SIGSEGV)" in case_reasons(report)["p/a"]
    assert status == 1


def test_time_limit_by_cpu_time(tmp_path, path):
    """Stopped by its CPU time, not by the wall backstop. Where the kernel does not say how
    long a case waited for a CPU (not Linux), a machine so busy that the case had under 1/3
    of a CPU for 1.5 s fires the backstop first, and the case is run again."""
    root = make_root(tmp_path, BUSY, {"a": ("30", "1\n")})
    fired = []
    for _ in range(1 if sys.platform == "linux" else 3):
        status, report, _ = judged(root, "--tle", "0.5", path=path)
        assert case_verdicts(report) == {"p/a": "TLE"} and status == 1
        details = case_reasons(report)["p/a"]
        by_cpu = re.fullmatch(r"CPU time ([\d.]+) s, over the 0.5 s limit", details[0])
        fired.append("cpu" if by_cpu else "backstop")
        if by_cpu:
            assert 0.5 <= float(by_cpu.group(1)) < 1.5  # shown to 0.01 s: 0.503 is "0.50"
            assert 500 <= report["cases"][0]["cpu_ms"] < 1500
            break
        assert details[0].startswith("wall time passed the 1.5 s backstop")
    assert fired[-1] == "cpu", f"the CPU-time kill never fired: {fired}"


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
    tree = linux.LinuxTree if kind == "LinuxTree" else trees.PosixTree
    starved = type("Starved", (tree,), {"queued": waited})
    running = watch.Running(starved, getattr(readers, reader))
    (tmp_path / "in").write_bytes(b"")
    command = (["sleep", "30"], shutil.which("sleep"))
    try:
        limits = watch.Limits(0.1, 64.0, 1e6)
        outcome = watch.execute(running, command, tmp_path / "in", str(tmp_path), limits)
    finally:
        running.end()
    assert outcome.timed_out and 4.0 <= outcome.wall < 5.0, outcome


def test_time_limit_by_a_sleep_is_the_wall_time_backstop(tmp_path, path):
    root = make_root(tmp_path, "import time\ntime.sleep(30)\n", {"a": ("", "1\n")})
    status, report, _ = judged(root, "--tle", "0.3", path=path)
    assert case_verdicts(report) == {"p/a": "TLE"} and status == 1
    details = case_reasons(report)["p/a"]
    assert details[0].startswith("wall time passed the 0.9 s backstop (3x the limit) with only 0.")
    case = report["cases"][0]
    assert case["wall_ms"] >= 900 and case["cpu_ms"] < 300  # killed at the backstop, not before


def test_sleeping_past_the_limit_is_not_cpu_time(tmp_path, path):
    """A 0.6 s sleep under a 0.5 s limit is AC: sleeping is not CPU time."""
    solution = "import time\ntime.sleep(0.6)\nprint(1)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    status, report, _ = judged(root, "--tle", "0.5", path=path)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0
    assert report["cases"][0]["cpu_ms"] < 500


@LINUX_ONLY
@pytest.mark.parametrize("parent", ["wait", "exit"])
def test_time_limit_by_a_child_keeping_stdout_open(tmp_path, parent, path):
    root = make_root(tmp_path, SPAWNER, {"a": (parent, "started\n")})
    status, report, _ = judged(root, "--tle", "0.3", path=path)
    assert case_verdicts(report) == {"p/a": "TLE"} and status == 1
    assert "backstop" in case_reasons(report)["p/a"][0]  # killed at 0.9 s, not the child's 30 s
    parent_pid, child_pid = map(int, (root / "pids").read_text().split())
    assert gone_soon(child_pid) and not alive(parent_pid)
    assert live_members(parent_pid) == []  # the case's process group is empty


@pytest.mark.parametrize("then", ["", "raise SystemExit(3)\n"])
def test_memory_limit_comes_before_runtime_error(tmp_path, then, path):
    solution = "data = b'x' * (200 << 20)\nprint(len(data))\n" + then
    root = make_root(tmp_path, solution, {"a": ("", f"{200 << 20}\n")})
    status, report, _ = judged(root, "--mle", "100", "--tle", "5", path=path)
    if report["cases"][0]["peak_mib"] is None:
        pytest.skip("this platform does not measure memory")
    assert case_verdicts(report) == {"p/a": "MLE"}
    found = re.match(
        r"peak memory ([\d.]+) MiB, over the 100 MiB limit", case_reasons(report)["p/a"][0]
    )
    assert 200 <= float(found.group(1)) < 700  # PyPy builds the bytes with a copy: 450 MiB
    assert 200 <= report["cases"][0]["peak_mib"] < 700
    assert status == 1


def test_output_limit_stops_an_endless_print(tmp_path, path):
    root = make_root(tmp_path, "while True:\n    print('x' * 99)\n", {"a": ("", "x\n")})
    status, report, _ = judged(root, "--ole", "1", "--tle", "10", path=path)
    assert case_verdicts(report) == {"p/a": "OLE"} and status == 1
    assert case_reasons(report)["p/a"] == [
        "output passed 1 MiB: stopped reading and killed it"
    ]  # and no input shown: the output is what went wrong
    assert report["ole_mib"] == 1


def test_a_case_without_out_runs_and_is_not_a_failure(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", None), "b": ("2\n", "2\n")})
    status, report, _ = judged(root)
    assert case_verdicts(report) == {"p/a": "--", "p/b": "AC"}
    assert (report["passed"], report["failed"]) == (1, 0)
    assert status == 0


def test_a_case_without_out_still_fails_on_a_crash(tmp_path):
    root = make_root(tmp_path, "raise SystemExit(1)\n", {"a": ("1\n", None)})
    status, report, _ = judged(root)
    assert case_verdicts(report) == {"p/a": "RE"} and report["failed"] == 1
    assert status == 1


def test_a_passing_case_over_half_the_cpu_limit_is_slow(tmp_path):
    root = make_root(tmp_path, BUSY, {"busy": ("0.6", "1\n"), "quick": ("0", "1\n")})
    status, report, _ = judged(root, "--tle", "1")
    assert [(case["verdict"], case["slow"]) for case in report["cases"]] == [
        ("AC", True),
        ("AC", False),
    ]
    assert status == 0
