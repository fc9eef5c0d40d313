"""The process tree: nothing a case starts outlives it, and stop signals end the run."""

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import runner_util
from runner_util import (
    ECHO,
    ESCAPER,
    LINUX_ONLY,
    POSIX_ONLY,
    PYTHON,
    RUNNER,
    SPAWNER,
    gone_soon,
    hopper,
    judge,
    last_line,
    make_root,
    marked,
    new_marker,
    none_left,
    path_env,
    signals_as_from_a_terminal,
    started,
    verdicts,
    write,
)

from judge import cli, stop
from judge.process import linux

path = runner_util.path  # the fixture: both process paths
leftovers_killed = runner_util.leftovers_killed  # the fixture, for every test here


@LINUX_ONLY
def test_a_grandchild_that_calls_setsid_is_killed_too(tmp_path, path):
    marker = new_marker("escaper")
    root = make_root(tmp_path, ESCAPER, {"a": (marker, "1\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0
    assert none_left(marker, 1.0)


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
def test_a_case_that_kills_its_supervisor_and_exits_is_over_at_once(tmp_path, path):
    """With its supervisor gone the case has ended: not watched up to the backstop (6 s)."""
    solution = "import os, signal\nprint(1, flush=True)\nos.kill(os.getppid(), signal.SIGKILL)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n"), "b": ("", "1\n")})
    status, out, err, took = judge(root, "--tle", "2", path=path)
    assert status == 1 and "Traceback" not in err and last_line(out) == "0 passed, 2 failed"
    assert took < 5, out


@LINUX_ONLY
def test_a_case_no_supervisor_takes_leaves_no_descriptor_open(monkeypatch):
    def refused():
        raise OSError(0, linux.NO_START)

    monkeypatch.setattr(linux.LinuxTree, "supervisor", staticmethod(refused))
    before = sorted(os.listdir("/proc/self/fd"))
    with pytest.raises(OSError) as caught:  # its traceback holds the frame: no collection
        linux.LinuxTree(([sys.executable, "-c", "pass"], None), 0, "/")
    assert sorted(os.listdir("/proc/self/fd")) == before, caught.value


@LINUX_ONLY
def test_a_case_holds_no_descriptor_of_the_runners(tmp_path, path):
    """Only 0, 1 and 2: a socket to its supervisor would let it write its own figures."""
    solution = (
        "import os\nprint([fd for fd in range(3, 64) if os.path.exists(f'/proc/self/fd/{fd}')])\n"
    )
    root = make_root(tmp_path, solution, {"a": ("", "[]\n")})
    status, out, _, _ = judge(root, path=path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0, out


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


@POSIX_ONLY
def test_the_four_stop_signals_are_blocked_while_their_handlers_are_set(monkeypatch):
    four = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT}
    seen = []
    monkeypatch.setattr(signal, "getsignal", lambda number: signal.SIG_DFL)
    monkeypatch.setattr(signal, "signal", lambda number, handler: seen.append((number, blocked())))

    def blocked():
        return signal.pthread_sigmask(signal.SIG_BLOCK, [])

    before = blocked()
    stop.catch_signals(stop.on_signal)
    assert {number for number, _ in seen} == four
    assert all(four <= mask for _, mask in seen)
    assert blocked() == before


@LINUX_ONLY
@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT])
def test_a_signal_while_the_runner_starts_is_a_stop_as_any_other(tmp_path, number):
    """Sent the moment the runner has taken this very signal, before any case is found."""
    root = make_root(tmp_path, ECHO, {f"c{i}": ("1\n", "1\n") for i in range(200)})
    judging = started([PYTHON, str(RUNNER), "--root", str(root)], "native")
    deadline = time.monotonic() + 20
    while not (taken(judging.pid, signal.SIGTERM) and taken(judging.pid, number)):  # Python
        # catches SIGINT as it starts, before the runner: SIGTERM is the runner's alone
        assert judging.poll() is None and time.monotonic() < deadline, "the signal was not taken"
        time.sleep(0.0005)
    judging.send_signal(number)
    out, err = judging.communicate(timeout=20)
    assert judging.returncode == 130 and b"Traceback" not in err, err
    assert err == b"interrupted: every running case was killed\n" and b"passed" not in out


def blocked_writing(pid):
    """Whether the process's main thread waits to write to a full pipe."""
    try:
        with open(f"/proc/{pid}/wchan") as wchan:
            return wchan.read().endswith("pipe_write")  # anon_pipe_write on newer kernels
    except OSError:
        return False


@LINUX_ONLY
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_stop_signal_is_obeyed_while_the_reports_reader_stalls(tmp_path, path, jobs):
    """`runner.py | less` left on its first page: the report's pipe is full, the runner is
    blocked writing to it, and with -j 2 a case is running (with -j 1 the cases run on the
    thread that writes). SIGTERM: exit 130 within a second, every case killed, and no write
    waits on the pipe."""
    if cli.cpu_count() < jobs:
        pytest.skip(f"-j {jobs} needs {jobs} CPUs")
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
            [PYTHON, str(RUNNER), "--root", str(root), "--tle", "30", "-j", str(jobs)],
            stdout=writer,
            stderr=err,
            env=path_env(path),
            preexec_fn=signals_as_from_a_terminal,
        )
    os.close(writer)
    try:
        deadline = time.monotonic() + 60
        while not (marked(marker) if jobs > 1 else blocked_writing(judging.pid)):
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


# A case that turns on the launcher, its supervisor's parent (same user: it may), as the first
# word on stdin says: "kill" or "stop" it, or "escape": kill it, then its own supervisor, and
# sleep with a grandchild in a session of its own. It writes the pids it knows to the file
# named by the second word. "echo" prints the second word.
ATTACKER = """\
import os, signal, subprocess, sys, time
how, word = sys.stdin.read().split()
if how == "echo":
    print(word)
    sys.exit()
def parent(pid):
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[1])
supervisor = os.getppid()
launcher = parent(supervisor)
sleep = "import os, time; os.setsid(); time.sleep(60)"
grandchild = subprocess.Popen([sys.executable, "-c", sleep]) if how == "escape" else None
with open(word, "w") as pids:
    pids.write(f"{launcher} {supervisor} {os.getpid()} {grandchild and grandchild.pid}")
os.kill(launcher, signal.SIGSTOP if how == "stop" else signal.SIGKILL)
if how == "escape":
    time.sleep(0.2)
    os.kill(supervisor, signal.SIGKILL)
    time.sleep(60)
print(1)
"""


@LINUX_ONLY
@pytest.mark.parametrize("how", ["kill", "stop"])
def test_a_case_that_kills_or_stops_the_launcher_leaves_the_later_cases_judged(tmp_path, path, how):
    """A new launcher takes over; the run ends in its time, with its last line and report."""
    pids = tmp_path / "pids"
    cases = {"a": (f"{how} {pids}", "1\n")}
    cases.update({case: (f"echo {case}", f"{case}\n") for case in "bcd"})
    root = make_root(tmp_path, ATTACKER, cases)
    report = tmp_path / "report.json"
    status, out, _, took = judge(root, "-j", "1", "--json", str(report), path=path, timeout=60)
    assert verdicts(out) == {f"p/{case}": "AC" for case in "abcd"} and status == 0, out
    assert last_line(out) == "4 passed, 0 failed" and report.exists() and took < 20
    launcher = int(pids.read_text().split()[0])
    assert gone_soon(launcher, 1.0)  # the stopped one killed, not left behind


@LINUX_ONLY
def test_a_case_that_kills_the_launcher_then_its_supervisor_does_not_outlive_the_run(
    tmp_path, path
):
    pids = tmp_path / "pids"
    cases = {"a": (f"escape {pids}", "1\n"), "b": ("echo b", "b\n")}
    root = make_root(tmp_path, ATTACKER, cases)
    status, out, _, _ = judge(root, "-j", "1", "--tle", "0.5", path=path, timeout=60)
    assert verdicts(out)["p/b"] == "AC" and verdicts(out)["p/a"] != "AC" and status == 1, out
    left = [int(pid) for pid in pids.read_text().split()[1:]]
    assert [pid for pid in left if not gone_soon(pid, 1.0)] == []
