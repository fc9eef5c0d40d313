"""judge/process/launcher.py: the program that starts, measures and kills every case on Linux.
It is a file run as `python -S -I launcher.py FD [CGROUP]` that needs nothing but the standard
library's C modules; it kills every case's tree when the runner goes; its supervisors sample
the tree while it runs, count it in a cgroup where they may, and hand a case no descriptor of
theirs."""

import ast
import builtins
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from process_util import (
    case_of,
    case_running,
    cleaned_up,
    command_line,
    descendants,
    endless_chain_run,
    imported_modules,
    modules_loaded_by,
    until,
    written_in_c,
)
from runner_util import BURNER, FORCED, LINUX_ONLY, PYTHON, case_verdicts, judged, make_root
from util import ROOT

from judge.process import launcher, linux

LAUNCHER = Path(launcher.__file__).resolve()


# ---------------------------------------------------------------- a program of its own


def run_time_code(source):
    """A module's code as it runs: without the body of `if TYPE_CHECKING:` (what the type
    checker alone imports) and the annotations of local variables, which are never evaluated."""
    code = ast.parse(source)
    for node in ast.walk(code):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            node.body = [ast.Pass()]
        elif isinstance(node, ast.FunctionDef):
            for local in ast.walk(node):
                if isinstance(local, ast.AnnAssign):
                    local.annotation = ast.Constant("")
    return code


def test_the_launcher_is_a_program_that_needs_nothing_of_the_runner():
    """Its source compiles alone, and every name it uses is its own, imported, or built in;
    what it imports inside a function is ctypes (prctl), resource (a case's stack) or
    subprocess (where os has no posix_spawn); what it imports for the type checker never
    loads."""
    source = LAUNCHER.read_text(encoding="utf-8")
    compile(ast.parse(source), "launcher", "exec")
    assert launcher.TYPE_CHECKING is False
    code = run_time_code(source)
    defined = set(dir(builtins))
    for node in ast.walk(code):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            defined.add(node.id)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            defined.add(node.name)
    used = {n.id for n in ast.walk(code) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    assert used - defined == set()
    allowed = {"os", "select", "_signal", "sys", "_socket", "ctypes", "resource", "subprocess"}
    allowed.add("time")
    assert imported_modules(code) <= allowed
    assert not any(isinstance(node, ast.ImportFrom) for node in ast.walk(code))


def test_the_launcher_loads_only_c_modules_as_it_starts():
    """Imported in a fresh `python -S -I`, it loads what `import os` loads (the one module of
    Python it needs), and besides that only modules written in C, built into the interpreter
    or extension modules: so it starts fast."""
    loaded = dict(modules_loaded_by(LAUNCHER.parent, "launcher"))
    for name in ["os", *dict(modules_loaded_by(LAUNCHER.parent, "os"))]:
        loaded.pop(name, None)
    assert {"_socket", "select"} <= set(loaded), loaded
    assert {name: origin for name, origin in loaded.items() if not written_in_c(origin)} == {}


@LINUX_ONLY
def test_the_launcher_runs_as_a_file_and_no_argument_is_longer_than_a_path(tmp_path, path):
    """While a case runs, the launcher and its supervisors (its forks) run as `python -S -I
    .../launcher.py FD [CGROUP]`, and no process of the run has an argument longer than the
    longest path it names: no program is passed as text on a command line."""
    judging, root, report = case_running(tmp_path, path)
    try:
        lines = [line for line in map(command_line, descendants(judging.pid)) if line]
        judging.communicate(timeout=60)
    finally:
        cleaned_up(judging)
    assert case_verdicts(json.loads(report.read_text())) == {"p/a": "AC"}
    assert judging.returncode == 0
    mine = [line for line in lines if os.fsencode(LAUNCHER) in line]
    assert len(mine) >= 2, lines  # the launcher and the case's supervisor
    python = os.fsencode(PYTHON)
    group = [os.fsencode(linux.launcher_cgroup())] if linux.launcher_cgroup() else []
    for line in mine:
        assert line[:4] == [python, b"-S", b"-I", os.fsencode(LAUNCHER)], line
        assert line[4].isdigit() and line[5:] == group, line
    longest = max(len(os.fsencode(p)) for p in (PYTHON, LAUNCHER, root, *group))
    assert [word for line in lines for word in line if len(word) > longest] == []
    assert [os.fsencode(PYTHON), b"solutions/p.py"] in lines  # the case, among them


# ---------------------------------------------------------------- the runner gone


@LINUX_ONLY
def test_an_endless_chain_is_all_killed_when_the_runner_is_killed(tmp_path, path):
    """The runner killed outright (SIGKILL: no time to clean up): the launcher sees it gone
    and stops and kills every case's tree."""
    ended, _, report = endless_chain_run(tmp_path, path, runner_killed=True)
    assert report is None  # killed: no report
    assert ended, "a link of the chain outlived the runner"


# ---------------------------------------------------------------- a supervisor and its case


@LINUX_ONLY
def test_a_case_holds_no_descriptor_of_the_runners(tmp_path, path):
    """Only 0, 1 and 2: a socket to its supervisor would let it write its own figures."""
    solution = (
        "import os\nprint([fd for fd in range(3, 64) if os.path.exists(f'/proc/self/fd/{fd}')])\n"
    )
    root = make_root(tmp_path, solution, {"a": ("", "[]\n")})
    status, report, _ = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0, report


def ignorer(rounds, workers, seconds):
    """A case that ignores SIGCHLD (a common C idiom), so that the kernel reaps its children
    itself and no wait4 measures them. It forks rounds of workers that burn seconds each."""
    return f"""\
import os, signal, time
{BURNER}signal.signal(signal.SIGCHLD, signal.SIG_IGN)
for _ in range({rounds}):
    for _ in range({workers}):
        burner({seconds})
    try:
        os.wait()  # SIGCHLD ignored: it returns once the round is gone, with ECHILD
    except ChildProcessError:
        pass
print(1)
"""


IGNORER = ignorer(4, 2, 0.2)  # 8 workers, two at a time


@LINUX_ONLY
def test_cpu_time_of_children_the_kernel_reaps_is_counted(tmp_path, path):
    """Each worker is counted up to its last sample: 10 ms short on a quiet machine, more on a
    busy one, whose supervisor samples less often (without the samples: 0.06 s). A limit far
    off, so that a busy machine cannot bring the wall backstop first."""
    the_workers_cpu_time_is_counted(tmp_path, path, IGNORER)


def the_workers_cpu_time_is_counted(tmp_path, path, solution):
    """The 8 workers' 1.6 s, less what the samples miss: a few ms each on a quiet machine,
    more on a busy one, whose supervisor samples less often. Without the samples it would be
    about 0.06 s. A limit far off, so that a busy machine cannot bring the backstop first."""
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    status, report, _ = judged(root, "--tle", "5", path=path)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0, report
    assert 600 <= case_of(report, "p/a")["cpu_ms"] < 2500, report


# The same with SIGCHLD left at SIG_DFL but SA_NOCLDWAIT set (sigaction through ctypes,
# struct sigaction as glibc lays it out on 64-bit Linux): the kernel reaps the workers all the
# same, and the SigIgn mask of /proc/PID/status says nothing of it.
NO_WAIT = IGNORER.replace(
    "signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n",
    """import ctypes, sys
action = ctypes.create_string_buffer(152)
action[136:140] = (2).to_bytes(4, sys.byteorder)  # sa_flags: SA_NOCLDWAIT
assert ctypes.CDLL(None).sigaction(signal.SIGCHLD, action, None) == 0
""",
)


@LINUX_ONLY
@pytest.mark.skipif(platform.machine() != "x86_64", reason="struct sigaction laid out for x86-64")
def test_cpu_time_of_children_reaped_under_sa_nocldwait_is_counted(tmp_path, path):
    the_workers_cpu_time_is_counted(tmp_path, path, NO_WAIT)


def cgroup_base():
    """The folder where the supervisors make their cgroups; the test is skipped where this
    user may make none, or the runner makes none (RUNNER_PORTABLE=1, RUNNER_NO_CGROUP=1)."""
    base = linux.launcher_cgroup()
    if FORCED or base is None:
        pytest.skip("the runner makes no cgroup: no cgroup v2, RUNNER_PORTABLE, RUNNER_NO_CGROUP")
    try:
        os.mkdir(f"{base}/judge-test-{os.getpid()}")
        os.rmdir(f"{base}/judge-test-{os.getpid()}")
    except (OSError, TypeError) as error:
        pytest.skip(f"no cgroup v2 can be made here ({base}): {error}")
    return base


# 150 workers of 8 ms each, one after another: most of them live and go between two samples
# of the supervisor, so only the case's cgroup counts them.
FLEETING = ignorer(150, 1, 0.008)


@LINUX_ONLY
def test_cpu_of_children_too_short_to_be_sampled_is_counted_in_a_cgroup(tmp_path):
    """1.2 s of workers: a limit far off, so that a busy machine cannot bring the backstop."""
    cgroup_base()
    root = make_root(tmp_path, FLEETING, {"a": ("", "1\n")})
    status, report, _ = judged(root, "--tle", "5", path="native")
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0, report
    assert case_of(report, "p/a")["cpu_ms"] >= 1200, report


GROUP = """\
import os, signal, sys, time
from judge.process.launcher import Group
group = Group(sys.argv[1])
inside = open("/proc/self/cgroup").read()
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
if os.fork() == 0:
    start = time.process_time()
    while time.process_time() - start < 0.3:
        pass
    os._exit(0)
try:
    os.wait()
except ChildProcessError:
    pass
used = group.case_used()
group.leave()
print(inside.strip().endswith(f"/judge-{os.getpid()}"), used, os.path.exists(group.folder))
"""


@LINUX_ONLY
def test_a_group_counts_a_reaped_child_and_goes_when_left():
    """The process is in judge-PID while it holds the group, which counts the child the
    kernel reaped and not the process itself; leaving removes the folder."""
    base = cgroup_base()
    done = subprocess.run([PYTHON, "-c", GROUP, base], capture_output=True, text=True, cwd=ROOT)
    inside, used, left = done.stdout.split()
    assert (inside, left) == ("True", "False"), done.stderr
    assert 0.3 <= float(used) < 0.3 + 0.1, done.stdout


KILLER = """\
import os, signal, sys
with open(sys.argv[1], "w") as file:
    file.write(str(os.getppid()))
print(1, flush=True)
os.kill(os.getppid(), signal.SIGKILL)
"""


@LINUX_ONLY
def test_the_cgroup_of_a_killed_supervisor_is_removed(tmp_path):
    base = cgroup_base()
    root = make_root(tmp_path, KILLER, {"a": ("", "1\n")})
    command = f"{PYTHON} solutions/p.py {tmp_path / 'supervisor'}"
    _, report, err = judged(root, "p", "--command", command, cwd=root, path="native")
    assert case_verdicts(report) == {"p/a": "RE"}, err
    assert not os.path.exists(f"{base}/judge-{(tmp_path / 'supervisor').read_text()}")


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
    status, report, _ = judged(root, "--mle", "128", path=path)
    assert case_verdicts(report) == {"p/a": "MLE"} and status == 1, report
    assert case_of(report, "p/a")["peak_mib"] > 200


# A process that starts a child, and both sleep.
PARENT = """\
import subprocess, sys, time
subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
time.sleep(60)
"""


@LINUX_ONLY
def test_the_process_walks_find_every_descendant_and_only_strays():
    """children() and descendants() read /proc's lists; strays() leaves out the trees of the
    supervisors named, as the launcher does to kill what a killed one left."""
    first, second = (subprocess.Popen([sys.executable, "-c", PARENT]) for _ in range(2))
    try:
        until(lambda: len(launcher.descendants([first.pid, second.pid])) == 4)
        assert {first.pid, second.pid} <= set(launcher.children(os.getpid()))
        under = launcher.descendants([first.pid])
        assert under[0] == first.pid and len(under) == 2
        strays = set(launcher.strays({first.pid}))
        assert second.pid in strays and not strays & set(under)
        assert launcher.children(2**22 + 1) == []  # no such process: nothing
    finally:
        for process in (first, second):
            launcher.stop_and_kill(lambda p=process: launcher.descendants([p.pid]))
            process.wait(timeout=10)


@LINUX_ONLY
@pytest.mark.parametrize("ignored", [False, True])
def test_whether_a_process_ignores_sigchld_is_seen(ignored):
    """Its children are reaped by the kernel, unmeasured: the supervisor counts their samples."""
    code = "import signal, sys, time\n"
    code += "signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n" if ignored else ""
    code += "print(1, flush=True)\ntime.sleep(60)\n"
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    try:
        assert process.stdout.readline() == b"1\n"
        assert launcher.ignores_children(process.pid) is ignored
    finally:
        process.kill()
        process.wait(timeout=10)
        process.stdout.close()
    assert launcher.ignores_children(process.pid) is False  # gone: nothing to read


@LINUX_ONLY
def test_the_wait_for_a_cpu_is_the_longest_of_any_thread():
    """Busy worker threads, more than the CPUs, wait for one while the main thread sleeps in
    join(): their wait counts (schedstat's second field, of every task of the process)."""
    import hashlib
    import threading

    stop, data = time.monotonic() + 0.4, bytes(1 << 24)

    def busy():  # hashing a large buffer lets go of the GIL: the threads run at once
        while time.monotonic() < stop:
            hashlib.sha256(data)

    workers = [threading.Thread(target=busy) for _ in range(2 * (os.cpu_count() or 1) + 1)]
    for worker in workers:
        worker.start()
    time.sleep(0.3)
    waits = {}
    for task in os.listdir("/proc/self/task"):
        with open(f"/proc/self/task/{task}/schedstat") as schedstat:
            waits[int(task)] = int(schedstat.read().split()[1]) / 1e9
    found = launcher.family(os.getpid())[1]
    for worker in workers:
        worker.join()
    assert len(waits) > 1 and found >= max(waits.values()), waits  # read after: never less


@LINUX_ONLY
def test_a_case_whose_stack_the_system_refuses_runs_with_the_supervisors(monkeypatch):
    import resource

    def refused(*limits):
        raise OSError(1, "refused")

    monkeypatch.setattr(resource, "setrlimit", refused)
    assert launcher.stack_limited(256 << 20) is None
    true = shutil.which("true").encode()
    with open(os.devnull, "rb") as null:
        pid = launcher.spawn(true, [b"true"], [null.fileno()] * 3, dict(os.environb), False, 1)
    assert os.waitpid(pid, 0)[1] == 0
