"""judge/stop.py: the stop signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT) end the run at once,
exit 130 with one line, whenever they come, and nothing the run started outlives it."""

import contextlib
import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from process_util import cleaned_up, signalled, until
from runner_util import (
    ECHO,
    ESCAPER,
    LINUX_ONLY,
    POSIX_ONLY,
    SPAWNER,
    gone_soon,
    make_root,
    marked,
    new_marker,
    none_left,
    started_on,
)

from judge import cli, stop

INTERRUPTED = "interrupted: every running case was killed\n"
FOUR = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")


@LINUX_ONLY
def test_ctrl_c_stops_everything(tmp_path, path):
    root = make_root(tmp_path, SPAWNER, {"a": ("wait", "started\n"), "b": ("wait", "x\n")})
    judging = started_on(root, path, "--tle", "30", "-j", "1")
    pids = root / "pids"
    _, err = signalled(
        judging,
        [signal.SIGINT],
        ready=lambda: pids.exists() and len(pids.read_text().split()) == 2,
        what="the solution never started",
        timeout=10,
    )
    assert judging.returncode == 130
    assert err.decode() == INTERRUPTED
    for pid in map(int, pids.read_text().split()):
        assert gone_soon(pid)


def interrupted_run(tmp_path, signals, path):
    """A runner on two waiting cases with setsid grandchildren, stopped by signals sent
    about 1 ms apart once the first case runs: (exit status, stderr, marker, report)."""
    marker = new_marker("signalled")
    root = make_root(tmp_path, ESCAPER, {c: (marker + " wait", "1\n") for c in "ab"})
    report = tmp_path / "old.json"
    report.write_text("{}\n")
    judging = started_on(root, path, "--tle", "30", "--json", str(report))
    _, err = signalled(
        judging, signals, lambda: marked(marker), "the case never started", 30, pause=0.001
    )
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
        assert status == 130 and err == INTERRUPTED, err
        assert none_left(marker)
        assert not report.exists()  # no report of an earlier run passes for this one's


def test_a_signal_inside_the_signal_handler_cannot_deadlock_it():
    """A second signal may land on any line the handler runs, its callees' included (a
    threading.Event's lock once deadlocked the runner there): it runs again on each."""
    landed = []

    def again(frame, event, arg):
        if event == "line":  # the trace function itself is not traced
            landed.append(frame.f_code.co_name)
            stop.on_signal(signal.SIGTERM, None)
        return again

    def handle():
        sys.settrace(again)
        try:
            stop.on_signal(signal.SIGINT, None)
        finally:
            sys.settrace(None)

    saved = list(stop.STOPPED)
    worker = threading.Thread(target=handle, daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), f"the handler deadlocked on a signal landing in {landed[-1]}"
    try:
        signals = [signal.SIGTERM] * len(landed) + [signal.SIGINT]
        assert landed and sorted(stop.STOPPED[-len(signals) :]) == sorted(signals)
    finally:
        stop.STOPPED[:] = saved


def test_a_signal_breaks_off_only_a_write_of_the_report(monkeypatch):
    """Outside a write the handler only notes the signal; during one (a reader that stalls)
    it raises KeyboardInterrupt, once: the write that follows is not broken off too."""
    monkeypatch.setattr(stop, "STOPPED", [])
    monkeypatch.setattr(stop, "WRITING", [])
    stop.on_signal(signal.SIGTERM, None)
    assert stop.STOPPED == [signal.SIGTERM]
    stop.WRITING.append(True)
    with pytest.raises(KeyboardInterrupt):
        stop.on_signal(signal.SIGINT, None)
    assert stop.STOPPED == [signal.SIGTERM, signal.SIGINT] and stop.WRITING == []
    stop.on_signal(signal.SIGTERM, None)  # no write now: noted alone
    assert len(stop.STOPPED) == 3


def handlers_set(monkeypatch, ignored=()):
    """catch_signals() with the signals in ignored ignored at the start: the (signal, mask of
    blocked signals) of each handler it set."""
    seen = []

    def blocked():
        return signal.pthread_sigmask(signal.SIG_BLOCK, [])

    def getsignal(number):
        return signal.SIG_IGN if number in ignored else signal.SIG_DFL

    monkeypatch.setattr(signal, "getsignal", getsignal)
    monkeypatch.setattr(signal, "signal", lambda number, handler: seen.append((number, blocked())))
    before = blocked()
    stop.catch_signals(stop.on_signal)
    assert blocked() == before
    return seen


@POSIX_ONLY
def test_the_four_stop_signals_are_blocked_while_their_handlers_are_set(monkeypatch):
    four = {getattr(signal, name) for name in FOUR}
    seen = handlers_set(monkeypatch)
    assert {number for number, _ in seen} == four
    assert all(four <= mask for _, mask in seen)


@POSIX_ONLY
def test_a_stop_signal_ignored_at_the_start_stays_ignored(monkeypatch):
    """`nohup runner.py` ignores SIGHUP, and `runner.py &` in a script SIGINT and SIGQUIT."""
    ignored = {signal.SIGHUP, signal.SIGINT}
    seen = handlers_set(monkeypatch, ignored)
    assert {number for number, _ in seen} == {signal.SIGTERM, signal.SIGQUIT}


def taken(pid, number):
    """True once pid has taken signal number: it blocks it, or catches it (the SigBlk and
    SigCgt masks in /proc/PID/status). Either way the signal is the runner's to handle."""
    with contextlib.suppress(OSError):
        status = Path(f"/proc/{pid}/status").read_text()
        masks = [
            line.split()[1] for line in status.splitlines() if line[:7] in ("SigBlk:", "SigCgt:")
        ]
        return any(int(mask, 16) >> (number - 1) & 1 for mask in masks)
    return False


@LINUX_ONLY
@pytest.mark.parametrize("name", FOUR)
def test_a_signal_while_the_runner_starts_is_a_stop_as_any_other(tmp_path, name):
    """Sent the moment the runner has taken this very signal, before any case is found: no
    case runs, nothing is printed and no report written."""
    number = getattr(signal, name)
    root = make_root(tmp_path, ECHO, {f"c{i}": ("1\n", "1\n") for i in range(200)})
    report = tmp_path / "report.json"
    judging = started_on(root, "native", "--json", str(report))
    out, err = signalled(  # Python catches SIGINT as it starts: SIGTERM is the runner's alone
        judging,
        [number],
        ready=lambda: taken(judging.pid, signal.SIGTERM) and taken(judging.pid, number),
        what="the signal was not taken",
    )
    assert judging.returncode == 130 and err.decode() == INTERRUPTED, err
    assert out == b"" and not report.exists()


def blocked_writing(pid):
    """Whether the process's main thread waits to write to a full pipe."""
    try:
        with open(f"/proc/{pid}/wchan") as wchan:
            return wchan.read().endswith("pipe_write")  # anon_pipe_write on newer kernels
    except OSError:
        return False


def stalled_root(tmp_path, marker):
    """30 cases that each fail with a long diff, then z, whose child waits with the marker."""
    cases = {f"a{i:02}": ("x" * 90 + "\n") * 40 for i in range(30)}
    cases = {name: (data, data.replace("x", "y")) for name, data in cases.items()}
    cases["z"] = (marker, "1\n")
    solution = "import subprocess, sys\ndata = sys.stdin.read()\nprint(data, end='')\n"
    solution += "if 'stalled-' in data:\n"  # a child with the marker in its command line waits
    solution += "    subprocess.run([sys.executable, '-c', 'import time; time.sleep(60)', data])\n"
    return make_root(tmp_path, solution, cases)


@LINUX_ONLY
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_stop_signal_is_obeyed_while_the_reports_reader_stalls(tmp_path, path, jobs):
    """`runner.py | less` left on its first page: the report's pipe is full, the runner is
    blocked writing to it, and with -j 2 a case is running (with -j 1 the cases run on the
    thread that writes). SIGTERM: exit 130, every case killed, and no write waits on the
    pipe (else the runner would wait on it for good)."""
    if cli.cpu_count() < jobs:
        pytest.skip(f"-j {jobs} needs {jobs} CPUs")
    marker = new_marker("stalled")
    root = stalled_root(tmp_path, marker)
    reader, writer = os.pipe()
    fcntl = pytest.importorskip("fcntl")
    fcntl.fcntl(writer, 1031, 4096)  # F_SETPIPE_SZ: one page, full at once
    with open(tmp_path / "err", "wb") as err:
        judging = started_on(root, path, "--tle", "30", "-j", str(jobs), stdout=writer, stderr=err)
    os.close(writer)
    try:
        stalled = (lambda: marked(marker)) if jobs > 1 else lambda: blocked_writing(judging.pid)
        until(stalled, judging, "z never ran")
        time.sleep(0.3)
        judging.send_signal(signal.SIGTERM)
        judging.wait(timeout=10)
    finally:
        os.close(reader)
        cleaned_up(judging)
    assert judging.returncode == 130
    assert (tmp_path / "err").read_text() == INTERRUPTED
    assert none_left(marker)
