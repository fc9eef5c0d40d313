"""judge/process/windows.py: the Windows tree, a case in a Job Object that measures it, and
taskkill where Windows refuses one; checked anywhere, with winnt.h's layouts."""

import contextlib
import ctypes
import signal
import subprocess
import sys

import pytest
from runner_util import POSIX_ONLY
from util import ROOT

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


@contextlib.contextmanager
def sleeping():
    """A Windows tree of a program that sleeps 30 s, killed and reaped at the end."""
    sleeper = ([sys.executable, "-c", "import time; time.sleep(30)"], None)
    tree = windows.WindowsTree(sleeper, subprocess.DEVNULL, ROOT)
    try:
        yield tree
    finally:
        tree.child.kill()
        tree.child.wait()
        tree.child.stdout.close()
        tree.child.stderr.close()


@POSIX_ONLY
def test_without_a_job_object_taskkill_is_used_and_nothing_is_measured(monkeypatch):
    """Here, where Windows refuses a Job Object (ctypes has no WinDLL), the Windows tree
    falls back on taskkill /T /F and then kills the child itself."""
    asked = []
    monkeypatch.setattr(windows.subprocess, "run", lambda command, **options: asked.append(command))
    with sleeping() as tree:
        assert tree.job is None and not tree.measures
        assert tree.usage_now() == (None, None) and not tree.exited()
        tree.kill()
        assert asked == [["taskkill", "/T", "/F", "/PID", str(tree.child.pid)]]
        assert tree.finish() == (-signal.SIGKILL, None, None, None)


class FakeKernel32:
    """The calls of kernel32 the Windows tree makes on a job, answered as Windows would for a
    case that used 1.5 s of user and 0.25 s of kernel time and 48 MiB at its peak, its two
    processes together."""

    def __init__(self):
        self.calls = []

    def QueryInformationJobObject(self, job, kind, where, size, returned):
        data = where._obj
        if kind == windows.ACCOUNTING:
            data.TotalUserTime, data.TotalKernelTime = 15_000_000, 2_500_000  # 100 ns units
        else:
            data.PeakProcessMemoryUsed, data.PeakJobMemoryUsed = 40 << 20, 48 << 20  # 2 processes
        return 1

    def TerminateJobObject(self, job, code):
        self.calls.append(("terminate", job, code))

    def CloseHandle(self, job):
        self.calls.append(("close", job))


@POSIX_ONLY
def test_a_job_object_measures_the_case_and_kills_it(monkeypatch):
    """What the job says is the case's CPU time (in 100 ns units) and peak (in bytes); kill
    terminates the job, and finish closes it."""
    api = FakeKernel32()

    def make_job(tree):
        tree.ctypes, tree.structures, tree.api = ctypes, windows.job_structures(ctypes), api
        return "job"

    monkeypatch.setattr(windows.WindowsTree, "make_job", make_job)
    with sleeping() as tree:
        assert tree.measures and tree.usage_now() == (1.75, 48.0)
        tree.kill()
        assert api.calls == [("terminate", "job", 1)]
        tree.child.kill()  # what TerminateJobObject does on Windows
        assert tree.finish() == (-signal.SIGKILL, 1.75, 48.0, 48.0)
        assert api.calls[-1] == ("close", "job")
