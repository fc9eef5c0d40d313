"""The launcher: the process that starts and watches every case on Linux.

Run as `python -S -I launcher.py FD [CGROUP]`, FD its end of the runner's control socket,
CGROUP the folder of the runner's cgroup v2. It needs nothing but the standard library's C
modules, so that it starts fast; judge.process.linux imports it too, for its process walks.

Theory of operation
- Why a process of its own: a case's CPU time and memory are measured by wait4() of its
  parent. The launcher is a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so every process
  a case leaves behind, orphaned or not, ends up its descendant, is measured when reaped and
  is killed with the case. The runner's own threads never fork.
- One supervisor per case that runs at once. The launcher forks it on request; it is a
  subreaper too. It spawns the case in a session of its own, reaps and measures every process
  of the tree, samples /proc for the CPU time and memory of those still running, and kills
  the whole tree when asked, at its end or when the runner goes.
- Killing a tree: stop every process (SIGSTOP, so none can fork), walk again until no new one
  is found, then SIGKILL them all.
- A supervisor serves case after case; the runner keeps the idle ones.
- Where this user may make a cgroup v2 (root, or a delegated subtree), each supervisor moves
  into its own, `judge-PID` below the runner's, with its cases. Its cpu.stat counts every
  process that ran there, however it ended. The launcher removes a killed supervisor's.

Protocol. Each message is one ASCII datagram on a SOCK_SEQPACKET pair: "control" joins the
runner (R) and the launcher (L); a supervisor's own "report" joins R and it (S). Fds go as
SCM_RIGHTS.

| from | to | message                        | meaning                                          |
|------|----|--------------------------------|--------------------------------------------------|
| L    | R  | `ready`                        | it runs                                          |
| R    | L  | `supervisor`, 1 fd             | fork a supervisor whose "report" is the fd       |
| R    | L  | end of file                    | the run is over: kill, exit                      |
| S    | R  | `PID`                          | it runs; PID: its own (first, once)              |
| R    | S  | `P\\0STACK\\0EXE\\0CWD\\0ARGS` | start a case; 3 fds: its stdin, stdout, stderr   |
| S    | R  | `E CPU PEAK CODE QUEUED`       | no start; CODE: errno (no reply to a start)      |
| R    | S  | `?`                            | the figures so far, please                       |
| S    | R  | `R CPU PEAK CODE QUEUED`       | the figures so far; sent unasked too at its exit |
| R    | S  | `k`                            | kill the tree now                                |
| S    | R  | `F CPU PEAK CODE QUEUED`       | the tree is reaped: ready for the next case      |
| R    | S  | end of file                    | kill the tree, exit                              |

P: `p` for a judging program, which starts with SIGPIPE ignored (a program it talks to may
go at any time), else empty. STACK: the bytes the case's stack may grow to (its RLIMIT_STACK
soft limit, as far as the hard limit allows); `unlimited` for no limit (the soft limit is the
hard one: RLIM_INFINITY where that is unlimited, as the Kattis judges give); or empty for this
process's own. CPU: seconds, of the tree. PEAK: MiB. CODE: the main process's exit code,
negative for a signal, `-` while it runs. QUEUED: the longest wait for a CPU.
ARGS: each ends in \\0 but the last.
"""

import _socket
import os
import select
import sys
import time

# What its annotations name is imported for the type checker alone, and those that would load
# it are strings: the launcher loads neither __future__ nor typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import signal
    from resource import struct_rusage
    from typing import Callable, Dict, Iterable, List, Optional, Set, Tuple, Union

    # What a sample saw: pid -> (its parent, its ticks with its waited children's, the waited
    # children's ticks).
    Sampled = Dict[int, Tuple[int, int, int]]
else:
    import _signal as signal  # the C module: `signal` would import enum, which is slow to load

CLOEXEC = getattr(_socket, "MSG_CMSG_CLOEXEC", 0x40000000)  # Linux's value; PyPy has no name
SAMPLE_EVERY = 0.01  # seconds between two samples of /proc at least: a short case has none
ASKED_EVERY = 0.03  # seconds a supervisor waits for a word before it samples on its own
CASE_BYTES = 65536  # the most a case's message (flags, program, folder, arguments) may hold
UNLIMITED = b"unlimited"  # STACK's word for a stack with no limit


def become_subreaper() -> None:
    """Orphans of this process's descendants become its children (Linux's prctl 36)."""
    import ctypes

    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)


def family(pid: int) -> "Tuple[List[int], float]":
    """(pid's children, the longest wait for a CPU of any of its threads in seconds, which is
    schedstat's run delay), read from each thread once."""
    found: List[int] = []
    longest = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as ids:
                found += [int(word) for word in ids.read().split()]
            with open(f"/proc/{pid}/task/{task}/schedstat", "rb") as schedstat:
                longest = max(longest, int(schedstat.read().split()[1]))
    except (OSError, IndexError, ValueError):  # gone, or going
        pass
    return found, longest / 1e9


def children(pid: int) -> "List[int]":
    return family(pid)[0]


def descendants(roots: "Optional[List[int]]" = None) -> "List[int]":
    found = children(os.getpid()) if roots is None else roots
    for pid in found:  # the list grows as the walk goes down
        found += children(pid)
    return found


def strays(supervisors: "Set[int]") -> "List[int]":
    """This process's descendants outside the supervisors' trees: a killed one's orphans."""
    return descendants(list(set(children(os.getpid())) - supervisors))


def stop_and_kill(
    found: "Callable[[], List[int]]" = descendants, reap: "Callable[[], List[int]]" = lambda: []
) -> None:
    stopped: Set[int] = set()
    while True:  # stopped, a process cannot fork: walk again until no new one is found
        stopped -= set(reap())  # the ended: a chain that forks on leaves no zombies to walk
        new = set(found()) - stopped
        if not new:
            break
        send_signal(new, signal.SIGSTOP)
        stopped |= new
    send_signal(stopped, signal.SIGKILL)


def send_signal(pids: "Iterable[int]", number: int) -> None:
    for pid in pids:
        try:  # noqa: SIM105 (the launcher imports no more than it needs)
            os.kill(pid, number)
        except OSError:  # gone already
            pass


def reap_any(
    block: bool = False,
    measure: "Callable[[int, int, struct_rusage], None]" = lambda pid, status, usage: None,
) -> "Tuple[List[int], bool]":
    """Reap and measure the ended children: (their pids, whether a child is left)."""
    reaped: List[int] = []
    while True:
        try:
            pid, status, usage = os.wait4(-1, 0 if block else os.WNOHANG)
        except ChildProcessError:
            return reaped, False
        if not pid:
            return reaped, True
        reaped.append(pid)
        measure(pid, status, usage)


def ignores_children(pid: int) -> bool:
    """Whether pid ignores SIGCHLD: then the kernel reaps its children, unmeasured."""
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            for line in status:
                if line.startswith(b"SigIgn:"):
                    return bool(int(line.split()[1], 16) >> (signal.SIGCHLD - 1) & 1)
    except (OSError, ValueError):
        pass
    return False


def lost_ticks(before: "Sampled", now: "Sampled", reaped: "Set[int]") -> int:
    """The CPU ticks of the processes gone since the sample `before` that no wait4 measures:
    reaped by the kernel (a parent that ignores SIGCHLD, or sets SA_NOCLDWAIT). A parent that
    waited for its children has their ticks among its own children's; what it lacks is lost.
    before and now map pid to (parent, ticks with its waited children, waited children's)."""
    gone: Dict[int, int] = {}
    for pid, (parent, ticks, _) in before.items():
        if pid not in now and pid not in reaped:
            gone[parent] = gone.get(parent, 0) + ticks
    lost = 0
    for parent, ticks in gone.items():
        if parent in now and parent in before:  # what its waits measured since
            lost += max(0, ticks - (now[parent][2] - before[parent][2]))
        elif ignores_children(parent):  # gone too, or new: its SIGCHLD says
            lost += ticks
    return lost


class Group:
    """The cgroup v2 `judge-PID` below base that this supervisor and its cases are in (see
    above). Making or joining it raises OSError where the system does not let this user."""

    def __init__(self, base: str) -> None:
        self.base, self.folder = base, f"{base}/judge-{os.getpid()}"
        if not os.path.isdir(self.folder):  # else a killed supervisor's of the same pid: empty
            os.mkdir(self.folder)
        with open(f"{self.folder}/cgroup.procs", "w") as procs:
            procs.write(str(os.getpid()))
        self.since = self.used()

    def used(self) -> float:
        """Seconds of CPU that every process of the group used, less this one's."""
        with open(f"{self.folder}/cpu.stat", "rb") as stat:
            for line in stat:
                if line.startswith(b"usage_usec "):
                    return int(line.split()[1]) / 1e6 - time.process_time()
        raise OSError(f"{self.folder}/cpu.stat has no usage_usec")

    def case_used(self) -> float:
        try:
            return self.used() - self.since
        except (OSError, ValueError):
            return 0.0

    def leave(self) -> None:
        try:
            with open(f"{self.base}/cgroup.procs", "w") as procs:
                procs.write(str(os.getpid()))
        except OSError:
            return
        remove_group(self.folder)


def remove_group(folder: str) -> None:
    """Remove the cgroup folder, which goes once no process is in it."""
    try:  # noqa: SIM105 (the launcher imports no more than it needs)
        os.rmdir(folder)
    except OSError:  # gone already, or a process is still in it
        pass


def stack_asked(word: bytes) -> "Optional[int]":
    """The bytes of stack that STACK asks (see the table): RLIM_INFINITY for `unlimited`, None
    for this process's own (empty)."""
    if word == UNLIMITED:
        import resource

        return resource.RLIM_INFINITY
    return int(word) if word else None


def stack_soft(size: int, hard: int) -> int:
    """The RLIMIT_STACK soft limit that gives size bytes of stack (RLIM_INFINITY: no limit) as
    far as the hard limit allows: size where it fits, else hard, RLIM_INFINITY where the hard
    limit is unlimited. Not min(): Python's RLIM_INFINITY is -1, below every size."""
    import resource

    infinity = resource.RLIM_INFINITY
    if size == infinity or (hard != infinity and size > hard):
        return hard
    return size


def stack_limited(size: int) -> "Optional[Tuple[int, int]]":
    """Make size bytes (RLIM_INFINITY: no limit), or as many as the hard limit allows (see
    stack_soft), this process's RLIMIT_STACK soft limit, which the case it starts next
    inherits: the limits it had, to set back, or None if the system refused (the case then
    runs with the stack this process has)."""
    import resource

    try:
        before = resource.getrlimit(resource.RLIMIT_STACK)
        hard = before[1]
        resource.setrlimit(resource.RLIMIT_STACK, (stack_soft(size, hard), hard))
    except (OSError, ValueError, OverflowError):
        return None
    return before


def spawn(
    executable: bytes,
    args: "List[bytes]",
    fds: "List[int]",
    environment: "Dict[bytes, bytes]",
    pipe_ignored: bool = False,
    stack: "Optional[int]" = None,
) -> int:
    """spawned(), with a stack of so many bytes (RLIM_INFINITY: no limit) unless stack is None
    (see stack_limited)."""
    before = None if stack is None else stack_limited(stack)
    try:
        return spawned(executable, args, fds, environment, pipe_ignored)
    finally:
        if before is not None:  # back as it was (the hard limit never changes)
            stack_limited(before[0])


def spawned(
    executable: bytes,
    args: "List[bytes]",
    fds: "List[int]",
    environment: "Dict[bytes, bytes]",
    pipe_ignored: bool,
) -> int:
    """The pid of a case in a session of its own, fds its 0, 1 and 2, SIGPIPE and SIGXFSZ as
    Popen leaves them (with pipe_ignored, SIGPIPE as this process has it: ignored): by
    posix_spawn (no copy of this process), or Popen where os has none."""
    if hasattr(os, "posix_spawn"):  # not on PyPy
        default = (signal.SIGXFSZ,) if pipe_ignored else (signal.SIGPIPE, signal.SIGXFSZ)
        actions = [(os.POSIX_SPAWN_DUP2, fd, target) for target, fd in enumerate(fds)]
        return os.posix_spawn(
            executable,
            args,
            environment,
            file_actions=actions,
            setsid=True,
            setsigdef=default,
        )
    import subprocess

    case = subprocess.Popen(
        args,
        executable=executable,
        stdin=fds[0],
        stdout=fds[1],
        stderr=fds[2],
        start_new_session=True,
        restore_signals=not pipe_ignored,  # SIGXFSZ then stays ignored too
    )
    case.returncode = 0  # reaped by the supervisor's wait4, not by Popen
    return case.pid


class Supervisor:
    """One case at a time: started, sampled, reported, killed and reaped (see the table)."""

    group: "Optional[Group]"
    main: int  # the case's pid
    code: "Optional[int]"  # its exit code: None while it runs; with E, the errno
    told: bool  # whether its exit was reported
    seen: "Sampled"  # what the last sample saw
    reaped: "Set[int]"  # the pids reaped since
    cpu: float  # seconds, of the processes reaped
    live: float  # seconds, as the last sample saw the tree
    peak: float  # MiB
    queued: float  # seconds, the longest wait for a CPU
    lost: float  # ticks, of the processes that no wait measured
    sampled: float  # time.monotonic() of the last sample

    def __init__(self, channel: _socket.socket) -> None:
        self.channel, self.environment = channel, dict(os.environb)  # os.environ costs 0.5 ms
        self.ticks, self.page_mib = os.sysconf("SC_CLK_TCK"), os.sysconf("SC_PAGE_SIZE") / 2**20
        self.woken, wake = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)  # a byte per signal: child ended
        signal.set_wakeup_fd(wake)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # as Python sets it: a judge inherits it

    def serve(self, group_base: "Optional[str]" = None) -> None:
        become_subreaper()
        self.group = None
        try:
            self.group = Group(group_base) if group_base else None
        except (OSError, ValueError):  # not allowed here: waits and samples measure alone
            remove_group(f"{group_base}/judge-{os.getpid()}")
        try:
            self.serve_cases()
        finally:
            if self.group:
                self.group.leave()

    def serve_cases(self) -> None:
        self.channel.send(b"%d" % os.getpid())  # the runner kills it by this pid, if it must
        while True:
            text, data, _, _ = self.channel.recvmsg(CASE_BYTES, _socket.CMSG_LEN(12), CLOEXEC)
            if not text:
                return
            if not data:  # a `k` or `?` sent as the case ended by itself: nothing to do
                continue
            fds = [int.from_bytes(data[0][2][at : at + 4], sys.byteorder) for at in (0, 4, 8)]
            flags, stack, executable, cwd, *args = text.split(b"\0")
            self.code, self.told, self.seen, self.reaped = None, False, {}, set()
            self.cpu = self.live = self.peak = self.queued = self.lost = 0.0  # lost: in ticks
            started = self.start(fds, executable, cwd, args, flags == b"p", stack_asked(stack))
            if started and not self.run():
                return

    def start(
        self,
        fds: "List[int]",
        executable: bytes,
        cwd: bytes,
        args: "List[bytes]",
        pipe_ignored: bool,
        stack: "Optional[int]",
    ) -> bool:
        """Start the case; if it cannot start, report `E` with the errno (else say nothing)."""
        try:
            os.chdir(cwd)
            if self.group:  # the case's CPU is what the group uses from here
                self.group.since = self.group.used()
            self.main = spawn(executable, args, fds, self.environment, pipe_ignored, stack)
        except OSError as problem:
            self.code = problem.errno or 0
            self.report(b"E")
        for fd in fds:  # the reader sees the end of output when the tree closes it
            os.close(fd)
        return self.code is None

    def measure(self, pid: int, status: int, usage: "struct_rusage") -> None:
        self.reaped.add(pid)
        self.cpu += usage.ru_utime + usage.ru_stime
        self.peak = max(self.peak, usage.ru_maxrss / 1024)
        if pid == self.main:
            self.code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)

    def sample(self) -> None:
        resident, found = 0, children(os.getpid())
        seen: Sampled = {}
        for pid in found:  # the list grows as the walk goes down, as in descendants()
            below, delay = family(pid)
            found += below
            self.queued = max(self.queued, delay)
            try:
                with open(f"/proc/{pid}/stat", "rb") as stat_file:
                    fields = stat_file.read().rsplit(b")", 1)[1].split()
                resident += int(fields[21])
                own, waited = sum(map(int, fields[11:13])), sum(map(int, fields[13:15]))
                seen[pid] = int(fields[1]), own + waited, waited  # parent, ticks, of children
            except (OSError, IndexError, ValueError):
                pass
        self.lost += lost_ticks(self.seen, seen, self.reaped)
        self.seen, self.reaped = seen, set()
        self.peak = max(self.peak, resident * self.page_mib)
        self.live = (
            self.cpu + (self.lost + sum(ticks for _, ticks, _ in seen.values())) / self.ticks
        )

    def report(self, kind: bytes) -> None:
        """What the case used so far. The last sample is a floor: waits measure no process that
        a kill took with its parent (as bwrap's, killed at the limit, takes its program)."""
        cpu = max(self.cpu + self.lost / self.ticks, self.live)
        if self.group:  # exact, with the processes that no wait measures
            cpu = max(cpu, self.group.case_used())
        code = b"-" if self.code is None else b"%d" % self.code
        self.channel.send(b"%s %.6f %.3f %s %.6f" % (kind, cpu, self.peak, code, self.queued))

    def run(self) -> bool:
        """Watch the case to its end or to `k`; whether to serve another case."""
        self.sampled = time.monotonic()
        watched: List[Union[_socket.socket, int]] = [self.channel, self.woken]
        while True:
            ready = select.select(watched, [], [], ASKED_EVERY)[0]
            if self.woken in ready:
                os.read(self.woken, 512)
            left = reap_any(measure=self.measure)[1]
            if self.code is not None and not self.told:  # it exited: said at once
                if not left:  # and left nothing (orphans are this process's): the case is over
                    self.report(b"F")
                    return True
                self.report(b"R")
                self.told = True
            if time.monotonic() - self.sampled >= SAMPLE_EVERY:
                self.sample()
                self.sampled = time.monotonic()
            if self.channel in ready:
                asked = self.channel.recv(16)
                if asked != b"?":  # b"k", or b"" when the runner is gone
                    break
                self.report(b"R")
        stop_and_kill(reap=lambda: reap_any(measure=self.measure)[0])
        reap_any(True, self.measure)
        if asked:
            self.report(b"F")
        return bool(asked)


def launch(
    control: _socket.socket, data: "List[Tuple[int, int, bytes]]", group_base: "Optional[str]"
) -> int:
    """Fork a supervisor on the fd that came with the message; its pid."""
    fd = int.from_bytes(data[0][2][:4], sys.byteorder)  # close-on-exec: no case holds it
    pid = os.fork()
    if pid == 0:
        control.close()
        try:
            Supervisor(_socket.socket(fileno=fd)).serve(group_base)
        finally:
            os._exit(0)
    os.close(fd)
    return pid


def launcher_main(fd: int, base: "Optional[str]" = None) -> None:
    """Serve the runner on fd; base: the cgroup v2 folder where supervisors make theirs."""
    control = _socket.socket(fileno=fd)
    become_subreaper()  # where a supervisor's orphans go, if one is killed: killed
    control.send(b"ready")
    supervisors: Set[int] = set()
    launched: Set[int] = set()

    def left_by_the_killed() -> "List[int]":
        return strays(supervisors)

    while True:  # a case to start, or half a second gone: what a killed supervisor left is killed
        if select.select([control], [], [], 0.5)[0]:
            text, data, _, _ = control.recvmsg(64, _socket.CMSG_LEN(4), CLOEXEC)
            if not text:
                break
            supervisors.add(launch(control, data, base))
            launched |= supervisors
        reap_any()
        supervisors &= set(children(os.getpid()))
        stop_and_kill(left_by_the_killed, lambda: reap_any()[0])
    # The runner is gone: the supervisors first, so that we reap their cases as the walk goes.
    send_signal(supervisors & set(children(os.getpid())), signal.SIGKILL)
    while children(os.getpid()):
        stop_and_kill(reap=lambda: reap_any()[0])
        select.select([], [], [], 0.01)
    reap_any()
    for pid in launched if base else ():  # a killed one's cgroup is left: empty now
        remove_group(f"{base}/judge-{pid}")


if __name__ == "__main__":
    launcher_main(int(sys.argv[1]), *sys.argv[2:])
