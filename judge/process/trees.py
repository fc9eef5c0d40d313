"""A case's process tree: started, watched, killed, measured and reaped. Tree is the seam:
every kind (this module's two, judge.process.windows and judge.process.linux) has its methods
with the same signatures, and judge.process.choose picks one per platform."""

from __future__ import annotations

import contextlib
import math
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Callable, Optional, Protocol, Sequence, Tuple, Union

from ..model import MIB
from ..platform import POSIX, WAIT4
from .environment import judged_environment
from .launcher import stack_soft

if TYPE_CHECKING:
    from resource import struct_rusage

TICK = 0.05  # seconds a case runs unwatched at most
STACK_MOST = 2**62  # bytes of stack asked at most: rlim_t has 64 bits, and this is no limit
# The MiB of stack a case asks for no limit on its stack (RLIMIT_STACK), as the Kattis judges
# give: its soft limit is then the hard one, RLIM_INFINITY where that is unlimited.
UNLIMITED_STACK = math.inf

# A command as a tree starts it: its arguments, and the executable to run (None: the first
# argument, looked up on PATH).
Command = Tuple[Sequence[str], Optional[str]]
Workdir = Union[str, "os.PathLike[str]"]  # the folder a case runs in
# What finish() gives: (exit code, CPU seconds, peak MiB, the peak MiB judged), each figure
# None where not measured.
Finished = Tuple[int, Optional[float], Optional[float], Optional[float]]


@dataclass(frozen=True)
class Pipes:
    """The runner's ends of a case's stdout and stderr, binary files; stdout is None where it
    goes elsewhere than to the runner."""

    stdout: IO[bytes] | None
    stderr: IO[bytes] | None

    def opened(self) -> list[IO[bytes]]:
        """Those the runner holds: the files that are not None."""
        return [pipe for pipe in (self.stdout, self.stderr) if pipe is not None]


class Reader(Protocol):
    """What reads a case's pipes while watch() watches it (judge.process.readers has two
    kinds): output and errors fill as it reads."""

    output: bytearray
    errors: bytearray

    def reading(self) -> bool:
        """Whether a pipe is still open."""

    def read(self, timeout: float) -> None:
        """Read what comes within timeout seconds."""

    def close(self, pipes: Pipes) -> None:
        """Close the pipes once the case is reaped."""


# A kind of Reader, made for a case's pipes and the bytes of output it reads at most.
ReaderKind = Callable[[Pipes, float], Reader]


def peak_of(usage: struct_rusage) -> float:
    return usage.ru_maxrss / (MIB if sys.platform == "darwin" else 1024)


def stack_bytes(stack: float) -> int:
    """A stack of `stack` MiB in bytes, from 1 to STACK_MOST."""
    return max(1, int(min(stack * MIB, STACK_MOST)))


def stack_limits(stack: float | None) -> tuple[int, int] | None:
    """The RLIMIT_STACK (soft, hard) that gives a case `stack` MiB of stack (UNLIMITED_STACK: no
    limit), or as much as the hard limit allows; None to leave the runner's (no stack asked,
    or no such limit here)."""
    if stack is None:
        return None
    try:
        import resource

        hard = resource.getrlimit(resource.RLIMIT_STACK)[1]
    except (ImportError, AttributeError, OSError, ValueError):  # Windows: no resource module
        return None
    size = resource.RLIM_INFINITY if stack == UNLIMITED_STACK else stack_bytes(stack)
    return stack_soft(size, hard), hard


def stack_setter(limits: tuple[int, int]) -> Callable[[], None]:
    """What a case calls between its fork and its exec to take these RLIMIT_STACK limits: one
    the system refuses leaves the stack as it was, and the case runs."""
    import resource

    def set_stack() -> None:
        with contextlib.suppress(OSError, ValueError, OverflowError):
            resource.setrlimit(resource.RLIMIT_STACK, limits)

    return set_stack


class Tree:
    """A case's process tree. This kind, PlainTree, knows the exit code alone."""

    measures = False  # whether CPU time and memory are known
    queued = 0.0  # seconds the case waited for a CPU, where the kernel says (Linux)

    def __init__(
        self,
        command: Command,
        stdin: int,
        cwd: Workdir,
        stdout: int | None = None,
        pipe_ignored: bool = False,
        stack: float | None = None,
    ) -> None:
        """Start (args, executable) in cwd on fds stdin and stdout (None: a pipe); sets pipes.
        With pipe_ignored it starts with SIGPIPE ignored, as the runner has it: a judging
        program whose program went gets EPIPE, not death. With stack, its stack may grow to
        so many MiB (its memory limit, or UNLIMITED_STACK), as far as the hard limit allows."""
        args, executable = command
        limits = stack_limits(stack) if POSIX else None
        self.child = subprocess.Popen(
            args,
            executable=executable,
            stdin=stdin,
            cwd=cwd,
            env=judged_environment(),
            start_new_session=POSIX,
            stdout=subprocess.PIPE if stdout is None else stdout,
            stderr=subprocess.PIPE,
            restore_signals=not pipe_ignored,
            preexec_fn=None if limits is None else stack_setter(limits),
        )
        self.pipes = Pipes(self.child.stdout, self.child.stderr)

    @classmethod
    def ready(cls) -> type[CaseTree]:
        """The kind that starts the next case: this one, or another where it cannot work."""
        return cls

    @classmethod
    def begin_run(cls) -> None:
        """A run of cases begins: what it keeps for its cases lasts until its end_run()."""

    @classmethod
    def end_run(cls) -> None:
        """Once no case of the run runs: end what the runs kept, if no other run goes on."""

    def exited(self) -> bool:
        return self.child.poll() is not None

    def wait(self, timeout: float) -> None:
        """Wait for the exit, up to timeout s, once the output is closed."""
        time.sleep(min(timeout, 0.002))

    def usage_now(self, wait: float = TICK) -> tuple[float | None, float | None]:
        """(CPU seconds, peak MiB) so far, each None where not read while it runs."""
        return None, None

    def kill(self) -> None:
        """Kill the whole tree (on POSIX, its process group); finish() then reaps it."""
        if POSIX:
            with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
                os.killpg(self.child.pid, signal.SIGKILL)
        else:
            self.child.kill()

    def finish(self) -> Finished:
        """(exit code, CPU seconds, peak MiB, the peak MiB judged), once killed; an OSError if
        the case never started."""
        return self.child.wait(), None, None, None


PlainTree = Tree  # no os.wait4, no Job Object: the exit code alone is known
CaseTree = Tree  # a case's tree, of whichever kind: what the rest of the judge knows of one
Started = Tuple[CaseTree, Reader]  # a case started: its tree, and its reader


class PosixTree(PlainTree):
    """POSIX with os.wait4, which measures the case; its process group is killed."""

    measures = True
    result: tuple[int, float, float] | None = None  # (exit code, CPU s, peak MiB) once reaped

    def __init__(
        self,
        command: Command,
        stdin: int,
        cwd: Workdir,
        stdout: int | None = None,
        pipe_ignored: bool = False,
        stack: float | None = None,
    ) -> None:
        import resource

        super().__init__(command, stdin, cwd, stdout, pipe_ignored, stack)
        self.copied = peak_of(resource.getrusage(resource.RUSAGE_SELF))  # its peak starts here

    def exited(self) -> bool:
        return self.reaped(block=False) is not None

    def reaped(self, block: bool) -> tuple[int, float, float] | None:
        """(exit code, CPU seconds, peak MiB) once it is reaped, by wait4, which measures it."""
        if self.result is None:
            assert WAIT4 is not None  # this kind is chosen only where os has wait4
            pid, status, usage = WAIT4(self.child.pid, 0 if block else os.WNOHANG)
            if pid:
                code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
                self.result = code, usage.ru_utime + usage.ru_stime, peak_of(usage)
        return self.result

    def finish(self) -> Finished:
        reaped = self.reaped(block=True)
        assert reaped is not None  # a blocking wait4 returns once it has reaped it
        code, cpu, peak = reaped
        self.child.returncode = code  # reaped by wait4: Popen must not wait again
        return code, cpu, peak, peak if peak > self.copied else 0.0
