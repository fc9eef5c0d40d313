"""Linux: each case started, measured, killed and reaped by a supervisor of the launcher
(judge/process/launcher.py says how, and its protocol). docs/platforms.md says why."""

from __future__ import annotations

import _socket
import contextlib
import errno
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Tuple

from . import launcher as walk
from .environment import judged_environment
from .trees import TICK, UNLIMITED_STACK, Pipes, PosixTree, Tree, stack_bytes

if TYPE_CHECKING:
    from typing import Literal

    from .trees import CaseTree, Command, Finished, Workdir

# A launcher that runs: its process, and the runner's end of its control socket.
Launched = Tuple["subprocess.Popen[bytes]", _socket.socket]

GIVE_UP = 3.0  # seconds a supervisor may take to end a case when asked, or the launcher to end
# On a busy machine a fork or a Python start can take many seconds: a new supervisor and the
# launcher get this long to say they run. No case waits that long: it starts only after.
STARTING = 120.0
NO_START = "the case did not start"  # its error where the system gives no errno
LAUNCHER = os.path.abspath(walk.__file__)


@dataclass(frozen=True)
class Reported:
    """A supervisor's report (see the launcher's protocol): its kind (R, F or E), the tree's
    CPU seconds and peak MiB, the exit code (None while it runs; E: the errno) and the longest
    wait for a CPU in seconds."""

    kind: str
    cpu: float
    peak: float
    code: int | None
    queued: float

    @classmethod
    def parse(cls, message: bytes) -> Reported:
        kind, cpu, peak, code, queued = message.decode("ascii").split()
        if kind not in ("R", "F", "E"):
            raise ValueError(f"not a report: {message!r}")
        return cls(kind, float(cpu), float(peak), None if code == "-" else int(code), float(queued))


def cgroup_folder(
    cgroup: str = "/proc/self/cgroup", mountinfo: str = "/proc/self/mountinfo"
) -> str | None:
    """The folder of this process's cgroup v2 (under the mount of the cgroup2 file system that
    holds it), or None where it has none."""
    try:
        with open(cgroup, encoding="utf-8") as lines:
            path = next(line[3:].rstrip("\n") for line in lines if line.startswith("0::"))
        with open(mountinfo, encoding="utf-8") as lines:
            mounts = [line.split() for line in lines]
    except (OSError, UnicodeError, StopIteration):
        return None
    for fields in mounts:  # ID PARENT MAJOR:MINOR ROOT MOUNT_POINT ... - TYPE SOURCE OPTIONS
        if "-" in fields[6:-1] and fields[fields.index("-", 6) + 1] == "cgroup2":
            root, mount = fields[3], re.sub(r"\\([0-7]{3})", octal, fields[4])
            if path == root or path.startswith(root.rstrip("/") + "/"):
                return os.path.join(mount, path[len(root) :].strip("/")).rstrip("/")
    return None


def launcher_cgroup() -> str | None:
    """The folder below which the launcher's supervisors make their cgroups: this process's,
    unless RUNNER_NO_CGROUP is set; None for none."""
    return None if os.environ.get("RUNNER_NO_CGROUP", "") not in ("", "0") else cgroup_folder()


def octal(match: re.Match[str]) -> str:
    """mountinfo writes a space, a tab, a newline and a backslash as \\OOO."""
    return chr(int(match.group(1), 8))


def start_launcher() -> Launched | None:
    """A launcher, as (its process, the runner's end of control), or None where none starts."""
    mine, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
    group = launcher_cgroup()
    command = [sys.executable, "-S", "-I", LAUNCHER, str(theirs.fileno()), *filter(None, [group])]
    quiet = subprocess.DEVNULL
    try:  # a session of its own: Ctrl-C in a terminal reaches the runner alone
        process = subprocess.Popen(  # its supervisors pass on its environment: the judge's
            command,
            pass_fds=[theirs.fileno()],
            start_new_session=True,
            env=judged_environment(),
            stdin=quiet,
            stdout=quiet,
            stderr=quiet,
        )
    except OSError:
        return None
    finally:
        theirs.close()
    mine.settimeout(STARTING)
    with contextlib.suppress(OSError):
        if mine.recv(16) == b"ready":
            mine.settimeout(GIVE_UP)  # a launcher stopped with a full socket: no send hangs
            return process, mine
    end_launcher(process, mine)
    return None


def end_launcher(process: subprocess.Popen[bytes], control: _socket.socket) -> None:
    """Close the launcher's socket, which ends it; kill it if stopped or not gone in GIVE_UP."""
    control.close()
    if answering(process):
        with contextlib.suppress(subprocess.TimeoutExpired):  # too busy to see its socket
            process.wait(GIVE_UP)
    process.kill()  # nothing if it ended and was reaped
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(GIVE_UP)


def answering(process: subprocess.Popen[bytes]) -> bool:
    """Whether the launcher still runs: neither ended nor stopped (SIGSTOP)."""
    with contextlib.suppress(OSError, IndexError), open(f"/proc/{process.pid}/stat", "rb") as stat:
        state = stat.read().rsplit(b")", 1)[1].split()[0]
        return process.poll() is None and state not in (b"T", b"t")
    return False


def own_session_children() -> set[int]:
    """The children in this process's session: not a case's (each has a session of its own),
    nor what a case left, but what the program that uses the judge started itself."""
    mine, kept = os.getsid(0), set()
    for pid in walk.children(os.getpid()):
        with contextlib.suppress(OSError):  # gone
            if os.getsid(pid) == mine:
                kept.add(pid)
    return kept


def sweep_strays(keep: set[int]) -> None:
    """Stop, kill and reap the runner's descendants outside the trees of its children in keep."""

    def reap() -> list[int]:
        reaped: list[int] = []
        for pid in set(walk.children(os.getpid())) - keep:
            with contextlib.suppress(ChildProcessError):
                reaped += [pid] if os.waitpid(pid, os.WNOHANG)[0] else []
        return reaped

    walk.stop_and_kill(lambda: walk.strays(keep), reap)
    deadline = time.monotonic() + GIVE_UP  # the killed children go, each reaped
    while set(walk.children(os.getpid())) - keep and time.monotonic() < deadline:
        reap()
        time.sleep(0.001)


def stack_word(stack: float | None) -> str:
    """A case's STACK in the launcher's protocol for a stack of `stack` MiB: its bytes (the
    supervisor caps them at the hard limit), `unlimited` for UNLIMITED_STACK, empty for None."""
    if stack is None:
        return ""
    return walk.UNLIMITED.decode() if stack == UNLIMITED_STACK else str(stack_bytes(stack))


def send_with(channel: _socket.socket, text: bytes, fds: Iterable[int]) -> None:
    rights = b"".join(fd.to_bytes(4, sys.byteorder) for fd in fds)
    channel.sendmsg([text], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, rights)])


class Fleet:
    """The launcher and its supervisors. A process has one launcher (the runner is the
    subreaper of what its cases leave), which every run of cases shares: the first case of a
    run starts it, the last run to end ends it. Each change is made under the lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.launcher: Launched | Literal[False] | None = None  # False once it failed to start
        self.supervisors: frozenset[int] = frozenset()  # the pids of those at work
        self.idle: tuple[tuple[_socket.socket, int], ...] = ()  # (socket, pid) of the rest
        self.runs = 0  # the Runnings not ended, which share the launcher
        self.known: frozenset[int] = frozenset()  # every supervisor's pid since: cgroups to remove

    def ready(self) -> bool:
        """Whether a launcher runs: started here if none was tried in this run."""
        with self.lock:
            if self.launcher is None:
                with contextlib.suppress(OSError, AttributeError):  # AttributeError: no prctl
                    walk.become_subreaper()
                self.launcher = start_launcher() or False
            return bool(self.launcher)

    def begin_run(self) -> None:
        with self.lock:
            self.runs += 1

    def end_run(self) -> None:
        with self.lock:
            self.runs = max(self.runs - 1, 0)
            if self.runs:
                return
            for channel, _ in self.idle:
                channel.close()  # the supervisor ends
            self.idle = ()
            if self.launcher:
                end_launcher(*self.launcher)
                sweep_strays(own_session_children())
            base = launcher_cgroup()  # where a supervisor killed here, or by its case, left one
            for pid in self.known if base else ():
                walk.remove_group(f"{base}/judge-{pid}")
            self.launcher, self.known = None, frozenset()

    def supervisor(self) -> tuple[_socket.socket, int]:
        """(socket, pid) of an idle supervisor, or of a new one once it says its pid."""
        with self.lock:
            if self.idle:
                self.idle, last = self.idle[:-1], self.idle[-1]
                return last
            if self.launcher and not answering(self.launcher[0]):  # a case stopped or killed it
                end_launcher(*self.launcher)
                self.launcher = start_launcher() or False
            if not self.launcher:  # ended by another thread (the run is ending), or cannot start
                raise OSError("no launcher")
            mine, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
            try:
                send_with(self.launcher[1], b"supervisor", [theirs.fileno()])
            finally:
                theirs.close()
        mine.setblocking(False)  # every wait on it is a select with a timeout
        said = mine.recv(16) if select.select([mine], [], [], STARTING)[0] else b""
        if not said.isdigit():
            mine.close()
            raise OSError(0, NO_START)
        return mine, int(said)

    def at_work(self, pid: int) -> None:
        """The supervisor pid took a case."""
        with self.lock:
            self.supervisors |= {pid}
            self.known |= {pid}

    def done(self, channel: _socket.socket, pid: int, served: bool) -> None:
        """The supervisor pid is done with its case: idle if it served it; else it was killed
        here, and so is what no supervisor holds (the launcher kills it too, in 0.5 s)."""
        with self.lock:
            self.supervisors -= {pid}
            if served:  # it serves the next case
                self.idle += ((channel, pid),)
            elif self.launcher:
                keep = {idle for _, idle in self.idle} | self.supervisors | {self.launcher[0].pid}
                sweep_strays(keep)


class LinuxTree(Tree):
    """A case run by a supervisor of the launcher, which measures every process of its tree."""

    measures = True
    fleet = Fleet()  # this process's launcher and supervisors
    socket: _socket.socket  # the supervisor's, and its pid
    pid: int

    @classmethod
    def usable(cls) -> bool:
        return bool(sys.executable) and os.path.exists(f"/proc/self/task/{os.getpid()}/children")

    @classmethod
    def ready(cls) -> type[CaseTree]:
        return cls if cls.fleet.ready() else PosixTree

    @classmethod
    def begin_run(cls) -> None:
        cls.fleet.begin_run()

    @classmethod
    def end_run(cls) -> None:
        cls.fleet.end_run()

    def __init__(
        self,
        command: Command,
        stdin: int,
        cwd: Workdir,
        stdout: int | None = None,
        pipe_ignored: bool = False,
        stack: float | None = None,
    ) -> None:
        args, executable = command
        program = executable or args[0]
        if os.sep not in program:  # on the judged PATH, as Popen finds it
            path = judged_environment().get("PATH", os.defpath)
            program = shutil.which(program, path=path) or program
        words = ["p" if pipe_ignored else "", stack_word(stack), program, cwd, *args]
        text = b"\0".join(os.fsencode(word) for word in words)
        if len(text) > walk.CASE_BYTES:  # a supervisor would read it cut short
            raise OSError(errno.E2BIG, f"its command passes {walk.CASE_BYTES // 1024} KiB")
        err, err_end = os.pipe()
        out, out_end = os.pipe() if stdout is None else (None, stdout)
        out_file = None if out is None else open(out, "rb", buffering=0)  # noqa: SIM115
        self.pipes = Pipes(out_file, open(err, "rb", buffering=0))  # noqa: SIM115 (the reader)
        try:
            self.hand_over(text, [stdin, out_end, err_end])
        except BaseException:  # no case: the reader's ends go too
            for pipe in self.pipes.opened():
                pipe.close()
            raise
        finally:
            os.close(err_end)
            if out is not None:
                os.close(out_end)
        self.report, self.final = Reported("R", 0.0, 0.0, None, 0.0), False
        self.fleet.at_work(self.pid)

    def hand_over(self, text: bytes, fds: list[int]) -> None:
        """Send the case to a supervisor; to another if the one asked never came (a case
        killed the launcher as it forked it) or an idle one was killed by its case."""
        for tries in (1, 2):
            try:
                self.socket, self.pid = self.fleet.supervisor()
            except OSError:
                if tries == 2:
                    raise
                continue
            try:
                send_with(self.socket, text, fds)
                return
            except OSError:
                self.socket.close()
                if tries == 2:
                    raise

    def receive(self, wait: float, final: bool = False) -> None:
        """Take the supervisor's reports, up to `wait` s for the first (with final, each to F)."""
        with contextlib.suppress(OSError, ValueError):  # BlockingIOError among them
            while not self.final:
                if wait > 0 and not select.select([self.socket], [], [], wait)[0]:
                    break
                message = self.socket.recv(64)  # it does not block; b"": the supervisor is gone
                self.report = Reported.parse(message) if message else self.report
                self.queued = self.report.queued  # the longest any process waited for a CPU
                self.final = not message or self.report.kind in ("E", "F")
                wait = wait if final else 0

    def exited(self) -> bool:
        """Whether the case's main process has exited (or the supervisor is gone), as its
        reports say: those already sent are taken, without a wait."""
        self.receive(0)
        return self.report.code is not None or self.final

    def wait(self, timeout: float) -> None:
        self.receive(timeout)

    def usage_now(self, wait: float = TICK) -> tuple[float | None, float | None]:
        with contextlib.suppress(OSError):
            self.socket.send(b"?")
            self.receive(wait)
        return self.report.cpu, self.report.peak

    def kill(self) -> None:
        if not self.final:  # a tree that ended by itself is reaped already
            with contextlib.suppress(OSError):
                self.socket.send(b"k")

    def finish(self) -> Finished:
        self.receive(GIVE_UP, final=True)
        served = self.report.kind in ("E", "F")  # else stopped or killed by its case
        if not served:  # killed here, then its tree
            self.socket.close()
            walk.send_signal([self.pid], signal.SIGKILL)
        self.fleet.done(self.socket, self.pid, served)
        code = -signal.SIGKILL if self.report.code is None else self.report.code
        if self.report.kind == "E":  # CODE: the errno of chdir, or of exec (or of fork, on PyPy)
            raise OSError(code, os.strerror(code) if code else NO_START)
        return code, self.report.cpu, self.report.peak, self.report.peak
