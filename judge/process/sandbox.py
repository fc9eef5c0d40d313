"""The sandbox (--sandbox, Linux): each case under bubblewrap (bwrap), where it sees the
system's files read-only, its own program and the files it is given, and nothing else of the
machine. docs/platforms.md says what it stops.

A case gets namespaces of its own: user (with every capability dropped), PID, mount, IPC,
network and UTS. It sees, read only:

- /usr and the system's library folders, and of /etc only the dynamic linker's files,
  alternatives, localtime and the settings of Java, Mono, R and Free Pascal, where they are;
  and GHC's package database, in /var/lib/ghc;
- a /proc that shows only its own processes and no keys. Its PID 1 stands for the host's
  init, as in a chroot such as DOMjudge's: it has no root to read, and its mountinfo names
  a root that is not the case's. So a program that checks that it is jailed (compares its /
  with /proc/1/root, or runs ischroot) finds that it is, where bwrap's own init, whose
  root is the case's, would say it is not;
- a minimal /dev whose /dev/shm cannot be written;
- its program: the interpreter and the solution (a built one is one file, a Java one a jar),
  or for --command the program and each argument that names a file of the current folder.

It runs in an empty folder, which it cannot write (under /tmp too: a folder of its own there),
and writes only to a private /tmp of at most the memory limit; a file I/O case runs in its own
folder instead, which it can write (judge.fileio). As on DOMjudge's judgehost (judgehost=True,
`--as domjudge`), a case also runs pinned to one CPU, each case the next one the runner may
use (taskset), and sees DOMjudge's /etc/root-permission-test.txt, which it cannot read. A
program that needs more fails: a folder named on its command line (java -cp . Main),
/dev/stdin, a pyenv shim (name the interpreter itself). The project must not live under /usr.
"""

from __future__ import annotations

import atexit
import dataclasses
import errno
import functools
import glob
import itertools
import os
import re
import shutil
import signal
import struct
import subprocess
import tempfile
import threading
from typing import TYPE_CHECKING, Optional, Tuple

from ..commands import PYTHON_PROGRAM
from ..files import open_regular
from ..model import MIB, UsageError
from ..platform import LINUX
from ..text import printable
from .environment import judged_environment

if TYPE_CHECKING:
    from .trees import Command, Workdir
    from .watch import Run

SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
SYSTEM_FILES = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/localtime",
    # Toolchains' own settings, where installed: Mono's (mcs finds no source without them),
    # R's, and GHC's package database (/usr/lib/ghc/package.conf.d leads there).
    "/etc/mono",
    "/etc/R",
    "/var/lib/ghc",
)
# A /proc of its own PID namespace, read only: Java finds its libraries from /proc/self/exe,
# PyPy sizes its GC from /proc/cpuinfo. /proc/keys, which lists the runner's keys, is a device
# on a nodev mount: it cannot be opened. /proc/1, bwrap's own init, is hidden under a tmpfs
# that holds only INIT_MOUNTS as its mountinfo (see the module's docstring).
OWN_PROC = ["--proc", "/proc", "--remount-ro", "/proc", "--ro-bind", os.devnull, "/proc/keys"]
OWN_PROC += ["--tmpfs", "/proc/1"]  # read only once its mountinfo is bound
INIT_MOUNTS = b"1 0 0:1 / / ro - rootfs rootfs ro\n"  # a root mount of nothing in particular
NEEDS = "bubblewrap 0.7 or later and unprivileged user namespaces"
LARGEST_TMPFS = 2**62  # bytes: bwrap's --size takes a 64-bit size, and /tmp is never larger
STDIN = "/run/stdin"  # the case's input, bound read only: its stdin is opened from there
OPEN_STDIN = 'exec "$@" <' + STDIN  # by sh, which then becomes the program
# What DOMjudge's chroot (dj_make_chroot) holds to show that a root file cannot be read: its
# path and text. Here the file has no permission bits, and a case has no capability to pass.
ROOT_FILE = "/etc/root-permission-test.txt"
ROOT_TEXT = b"This file should not be readable inside the judging environment!\n"

# Kernel keyrings have no namespace: a case could read the runner's and leave keys behind. A
# seccomp filter fails add_key, request_key and keyctl with EPERM, as Flatpak's does. Their
# numbers by the audit arch of the call (ELF machine, 0x80000000 if 64-bit, 0x40000000 LE):
KEY_CALLS = {
    0xC000003E: (248, 249, 250),  # x86-64; x32 too, as these plus 0x40000000
    0x40000003: (286, 287, 288),  # i386, also from a 64-bit process
    0xC00000B7: (217, 218, 219),  # aarch64
    0x40000028: (309, 310, 311),  # arm, also under aarch64
    0xC00000F3: (217, 218, 219),  # riscv64
    0x400000F3: (217, 218, 219),  # riscv32
}
X32_BIT = 0x40000000
# The machines whose every calling convention is above. Elsewhere the filter lets all through,
# keys too; where it runs, a call of an audit arch it does not know fails with ENOSYS.
FILTERED = ("x86_64", "i386", "i586", "i686", "aarch64", "riscv64")
# A BPF instruction as seccomp_filter() builds it: (code, jump if true, jump if false, k); a jump
# of None goes to the last instruction.
Instruction = Tuple[int, Optional[int], int, int]


def seccomp_filter(machine: str) -> bytes:
    """The seccomp program for machine (os.uname()'s), classic BPF as bwrap's --seccomp reads
    it: each instruction is (code, jump if true, jump if false, k) in the machine's order."""
    load, mask, equal, give = 0x20, 0x54, 0x15, 0x06  # BPF_LD|W|ABS, ALU|AND|K, JMP|JEQ|K, RET|K
    allow, fail = 0x7FFF0000, 0x00050000  # SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO | errno
    program: list[Instruction] = [(give, 0, 0, allow)]  # on a machine not in FILTERED
    if machine in FILTERED:
        program = [(load, 0, 0, 4)]  # seccomp_data.arch
        for arch, numbers in KEY_CALLS.items():
            block: list[Instruction] = [(load, 0, 0, 0)]
            block += [(mask, 0, 0, ~X32_BIT & 0xFFFFFFFF)] * (arch == 0xC000003E)
            block += [(equal, None, 0, number) for number in numbers]  # None: to the EPERM
            program += [(equal, 0, len(block) + 1, arch), *block, (give, 0, 0, allow)]
        program += [(give, 0, 0, fail | errno.ENOSYS), (give, 0, 0, fail | errno.EPERM)]
    last = len(program) - 1
    return b"".join(
        struct.pack("=HBBI", code, last - at - 1 if true is None else true, false, k)
        for at, (code, true, false, k) in enumerate(program)
    )


class SandboxFile:
    """A file that every sandbox of the process reads or binds: name, its text (by default
    this machine's seccomp_filter()) and mode. Written at its first use (again if it went),
    removed at exit."""

    def __init__(self, name: str = "keyrings.bpf", text: bytes | None = None, mode: int = 0o600):
        self.lock = threading.Lock()
        self.written: str | None = None  # its path, once written
        self.name, self.text, self.mode = name, text, mode

    def path(self) -> str:
        with self.lock:
            if self.written is None or not os.path.isfile(self.written):
                folder = tempfile.mkdtemp(prefix="runner-sandbox-")
                atexit.register(shutil.rmtree, folder, True)
                self.written = os.path.join(folder, self.name)
                text = self.text
                if text is None:
                    text = seccomp_filter(os.uname().machine if LINUX else "")
                with open(self.written, "wb") as file:
                    file.write(text)
                os.chmod(self.written, self.mode)
            return self.written


KEYRING_FILTER = SandboxFile()
ROOT_PERMISSION_FILE = SandboxFile("root-permission-test.txt", ROOT_TEXT, 0)
INIT_MOUNTINFO = SandboxFile("mountinfo", INIT_MOUNTS, 0o444)
CPUS = itertools.count()  # the cases pinned so far: the next one gets the next CPU


def filter_path() -> str:
    """The path of this process's seccomp filter file (see SandboxFile)."""
    return KEYRING_FILTER.path()


@functools.lru_cache(maxsize=None)
def system_binds() -> tuple[str, ...]:
    """bwrap's options that show the system's files: the machine's facts, looked up once."""
    options: list[str] = []
    for folder in SYSTEM_FOLDERS:
        if os.path.islink(folder):  # /lib -> usr/lib, where /usr is merged
            options += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            options += ["--ro-bind", folder, folder]
    # Java's security settings, Free Pascal's fpc.cfg (its units' folders)
    for path in (*SYSTEM_FILES, *glob.glob("/etc/java*"), *glob.glob("/etc/fpc*")):
        options += ["--ro-bind-try", path, path]
    return tuple(options)


def sandbox_options(memory_limit: float) -> list[str]:
    """bwrap's options for every case: the namespaces, the system's files, /dev and /tmp."""
    options = ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    options.append("--clearenv")  # then the judge's environment, whatever bwrap was given
    for name, value in judged_environment().items():
        options += ["--setenv", name, value]
    options += system_binds()
    size = str(max(1, min(int(memory_limit * MIB), LARGEST_TMPFS)))  # tmpfs: 0 is no limit
    options += [*OWN_PROC, "--ro-bind", INIT_MOUNTINFO.path(), "/proc/1/mountinfo"]
    options += ["--remount-ro", "/proc/1", "--dev", "/dev", "--remount-ro", "/dev"]
    return [*options, "--size", size, "--tmpfs", "/tmp"]


def find_sandbox() -> str:
    """bwrap's path, once it has started a sandbox here; else a UsageError saying why not."""
    if not LINUX:
        raise UsageError("--sandbox needs Linux: bubblewrap does not run on this platform")
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise UsageError("--sandbox needs bubblewrap: no bwrap on PATH (apt install bubblewrap)")
    try:  # a sandbox as a case's: the filter on bwrap's stdin, a file opened as sh's
        seccomp = filter_path()
        options = [*sandbox_options(1.0), "--seccomp", "0", "--ro-bind", seccomp, STDIN]
        command = [bwrap, *options, "--remount-ro", "/", "--", "/bin/sh", "-c", OPEN_STDIN]
        with open(seccomp, "rb") as stdin:
            done = subprocess.run(
                [*command, "sh", "true"], stdin=stdin, capture_output=True, timeout=10
            )
        words = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
        reason = None if done.returncode == 0 else f"{words[0]} (exit status {done.returncode})"
    except (OSError, subprocess.TimeoutExpired) as error:
        reason = str(error)
    if reason is not None:
        raise UsageError(
            f"--sandbox: bwrap cannot start a sandbox here: {printable(reason)}; it needs {NEEDS}"
        )
    return bwrap


def sandboxed(
    bwrap: str | None,
    command: Command,
    cwd: Workdir,
    memory_limit: float,
    input_path: str | os.PathLike[str] | None = None,
    folder: str | None = None,
    judgehost: bool = False,
) -> tuple[Command, str | os.PathLike[str] | None]:
    """(command, stdin): the command under bwrap (unless None), which sees its program, its
    Python and the files named, and the file to start it on. With input_path, the case's stdin
    is that file opened inside from a read-only bind, so that nothing done through its fd 0
    reaches the file; bwrap's own is the seccomp filter. Without, the stdin is a pipe (from an
    interactor), and sh gives bwrap the filter as fd 3. It runs in an empty read-only folder at
    cwd, or in folder, bound writable (a file I/O case's own). judgehost: as on DOMjudge's
    judgehost, pinned to a CPU, with its root file (see the module's docstring)."""
    if bwrap is None:
        return command, input_path
    args, executable = command
    program = os.path.abspath(executable or args[0])  # bwrap runs this file, not a PATH's
    real = os.path.realpath(program)
    prefix = os.path.dirname(os.path.dirname(real))
    files = [(real, program)]
    python = re.search(PYTHON_PROGRAM, real) and os.path.basename(os.path.dirname(real)) == "bin"
    outside = not (str(cwd) + os.sep).startswith(prefix.rstrip(os.sep) + os.sep)  # no testcases
    if python and outside and prefix not in SYSTEM_FOLDERS:
        files.append((prefix, prefix))
    named = (os.path.abspath(os.path.join(cwd, word)) for word in args[1:])
    files += [(os.path.realpath(path), path) for path in named if os.path.isfile(path)]
    seen_whole = tuple(folder + os.sep for folder in SYSTEM_FOLDERS)  # no bind needed there
    files = [(real, seen) for real, seen in files if not seen.startswith(seen_whole)]
    binds = [word for real, seen in files for word in ("--ro-bind", real, seen)]
    here, sealed = empty_folder(str(cwd))
    here = ["--bind", folder, folder] if folder else here
    options = [*sandbox_options(memory_limit), *here, *binds, *([] if folder else sealed)]
    options += ["--chdir", folder or str(cwd)]
    front = [bwrap]
    if judgehost:
        options += ["--ro-bind", ROOT_PERMISSION_FILE.path(), ROOT_FILE]
        front = [*pinned(), bwrap]
    run, seccomp = [program, *args[1:]], filter_path()
    if input_path is None:
        outer = ["/bin/sh", "-c", 'exec "$@" 3<"$0"', seccomp, *front, *options, "--seccomp", "3"]
        return ([*outer, "--remount-ro", "/", "--", *run], None), None
    open_regular(input_path).close()  # an OSError for a FIFO, which would hang the case
    options += ["--ro-bind", os.path.abspath(input_path), STDIN, "--seccomp", "0"]
    run = ["/bin/sh", "-c", OPEN_STDIN, "sh", *run]
    return ([*front, *options, "--remount-ro", "/", "--", *run], None), seccomp


def empty_folder(cwd: str) -> tuple[list[str], list[str]]:
    """bwrap's options that make cwd an empty folder, and those that then make it read only,
    once what is bound into it is there. Elsewhere it is a folder of the root, made read only
    last; under /tmp, which the case may write, a tmpfs of its own. /tmp itself stays so."""
    if not os.path.normpath(cwd).startswith("/tmp/"):
        return ["--dir", cwd], []
    return ["--tmpfs", cwd], ["--remount-ro", cwd]


def pinned() -> list[str]:
    """The words that pin a case to one CPU, as a judgehost started with -n pins its runs: each
    case the next of the CPUs the runner may use (the machine's, where Python cannot say), in
    turn; none without taskset."""
    taskset = shutil.which("taskset")
    if taskset is None:
        return []
    if hasattr(os, "sched_getaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
    else:  # PyPy has none: the machine's CPUs
        cpus = list(range(os.cpu_count() or 1))
    return [taskset, "--cpu-list", str(cpus[next(CPUS) % len(cpus)])]


def unsandboxed(bwrap: str | None, outcome: Run) -> Run:
    """bwrap exits with 128 + N when its program is killed by signal N: make it the signal."""
    signalled = bwrap is not None and 128 < outcome.status < 128 + signal.NSIG
    return dataclasses.replace(outcome, status=128 - outcome.status) if signalled else outcome
