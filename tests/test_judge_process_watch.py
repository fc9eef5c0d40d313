"""judge/process/watch.py: one case watched under its limits, and every running case of a run.
Time the runner itself was stopped is not the case's, nor is time the case waited for a CPU;
memory is judged while the case runs; a stopped run starts no case."""

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest
from process_util import case_of, case_running, finished_run, signalled
from runner_util import BUSY, LINUX_ONLY, POSIX_ONLY, case_verdicts, judged, make_root, write

from judge.process import choose, watch

MIB = 1 << 20


# ---------------------------------------------------------------- in this process


def test_a_gap_between_two_looks_is_not_the_cases(monkeypatch):
    """Over PAUSED s between two looks, the runner was not running (stopped, or the machine
    asleep): the gap counts as one TICK."""
    now = [100.0]
    monkeypatch.setattr(watch.time, "monotonic", lambda: now[0])
    clock = watch.CaseClock()
    now[0] += 0.25
    assert clock.now() == pytest.approx(0.25)
    now[0] += 5.0
    assert clock.now() == pytest.approx(0.25 + watch.TICK)
    now[0] += watch.PAUSED  # not over it: counted whole
    assert clock.now() == pytest.approx(0.25 + watch.TICK + watch.PAUSED)


@pytest.fixture(params=[False, True], ids=["native", "portable"])
def portable(request):
    """Whether a test runs its case on the portable running, or on this platform's own."""
    return request.param


def executed(tmp_path, portable, code, given, seconds):
    """The program code run by watch.execute in this process, given stdin, with a limit of
    so many seconds: its Run, and the running that ran it, ended."""
    write(tmp_path / "a.in", given)
    running = choose.new_running(portable)
    try:
        limits = watch.Limits(seconds, 256.0, MIB)
        command = ([sys.executable, "-c", code], None)
        run = watch.execute(running, command, tmp_path / "a.in", tmp_path, limits)
    finally:
        running.end()
    return run, running


def test_a_case_is_run_and_measured_in_this_process(tmp_path, portable):
    code = "import sys\nsys.stdout.write(sys.stdin.read())\nsys.stderr.write('note')\nsys.exit(4)"
    run, running = executed(tmp_path, portable, code, "hello\n", 5.0)
    assert (run.output, run.stderr, run.status) == (b"hello\n", b"note", 4)
    assert not (run.timed_out or run.overflowed or run.memory_out)
    assert running.trees == set()


def test_output_past_the_cap_stops_the_case(tmp_path, portable):
    code = "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n"
    run, _ = executed(tmp_path, portable, code, "", 30.0)
    assert run.overflowed and not run.timed_out and len(run.output) > MIB


@LINUX_ONLY
@pytest.mark.parametrize("portable", [False, True], ids=["native", "portable"])
def test_a_judging_program_starts_with_sigpipe_ignored_and_a_case_with_it_default(
    tmp_path, portable
):
    """A judging program may write after its program went: SIGPIPE ignored, it gets EPIPE and
    says its verdict. A case gets the default, as a judge gives it. (grep keeps what it is
    given: its /proc status says; Python would ignore SIGPIPE whatever it was given.)"""
    ignored = {}
    running = choose.new_running(portable)
    try:
        for judging in (False, True):
            with open(os.devnull, "rb") as stdin:
                command = ([shutil.which("grep"), "SigIgn", "/proc/self/status"], None)
                started = running.start(command, stdin.fileno(), tmp_path, MIB, None, judging)
            run = watch.watch(running, *started, watch.Limits(5.0, 256.0, MIB))
            ignored[judging] = bool(int(run.output.split()[1], 16) >> (signal.SIGPIPE - 1) & 1)
    finally:
        running.end()
    assert ignored == {False: False, True: True}
    assert run.ended is not None and run.ended <= time.monotonic()


def test_a_stopped_run_starts_no_case_and_kills_those_it_has(tmp_path):
    running = choose.new_running()
    sleeper = ([sys.executable, "-c", "import time; time.sleep(60)"], None)
    try:
        with open(os.devnull, "rb") as stdin:
            tree, reader = running.start(sleeper, stdin.fileno(), tmp_path, MIB)
            running.kill_all()
            with pytest.raises(KeyboardInterrupt):
                running.start(sleeper, stdin.fileno(), tmp_path, MIB)
        run = watch.watch(running, tree, reader, watch.Limits(30.0, 256.0, MIB))
    finally:
        running.end()
    assert run.status == -signal.SIGKILL and not run.timed_out


# ---------------------------------------------------------------- through the runner


# The portable path waits out the same 3.5 s: deep. Its fast run is the next runner test's.
@pytest.mark.parametrize(
    "path", ["native", pytest.param("portable", marks=pytest.mark.deep)], indirect=True
)
@POSIX_ONLY
def test_time_the_runner_was_stopped_is_not_the_cases(tmp_path, path):
    """Ctrl-Z, or SIGSTOP, for 3.5 s while a case sleeps half its limit: still AC (with the
    3.5 s counted, the wall backstop of 3 s would make it a TLE)."""
    judging, _, report = case_running(tmp_path, path, seconds="0.5", tle="1")
    _, err = signalled(judging, [signal.SIGSTOP, signal.SIGCONT], pause=3.5)
    assert judging.returncode == 0, err.decode()
    data = json.loads(report.read_text())
    assert case_verdicts(data) == {"p/a": "AC"}, data
    assert case_of(data, "p/a")["details"] == []


class Spinning:
    """A case that uses all of one CPU and writes nothing, on a clock of its own: each wait
    of the watcher moves the clock on; reading its usage gives its CPU time, the clock's."""

    measures, queued, pipes = True, 0.0, None

    def __init__(self, clock):
        self.clock, self.stopped = clock, False
        self.output, self.errors = bytearray(), bytearray()

    def tick(self):
        pass

    def kill(self, tree):
        pass

    def usage_now(self, wait=None):
        return self.clock[0], 10.0

    def reading(self):
        return True

    def read(self, seconds):
        self.clock[0] += seconds

    def exited(self):
        return False

    def finish(self):
        return -9, self.clock[0], 10.0, 10.0

    def close(self, pipes):
        pass


@pytest.mark.parametrize("limit", [0.301, 0.52, 1.23])
def test_a_spinning_case_is_seen_past_its_cpu_limit_as_it_passes_it(monkeypatch, limit):
    """The watcher looks again as the CPU time left before the limit runs out, not a TICK
    later: a case that spins is stopped within USAGE_EVERY's least past the limit."""
    clock = [0.0]
    monkeypatch.setattr(watch.time, "monotonic", lambda: clock[0])
    case = Spinning(clock)
    run = watch.watch(case, case, case, watch.Limits(limit, 256.0, MIB))
    assert run.timed_out and limit < run.cpu <= limit + watch.USAGE_EVERY[1] + 1e-9, run.cpu


class SlowStart:
    """A tree kind whose case starts once `go` is set (`entered` says it is starting); kill()
    is recorded."""

    entered, go, killed = threading.Event(), threading.Event(), []

    @classmethod
    def begin_run(cls):
        pass

    @classmethod
    def ready(cls):
        return cls

    def __init__(self, *started):
        self.pipes = None
        type(self).entered.set()
        type(self).go.wait(30)

    def kill(self):
        type(self).killed.append(self)


def test_a_slow_start_holds_up_no_kill_and_a_stop_meanwhile_kills_it():
    """While a case takes long to start (a busy machine), another case can be killed; one
    stopped as it started is killed once it has."""
    SlowStart.go.clear()
    running = watch.Running(SlowStart, lambda pipes, cap: None)
    started = []
    starter = threading.Thread(target=lambda: started.append(running.start("p", 0, ".", 1)))
    starter.start()
    assert SlowStart.entered.wait(30)
    other = SlowStart.__new__(SlowStart)
    running.kill(other)  # not held up by the start under way
    running.kill_all()
    assert SlowStart.killed == [other] and starter.is_alive()
    SlowStart.go.set()
    starter.join(30)
    assert SlowStart.killed == [other, started[0][0]]


@pytest.mark.parametrize(
    "fields, limits, said",
    [
        ({"timed_out": True}, (0.5, 64.0, 1 << 20), "0.5 s of CPU time (1.5 s of wall time)"),
        ({"memory_out": True}, (0.5, 64.0, 1 << 20), "128 MiB"),  # stopped at twice the limit
        ({"overflowed": True}, (0.5, 64.0, 1 << 20), "1 MiB of output"),
        ({"overflowed": True}, (0.5, 64.0, 64 << 10), "64 KiB of output"),
        ({}, (0.5, 64.0, 1 << 20), None),
    ],
)
def test_the_limit_a_run_passed_is_said_in_words(fields, limits, said):
    assert watch.passed_limit(finished_run(**fields), watch.Limits(*limits)) == said


def pinned_to_one_cpu(cpu):
    os.sched_setaffinity(0, {cpu})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def starved_run(root, path, hogs):
    """The runner on root, --tle 0.5, sharing one CPU with so many busy loops: its report."""
    cpu = min(os.sched_getaffinity(0))
    loop = [sys.executable, "-c", "while True: pass"]
    hogs = [  # each in a session of its own: with autogroups, a session shares as one task
        subprocess.Popen(loop, start_new_session=True, preexec_fn=lambda: pinned_to_one_cpu(cpu))
        for _ in range(hogs)
    ]
    try:
        options = {"timeout": 120, "preexec_fn": lambda: pinned_to_one_cpu(cpu)}
        return judged(root, path=path, tle="0.5", **options)[1]
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


@pytest.mark.deep
@LINUX_ONLY
@pytest.mark.parametrize(
    "seconds, hogs, verdict", [("0.2", 7, "AC"), ("30", 3, "TLE")], ids=["within", "over"]
)
def test_a_case_starved_of_cpu_is_judged_by_its_cpu_time(tmp_path, path, seconds, hogs, verdict):
    """The runner and its case share one CPU with busy loops. Within: with seven, the case gets
    an eighth of it, so its 0.3 s of CPU (start-up and 0.2 s) take over 2 s, past the 1.5 s
    backstop. Over: with three, its 0.5 s take 2 s, and the 8 s ceiling leaves room for a
    machine busy with more. Time spent waiting for the CPU is not the case's: it is judged by
    its CPU time, as on a quiet machine."""
    root = make_root(tmp_path, BUSY, {"a": (seconds, "1\n")})
    report = starved_run(root, path, hogs)
    assert case_verdicts(report) == {"p/a": verdict}, report
    if verdict == "TLE":
        assert case_of(report, "p/a")["reason"] == "cpu-limit", report
    else:  # the report's own figure: the precondition, not a bound on the runner
        assert case_of(report, "p/a")["wall_ms"] > 1500, "the case was not starved"


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
    """Killed once past twice the limit, long before its 30 s sleep ends: MLE, not TLE."""
    root = make_root(tmp_path, GREEDY, {"a": ("", "")})
    status, report, _ = judged(root, "--mle", "64", "--tle", "5", path=path)
    assert case_verdicts(report) == {"p/a": "MLE"} and status == 1, report
    case = case_of(report, "p/a")  # stopped at twice the limit, not at the end
    assert case["reason"] == "memory-backstop" and 64 < case["peak_mib"] < 620, report
