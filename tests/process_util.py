"""What the tests of judge/process/, judge/stop.py and judge/platform.py share, besides what
every runner test shares (tests/runner_util.py): a finished run as watch makes them, a case of
a JSON report, a wait that cannot hang, a runner started, signalled and cleaned up, the
processes it started, and reading the package's source."""

import ast
import contextlib
import importlib.machinery
import importlib.util
import json
import os
import select
import subprocess
import sys
import sysconfig
import time

from runner_util import PYTHON, RUNNER, case_details, make_root, started_on, wait_a_little
from util import ROOT

from judge.platform import LINUX
from judge.process import launcher, watch

JUDGE = ROOT / "judge"
WAIT_AT_MOST = 60  # seconds a test waits for what must come at once, so that it never hangs


# A run that ended by itself with exit status 0, well within every limit.
QUIET_RUN = {
    "stderr": b"",
    "status": 0,
    "wall": 0.2,
    "cpu": 0.1,
    "peak_mib": 10.0,
    "timed_out": False,
    "overflowed": False,
}


def finished_run(output=b"", **fields):
    """A watch.Run of a program that printed output, QUIET_RUN unless fields say otherwise."""
    return watch.Run(**{**QUIET_RUN, "output": output, **fields})


def backstop_line(backstop, cpu):
    """What a TLE at the wall backstop of so many seconds says, after so many seconds of CPU
    (both as the line writes them: "1.5", "0.20")."""
    busy = "" if LINUX else " or the machine is busy"
    return (
        f"wall time passed the {backstop} s backstop (3x the limit) with only {cpu} s of CPU: it "
        f"waits (on input, a sleep, a child){busy}"
    )


def case_of(report, label):
    """The case "problem/case" of a JSON report, as data."""
    found = [c for c in report["cases"] if f"{c['problem']}/{c['case']}" == label]
    assert len(found) == 1, (label, report["cases"])
    return found[0]


def details(report, label="p/a"):
    """The lines under a case of the JSON report, as one text."""
    return "\n".join(case_details(report)[label])


def until(condition, process=None, what="it never happened"):
    """Wait until condition() holds, while the process (if any) still runs; a failure, not a
    hang, if it never does."""
    deadline = time.monotonic() + WAIT_AT_MOST
    while not condition():
        assert process is None or process.poll() is None, what
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def case_running(tmp_path, path, seconds="1", tle="30"):
    """A runner started in the background on a case that sleeps so many seconds, once the
    case runs: (the runner, its root, its report's path)."""
    flag = tmp_path / "started"
    solution = f"import time\nopen({str(flag)!r}, 'w').close()\ntime.sleep({seconds})\nprint(1)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    report = tmp_path / "report.json"
    judging = started_on(root, path, "--tle", tle, "--json", str(report))
    try:
        until(flag.exists, judging, "the case never ran")
    except BaseException:
        cleaned_up(judging)
        raise
    return judging, root, report


def descendants(pid):
    """The pids of the processes under pid, found by /proc's children lists."""
    return launcher.descendants([pid])[1:]


def command_line(pid):
    """The arguments of pid as bytes, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as line:
            return line.read().split(b"\0")[:-1]
    except OSError:
        return None


# A C++ program 10^6 calls deep. Each frame keeps a volatile array that the next call reads
# (its address goes down), so no call can become a loop: some 64 MB of stack, far past the
# usual 8 MiB. It prints 0.
DEEP_RECURSION = r"""
#include <cstdio>
static int depth(int n, volatile char *up) {
    volatile char here[32] = {};
    here[n & 31] = up[n & 31];
    return n == 0 ? here[0] : depth(n - 1, here) + here[n & 31];
}
int main() {
    volatile char top[32] = {};
    std::printf("%d\n", depth(1000000, top));
}
"""


def deep_recursion(folder):
    """DEEP_RECURSION compiled (g++ -O2) into folder: the program's path."""
    (folder / "deep.cpp").write_text(DEEP_RECURSION, encoding="utf-8")
    program = folder / "deep"
    command = ["g++", "-O2", "-o", str(program), str(folder / "deep.cpp")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return program


def run_without_wait4(root, report, *args):
    """The runner on root, with --json report, where os has no wait4 (Windows without a Job
    Object, say): the completed process, its output as text."""
    prelude = "import os, runpy, sys\ndel os.wait4\nsys.argv[0] = sys.argv[1]\ndel sys.argv[1]\n"
    command = [PYTHON, "-c", prelude + "runpy.run_path(sys.argv[0], run_name='__main__')"]
    command += [str(RUNNER), "--root", str(root), "--json", str(report), *args]
    return subprocess.run(command, capture_output=True, encoding="utf-8", timeout=120, check=False)


def judge_sources():
    """runner.py and every module of judge/, as (path relative to the repo, parsed tree)."""
    paths = [ROOT / "runner.py", *sorted(JUDGE.rglob("*.py"))]
    return [
        (path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
        for path in paths
        if "__pycache__" not in path.parts
    ]


def imported_modules(tree):
    """The top-level name of every module a parsed source imports, at any depth of the code
    (a relative import counts as none)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


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


def modules_loaded_by(folder, module):
    """What importing module from folder loads in a fresh `python -S -I`, besides itself: each
    as (name, where its spec says it comes from: "built-in", "frozen" or a file)."""
    code = (
        "import sys\nbefore = set(sys.modules)\nsys.path.insert(0, sys.argv[1])\n"
        f"import {module}\n"
        f"for name in sorted(set(sys.modules) - before - {{{module!r}}}):\n"
        "    print(name, getattr(sys.modules[name].__spec__, 'origin', None))\n"
    )
    done = subprocess.run(
        [PYTHON, "-S", "-I", "-c", code, str(folder)],
        capture_output=True,
        encoding="utf-8",
        timeout=60,
        check=True,
    )
    return [tuple(line.split(" ", 1)) for line in done.stdout.splitlines()]


def written_in_c(origin):
    """Whether a module that comes from origin (see modules_loaded_by) is C: built into the
    interpreter, or an extension module."""
    return origin == "built-in" or origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def signalled(judging, signals, ready=None, what="", timeout=60, pause=0.0):
    """The runner judging sent signals (pause seconds apart), once ready() holds if given
    (else a failure: what), then read to its end: (stdout, stderr). It is killed if it still
    runs, and reaped, whatever happens."""
    try:
        until(ready or (lambda: True), judging, what)
        for at, number in enumerate(signals):
            time.sleep(pause if at else 0)
            judging.send_signal(number)
        return judging.communicate(timeout=timeout)
    finally:
        cleaned_up(judging)


def cleaned_up(process):
    """Kill a runner a test started, if it still runs, and reap it."""
    with contextlib.suppress(OSError):
        process.kill()
    process.wait(timeout=WAIT_AT_MOST)


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
    with contextlib.suppress(BlockingIOError):
        if select.select([fd], [], [], 0.05)[0]:
            return os.read(fd, 1)
    return None


def endless_chain_run(tmp_path, path, runner_killed):
    """A runner on one case that starts ENDLESS, killed outright (SIGKILL) once the chain
    runs if runner_killed, else left to end: whether no link of the chain is left then, the
    runner's exit status and its JSON report (None if it wrote none)."""
    fifo = tmp_path / "links"
    os.mkfifo(fifo)
    links = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        seconds = "60" if runner_killed else "0.3"
        root = make_root(tmp_path, ENDLESS, {"a": (f"{fifo} {seconds}", "1\n")})
        report = tmp_path / "report.json"
        judging = started_on(root, path, "--tle", "30", "--json", str(report))
        try:
            until(lambda: fifo_read(links) == b"s", judging, "the chain never ran")
            if runner_killed:
                judging.kill()
            judging.communicate(timeout=60)
        finally:
            cleaned_up(judging)
        ended = wait_a_little(lambda: fifo_read(links) == b"")
    finally:
        os.close(links)
    data = json.loads(report.read_text(encoding="utf-8")) if report.exists() else None
    return ended, judging.returncode, data
