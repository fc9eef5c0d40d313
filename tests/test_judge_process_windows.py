"""The Windows tree (a Job Object) and a tree that measures nothing, checked anywhere."""

import ctypes
import re
import signal
import subprocess
import sys

import pytest
from runner_util import POSIX_ONLY, PYTHON, make_root, verdicts
from util import ROOT

from judge import cli
from judge.process import windows

# winnt.h's layouts for 64-bit Windows (the x64 ABI: 8-byte LARGE_INTEGER, SIZE_T, ULONG_PTR
# and IO_COUNTERS' ULONGLONGs aligned at 8, DWORDs at 4): every field's offset, then the size.
ACCOUNTING_X64 = [
    ("TotalUserTime", 0),
    ("TotalKernelTime", 8),
    ("ThisPeriodTotalUserTime", 16),
    ("ThisPeriodTotalKernelTime", 24),
    ("TotalPageFaultCount", 32),
    ("TotalProcesses", 36),
    ("ActiveProcesses", 40),
    ("TotalTerminatedProcesses", 44),
]


EXTENDED_LIMITS_X64 = [
    ("PerProcessUserTimeLimit", 0),
    ("PerJobUserTimeLimit", 8),
    ("LimitFlags", 16),
    ("MinimumWorkingSetSize", 24),
    ("MaximumWorkingSetSize", 32),
    ("ActiveProcessLimit", 40),
    ("Affinity", 48),
    ("PriorityClass", 56),
    ("SchedulingClass", 60),
    ("IoInfo", 64),  # IO_COUNTERS: six ULONGLONGs, 48 bytes
    ("ProcessMemoryLimit", 112),
    ("JobMemoryLimit", 120),
    ("PeakProcessMemoryUsed", 128),
    ("PeakJobMemoryUsed", 136),
]


@pytest.mark.skipif(ctypes.sizeof(ctypes.c_void_p) != 8, reason="sizes are winnt.h's for 64 bits")
def test_the_job_object_structures_have_the_windows_layout():
    accounting, limits = windows.job_structures(ctypes)
    for structure, layout, size in [
        (accounting, ACCOUNTING_X64, 48),
        (limits, EXTENDED_LIMITS_X64, 144),
    ]:
        assert [(name, getattr(structure, name).offset) for name, _ in layout] == layout
        assert [name for name, _ in structure._fields_] == [name for name, _ in layout]
        assert ctypes.sizeof(structure) == size
    assert limits.IoInfo.size == 48


@POSIX_ONLY
def test_without_a_job_object_taskkill_is_used_and_nothing_is_measured(monkeypatch):
    """Here, where Windows refuses a Job Object (ctypes has no WinDLL), the Windows tree
    falls back on taskkill /T /F and then kills the child itself."""
    asked = []
    monkeypatch.setattr(windows.subprocess, "run", lambda command, **options: asked.append(command))
    sleeper = ([sys.executable, "-c", "import time; time.sleep(30)"], None)
    tree = windows.WindowsTree(sleeper, subprocess.DEVNULL, ROOT)
    try:
        assert tree.job is None and not tree.measures
        assert tree.usage_now() == (None, None) and not tree.exited()
        tree.kill()
        assert asked == [["taskkill", "/T", "/F", "/PID", str(tree.child.pid)]]
        assert tree.finish() == (-signal.SIGKILL, None, None, None)
    finally:
        tree.child.kill()
        tree.child.wait()
        tree.child.stdout.close()
        tree.child.stderr.close()


@POSIX_ONLY
def test_without_a_memory_reading_mle_is_not_judged_and_the_report_says_so(
    tmp_path, monkeypatch, capsys
):
    solution = "data = b'x' * (200 << 20)\nprint(len(data))\n"
    root = make_root(tmp_path, solution, {"a": ("", f"{200 << 20}\n")})
    monkeypatch.setattr(runner, "PORTABLE", True)
    monkeypatch.setattr(runner, "WAIT4", None)  # a platform with neither wait4 nor a Job Object
    handler = signal.getsignal(signal.SIGTERM)
    try:
        status = cli.main(
            ["--root", str(root), "--mle", "100", "--tle", "10", "--python", PYTHON]
        )
    finally:
        signal.signal(signal.SIGTERM, handler)
    out = capsys.readouterr().out
    assert verdicts(out) == {"p/a": "AC"}
    assert re.search(r"^AC  p/a +\? ms CPU +\d+ ms wall +\? MiB$", out, re.MULTILINE)
    assert "; CPU time not measured here: TLE judged by wall time" in out
    assert "; memory not measured here: MLE not judged" in out
    assert status == 0
