"""Windows: a Job Object kills and measures a case's tree; with none, taskkill /T /F kills it."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from typing import TYPE_CHECKING, Any, Tuple, Type

from ..model import MIB
from .trees import TICK, PlainTree

if TYPE_CHECKING:
    import ctypes
    import types

    from .trees import Command, Finished, Workdir

# winnt.h's two structures, as job_structures() makes them with ctypes.
Structures = Tuple[Type[Any], Type[Any]]

KILL_ON_JOB_CLOSE = 0x2000  # winnt.h's values
ACCOUNTING = 1
EXTENDED_LIMITS = 9


class WindowsTree(PlainTree):
    """A case in a Job Object, which measures its CPU time and peak memory."""

    api: Any  # kernel32, by ctypes
    structures: Structures

    def __init__(
        self,
        command: Command,
        stdin: int,
        cwd: Workdir,
        stdout: int | None = None,
        pipe_ignored: bool = False,
        stack: float | None = None,
    ) -> None:
        super().__init__(command, stdin, cwd, stdout)  # no SIGPIPE; the stack is the .exe's
        self.job: ctypes.c_void_p | None = None
        with contextlib.suppress(OSError, AttributeError):  # no Job Object: taskkill kills the tree
            self.job = self.make_job()
        self.measures = self.job is not None

    def make_job(self) -> ctypes.c_void_p | None:
        """A Job Object holding the child, or None where Windows refuses one; AttributeError
        where ctypes has no WinDLL (off Windows)."""
        import ctypes

        self.structures = job_structures(ctypes)
        if sys.platform != "win32":  # ctypes has WinDLL on Windows alone
            raise AttributeError("module 'ctypes' has no attribute 'WinDLL'")
        self.api = api = ctypes.WinDLL("kernel32", use_last_error=True)
        # Popen's handle of the child, on Windows alone (its stubs do not show it).
        handle: int = self.child._handle  # type: ignore[attr-defined, unused-ignore]
        api.CreateJobObjectW.restype = ctypes.c_void_p  # handles stay c_void_p: 64 bits
        job = ctypes.c_void_p(api.CreateJobObjectW(None, None))
        limits = self.structures[1](LimitFlags=KILL_ON_JOB_CLOSE)
        where, size = ctypes.byref(limits), ctypes.sizeof(limits)
        limited = job.value and api.SetInformationJobObject(job, EXTENDED_LIMITS, where, size)
        if limited and api.AssignProcessToJobObject(job, ctypes.c_void_p(int(handle))):
            return job
        if job.value:
            api.CloseHandle(job)
        return None

    def usage_now(self, wait: float = TICK) -> tuple[float | None, float | None]:
        import ctypes

        if not self.job:
            return None, None
        accounting, limits = (structure() for structure in self.structures)
        for kind, data in ((ACCOUNTING, accounting), (EXTENDED_LIMITS, limits)):
            size, where = ctypes.sizeof(data), ctypes.byref(data)
            if not self.api.QueryInformationJobObject(self.job, kind, where, size, None):
                return None, None
        cpu: float = (accounting.TotalUserTime + accounting.TotalKernelTime) / 1e7  # 100 ns
        return cpu, limits.PeakJobMemoryUsed / MIB  # of all its processes, as Linux sums them

    def kill(self) -> None:
        if self.job:
            self.api.TerminateJobObject(self.job, 1)
            return
        if self.child.poll() is None:
            with contextlib.suppress(OSError):
                command = ["taskkill", "/T", "/F", "/PID", str(self.child.pid)]
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with contextlib.suppress(OSError):
            super().kill()

    def finish(self) -> Finished:
        code, (cpu, peak) = self.child.wait(), self.usage_now()
        if self.job:
            self.api.CloseHandle(self.job)
        return code, cpu, peak, peak


ACCOUNTING_LAYOUT = """TotalUserTime:q TotalKernelTime:q ThisPeriodTotalUserTime:q
    ThisPeriodTotalKernelTime:q TotalPageFaultCount:L TotalProcesses:L ActiveProcesses:L
    TotalTerminatedProcesses:L"""
LIMITS_LAYOUT = """PerProcessUserTimeLimit:q PerJobUserTimeLimit:q LimitFlags:L
    MinimumWorkingSetSize:N MaximumWorkingSetSize:N ActiveProcessLimit:L Affinity:N
    PriorityClass:L SchedulingClass:L IoInfo:IO ProcessMemoryLimit:N JobMemoryLimit:N
    PeakProcessMemoryUsed:N PeakJobMemoryUsed:N"""


def job_structures(ctypes: types.ModuleType) -> Structures:
    """winnt.h's JOBOBJECT_BASIC_ACCOUNTING_INFORMATION and JOBOBJECT_EXTENDED_LIMIT_INFORMATION."""
    kinds = {"q": ctypes.c_int64, "L": ctypes.c_uint32, "N": ctypes.c_size_t}
    kinds["IO"] = ctypes.c_uint64 * 6  # IO_COUNTERS

    def structure(name: str, layout: str) -> type[Any]:
        fields = [field.split(":") for field in layout.split()]
        return type(name, (ctypes.Structure,), {"_fields_": [(f, kinds[k]) for f, k in fields]})

    return structure("Accounting", ACCOUNTING_LAYOUT), structure("ExtendedLimits", LIMITS_LAYOUT)
