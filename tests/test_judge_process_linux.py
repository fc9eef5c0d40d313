"""judge/process/linux.py: the Linux tree, a case run by a supervisor of the launcher. Nothing a
case starts outlives it, however it hides; what the whole tree uses is the case's; and a case
that turns on its supervisor or the launcher hangs nothing and spoils no later case."""

import os
import shlex
import shutil
import subprocess
import sys

import pytest
from process_util import case_of, details, endless_chain_run
from runner_util import (
    BURNER,
    ESCAPER,
    LINUX_ONLY,
    PYTHON,
    case_verdicts,
    gone_soon,
    hopper,
    judged,
    make_root,
    marked,
    new_marker,
    none_left,
    write,
)

from judge.process import linux, readers, trees, watch

# ---------------------------------------------------------------- the tree killed whole


def passed_with_a_marker(tmp_path, path, kind, solution):
    """A case of solution given a new marker of kind on stdin, judged AC: the marker."""
    marker = new_marker(kind)
    root = make_root(tmp_path, solution, {"a": (marker, "1\n")})
    status, report, _ = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0, report
    return marker


@LINUX_ONLY
def test_a_grandchild_that_calls_setsid_is_killed_too(tmp_path, path):
    assert none_left(passed_with_a_marker(tmp_path, path, "escaper", ESCAPER))


@LINUX_ONLY
def test_a_chain_that_keeps_changing_its_pid_is_all_killed(tmp_path, path):
    marker = new_marker("hopper")
    root = make_root(tmp_path, hopper("10**9", "0", "time.sleep(0.3)"), {})
    for case in "abc":
        write(root / "testcases" / "p" / (case + ".in"), marker + case)
        write(root / "testcases" / "p" / (case + ".out"), "1\n")
    status, report, _ = judged(root, "-j", "2", path=path)
    assert case_verdicts(report) == {"p/a": "AC", "p/b": "AC", "p/c": "AC"}, report
    assert marked(marker) == [] and status == 0


@LINUX_ONLY
def test_an_endless_chain_is_all_killed_when_its_case_ends(tmp_path, path):
    ended, status, report = endless_chain_run(tmp_path, path, runner_killed=False)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0, report
    assert ended, "a link of the chain outlived its case"


# A bounded fork storm: 100 processes that each leave the session, named by the marker.
STORM = """\
import os, sys, time
marker = sys.stdin.read()
for _ in range(100):
    if os.fork() == 0:
        os.setsid()
        os.close(1), os.close(2)
        os.execv("/bin/sh", ["sh", "-c", "sleep 60; :", marker])
print(1)
"""


@LINUX_ONLY
def test_a_fork_storm_that_leaves_the_session_is_all_killed(tmp_path, path):
    assert marked(passed_with_a_marker(tmp_path, path, "storm", STORM)) == []


# ---------------------------------------------------------------- a case against its supervisor

# A case that turns on its parent, the supervisor that measures it (same user: it may), then
# waits; the marker is in its command line.
PARRICIDE = """\
import os, signal, sys, time
print(1, flush=True)
os.kill(os.getppid(), getattr(signal, sys.argv[1]))
time.sleep(60)
"""


@LINUX_ONLY
# A stopped supervisor waits for the wall backstop: seconds, so it runs in the deep tests.
@pytest.mark.parametrize("how", [pytest.param("SIGSTOP", marks=pytest.mark.deep), "SIGKILL"])
def test_a_case_that_stops_or_kills_its_supervisor_hangs_nothing(tmp_path, path, how):
    """The run ends, the case is a failure (the backstop, or killed), and nothing is left."""
    marker = new_marker("parricide")
    root = make_root(tmp_path, PARRICIDE, {"a": ("", "1\n"), "b": ("", "1\n")})
    command = f"{PYTHON} solutions/p.py {how} {marker}"
    status, report, err = judged(
        root, "p", "--command", command, "--tle", "0.3", cwd=root, path=path
    )
    assert status == 1 and "Traceback" not in err
    assert (report["passed"], report["failed"]) == (0, 2), report
    assert none_left(marker)


@LINUX_ONLY
def test_a_case_that_kills_its_supervisor_and_exits_is_over_at_once(tmp_path, path):
    """With its supervisor gone the case has ended: killed (RE), not watched up to the
    backstop (6 s) to be a TLE."""
    solution = "import os, signal\nprint(1, flush=True)\nos.kill(os.getppid(), signal.SIGKILL)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n"), "b": ("", "1\n")})
    status, report, err = judged(root, "--tle", "2", path=path)
    assert status == 1 and "Traceback" not in err
    assert case_verdicts(report) == {"p/a": "RE", "p/b": "RE"}, report
    assert "killed by signal 9" in details(report, "p/b")


@pytest.fixture
def fleet(monkeypatch):
    """A launcher and supervisors of the test's own, whatever runs another test left."""
    own = linux.Fleet()
    monkeypatch.setattr(linux.LinuxTree, "fleet", own)
    return own


@LINUX_ONLY
def test_a_case_no_supervisor_takes_leaves_no_descriptor_open(monkeypatch, fleet):
    def refused():
        raise OSError(0, linux.NO_START)

    monkeypatch.setattr(fleet, "supervisor", refused)
    before = sorted(os.listdir("/proc/self/fd"))
    with pytest.raises(OSError) as caught:  # its traceback holds the frame: no collection
        linux.LinuxTree(([sys.executable, "-c", "pass"], None), 0, "/")
    assert sorted(os.listdir("/proc/self/fd")) == before, caught.value


def test_a_supervisor_that_never_came_is_asked_for_once_more(monkeypatch, fleet):
    """A case that killed the launcher as it forked the next case's supervisor: that one never
    says its pid, and the next case goes to another, of a new launcher."""
    asked, real = [], fleet.supervisor

    def first_lost():
        asked.append(1)
        if len(asked) == 1:
            raise OSError(0, linux.NO_START)
        return real()

    monkeypatch.setattr(fleet, "supervisor", first_lost)
    assert linux.LinuxTree.ready() is linux.LinuxTree
    linux.LinuxTree.begin_run()
    try:
        tree = linux.LinuxTree(([sys.executable, "-c", "pass"], None), 0, "/")
        try:
            assert tree.finish()[0] == 0 and len(asked) == 2
        finally:
            for pipe in tree.pipes.opened():
                pipe.close()
    finally:
        linux.LinuxTree.end_run()


def test_a_supervisors_report_is_read_by_its_fields():
    report = linux.Reported.parse(b"F 1.250000 12.500 -9 0.003000")
    assert report == linux.Reported("F", 1.25, 12.5, -9, 0.003)
    assert report.code == -9 and report.queued == 0.003
    assert linux.Reported.parse(b"R 0.000000 1.000 - 0.000000").code is None
    for bad in (b"S 123", b"X 1 2 3 4", b"R 1 2"):
        with pytest.raises(ValueError):
            linux.Reported.parse(bad)


# ---------------------------------------------------------------- a case against the launcher


def test_a_launcher_that_cannot_start_leaves_the_posix_tree(monkeypatch, fleet):
    tried = []
    monkeypatch.setattr(linux, "start_launcher", lambda: tried.append(1))
    assert linux.LinuxTree.ready() is trees.PosixTree
    assert linux.LinuxTree.ready() is trees.PosixTree  # tried once a run, not per case
    assert len(tried) == 1
    linux.LinuxTree.end_run()
    assert fleet.launcher is None


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
    """A new launcher takes over; the run ends, with its report."""
    pids = tmp_path / "pids"
    cases = {"a": (f"{how} {pids}", "1\n")}
    cases.update({case: (f"echo {case}", f"{case}\n") for case in "bcd"})
    root = make_root(tmp_path, ATTACKER, cases)
    status, report, _ = judged(root, "-j", "1", path=path, timeout=60)
    assert case_verdicts(report) == {f"p/{case}": "AC" for case in "abcd"} and status == 0
    assert (report["passed"], report["failed"]) == (4, 0)
    launcher, supervisor = map(int, pids.read_text().split()[:2])
    assert gone_soon(launcher)  # the stopped one killed, not left behind
    assert not os.path.exists(f"{linux.cgroup_folder()}/judge-{supervisor}")  # nor its cgroup


@LINUX_ONLY
def test_a_case_that_kills_the_launcher_then_its_supervisor_does_not_outlive_the_run(
    tmp_path, path
):
    pids = tmp_path / "pids"
    cases = {"a": (f"escape {pids}", "1\n"), "b": ("echo b", "b\n")}
    root = make_root(tmp_path, ATTACKER, cases)
    status, report, _ = judged(root, "-j", "1", "--tle", "0.5", path=path, timeout=60)
    verdicts = case_verdicts(report)
    assert verdicts["p/b"] == "AC" and verdicts["p/a"] != "AC" and status == 1, report
    left = [int(pid) for pid in pids.read_text().split()[1:]]
    assert [pid for pid in left if not gone_soon(pid)] == []
    assert not os.path.exists(f"{linux.cgroup_folder()}/judge-{left[0]}")  # the supervisor's


# ---------------------------------------------------------------- what the tree uses


@pytest.mark.deep
@LINUX_ONLY
def test_the_cpu_of_a_chain_that_changes_its_pid_is_the_cases(tmp_path, path):
    """300 links of 2 ms: 600 ms of CPU, all of it the case's, however loaded the machine."""
    wait = "os.read(done, 1)  # the end of the pipe: every link has ended"
    root = make_root(tmp_path, hopper("300", "0.002", wait), {"a": ("chain", "1\n")})
    status, report, _ = judged(root, "--tle", "10", path=path)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0, report
    assert case_of(report, "p/a")["cpu_ms"] >= 600
    status, report, _ = judged(root, "--tle", "0.4", path=path)
    assert case_verdicts(report) == {"p/a": "TLE"} and status == 1, report


# The case forks two children that burn CPU time with its stdout open, and never waits for
# them: it sleeps while they burn (were it to exit, they would be killed with it).
FORKER = "import os, time\n" + BURNER + "burner(1.5)\nburner(1.5)\ntime.sleep(10)\nprint(1)\n"


@LINUX_ONLY
def test_cpu_time_of_children_never_waited_for_is_counted(tmp_path, path):
    root = make_root(tmp_path, FORKER, {"a": ("", "1\n")})
    status, report, _ = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "TLE"} and status == 1, report
    assert case_of(report, "p/a")["reason"] == "cpu-limit", report


def fresh_python_peak():
    """The peak resident size in MiB of a new `python -c pass`, its own program's only."""
    code = "import re; print(re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read())[1])"
    return int(subprocess.check_output([PYTHON, "-c", code])) / 1024


# What every case runs (`sh cases.sh PYTHON`), as its input says: "big" writes 50 MB, which
# the runner reads (and grows by); "sleep" sleeps 0.3 s, so that its memory is read while it
# runs; else it ends at once.
SMALL_OR_BIG = """\
read -r what
case $what in
big) exec "$1" -c "import sys; sys.stdout.write('x' * (50 << 20))" ;;
sleep) exec sleep 0.3 ;;
*) exec true ;;
esac
"""


@LINUX_ONLY
@pytest.mark.parametrize("small", ["sleep", "true"], ids=["read-while-it-runs", "quick"])
def test_a_small_program_shows_no_more_than_a_fresh_python(tmp_path, path, small):
    """Its figure is its own, on a floor no higher than a new interpreter's: never the
    runner's size, which grows with the outputs it has read (here a case's 50 MB). A busy
    machine can lift one figure above the floor: the floor is the least of four cases'."""
    cases = {"a": ("big", None), **{case: (small, None) for case in "bcde"}}
    root = make_root(tmp_path, "", cases)
    write(tmp_path / "cases.sh", SMALL_OR_BIG)
    command = f"sh cases.sh {shlex.quote(PYTHON)}"
    # time is not judged here: a limit far above what the 50 MB writer takes on a busy machine
    args = ("p", "--command", command, "-j", "1", "--tle", "10")
    status, report, _ = judged(root, *args, path=path, cwd=tmp_path)
    assert case_verdicts(report) == {f"p/{case}": "--" for case in cases} and status == 0, report
    peaks = [case_of(report, f"p/{case}")["peak_mib"] for case in "bcde"]
    fresh = fresh_python_peak()
    assert min(peaks) <= fresh + 0.5, (peaks, fresh)
    assert max(peaks) < fresh + 25, (peaks, fresh)  # the runner holds 50 MB more by now


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
    status, report, _ = judged(
        root, "p", "--command", "./burst", "--mle", "8", path=path, cwd=tmp_path
    )
    assert case_verdicts(report) == {"p/a": "MLE"} and status == 1, report
    # its peak over the limit, read at its end or (past twice the limit) while it ran
    assert case_of(report, "p/a")["reason"] in ("memory-peak", "memory-backstop"), report


@LINUX_ONLY
@pytest.mark.deep  # waits 4 s for its supervisor
def test_a_supervisor_slow_to_start_is_waited_for():
    """On a busy machine a fork and a reply can take seconds: a new case waits for its
    supervisor well past the 3 s an answer once had, and is no IE."""
    import _socket
    import threading
    import time

    mine, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
    launcher = subprocess.Popen(["sleep", "30"])  # a process that answers: it runs

    def slow_launcher():
        _, data, _, _ = theirs.recvmsg(64, _socket.CMSG_LEN(4))
        fd = int.from_bytes(data[0][2][:4], sys.byteorder)
        time.sleep(4)
        report = _socket.socket(fileno=fd)
        try:
            report.send(b"4242")
        finally:
            report.close()

    thread = threading.Thread(target=slow_launcher)
    thread.start()
    fleet = linux.Fleet()
    fleet.launcher = (launcher, mine)
    try:
        channel, pid = fleet.supervisor()
        channel.close()
        assert pid == 4242
    finally:
        thread.join()
        launcher.kill()
        launcher.wait()
        mine.close()
        theirs.close()


def usable_launcher():
    if not linux.LinuxTree.usable():
        pytest.skip("the supervisors need Linux's /proc")


def echoed(running, tmp_path, word):
    """What `echo word` printed as a case of running, with its exit status."""
    (tmp_path / "in").write_bytes(b"")
    command = (["echo", word], shutil.which("echo"))
    run = watch.execute(running, command, tmp_path / "in", str(tmp_path), LIMITS)
    return run.output, run.status


LIMITS = watch.Limits(2.0, 64.0, 1e6)


@LINUX_ONLY
def test_a_run_that_ends_leaves_the_launcher_to_a_run_that_goes_on(tmp_path, fleet):
    """Two Runnings share the launcher: the first to end leaves it to the other."""
    usable_launcher()
    first, second = watch.Running(linux.LinuxTree, readers.PollReader), None
    try:
        assert echoed(first, tmp_path, "one") == (b"one\n", 0)
        second = watch.Running(linux.LinuxTree, readers.PollReader)
        launcher = fleet.launcher
        first.end()
        first.end()  # ends it once
        assert fleet.launcher is launcher and launcher[0].poll() is None
        assert echoed(second, tmp_path, "two") == (b"two\n", 0)
    finally:
        for running in filter(None, (first, second)):
            running.end()
    assert fleet.launcher is None and fleet.runs == 0


@LINUX_ONLY
def test_ending_a_run_leaves_the_callers_own_children_and_their_exit(tmp_path):
    """What the program that uses the judge started itself is neither killed nor reaped."""
    usable_launcher()
    own = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(1); exit(3)"])
    running = watch.Running(linux.LinuxTree, readers.PollReader)
    try:
        assert echoed(running, tmp_path, "x") == (b"x\n", 0)
    finally:
        running.end()
    assert own.wait(30) == 3


@LINUX_ONLY
def test_a_program_named_without_a_folder_is_found_on_path_as_popen_finds_it(tmp_path):
    usable_launcher()
    (tmp_path / "in").write_bytes(b"")
    running = watch.Running(linux.LinuxTree, readers.PollReader)
    try:
        run = watch.execute(running, (["echo", "hi"], None), tmp_path / "in", str(tmp_path), LIMITS)
    finally:
        running.end()
    assert (run.output, run.status) == (b"hi\n", 0)


@LINUX_ONLY
def test_a_command_too_long_for_a_supervisor_is_refused_whole(tmp_path):
    usable_launcher()
    (tmp_path / "in").write_bytes(b"")
    running = watch.Running(linux.LinuxTree, readers.PollReader)
    command = (["echo", "x" * 70000], shutil.which("echo"))
    try:
        with pytest.raises(OSError, match="its command passes 64 KiB"):
            watch.execute(running, command, tmp_path / "in", str(tmp_path), LIMITS)
        run = watch.execute(running, (["echo", "y"], None), tmp_path / "in", str(tmp_path), LIMITS)
    finally:
        running.end()
    assert run.output == b"y\n"  # and the next case runs


HYBRID = """\
30 25 0:26 / /sys/fs/cgroup/memory rw,relatime shared:9 - cgroup cgroup rw,memory
31 25 0:27 / /sys/fs/cgroup/unified rw,relatime shared:10 - cgroup2 cgroup2 rw
"""


@pytest.mark.parametrize(
    ("cgroup", "mounts", "folder"),
    [
        ("4:memory:/a\n0::/user/s.scope\n", HYBRID, "/sys/fs/cgroup/unified/user/s.scope"),
        ("0::/\n", HYBRID, "/sys/fs/cgroup/unified"),
        # a container's mount of its own subtree, at a path with a space
        ("0::/ci/job\n", "40 1 0:30 /ci /sys/my\\040cg rw - cgroup2 none rw\n", "/sys/my cg/job"),
        ("0::/cij\n", "40 1 0:30 /ci /sys/fs/cg rw - cgroup2 none rw\n", None),  # not below
        ("4:memory:/a\n", HYBRID, None),  # cgroup v1 alone
        ("0::/\n", HYBRID.splitlines()[0] + "\n", None),  # no cgroup2 mounted
    ],
)
def test_the_cgroup_folder_is_found_from_proc(tmp_path, cgroup, mounts, folder):
    (tmp_path / "cgroup").write_text(cgroup, encoding="utf-8")
    (tmp_path / "mountinfo").write_text(mounts, encoding="utf-8")
    assert linux.cgroup_folder(tmp_path / "cgroup", tmp_path / "mountinfo") == folder


def test_runner_no_cgroup_keeps_the_launcher_from_making_one(monkeypatch):
    """The launcher gets the runner's cgroup folder as its argument, unless RUNNER_NO_CGROUP."""
    started = []

    def popen(command, **_):
        started.append(command)
        raise OSError("not started")

    monkeypatch.setattr(linux.subprocess, "Popen", popen)
    monkeypatch.setattr(linux, "cgroup_folder", lambda: "/sys/fs/cgroup/x")
    for value in ("", "1"):
        monkeypatch.setenv("RUNNER_NO_CGROUP", value)
        assert linux.start_launcher() is None
    assert [command[5:] for command in started] == [["/sys/fs/cgroup/x"], []]
