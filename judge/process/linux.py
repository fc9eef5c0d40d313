"""Linux: each case started, measured, killed and reaped by a supervisor of the launcher
(judge/process/launcher.py says how, and its protocol). docs/platforms.md says why."""

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
from collections import namedtuple

from judge.process import launcher as walk
from judge.process.environment import judged_environment
from judge.process.trees import TICK, Pipes, PosixTree, Tree

GIVE_UP = 3.0  # seconds a supervisor may take to end a case when asked, or the launcher to end
# On a busy machine a fork or a Python start can take many seconds: a new supervisor and the
# launcher get this long to say they run. No case waits that long: it starts only after.
STARTING = 120.0
NO_START = "the case did not start"  # its error where the system gives no errno
LAUNCHER = os.path.abspath(walk.__file__)


class Reported(namedtuple("Reported", "kind cpu peak code queued")):
    @classmethod
    def parse(cls, message):
        kind, cpu, peak, code, queued = message.decode("ascii").split()
        if kind not in ("R", "F", "E"):
            raise ValueError(f"not a report: {message!r}")
        return cls(kind, float(cpu), float(peak), None if code == "-" else int(code), float(queued))


def cgroup_folder(cgroup="/proc/self/cgroup", mountinfo="/proc/self/mountinfo"):
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


def launcher_cgroup():
    """The folder below which the launcher's supervisors make their cgroups: this process's,
    unless RUNNER_NO_CGROUP is set; None for none."""
    return None if os.environ.get("RUNNER_NO_CGROUP", "") not in ("", "0") else cgroup_folder()


def octal(match):
    """mountinfo writes a space, a tab, a newline and a backslash as \\OOO."""
    return chr(int(match.group(1), 8))


def start_launcher():
    """A launcher, as (its process, the runner's end of control), or None where none starts."""
    mine, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
    group = launcher_cgroup()
    command = [sys.executable, "-S", "-I", LAUNCHER, str(theirs.fileno()), *filter(None, [group])]
    quiet = dict.fromkeys(("stdin", "stdout", "stderr"), subprocess.DEVNULL)
    try:  # a session of its own: Ctrl-C in a terminal reaches the runner alone
        process = subprocess.Popen(  # its supervisors pass on its environment: the judge's
            command,
            pass_fds=[theirs.fileno()],
            start_new_session=True,
            env=judged_environment(),
            **quiet,
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


def end_launcher(process, control):
    """Close the launcher's socket, which ends it; kill it if stopped or not gone in GIVE_UP."""
    control.close()
    if answering(process):
        with contextlib.suppress(subprocess.TimeoutExpired):  # too busy to see its socket
            process.wait(GIVE_UP)
    process.kill()  # nothing if it ended and was reaped
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(GIVE_UP)


def answering(process):
    """Whether the launcher still runs: neither ended nor stopped (SIGSTOP)."""
    with contextlib.suppress(OSError, IndexError), open(f"/proc/{process.pid}/stat", "rb") as stat:
        state = stat.read().rsplit(b")", 1)[1].split()[0]
        return process.poll() is None and state not in (b"T", b"t")
    return False


def own_session_children():
    """The children in this process's session: not a case's (each has a session of its own),
    nor what a case left, but what the program that uses the judge started itself."""
    mine, kept = os.getsid(0), set()
    for pid in walk.children(os.getpid()):
        with contextlib.suppress(OSError):  # gone
            if os.getsid(pid) == mine:
                kept.add(pid)
    return kept


def sweep_strays(keep):
    """Stop, kill and reap the runner's descendants outside the trees of its children in keep."""

    def reap():
        reaped = []
        for pid in set(walk.children(os.getpid())) - keep:
            with contextlib.suppress(ChildProcessError):
                reaped += [pid] if os.waitpid(pid, os.WNOHANG)[0] else []
        return reaped

    walk.stop_and_kill(lambda: walk.strays(keep), reap)
    deadline = time.monotonic() + GIVE_UP  # the killed children go, each reaped
    while set(walk.children(os.getpid())) - keep and time.monotonic() < deadline:
        reap()
        time.sleep(0.001)


def send_with(channel, text, fds):
    rights = b"".join(fd.to_bytes(4, sys.byteorder) for fd in fds)
    channel.sendmsg([text], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, rights)])


class LinuxTree(Tree):
    """A case run by a supervisor of the launcher, which measures every process of its tree."""

    measures, launcher, lock = True, None, threading.Lock()  # launcher: False once it failed
    supervisors, idle = frozenset(), ()  # the pids of those at work; (socket, pid) of the rest
    runs = 0  # the Runnings not ended, which share the launcher
    known = frozenset()  # the pid of every supervisor since: its cgroup is removed at the end

    @classmethod
    def usable(cls):
        return bool(sys.executable) and os.path.exists(f"/proc/self/task/{os.getpid()}/children")

    @classmethod
    def ready(cls):
        with cls.lock:
            if cls.launcher is None:
                with contextlib.suppress(OSError, AttributeError):  # AttributeError: no prctl
                    walk.become_subreaper()
                cls.launcher = start_launcher() or False
        return cls if cls.launcher else PosixTree

    @classmethod
    def begin_run(cls):
        with cls.lock:
            LinuxTree.runs += 1

    @classmethod
    def end_run(cls):
        with cls.lock:
            LinuxTree.runs = max(LinuxTree.runs - 1, 0)
            if LinuxTree.runs:
                return
            for channel, _ in cls.idle:
                channel.close()  # the supervisor ends
            LinuxTree.idle = ()
            if cls.launcher:
                end_launcher(*cls.launcher)
                sweep_strays(own_session_children())
            base = launcher_cgroup()  # where a supervisor killed here, or by its case, left one
            for pid in cls.known if base else ():
                walk.remove_group(f"{base}/judge-{pid}")
            LinuxTree.launcher, LinuxTree.known = None, frozenset()

    @classmethod
    def supervisor(cls):
        """(socket, pid) of an idle supervisor, or of a new one once it says its pid."""
        with cls.lock:
            if cls.idle:
                LinuxTree.idle, last = cls.idle[:-1], cls.idle[-1]
                return last
            if cls.launcher and not answering(cls.launcher[0]):  # a case stopped or killed it
                end_launcher(*cls.launcher)
                cls.launcher = start_launcher() or False
            if not cls.launcher:  # ended by another thread (the run is ending), or cannot start
                raise OSError("no launcher")
            mine, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
            try:
                send_with(cls.launcher[1], b"supervisor", [theirs.fileno()])
            finally:
                theirs.close()
        mine.setblocking(False)  # every wait on it is a select with a timeout
        said = mine.recv(16) if select.select([mine], [], [], STARTING)[0] else b""
        if not said.isdigit():
            mine.close()
            raise OSError(0, NO_START)
        return mine, int(said)

    def __init__(self, command, stdin, cwd, stdout=None, pipe_ignored=False):
        args, executable = command
        program = executable or args[0]
        if os.sep not in program:  # on the judged PATH, as Popen finds it
            path = judged_environment().get("PATH", os.defpath)
            program = shutil.which(program, path=path) or program
        words = [b"p" if pipe_ignored else b"", program, cwd, *args]
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
            for pipe in filter(None, self.pipes):
                pipe.close()
            raise
        finally:
            os.close(err_end)
            if out is not None:
                os.close(out_end)
        self.report, self.final = Reported("R", 0.0, 0.0, None, 0.0), False
        with self.lock:
            LinuxTree.supervisors |= {self.pid}
            LinuxTree.known |= {self.pid}

    def hand_over(self, text, fds):
        """Send the case to a supervisor; to another if the one asked never came (a case
        killed the launcher as it forked it) or an idle one was killed by its case."""
        for tries in (1, 2):
            try:
                self.socket, self.pid = self.supervisor()
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

    def receive(self, wait, final=False):
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

    def exited(self):  # as wait() last heard (watch() waits once the output is closed), or gone
        return self.report.code is not None or self.final

    def wait(self, timeout):
        self.receive(timeout)

    def usage_now(self, wait=TICK):
        with contextlib.suppress(OSError):
            self.socket.send(b"?")
            self.receive(wait)
        return self.report.cpu, self.report.peak

    def kill(self):
        if not self.final:  # a tree that ended by itself is reaped already
            with contextlib.suppress(OSError):
                self.socket.send(b"k")

    def finish(self):
        self.receive(GIVE_UP, final=True)
        served = self.report.kind in ("E", "F")  # else stopped or killed by its case
        if not served:  # killed here, then its tree
            self.socket.close()
            walk.send_signal([self.pid], signal.SIGKILL)
        with self.lock:
            LinuxTree.supervisors -= {self.pid}
            if served:  # it serves the next case
                LinuxTree.idle += ((self.socket, self.pid),)
            elif self.launcher:  # what no supervisor holds (the launcher kills it too, in 0.5 s)
                keep = {pid for _, pid in self.idle} | self.supervisors | {self.launcher[0].pid}
                sweep_strays(keep)
        code = -signal.SIGKILL if self.report.code is None else self.report.code
        if self.report.kind == "E":  # CODE: the errno of chdir, or of exec (or of fork, on PyPy)
            raise OSError(code, os.strerror(code) if code else NO_START)
        return code, self.report.cpu, self.report.peak, self.report.peak
