"""What the runner's tests share: a root of tiny solutions, the runner run on it, and
the processes it leaves."""

import contextlib
import functools
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from util import ROOT, run

from judge.model import EXTENDED_NOTE

RUNNER = ROOT / "runner.py"


@functools.lru_cache(maxsize=None)
def schema():
    """docs/report.schema.json, read when first asked (a copy of the shared tests has no docs/)."""
    return json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))


# The interpreter that runs the runner, and so the solutions: RUNNER_PYTHON=pypy3 tries PyPy.
PYTHON = shutil.which(os.environ.get("RUNNER_PYTHON", sys.executable))
LINE = re.compile(
    r"^(\S+) +(\S+/\S+) +(?:\d+|\?) ms CPU +\d+ ms wall +(?:[\d.]+|\?) MiB( slow)?$", re.MULTILINE
)
HEADER = "# Judge: Test judge; 1 s; 1024 MiB; {}\n"
# The two implementations of running a case: "native" is the platform's own (or whatever
# RUNNER_PORTABLE in the environment says), "portable" forces the standard-library-only one.
PATHS = ["native", "portable"]
FORCED = os.environ.get("RUNNER_PORTABLE", "") not in ("", "0")
# What a test needs of the platform, for the workflow's macOS and Windows legs.
POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="needs POSIX: sh, fork, pty or FIFOs")
LINUX_ONLY = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc to find processes")


def make_root(tmp_path, solution, cases, name="p", compare="exact"):
    """A root with solutions/NAME.py and testcases/NAME/; cases maps CASE to (in, out).

    The solution opens with a Judge: line comparing as `compare` says, unless that is None.
    """
    (tmp_path / "solutions").mkdir(parents=True, exist_ok=True)
    header = HEADER.format(compare) if compare else ""
    (tmp_path / "solutions" / (name + ".py")).write_text(header + solution)
    folder = tmp_path / "testcases" / name
    folder.mkdir(parents=True, exist_ok=True)
    for case, (stdin, expected) in cases.items():
        write(folder / (case + ".in"), stdin)
        if expected is not None:
            write(folder / (case + ".out"), expected)
    return tmp_path


def write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def submissions_report(tmp_path, folder, *args):
    """runner.py --package folder --submissions --json, with args: (exit status, the report
    or None, stderr), and no traceback."""
    report = tmp_path / "submissions.json"
    argv = [PYTHON, str(RUNNER), "--package", str(folder), "--submissions", "--json", str(report)]
    done = run([*argv, *args], text=True)
    assert "Traceback" not in done.stderr, done.stderr
    data = json.loads(report.read_text(encoding="utf-8")) if report.exists() else None
    return done.returncode, data, done.stderr


def runner_argv(root, *args):
    """The command line of the runner on root with args."""
    return [PYTHON, str(RUNNER), "--root", str(root), *args]


def unstartable(root):
    """A program whose exec fails (its #! names a missing interpreter), as --command names it."""
    write(root / "cannot", "#!/no/such/interpreter\n")
    (root / "cannot").chmod(0o755)
    return "./cannot"


def judge(root, *args, env=None, timeout=60, path="native", cwd=None, tle="1", preexec_fn=None):
    """Run the runner on root, with --tle 1 unless args say otherwise (tle=None: the Judge:
    lines' limits); preexec_fn, if given, runs in the runner's process before it starts.

    Returns the exit status, stdout, stderr and the seconds it took.
    """
    limit = ["--tle", tle] if tle else []
    start = time.monotonic()
    done = subprocess.run(
        runner_argv(root, *limit, *args),
        capture_output=True,
        encoding="utf-8",
        env=path_env(path, env),
        timeout=timeout,
        cwd=cwd,
        preexec_fn=preexec_fn,
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def judged(root, *args, **options):
    """The runner on root as judge() runs it (with its options), with --json: (exit status,
    the report as data, stderr). The report is None where the runner wrote none (a usage
    error)."""
    with tempfile.TemporaryDirectory(prefix="report-") as folder:
        report = Path(folder, "report.json")
        status, _, err, _ = judge(root, *args, "--json", str(report), **options)
        data = json.loads(report.read_text(encoding="utf-8")) if report.exists() else None
    return status, data, err


def case_verdicts(report):
    """{"problem/case": verdict} of a JSON report."""
    return {f"{case['problem']}/{case['case']}": case["verdict"] for case in report["cases"]}


def case_details(report):
    """{"problem/case": the lines under it} of a JSON report."""
    return {f"{case['problem']}/{case['case']}": case["details"] for case in report["cases"]}


def case_reason_codes(report):
    """{"problem/case": the code of the reason for its verdict} of a JSON report: one of
    judge.verdicts.REASONS ("cpu-limit", "compared", ...). A test that must know why a verdict
    was given asks this, not the English of its details."""
    return {f"{case['problem']}/{case['case']}": case["reason"] for case in report["cases"]}


def case_reasons(report):
    """{"problem/case": the lines that explain its verdict} of a JSON report: its details
    without the extended case's note above them and the input shown below them. Its English is
    for the tests of the text itself; case_reason_codes says why, in a word."""
    reasons = {}
    for label, lines in case_details(report).items():
        lines = lines[1:] if lines[:1] == [EXTENDED_NOTE] else lines
        reasons[label] = lines[: lines.index("input:")] if "input:" in lines else lines
    return reasons


def path_env(path, env=None):
    """The environment for a runner taking the given path."""
    env = dict(os.environ if env is None else env)
    if path == "portable":
        env["RUNNER_PORTABLE"] = "1"
    return env


@pytest.fixture(params=PATHS)
def path(request):
    """Run a test on both paths; with RUNNER_PORTABLE=1 set, "native" is portable already."""
    if request.param == "portable" and FORCED:
        pytest.skip("RUNNER_PORTABLE=1 is set: every test takes the portable path already")
    return request.param


def verdicts(stdout):
    return {label: verdict for verdict, label, _ in LINE.findall(stdout)}


def last_line(stdout):
    return stdout.rstrip("\n").split("\n")[-1]


def stat_fields(pid):
    """State, parent and process group of pid from /proc, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[:3]
    except (FileNotFoundError, ProcessLookupError):
        return None


def alive(pid):
    """True while pid runs; a zombie waiting for its parent counts as dead."""
    fields = stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def live_members(pgid):
    """The processes of group pgid that still run."""
    pids = (int(name) for name in os.listdir("/proc") if name.isdigit())
    return [pid for pid in pids if alive(pid) and stat_fields(pid)[2] == str(pgid)]


def wait_a_little(condition, seconds=5.0):
    """Whether condition() comes to hold within a few seconds."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def gone_soon(pid, seconds=2.0):
    return wait_a_little(lambda: not alive(pid), seconds)


ECHO = "import sys\nsys.stdout.write(sys.stdin.read())\n"
BUSY = """\
import sys, time
seconds = float(sys.stdin.read())
start = time.process_time()
while time.process_time() - start < seconds:
    pass
print(1)
"""
# A function for a case's program (which imports os and time): a child forked to burn so many
# seconds of CPU and exit, never waited for by the function.
BURNER = """\
def burner(seconds):
    if os.fork() == 0:
        start = time.process_time()
        while time.process_time() - start < seconds:
            pass
        os._exit(0)
"""
SPAWNER = """\
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
with open(os.path.join(os.path.dirname(__file__), os.pardir, "pids"), "w") as pids:
    pids.write(f"{os.getpid()} {child.pid}")
print("started", flush=True)
if sys.stdin.read().strip() == "wait":
    time.sleep(30)
"""


def started(command, path, stdout=subprocess.PIPE, stderr=subprocess.PIPE):
    """The runner started in the background with its output piped (unless stdout and stderr
    say where else), to be signalled. A suite started in the background (`cmd &` in a script)
    inherits SIGINT and SIGQUIT ignored, and under `nohup` SIGHUP too; the runner rightly
    keeps them so: this runner gets the defaults, as from a terminal."""
    return subprocess.Popen(
        command,
        stdout=stdout,
        stderr=stderr,
        env=path_env(path),
        preexec_fn=signals_as_from_a_terminal,
    )


def started_on(root, path, *args, **streams):
    """The runner on root with args, started() in the background on the given path."""
    return started(runner_argv(root, *args), path, **streams)


def read_terminal(leader, child, seconds=60):
    """What the leader end of a pseudo-terminal gets while child runs, read as it comes (a
    full terminal would stop the child): up to the end (EIO, once the child's end is
    closed), or the child gone and nothing more to read, or so many seconds at the most."""
    got, start = b"", time.monotonic()
    while time.monotonic() - start < seconds:
        if not select.select([leader], [], [], 0.05)[0]:
            if child.poll() is not None:
                break
            continue
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the child's end is closed
            break
        if not data:
            break
        got += data
    return got


def signals_as_from_a_terminal():
    for number in (signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


USING = ": using 2 s, 1024 MiB, exact"


def runner_on(root, *args, **options):
    """The runner on root with no --tle of its own, so that the Judge: lines rule."""
    start = time.monotonic()
    done = subprocess.run(
        runner_argv(root, *args), capture_output=True, encoding="utf-8", timeout=60, **options
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - start


def marked(marker):
    """The pids of the processes whose command line holds marker (never a broad name)."""
    found = []
    for name in os.listdir("/proc"):
        with contextlib.suppress(OSError):
            if name.isdigit() and marker.encode() in Path("/proc", name, "cmdline").read_bytes():
                found.append(int(name))
    return [pid for pid in found if alive(pid) and pid != os.getpid()]


MARKERS = []


def new_marker(kind):
    """A word no other process's command line holds, for a test's processes to carry; whatever
    holds it when the test ends, passed or failed, is killed (see leftovers_killed)."""
    MARKERS.append(f"{kind}-{os.getpid()}-{time.monotonic_ns()}")
    return MARKERS[-1]


@pytest.fixture(autouse=True)
def leftovers_killed():
    """A test that fails may leave its chain of processes running: stopped, then killed, so
    that one failure does not leave a machine busy for the tests after it."""
    yield
    while MARKERS:
        marker = MARKERS.pop()
        stopped = set()
        while True:  # stopped, a process cannot fork: walk again until no new one is found
            new = set(marked(marker)) - stopped
            if not new:
                break
            for pid in new:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGSTOP)
            stopped |= new
        for pid in stopped:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def none_left(marker, seconds=3.0):
    deadline = time.monotonic() + seconds
    while marked(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    return marked(marker) == []


# The case starts a grandchild that leaves the case's session (setsid), named by the marker
# on stdin; with "wait" the case then waits, else it ends at once.
ESCAPER = """\
import subprocess, sys, time
marker, then = (sys.stdin.read().split() + ["exit"])[:2]
code = "import os, time; os.setsid(); print(os.getpid(), flush=True); time.sleep(60)"
grandchild = subprocess.Popen(
    [sys.executable, "-c", code, marker], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
)
grandchild.stdout.readline()  # it has left the session
print(1, flush=True)
if then == "wait":
    time.sleep(60)
"""
# A chain that keeps changing its pid and session (fork, the parent exits, setsid), named by
# the marker on stdin: LINKS links, each burning BURN seconds of CPU first. The case then does
# WAIT: sleeps, or waits until the last link has ended, and prints its answer.
HOPPER = """\
import os, sys, time
CHAIN = '''
import os, time
os.close(1); os.close(2)
for _ in range(LINKS):
    start = time.process_time()
    while time.process_time() - start < BURN:
        pass
    if os.fork():
        os._exit(0)
    os.setsid()
'''
done, holder = os.pipe()
if os.fork() == 0:
    os.set_inheritable(holder, True)
    os.execv(sys.executable, [sys.executable, "-c", CHAIN, sys.stdin.read()])
os.close(holder)
WAIT
print(1)
"""


def hopper(links, burn, wait):
    return HOPPER.replace("LINKS", links).replace("BURN", burn).replace("WAIT", wait)


# ---------------------------------------------------------------- a contestant's problems
# Three problems built in a temporary root as a contestant would add them: ``1850A``, where
# any index of a maximum is right (a Python checker in checkers/), ``triangle_area``, whose
# answer is a real number (``float 1e-6``, its .out written with fewer decimals than the
# solution prints), and ``guess``, an interactive problem with its interactor.

CONTESTANT_HEADER = '''"""
Problem: {name}
Judge: Test judge; 1 s; 256 MiB; {mode}
Description: a problem added for this test.
Idea: the obvious one.
Time: O(n).
Memory: O(n).
Status: accepted here.
"""

import sys


def solve(text):
{body}


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.read()))
'''
ANY_MAX = (
    "    xs = [int(w) for w in text.split()[1:]]\n    return str(xs.index(max(xs)) + 1) + '\\n'"
)
AREA = "    a, b = map(float, text.split())\n    return '%.9f\\n' % (a * b / 2)"
CHECKER = """import sys

given, output, answer = (open(path).read() for path in sys.argv[1:4])
xs = [int(w) for w in given.split()[1:]]
words = output.split()
if len(words) != 1 or not words[0].isdigit():
    print("wrong output format: want one index", file=sys.stderr)
    sys.exit(2)
index = int(words[0])
if not 1 <= index <= len(xs) or xs[index - 1] != max(xs):
    print(f"wrong answer: {index} is not the index of a maximum", file=sys.stderr)
    sys.exit(1)
print("ok", file=sys.stderr)
"""
VALIDATOR = """import sys

given, answer, feedback = sys.argv[1:4]
if sys.stdin.read().split() == open(answer).read().split():
    sys.exit(42)
with open(feedback + "judgemessage.txt", "w") as message:
    message.write("the team's answer differs\\n")
sys.exit(43)
"""
GUESS = '''"""
Problem: guess a number from 1 to n, told after each query whether it is lower or higher
Judge: Test judge; 1 s; 256 MiB; interactor checkers/guess_interactor.py
Description: read n; ask "? x", read "<", ">" or "="; answer "! x".
Idea: binary search.
Time: O(log n) queries.
Memory: O(1).
Status: accepted here.
"""

n = int(input())
low, high = 1, n
while low < high:
    middle = (low + high) // 2
    print("?", middle, flush=True)
    answer = input()
    if answer == "=":
        low = high = middle
    elif answer == "<":
        high = middle - 1
    else:
        low = middle + 1
print("!", low, flush=True)
'''
INTERACTOR = """import sys

given, output, answer = sys.argv[1:4]
n, secret = map(int, open(given).read().split())
limit = n.bit_length() + 1
print(n, flush=True)
for asked in range(1, limit + 2):
    words = sys.stdin.readline().split()
    if len(words) != 2 or words[0] not in ("?", "!") or not words[1].isdigit():
        print(f"wrong answer: query {asked} is not '? x' or '! x'", file=sys.stderr)
        sys.exit(1)
    if words[0] == "!":
        with open(output, "w") as out:
            out.write(f"{asked} queries\\n")
        if int(words[1]) != secret:
            print(f"wrong answer: {words[1]} is not {secret}", file=sys.stderr)
        sys.exit(0 if int(words[1]) == secret else 1)
    if asked > limit:
        print(f"wrong answer: more than {limit} queries", file=sys.stderr)
        sys.exit(1)
    guess = int(words[1])
    print("<" if secret < guess else ">" if secret > guess else "=", flush=True)
"""
GUESS_CASES = {"judge-sample-1": ("100 37\n", "37\n"), "judge-top": ("1000 1000\n", "1000\n")}
# Cases: several maxima (any of them is right, the .out names one); the triangle's .out
# has six decimals, the solution prints nine.
MAX_CASES = {"judge-sample-1": ("4\n1 5 3 5\n", "4\n"), "judge-two": ("2\n7 1\n", "1\n")}
AREA_CASES = {"judge-sample-1": ("3 4\n", "6.000000\n"), "judge-thin": ("1 3\n", "1.500000\n")}


def add_problem(root, name, mode, body, cases):
    solution = CONTESTANT_HEADER.format(name=name, mode=mode, body=body)
    write(root / "solutions" / (name + ".py"), solution)
    for case, (given, answer) in cases.items():
        write(root / "testcases" / name / (case + ".in"), given)
        write(root / "testcases" / name / (case + ".out"), answer)


def contestant_root(root):
    add_problem(root, "1850A", "checker checkers/1850A_checker.py", ANY_MAX, MAX_CASES)
    write(root / "checkers" / "1850A_checker.py", CHECKER)
    add_problem(root, "triangle_area", "float 1e-6", AREA, AREA_CASES)
    write(root / "solutions" / "guess.py", GUESS)
    write(root / "checkers" / "guess_interactor.py", INTERACTOR)
    for case, (given, answer) in GUESS_CASES.items():
        write(root / "testcases" / "guess" / (case + ".in"), given)
        write(root / "testcases" / "guess" / (case + ".out"), answer)
    return root
