"""judge/process/trees.py: a case's process tree, and the seam every kind of tree shares. The
plain tree knows the exit code alone; the POSIX tree measures the case by wait4 and kills its
process group; a helper the case daemonizes lives as long as the case, and what a case
leaves running when its main process exits is killed then."""

import contextlib
import inspect
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest
import runner_util
from process_util import case_of, deep_recursion, run_without_wait4, until
from runner_util import (
    BUSY,
    POSIX_ONLY,
    PYTHON,
    case_verdicts,
    judged,
    make_root,
    new_marker,
    none_left,
)
from sandbox_util import needs_sandbox
from util import ROOT

from judge.process import launcher, linux, readers, trees, watch, windows

TREES = [trees.PlainTree, trees.PosixTree, linux.LinuxTree, windows.WindowsTree]


# ---------------------------------------------------------------- the seam


def test_every_tree_has_the_same_methods_with_the_same_signatures():
    methods = [name for name, value in vars(trees.Tree).items() if callable(value)]
    methods += ["ready", "begin_run", "end_run"]
    assert {"__init__", "exited", "wait", "usage_now", "kill", "finish"} <= set(methods)
    for tree in TREES:
        assert issubclass(tree, trees.Tree)
        for name in methods:
            want = inspect.signature(getattr(trees.Tree, name))
            assert inspect.signature(getattr(tree, name)) == want, (tree.__name__, name)


# ---------------------------------------------------------------- the kinds, run here


def closed(tree):
    for pipe in tree.pipes.opened():
        pipe.close()


@pytest.fixture(
    params=[
        pytest.param(trees.PlainTree, marks=POSIX_ONLY, id="Tree"),
        pytest.param(trees.PosixTree, marks=POSIX_ONLY, id="PosixTree"),
    ]
)
def kind(request):
    """The kinds of tree run here: the plain one, and the POSIX one (Linux's runs apart)."""
    return request.param


@contextlib.contextmanager
def running(kind, code):
    """A tree of the kind running `python -c code`, its pipes closed at the end."""
    tree = kind(([sys.executable, "-c", code], None), subprocess.DEVNULL, ROOT)
    try:
        yield tree
    finally:
        closed(tree)


# 0.2 s of CPU, then exit status 3.
BUSY_THEN_3 = BUSY.replace("float(sys.stdin.read())", "0.2").replace("print(1)", "sys.exit(3)")
# A child in the process group, its pid printed, and both sleep.
WITH_A_CHILD = """\
import subprocess, sys, time
child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])
print(child.pid, flush=True)
time.sleep(60)
"""


def test_a_tree_gives_the_exit_code_and_what_it_measures(kind):
    """The plain tree the code alone; the POSIX tree its CPU time and peak memory too."""
    with running(kind, BUSY_THEN_3) as tree:
        until(tree.exited)
        status, cpu, peak, judged_peak = tree.finish()
    assert status == 3 and tree.measures is (kind is trees.PosixTree)
    if kind is trees.PlainTree:
        assert (cpu, peak, judged_peak) == (None, None, None)
    else:
        assert cpu >= 0.2 and peak > 1 and judged_peak in (peak, 0.0)


def test_a_killed_tree_takes_its_process_group_with_it(kind):
    """The case's child in its process group is killed with it; finish() says SIGKILL."""
    with running(kind, WITH_A_CHILD) as tree:
        child = int(tree.pipes.stdout.readline())
        assert not tree.exited()
        tree.kill()
        assert tree.finish()[0] == -signal.SIGKILL
        until(lambda: not runner_util.alive(child))


@POSIX_ONLY
def test_a_tree_can_write_to_a_descriptor_of_its_own():
    """stdout given: no pipe to the runner for it, only for stderr."""
    reader, writer = os.pipe()
    tree = trees.PosixTree(
        ([sys.executable, "-c", "print(42)"], None), subprocess.DEVNULL, ROOT, writer
    )
    os.close(writer)
    try:
        assert tree.pipes.stdout is None and tree.pipes.stderr is not None
        assert tree.finish()[0] == 0
        assert os.read(reader, 100) == b"42\n"
    finally:
        os.close(reader)
        closed(tree)


# ---------------------------------------------------------------- a run with them

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
    status, report, _ = judged(root, "-j", "2", path=path)
    assert case_verdicts(report) == {f"p/{case}": "AC" for case in "abcd"} and status == 0


# A parent that forks a child which sleeps holding its stdout and stderr (named by the marker,
# the first word on stdin), writes the second word and exits, as DOMjudge's
# test-fork-parent-exit does. "long" writes 1 MB at once into a pipe made as large (Linux),
# which may still hold much of it when the parent exits.
LEFT_HOLDING = """\
import contextlib, fcntl, os, sys
marker, answer = sys.stdin.read().split()
if os.fork() == 0:
    os.execv("/bin/sh", ["sh", "-c", "sleep 60; :", marker])
if answer == "long":
    with contextlib.suppress(OSError):
        fcntl.fcntl(1, 1031, 1 << 20)  # F_SETPIPE_SZ
    answer = "x" * 1_000_000
os.write(1, answer.encode() + b"\\n")
os._exit(0)
"""


@POSIX_ONLY
def test_a_case_ends_with_its_main_process_and_what_it_left_is_killed(tmp_path, path):
    """As DOMjudge's runguard and problemtools: judged by what it wrote when its main process
    exited, at once (not at the 3 s backstop), and the sleeping child is killed. Of a long
    answer, what was still in the pipe when it exited is read too."""
    marker = new_marker("holder")
    cases = {"a": (f"{marker} right", "right\n"), "b": (f"{marker} wrong", "right\n")}
    cases["c"] = (f"{marker} long", "x" * 1_000_000 + "\n")
    root = make_root(tmp_path, LEFT_HOLDING, cases)
    status, report, _ = judged(root, "-j", "2", path=path)
    assert case_verdicts(report) == {"p/a": "AC", "p/b": "WA", "p/c": "AC"} and status == 1, report
    assert max(case_of(report, f"p/{case}")["wall_ms"] for case in "abc") < 1500, report
    assert none_left(marker)


@POSIX_ONLY
@pytest.mark.parametrize("kind", [readers.PollReader, readers.ThreadReader])
@pytest.mark.parametrize("held", [False, True], ids=["closed", "held"])
def test_what_is_left_in_the_pipes_is_read_once_the_case_is_killed(kind, held):
    """Every byte left in stdout and stderr, to their end; and no longer than its bound
    where a process outside the tree still holds them."""
    (out, out_end), (err, err_end) = os.pipe(), os.pipe()
    os.write(out_end, b"x" * 60_000)
    os.write(err_end, b"oops")
    for end in [] if held else [out_end, err_end]:
        os.close(end)
    pipes = trees.Pipes(open(out, "rb", buffering=0), open(err, "rb", buffering=0))  # noqa: SIM115
    reader = kind(pipes, 1 << 20)
    try:
        start = time.monotonic()
        watch.drain(reader, 1 << 20, most=0.5)
        assert time.monotonic() - start < 1.5
        assert (len(reader.output), bytes(reader.errors)) == (60_000, b"oops")
        assert reader.reading() is held
    finally:
        for end in [out_end, err_end] if held else []:
            os.close(end)
        reader.close(pipes)


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
    """The runner grows as it reads a big output; a later case's figure is not the runner's."""
    solution = BURST.replace("MIB", "170")
    root = make_root(tmp_path, solution, {"a": ("big", None), "b": ("", ""), "c": ("", "")})
    status, report, _ = judged(
        root, "--mle", "150", "--ole", "100", "--tle", "5", "-j", "1", path=path
    )
    assert case_verdicts(report) == {"p/a": "--", "p/b": "MLE", "p/c": "MLE"} and status == 1
    root = make_root(tmp_path, BURST.replace("MIB", "20"), {})
    status, after, _ = judged(root, "--ole", "100", "--tle", "5", "-j", "1", path=path)
    assert case_verdicts(after) == {"p/a": "--", "p/b": "AC", "p/c": "AC"}
    status, alone, _ = judged(root, "-k", "b", "--tle", "5", path=path)
    peaks = case_of(after, "p/b")["peak_mib"], case_of(alone, "p/b")["peak_mib"]
    assert abs(peaks[0] - peaks[1]) <= 1.0, peaks


@POSIX_ONLY
def test_without_a_memory_reading_mle_is_not_judged_and_the_report_says_so(tmp_path):
    """Where os has no wait4 (and there is no Job Object) the plain tree runs each case, on
    the portable path: 200 MiB under a 100 MiB limit is AC, with no CPU time or peak."""
    solution = "data = b'x' * (200 << 20)\nprint(len(data))\n"
    root = make_root(tmp_path, solution, {"a": ("", f"{200 << 20}\n")})
    report = tmp_path / "report.json"
    done = run_without_wait4(root, report, "--mle", "100", "--tle", "10", "--python", PYTHON)
    assert done.returncode == 0, done.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert case_verdicts(data) == {"p/a": "AC"} and data["path"] == "portable"
    assert (case_of(data, "p/a")["cpu_ms"], case_of(data, "p/a")["peak_mib"]) == (None, None)
    assert case_of(data, "p/a")["wall_ms"] is not None


# ---------------------------------------------------------------- the stack a case gets

# Prints its stack's soft limit (RLIMIT_STACK) in KiB, as `ulimit -s` does.
STACK = """\
import resource
soft = resource.getrlimit(resource.RLIMIT_STACK)[0]
print("unlimited" if soft == resource.RLIM_INFINITY else soft >> 10)
"""


def runners_stack(soft, hard):
    """A preexec_fn that starts the runner with these RLIMIT_STACK limits, in MiB (None:
    unlimited)."""
    import resource

    limits = [resource.RLIM_INFINITY if mib is None else mib << 20 for mib in (soft, hard)]
    return lambda: resource.setrlimit(resource.RLIMIT_STACK, limits)


@POSIX_ONLY
@pytest.mark.skipif(not shutil.which("g++"), reason="needs a C++ compiler (g++)")
def test_a_program_has_a_stack_as_large_as_its_memory_limit(tmp_path, path):
    """As on Codeforces and AtCoder: C++ 10^6 calls deep is AC under 256 MiB, where the usual
    8 MiB stack is a SIGSEGV."""
    program = deep_recursion(tmp_path)
    root = make_root(tmp_path, "", {"a": ("", "0\n")})
    status, report, _ = judged(root, "p", "--command", str(program), "--mle", "256", path=path)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0, report


@POSIX_ONLY
@pytest.mark.parametrize(
    "runners, stack",
    [((8, None), 256), ((512, None), 256), ((8, 64), 64), ((None, None), 256)],
    ids=["raised", "lowered", "at-the-hard-limit", "from-unlimited"],
)
def test_the_stack_is_the_memory_limit_as_far_as_the_hard_limit_allows(
    tmp_path, path, runners, stack
):
    """256 MiB of memory: a stack of 256 MiB, whatever the runner's, but never past its hard
    limit."""
    root = make_root(tmp_path, STACK, {"a": ("", f"{stack << 10}\n")})
    limits = runners_stack(*runners)
    status, report, _ = judged(root, "--mle", "256", path=path, preexec_fn=limits)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0, report


@POSIX_ONLY
def test_without_wait4_the_stack_is_the_memory_limit_too(tmp_path):
    root = make_root(tmp_path, STACK, {"a": ("", f"{256 << 10}\n")})
    report = tmp_path / "report.json"
    done = run_without_wait4(root, report, "--mle", "256", "--python", PYTHON)
    assert done.returncode == 0, done.stderr
    assert case_verdicts(json.loads(report.read_text(encoding="utf-8"))) == {"p/a": "AC"}


# A Kattis package of one case, in the legacy format or the 2025-09 one.
PACKAGE_YAML = {
    "legacy": "name: Stacked\nlimits:\n  time_limit: 1\n  memory: 256\n",
    "2025-09": "problem_format_version: 2025-09\nname: S\nlimits: {time_limit: 1, memory: 256}\n",
}
# Plays tests/packages/guess as its accepted halves.py does, where its stack has no limit,
# else exits 3.
GUESSES_IF_UNLIMITED = (
    "import resource, sys\n"
    "if resource.getrlimit(resource.RLIMIT_STACK)[0] != resource.RLIM_INFINITY:\n"
    "    sys.exit(3)\n"
) + (ROOT / "tests" / "packages" / "guess" / "submissions" / "accepted" / "halves.py").read_text()


def stack_package(tmp_path, version, answer):
    """A Kattis package whose one case's answer is what STACK is to print, and STACK beside it
    as stack.py: the package's folder."""
    folder = tmp_path / "stacked"
    runner_util.write(folder / "problem.yaml", PACKAGE_YAML[version])
    runner_util.write(folder / "data" / "secret" / "1.in", "")
    runner_util.write(folder / "data" / "secret" / "1.ans", answer)
    runner_util.write(tmp_path / "stack.py", STACK)
    return folder


@POSIX_ONLY
@pytest.mark.parametrize(
    "version, runners, answer",
    [("legacy", (8, None), "unlimited"), ("2025-09", (8, 512), str(512 << 10))],
    ids=["legacy-unlimited", "2025-09-at-the-hard-limit"],
)
def test_a_kattis_package_case_has_no_stack_limit(tmp_path, path, version, runners, answer):
    """As problemtools, BAPCtools and DOMjudge's runguard give: RLIMIT_STACK unlimited, or the
    hard limit where that is not; not the memory limit (256 MiB). So a thread gets glibc's
    own 2 MiB stack (DOMjudge's hello test-multithread.c aborts on any other)."""
    folder = stack_package(tmp_path, version, answer + "\n")
    args = "--package", str(folder), "--command", f"{PYTHON} stack.py"
    limits = runners_stack(*runners)
    status, report, err = judged(tmp_path, *args, cwd=tmp_path, path=path, preexec_fn=limits)
    assert case_verdicts(report) == {"stacked/secret/1": "AC"} and status == 0, (report, err)


@POSIX_ONLY
def test_an_interactive_kattis_package_case_has_no_stack_limit(tmp_path, path):
    """Its program too, piped to its interactor: it plays only where its stack has no limit."""
    runner_util.write(tmp_path / "guess.py", GUESSES_IF_UNLIMITED)
    folder = ROOT / "tests" / "packages" / "guess"
    args = "--package", str(folder), "--command", f"{PYTHON} {tmp_path / 'guess.py'}"
    status, report, err = judged(tmp_path, *args, path=path, preexec_fn=runners_stack(8, None))
    assert set(case_verdicts(report).values()) == {"AC"} and status == 0, (report, err)


@POSIX_ONLY
def test_a_kattis_package_case_has_no_stack_limit_in_the_sandbox_too(tmp_path):
    needs_sandbox()
    folder = stack_package(tmp_path, "legacy", "unlimited\n")
    args = "--package", str(folder), "--command", f"{PYTHON} stack.py", "--sandbox"
    status, report, err = judged(tmp_path, *args, cwd=tmp_path, preexec_fn=runners_stack(8, None))
    assert case_verdicts(report) == {"stacked/secret/1": "AC"} and status == 0, (report, err)


@POSIX_ONLY
def test_a_folder_of_cases_has_a_stack_as_large_as_its_memory_limit(tmp_path, path):
    """Unlike a package's case: a folder judged with --command is no Kattis problem."""
    runner_util.write(tmp_path / "cases" / "1.in", "")
    runner_util.write(tmp_path / "cases" / "1.out", f"{256 << 10}\n")
    runner_util.write(tmp_path / "stack.py", STACK)
    args = "./cases", "--command", f"{PYTHON} stack.py", "--mle", "256"
    limits = runners_stack(8, None)
    status, report, err = judged(tmp_path, *args, cwd=tmp_path, path=path, preexec_fn=limits)
    assert case_verdicts(report) == {"cases/1": "AC"} and status == 0, (report, err)


@POSIX_ONLY
def test_no_stack_limit_is_the_hard_limit_and_travels_to_the_launcher_as_a_word():
    """Python's RLIM_INFINITY is -1: no min() with it. The launcher's STACK is `unlimited`."""
    import resource

    infinity, mib = resource.RLIM_INFINITY, 1 << 20
    assert launcher.stack_soft(infinity, infinity) == infinity
    assert launcher.stack_soft(infinity, 64 * mib) == 64 * mib
    assert launcher.stack_soft(256 * mib, infinity) == 256 * mib
    assert launcher.stack_soft(256 * mib, 64 * mib) == 64 * mib
    asked = [launcher.stack_asked(word) for word in (b"unlimited", b"", b"1024")]
    assert asked == [infinity, None, 1024]
    words = [linux.stack_word(stack) for stack in (trees.UNLIMITED_STACK, None, 2.0)]
    assert words == ["unlimited", "", str(2 * mib)]
    hard = resource.getrlimit(resource.RLIMIT_STACK)[1]
    assert trees.stack_limits(trees.UNLIMITED_STACK) == (hard, hard)


@POSIX_ONLY
def test_a_stack_the_system_refuses_leaves_the_stack_as_it_was():
    """A soft limit over the hard one is refused: the case starts with the stack it had."""
    import resource

    before = resource.getrlimit(resource.RLIMIT_STACK)
    trees.stack_setter((2 << 20, 1 << 20))()
    assert resource.getrlimit(resource.RLIMIT_STACK) == before
    assert trees.stack_limits(None) is None
    assert trees.stack_bytes(1e30) == trees.STACK_MOST and trees.stack_bytes(1e-9) == 1
