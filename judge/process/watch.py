"""Running one program on one input under limits, and every running case of a run. This
layer knows limits and measurements; verdicts are judge.verdicts'."""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol

from ..files import open_regular
from ..stop import STOPPED
from .trees import TICK, UNLIMITED_STACK

if TYPE_CHECKING:
    from .trees import CaseTree, Command, Finished, Reader, ReaderKind, Started, Workdir

BACKSTOP = 3  # a case is killed at this many times its CPU time limit in wall time
CEILING = 10, 3.0  # time waiting for a CPU is not counted, but the wall never passes 10 L + 3 s
MEMORY_BACKSTOP = 2  # and, where memory is read while it runs, at this many times its limit
USAGE_EVERY = 50, 0.01  # CPU and memory are read 50 times in a time limit, at most every 10 ms
PAUSED = 0.5  # seconds between two looks at a case past which the runner itself was not running
DRAIN = 1.0  # seconds a killed case's pipes are read at most, once its main process exited


@dataclass(frozen=True)
class Limits:
    """The limits of one run: CPU seconds, MiB of memory, bytes of output; runs_on: whether
    output past its limit is dropped and the run goes on (DOMjudge's runguard), not stopped;
    unlimited_stack: whether its stack has no limit (the Kattis judges), else see stack;
    overshoot: the judge's wall-time limit past the CPU limit, as (seconds, share) of which
    the larger counts (DOMjudge's), else None: the BACKSTOP (see wall)."""

    time: float
    memory: float
    output: float
    runs_on: bool = False
    unlimited_stack: bool = False
    overshoot: tuple[float, float] | None = None

    @property
    def wall(self) -> float:
        """The wall time it is killed at, where CPU time is measured (wall_limit)."""
        return wall_limit(self.time, self.overshoot)

    @property
    def stack(self) -> float:
        """The MiB its stack may grow to (RLIMIT_STACK): its memory limit, as Codeforces and
        AtCoder give, or UNLIMITED_STACK."""
        return UNLIMITED_STACK if self.unlimited_stack else self.memory


@dataclass(frozen=True)
class Run:
    """What one run did. cpu and peak_mib are None where not measured; judged_mib, None where
    it is peak_mib itself, is the peak that MLE is judged by; ended: time.monotonic() when it
    was seen to end or passed a limit (of two piped programs, which went first); memory_at: its
    CPU time when its memory was first seen past the limit, or None (a judge that caps memory
    would have stopped it there); waited: the seconds of its wall time it waited for a CPU,
    which its backstop did not count."""

    output: bytes
    stderr: bytes
    status: int
    wall: float
    cpu: float | None
    peak_mib: float | None
    timed_out: bool
    overflowed: bool
    memory_out: bool = False
    judged_mib: float | None = None
    ended: float | None = None
    memory_at: float | None = None
    waited: float = 0.0


class Watcher(Protocol):
    """What watch() needs of the run it watches a case for: a Running, or a stand-in that
    watches on a thread of its own."""

    @property
    def stopped(self) -> bool:
        """Whether the run is stopped: the case is killed."""

    def tick(self) -> None:
        """Called as the case is watched."""

    def kill(self, case_tree: CaseTree) -> None:
        """Kill the case's tree."""


class Running:
    """Every running case, so that an interruption can kill them all."""

    def __init__(self, tree: type[CaseTree], reader: ReaderKind) -> None:
        self.tree, self.reader = tree, reader
        tree.begin_run()
        self.lock, self.stopped, self.ended = threading.Lock(), False, False
        self.trees: set[CaseTree] = set()
        self.tick: Callable[[], None] = lambda: None  # called as a case is watched (-j 1 sets it)

    def start(
        self,
        command: Command,
        stdin: int,
        cwd: Workdir,
        output_cap: float,
        stdout: int | None = None,
        pipe_ignored: bool = False,
        stack: float | None = None,
    ) -> Started:
        """A case started, and its reader; with stack, the MiB its stack may grow to (see
        Limits.stack), as far as the system allows. It starts outside the lock (a busy
        machine's start may take long), so that other cases are killed meanwhile; stopped
        then, it is killed at once, and watch() ends it."""
        if self.stopped:
            raise KeyboardInterrupt  # no case starts once the run is stopped
        case_tree = self.tree.ready()(command, stdin, cwd, stdout, pipe_ignored, stack)
        with self.lock:
            self.trees.add(case_tree)
            if self.stopped:
                case_tree.kill()
        return case_tree, self.reader(case_tree.pipes, output_cap)

    def kill(self, case_tree: CaseTree) -> None:
        with self.lock:
            self.trees.discard(case_tree)
            case_tree.kill()

    def kill_all(self) -> None:
        with self.lock:
            self.stopped = True
            for case_tree in self.trees:
                case_tree.kill()

    def end(self) -> None:
        """Once no case runs: end what the run kept for its cases (once)."""
        with self.lock:
            ended, self.ended = self.ended, True
        if not ended:
            self.tree.end_run()


def passed_limit(run: Run, limits: Limits) -> str | None:
    """The limit a run passed and was stopped at, in words ("1 MiB of output"), or None."""
    if run.timed_out:
        return f"{limits.time:g} s of CPU time ({limits.wall:g} s of wall time)"
    if run.memory_out:
        return f"{limits.memory * MEMORY_BACKSTOP:g} MiB"
    if run.overflowed:
        kib = limits.output / 1024
        return f"{kib / 1024:g} MiB of output" if kib >= 1024 else f"{kib:g} KiB of output"
    return None


def wall_limit(time_limit: float, overshoot: tuple[float, float] | None) -> float:
    """The wall time a case of time_limit is killed at, where its CPU time is measured: the
    limit and the larger of overshoot's seconds and share of it, as DOMjudge's judgehost gives
    runguard (timelimit_overshoot, 1s|10% by default); with no overshoot, BACKSTOP times it."""
    if overshoot is None:
        return time_limit * BACKSTOP
    return time_limit + max(overshoot[0], overshoot[1] * time_limit)


def ceiling(time_limit: float) -> float:
    """The wall time no case passes, however long it waited for a CPU."""
    return time_limit * CEILING[0] + CEILING[1]


class CaseClock:
    """Seconds since a case started, less any gap over PAUSED between looks (runner stopped)."""

    def __init__(self) -> None:
        self.start = self.last = time.monotonic()

    def now(self) -> float:
        now = time.monotonic()
        if now - self.last > PAUSED:
            self.start += now - self.last - TICK
        self.last = now
        return now - self.start


def execute(
    running: Running,
    command: Command,
    input_path: str | os.PathLike[str],
    cwd: Workdir,
    limits: Limits,
) -> Run:
    """Run command, (args, executable), on input_path under limits, with the stack they give
    (Limits.stack): its Run."""
    with open_regular(input_path) as stdin:
        started = running.start(command, stdin.fileno(), cwd, limits.output, stack=limits.stack)
    return watch(running, *started, limits)


def memory_seen(
    at: float | None, cpu: float | None, peak: float | None, limit: float
) -> float | None:
    """The CPU time a run's memory was first seen past its limit: at, if seen before; else
    now's, where its usage read now (cpu, peak) is past it; else None."""
    return at if at is not None or (peak or 0) <= limit else cpu or 0.0


def cpu_left(time_limit: float, cpu: float | None) -> float:
    """The seconds before a case read at cpu seconds of CPU time can pass time_limit, on one
    CPU (the least seconds a look waits for, USAGE_EVERY's, at least); TICK where its CPU time
    is not read. The next look comes no later, so that a TLE is seen as it passes the limit,
    not up to a TICK past it."""
    return TICK if cpu is None else max(time_limit - cpu, USAGE_EVERY[1])


def drain(reader: Reader, output_cap: float, most: float = DRAIN) -> None:
    """Read what is left in a case's pipes once its tree is killed and reaped: to their end,
    or past output_cap bytes of output, for at most `most` seconds (a process outside the
    tree may still hold them: on macOS, one that left the process group)."""
    end = time.monotonic() + most
    while reader.reading() and len(reader.output) <= output_cap and time.monotonic() < end:
        reader.read(max(end - time.monotonic(), 0.0))


def reaped(
    running: Watcher, case_tree: CaseTree, reader: Reader, output_cap: float, exited: bool
) -> Finished:
    """The case killed and reaped, its pipes closed: what its finish() gives. Once its main
    process has exited, what it wrote before the kill is read first (see drain)."""
    running.kill(case_tree)
    try:  # an OSError if it never started
        finished = case_tree.finish()
        if exited:
            drain(reader, output_cap)
    finally:
        reader.close(case_tree.pipes)
    return finished


def watch(running: Watcher, case_tree: CaseTree, reader: Reader, limits: Limits) -> Run:
    """A started case watched until its main process exits or it passes a limit, then killed
    and reaped: its Run. Once the main process has exited, the rest of its tree is killed,
    as DOMjudge's runguard does, and its output is what it wrote by then, as DOMjudge and
    problemtools judge it: a child left holding stdout open does not keep the case running."""
    time_limit, memory_limit, output_cap = limits.time, limits.memory, limits.output
    deadline = limits.wall if case_tree.measures else time_limit
    most = ceiling(time_limit) - deadline  # of the time it waited for a CPU
    timed_out = overflowed = memory_out = exited = False
    memory_at, waited = None, 0.0
    every = max(time_limit / USAGE_EVERY[0], USAGE_EVERY[1])  # a short case is never asked
    cpu, peak, read_at = None, None, every  # cpu, peak: None where not read while it runs
    clock = CaseClock()
    try:
        while not (STOPPED or running.stopped or exited):
            running.tick()
            elapsed = clock.now()
            if elapsed >= read_at:  # not on each chunk of output: reading /proc takes time
                cpu, peak = case_tree.usage_now()
                read_at = elapsed + min(every, cpu_left(time_limit, cpu))
                memory_at = memory_seen(memory_at, cpu, peak, memory_limit)
            waited = min(case_tree.queued, most)  # for a CPU: not counted by the backstop
            if (cpu or 0) <= time_limit and elapsed - waited >= deadline:  # read the wait again
                cpu, peak = case_tree.usage_now(PAUSED / 2)
                waited = min(case_tree.queued, most)
            timed_out = elapsed - waited >= deadline or (cpu or 0) > time_limit
            memory_out = not timed_out and (peak or 0) > memory_limit * MEMORY_BACKSTOP
            if timed_out or memory_out:
                break
            left = deadline - elapsed + waited  # > 0: not timed out
            nap = min(left, TICK, cpu_left(time_limit, cpu))
            if reader.reading():  # and at least every TICK: has it exited?
                reader.read(nap)
            else:  # its output is closed: wait for the exit
                case_tree.wait(nap)
            overflowed = len(reader.output) > output_cap
            if overflowed and not limits.runs_on:
                break
            exited = case_tree.exited()  # its main process: what it left is killed
        wall, ended = clock.now(), time.monotonic()
    finally:
        status, cpu, peak, judged = reaped(running, case_tree, reader, output_cap, exited)
    overflowed = overflowed or (exited and len(reader.output) > output_cap)
    return Run(
        bytes(reader.output),
        bytes(reader.errors),
        status,
        wall,
        cpu,
        peak,
        timed_out,
        overflowed,
        memory_out,
        judged,
        ended,
        memory_at,
        waited,
    )
