"""The sandbox (--sandbox, Linux): each case under bubblewrap (bwrap), where it sees the
system's files read-only, its own program and the files it is given, and nothing else of the
machine. docs/platforms.md says what it stops.

A case gets namespaces of its own: user (with every capability dropped), PID, mount, IPC,
network and UTS. It sees, read only:

- /usr and the system's library folders, and of /etc only the dynamic linker's files,
  alternatives and localtime;
- of /proc only cpuinfo, and a minimal /dev whose /dev/shm cannot be written;
- its program: the interpreter and solutions/NAME.py, or for --command the program and each
  argument that names a file of the current folder.

It runs in an empty folder, and writes only to a private /tmp of at most the memory limit. A
program that needs more fails: Java's files in /etc, a folder named on its command line,
/dev/stdin, a pyenv shim (name the interpreter itself). The project must not live under /usr.
"""

import os
import re
import shutil
import signal
import subprocess

from judge.commands import PYTHON_PROGRAM
from judge.model import MIB, UsageError
from judge.platform import LINUX
from judge.process.environment import judged_environment
from judge.text import printable

SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
SYSTEM_FILES = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/localtime",
    "/proc/cpuinfo",  # PyPy sizes its GC from it
)
NEEDS = "bubblewrap 0.7 or later and unprivileged user namespaces"
LARGEST_TMPFS = 2**62  # bytes: bwrap's --size takes a 64-bit size, and /tmp is never larger


def sandbox_options(memory_limit):
    """bwrap's options for every case: the namespaces, the system's files, /dev and /tmp."""
    options = ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    options.append("--clearenv")  # then the judge's environment, whatever bwrap was given
    for name, value in judged_environment().items():
        options += ["--setenv", name, value]
    for folder in SYSTEM_FOLDERS:
        if os.path.islink(folder):  # /lib -> usr/lib, where /usr is merged
            options += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            options += ["--ro-bind", folder, folder]
    for path in SYSTEM_FILES:
        options += ["--ro-bind-try", path, path]
    size = str(min(int(memory_limit * MIB), LARGEST_TMPFS))  # a limit of 2**64 bytes is no size
    return [*options, "--dev", "/dev", "--remount-ro", "/dev", "--size", size, "--tmpfs", "/tmp"]


def find_sandbox():
    """bwrap's path, once it has started a sandbox here; else a UsageError saying why not."""
    if not LINUX:
        raise UsageError("--sandbox needs Linux: bubblewrap does not run on this platform")
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise UsageError("--sandbox needs bubblewrap: no bwrap on PATH (apt install bubblewrap)")
    command = [bwrap, *sandbox_options(1.0), "--remount-ro", "/", "--", "true"]
    try:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, timeout=10)
        words = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
        reason = None if done.returncode == 0 else f"{words[0]} (exit status {done.returncode})"
    except (OSError, subprocess.TimeoutExpired) as error:
        reason = str(error)
    if reason is not None:
        raise UsageError(
            f"--sandbox: bwrap cannot start a sandbox here: {printable(reason)}; it needs {NEEDS}"
        )
    return bwrap


def sandboxed(bwrap, command, cwd, memory_limit):
    """The command under bwrap (unless None): it sees its program, its Python, the files named."""
    if bwrap is None:
        return command
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
    options = [*sandbox_options(memory_limit), "--dir", str(cwd), *binds, "--chdir", str(cwd)]
    return [bwrap, *options, "--remount-ro", "/", "--", program, *args[1:]], None


def unsandboxed(bwrap, outcome):
    """bwrap exits with 128 + N when its program is killed by signal N: make it the signal."""
    signalled = bwrap is not None and 128 < outcome.status < 128 + signal.NSIG
    return outcome._replace(status=128 - outcome.status) if signalled else outcome
