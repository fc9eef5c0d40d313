"""What the runner measures of a case's tree: CPU time and memory."""

import json
import os
import re
import shutil
import signal
import subprocess
import sys

import pytest
import runner_util
from runner_util import (
    BUSY,
    LINUX_ONLY,
    POSIX_ONLY,
    PYTHON,
    RUNNER,
    hopper,
    judge,
    make_root,
    path_env,
    verdicts,
    write,
)

path = runner_util.path  # the fixture: both process paths


@pytest.mark.deep
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


def pinned_to_one_cpu(cpu):
    os.sched_setaffinity(0, {cpu})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.deep
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


# The case ignores SIGCHLD (a common C idiom), so the kernel reaps its children itself and no
# wait4 measures them; it forks workers two at a time, 8 in all, that burn 0.2 s each.
IGNORER = """\
import os, signal, time
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
for _ in range(4):
    for _ in range(2):
        if os.fork() == 0:
            start = time.process_time()
            while time.process_time() - start < 0.2:
                pass
            os._exit(0)
    try:
        os.wait()  # SIGCHLD ignored: it returns once both are gone, with ECHILD
    except ChildProcessError:
        pass
print(1)
"""


@LINUX_ONLY
def test_cpu_time_of_children_the_kernel_reaps_is_counted(tmp_path, path):
    """Each worker is counted up to its last sample: 10 ms short on a quiet machine, more on a
    busy one, whose supervisor samples less often (without the samples: 0.06 s). A limit far
    off, so that a busy machine cannot bring the wall backstop first."""
    root = make_root(tmp_path, IGNORER, {"a": ("", "1\n")})
    status, out, _, _ = judge(root, "--tle", "5", path=path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0, out
    cpu = int(re.search(r"^AC  p/a +(\d+) ms CPU", out, re.M).group(1))
    assert 1000 <= cpu < 2500, out


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
if sys.stdin.read() == "big":  # one block of 1 MiB, written 60 times: small even on PyPy
    block = b"x" * (1 << 20)
    for _ in range(60):
        sys.stdout.buffer.write(block)
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
