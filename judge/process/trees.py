"""A case's process tree: started, watched, killed, measured and reaped. Tree is the seam:
every kind (this module's two, judge.process.windows and judge.process.linux) has its methods
with the same signatures, and judge.process.choose picks one per platform."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections import namedtuple

from judge.model import MIB
from judge.platform import POSIX, WAIT4
from judge.process.environment import judged_environment

TICK = 0.05  # seconds a case runs unwatched at most

Pipes = namedtuple("Pipes", "stdout stderr")  # the runner's ends, binary files; stdout maybe None


def peak_of(usage):
    return usage.ru_maxrss / (MIB if sys.platform == "darwin" else 1024)


class Tree:
    """A case's process tree. This kind, PlainTree, knows the exit code alone."""

    measures = False  # whether CPU time and memory are known
    queued = 0.0  # seconds the case waited for a CPU, where the kernel says (Linux)

    def __init__(self, command, stdin, cwd, stdout=None, pipe_ignored=False):
        """Start (args, executable) in cwd on fds stdin and stdout (None: a pipe); sets pipes.
        With pipe_ignored it starts with SIGPIPE ignored, as the runner has it: a judging
        program whose program went gets EPIPE, not death."""
        args, executable = command
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
        )
        self.pipes = Pipes(self.child.stdout, self.child.stderr)

    @classmethod
    def ready(cls):
        """The kind that starts the next case: this one, or another where it cannot work."""
        return cls

    @classmethod
    def begin_run(cls):
        """A run of cases begins: what it keeps for its cases lasts until its end_run()."""

    @classmethod
    def end_run(cls):
        """Once no case of the run runs: end what the runs kept, if no other run goes on."""

    def exited(self):
        return self.child.poll() is not None

    def wait(self, timeout):
        """Wait for the exit, up to timeout s, once the output is closed."""
        time.sleep(min(timeout, 0.002))

    def usage_now(self, wait=TICK):
        """(CPU seconds, peak MiB) so far, each None where not read while it runs."""
        return None, None

    def kill(self):
        """Kill the whole tree (on POSIX, its process group); finish() then reaps it."""
        if POSIX:
            with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
                os.killpg(self.child.pid, signal.SIGKILL)
        else:
            self.child.kill()

    def finish(self):
        """(exit code, CPU seconds, peak MiB, the peak MiB judged), once killed; an OSError if
        the case never started."""
        return self.child.wait(), None, None, None


PlainTree = Tree  # no os.wait4, no Job Object: the exit code alone is known


class PosixTree(PlainTree):
    """POSIX with os.wait4, which measures the case; its process group is killed."""

    measures, result = True, None  # result: (exit code, CPU seconds, peak MiB) once reaped

    def __init__(self, command, stdin, cwd, stdout=None, pipe_ignored=False):
        import resource

        super().__init__(command, stdin, cwd, stdout, pipe_ignored)
        self.copied = peak_of(resource.getrusage(resource.RUSAGE_SELF))  # its peak starts here

    def exited(self):
        return self.reaped(block=False)

    def reaped(self, block):
        if self.result is None:  # reaped by wait4, which measures it
            pid, status, usage = WAIT4(self.child.pid, 0 if block else os.WNOHANG)
            if pid:
                code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
                self.result = code, usage.ru_utime + usage.ru_stime, peak_of(usage)
        return self.result is not None

    def finish(self):
        self.reaped(block=True)
        code, cpu, peak = self.result
        self.child.returncode = code  # reaped by wait4: Popen must not wait again
        return code, cpu, peak, peak if peak > self.copied else 0.0
