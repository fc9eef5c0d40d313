#!/usr/bin/env python3
"""A judge on your laptop: run every solution on its testcases and give judge verdicts.

Problem NAME pairs solutions/NAME.py with the folder testcases/NAME/, where a case is
CASE.in with the expected CASE.out beside it. Each case runs as its own process,
`PYTHON solutions/NAME.py < CASE.in` (or --command's program), from the root folder, and
its whole process tree is killed when it ends. Problems named on the command line may be
written NAME, NAME.py or solutions/NAME.py. Without names every problem runs; one that is
only half added is skipped with a warning.

Each problem is judged as its judge does, by the line `Judge: NAME; N s; M MiB; COMPARE`
in its solution's header: the time limit in CPU seconds, the memory limit, and how the
output is compared. --tle, --mle and --compare override it; without the line, 2 s,
1024 MiB and exact, with a warning. The comparisons:
    exact   equal to CASE.out, CRLF read as LF, as online-judge-tools compares
    jutge   Jutge.org's: identical bytes AC; a byte outside printable ASCII, newline, CR
            and tab IC; equal once whitespace runs are one space, the ends trimmed and
            letters upper-cased PE; else WA
    tokens  equal as whitespace-separated tokens
    loose   exact, but spaces at line ends and empty lines at the end do not count

Verdicts, the first that applies:
    TLE  CPU time (user + system) over the limit, or wall time over 3x the limit (a
         backstop for a case that waits); the whole process tree is killed
    OLE  output over --ole MiB; reading stops and the tree is killed
    MLE  peak memory over the limit
    RE   non-zero exit status or killed by a signal
    IC   (jutge) an invalid character in the output
    PE   (jutge) presentation error
    WA   wrong answer
    AC   accepted ("slow" when over half the CPU limit or half the backstop)
    --   the case has no .out: it ran fine but nothing was checked
    IE   the runner could not run the case (an unreadable file, say)

On Linux and macOS a case runs in its own process group, and os.wait4 gives its CPU time
and peak memory. On Windows, or anywhere with RUNNER_PORTABLE=1, the portable path runs
it with the standard library alone: a Job Object on Windows. Where CPU time or memory
cannot be measured it shows as "?": TLE is then judged by wall time and MLE not at all.

Usage:
    python3 runner.py                          every problem
    python3 runner.py conecta4 vertical_four   only these problems
    python3 runner.py -k sample                only the cases whose name contains "sample"
    python3 runner.py --python pypy3           the solutions on another interpreter
    python3 runner.py conecta4 --command ./a.out   another program on conecta4's cases

The last line printed is `N passed, M failed`, where M counts every verdict except AC
and --. Exit status: 0 if M is 0, 1 otherwise, 2 for a usage error, 130 on Ctrl-C, 141
when the report's reader goes away (`runner.py | head`).
"""

import argparse
import contextlib
import difflib
import json
import os
import re
import selectors
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import Counter, namedtuple
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePath

MIB = 1024 * 1024
NEWLINE = b"\n"
STDERR_KEPT = 64 * 1024  # bytes of stderr kept, from the end
STDERR_LINES = 10  # lines of stderr shown for RE
DIFF_WINDOW = 8  # lines a side in the diff shown for WA/PE: at most 19 lines of diff
SHOWN_CHARS = 100  # longest line shown, in characters
SHORT_INPUT = 400  # inputs up to this many bytes are shown with a failure
SHORT_INPUT_LINES = 10
SPACE = b" \t\n\r\x0b\x0c"  # the whitespace bytes.split() splits on
ALL_SPACES = bytes.maketrans(SPACE, b" " * len(SPACE))
PASSING = ("AC", "--")
COLOURS = {"AC": "32", "PE": "33", "--": "2", "slow": "33"}  # anything else is red: "31"
BACKSTOP = 3  # a case is killed at this many times its CPU time limit in wall time
COMPARES = ("exact", "jutge", "tokens", "loose")
INVALID_CHARACTER = re.compile(rb"[^\x20-\x7e\n\r\t]")  # for Jutge.org: not printable ASCII
JUDGE_FORMAT = "Judge: NAME; N s; M MiB; " + "|".join(COMPARES)
JUDGE_LINE = re.compile(r"^[ \t#/*]*Judge:[ \t]*(.*?)[ \t]*$", re.MULTILINE)
PROFILE_FIELDS = re.compile(r"([^;]*[^;\s])\s*;\s*([\d.]+)\s*s\s*;\s*([\d.]+)\s*MiB\s*;\s*(\w+)")
HEADER_CHARS = 8192  # the Judge: line is looked for in the file's opening only

Case = namedtuple("Case", "problem name input expected")
Run = namedtuple("Run", "output stderr status wall cpu peak_mib timed_out overflowed")
Result = namedtuple("Result", "case verdict wall cpu peak_mib slow details")
Profile = namedtuple("Profile", "judge time_limit memory_limit compare")
DEFAULT_PROFILE = Profile(None, 2.0, 1024.0, "exact")


class UsageError(Exception):
    """A problem with the command line or the folders it points at: exit status 2."""


class Interrupted(Exception):
    """Raised in a worker that would start a case after Ctrl-C."""


class OutputClosed(Exception):
    """The report cannot be written: stdout is a pipe whose reader has gone (| head)."""


# Finding problems and cases


def natural_key(name):
    """Sort key putting sample-2 before sample-10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def known_problems(root):
    """Every name under root that has a solutions/NAME.py or a testcases/NAME/ folder."""
    found = {path.stem for path in (root / "solutions").glob("[!_]*.py")}
    found.update(path.name for path in (root / "testcases").glob("*") if path.is_dir())
    return sorted(found)


def problem_name(text):
    """NAME from NAME, NAME.py, solutions/NAME.py or testcases/NAME/."""
    path = PurePath(text)
    if path.parent.name not in ("", "solutions", "testcases"):
        return text
    return path.stem if path.suffix == ".py" else path.name


def unrunnable(root, name, command=False):
    """Why problem NAME cannot be judged, or None when it can."""
    if not command and not (root / "solutions" / (name + ".py")).is_file():
        return f"problem '{name}' has no solutions/{name}.py"
    folder = root / "testcases" / name
    if not folder.is_dir():
        return f"problem '{name}' has no testcases/{name}/ folder"
    if not any(folder.glob("*.in")):
        return f"problem '{name}' has no testcases in testcases/{name}/"
    return None


def find_problems(root, names, command=False):
    """The problems to judge and a warning for each one skipped.

    Problems named on the command line must all be runnable. Without names every problem
    under root is judged, and one that is only half added is skipped with a warning.
    """
    known = known_problems(root)
    if names:
        problems = []
        for text in names:
            name = problem_name(text)
            if name not in known:
                listed = ", ".join(known) if known else f"none under {root}"
                raise UsageError(f"unknown problem '{text}'; the problems are: {listed}")
            reason = unrunnable(root, name, command)
            if reason:
                raise UsageError(reason)
            problems.append(name)
        return list(dict.fromkeys(problems)), []
    reasons = {name: unrunnable(root, name) for name in known}
    problems = [name for name in known if not reasons[name]]
    if not problems:
        raise UsageError(f"no problem under {root} has both solutions/NAME.py and testcases")
    return problems, [reasons[name] + ": skipped" for name in known if reasons[name]]


def find_cases(root, problem, keep):
    """The cases of one problem whose name contains `keep`, in natural order."""
    folder = root / "testcases" / problem
    inputs = {path.stem: path for path in folder.glob("*.in")}
    for out in sorted(folder.glob("*.out")):
        if out.stem not in inputs:
            raise UsageError(f"testcases/{problem}/{out.name} has no {out.stem}.in beside it")
    cases = []
    for name in sorted(inputs, key=natural_key):
        if keep in name:
            expected = inputs[name].with_suffix(".out")
            cases.append(Case(problem, name, inputs[name], expected if expected.exists() else None))
    return cases


# Running one case: one small seam, two implementations
#
# A case runs as a process object with the same few methods on every platform: exited(),
# reading(), read(timeout), cpu_now(), kill() (the whole tree: grandchildren too) and
# finish(), which returns (exit code, CPU seconds, peak MiB), None where not measured.
# PosixProcess is used on Linux and macOS; PortableProcess on Windows, and everywhere when
# RUNNER_PORTABLE=1 (so that it is tested where Windows is not at hand).

POSIX = os.name == "posix"
WINDOWS = os.name == "nt"
WAIT4 = getattr(os, "wait4", None)
PORTABLE = os.environ.get("RUNNER_PORTABLE", "") not in ("", "0") or not (POSIX and WAIT4)


def reap(pid, block):
    """Wait for pid with os.wait4: (exit code, CPU seconds, peak MiB), or None if it runs.

    The exit code is negative for a signal, as Popen.returncode is. CPU time is user +
    system; both it and the peak include the descendants that pid itself waited for.
    """
    pid, status, usage = WAIT4(pid, 0 if block else os.WNOHANG)
    if not pid:
        return None
    code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    peak = usage.ru_maxrss / (MIB if sys.platform == "darwin" else 1024)
    return code, usage.ru_utime + usage.ru_stime, peak


def proc_cpu(pid):
    """CPU seconds used so far by a running pid, from Linux's /proc; None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return sum(int(field) for field in fields[11:15]) / CLOCK_TICKS
    except (OSError, IndexError, ValueError):
        return None


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def kill_group(pgid):
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(pgid, signal.SIGKILL)


class PosixProcess:
    """A case on POSIX: its own process group, its output read with selectors, and its exit
    status, CPU time and peak memory from os.wait4."""

    measures = True

    def __init__(self, command, stdin, cwd, output_cap):
        self.child = subprocess.Popen(
            command[0],
            executable=command[1],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=str(cwd),
            start_new_session=True,
        )
        self.output, self.errors = bytearray(), bytearray()
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.child.stdout.fileno(), selectors.EVENT_READ, self.output)
        self.selector.register(self.child.stderr.fileno(), selectors.EVENT_READ, self.errors)
        self.result = None

    def exited(self):
        if self.result is None:
            self.result = reap(self.child.pid, block=False)
        return self.result is not None

    def reading(self):
        return bool(self.selector.get_map())

    def read(self, timeout):
        """Read what the case writes within timeout seconds."""
        if not self.reading():
            time.sleep(min(timeout, 0.002))  # output closed: wait for the exit
            return
        for key, _ in self.selector.select(timeout):
            chunk = os.read(key.fd, 65536)
            if not chunk:
                self.selector.unregister(key.fd)
            key.data.extend(chunk)
        del self.errors[:-STDERR_KEPT]

    def cpu_now(self):
        return proc_cpu(self.child.pid)

    def kill(self):
        kill_group(self.child.pid)

    def finish(self):
        if self.result is None:
            self.result = reap(self.child.pid, block=True)
        self.child.returncode = self.result[0]  # reaped by wait4: Popen must not wait again
        self.selector.close()
        self.child.stdout.close()
        self.child.stderr.close()
        return self.result


class PortableProcess:
    """A case on the standard library alone: Windows, or any platform with RUNNER_PORTABLE=1.

    Two threads read the output. The tree is killed as a process group on POSIX, and on
    Windows as a Job Object (taskkill /T /F if no job could be made). The exit code, CPU time
    and peak memory come from os.wait4 on POSIX and from the Job Object on Windows; where
    neither is there, CPU time and memory are not measured (None).
    """

    def __init__(self, command, stdin, cwd, output_cap):
        self.child = subprocess.Popen(
            command[0],
            executable=command[1],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=str(cwd),
            start_new_session=POSIX,
        )
        self.job = WindowsJob.holding(self.child) if WINDOWS else None
        self.measures = bool(WAIT4) if POSIX else self.job is not None
        self.output, self.errors = bytearray(), bytearray()
        self.result = None
        self.woken = threading.Event()
        self.readers = [
            threading.Thread(target=self.pump, args=(self.child.stdout, self.output, output_cap)),
            threading.Thread(target=self.pump, args=(self.child.stderr, self.errors, None)),
        ]
        for reader in self.readers:
            reader.daemon = True
            reader.start()

    def pump(self, pipe, buffer, cap):
        """Read one pipe to its end, or until cap bytes; of stderr keep only the end."""
        try:
            while cap is None or len(buffer) <= cap:
                chunk = os.read(pipe.fileno(), 65536)
                if not chunk:
                    break
                buffer.extend(chunk)
                if cap is None:
                    del buffer[:-STDERR_KEPT]
        except (OSError, ValueError):  # the pipe was closed under it
            pass
        finally:
            self.woken.set()

    def exited(self):
        if self.result is None:
            if POSIX and WAIT4:
                self.result = reap(self.child.pid, block=False)
            elif self.child.poll() is not None:
                self.result = (self.child.returncode, *self.usage())
        return self.result is not None

    def reading(self):
        return any(reader.is_alive() for reader in self.readers)

    def read(self, timeout):
        """Wait up to timeout seconds for a pipe to close or the output to pass its cap."""
        if self.reading():
            self.woken.wait(timeout)
            self.woken.clear()
        else:
            time.sleep(min(timeout, 0.002))

    def usage(self):
        """(CPU seconds, peak MiB) where the platform tells them, else (None, None)."""
        return self.job.usage() if self.job else (None, None)

    def cpu_now(self):
        if self.job:
            return self.job.usage()[0]
        return proc_cpu(self.child.pid) if self.measures else None

    def kill(self):
        if self.job:
            self.job.kill()
        elif POSIX:
            kill_group(self.child.pid)
        elif self.child.poll() is None:
            with contextlib.suppress(OSError):
                command = ["taskkill", "/T", "/F", "/PID", str(self.child.pid)]
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            with contextlib.suppress(OSError):
                self.child.kill()

    def finish(self):
        if self.result is None:
            if POSIX and WAIT4:
                self.result = reap(self.child.pid, block=True)
            else:
                self.child.wait()
                self.result = (self.child.returncode, *self.usage())
        self.child.returncode = self.result[0]
        for reader, pipe in zip(self.readers, (self.child.stdout, self.child.stderr)):
            reader.join(1.0)
            if not reader.is_alive():  # else a process outside the tree holds it: leave it
                pipe.close()
        if self.job:
            self.job.close()
        return self.result


class WindowsJob:
    """A Windows Job Object holding one case: TerminateJobObject kills the whole tree, and
    JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE kills it if the runner dies first. The job also keeps
    the CPU time (user + kernel) and the peak committed memory of every process it held.

    A process is put in the job just after it starts: a grandchild started in that instant,
    before the solution's own code runs, would escape it.
    """

    KILL_ON_JOB_CLOSE = 0x2000
    ACCOUNTING, EXTENDED_LIMITS = 1, 9  # JOBOBJECTINFOCLASS values
    api = None

    @classmethod
    def holding(cls, child):
        """A job holding child, or None if Windows refuses one (then taskkill is used)."""
        try:
            return cls(child)
        except (OSError, AttributeError):
            return None

    def __init__(self, child):
        import ctypes

        self.ctypes = ctypes
        self.structures = job_structures(ctypes)
        api = self.kernel32()
        self.handle = api.CreateJobObjectW(None, None)
        if not self.handle:
            raise ctypes.WinError(ctypes.get_last_error())
        limits = self.structures[1](LimitFlags=self.KILL_ON_JOB_CLOSE)
        limited = api.SetInformationJobObject(
            self.handle, self.EXTENDED_LIMITS, ctypes.byref(limits), ctypes.sizeof(limits)
        )
        if not (limited and api.AssignProcessToJobObject(self.handle, int(child._handle))):
            error = ctypes.WinError(ctypes.get_last_error())
            api.CloseHandle(self.handle)
            raise error

    def kernel32(self):
        if WindowsJob.api is None:
            ctypes = self.ctypes
            api = ctypes.WinDLL("kernel32", use_last_error=True)
            handle, dword, pointer = ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p
            api.CreateJobObjectW.restype = handle
            api.CreateJobObjectW.argtypes = (pointer, ctypes.c_wchar_p)
            api.SetInformationJobObject.argtypes = (handle, ctypes.c_int, pointer, dword)
            api.QueryInformationJobObject.argtypes = (handle, ctypes.c_int, pointer, dword, pointer)
            api.AssignProcessToJobObject.argtypes = (handle, handle)
            api.TerminateJobObject.argtypes = (handle, ctypes.c_uint)
            api.CloseHandle.argtypes = (handle,)
            WindowsJob.api = api
        return WindowsJob.api

    def usage(self):
        """(CPU seconds, peak MiB) of all the processes the job has held."""
        ctypes, api = self.ctypes, self.kernel32()
        accounting, limits = (structure() for structure in self.structures)
        for kind, data in ((self.ACCOUNTING, accounting), (self.EXTENDED_LIMITS, limits)):
            size = ctypes.sizeof(data)
            if not api.QueryInformationJobObject(self.handle, kind, ctypes.byref(data), size, None):
                return None, None
        cpu = (accounting.TotalUserTime + accounting.TotalKernelTime) / 1e7  # 100 ns units
        return cpu, limits.PeakProcessMemoryUsed / MIB

    def kill(self):
        self.kernel32().TerminateJobObject(self.handle, 1)

    def close(self):
        self.kernel32().CloseHandle(self.handle)


def job_structures(ctypes):
    """JOBOBJECT_BASIC_ACCOUNTING_INFORMATION and JOBOBJECT_EXTENDED_LIMIT_INFORMATION, laid
    out as in winnt.h (the extended one with its nested basic limits written out flat)."""

    class Accounting(ctypes.Structure):
        _fields_ = (
            ("TotalUserTime", ctypes.c_int64),
            ("TotalKernelTime", ctypes.c_int64),
            ("ThisPeriodTotalUserTime", ctypes.c_int64),
            ("ThisPeriodTotalKernelTime", ctypes.c_int64),
            ("TotalPageFaultCount", ctypes.c_uint32),
            ("TotalProcesses", ctypes.c_uint32),
            ("ActiveProcesses", ctypes.c_uint32),
            ("TotalTerminatedProcesses", ctypes.c_uint32),
        )

    class ExtendedLimits(ctypes.Structure):
        _fields_ = (
            ("PerProcessUserTimeLimit", ctypes.c_int64),
            ("PerJobUserTimeLimit", ctypes.c_int64),
            ("LimitFlags", ctypes.c_uint32),
            ("MinimumWorkingSetSize", ctypes.c_size_t),
            ("MaximumWorkingSetSize", ctypes.c_size_t),
            ("ActiveProcessLimit", ctypes.c_uint32),
            ("Affinity", ctypes.c_size_t),
            ("PriorityClass", ctypes.c_uint32),
            ("SchedulingClass", ctypes.c_uint32),
            ("IoInfo", ctypes.c_uint64 * 6),
            ("ProcessMemoryLimit", ctypes.c_size_t),
            ("JobMemoryLimit", ctypes.c_size_t),
            ("PeakProcessMemoryUsed", ctypes.c_size_t),
            ("PeakJobMemoryUsed", ctypes.c_size_t),
        )

    return Accounting, ExtendedLimits


class Running:
    """Every running case, so that Ctrl-C can kill them all."""

    def __init__(self, kind):
        self.kind = kind
        self._lock = threading.Lock()
        self._running = set()
        self._stopped = False

    def start(self, command, stdin, cwd, output_cap):
        with self._lock:
            if self._stopped:
                raise Interrupted()
            process = self.kind(command, stdin, cwd, output_cap)
            self._running.add(process)
        return process

    def kill(self, process):
        with self._lock:
            self._running.discard(process)
            process.kill()

    def kill_all(self):
        with self._lock:
            self._stopped = True
            for process in self._running:
                process.kill()


def execute(running, command, input_path, cwd, time_limit, output_cap):
    """Run command, an (args, executable) pair, with input_path on stdin; return its Run.

    Reading stops when the CPU time passes time_limit (where it can be read while the case
    runs), when the wall time passes BACKSTOP times the limit (the limit itself where CPU
    time is not measured at all), or when the output passes output_cap. Then, and whenever
    the run ends, the whole process tree is killed so that no grandchild lingers.
    """
    start = time.monotonic()
    with open(str(input_path), "rb") as stdin:
        process = running.start(command, stdin, cwd, output_cap)
    deadline = time_limit * BACKSTOP if process.measures else time_limit
    timed_out = overflowed = False
    try:
        while not (process.exited() and not process.reading()):  # every byte written is read
            elapsed = time.monotonic() - start
            cpu = process.cpu_now() if elapsed > time_limit else None  # CPU <= wall, mostly
            if elapsed >= deadline or (cpu is not None and cpu > time_limit):
                timed_out = True
                break
            # wake up at least every 50 ms to see whether the child exited
            process.read(min(deadline - elapsed, 0.05))
            if len(process.output) > output_cap:
                overflowed = True
                break
        wall = time.monotonic() - start
    finally:
        running.kill(process)
        status, cpu, peak = process.finish()
    output, errors = bytes(process.output), bytes(process.errors)
    return Run(output, errors, status, wall, cpu, peak, timed_out, overflowed)


# Judge profiles: each solution's `Judge:` header line


def read_profile(root, problem):
    """The profile in solutions/PROBLEM.py's `Judge: NAME; N s; M MiB; COMPARE` line.

    Returns (profile, warning): the defaults and a one-line warning when the line is missing
    or cannot be read, the profile and None otherwise.
    """
    path = Path("solutions", problem + ".py")
    using = f"using {DEFAULT_PROFILE.time_limit:g} s, {DEFAULT_PROFILE.memory_limit:g} MiB, exact"
    try:
        with open(str(root / path), encoding="utf-8", errors="replace") as file:
            head = file.read(HEADER_CHARS)
    except OSError as error:
        return DEFAULT_PROFILE, f"cannot read {path.as_posix()} ({error.strerror}): {using}"
    line = JUDGE_LINE.search(head)
    if not line:
        return DEFAULT_PROFILE, f"{path.as_posix()} has no '{JUDGE_FORMAT}' line: {using}"
    fields = PROFILE_FIELDS.fullmatch(line.group(1))
    if not fields or fields.group(4) not in COMPARES or not float(fields.group(2)) > 0:
        return DEFAULT_PROFILE, (
            f"{path.as_posix()}: cannot read 'Judge: {shorten(line.group(1))}', "
            f"want '{JUDGE_FORMAT}': {using}"
        )
    judge, seconds, mib, compare = fields.groups()
    return Profile(judge, float(seconds), float(mib), compare), None


def describe(profile):
    """A profile in words, as the summary line shows it."""
    judge = profile.judge or "no Judge: line"
    limits = f"{profile.time_limit:g} s CPU, {profile.memory_limit:g} MiB"
    return f"{judge}: {limits}, {profile.compare}"


# Judging


def normalize(data, mode):
    """The output as compared: CRLF read as LF (as is but for that under jutge); --loose also
    drops spaces at line ends and empty lines at the end."""
    if mode == "jutge":
        return data.replace(b"\r\n", b"\n") if WINDOWS else data  # text-mode stdout on Windows
    data = data.replace(b"\r\n", b"\n")
    if mode != "loose":
        return data
    lines = [line.rstrip(b" \t") for line in data.split(b"\n")]
    while lines and not lines[-1]:
        lines.pop()
    return b"".join(line + b"\n" for line in lines)


def tokens(data):
    """The whitespace-separated tokens of data, joined by single spaces."""
    data = data.translate(ALL_SPACES)
    while b"  " in data:  # no list of millions of tokens: outputs can be 64 MiB
        data = data.replace(b"  ", b" ")
    return data.strip()


def compare(expected, got, mode):
    """AC or WA; under jutge also PE and IC, as Jutge.org's standard checker gives them.

    jutge: identical bytes are AC; an output with a byte outside printable ASCII, newline,
    CR and tab is IC; equal once every run of whitespace is one space, the ends trimmed and
    letters upper-cased is PE; anything else WA. The other modes have no PE, as AtCoder has
    none: a difference in whitespace alone is a WA there.
    """
    if mode == "tokens":
        return "AC" if tokens(expected) == tokens(got) else "WA"
    expected, got = normalize(expected, mode), normalize(got, mode)
    if expected == got:
        return "AC"
    if mode != "jutge":
        return "WA"
    if INVALID_CHARACTER.search(got):
        return "IC"
    return "PE" if tokens(expected).upper() == tokens(got).upper() else "WA"


def over_time(run, profile):
    """TLE: killed for time, or over the limit in CPU time (in wall time if CPU is unknown)."""
    if run.timed_out:
        return True
    used = run.wall if run.cpu is None else run.cpu
    return used > profile.time_limit


def verdict_of(run, expected, profile):
    if over_time(run, profile):
        return "TLE"
    if run.overflowed:
        return "OLE"
    if run.peak_mib is not None and run.peak_mib > profile.memory_limit:
        return "MLE"
    if run.status != 0:
        return "RE"
    if expected is None:
        return "--"
    return compare(expected, run.output, profile.compare)


def is_slow(run, profile):
    """Over half the time limit in CPU time, or over half the wall-time backstop."""
    if run.cpu is None:
        return run.wall > profile.time_limit / 2
    return run.cpu > profile.time_limit / 2 or run.wall > profile.time_limit * BACKSTOP / 2


def judge(case, args, running):
    """Run one case and judge it. Runs in a worker thread."""
    profile = args.profiles[case.problem]
    if args.command:
        command, executable = args.command
    else:
        command, executable = [args.python, str(Path("solutions", case.problem + ".py"))], None
    try:
        run = execute(
            running,
            (command, executable),
            case.input,
            args.root,
            profile.time_limit,
            args.ole * MIB,
        )
        expected = case.expected.read_bytes() if case.expected else None
    except OSError as error:
        return Result(case, "IE", 0.0, None, None, False, [f"could not run: {error}"])
    verdict = verdict_of(run, expected, profile)
    slow = verdict in PASSING and is_slow(run, profile)
    details = explain(verdict, case, run, expected, profile, args)
    return Result(case, verdict, run.wall, run.cpu, run.peak_mib, slow, details)


# Explaining a verdict


def explain(verdict, case, run, expected, profile, args):
    """The lines printed under a failing case."""
    if verdict == "TLE":
        return [time_description(run, profile.time_limit)]
    if verdict == "OLE":
        return [f"output passed {args.ole:g} MiB: stopped reading and killed it"]
    if verdict == "MLE":
        return [f"peak memory {run.peak_mib:.1f} MiB, over the {profile.memory_limit:g} MiB limit"]
    if verdict == "RE":
        return [exit_description(run.status), *stderr_tail(run.stderr)]
    if verdict == "IC":
        return [invalid_character(run.output), *short_input(case.input)]
    if verdict in ("WA", "PE"):
        details = mismatch(verdict, run.output, expected, profile.compare)
        return details + short_input(case.input)
    return []


def time_description(run, limit):
    if run.cpu is None:
        return f"killed after {limit:g} s of wall time (CPU time is not measured here)"
    if run.cpu > limit:
        return f"CPU time {run.cpu:.2f} s, over the {limit:g} s limit"
    return (
        f"wall time passed the {limit * BACKSTOP:g} s backstop ({BACKSTOP}x the limit) with "
        f"only {run.cpu:.2f} s of CPU: it waits (on input, a sleep) or the machine is overloaded"
    )


def invalid_character(data):
    at = INVALID_CHARACTER.search(data).start()
    line = data.count(NEWLINE, 0, at) + 1
    column = at - data.rfind(NEWLINE, 0, at)
    return (
        f"invalid character: byte {data[at]:#04x} at line {line}, column {column}; "
        "Jutge.org accepts printable ASCII, newline, CR and tab only"
    )


def exit_description(code):
    """Say what an exit code means; negative codes are signals, as in Popen.returncode."""
    if code < 0:
        try:
            return f"killed by signal {-code} ({signal.Signals(-code).name})"
        except ValueError:
            return f"killed by signal {-code}"
    if code > 0xFFFF:  # a Windows status such as 0xC00000FD, a stack overflow
        return f"exit status {code} ({code:#010x})"
    return f"exit status {code}"


def stderr_tail(data):
    lines = data.decode("utf-8", "backslashreplace").splitlines()[-STDERR_LINES:]
    if not lines:
        return ["(nothing on stderr)"]
    return ["stderr, last lines:"] + ["  " + shorten(line) for line in lines]


def mismatch(verdict, got, expected, mode):
    """How near the output is, the first difference, and a short unified diff.

    Outputs can be 64 MiB: they are searched as bytes, and only the lines shown are split.
    """
    details = []
    if verdict == "PE":
        details.append(
            "presentation error: equal once runs of whitespace are one space, the ends "
            "trimmed and letters upper-cased"
        )
    elif expected.translate(None, SPACE) == got.translate(None, SPACE):
        details.append("only whitespace differs, and this judge counts that as a wrong answer")
    elif tokens(expected).upper() == tokens(got).upper():
        details.append("only letter case or whitespace differs: Jutge.org would say PE")
    line_mode = mode if mode in ("loose", "jutge") else "exact"
    want, have = normalize(expected, line_mode), normalize(got, line_mode)
    start = line_start(want, common_prefix(want, have))
    if mode == "tokens":
        want_tokens, have_tokens = tokens(expected), tokens(got)
        at = want_tokens.rfind(b" ", 0, common_prefix(want_tokens, have_tokens)) + 1
        where = f"token {want_tokens.count(b' ', 0, at) + 1}"
        shown = [token_at(want_tokens, at), token_at(have_tokens, at)]
    else:
        where = f"line {want.count(NEWLINE, 0, start) + 1}"
        shown = [line_at(want, start), line_at(have, start)]
    details += [
        "first difference at " + where,
        "  expected: " + shown[0],
        "  got:      " + shown[1],
    ]
    if not (one_line(want) and one_line(have)):
        details += unified_diff(want, have, line_start(want, start, back=2))
    return details


def common_prefix(a, b):
    """The length of the longest common prefix of two byte strings."""
    size, step, limit = 0, 1 << 16, min(len(a), len(b))
    while step:
        while size + step <= limit and a[size : size + step] == b[size : size + step]:
            size += step
        step //= 2
    return size


def line_start(data, offset, back=0):
    """Where the line holding offset starts, or the one `back` lines above it."""
    start = data.rfind(NEWLINE, 0, offset) + 1
    for _ in range(back):
        if start:
            start = data.rfind(NEWLINE, 0, start - 1) + 1
    return start


def lines_from(data, start, count):
    """Up to count lines of data from offset start, each with its newline if it has one."""
    lines = []
    while start < len(data) and len(lines) < count:
        end = data.find(NEWLINE, start)
        end = len(data) if end < 0 else end + 1
        lines.append(data[start:end])
        start = end
    return lines


def one_line(data):
    return data.find(NEWLINE, 0, len(data) - 1) < 0


def line_at(data, start):
    line = lines_from(data, start, 1)
    return visible(line[0]) if line else "(end of output)"


def token_at(data, start):
    end = data.find(b" ", start)
    token = data[start : end if end >= 0 else len(data)]
    return shorten(token.decode("utf-8", "backslashreplace")) if token else "(no more tokens)"


def visible(line):
    """A line of output with its whitespace made visible and its newline said in words."""
    text = line.rstrip(b"\n").decode("utf-8", "backslashreplace")
    head = text[:SHOWN_CHARS].replace(" ", "·").replace("\t", "→")
    head = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in head)
    return head + more(text) + ("" if line.endswith(b"\n") else "  (no final newline)")


def shorten(text):
    return text[:SHOWN_CHARS] + more(text)


def more(text):
    extra = len(text) - SHOWN_CHARS
    return f"... ({extra} more characters)" if extra > 0 else ""


def unified_diff(want, have, start):
    """A unified diff of DIFF_WINDOW lines a side from offset start, where both still agree."""
    before = want.count(NEWLINE, 0, start)
    old, new = lines_from(want, start, DIFF_WINDOW), lines_from(have, start, DIFF_WINDOW)
    shown = [visible(line) for line in old], [visible(line) for line in new]
    diff = difflib.unified_diff(*shown, "expected", "got", n=2, lineterm="")
    lines = [shift_hunk(line, before) if line.startswith("@@") else line for line in diff]
    if start + len(b"".join(old)) < len(want) or start + len(b"".join(new)) < len(have):
        lines.append(f"... (cut after line {before + DIFF_WINDOW})")
    return ["diff:"] + ["  " + line for line in lines]


def shift_hunk(header, offset):
    """Renumber a hunk header made from a window that starts after `offset` lines."""
    return re.sub(r"([-+])(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + offset), header)


def short_input(path):
    try:
        data = path.read_bytes() if path.stat().st_size <= SHORT_INPUT else b""
    except OSError:
        return []
    lines = data.decode("utf-8", "backslashreplace").splitlines()
    if not data or len(lines) > SHORT_INPUT_LINES:
        return []
    return ["input:"] + ["  " + line for line in lines]


# Reporting


def label(case):
    return case.problem + "/" + case.name


def mib(value):
    return "?" if value is None else f"{value:.1f}"


def ms(seconds):
    return "?" if seconds is None else f"{seconds * 1000:.0f}"


class Report:
    """Prints each result in case order, a summary after each problem, and the totals."""

    def __init__(self, cases, profiles, colour):
        self.profiles = profiles
        self.colour = colour
        self.width = min(max(len(label(case)) for case in cases), 48)
        self.left = Counter(case.problem for case in cases)
        self.results = []

    def paint(self, text, key):
        if not self.colour:
            return text
        return "\033[{}m{}\033[0m".format(COLOURS.get(key, "31"), text)

    def add(self, result):
        self.results.append(result)
        line = "{} {:<{}} {:>6} ms CPU {:>6} ms wall {:>7} MiB".format(
            self.paint(f"{result.verdict:<3}", result.verdict),
            label(result.case),
            self.width,
            ms(result.cpu),
            ms(result.wall),
            mib(result.peak_mib),
        )
        if result.slow:
            line += " " + self.paint("slow", "slow")
        lines = [line] + ["    " + detail for detail in result.details]
        problem = result.case.problem
        self.left[problem] -= 1
        if not self.left[problem]:
            done = [r for r in self.results if r.case.problem == problem]
            lines.append(self.summary(problem, done))
        say("\n".join(lines))

    def summary(self, problem, results):
        counts = Counter(result.verdict for result in results)
        failures = sorted((verdict, n) for verdict, n in counts.items() if verdict not in PASSING)
        text = f"== {problem} ({describe(self.profiles[problem])}): "
        text += f"{counts['AC']} passed, {sum(n for _, n in failures)} failed"
        if failures:
            text += " (" + ", ".join(f"{n} {verdict}" for verdict, n in failures) + ")"
        if counts["--"]:
            text += f", {counts['--']} not checked (no .out)"
        ran = [result for result in results if result.verdict != "IE"]
        cpus = [result.cpu for result in ran if result.cpu is not None]
        peaks = [result.peak_mib for result in ran if result.peak_mib is not None]
        slowest = max(result.wall for result in results)
        text += f"; slowest {ms(max(cpus, default=None))} ms CPU, {ms(slowest)} ms wall"
        if peaks:
            text += f", peak {max(peaks):.1f} MiB"
        if len(cpus) < len(ran):
            text += "; CPU time not measured here: TLE judged by wall time"
        if len(peaks) < len(ran):
            text += "; memory not measured here: MLE not judged"
        return text

    def totals(self):
        passed = sum(result.verdict == "AC" for result in self.results)
        failed = sum(result.verdict not in PASSING for result in self.results)
        return passed, failed


def say(text):
    """Print text and flush it; a closed stdout (a pipe into `head`) raises OutputClosed."""
    try:
        print(text)
        sys.stdout.flush()
    except OSError as error:  # BrokenPipeError; on Windows, EINVAL
        raise OutputClosed() from error


def silence_stdout():
    """Point stdout at the null device, so that the exit does not fail flushing it again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())


def check_writable(path):
    """Raise UsageError unless a file can be written at path; leave no new file behind."""
    existed = os.path.exists(path)
    try:
        with open(path, "a"):
            pass
    except OSError as error:
        raise UsageError(f"--json {path}: cannot write it: {error.strerror or error}") from None
    if not existed:
        with contextlib.suppress(OSError):
            os.remove(path)


def rounded(value, scale=1):
    return None if value is None else round(value * scale, 1)


def write_json(path, args, results, passed, failed):
    problems = {
        name: {
            "judge": profile.judge,
            "time_limit_s": profile.time_limit,
            "memory_limit_mib": profile.memory_limit,
            "compare": profile.compare,
        }
        for name, profile in args.profiles.items()
    }
    cases = [
        {
            "problem": result.case.problem,
            "case": result.case.name,
            "verdict": result.verdict,
            "cpu_ms": rounded(result.cpu, 1000),
            "wall_ms": rounded(result.wall, 1000),
            "peak_mib": rounded(result.peak_mib),
            "slow": result.slow,
        }
        for result in results
    ]
    data = {
        "python": None if args.command else args.python,
        "command": args.command_text,
        "path": "portable" if PORTABLE else "posix",
        "ole_mib": args.ole,
        "wall_backstop": BACKSTOP,
        "problems": problems,
        "passed": passed,
        "failed": failed,
        "cases": cases,
    }
    with open(path, "w") as file:
        json.dump(data, file, indent=2)
        file.write("\n")


# Command line


def run_all(cases, args, on_result):
    """Judge the cases on args.jobs threads; hand the results over in case order."""
    running = Running(PortableProcess if PORTABLE else PosixProcess)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(judge, case, args, running) for case in cases]
        try:
            for future in futures:
                on_result(future.result())
        except BaseException:  # Ctrl-C or a closed stdout: leave no case running
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            running.kill_all()
            for future in futures:
                future.cancel()
            raise


def positive(text):
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text}")
    return value


def positive_int(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text}")
    return value


def make_parser():
    parser = argparse.ArgumentParser(
        prog="runner.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add = parser.add_argument
    add("problems", nargs="*", metavar="NAME", help="problems to run (default: all)")
    add("-k", dest="keep", default="", metavar="TEXT", help="only the cases whose name has TEXT")
    add("--python", default=sys.executable, metavar="EXE", help="interpreter (default: this one)")
    add(
        "--command",
        metavar="CMD",
        help="judge this program instead of PYTHON solutions/NAME.py; one problem, run from the "
        "root, split as a shell would",
    )
    add("--tle", type=positive, metavar="S", help="CPU time limit (default: the Judge: line's)")
    add("--mle", type=positive, metavar="MIB", help="memory limit (default: the Judge: line's)")
    add("--ole", type=positive, default=64.0, metavar="MIB", help="output limit (default: 64)")
    mode = parser.add_mutually_exclusive_group().add_argument
    mode(
        "--compare", choices=COMPARES, help="how outputs are compared (default: the Judge: line's)"
    )
    mode(
        "--loose",
        dest="compare",
        action="store_const",
        const="loose",
        help="--compare loose: also ignore spaces at line ends and empty lines at the end",
    )
    mode(
        "--tokens",
        dest="compare",
        action="store_const",
        const="tokens",
        help="--compare tokens: compare whitespace-separated tokens only",
    )
    add(
        "-j",
        dest="jobs",
        type=positive_int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="cases run in parallel (default: the number of CPUs)",
    )
    add("--json", metavar="FILE", help="write every case's verdict, time and memory to FILE")
    add(
        "--root",
        type=Path,
        default=Path(__file__).resolve().parent,
        metavar="DIR",
        help="folder with solutions/ and testcases/ (default: the runner's own)",
    )
    return parser


def usage_error(message):
    print(f"runner.py: error: {message}", file=sys.stderr)
    return 2


def warn(message):
    print(f"runner.py: warning: {message}", file=sys.stderr)


def interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv=None):
    """Run the command line; every failure ends in one line, never a traceback."""
    try:
        return run(argv)
    except KeyboardInterrupt:
        print("interrupted: every running case was killed", file=sys.stderr)
        return 130
    except OutputClosed:
        silence_stdout()
        return 141  # as for a program killed by SIGPIPE
    except Exception as error:  # a bug: still one line
        return usage_error(f"unexpected {type(error).__name__}: {error}")


def split_command(text, root):
    """--command as (args, executable): the program found from the root or on PATH.

    On POSIX the text is split into words as a shell would; on Windows it is passed whole,
    and CreateProcess splits it as Windows programs expect.
    """
    try:
        words = shlex.split(text, posix=not WINDOWS)
    except ValueError as error:
        raise UsageError(f"--command {text}: {error}") from None
    if not words:
        raise UsageError("--command is empty")
    program = words[0].strip('"') if WINDOWS else words[0]
    has_folder = os.sep in program or (os.altsep and os.altsep in program)
    found = shutil.which(str(root / program) if has_folder else program)
    if found is None:
        where = f"under {root}" if has_folder else "on PATH"
        raise UsageError(f"--command {text}: no program {program} {where}")
    return (text if WINDOWS else words), os.path.abspath(found)


def profiles_for(args, problems):
    """Each problem's profile: its Judge: line, with --tle, --mle and --compare over it."""
    profiles, warnings = {}, []
    for problem in problems:
        profile, warning = read_profile(args.root, problem)
        if warning:
            warnings.append(warning)
        profiles[problem] = profile._replace(
            time_limit=args.tle or profile.time_limit,
            memory_limit=args.mle or profile.memory_limit,
            compare=args.compare or profile.compare,
        )
    return profiles, warnings


def run(argv):
    parser = make_parser()
    args = parser.parse_args(argv)
    args.root = args.root.resolve()
    found = shutil.which(args.python)
    if found is None:
        parser.error(f"--python {args.python}: no such program")
    args.python = os.path.abspath(found)  # the cases run from the root, maybe not from here
    args.command_text = args.command
    try:
        if args.command is not None:
            if len(args.problems) != 1:
                raise UsageError("--command judges one problem: name it, as in NAME --command CMD")
            args.command = split_command(args.command, args.root)
        problems, warnings = find_problems(args.root, args.problems, bool(args.command))
        cases = [case for problem in problems for case in find_cases(args.root, problem, args.keep)]
        if not cases:
            raise UsageError(f"no case name contains '{args.keep}'")
        if args.json:
            check_writable(args.json)
    except UsageError as error:
        return usage_error(error)
    args.profiles, more = profiles_for(args, problems)
    for warning in warnings + more:
        warn(warning)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    signal.signal(signal.SIGTERM, interrupt)
    colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    report = Report(cases, args.profiles, colour)
    run_all(cases, args, report.add)
    passed, failed = report.totals()
    status = 1 if failed else 0
    if args.json:
        try:
            write_json(args.json, args, report.results, passed, failed)
        except OSError as error:
            status = usage_error(f"--json {args.json}: could not write it: {error}")
    say(f"{passed} passed, {failed} failed")
    return status


if __name__ == "__main__":
    sys.exit(main())
