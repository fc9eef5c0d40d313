#!/usr/bin/env python3
"""A judge on your laptop: run every solution on its testcases and give judge verdicts.

Verdicts: TLE, OLE, MLE, RE, IC, PE, WA, AC; "--" when a case has no .out; IE when it cannot be
run. The last line is `N passed, M failed`, where M counts every verdict but AC and --. Exit
status: 0 if M is 0, 1 otherwise, 2 for a usage error, 130 when interrupted, 141 when the
report's reader goes away (`| head`). docs/runner.md says how cases are run and judged.
"""

import signal
import sys

STOPPED = []  # the stop signals received; appending takes no lock, unlike threading.Event
WRITING = []  # not empty while say() writes the report


def on_signal(signum, frame):
    """Only note the signal, for run_all; only a write of the report (it can stall) breaks off."""
    STOPPED.append(signum)
    if WRITING:
        del WRITING[:]
        raise KeyboardInterrupt


def catch_signals(handler=on_signal):
    """SIGINT, SIGTERM, SIGHUP and SIGQUIT stop the run; one ignored at the start stays ignored."""
    names = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")
    numbers = [getattr(signal, name) for name in names if hasattr(signal, name)]
    mask = getattr(signal, "pthread_sigmask", None)  # not on Windows
    before = mask(signal.SIG_BLOCK, numbers) if mask else None
    try:
        for number in numbers:
            if signal.getsignal(number) is not signal.SIG_IGN:
                signal.signal(number, handler)
    finally:
        if mask:
            mask(signal.SIG_SETMASK, before)


if __name__ == "__main__":  # before the imports below: a stop while they load is a stop too
    catch_signals()

import _socket
import argparse
import contextlib
import difflib
import itertools
import json
import math
import os
import re
import select
import shlex
import shutil
import stat
import subprocess
import tempfile
import threading
import time
from collections import Counter, namedtuple
from pathlib import Path, PurePath

MIB = 1024 * 1024
NEWLINE = b"\n"
STDERR_KEPT, STDERR_LINES = 64 * 1024, 10  # bytes of stderr kept, from the end; lines shown
DIFF_WINDOW = 8  # lines a side in the diff shown for WA/PE: at most 19 lines of diff
SHOWN_CHARS = 100  # longest line shown, in characters
SHORT_INPUT, SHORT_INPUT_LINES = 400, 10  # an input at most this long is shown with a failure
SPACE = b" \t\n\r\x0b\x0c"  # the whitespace bytes.split() splits on
ALL_SPACES = bytes.maketrans(SPACE, b" " * len(SPACE))
PASSING = ("AC", "--")
ERASE = "\r\x1b[K"  # to the line's start, and clear it: the status line goes
COLOURS = {"AC": "32", "PE": "33", "--": "2", "slow": "33"}  # anything else is red: "31"
BACKSTOP = 3  # a case is killed at this many times its CPU time limit in wall time
CEILING = 10, 3.0  # time waiting for a CPU is not counted, but the wall never passes 10 L + 3 s
MEMORY_BACKSTOP = 2  # and, where memory is read while it runs, at this many times its limit
GIVE_UP = 3.0  # seconds a new supervisor may take to say it runs, or one to end a case when asked
NO_START = "the case did not start"  # its error where the system gives no errno
LAUNCHER_START = 20.0  # seconds the launcher may take to start (python, on a busy machine)
TICK = 0.05  # seconds a case runs unwatched at most
USAGE_EVERY = 50, 0.01  # CPU and memory are read 50 times in a time limit, at most every 10 ms
PAUSED = 0.5  # seconds between two looks at a case past which the runner itself was not running
A_LINE = re.compile(rb"[^\n]*\n|[^\n]+")  # a line, with its newline if it has one; never empty
TOKEN = re.compile(rb"[^ ]*")  # a token, where tokens() has made every space one " "
INVALID_CHARACTER = re.compile(rb"[^\x20-\x7e\n\r\t]")  # for Jutge.org: not printable ASCII
NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
JUDGE_LINE = re.compile(r"^[ \t#/*]*Judge:[ \t]*(.*?)[ \t]*$", re.MULTILINE)
PROFILE_FIELDS = re.compile(
    r"([^;]*[^;\s])\s*;\s*" + NUMBER + r"\s*s\s*;\s*" + NUMBER + r"\s*MiB\s*;\s*([^;]*[^;\s])"
    r"(?:\s*;\s*([^;]*[^;\s])\s+" + NUMBER + r"\s*s)?"  # another language's limit
)
PYTHON_PROGRAM = r"(?i)(^|[\\/])(python|pypy|py)[\d.]*(\.exe)?$|\.py$"  # --command runs Python
HEADER_CHARS = 8192  # the Judge: line is looked for in the file's opening only
POSIX, WINDOWS, LINUX = os.name == "posix", os.name == "nt", sys.platform.startswith("linux")
WAIT4 = getattr(os, "wait4", None)  # measures a child; not on Windows
PORTABLE = os.environ.get("RUNNER_PORTABLE", "") not in ("", "0") or not (POSIX and WAIT4)

Case = namedtuple("Case", "problem name input expected judge")  # judge: a judge case
RUN_KEYS = "output stderr status wall cpu peak_mib timed_out overflowed memory_out judged_mib"
Run = namedtuple("Run", RUN_KEYS)
Run.__new__.__defaults__ = (False, None)  # memory_out; judged_mib: None is peak_mib itself
Result = namedtuple("Result", "case verdict wall cpu peak_mib slow details")
PROFILE_KEYS = "judge_name time_limit memory_limit comparison other_limit judge_command"
Profile = namedtuple("Profile", PROFILE_KEYS)
Profile.__new__.__defaults__ = (None, None)  # (language, seconds); (args, executable) or why not
DEFAULT_PROFILE = Profile(None, 2.0, 1024.0, "exact")
NAME_RULE = "a problem's name is 1 to 64 letters, digits, _ and -, opening with a letter or digit, "
NAME_RULE += "and not a name Windows reserves (CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9)"
NAME_PATTERN = re.compile(r"(?a)(?!(?i:con|prn|aux|nul|com[1-9]|lpt[1-9])$)[A-Za-z0-9][\w-]{0,63}")
JUDGE_PREFIX = "judge-"  # a case the judge's statement allows; every other case is ours
EXTENDED_NOTE = "extended case: the judge never sends this input (--judge-only leaves it out)"
SETTINGS_KEYS = "python command command_text workdir judge_only ole jobs json profiles sandbox"
Settings = namedtuple("Settings", SETTINGS_KEYS)  # all the command line decides, made once
Settings.__new__.__defaults__ = (None,)  # sandbox: bwrap's path with --sandbox, else None


class UsageError(Exception):
    """A problem with the command line or the folders it points at: exit status 2."""


class OutputClosed(Exception):
    """The report cannot be written: stdout is a pipe whose reader has gone (| head)."""


# Finding problems, cases, and each solution's `Judge:` header line
def natural_key(name):
    """Sort key putting sample-2 before sample-10 (ASCII digits only: a superscript is text)."""
    parts = re.split(r"([0-9]+)", name)
    return [(1, int(part), "") if index % 2 else (0, 0, part) for index, part in enumerate(parts)]


def unrunnable(root, name, command=False):
    if not command and not (root / "solutions" / (name + ".py")).is_file():
        return f"problem '{name}' has no solutions/{name}.py"
    folder = root / "testcases" / name
    if not folder.is_dir():
        return f"problem '{name}' has no testcases/{name}/ folder"
    if not any(folder.glob("*.in")):
        return f"problem '{name}' has no testcases in testcases/{name}/"


def find_problems(root, names, command=False):
    """The problems to judge (those named, else every runnable one), a warning for each skipped."""
    known = {path.stem for path in (root / "solutions").glob("[!_]*.py")}  # half added too
    known = sorted(known | {path.name for path in (root / "testcases").glob("*") if path.is_dir()})
    chosen = []
    for text in names:  # NAME, NAME.py, solutions/NAME.py or testcases/NAME/
        path = PurePath(text)
        name = path.stem if path.suffix == ".py" else path.name
        name = name if path.parent.name in ("", "solutions", "testcases") else text
        if name not in known:
            listed = ", ".join(known) if known else f"none under {root}"
            raise UsageError(f"unknown problem '{text}'; the problems are: {listed}")
        if reason := unrunnable(root, name, command):
            raise UsageError(reason)
        chosen.append(name)
    if names:
        return list(dict.fromkeys(chosen)), []
    reasons = {name: unrunnable(root, name) for name in known}
    chosen = [name for name in known if not reasons[name]]
    if not chosen:
        raise UsageError(f"no problem under {root} has both solutions/NAME.py and testcases")
    return chosen, [reasons[name] + ": skipped" for name in known if reasons[name]]


def find_cases(root, problem, keep, judge_only=False, cases="testcases"):
    """The cases of cases/NAME/ whose name has `keep`, in natural order; a warning per lone .out."""
    folder = root / cases / problem
    names = os.listdir(folder) if folder.is_dir() else []  # one listing: no stat per case
    there = {os.path.normcase(name): name for name in names}  # Windows: names match in any case
    inputs = {n[:-3]: n for key, n in there.items() if key.endswith(".in")}  # ".in": case ""
    lone = sorted(n for key, n in there.items() if key.endswith(".out") and n[:-4] not in inputs)
    where = f"{cases}/{problem}/"
    stray = [f"{where}{printable(n)} has no {printable(n[:-4])}.in beside it" for n in lone]
    found = []
    for name in sorted(inputs, key=natural_key):
        judge, out = name.startswith(JUDGE_PREFIX), inputs[name][:-3] + ".out"
        if keep in name and (judge or not judge_only):
            expected = folder / out if os.path.normcase(out) in there else None  # a link too
            found.append(Case(problem, name, folder / inputs[name], expected, judge))
    return found, stray


def open_regular(path):
    """path opened for reading if it is a regular file (a FIFO would hang the run), else OSError."""
    nonblocking = getattr(os, "O_NONBLOCK", 0)  # opening a FIFO must not wait for a writer
    fd = os.open(str(path), os.O_RDONLY | nonblocking)
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "Is a directory")
        raise OSError(f"{printable(path.name)} is not a regular file")
    if nonblocking:
        os.set_blocking(fd, True)
    return open(fd, "rb", buffering=0)  # unbuffered: fewer system calls


def read_regular(path):
    with open_regular(path) as file:
        return file.read()


def read_profile(root, problem):
    """(profile, None) from the solution's `Judge:` line, else (the defaults, a warning)."""
    path = f"solutions/{problem}.py"
    using = f"using {DEFAULT_PROFILE.time_limit:g} s, {DEFAULT_PROFILE.memory_limit:g} MiB, exact"
    try:
        with open(str(root / path), encoding="utf-8-sig", errors="replace") as file:  # a BOM
            line = JUDGE_LINE.search(file.read(HEADER_CHARS))
    except OSError as error:
        return DEFAULT_PROFILE, f"cannot read {path} ({error.strerror}): {using}"
    if not line:
        return DEFAULT_PROFILE, f"{path} has no '{JUDGE_FORMAT}' line: {using}"
    fields = PROFILE_FIELDS.fullmatch(line.group(1))
    numbers = [float(fields.group(at)) for at in (2, 3, 6) if fields.group(at)] if fields else []
    usable = fields and min(numbers) > 0 and all(map(math.isfinite, numbers))  # as --tle takes
    wrong = mode_error(fields.group(4)) if usable else None
    if not usable or wrong:
        text = f"cannot read 'Judge: {shorten(line.group(1))}'"
        text += f": {wrong}" if wrong else f", want '{JUDGE_FORMAT}'"
        return DEFAULT_PROFILE, f"{path}: {text}: {using}"
    other = (fields.group(5), float(fields.group(6))) if fields.group(5) else None
    mode = " ".join(fields.group(4).split(None, 1))
    return Profile(fields.group(1), numbers[0], numbers[1], mode, other), None


def problem_name_error(name):
    if NAME_PATTERN.fullmatch(name):
        return None
    return f"'{shorten(printable(name))}' cannot name a problem: {NAME_RULE}"


# Comparing: one table of comparators, used by the verdict and by its explanation
def crlf_as_lf(data):
    return data.replace(b"\r\n", b"\n")


as_jutge_reads = crlf_as_lf if WINDOWS else bytes  # Jutge.org: bytes as given; Windows' CRLF is LF


def loose_lines(data):
    text = b"\n".join(line.rstrip(b" \t") for line in crlf_as_lf(data).split(b"\n")).rstrip(b"\n")
    return text + b"\n" if text else b""  # every line ends in a newline, none blank at the end


def tokens(data):
    data = data.translate(ALL_SPACES)
    while b"  " in data:  # no list of millions of tokens: outputs can be 64 MiB
        data = data.replace(b"  ", b" ")
    return data.strip()


def equal_or_wrong(want, have):
    return "AC" if want == have else "WA"


def jutge_verdict(want, have):
    """As Jutge.org's standard checker: IC for a byte it refuses, PE for equal tokens."""
    if want == have:
        return "AC"
    if INVALID_CHARACTER.search(have):
        return "IC"
    return "PE" if tokens(want).upper() == tokens(have).upper() else "WA"


# normal: as compared; verdict: of two normal forms; lines: as a diff shows; by_token: by token
Comparator = namedtuple("Comparator", "normal verdict lines by_token")
COMPARATORS = {
    "exact": Comparator(crlf_as_lf, equal_or_wrong, crlf_as_lf, False),  # as `oj test`
    "jutge": Comparator(as_jutge_reads, jutge_verdict, as_jutge_reads, False),
    "tokens": Comparator(tokens, equal_or_wrong, crlf_as_lf, True),
    "loose": Comparator(loose_lines, equal_or_wrong, loose_lines, False),
}
JUDGE_FORMAT = "Judge: NAME; N s; M MiB; " + "|".join(COMPARATORS)
COMMAND_MODES = ("checker", "validator", "interactor")  # judged by a program: CMD follows
MODES = "|".join(COMPARATORS) + ", float EPS, " + " or ".join(m + " CMD" for m in COMMAND_MODES)
FLOAT_SLACK = 1e-15  # added to EPS, as testlib's doubleCompare does: 6.000001 is 1e-6 from 6
DECIMAL = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")  # a float token, never nan
WORD = re.compile(rb"[^ \t\n\r\x0b\x0c]+")  # a token, as bytes.split() finds them


def mode_error(mode):
    """None when mode is a judging mode (`exact`, `float 1e-6`, `checker CMD` ...), else why not."""
    kind, _, argument = mode.strip().partition(" ")  # argument: empty, or ends in no space
    if kind in COMPARATORS and not argument:
        return None
    if kind == "float":
        return eps_error(argument.strip())
    if kind in COMMAND_MODES:
        return None if argument else f"'{kind}' needs a command: '{kind} CMD'"
    return f"'{shorten(printable(mode))}' is no judging mode: want {MODES}"


def eps_error(text):
    with contextlib.suppress(ValueError):
        if 0 < float(text) < math.inf:
            return None
    return f"float wants a tolerance, a positive number such as 1e-6, not '{printable(text)}'"


def mode_kind(mode):
    return mode.partition(" ")[0]


def float_difference(expected, got, eps):
    """(number, expected, got, error) of the first tokens differing beyond eps, or None."""
    if tokens(expected) == tokens(got):
        return None
    pairs = itertools.zip_longest(WORD.finditer(expected), WORD.finditer(got))
    for number, (want, have) in enumerate(pairs, 1):
        want, have = want and want.group(), have and have.group()  # None: no more tokens
        numbers = want and have and DECIMAL.fullmatch(want) and DECIMAL.fullmatch(have)
        error = abs(float(have) - float(want)) if numbers else math.inf  # nan if both are inf
        scale = max(1.0, abs(float(want))) if numbers else math.inf  # absolute or relative
        if want != have and not (scale < math.inf and error <= (eps + FLOAT_SLACK) * scale):
            return number, want, have, error  # close: finite decimals within eps, as testlib
    return None


def compare(expected, got, mode):
    """AC or WA; under jutge also PE and IC. The other modes have no PE, as AtCoder has none."""
    if mode_kind(mode) == "float":
        return "WA" if float_difference(expected, got, float(mode.split()[1])) else "AC"
    comparator = COMPARATORS[mode]
    return comparator.verdict(comparator.normal(expected), comparator.normal(got))


# Judging a case, and explaining its verdict
def verdict_of(outcome, expected, profile):
    """The verdict from the limits first, then from the output; None: the checker's to say."""
    used = outcome.wall if outcome.cpu is None else outcome.cpu
    judged = outcome.peak_mib if outcome.judged_mib is None else outcome.judged_mib
    failures = (
        ("MLE", outcome.memory_out),
        ("TLE", outcome.timed_out or used > profile.time_limit),
        ("OLE", outcome.overflowed),
        ("MLE", judged is not None and judged > profile.memory_limit),
        ("RE", outcome.status != 0),
        ("--", expected is None),
    )
    first = next((verdict for verdict, failed in failures if failed), None)
    if first or mode_kind(profile.comparison) in COMMAND_MODES:
        return first  # None: the checker's to say
    return compare(expected, outcome.output, profile.comparison)


def judge_case(case, settings, running):
    """Run one case and judge it; a file too large for memory (ulimit -v) is that case's IE."""
    try:
        profile = settings.profiles[case.problem]
        command = settings.command or ([settings.python, f"solutions/{case.problem}.py"], None)
        command = sandboxed(settings.sandbox, command, settings.workdir, profile.memory_limit)
        try:  # the .out first: read before the case runs, whatever the case writes
            expected = read_regular(case.expected) if case.expected else None
        except OSError as error:
            reason = "could not read the .out: " + (error.strerror or str(error))
            return Result(case, "IE", 0.0, None, None, False, [reason])
        interactive = mode_kind(profile.comparison) == "interactor"
        try:
            limits = (profile.time_limit, profile.memory_limit, settings.ole * MIB)
            if interactive:
                run, judged = interact(case, command, expected, profile, limits, settings, running)
            else:
                run = execute(running, command, case.input, settings.workdir, limits)
            run = unsandboxed(settings.sandbox, run)
        except OSError as error:
            return Result(case, "IE", 0.0, None, None, False, [f"could not run: {error}"])
        verdict = None if interactive else verdict_of(run, expected, profile)
        if interactive:
            verdict, details = interactive_verdict(case, run, judged, profile, settings)
        elif verdict is None:
            verdict, details = check_output(case, run.output, expected, profile, settings, running)
        else:
            details = explain(verdict, case, run, expected, profile, settings)
        half = profile.time_limit / 2  # slow: over half the CPU limit, or half the wall backstop
        over = run.wall > (half if run.cpu is None else half * BACKSTOP)
        slow = verdict in PASSING and (over or (run.cpu or 0) > half)
        data = b""  # the input a failure came from, shown if short
        with contextlib.suppress(OSError):
            if verdict not in (*PASSING, "OLE") and case.input.stat().st_size <= SHORT_INPUT:
                data = read_regular(case.input)
        lines = data.decode("utf-8", "backslashreplace").splitlines()
        if 0 < len(lines) <= SHORT_INPUT_LINES:
            details += ["input:"] + ["  " + printable(line) for line in lines]
        if details and not case.judge:
            details.insert(0, EXTENDED_NOTE)
        return Result(case, verdict, run.wall, run.cpu, run.peak_mib, slow, details)
    except MemoryError:
        return Result(case, "IE", 0.0, None, None, False, ["out of memory: a file too large?"])


# A checker or an output validator: the program judging the output, by its exit code alone
CHECK_SECONDS = 10.0  # CPU seconds it may take (BACKSTOP times that in wall time), then IE
CHECK_LIMITS = (CHECK_SECONDS, 4096.0, MIB)  # and MiB of memory, and bytes of stdout
TESTLIB_CODES = ({0: "AC", 1: "WA", 2: "PE"}, "testlib's 0 AC, 1 WA, 2 PE; 3 is its own failure")
KATTIS_CODES = ({42: "AC", 43: "WA"}, "the Kattis protocol's 42 AC, 43 WA")
EXIT_CODES = {"checker": TESTLIB_CODES, "interactor": TESTLIB_CODES, "validator": KATTIS_CODES}
WAITING = "it and the interactor waited for each other: flush each line, and read every answer"


def tool_command(text, root, what):
    """A checker's CMD as (args, executable), a .py file run by this Python; else UsageError."""
    try:
        words = [word.strip('"') for word in shlex.split(text, posix=not WINDOWS)]
    except ValueError as error:
        raise UsageError(f"{what} {text}: {error}") from None
    if not words:
        raise UsageError(f"{what} needs a command")
    if words[0].endswith(".py"):
        path = Path(root, words[0])
        if not path.is_file():
            raise UsageError(f"{what} {text}: no file {words[0]} under {root}")
        return [sys.executable, str(path.resolve()), *words[1:]], sys.executable
    executable = find_program(words[0], root, f"{what} {text}")
    return [executable, *words[1:]], executable


def judge_command(profile, root):
    """The profile's checker as (args, executable), or why it cannot run, in one line."""
    if profile.judge_command is not None:
        return profile.judge_command
    kind, _, text = profile.comparison.partition(" ")
    try:
        return tool_command(text, root, f"{profile.judge_name or 'the Judge: line'}'s {kind}")
    except UsageError as error:
        return str(error)


def check_output(case, output, expected, profile, settings, running):
    kind, command = mode_kind(profile.comparison), judge_command(profile, settings.workdir)
    if isinstance(command, str):
        return "IE", [command]
    with tempfile.TemporaryDirectory(prefix="runner-") as folder:
        Path(folder, "output").write_bytes(output)
        Path(folder, "answer").write_bytes(expected)
        names = ("output", "answer") if kind == "checker" else ("answer", "")  # "": FEEDBACK/
        paths = [os.path.abspath(str(case.input))] + [os.path.join(folder, n) for n in names]
        try:  # the output on its stdin: a validator reads it there
            run = execute(running, ([*command[0], *paths], command[1]), Path(folder, "output"),
                          settings.workdir, CHECK_LIMITS)  # fmt: skip
        except OSError as error:
            return "IE", [f"could not run the {kind}: {error.strerror or error}"]
        message = run.stderr.strip() or run.output.strip()
        if kind == "validator":
            judged = Path(folder, "judgemessage.txt")
            with contextlib.suppress(OSError), open_regular(judged) as file:
                message = file.read(4096).strip() or message  # its first 4 KiB
    return checker_verdict(kind, run, message)


def checker_verdict(kind, run, message):
    text = message.decode("utf-8", "backslashreplace").splitlines()[-STDERR_LINES:]
    lines = [f"{kind}: " + shorten(printable(line)) for line in text]
    if run.timed_out or run.memory_out or run.overflowed:
        what = f"{CHECK_SECONDS:g} s of CPU time ({CHECK_SECONDS * BACKSTOP:g} s of wall time)"
        if not run.timed_out:
            what = f"{CHECK_LIMITS[1]:g} MiB" if run.memory_out else "1 MiB of output"
        return "IE", [f"the {kind} failed: it passed {what}, and was killed", *lines]
    codes, meaning = EXIT_CODES[kind]
    verdict = codes.get(run.status, "IE")
    if run.status == 1 and b"Traceback (most recent call last):" in run.stderr:  # a crash, not WA
        verdict, meaning = "IE", "a verdict: Python's traceback says it crashed"
    if verdict == "IE":
        lines.insert(0, f"the {kind} failed: {exit_description(run.status)}, not {meaning}")
    return verdict, lines if verdict != "AC" else []


def interact(case, command, expected, profile, limits, settings, running):
    """The Runs of the program and its interactor (CMD INPUT OUTPUT ANSWER), piped together."""
    judge, cwd = judge_command(profile, settings.workdir), settings.workdir
    if isinstance(judge, str):
        raise OSError(judge)
    with tempfile.TemporaryDirectory(prefix="runner-") as folder:
        output, answer = os.path.join(folder, "output"), os.path.join(folder, "answer")
        Path(answer).write_bytes(expected or b"")
        judge = ([*judge[0], os.path.abspath(str(case.input)), output, answer], judge[1])
        to_program, to_judge, started = os.pipe(), os.pipe(), None  # (read end, write end) each
        try:
            try:
                started = running.start(judge, to_judge[0], cwd, MIB, to_program[1])
                program = running.start(command, to_program[0], cwd, limits[2], to_judge[1])
            finally:  # the runner's copies: each end is the two processes' alone
                for fd in (*to_program, *to_judge):
                    os.close(fd)
            outcome = watch(running, *program, limits)
        except BaseException:  # the program never started, or the run stops: no use waiting
            if started:
                running.kill(started[0])
            raise
        finally:  # the interactor is watched, killed and reaped whatever the program did
            judged = started and watch(running, *started, CHECK_LIMITS)
    return outcome, judged


def interactive_verdict(case, outcome, judged, profile, settings):
    """The interactor's verdict, unless the program passed a limit or failed after an AC."""
    verdict, details = checker_verdict("interactor", judged, judged.stderr.strip())
    program = verdict_of(outcome, b"", profile._replace(comparison="exact"))
    if "IE" in (verdict, program) or program == "AC" or (verdict != "AC" and program == "RE"):
        return verdict, details
    details = explain(program, case, outcome, b"", profile, settings)
    if program == "TLE" and (outcome.cpu or 0) <= profile.time_limit:
        details.append(WAITING)
    return program, details


def explain(verdict, case, outcome, expected, profile, settings):
    limit, cpu, data = profile.time_limit, outcome.cpu, outcome.output
    if verdict == "TLE" and cpu is None:
        return [f"killed after {limit:g} s of wall time (CPU time is not measured here)"]
    if verdict == "TLE" and cpu > limit:
        return [f"CPU time {cpu:.2f} s, over the {limit:g} s limit"]
    if verdict == "TLE":  # on Linux, time waiting for a CPU is not counted: not a busy machine
        busy = "" if LINUX else " or the machine is busy"
        text = f"wall time passed the {limit * BACKSTOP:g} s backstop ({BACKSTOP}x the limit) with "
        return [text + f"only {cpu:.2f} s of CPU: it waits (on input, a sleep, a child){busy}"]
    if verdict == "OLE":
        return [f"output passed {settings.ole:g} MiB: stopped reading and killed it"]
    if verdict == "MLE":
        text = f"peak memory {outcome.peak_mib:.1f} MiB, over the {profile.memory_limit:g} MiB"
        stopped = f": stopped when it passed {MEMORY_BACKSTOP}x the limit"
        return [text + " limit" + (stopped if outcome.memory_out else "")]
    if verdict == "RE":
        lines = outcome.stderr.decode("utf-8", "backslashreplace").splitlines()[-STDERR_LINES:]
        tail = ["stderr, last lines:"] + ["  " + shorten(printable(line)) for line in lines]
        return [exit_description(outcome.status), *(tail if lines else ["(nothing on stderr)"])]
    if verdict == "IC":
        at = INVALID_CHARACTER.search(data).start()
        where = f"line {data.count(NEWLINE, 0, at) + 1}, column {at - data.rfind(NEWLINE, 0, at)}"
        text = f"invalid character: byte {data[at]:#04x} at {where}; Jutge.org accepts "
        return [text + "printable ASCII, newline, CR and tab only"]
    if verdict in ("WA", "PE"):
        return mismatch(verdict, data, expected, profile.comparison)
    return []


def exit_description(code):
    if code < 0:
        names = {number.value: f" ({number.name})" for number in signal.Signals}
        return f"killed by signal {-code}{names.get(-code, '')}"
    if code > 0xFFFF:  # a Windows status such as 0xC00000FD, a stack overflow
        return f"exit status {code} ({code:#010x})"
    return f"exit status {code}"


def mismatch(verdict, got, expected, mode):
    """How near the output is, its first difference and a short diff, found in bytes (64 MiB)."""
    if mode_kind(mode) == "float":
        eps = mode.split()[1]
        number, want, have, error = float_difference(expected, got, float(eps))
        how = f": error {error:.3g}, over {eps} absolute and relative" if error < math.inf else ""
        return [f"first difference at token {number}{how}", *difference(shown_tokens((want, have)))]
    details = []
    if verdict == "PE":
        same = "equal once runs of whitespace are one space, the ends trimmed"
        details.append(f"presentation error: {same} and letters upper-cased")
    elif expected.translate(None, SPACE) == got.translate(None, SPACE):
        details.append("only whitespace differs, and this judge counts that as a wrong answer")
    elif tokens(expected).upper() == tokens(got).upper():
        details.append("only letter case or whitespace differs: Jutge.org would say PE")
    comparator = COMPARATORS[mode]
    want, have = comparator.lines(expected), comparator.lines(got)
    start = line_start(want, common_prefix(want, have))
    if comparator.by_token:
        want_tokens, have_tokens = comparator.normal(expected), comparator.normal(got)
        at = want_tokens.rfind(b" ", 0, common_prefix(want_tokens, have_tokens)) + 1
        where = f"token {want_tokens.count(b' ', 0, at) + 1}"
        shown = shown_tokens(TOKEN.match(data, at).group() for data in (want_tokens, have_tokens))
    else:
        where = f"line {want.count(NEWLINE, 0, start) + 1}"
        shown = [visible(lines_from(data, start, 1)) for data in (want, have)]
    details += ["first difference at " + where, *difference(shown)]
    if any(data.find(NEWLINE, 0, len(data) - 1) >= 0 for data in (want, have)):  # many lines
        details += unified_diff(want, have, line_start(want, start, back=2))
    return details


def shown_tokens(pair):
    texts = [token.decode("utf-8", "backslashreplace") if token else "" for token in pair]
    return [shorten(printable(text)) or "(no more tokens)" for text in texts]


def difference(shown):
    return ["  expected: " + shown[0], "  got:      " + shown[1]]


def common_prefix(a, b):
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
        start = data.rfind(NEWLINE, 0, max(start - 1, 0)) + 1
    return start


def lines_from(data, start, count):
    return [line.group() for line, _ in zip(A_LINE.finditer(data, start), range(count))]


def visible(lines):
    """The first of lines of output, its whitespace made visible and its newline said in words."""
    if not lines:
        return "(end of output)"
    text = lines[0].rstrip(b"\n").decode("utf-8", "backslashreplace")
    shown = printable(shorten(text.replace(" ", "·").replace("\t", "→")))
    return shown + ("" if lines[0].endswith(b"\n") else "  (no final newline)")


def shorten(text):
    extra = len(text) - SHOWN_CHARS
    return text[:SHOWN_CHARS] + (f"... ({extra} more characters)" if extra > 0 else "")


def printable(text):
    """text with every character a terminal would act on (ESC, NUL, a newline) escaped."""
    if text.isprintable():  # most names: nothing to build
        return text
    return "".join(ch if ch.isprintable() or ch == "\t" else ascii(ch)[1:-1] for ch in text)


def unified_diff(want, have, start):
    """A unified diff of DIFF_WINDOW lines a side from offset start, where both still agree."""
    before = want.count(NEWLINE, 0, start)
    old, new = lines_from(want, start, DIFF_WINDOW), lines_from(have, start, DIFF_WINDOW)
    shown = [visible([line]) for line in old], [visible([line]) for line in new]
    diff = difflib.unified_diff(*shown, "expected", "got", n=2, lineterm="")
    lines = [shift_hunk(line, before) if line.startswith("@@") else line for line in diff]
    if start + len(b"".join(old)) < len(want) or start + len(b"".join(new)) < len(have):
        lines.append(f"... (cut after line {before + DIFF_WINDOW})")
    return ["diff:"] + ["  " + line for line in lines]


def shift_hunk(header, offset):
    """Renumber a hunk header made from a window that starts after `offset` lines."""
    return re.sub(r"([-+])(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + offset), header)


# Running one case: a Tree per platform, and a reader of its output (poll or threads).


class PollReader:
    """Both pipes read with poll() in the case's own thread (POSIX)."""

    def __init__(self, pipes, output_cap):
        self.output, self.errors = bytearray(), bytearray()
        self.poll, self.buffers = select.poll(), {}  # fd: the buffer it fills, while it is open
        for pipe, buffer in zip(pipes, (self.output, self.errors)):
            if pipe is not None:  # stdout is None when it goes elsewhere than to the runner
                self.poll.register(pipe.fileno(), select.POLLIN)
                self.buffers[pipe.fileno()] = buffer

    def reading(self):
        return bool(self.buffers)

    def read(self, timeout):
        for fd, _ in self.poll.poll(timeout * 1000):
            chunk = os.read(fd, 65536)
            self.buffers[fd].extend(chunk)
            if not chunk:
                self.poll.unregister(fd)
                del self.buffers[fd]
        del self.errors[:-STDERR_KEPT]

    def close(self, pipes):
        for pipe in filter(None, pipes):  # stdout is None when it goes elsewhere
            pipe.close()


class ThreadReader:
    """Each pipe read by a thread of its own, on every platform."""

    def __init__(self, pipes, output_cap):
        self.output, self.errors = bytearray(), bytearray()
        self.woken = threading.Event()
        work = (pipes.stdout, self.output, output_cap), (pipes.stderr, self.errors, None)
        self.threads = [threading.Thread(target=self.pump, args=w, daemon=True) for w in work]
        for thread in self.threads:
            thread.start()

    def pump(self, pipe, buffer, cap):
        """Read one pipe to its end, or until cap bytes; of stderr keep only the end."""
        with contextlib.suppress(OSError, ValueError, AttributeError):  # closed, or None
            for chunk in iter(lambda: os.read(pipe.fileno(), 65536), b""):
                buffer.extend(chunk)
                if cap is None:
                    del buffer[:-STDERR_KEPT]
                elif len(buffer) > cap:
                    break
        self.woken.set()

    def reading(self):
        return any(thread.is_alive() for thread in self.threads)

    def read(self, timeout):
        self.woken.wait(timeout)
        self.woken.clear()

    def close(self, pipes):
        for thread, pipe in zip(self.threads, pipes):
            thread.join(1.0)
            if pipe is not None and not thread.is_alive():  # else a process outside the tree
                pipe.close()  # holds it: leave it


def peak_of(usage):
    return usage.ru_maxrss / (MIB if sys.platform == "darwin" else 1024)


Pipes = namedtuple("Pipes", "stdout stderr")  # the runner's ends, binary files; stdout maybe None


class Tree:
    """A case's process tree, started, watched, killed, measured and reaped; see tree_kind().
    Each kind has these methods. This one, PlainTree, knows the exit code alone."""

    measures = False  # whether CPU time and memory are known
    queued = 0.0  # seconds the case waited for a CPU, where the kernel says (Linux)

    def __init__(self, command, stdin, cwd, stdout=None):
        """Start (args, executable) in cwd on fds stdin and stdout (None: a pipe); sets pipes."""
        args, executable = command
        self.child = subprocess.Popen(
            args, executable=executable, stdin=stdin, cwd=cwd, start_new_session=POSIX,
            stdout=subprocess.PIPE if stdout is None else stdout, stderr=subprocess.PIPE,
        )  # fmt: skip
        self.pipes = Pipes(self.child.stdout, self.child.stderr)

    @classmethod
    def ready(cls):
        """The kind that starts the next case: this one, or another where it cannot work."""
        return cls

    @classmethod
    def end_run(cls):
        """Once no case runs: end what the run kept for its cases."""

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
        """(exit code, CPU seconds, peak MiB, the peak MiB judged), once killed; an OSError if the
        case never started."""
        return self.child.wait(), None, None, None


PlainTree = Tree  # no os.wait4, no Job Object: the exit code alone is known


class PosixTree(PlainTree):
    """POSIX with os.wait4, which measures the case; its process group is killed."""

    measures, result = True, None  # result: (exit code, CPU seconds, peak MiB) once reaped

    def __init__(self, command, stdin, cwd, stdout=None):
        import resource

        super().__init__(command, stdin, cwd, stdout)
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


class WindowsTree(PlainTree):
    """Windows: a Job Object kills and measures the tree; with none, taskkill /T /F kills it."""

    KILL_ON_JOB_CLOSE, ACCOUNTING, EXTENDED_LIMITS = 0x2000, 1, 9  # winnt.h's values

    def __init__(self, command, stdin, cwd, stdout=None):
        super().__init__(command, stdin, cwd, stdout)
        self.job = None
        with contextlib.suppress(OSError, AttributeError):  # no Job Object: taskkill kills the tree
            self.job = self.make_job()
        self.measures = self.job is not None

    def make_job(self):
        """A Job Object holding the child, or None where Windows refuses one."""
        import ctypes

        self.ctypes, self.structures = ctypes, job_structures(ctypes)
        self.api = api = ctypes.WinDLL("kernel32", use_last_error=True)
        api.CreateJobObjectW.restype = ctypes.c_void_p  # handles stay c_void_p: 64 bits
        job = ctypes.c_void_p(api.CreateJobObjectW(None, None))
        limits = self.structures[1](LimitFlags=self.KILL_ON_JOB_CLOSE)
        where, size = ctypes.byref(limits), ctypes.sizeof(limits)
        limited = job.value and api.SetInformationJobObject(job, self.EXTENDED_LIMITS, where, size)
        if limited and api.AssignProcessToJobObject(job, ctypes.c_void_p(int(self.child._handle))):
            return job
        if job.value:
            api.CloseHandle(job)
        return None

    def usage_now(self, wait=TICK):
        if not self.job:
            return None, None
        accounting, limits = (structure() for structure in self.structures)
        for kind, data in ((self.ACCOUNTING, accounting), (self.EXTENDED_LIMITS, limits)):
            size, where = self.ctypes.sizeof(data), self.ctypes.byref(data)
            if not self.api.QueryInformationJobObject(self.job, kind, where, size, None):
                return None, None
        cpu = (accounting.TotalUserTime + accounting.TotalKernelTime) / 1e7  # 100 ns units
        return cpu, limits.PeakProcessMemoryUsed / MIB

    def kill(self):
        if self.job:
            self.api.TerminateJobObject(self.job, 1)
            return
        if self.child.poll() is None:
            with contextlib.suppress(OSError):
                command = ["taskkill", "/T", "/F", "/PID", str(self.child.pid)]
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with contextlib.suppress(OSError):
            super().kill()

    def finish(self):
        code, (cpu, peak) = self.child.wait(), self.usage_now()
        if self.job:
            self.api.CloseHandle(self.job)
        return code, cpu, peak, peak


def job_structures(ctypes):
    """winnt.h's JOBOBJECT_BASIC_ACCOUNTING_INFORMATION and JOBOBJECT_EXTENDED_LIMIT_INFORMATION."""
    kinds = {"q": ctypes.c_int64, "L": ctypes.c_uint32, "N": ctypes.c_size_t}
    kinds["IO"] = ctypes.c_uint64 * 6  # IO_COUNTERS

    def structure(name, layout):
        fields = [field.split(":") for field in layout.split()]
        return type(name, (ctypes.Structure,), {"_fields_": [(f, kinds[k]) for f, k in fields]})

    accounting = """TotalUserTime:q TotalKernelTime:q ThisPeriodTotalUserTime:q
        ThisPeriodTotalKernelTime:q TotalPageFaultCount:L TotalProcesses:L ActiveProcesses:L
        TotalTerminatedProcesses:L"""
    limits = """PerProcessUserTimeLimit:q PerJobUserTimeLimit:q LimitFlags:L MinimumWorkingSetSize:N
        MaximumWorkingSetSize:N ActiveProcessLimit:L Affinity:N PriorityClass:L SchedulingClass:L
        IoInfo:IO ProcessMemoryLimit:N JobMemoryLimit:N PeakProcessMemoryUsed:N
        PeakJobMemoryUsed:N"""
    return structure("Accounting", accounting), structure("ExtendedLimits", limits)


# Linux: a launcher (a fresh `python -S -I` running the functions from become_subreaper to
# launcher_main) forks one supervisor per case running at once; docs/platforms.md says why.
# Each message is one ASCII datagram on a SOCK_SEQPACKET pair: "control" joins the runner (R)
# and the launcher (L), a supervisor's own "report" joins R and it (S). Fds go as SCM_RIGHTS.
#
# | from | to | message                  | meaning                                          |
# |------|----|--------------------------|--------------------------------------------------|
# | L    | R  | `ready`                  | it runs                                          |
# | R    | L  | `supervisor`, 1 fd       | fork a supervisor whose "report" is the fd       |
# | R    | L  | end of file              | the run is over: kill, exit                      |
# | S    | R  | `PID`                    | it runs; PID: its own (first, once)              |
# | R    | S  | `EXE\0CWD\0ARGS`, 3 fds  | start a case with them as stdin, stdout, stderr  |
# | S    | R  | `E CPU PEAK CODE QUEUED` | no start; CODE: errno (no reply to a start)      |
# | R    | S  | `?`                      | the figures so far, please                       |
# | S    | R  | `R CPU PEAK CODE QUEUED` | the figures so far; sent unasked too at its exit |
# | R    | S  | `k`                      | kill the tree now                                |
# | S    | R  | `F CPU PEAK CODE QUEUED` | the tree is reaped: ready for the next case      |
# | R    | S  | end of file              | kill the tree, exit                              |
# CPU: seconds, of the tree. PEAK: MiB. CODE: the main process's exit code, negative for a
# signal, `-` while it runs. QUEUED: the longest wait for a CPU. ARGS: each ends in \0 but the last.

# The launcher's program: from here to its end below, sent as it is written.
CLOEXEC = getattr(_socket, "MSG_CMSG_CLOEXEC", 0x40000000)  # Linux's value; PyPy has no name


def become_subreaper():
    """Orphans of this process's descendants become its children (Linux's prctl 36)."""
    import ctypes

    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)


def children(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as ids:
                found += [int(word) for word in ids.read().split()]
    except OSError:
        pass
    return found


def descendants(roots=None):
    found = children(os.getpid()) if roots is None else roots
    for pid in found:  # the list grows as the walk goes down
        found += children(pid)
    return found


def strays(supervisors):
    """This process's descendants outside the supervisors' trees: a killed one's orphans."""
    return descendants(list(set(children(os.getpid())) - supervisors))


def stop_and_kill(found=descendants, reap=lambda: []):
    stopped = set()
    while True:  # stopped, a process cannot fork: walk again until no new one is found
        stopped -= set(reap())  # the ended: a chain that forks on leaves no zombies to walk
        new = set(found()) - stopped
        if not new:
            break
        send_signal(new, signal.SIGSTOP)
        stopped |= new
    send_signal(stopped, signal.SIGKILL)


def send_signal(pids, number):
    for pid in pids:
        try:  # noqa: SIM105 (the launcher imports no more than it needs)
            os.kill(pid, number)
        except OSError:  # gone already
            pass


def reap_any(block=False, measure=lambda pid, status, usage: None):
    """Reap and measure the ended children: (their pids, whether a child is left)."""
    reaped = []
    while True:
        try:
            pid, status, usage = os.wait4(-1, 0 if block else os.WNOHANG)
        except ChildProcessError:
            return reaped, False
        if not pid:
            return reaped, True
        reaped.append(pid)
        measure(pid, status, usage)


def ignores_children(pid):
    """Whether pid ignores SIGCHLD: then the kernel reaps its children, unmeasured."""
    try:
        with open(f"/proc/{pid}/status", "rb") as status:
            for line in status:
                if line.startswith(b"SigIgn:"):
                    return bool(int(line.split()[1], 16) >> (signal.SIGCHLD - 1) & 1)
    except (OSError, ValueError):
        pass
    return False


def spawn(executable, args, fds, environment):
    """The pid of a case in a session of its own, fds its 0, 1 and 2, SIGPIPE and SIGXFSZ as
    Popen leaves them: by posix_spawn (no copy of this process), or Popen where os has none."""
    if hasattr(os, "posix_spawn"):  # not on PyPy
        actions = [(os.POSIX_SPAWN_DUP2, fd, target) for target, fd in enumerate(fds)]
        return os.posix_spawn(executable, args, environment, file_actions=actions, setsid=True,
                              setsigdef=(signal.SIGPIPE, signal.SIGXFSZ))  # fmt: skip
    import subprocess

    case = subprocess.Popen(args, executable=executable, stdin=fds[0], stdout=fds[1],
                            stderr=fds[2], start_new_session=True)  # fmt: skip
    case.returncode = 0  # reaped by the supervisor's wait4, not by Popen
    return case.pid


class Supervisor:
    def __init__(self, channel):
        self.channel, self.environment = channel, dict(os.environb)  # os.environ costs 0.5 ms
        self.ticks, self.page_mib = os.sysconf("SC_CLK_TCK"), os.sysconf("SC_PAGE_SIZE") / 2**20
        self.woken, wake = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)  # a byte per signal: child ended
        signal.set_wakeup_fd(wake)
        signal.signal(signal.SIGCHLD, lambda *_: None)

    def serve(self):
        become_subreaper()
        self.channel.send(b"%d" % os.getpid())  # the runner kills it by this pid, if it must
        while True:
            text, data, _, _ = self.channel.recvmsg(65536, _socket.CMSG_LEN(12), CLOEXEC)
            if not text:
                return
            if not data:  # a `k` or `?` sent as the case ended by itself: nothing to do
                continue
            fds = [int.from_bytes(data[0][2][at : at + 4], sys.byteorder) for at in (0, 4, 8)]
            executable, cwd, *args = text.split(b"\0")
            self.code, self.told, self.seen, self.reaped = None, False, {}, set()
            self.cpu = self.live = self.peak = self.queued = self.lost = 0.0  # lost: in ticks
            if self.start(fds, executable, cwd, args) and not self.run():
                return

    def start(self, fds, executable, cwd, args):
        """Start the case; if it cannot start, report `E` with the errno (else say nothing)."""
        try:
            os.chdir(cwd)
            self.main = spawn(executable, args, fds, self.environment)
        except OSError as problem:
            self.code = problem.errno or 0
            self.report(b"E")
        for fd in fds:  # the reader sees the end of output when the tree closes it
            os.close(fd)
        return self.code is None

    def measure(self, pid, status, usage):
        self.reaped.add(pid)
        self.cpu += usage.ru_utime + usage.ru_stime
        self.peak = max(self.peak, usage.ru_maxrss / 1024)
        if pid == self.main:
            self.code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)

    def sample(self):
        resident, seen = 0, {}
        for pid in descendants():
            try:
                with open(f"/proc/{pid}/stat", "rb") as stat_file:
                    fields = stat_file.read().rsplit(b")", 1)[1].split()
                resident += int(fields[21])
                seen[pid] = int(fields[1]), sum(map(int, fields[11:15]))  # parent, ticks
                with open(f"/proc/{pid}/schedstat", "rb") as schedstat:  # ready, no CPU
                    self.queued = max(self.queued, int(schedstat.read().split()[1]) / 1e9)
            except (OSError, IndexError, ValueError):
                pass
        for pid, (parent, ticks) in self.seen.items():  # gone: reaped by us, its parent or
            if pid not in seen and pid not in self.reaped and ignores_children(parent):
                self.lost += ticks  # the kernel, whose reaping no wait4 measures: its last sample
        self.seen, self.reaped = seen, set()
        self.peak = max(self.peak, resident * self.page_mib)
        self.live = self.cpu + (self.lost + sum(ticks for _, ticks in seen.values())) / self.ticks

    def report(self, kind):
        cpu = self.cpu + self.lost / self.ticks
        cpu = cpu if kind == b"F" else max(cpu, self.live)
        code = b"-" if self.code is None else b"%d" % self.code
        self.channel.send(b"%s %.6f %.3f %s %.6f" % (kind, cpu, self.peak, code, self.queued))

    def run(self):
        self.sampled = time.monotonic()  # samples 10 ms apart at least: a short case has none
        while True:
            ready = select.select([self.channel, self.woken], [], [], 0.03)[0]  # a sample: 30 ms
            if self.woken in ready:
                os.read(self.woken, 512)
            left = reap_any(measure=self.measure)[1]
            if self.code is not None and not self.told:  # it exited: said at once
                if not left:  # and left nothing (orphans are this process's): the case is over
                    self.report(b"F")
                    return True
                self.report(b"R")
                self.told = True
            if time.monotonic() - self.sampled >= 0.01:
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
        return bool(asked)  # whether to serve another case


def launch(control, data):
    fd = int.from_bytes(data[0][2][:4], sys.byteorder)  # close-on-exec: no case holds it
    pid = os.fork()
    if pid == 0:
        control.close()
        try:
            Supervisor(_socket.socket(fileno=fd)).serve()
        finally:
            os._exit(0)
    os.close(fd)
    return pid


def launcher_main(fd):
    control = _socket.socket(fileno=fd)
    become_subreaper()  # where a supervisor's orphans go, if one is killed: killed
    control.send(b"ready")
    supervisors = set()
    while True:  # a case to start, or half a second gone: what a killed supervisor left is killed
        if select.select([control], [], [], 0.5)[0]:
            text, data, _, _ = control.recvmsg(64, _socket.CMSG_LEN(4), CLOEXEC)
            if not text:
                break
            supervisors.add(launch(control, data))
        reap_any()
        supervisors &= set(children(os.getpid()))
        stop_and_kill(lambda known=supervisors: strays(known), lambda: reap_any()[0])
    # The runner is gone: the supervisors first, so that we reap their cases as the walk goes.
    send_signal(supervisors & set(children(os.getpid())), signal.SIGKILL)
    while children(os.getpid()):
        stop_and_kill(reap=lambda: reap_any()[0])
        select.select([], [], [], 0.01)
    reap_any()


# The end of the launcher's program.


def launcher_source():
    """The launcher's program for `python -S -I -c`: this file's text between its markers."""
    with open(__file__, encoding="utf-8") as file:
        text = file.read()
    begin = text.index("\n# The launcher's program: from here")
    end = text.index("\n# The end of the launcher's program.")
    imports = "import _socket, _signal as signal, os, select, sys, time"  # _signal: no slow enum
    return f"{imports}\n{text[begin:end]}\nlauncher_main(int(sys.argv[1]))\n"


def start_launcher():
    """A launcher, as (its process, the runner's end of control), or None where none starts."""
    mine, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)
    command = [sys.executable, "-S", "-I", "-c", launcher_source(), str(theirs.fileno())]
    quiet = dict.fromkeys(("stdin", "stdout", "stderr"), subprocess.DEVNULL)
    try:  # a session of its own: Ctrl-C in a terminal reaches the runner alone
        process = subprocess.Popen(command, pass_fds=[theirs.fileno()], start_new_session=True,
                                   **quiet)  # fmt: skip
    except OSError:
        return None
    finally:
        theirs.close()
    mine.settimeout(LAUNCHER_START)
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


def sweep_strays(keep):
    """Stop, kill and reap the runner's descendants outside the trees of its children in keep."""

    def reap():
        reaped = []
        for pid in set(children(os.getpid())) - keep:
            with contextlib.suppress(ChildProcessError):
                reaped += [pid] if os.waitpid(pid, os.WNOHANG)[0] else []
        return reaped

    stop_and_kill(lambda: strays(keep), reap)
    deadline = time.monotonic() + GIVE_UP  # the killed children go, each reaped
    while set(children(os.getpid())) - keep and time.monotonic() < deadline:
        reap()
        time.sleep(0.001)


def send_with(channel, text, fds):
    rights = b"".join(fd.to_bytes(4, sys.byteorder) for fd in fds)
    channel.sendmsg([text], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, rights)])


class Reported(namedtuple("Reported", "kind cpu peak code queued")):
    @classmethod
    def parse(cls, message):
        kind, cpu, peak, code, queued = message.decode("ascii").split()
        if kind not in ("R", "F", "E"):
            raise ValueError(f"not a report: {message!r}")
        return cls(kind, float(cpu), float(peak), None if code == "-" else int(code), float(queued))


class LinuxTree(Tree):
    """Linux: the case started, measured, killed and reaped by a supervisor (see the launcher)."""

    measures, launcher, lock = True, None, threading.Lock()  # launcher: False once it failed
    supervisors, idle = frozenset(), ()  # the pids of those at work; (socket, pid) of the rest

    @classmethod
    def usable(cls):
        return bool(sys.executable) and os.path.exists(f"/proc/self/task/{os.getpid()}/children")

    @classmethod
    def ready(cls):
        with cls.lock:
            if cls.launcher is None:
                with contextlib.suppress(OSError, AttributeError):  # AttributeError: no prctl
                    become_subreaper()
                cls.launcher = start_launcher() or False
        return cls if cls.launcher else PosixTree

    @classmethod
    def end_run(cls):
        with cls.lock:
            for channel, _ in cls.idle:
                channel.close()  # the supervisor ends
            LinuxTree.idle = ()
            if cls.launcher:
                end_launcher(*cls.launcher)
                sweep_strays(set())
            cls.launcher = None

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
        said = mine.recv(16) if select.select([mine], [], [], GIVE_UP)[0] else b""
        if not said.isdigit():
            mine.close()
            raise OSError(0, NO_START)
        return mine, int(said)

    def __init__(self, command, stdin, cwd, stdout=None):
        args, executable = command
        text = b"\0".join(os.fsencode(word) for word in [executable or args[0], cwd, *args])
        err, err_end = os.pipe()
        out, out_end = os.pipe() if stdout is None else (None, stdout)
        out_file = None if out is None else open(out, "rb", buffering=0)  # noqa: SIM115
        self.pipes = Pipes(out_file, open(err, "rb", buffering=0))  # noqa: SIM115 (the reader)
        try:
            for tries in (1, 2):  # an idle supervisor a case has killed: a new one
                self.socket, self.pid = self.supervisor()
                try:
                    send_with(self.socket, text, [stdin, out_end, err_end])
                    break
                except OSError:
                    self.socket.close()
                    if tries == 2:
                        raise
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
            send_signal([self.pid], signal.SIGKILL)
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


def tree_kind():
    if WINDOWS:
        return WindowsTree
    if not WAIT4:
        return PlainTree
    return LinuxTree if LINUX and LinuxTree.usable() else PosixTree


class Running:
    """Every running case, so that an interruption can kill them all."""

    def __init__(self, tree, reader):
        self.tree, self.reader = tree, reader
        self.lock, self.trees, self.stopped = threading.Lock(), set(), False
        self.tick = lambda: None  # called as a case is watched (run_all sets it for -j 1)

    def start(self, command, stdin, cwd, output_cap, stdout=None):
        with self.lock:
            if self.stopped:
                raise KeyboardInterrupt  # no case starts once the run is stopped
            case_tree = self.tree.ready()(command, stdin, cwd, stdout)
            self.trees.add(case_tree)
        return case_tree, self.reader(case_tree.pipes, output_cap)

    def kill(self, case_tree):
        with self.lock:
            self.trees.discard(case_tree)
            case_tree.kill()

    def kill_all(self):
        with self.lock:
            self.stopped = True
            for case_tree in self.trees:
                case_tree.kill()


class CaseClock:
    """Seconds since a case started, less any gap over PAUSED between looks (runner stopped)."""

    def __init__(self):
        self.start = self.last = time.monotonic()

    def now(self):
        now = time.monotonic()
        if now - self.last > PAUSED:
            self.start += now - self.last - TICK
        self.last = now
        return now - self.start


def execute(running, command, input_path, cwd, limits):
    """Run command, (args, executable), on input_path under limits (time, memory, output)."""
    with open_regular(input_path) as stdin:
        started = running.start(command, stdin.fileno(), cwd, limits[2])
    return watch(running, *started, limits)


def watch(running, case_tree, reader, limits):
    """A started case watched until it ends or passes a limit, then killed and reaped: its Run."""
    time_limit, memory_limit, output_cap = limits
    deadline = time_limit * BACKSTOP if case_tree.measures else time_limit
    most = time_limit * CEILING[0] + CEILING[1] - deadline  # of the time it waited for a CPU
    timed_out = overflowed = memory_out = False
    every = max(time_limit / USAGE_EVERY[0], USAGE_EVERY[1])  # a short case is never asked
    cpu, peak, read_at = None, None, every  # cpu, peak: None where not read while it runs
    clock = CaseClock()
    try:
        while not (STOPPED or running.stopped or (not reader.reading() and case_tree.exited())):
            running.tick()
            elapsed = clock.now()
            if elapsed >= read_at:  # not on each chunk of output: reading /proc takes time
                (cpu, peak), read_at = case_tree.usage_now(), elapsed + every
            waited = min(case_tree.queued, most)  # for a CPU: not counted by the backstop
            if (cpu or 0) <= time_limit and elapsed - waited >= deadline:  # read the wait again
                cpu, peak = case_tree.usage_now(PAUSED / 2)
                waited = min(case_tree.queued, most)
            timed_out = elapsed - waited >= deadline or (cpu or 0) > time_limit
            memory_out = not timed_out and (peak or 0) > memory_limit * MEMORY_BACKSTOP
            if timed_out or memory_out:
                break
            left = deadline - elapsed + waited  # > 0: not timed out
            if reader.reading():  # and at least every TICK: has it exited?
                reader.read(min(left, TICK))
            else:  # its output is closed: wait for the exit
                case_tree.wait(min(left, TICK))
            overflowed = len(reader.output) > output_cap
            if overflowed:
                break
        wall = clock.now()
    finally:
        running.kill(case_tree)
        try:  # an OSError if it never started
            status, cpu, peak, judged = case_tree.finish()
        finally:
            reader.close(case_tree.pipes)
    output, errors = bytes(reader.output), bytes(reader.errors)
    return Run(output, errors, status, wall, cpu, peak, timed_out, overflowed, memory_out, judged)


# Reporting, and the command line

LINE = "{} {:<{}} {:>6} ms CPU {:>6} ms wall {:>7} MiB"  # verdict, case, CPU, wall, peak
JSON_PROFILE = ("judge", "time_limit_s", "memory_limit_mib", "compare", "other_limit")
JSON_CASE = ("problem", "case", "judge_case", "verdict", "cpu_ms", "wall_ms", "peak_mib", "slow")


def label(case):
    return printable(case.problem + "/" + case.name)


def ms(seconds):
    return "?" if seconds is None else f"{seconds * 1000:.0f}"


class Report:
    """Prints each result in case order, and a summary after each problem."""

    def __init__(self, cases, profiles, colour, progress=None):
        self.profiles, self.colour = profiles, colour
        self.progress = progress or Progress(len(cases), delay=math.inf)  # never shown
        self.width = min(max(len(label(case)) for case in cases), 48)
        self.left, self.results = Counter(case.problem for case in cases), []  # left: cases to come

    def paint(self, text, key):
        return "\033[{}m{}\033[0m".format(COLOURS.get(key, "31"), text) if self.colour else text

    def add(self, result):
        self.results.append(result)
        peak = "?" if result.peak_mib is None else f"{result.peak_mib:.1f}"
        cells = label(result.case), self.width, ms(result.cpu), ms(result.wall), peak
        line = LINE.format(self.paint(f"{result.verdict:<3}", result.verdict), *cells)
        if result.slow:
            line += " " + self.paint("slow", "slow")
        lines = [line] + ["    " + detail for detail in result.details]
        problem = result.case.problem
        self.left[problem] -= 1
        if not self.left[problem]:
            done = [r for r in self.results if r.case.problem == problem]
            lines.append(self.summary(problem, done))
        self.progress.clear()
        say("\n".join(lines))
        self.progress.step(result.verdict not in PASSING)

    def summary(self, problem, results):
        counts = Counter(result.verdict for result in results)
        failures = sorted((verdict, n) for verdict, n in counts.items() if verdict not in PASSING)
        profile = self.profiles[problem]
        limits = f"{profile.time_limit:g} s CPU, {profile.memory_limit:g} MiB, {profile.comparison}"
        judge_name = printable(profile.judge_name or "no Judge: line")
        text = f"== {printable(problem)} ({judge_name}: {limits}): "
        text += f"{counts['AC']} passed, {sum(n for _, n in failures)} failed"
        if failures:
            text += " (" + ", ".join(f"{n} {verdict}" for verdict, n in failures) + ")"
        if counts["--"]:
            text += f", {counts['--']} not checked (no .out)"
        for kind, judge in (("judge cases", True), ("extended", False)):
            ran = [result for result in results if result.case.judge == judge]
            passed = sum(result.verdict in PASSING for result in ran)
            text += "; " if judge else ", "
            text += f"{kind} {passed} of {len(ran)} passed" if ran else f"no {kind}"
        ran = [result for result in results if result.verdict != "IE"]
        cpus = [result.cpu for result in ran if result.cpu is not None]
        peaks = [result.peak_mib for result in ran if result.peak_mib is not None]
        slowest = ms(max(result.wall for result in results))
        text += f"; slowest {ms(max(cpus, default=None))} ms CPU, {slowest} ms wall"
        if peaks:
            text += f", peak {max(peaks):.1f} MiB"
        if len(cpus) < len(ran):
            text += "; CPU time not measured here: TLE judged by wall time"
        if len(peaks) < len(ran):
            text += "; memory not measured here: MLE not judged"
        return text


class Progress:
    """A status line on a terminal (stderr) once work has taken `delay` seconds. Call step() as
    each item ends, tick() while waiting, clear() before a line of your own, close() at the end."""

    def __init__(self, total, what="cases", stream=None, clock=time.monotonic, delay=1.0):
        self.total, self.what, self.clock, self.delay = total, what, clock, delay
        self.stream = sys.stderr if stream is None else stream
        try:  # a terminal that understands the erase sequence
            self.live = self.stream.isatty() and os.environ.get("TERM") != "dumb"
        except (AttributeError, ValueError):
            self.live = False
        self.start = self.drawn = clock()
        self.done, self.failed, self.shown = 0, 0, False

    def step(self, failed=False):
        self.done += 1
        self.failed += bool(failed)
        self.tick()

    def tick(self, every=0.25):
        """Draw the line if it is due: past the delay, and `every` seconds after the last."""
        now = self.clock()
        due = not self.shown or now - self.drawn >= every
        if self.live and due and now - self.start >= self.delay and self.done < self.total:
            self.drawn = now
            self.shown = self.write(ERASE + self.line(now - self.start))

    def line(self, elapsed):
        rate = self.done / elapsed
        speed = f"{1 / rate:.1f} s each" if 0 < rate < 1 else f"{rate:.1f}/s"
        left = "time left unknown"
        if rate:
            left = f"about {duration((self.total - self.done) / rate)} left"
        text = f"{self.done} / {self.total} {self.what}, {self.failed} failed, {speed}, {left}"
        return text[: terminal_width(self.stream) - 1]

    def clear(self):
        if self.shown:
            self.write(ERASE)
            self.shown = False

    close = clear

    def write(self, text):
        """Whether text was written; a terminal gone ends the status line for good."""
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.live = False
        return self.live


def duration(seconds):
    """Seconds as a person reads them: 42 s, 3 min 5 s, 2 h 10 min."""
    minutes, seconds = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min {seconds} s" if minutes else f"{seconds} s"


def terminal_width(stream, default=80):
    try:
        return os.get_terminal_size(stream.fileno()).columns or default
    except (AttributeError, ValueError, OSError):
        return default


def say(text):
    """Print and flush text; a closed stdout raises OutputClosed, a stop signal breaks the wait."""
    try:
        WRITING.append(True)
        print(text + "\n", end="", flush=True)  # one write, buffered or not
    except OSError as error:  # BrokenPipeError; on Windows, EINVAL
        raise OutputClosed() from error
    except KeyboardInterrupt:
        let_go(sys.stdout)  # what was not written never will be: no exit may wait on it
        raise
    finally:
        del WRITING[:]


def let_go(stream):
    """Point stream at the null device: a reader gone or stalled neither holds nor fails exit."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # AttributeError: None
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


def clear_report(path):
    """Check that path can take a report (a FIFO would hang), and remove an earlier one."""
    if not path:
        raise UsageError("--json needs a file name")
    with contextlib.suppress(OSError):
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise UsageError(f"--json {path}: cannot write it: not a regular file")
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT))  # can it be written, or made?
    except OSError as error:
        raise UsageError(f"--json {path}: cannot write it: {error.strerror or error}") from None
    with contextlib.suppress(OSError):
        os.remove(path)


JSON_RUN = ("python", "command", "judge_only", "path", "ole_mib", "wall_backstop", "problems")
JSON_RUN += ("passed", "failed")


def rounded(value, scale=1):
    return None if value is None else round(value * scale, 1)


def write_json(settings, results, passed, failed):
    python = None if settings.command else as_text(settings.python)
    command = settings.command_text and as_text(settings.command_text)
    path = "portable" if PORTABLE else "posix"
    problems = {as_text(n): dict(zip(JSON_PROFILE, p)) for n, p in settings.profiles.items()}
    values = python, command, settings.judge_only, path, settings.ole, BACKSTOP, problems
    data = {**dict(zip(JSON_RUN, (*values, passed, failed))), "cases": []}
    for result in results:
        case, cpu, wall = result.case, rounded(result.cpu, 1000), rounded(result.wall, 1000)
        values = (as_text(case.problem), as_text(case.name), case.judge, result.verdict, cpu, wall)
        values += (rounded(result.peak_mib), result.slow)
        data["cases"].append({**dict(zip(JSON_CASE, values)), "details": result.details})
    text = json.dumps(data, indent=2, allow_nan=False) + "\n"
    temporary = f"{settings.json}.{os.getpid()}.tmp"  # renamed into place once whole
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, settings.json)
    finally:
        with contextlib.suppress(OSError):
            os.remove(temporary)


def as_text(name):
    """A file name as text: bytes that are not UTF-8 as \\xNN, never lone surrogates."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def new_running():
    return Running(tree_kind(), ThreadReader if PORTABLE else PollReader)


def end_running(running):
    running.tree.end_run()


def run_all(cases, settings, on_result, on_wait=lambda: None):
    """Judge the cases on settings.jobs threads, or with -j 1 on this one (handing each case to
    a thread and back costs CPU); results in case order; on_wait() every TICK."""
    if STOPPED:  # while the runner started: no case starts
        raise KeyboardInterrupt
    running, pool, futures = new_running(), None, []
    try:
        if settings.jobs == 1:  # each case judged on this thread, which calls on_wait
            running.tick, results = on_wait, (judge_case(c, settings, running) for c in cases)
        else:  # concurrent.futures takes 10 ms to import: only here
            from concurrent.futures import ThreadPoolExecutor, wait

            pool = ThreadPoolExecutor(max_workers=settings.jobs)
            futures = [pool.submit(judge_case, c, settings, running) for c in cases]

            def in_order():  # on_wait() every TICK while a result is awaited; None once stopped
                for future in futures:
                    while not (STOPPED or wait([future], timeout=TICK).done):
                        on_wait()
                    yield None if STOPPED else future.result()

            results = in_order()
        for result in results:
            if STOPPED:
                raise KeyboardInterrupt
            on_result(result)
    except BaseException:  # a signal or a closed stdout: leave no case running
        running.kill_all()
        for future in futures:
            future.cancel()
        raise
    finally:
        if pool:
            pool.shutdown()  # every thread ended
        end_running(running)


def positive(text, kind=float):
    value = kind(text)
    if not 0 < value < math.inf:  # a report with Infinity in it would not be JSON
        raise argparse.ArgumentTypeError(f"must be positive and finite: {text}")
    return value


def positive_int(text):
    return positive(text, int)


def cpu_count():
    affinity = getattr(os, "sched_getaffinity", None)  # not on macOS or Windows
    return (len(affinity(0)) if affinity else os.cpu_count()) or 1


class Parser(argparse.ArgumentParser):
    """argparse, its errors one line (not the usage it prints before them)."""

    def error(self, message):
        raise UsageError(f"{message} (runner.py --help says more)")


def current_folder():
    try:
        return Path.cwd()
    except OSError:  # FileNotFoundError: deleted under the shell that started the runner
        raise UsageError("the current folder no longer exists: cd to one that does") from None


def make_parser():
    parser = Parser(
        prog="runner.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add, mode = parser.add_argument, parser.add_mutually_exclusive_group().add_argument
    judges = "(default: the Judge: line's)"
    add("problems", nargs="*", metavar="NAME", help="problems to run (default: all)")
    add("-k", dest="keep", default="", metavar="TEXT", help="only the cases whose name has TEXT")
    add("--python", default=sys.executable, metavar="EXE", help="interpreter (default: this one)")
    add("--command", metavar="CMD", help="judge this program instead of PYTHON solutions/NAME.py;"
        " one problem, run from this folder, split as a shell would")  # fmt: skip
    add("--judge-only", action="store_true", help="only the judge cases (named judge-*)")
    add("--hacks", action="store_true", help="the hacks `make stress` saved in hacks/NAME/, "
        "not the testcases")  # fmt: skip
    add("--tle", type=positive, metavar="S", help="CPU time limit " + judges)
    add("--mle", type=positive, metavar="MIB", help="memory limit " + judges)
    add("--ole", type=positive, default=64.0, metavar="MIB", help="output limit (default: 64)")
    mode("--compare", choices=list(COMPARATORS), help="how outputs are compared " + judges)
    for name, meaning in (("loose", "also ignore spaces at line ends and empty lines at the end"),
                          ("tokens", "compare whitespace-separated tokens only")):  # fmt: skip
        mode("--" + name, dest="compare", action="store_const", const=name,
             help=f"--compare {name}: {meaning}")  # fmt: skip
    mode("--float", dest="compare", type=float_mode, metavar="EPS",
         help="compare tokens, numbers equal within EPS, absolute or relative")  # fmt: skip
    mode("--checker", dest="compare", type="checker {}".format, metavar="CMD",
         help="testlib's checker: CMD INPUT OUTPUT ANSWER, exit 0 AC, 1 WA, 2 PE")  # fmt: skip
    mode("--interactor", dest="compare", type="interactor {}".format, metavar="CMD",
         help="testlib's interactor: CMD INPUT OUTPUT ANSWER, its stdout the program's stdin,"
         " and the other way round; exit 0 AC, 1 WA, 2 PE")  # fmt: skip
    mode("--validator", dest="compare", type="validator {}".format, metavar="CMD",
         help="an output validator: CMD INPUT ANSWER DIR < OUTPUT, exit 42 AC, 43 WA")  # fmt: skip
    add("-j", dest="jobs", type=positive_int, default=cpu_count(), metavar="N",
        help="cases run in parallel, at most one per CPU (default: one per CPU)")  # fmt: skip
    add("--sandbox", action="store_true", help="run each case under bubblewrap (Linux), where "
        "it cannot reach the runner, other cases or testcases/")  # fmt: skip
    add("--json", metavar="FILE", help="write every case's verdict, time and memory to FILE")
    add("--root", type=Path, default=Path(__file__).resolve().parent, metavar="DIR",
        help="folder with solutions/ and testcases/ (default: the runner's own)")  # fmt: skip
    return parser


def note(text):
    """One escaped line on stderr if it takes it now; one gone or stalled is let go of."""
    try:
        if POSIX and not select.select([], [sys.stderr], [], 0)[1]:
            raise BlockingIOError
        sys.stderr.write(printable(str(text)) + "\n")  # names from files, as case names are
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError, TypeError):  # the last two: stderr is None
        let_go(sys.stderr)


def usage_error(message):
    note(f"runner.py: error: {message}")
    return 2


def main(argv=None):
    catch_signals()  # as the runner's start did, for a caller that imports it
    try:
        return judge_command_line(argv)
    except KeyboardInterrupt:
        catch_signals(signal.SIG_IGN)
        note("interrupted: every running case was killed")
        return 130
    except OutputClosed:
        let_go(sys.stdout)
        return 141  # as for a program killed by SIGPIPE
    except Exception as error:  # a bug: still one line
        return usage_error(f"unexpected {type(error).__name__}: {error}")
    finally:  # what the exit would flush, flushed now: a failure cannot change the status
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                let_go(stream)


def split_command(text, root):
    """--command as (args, executable); Windows passes the text whole to CreateProcess."""
    try:
        words = shlex.split(text, posix=not WINDOWS)
    except ValueError as error:
        raise UsageError(f"--command {text}: {error}") from None
    if not words:
        raise UsageError("--command is empty")
    program = words[0].strip('"') if WINDOWS else words[0]
    return (text if WINDOWS else words), find_program(program, root, f"--command {text}")


def find_program(program, root, what):
    """The absolute path of program, found from root when it names a folder, else on PATH."""
    has_folder = os.sep in program or (os.altsep and os.altsep in program)
    found = shutil.which(str(root / program) if has_folder else program)
    if found is None and has_folder and (root / program).is_file():
        raise UsageError(f"{what}: {program} is not executable (chmod +x it)")
    if found is None:
        where = f"under {root}" if has_folder else "on PATH"
        raise UsageError(f"{what}: no program {program} {where}")
    return os.path.abspath(found)


def float_mode(text):
    wrong = eps_error(text)
    if wrong:
        raise argparse.ArgumentTypeError(wrong)
    return "float " + text.strip()


def profiles_for(root, problems, args):
    """Each problem's profile, its Judge: line under the flags (and other_limit), and warnings."""
    profiles, warnings, command = {}, [], None
    if args.compare and mode_kind(args.compare) in COMMAND_MODES:
        kind, _, text = args.compare.partition(" ")
        command = tool_command(text, current_folder(), "--" + kind)
    for problem in problems:
        profile, warning = read_profile(root, problem)
        warnings += [warning] if warning else []
        profile = profile._replace(time_limit=args.tle or profile.time_limit, judge_command=command,
                                   memory_limit=args.mle or profile.memory_limit,
                                   comparison=args.compare or profile.comparison)  # fmt: skip
        if mode_kind(profile.comparison) in COMMAND_MODES:
            profile = profile._replace(judge_command=judge_command(profile, root))
        python = re.search(PYTHON_PROGRAM, (args.command or "").split(" ", 1)[0])
        if args.command is not None and not args.tle and profile.other_limit and not python:
            language, seconds = profile.other_limit
            name = f"{profile.judge_name}'s {language} limit"  # the summary says which
            profile = profile._replace(judge_name=name, time_limit=seconds)
        profiles[problem] = profile
    return profiles, warnings


def settings_from(argv):
    parser = make_parser()
    args = parser.parse_args(argv)
    root = args.root.resolve()
    found = shutil.which(args.python)
    if found is None:
        parser.error(f"--python {args.python}: no such program")
    python = os.path.abspath(found)  # the cases run from the root, maybe not from here
    command = None
    if args.command is not None:
        if len(args.problems) != 1:
            raise UsageError("--command judges one problem: name it, as in NAME --command CMD")
        command = split_command(args.command, current_folder())
    problems, warnings = find_problems(root, args.problems, command is not None)
    cases, folder = [], "hacks" if args.hacks else "testcases"
    for problem in problems:
        found_cases, stray = find_cases(root, problem, args.keep, args.judge_only, folder)
        cases, warnings = cases + found_cases, warnings + stray
    if not cases and args.hacks and not args.keep:
        raise UsageError("no hack in hacks/NAME/: `make stress` saves one when a program fails")
    if not cases:
        judge = f"judge case ({JUDGE_PREFIX}*)" if args.judge_only else "case"
        raise UsageError(f"no {judge} name contains '{args.keep}'")
    sandbox = find_sandbox() if args.sandbox else None
    if args.json is not None:
        clear_report(args.json)
    profiles, unread = profiles_for(root, problems, args)
    jobs = min(args.jobs, cpu_count())
    if jobs < args.jobs:  # more cases than CPUs at once slow each down: TLE at the backstop
        unread.append(f"-j {args.jobs}: only {jobs} CPUs here, so {jobs} cases run at once")
    workdir = current_folder() if command else root
    settings = Settings(python, command, args.command, workdir, args.judge_only, args.ole,
                        jobs, args.json, profiles, sandbox)  # fmt: skip
    return settings, cases, warnings + unread


def judge_command_line(argv):
    try:
        settings, cases, warnings = settings_from(argv)
    except UsageError as error:
        return usage_error(error)
    for warning in warnings:
        note(f"runner.py: warning: {warning}")
    if sys.stdout is None:  # started with stdout closed: judge all the same, the status tells
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (open until the exit)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")  # set but empty: colour
    progress = Progress(len(cases))
    report = Report(cases, settings.profiles, colour, progress)
    try:
        run_all(cases, settings, report.add, progress.tick)
    finally:
        progress.close()  # before the last line, or the note of an interruption
    passed = sum(result.verdict == "AC" for result in report.results)
    failed = sum(result.verdict not in PASSING for result in report.results)
    status = 1 if failed else 0
    if settings.json:
        try:
            write_json(settings, report.results, passed, failed)
        except (OSError, ValueError) as error:
            status = usage_error(f"--json {settings.json}: could not write it: {error}")
    say(f"{passed} passed, {failed} failed")
    return status


# The sandbox (--sandbox, Linux): each case under bubblewrap (bwrap); docs/platforms.md says more.

SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives",
                "/etc/localtime", "/proc/cpuinfo")  # fmt: skip  # cpuinfo: PyPy sizes its GC


def sandbox_options(memory_limit):
    """bwrap's options for every case: the namespaces, the system's files, /dev and /tmp."""
    options = ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    for folder in SYSTEM_FOLDERS:
        if os.path.islink(folder):  # /lib -> usr/lib, where /usr is merged
            options += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            options += ["--ro-bind", folder, folder]
    for path in SYSTEM_FILES:
        options += ["--ro-bind-try", path, path]
    size = str(int(memory_limit * MIB))
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
        needs = "bubblewrap 0.7 or later and unprivileged user namespaces"
        raise UsageError(f"--sandbox: bwrap cannot start a sandbox here: {printable(reason)}; "
                         f"it needs {needs}")  # fmt: skip
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


if __name__ == "__main__":
    sys.exit(main())
