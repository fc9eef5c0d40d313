"""Windows: a Job Object kills and measures a case's tree; with none, taskkill /T /F kills it."""

import contextlib
import subprocess

from judge.process.trees import MIB, TICK, PlainTree

KILL_ON_JOB_CLOSE = 0x2000  # winnt.h's values
ACCOUNTING = 1
EXTENDED_LIMITS = 9


class WindowsTree(PlainTree):
    """A case in a Job Object, which measures its CPU time and peak memory."""

    def __init__(self, command, stdin, cwd, stdout=None, pipe_ignored=False):
        super().__init__(command, stdin, cwd, stdout)  # Windows has no SIGPIPE
        self.job = None
        with contextlib.suppress(OSError, AttributeError):  # no Job Object: taskkill kills the tree
            self.job = self.make_job()
        self.measures = self.job is not None

    def make_job(self):
        """A Job Object holding the child, or None where Windows refuses one."""
        import ctypes

        self.ctypes, self.structures = ctypes, job_structures(ctypes)
        self.api = api = ctypes.WinDLL("kernel32", use_last_error=True)
        api.CreateJobObjectW.restype = ctypes.c_void_p  # handles stay c_void_p: 64 bits
        job = ctypes.c_void_p(api.CreateJobObjectW(None, None))
        limits = self.structures[1](LimitFlags=KILL_ON_JOB_CLOSE)
        where, size = ctypes.byref(limits), ctypes.sizeof(limits)
        limited = job.value and api.SetInformationJobObject(job, EXTENDED_LIMITS, where, size)
        if limited and api.AssignProcessToJobObject(job, ctypes.c_void_p(int(self.child._handle))):
            return job
        if job.value:
            api.CloseHandle(job)
        return None

    def usage_now(self, wait=TICK):
        if not self.job:
            return None, None
        accounting, limits = (structure() for structure in self.structures)
        for kind, data in ((ACCOUNTING, accounting), (EXTENDED_LIMITS, limits)):
            size, where = self.ctypes.sizeof(data), self.ctypes.byref(data)
            if not self.api.QueryInformationJobObject(self.job, kind, where, size, None):
                return None, None
        cpu = (accounting.TotalUserTime + accounting.TotalKernelTime) / 1e7  # 100 ns units
        return cpu, limits.PeakJobMemoryUsed / MIB  # of all its processes, as Linux sums them

    def kill(self):
        if self.job:
            self.api.TerminateJobObject(self.job, 1)
            return
        if self.child.poll() is None:
            with contextlib.suppress(OSError):
                command = ["taskkill", "/T", "/F", "/PID", str(self.child.pid)]
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with contextlib.suppress(OSError):
            super().kill()

    def finish(self):
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


def job_structures(ctypes):
    """winnt.h's JOBOBJECT_BASIC_ACCOUNTING_INFORMATION and JOBOBJECT_EXTENDED_LIMIT_INFORMATION."""
    kinds = {"q": ctypes.c_int64, "L": ctypes.c_uint32, "N": ctypes.c_size_t}
    kinds["IO"] = ctypes.c_uint64 * 6  # IO_COUNTERS

    def structure(name, layout):
        fields = [field.split(":") for field in layout.split()]
        return type(name, (ctypes.Structure,), {"_fields_": [(f, kinds[k]) for f, k in fields]})

    return structure("Accounting", ACCOUNTING_LAYOUT), structure("ExtendedLimits", LIMITS_LAYOUT)
