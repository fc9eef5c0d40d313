#!/usr/bin/env python3
"""A judge on your laptop: run every solution on its testcases and give judge verdicts.

Problem NAME pairs solutions/NAME.py with the folder testcases/NAME/, where a case is
CASE.in with the expected CASE.out beside it. Each case runs as its own process,
`PYTHON solutions/NAME.py < CASE.in`, in a new process group.

Usage:
    python3 runner.py                          every problem
    python3 runner.py conecta4 vertical_four   only these problems
    python3 runner.py -k sample                only the cases whose name contains "sample"
    python3 runner.py --python pypy3           the solutions on another interpreter

The output must equal CASE.out, CRLF read as LF, as online-judge-tools compares;
--loose and --tokens forgive more. Verdicts, the first that applies:
    TLE  wall time over --tle seconds; the whole process group is killed
    OLE  output over --ole MiB; reading stops and the group is killed
    MLE  peak resident memory (the child's rusage) over --mle MiB
    RE   non-zero exit status or killed by a signal
    WA   wrong answer
    PE   presentation error: the output differs only in whitespace
    AC   accepted ("slow" when it took over half the time limit)
    --   the case has no .out: it ran fine but nothing was checked
    IE   the runner could not run the case (an unreadable file, say)

The last line printed is `N passed, M failed`, where M counts every verdict except AC
and --. Exit status: 0 if M is 0, 1 otherwise, 2 for a usage error, 130 on Ctrl-C.
"""

import argparse
import contextlib
import difflib
import json
import os
import re
import selectors
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections import Counter, namedtuple
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

MIB = 1024 * 1024
NEWLINE = b"\n"
STDERR_KEPT = 64 * 1024  # bytes of stderr kept, from the end
STDERR_LINES = 10  # lines of stderr shown for RE
DIFF_WINDOW = 8  # lines a side in the diff shown for WA/PE: at most 19 lines of diff
SHOWN_CHARS = 100  # longest line shown, in characters
SHORT_INPUT = 400  # inputs up to this many bytes are shown with a failure
SHORT_INPUT_LINES = 10
SPACE = b" \t\n\r\x0b\x0c"  # the whitespace bytes.split() splits on
ALL_SPACES = bytes.maketrans(SPACE, b" " * len(SPACE))
PASSING = ("AC", "--")
COLOURS = {"AC": "32", "PE": "33", "--": "2", "slow": "33"}  # anything else is red: "31"

Case = namedtuple("Case", "problem name input expected")
Run = namedtuple("Run", "output stderr status wall peak_mib timed_out overflowed")
Result = namedtuple("Result", "case verdict wall peak_mib slow details")


class UsageError(Exception):
    """A problem with the command line or the folders it points at: exit status 2."""


class Interrupted(Exception):
    """Raised in a worker that would start a case after Ctrl-C."""


# Finding problems and cases


def natural_key(name):
    """Sort key putting sample-2 before sample-10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def find_problems(root, names):
    """The problems named on the command line, or every problem under root."""
    if not names:
        found = {path.stem for path in (root / "solutions").glob("[!_]*.py")}
        found.update(path.name for path in (root / "testcases").glob("*/"))
        if not found:
            raise UsageError(f"no problems under {root}")
        names = sorted(found)
    for name in names:
        if not (root / "solutions" / (name + ".py")).is_file():
            raise UsageError(f"unknown problem '{name}': there is no solutions/{name}.py")
        if not (root / "testcases" / name).is_dir():
            raise UsageError(f"problem '{name}' has no testcases/{name}/ folder")
    return list(dict.fromkeys(names))


def find_cases(root, problem, keep):
    """The cases of one problem whose name contains `keep`, in natural order."""
    folder = root / "testcases" / problem
    inputs = {path.stem: path for path in folder.glob("*.in")}
    for out in sorted(folder.glob("*.out")):
        if out.stem not in inputs:
            raise UsageError(f"testcases/{problem}/{out.name} has no {out.stem}.in beside it")
    if not inputs:
        raise UsageError(f"problem '{problem}' has no testcases in testcases/{problem}/")
    cases = []
    for name in sorted(inputs, key=natural_key):
        if keep in name:
            expected = inputs[name].with_suffix(".out")
            cases.append(Case(problem, name, inputs[name], expected if expected.exists() else None))
    return cases


# Running one case


class ProcessGroups:
    """The process group of every running case, so that Ctrl-C can kill them all."""

    def __init__(self):
        self._lock = threading.Lock()
        self._running = set()
        self._stopped = False

    def start(self, command, stdin, cwd):
        with self._lock:
            if self._stopped:
                raise Interrupted()
            child = subprocess.Popen(
                command,
                stdin=stdin,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=str(cwd),
                start_new_session=True,
            )
            self._running.add(child.pid)
        return child

    def kill(self, pgid):
        with self._lock:
            self._running.discard(pgid)
            kill_group(pgid)

    def kill_all(self):
        with self._lock:
            self._stopped = True
            for pgid in self._running:
                kill_group(pgid)


def kill_group(pgid):
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(pgid, signal.SIGKILL)


def execute(groups, command, input_path, cwd, time_limit, output_cap):
    """Run command with input_path on stdin; return its Run.

    Reading stops at the time limit or when the output passes output_cap; either way, and
    whenever the run ends, the whole process group is killed so that no grandchild lingers.
    """
    start = time.monotonic()
    with open(str(input_path), "rb") as stdin:
        child = groups.start(command, stdin, cwd)
    buffers = {child.stdout.fileno(): bytearray(), child.stderr.fileno(): bytearray()}
    output, errors = buffers.values()
    selector = selectors.DefaultSelector()
    for fd in buffers:
        selector.register(fd, selectors.EVENT_READ)
    status = usage = None
    timed_out = overflowed = False
    try:
        while True:
            if status is None:
                pid, wait_status, rusage = os.wait4(child.pid, os.WNOHANG)
                if pid:
                    status, usage = wait_status, rusage
            reading = bool(selector.get_map())
            if status is not None and not reading:
                break  # exited, and every byte it wrote is read
            remaining = start + time_limit - time.monotonic()
            if remaining <= 0:
                timed_out = True
                break
            if not reading:
                time.sleep(min(remaining, 0.002))  # output closed: wait for the exit
                continue
            # wake up at least every 50 ms to see whether the child exited
            for key, _ in selector.select(min(remaining, 0.05)):
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fd)
                buffers[key.fd] += chunk
            del errors[:-STDERR_KEPT]
            if len(output) > output_cap:
                overflowed = True
                break
        wall = time.monotonic() - start
    finally:
        groups.kill(child.pid)
        if status is None:
            _, status, usage = os.wait4(child.pid, 0)
        child.returncode = status  # reaped by wait4 for its rusage: Popen must not wait again
        selector.close()
        child.stdout.close()
        child.stderr.close()
    peak = usage.ru_maxrss / (MIB if sys.platform == "darwin" else 1024)
    return Run(bytes(output), bytes(errors), status, wall, peak, timed_out, overflowed)


# Judging


def normalize(data, mode):
    """The output as compared: CRLF read as LF; --loose also drops trailing blanks."""
    data = data.replace(b"\r\n", b"\n")
    if mode != "loose":
        return data
    lines = [line.rstrip(b" \t") for line in data.split(b"\n")]
    while lines and not lines[-1]:
        lines.pop()
    return b"".join(line + b"\n" for line in lines)


def tokens(data):
    """The whitespace-separated tokens of data, joined by single spaces."""
    data = data.translate(ALL_SPACES)
    while b"  " in data:  # no list of millions of tokens: outputs can be 64 MiB
        data = data.replace(b"  ", b" ")
    return data.strip()


def compare(expected, got, mode):
    """AC, PE (only whitespace differs) or WA."""
    if mode == "tokens":
        same = tokens(expected) == tokens(got)
    else:
        same = normalize(expected, mode) == normalize(got, mode)
    if same:
        return "AC"
    return "PE" if expected.translate(None, SPACE) == got.translate(None, SPACE) else "WA"


def verdict_of(run, expected, args):
    if run.timed_out:
        return "TLE"
    if run.overflowed:
        return "OLE"
    if run.peak_mib > args.mle:
        return "MLE"
    if run.status != 0:
        return "RE"
    if expected is None:
        return "--"
    return compare(expected, run.output, args.mode)


def judge(case, args, groups):
    """Run one case and judge it. Runs in a worker thread."""
    command = [args.python, str(Path("solutions", case.problem + ".py"))]
    try:
        run = execute(groups, command, case.input, args.root, args.tle, args.ole * MIB)
        expected = case.expected.read_bytes() if case.expected else None
    except OSError as error:
        return Result(case, "IE", 0.0, 0.0, False, [f"could not run: {error}"])
    verdict = verdict_of(run, expected, args)
    slow = verdict in PASSING and run.wall > args.tle / 2
    details = explain(verdict, case, run, expected, args)
    return Result(case, verdict, run.wall, run.peak_mib, slow, details)


# Explaining a verdict


def explain(verdict, case, run, expected, args):
    """The lines printed under a failing case."""
    if verdict == "TLE":
        return [f"killed after {args.tle:g} s"]
    if verdict == "OLE":
        return [f"output passed {args.ole:g} MiB: stopped reading and killed it"]
    if verdict == "MLE":
        return [f"peak memory {run.peak_mib:.1f} MiB, over the {args.mle:g} MiB limit"]
    if verdict == "RE":
        return [exit_description(run.status), *stderr_tail(run.stderr)]
    if verdict in ("WA", "PE"):
        return mismatch(verdict, run.output, expected, args.mode) + short_input(case.input)
    return []


def exit_description(status):
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            return f"killed by signal {number} ({signal.Signals(number).name})"
        except ValueError:
            return f"killed by signal {number}"
    return f"exit status {os.WEXITSTATUS(status)}"


def stderr_tail(data):
    lines = data.decode("utf-8", "backslashreplace").splitlines()[-STDERR_LINES:]
    if not lines:
        return ["(nothing on stderr)"]
    return ["stderr, last lines:"] + ["  " + shorten(line) for line in lines]


def mismatch(verdict, got, expected, mode):
    """What a PE means, the first difference, and a short unified diff.

    Outputs can be 64 MiB: they are searched as bytes, and only the lines shown are split.
    """
    details = []
    if verdict == "PE":
        details.append("presentation error: the output differs only in whitespace")
    line_mode = "loose" if mode == "loose" else "exact"
    want, have = normalize(expected, line_mode), normalize(got, line_mode)
    start = line_start(want, common_prefix(want, have))
    if mode == "tokens":
        want_tokens, have_tokens = tokens(expected), tokens(got)
        at = want_tokens.rfind(b" ", 0, common_prefix(want_tokens, have_tokens)) + 1
        where = f"token {want_tokens.count(b' ', 0, at) + 1}"
        shown = [token_at(want_tokens, at), token_at(have_tokens, at)]
    else:
        where = f"line {want.count(NEWLINE, 0, start) + 1}"
        shown = [line_at(want, start), line_at(have, start)]
    details += [
        "first difference at " + where,
        "  expected: " + shown[0],
        "  got:      " + shown[1],
    ]
    if not (one_line(want) and one_line(have)):
        details += unified_diff(want, have, line_start(want, start, back=2))
    return details


def common_prefix(a, b):
    """The length of the longest common prefix of two byte strings."""
    size, step, limit = 0, 1 << 16, min(len(a), len(b))
    while step:
        while size + step <= limit and a[size : size + step] == b[size : size + step]:
            size += step
        step //= 2
    return size


def line_start(data, offset, back=0):
    """Where the line holding offset starts, or the one `back` lines above it."""
    start = data.rfind(NEWLINE, 0, offset) + 1
    for _ in range(back):
        if start:
            start = data.rfind(NEWLINE, 0, start - 1) + 1
    return start


def lines_from(data, start, count):
    """Up to count lines of data from offset start, each with its newline if it has one."""
    lines = []
    while start < len(data) and len(lines) < count:
        end = data.find(NEWLINE, start)
        end = len(data) if end < 0 else end + 1
        lines.append(data[start:end])
        start = end
    return lines


def one_line(data):
    return data.find(NEWLINE, 0, len(data) - 1) < 0


def line_at(data, start):
    line = lines_from(data, start, 1)
    return visible(line[0]) if line else "(end of output)"


def token_at(data, start):
    end = data.find(b" ", start)
    token = data[start : end if end >= 0 else len(data)]
    return shorten(token.decode("utf-8", "backslashreplace")) if token else "(no more tokens)"


def visible(line):
    """A line of output with its whitespace made visible and its newline said in words."""
    text = line.rstrip(b"\n").decode("utf-8", "backslashreplace")
    head = text[:SHOWN_CHARS].replace(" ", "·").replace("\t", "→")
    head = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in head)
    return head + more(text) + ("" if line.endswith(b"\n") else "  (no final newline)")


def shorten(text):
    return text[:SHOWN_CHARS] + more(text)


def more(text):
    extra = len(text) - SHOWN_CHARS
    return f"... ({extra} more characters)" if extra > 0 else ""


def unified_diff(want, have, start):
    """A unified diff of DIFF_WINDOW lines a side from offset start, where both still agree."""
    before = want.count(NEWLINE, 0, start)
    old, new = lines_from(want, start, DIFF_WINDOW), lines_from(have, start, DIFF_WINDOW)
    shown = [visible(line) for line in old], [visible(line) for line in new]
    diff = difflib.unified_diff(*shown, "expected", "got", n=2, lineterm="")
    lines = [shift_hunk(line, before) if line.startswith("@@") else line for line in diff]
    if start + len(b"".join(old)) < len(want) or start + len(b"".join(new)) < len(have):
        lines.append(f"... (cut after line {before + DIFF_WINDOW})")
    return ["diff:"] + ["  " + line for line in lines]


def shift_hunk(header, offset):
    """Renumber a hunk header made from a window that starts after `offset` lines."""
    return re.sub(r"([-+])(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + offset), header)


def short_input(path):
    try:
        data = path.read_bytes() if path.stat().st_size <= SHORT_INPUT else b""
    except OSError:
        return []
    lines = data.decode("utf-8", "backslashreplace").splitlines()
    if not data or len(lines) > SHORT_INPUT_LINES:
        return []
    return ["input:"] + ["  " + line for line in lines]


# Reporting


def label(case):
    return case.problem + "/" + case.name


class Report:
    """Prints each result in case order, a summary after each problem, and the totals."""

    def __init__(self, cases, colour):
        self.colour = colour
        self.width = min(max(len(label(case)) for case in cases), 48)
        self.left = Counter(case.problem for case in cases)
        self.results = []

    def paint(self, text, key):
        if not self.colour:
            return text
        return "\033[{}m{}\033[0m".format(COLOURS.get(key, "31"), text)

    def add(self, result):
        self.results.append(result)
        line = "{} {:<{}} {:>7.0f} ms {:>7.1f} MiB".format(
            self.paint(f"{result.verdict:<3}", result.verdict),
            label(result.case),
            self.width,
            result.wall * 1000,
            result.peak_mib,
        )
        if result.slow:
            line += " " + self.paint("slow", "slow")
        print(line)
        for detail in result.details:
            print("    " + detail)
        problem = result.case.problem
        self.left[problem] -= 1
        if not self.left[problem]:
            print(self.summary(problem, [r for r in self.results if r.case.problem == problem]))
        sys.stdout.flush()

    def summary(self, problem, results):
        counts = Counter(result.verdict for result in results)
        failures = sorted((verdict, n) for verdict, n in counts.items() if verdict not in PASSING)
        text = f"== {problem}: {counts['AC']} passed, {sum(n for _, n in failures)} failed"
        if failures:
            text += " (" + ", ".join(f"{n} {verdict}" for verdict, n in failures) + ")"
        if counts["--"]:
            text += f", {counts['--']} not checked (no .out)"
        slowest = max(result.wall for result in results) * 1000
        peak = max(result.peak_mib for result in results)
        return f"{text}; slowest {slowest:.0f} ms, peak {peak:.1f} MiB"

    def totals(self):
        passed = sum(result.verdict == "AC" for result in self.results)
        failed = sum(result.verdict not in PASSING for result in self.results)
        return passed, failed


def write_json(path, args, results, passed, failed):
    cases = [
        {
            "problem": result.case.problem,
            "case": result.case.name,
            "verdict": result.verdict,
            "time_ms": round(result.wall * 1000, 1),
            "peak_mib": round(result.peak_mib, 1),
            "slow": result.slow,
        }
        for result in results
    ]
    data = {"python": args.python, "tle_s": args.tle, "mle_mib": args.mle, "ole_mib": args.ole}
    data.update(mode=args.mode, passed=passed, failed=failed, cases=cases)
    with open(path, "w") as file:
        json.dump(data, file, indent=2)
        file.write("\n")


# Command line


def run_all(cases, args, on_result):
    """Judge the cases on args.jobs threads; hand the results over in case order."""
    groups = ProcessGroups()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(judge, case, args, groups) for case in cases]
        try:
            for future in futures:
                on_result(future.result())
        except BaseException:  # Ctrl-C above all: leave no case running
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            groups.kill_all()
            for future in futures:
                future.cancel()
            raise


def positive(text):
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text}")
    return value


def positive_int(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text}")
    return value


def make_parser():
    parser = argparse.ArgumentParser(
        prog="runner.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add = parser.add_argument
    add("problems", nargs="*", metavar="NAME", help="problems to run (default: all)")
    add("-k", dest="keep", default="", metavar="TEXT", help="only the cases whose name has TEXT")
    add("--python", default=sys.executable, metavar="EXE", help="interpreter (default: this one)")
    add("--tle", type=positive, default=2.0, metavar="S", help="time limit, wall (default: 2)")
    add("--mle", type=positive, default=1024.0, metavar="MIB", help="memory limit (default: 1024)")
    add("--ole", type=positive, default=64.0, metavar="MIB", help="output limit (default: 64)")
    mode = parser.add_mutually_exclusive_group().add_argument
    mode(
        "--loose",
        dest="mode",
        action="store_const",
        const="loose",
        help="also ignore spaces at line ends and empty lines at the end",
    )
    mode(
        "--tokens",
        dest="mode",
        action="store_const",
        const="tokens",
        help="compare whitespace-separated tokens only",
    )
    parser.set_defaults(mode="exact")
    add(
        "-j",
        dest="jobs",
        type=positive_int,
        default=os.cpu_count() or 1,
        metavar="N",
        help="cases run in parallel (default: the number of CPUs)",
    )
    add("--json", metavar="FILE", help="write every case's verdict, time and memory to FILE")
    add(
        "--root",
        type=Path,
        default=Path(__file__).resolve().parent,
        metavar="DIR",
        help="folder with solutions/ and testcases/ (default: the runner's own)",
    )
    return parser


def usage_error(message):
    print(f"runner.py: error: {message}", file=sys.stderr)
    return 2


def interrupt(signum, frame):
    raise KeyboardInterrupt


def main(argv=None):
    parser = make_parser()
    args = parser.parse_args(argv)
    args.root = args.root.resolve()
    if shutil.which(args.python) is None:
        parser.error(f"--python {args.python}: no such program")
    try:
        problems = find_problems(args.root, args.problems)
        cases = [case for problem in problems for case in find_cases(args.root, problem, args.keep)]
    except UsageError as error:
        return usage_error(error)
    if not cases:
        return usage_error(f"no case name contains '{args.keep}'")
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    signal.signal(signal.SIGTERM, interrupt)
    report = Report(cases, colour=sys.stdout.isatty() and "NO_COLOR" not in os.environ)
    try:
        run_all(cases, args, report.add)
    except KeyboardInterrupt:
        print("interrupted: every running case was killed", file=sys.stderr)
        return 130
    passed, failed = report.totals()
    if args.json:
        write_json(args.json, args, report.results, passed, failed)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
