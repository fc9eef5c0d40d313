"""judge/process/sandbox.py (runner.py --sandbox): cases under bubblewrap, and programs that
attack the runner from there.

Skipped, with the reason, where bwrap is missing or cannot start a sandbox; with
RUNNER_SANDBOX_REQUIRED=1 in the environment (CI sets it) that is a failure instead.
"""

import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import struct
import sys
import tempfile
import threading
import uuid
from collections import namedtuple
from pathlib import Path

import pytest
import runner_util
import util
from process_util import deep_recursion
from runner_util import PYTHON, RUNNER
from sandbox_util import needs_sandbox
from util import ROOT, TESTCASES

from judge import model
from judge.process import sandbox as sandboxing
from judge.process.watch import Run

HEADER = "# Judge: Test judge; 1 s; 256 MiB; exact\n"  # room for PyPy, bwrap and a fork


@pytest.fixture
def sandbox():
    """Skip the test where there is no sandbox, or fail it where one is required."""
    needs_sandbox()


def make_root(tmp_path, solution, cases):
    """A root with solutions/p.py (1 s, 256 MiB) and testcases/p/; cases maps CASE to
    (input, expected output)."""
    return runner_util.make_root(tmp_path, HEADER + solution, cases, compare=None)


class Judged(namedtuple("Judged", "status report stdout stderr")):
    """What a run with --sandbox gave: its exit status, its JSON report as data (None if it
    wrote none), and its output and errors as text."""

    def verdicts(self):
        return {case["case"]: case["verdict"] for case in self.report["cases"]}

    def details(self, case):
        return "\n".join(next(c for c in self.report["cases"] if c["case"] == case)["details"])


def judge(root, *args, env=None, cwd=None):
    """The runner with --sandbox on root, with no --tle of its own: the Judge: line's limits."""
    report = Path(tempfile.mkdtemp(prefix="report-")) / "report.json"
    command = [PYTHON, str(RUNNER), "--root", str(root), "--sandbox", *map(str, args)]
    done = util.run([*command, "--json", str(report)], cwd=cwd or root, env=env, text=True)
    data = json.loads(report.read_text(encoding="utf-8")) if report.exists() else None
    shutil.rmtree(report.parent)
    return Judged(done.returncode, data, done.stdout, done.stderr)


# Each attack is the program of every case of its problem; what it does depends on its input.
# Where the runner cannot be found the attack does nothing, and the case is judged as it is.

FIND_RUNNER = r"""import os, signal, sys, time
def runners():  # the runner of this test alone: its command line names this root
    found = []
    for pid in (os.listdir("/proc") if os.path.isdir("/proc") else []):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as line:
                words = line.read().split(b"\0")
            if any(word.endswith(b"runner.py") for word in words) and os.getcwd().encode() in words:
                found.append(int(pid))
        except (OSError, ValueError):
            pass
    return found
def burn(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
"""

FORGE = """import ctypes, socket
syscall = ctypes.CDLL(None, use_errno=True).syscall
for pid in [os.getppid(), *range(1, 65)]:  # its parent: the supervisor, outside a sandbox
    pidfd = syscall(434, pid, 0)  # pidfd_open
    for fd in range(64) if pidfd >= 0 else []:
        copy = syscall(438, pidfd, fd, 0)  # pidfd_getfd
        if copy >= 0:
            try:
                socket.socket(fileno=copy).send(b"F 0.001 1.000 0 0")
            except OSError:
                pass
burn(2.5)
print("done")
"""

STOP_RUNNER = """for pid in runners():
    os.kill(pid, signal.SIGSTOP)
held = bytearray(300 * 1024 * 1024)
held[::4096] = b"x" * len(held[::4096])
burn(6)
print("done")
"""

NEIGHBOUR_PIPES = """import time
given = sys.stdin.read()
if given.startswith("attack"):
    end = time.monotonic() + 1.5
    while time.monotonic() < end:
        for pid in runners():
            for fd in os.listdir("/proc/%d/fd" % pid):
                try:
                    with open("/proc/%d/fd/%s" % (pid, fd), "wb", buffering=0) as pipe:
                        pipe.write(b"FAKE AC p/fake 1 ms\\n")
                except OSError:
                    pass
        time.sleep(0.05)
else:
    time.sleep(1)
print(given.split()[-1])
"""

TESTCASE_FILES = """given = sys.stdin.read()
places = [os.path.join(os.getcwd(), "testcases", "p")]
try:
    places.insert(0, os.path.dirname(os.readlink("/proc/self/fd/0")))
except OSError:
    pass
shown = "nothing"
for place in places:
    for name, text in (("b.out", "999\\n"), ("b.in", "999\\n")):
        try:
            with open(os.path.join(place, name), "w") as later:
                later.write(text)
        except OSError:
            pass
    try:
        with open("/proc/self/fd/0", "w") as mine:
            mine.write("0\\n")
    except OSError:
        pass
    try:
        with open(os.path.join(place, "a.out")) as answer:
            shown = answer.read()
        break
    except OSError:
        pass
print(shown.strip() if given.startswith("attack") else int(given) * 2)
"""


def test_a_forged_report_cannot_make_a_slow_case_accepted(tmp_path, sandbox):
    root = make_root(tmp_path, FIND_RUNNER + FORGE, {"a": ("1\n", "done\n")})
    done = judge(root)
    assert done.verdicts() == {"a": "TLE"}, done


def test_stopping_the_runner_does_not_lift_the_limits(tmp_path, sandbox):
    root = make_root(tmp_path, FIND_RUNNER + STOP_RUNNER, {"a": ("1\n", "done\n")})
    done = judge(root)
    assert done.verdicts()["a"] in ("TLE", "MLE"), done
    assert (done.report["passed"], done.report["failed"]) == (0, 1)


def test_a_case_cannot_write_into_its_neighbours_pipes(tmp_path, sandbox):
    cases = {"a": ("attack 5\n", "5\n"), "b": ("honest 7\n", "7\n")}
    root = make_root(tmp_path, FIND_RUNNER + NEIGHBOUR_PIPES, cases)
    done = judge(root, "-j", 2)
    assert done.verdicts() == {"a": "AC", "b": "AC"}, done
    assert "FAKE" not in done.stdout + done.stderr


def test_a_case_can_neither_read_nor_rewrite_the_testcases(tmp_path, sandbox):
    cases = {"a": ("attack\n", "the answer 4242\n"), "b": ("7\n", "14\n")}
    root = make_root(tmp_path, "import os, sys\n" + TESTCASE_FILES, cases)
    before = {path.name: path.read_bytes() for path in (root / "testcases" / "p").iterdir()}
    done = judge(root, "-j", 1)
    assert done.verdicts() == {"a": "WA", "b": "AC"}, done
    after = {path.name: path.read_bytes() for path in (root / "testcases" / "p").iterdir()}
    assert after == before


# What a case that owns its .in tries through its stdin: each change would outlive the run.
THROUGH_STDIN = """import os
def tried(action, *args):
    try:
        action(*args)
    except (OSError, AttributeError):
        pass
for mine in (0, "/proc/self/fd/0", "/dev/stdin", PLACE):
    tried(os.chmod, mine, 0o777)
    tried(os.utime, mine, (1, 1))
    tried(os.setxattr, mine, "user.x", b"1")
print(int(os.read(0, os.fstat(0).st_size)) * 2)  # a file still, of its size: not a pipe
"""


def attributes(path):
    """What a program could change of a file it owns but not write: its mode, its mtime, its
    xattrs, and its ctime, which any change of them moves."""
    try:
        names = sorted(os.listxattr(path))
    except OSError:  # a file system without them
        names = []
    status = path.stat()
    return status.st_mode, status.st_mtime_ns, status.st_ctime_ns, names


def test_a_case_cannot_change_its_input_through_its_stdin(tmp_path, sandbox):
    place = sandboxing.STDIN  # where the sandbox shows the input
    root = make_root(tmp_path, f"PLACE = {place!r}\n" + THROUGH_STDIN, {"a": ("21\n", "42\n")})
    given = root / "testcases" / "p" / "a.in"
    before = attributes(given)
    done = judge(root)
    assert done.verdicts() == {"a": "AC"}, done
    assert attributes(given) == before


# add_key and keyctl per machine, for a program that calls them through ctypes.
KEY_CALLS = {"x86_64": (248, 250), "aarch64": (217, 219)}
SESSION, JOIN, READ, SEARCH, UNLINK = -3, 1, 11, 10, 9  # @s, and keyctl's operations
KEYRINGS = """import ctypes, errno, os
ADD_KEY, KEYCTL = CALLS[os.uname().machine]
syscall = ctypes.CDLL(None, use_errno=True).syscall
syscall.restype = ctypes.c_long
def tried(number, *args):
    done = syscall(ctypes.c_long(number), *args)
    return "done" if done >= 0 else errno.errorcode.get(ctypes.get_errno(), "?")
word, room = ctypes.c_long, ctypes.create_string_buffer(4096)
added = tried(ADD_KEY, b"user", NAME, b"x", word(1), word(-3))  # into @s
mine = tried(KEYCTL, word(11), word(-3), room, word(4096))  # @s read
runners = tried(KEYCTL, word(11), word(RING), room, word(4096))  # the runner's @s by its id
print(added, mine, runners)
"""


def keyctl(operation, *args):
    """keyctl(2) on this machine through ctypes: its result, or an OSError."""
    syscall = ctypes.CDLL(None, use_errno=True).syscall
    syscall.restype = ctypes.c_long
    words = [arg if isinstance(arg, (bytes, ctypes.Array)) else ctypes.c_long(arg) for arg in args]
    done = syscall(
        ctypes.c_long(KEY_CALLS[os.uname().machine][1]), ctypes.c_long(operation), *words
    )
    if done < 0:
        number = ctypes.get_errno()
        raise OSError(number, os.strerror(number))
    return done


def session_keys():
    """The serial numbers of the keys in this thread's session keyring."""
    room = ctypes.create_string_buffer(4096)
    size = keyctl(READ, SESSION, room, 4096)
    return struct.unpack(f"{size // 4}i", room.raw[:size])


def in_a_session_keyring_of_its_own(work):
    """work() on a thread that joined a new session keyring first: what it started has it."""
    done = {}

    def run():
        try:
            keyctl(JOIN, 0)
            done["result"] = work()
        except BaseException as error:  # raised again on the test's thread
            done["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in done:
        raise done["error"]
    return done["result"]


def test_a_case_can_neither_read_nor_add_to_the_runners_keyring(tmp_path, sandbox):
    machine = os.uname().machine
    if machine not in sandboxing.FILTERED or machine not in KEY_CALLS:
        pytest.skip(f"the seccomp filter, or this test, does not know this machine: {machine}")
    try:
        keyctl(READ, SESSION, 0, 0)
    except OSError as error:
        pytest.skip(f"the kernel's keyrings cannot be used here: {error}")
    name = f"runner-test-{uuid.uuid4().hex}".encode()

    def attack():
        ring = keyctl(0, SESSION, 0)  # KEYCTL_GET_KEYRING_ID: the runner's @s will be this one
        program = f"CALLS = {KEY_CALLS!r}\nNAME, RING = {name!r}, {ring}\n" + KEYRINGS
        before = session_keys()
        done = judge(make_root(tmp_path, program, {"a": ("\n", "EPERM EPERM EPERM\n")}))
        after = session_keys()
        with contextlib.suppress(OSError):  # the old sandbox let the key in: take it out
            keyctl(UNLINK, keyctl(SEARCH, SESSION, b"user", name, 0), SESSION)
        return before, done, after

    before, done, after = in_a_session_keyring_of_its_own(attack)
    assert after == before
    assert done.verdicts() == {"a": "AC"}, done


def test_an_interactive_case_runs_and_cannot_reach_the_keyrings_either(tmp_path, sandbox):
    """Its stdin is the interactor's pipe: bwrap gets the filter from sh instead."""
    root = runner_util.contestant_root(tmp_path)
    probe, machine = "", os.uname().machine
    if machine in KEY_CALLS and machine in sandboxing.FILTERED:  # keyctl(GET_KEYRING_ID, @s)
        probe = f"""import ctypes
syscall, word = ctypes.CDLL(None).syscall, ctypes.c_long
if syscall(word({KEY_CALLS[os.uname().machine][1]}), word(0), word(-3), word(0)) >= 0:
    raise SystemExit("the session keyring is in reach")
"""
    runner_util.write(tmp_path / "guess.py", probe + runner_util.GUESS)
    done = judge(root, "guess", "--command", f"{PYTHON} guess.py")
    assert set(done.verdicts().values()) == {"AC"}, done


def processes_naming(word):
    """The processes whose command line has this word."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as line:
                found += [pid] if word.encode() in line.read().split(b"\0") else []
        except OSError:  # gone
            pass
    return found


def test_nothing_a_case_starts_outlives_it(tmp_path, sandbox):
    marker = str(10**6 + uuid.uuid4().int % 10**6)  # seconds to sleep: a word no other has
    program = f"""import os
if os.fork() == 0:
    os.setsid()
    os.close(1)
    os.close(2)
    os.execv("/bin/sleep", ["sleep", "{marker}"])
print(1)
"""
    done = judge(make_root(tmp_path, program, {"a": ("\n", "1\n")}))
    assert done.verdicts() == {"a": "AC"}, done
    assert processes_naming(marker) == []


@pytest.mark.deep
def test_honest_programs_are_judged_as_without_the_sandbox(sandbox):
    judge_cases = list(TESTCASES.glob(f"*/{model.JUDGE_PREFIX}*.in"))
    done = judge(ROOT, "--judge-only")
    assert done.status == 0, done.stderr
    assert (done.report["passed"], done.report["failed"]) == (len(judge_cases), 0)


@pytest.mark.parametrize(
    "program, shown",
    [
        ("import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n", "killed by signal 11"),
        ("raise ValueError('no such move')\n", "ValueError: no such move"),
        ("raise SystemExit(3)\n", "exit status 3"),
    ],
)
def test_a_runtime_error_is_told_as_without_the_sandbox(tmp_path, program, shown, sandbox):
    done = judge(make_root(tmp_path, program, {"a": ("\n", "\n")}))
    assert done.verdicts() == {"a": "RE"}, done
    assert shown in done.details("a")


def test_memory_over_the_limit_is_still_mle(tmp_path, sandbox):
    program = "held = bytearray(200 * 1024 * 1024)\nheld[::4096] = bytes(len(held[::4096]))\n"
    done = judge(make_root(tmp_path, program + "print(1)\n", {"a": ("\n", "1\n")}), "--mle", "64")
    assert done.verdicts() == {"a": "MLE"}, done


def test_a_memory_limit_past_any_tmpfs_still_runs(tmp_path, sandbox):
    """/tmp's size is the memory limit, capped: bwrap refuses a size of 2**64 bytes or more."""
    done = judge(make_root(tmp_path, "print(1)\n", {"a": ("\n", "1\n")}), "--mle", "8e12")
    assert done.verdicts() == {"a": "AC"}, done


@pytest.mark.parametrize("limit, size", [(2.0, 2 << 20), (1e30, 2**62), (1e-9, 1)])
def test_tmps_size_is_the_memory_limit_within_what_bwrap_and_tmpfs_take(limit, size):
    """At most 2**62 bytes, as bwrap's --size is 64-bit; at least 1, as tmpfs takes a size of 0
    for no limit."""
    options = sandboxing.sandbox_options(limit)
    assert options[options.index("--size") + 1] == str(size)


def test_the_private_tmp_holds_at_most_the_memory_limit(tmp_path, sandbox):
    program = """import errno, os
try:
    chunk, big = bytes(1024 * 1024), os.open("/tmp/big", os.O_WRONLY | os.O_CREAT)
    for _ in range(300):
        os.write(big, chunk)
    print("held 300 MiB")
except OSError as error:
    print(errno.errorcode[error.errno])
"""
    done = judge(make_root(tmp_path, program, {"a": ("\n", "ENOSPC\n")}))
    assert done.verdicts() == {"a": "AC"}, done


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")
def test_a_compiled_command_runs_in_the_sandbox(tmp_path, sandbox):
    source = tmp_path / "sum.c"
    source.write_text(
        '#include <stdio.h>\nint main(void) { int a, b; if (scanf("%d %d", &a, &b) != 2)'
        ' return *(volatile int *)0; printf("%d\\n", a + b); return 0; }\n'
    )
    compiled = util.run(["cc", "-O2", "-o", str(tmp_path / "sum"), str(source)])
    assert compiled.returncode == 0, compiled.stderr
    root = make_root(tmp_path, "", {"a": ("2 3\n", "5\n"), "b": ("x\n", "\n")})
    done = judge(root, "p", "--command", "./sum", cwd=tmp_path)
    assert done.verdicts() == {"a": "AC", "b": "RE"}, done
    assert f"killed by signal {int(signal.SIGSEGV)}" in done.details("b")


@pytest.mark.skipif(not shutil.which("g++"), reason="needs a C++ compiler (g++)")
def test_a_program_has_a_stack_as_large_as_its_memory_limit_in_the_sandbox_too(tmp_path, sandbox):
    """bwrap and sh pass on the stack the case is given: 10^6 calls deep is AC in 256 MiB."""
    deep_recursion(tmp_path)
    root = make_root(tmp_path, "", {"a": ("", "0\n")})
    done = judge(root, "p", "--command", "./deep", cwd=tmp_path)
    assert done.verdicts() == {"a": "AC"}, done


@pytest.mark.deep  # a JVM's start takes seconds of CPU: test_judge_build.py's table keeps Java fast
@pytest.mark.skipif(not (shutil.which("javac") and shutil.which("jar")), reason="no javac, jar")
def test_a_java_solution_runs_in_the_sandbox(tmp_path, sandbox):
    """Java finds its libraries through /proc/self/exe and its settings in /etc/java-*."""
    source = "import java.util.*;\npublic class Sum { public static void main(String[] a) {\n"
    source += "Scanner in = new Scanner(System.in);\n"
    source += "System.out.println(in.nextInt() + in.nextInt());}}\n"
    root = make_root(tmp_path, "", {"a": ("2 3\n", "5\n")})
    (root / "solutions" / "p.py").unlink()
    (root / "solutions" / "p.java").write_text(HEADER.replace("#", "//") + source)
    done = judge(root)
    assert done.verdicts() == {"a": "AC"}, done


def test_without_bwrap_the_sandbox_is_one_line_and_exit_2(tmp_path):
    root = make_root(tmp_path / "root", "print(1)\n", {"a": ("\n", "1\n")})
    done = judge(root, env={**os.environ, "PATH": str(tmp_path)})  # a folder without bwrap
    assert (done.status, done.stdout, done.report) == (2, "", None)
    assert re.fullmatch(r"runner\.py: error: --sandbox needs [^\n]*\n", done.stderr)


def test_a_bwrap_that_cannot_start_is_one_line_and_exit_2(tmp_path):
    root = make_root(tmp_path / "root", "print(1)\n", {"a": ("\n", "1\n")})
    fake = tmp_path / "bin" / "bwrap"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'bwrap: setting up uid map: Permission denied' >&2\nexit 1\n")
    fake.chmod(0o755)
    env = {**os.environ, "PATH": f"{fake.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = judge(root, env=env)
    assert (done.status, done.stdout, done.report) == (2, "", None)
    if sys.platform.startswith("linux"):
        assert (
            "cannot start a sandbox here: bwrap: setting up uid map: Permission denied"
            in done.stderr
        )
    assert len(done.stderr.splitlines()) == 1


# A case's program's helper: the errno name of the OSError an action raises, or "done".
ERROR_OF = """import errno
def error(action):
    try:
        action()
    except OSError as failure:
        return errno.errorcode[failure.errno]
    return "done"
"""


def test_a_case_sees_its_own_file_a_private_tmp_and_no_network(tmp_path, sandbox):
    """And a /proc of its own few processes, read only, which cannot list the runner's keys."""
    program = (
        ERROR_OF
        + """import os, socket
print(sorted(os.listdir(".")), os.listdir("solutions"))
print(error(lambda: open("/dev/shm/held", "w")), error(lambda: open("/usr/held", "w")))
print(error(lambda: open("/proc/self/comm", "w")), error(lambda: open("/proc/keys").read()))
print(len([pid for pid in os.listdir("/proc") if pid.isdigit()]) < 5)
print(error(lambda: open("/tmp/mine", "w")), os.path.exists(PROBE))
print(error(lambda: socket.create_connection(("192.0.2.1", 9), timeout=5)))
"""
    )
    # A file of the machine's own /tmp, which the private /tmp must not show.
    probe = Path(tempfile.mkstemp(prefix="runner-sandbox-probe-", dir="/tmp")[1])
    program = f"PROBE = {str(probe)!r}\n" + program
    expected = "['solutions'] ['p.py']\nEROFS EROFS\nEROFS EACCES\nTrue\ndone False\nENETUNREACH\n"
    try:
        done = judge(make_root(tmp_path, program, {"a": ("\n", expected)}))
    finally:
        probe.unlink()
    assert done.verdicts() == {"a": "AC"}, done


JAILED = (
    ERROR_OF
    + """import os, subprocess
print(error(lambda: open("mine.txt", "w")), error(lambda: os.stat("/proc/1/root/.")))
with open("/proc/1/mountinfo") as init, open("/proc/self/mountinfo") as mine:
    print(init.read() != mine.read())
"""
)


def test_a_case_cannot_write_its_folder_and_finds_itself_jailed_as_in_a_chroot(sandbox):
    """Its folder, under /tmp too (where the private /tmp is), cannot be written, as
    DOMjudge's test-write-file wants; and as in DOMjudge's chroot, /proc/1 has no root the
    case can read, and other mounts than its own (ischroot reads them), for its test-chroot."""
    root = Path(tempfile.mkdtemp(prefix="runner-sandbox-", dir="/tmp"))  # a cwd under /tmp
    try:
        done = judge(make_root(root, JAILED, {"a": ("\n", "EROFS ENOENT\nTrue\n")}))
    finally:
        shutil.rmtree(root)
    assert done.verdicts() == {"a": "AC"}, done


@pytest.mark.skipif(shutil.which("ischroot") is None, reason="no ischroot (debianutils)")
def test_ischroot_finds_a_case_in_a_chroot(tmp_path, sandbox):
    program = "import subprocess\nprint(subprocess.run(['ischroot']).returncode)\n"
    done = judge(make_root(tmp_path, program, {"a": ("\n", "0\n")}))
    assert done.verdicts() == {"a": "AC"}, done


def test_without_bwrap_a_command_is_left_as_it_is(tmp_path):
    command = ([sys.executable, "solutions/p.py"], None)
    assert sandboxing.sandboxed(None, command, tmp_path, 256.0, "a.in") == (command, "a.in")
    assert sandboxing.sandboxed(None, command, tmp_path, 256.0)[0] is command


def test_a_sandboxed_command_sees_its_program_and_the_files_it_names(tmp_path):
    """bwrap runs the program from the case's folder, with the files its arguments name bound
    read-only, and a /tmp as big as the memory limit; sh opens the input bound read only as
    its stdin, and bwrap reads the keyring filter from its own."""
    (tmp_path / "solutions").mkdir()
    program = tmp_path / "solutions" / "p.py"
    program.write_text("print(1)\n")
    (tmp_path / "a.in").write_text("1\n")
    command = ([str(program), "solutions/p.py", "--flag"], None)
    (args, executable), stdin = sandboxing.sandboxed(
        "/usr/bin/bwrap", command, tmp_path, 2.0, tmp_path / "a.in"
    )
    assert executable is None and args[0] == "/usr/bin/bwrap"
    run = ["/bin/sh", "-c", 'exec "$@" </run/stdin', "sh", str(program), "solutions/p.py"]
    assert args[-8:] == ["--", *run, "--flag"]
    text = " ".join(args)
    assert f"--ro-bind {program} {program}" in text
    assert f"--ro-bind {tmp_path / 'a.in'} /run/stdin" in text
    assert f"--chdir {tmp_path} " in text and " --remount-ro / --" in text
    assert f"--size {2 << 20} --tmpfs /tmp" in text
    assert "--unshare-all" in args and "--die-with-parent" in args
    assert stdin == sandboxing.filter_path() and "--seccomp 0" in text
    (args, _), stdin = sandboxing.sandboxed("/usr/bin/bwrap", command, tmp_path, 2.0)
    assert stdin is None and args[-4:] == ["--", str(program), "solutions/p.py", "--flag"]
    outer = ["/bin/sh", "-c", 'exec "$@" 3<"$0"', sandboxing.filter_path()]
    assert args[:5] == [*outer, "/usr/bin/bwrap"] and "--seccomp 3" in " ".join(args)


def run_filter(program, arch, number):
    """What a seccomp program (classic BPF, bwrap's format) returns for a system call."""
    data, at, value = struct.pack("=iI", number, arch), 0, 0
    while True:
        code, true, false, k = struct.unpack_from("=HBBI", program, 8 * at)
        at += 1
        if code == 0x20:  # load a word of seccomp_data
            value = struct.unpack_from("=I", data, k)[0]
        elif code == 0x54:  # and
            value &= k
        elif code == 0x15:  # jump if equal
            at += true if value == k else false
        else:
            assert code == 0x06, code  # return
            return k


# Each machine of KEYS: the audit arch of its system calls (linux/audit.h), and the bit their
# numbers carry (x32's calls are x86-64's with bit 30 set).
MACHINES = {
    "x86-64": (0xC000003E, 0),
    "x32": (0xC000003E, 0x40000000),
    "i386": (0x40000003, 0),
    "aarch64": (0xC00000B7, 0),
    "arm": (0x40000028, 0),
    "riscv64": (0xC00000F3, 0),
    "s390x": (0x80000016, 0),
}
KEYS = [  # a machine, a call (or the number), its number there, what the filter returns
    ("x86-64", "keyctl", 250, "EPERM"),
    ("x86-64", "add_key", 248, "EPERM"),
    ("x86-64", "request_key", 249, "EPERM"),
    ("x32", "keyctl", 250, "EPERM"),
    ("x86-64", "read", 0, "allow"),
    ("x86-64", "288", 288, "allow"),
    ("i386", "keyctl", 288, "EPERM"),
    ("i386", "250", 250, "allow"),
    ("aarch64", "keyctl", 219, "EPERM"),
    ("aarch64", "add_key", 217, "EPERM"),
    ("aarch64", "250", 250, "allow"),
    ("arm", "keyctl", 311, "EPERM"),
    ("riscv64", "keyctl", 219, "EPERM"),
    ("s390x", "0, an arch it does not know", 0, "ENOSYS"),
]


@pytest.mark.parametrize(
    "machine, number, result",
    [
        pytest.param(machine, number, result, id=f"{machine} {call}")
        for machine, call, number, result in KEYS
    ],
)
def test_the_seccomp_filter_fails_the_keyring_calls_alone(machine, number, result):
    program = sandboxing.seccomp_filter("x86_64")  # the same on every machine it knows
    assert program == sandboxing.seccomp_filter("aarch64")
    expected = {"allow": 0x7FFF0000, "EPERM": 0x50000 | 1, "ENOSYS": 0x50000 | 38}[result]
    assert len(program) % 8 == 0 and len(program) // 8 < 256
    arch, bit = MACHINES[machine]
    assert run_filter(program, arch, bit | number) == expected


def test_on_a_machine_it_does_not_know_the_filter_lets_all_through():
    program = sandboxing.seccomp_filter("ppc64le")
    assert [run_filter(program, 0xC0000015, number) for number in (0, 271)] == [0x7FFF0000] * 2


@pytest.mark.parametrize(
    "bwrap, status, shown",
    [("/usr/bin/bwrap", 128 + 11, -11), ("/usr/bin/bwrap", 3, 3), (None, 128 + 11, 128 + 11)],
)
def test_bwraps_exit_for_a_signal_is_the_signal(bwrap, status, shown):
    """bwrap exits with 128 + N when its program is killed by signal N."""
    run = Run(b"", b"", status, 0.1, 0.1, 1.0, False, False, False)
    assert sandboxing.unsandboxed(bwrap, run).status == shown


def test_a_program_killed_at_its_limit_shows_the_cpu_it_used(tmp_path, sandbox):
    """The kill takes bwrap's first process with the program, so no wait measures the program:
    its CPU is the last sample's, over the limit, not bwrap's few milliseconds."""
    root = make_root(tmp_path, "while True:\n    pass\n", {"a": ("1\n", "2\n")})
    done = judge(root)
    assert done.verdicts() == {"a": "TLE"}, done
    assert done.report["cases"][0]["cpu_ms"] >= 1000, done
    assert done.report["cases"][0]["reason"] == "cpu-limit", done
