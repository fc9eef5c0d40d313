"""Programs that judge an output: a checker and an output validator run after the program, an
interactor talks to it as it runs. Each speaks a protocol: its arguments, and the exit codes
that are verdicts. Whatever else a judging program does is an internal error (IE), never the
program's fault."""

import contextlib
import os
import tempfile
import threading
from collections import namedtuple
from pathlib import Path
from signal import SIGPIPE

from judge.explain import exit_description, last_lines
from judge.files import open_regular
from judge.model import MIB
from judge.process.watch import BACKSTOP, Limits, execute, watch
from judge.text import printable, shorten
from judge.verdicts import explain_limit, verdict_of

CHECK_SECONDS = 10.0  # CPU seconds a judging program may take (BACKSTOP times that in wall time)
CHECK_LIMITS = Limits(CHECK_SECONDS, 4096.0, MIB)  # and MiB of memory, and bytes of stdout
WAITING = "it and the interactor waited for each other: flush each line, and read every answer"

# codes: exit code -> verdict; meaning: those codes in words; files: the files named after the
# input, "output" and "answer" ("" a folder for feedback); stdin: whether the output is its
# stdin; message: the file where it may write its message.
Protocol = namedtuple("Protocol", "codes meaning files stdin message")
TESTLIB_CODES = {0: "AC", 1: "WA", 2: "PE"}
TESTLIB_MEANING = "testlib's 0 AC, 1 WA, 2 PE; 3 is its own failure"
# testlib's checker: CMD INPUT OUTPUT ANSWER.
TESTLIB_CHECKER = Protocol(TESTLIB_CODES, TESTLIB_MEANING, ("output", "answer"), False, None)
# testlib's interactor: CMD INPUT OUTPUT ANSWER, its stdout the program's stdin and back.
TESTLIB_INTERACTOR = Protocol(TESTLIB_CODES, TESTLIB_MEANING, ("output", "answer"), False, None)
# A Kattis output validator: CMD INPUT ANSWER FEEDBACK_DIR < OUTPUT.
KATTIS_VALIDATOR = Protocol(
    {42: "AC", 43: "WA"},
    "the Kattis protocol's 42 AC, 43 WA",
    ("answer", ""),
    True,
    "judgemessage.txt",
)


def check_output(input_path, output, expected, mode, running, workdir):
    """The verdict of mode's program on an output, and the lines that explain it."""
    if isinstance(mode.command, str):
        return "IE", [mode.command]
    protocol = mode.protocol
    with tempfile.TemporaryDirectory(prefix="runner-") as folder:
        Path(folder, "output").write_bytes(output)
        Path(folder, "answer").write_bytes(expected)
        paths = [os.path.abspath(str(input_path))]
        paths += [os.path.join(folder, name) for name in protocol.files]
        args, executable = mode.command
        try:  # the output on its stdin too: a validator reads it there
            run = execute(
                running,
                ([*args, *paths], executable),
                Path(folder, "output"),
                workdir,
                CHECK_LIMITS,
            )
        except OSError as error:
            return "IE", [f"could not run the {mode.kind}: {error.strerror or error}"]
        message = run.stderr.strip() or run.output.strip()
        if protocol.message:
            with contextlib.suppress(OSError), open_regular(Path(folder, protocol.message)) as file:
                message = file.read(4096).strip() or message  # its first 4 KiB
    return checker_verdict(mode, run, message)


def checker_verdict(mode, run, message):
    lines = [f"{mode.kind}: " + shorten(printable(line)) for line in last_lines(message)]
    if run.timed_out or run.memory_out or run.overflowed:
        what = f"{CHECK_SECONDS:g} s of CPU time ({CHECK_SECONDS * BACKSTOP:g} s of wall time)"
        if not run.timed_out:
            what = f"{CHECK_LIMITS[1]:g} MiB" if run.memory_out else "1 MiB of output"
        return "IE", [f"the {mode.kind} failed: it passed {what}, and was killed", *lines]
    verdict = mode.protocol.codes.get(run.status, "IE")  # its exit code alone: never its words
    if verdict == "IE":
        meaning = mode.protocol.meaning
        lines.insert(0, f"the {mode.kind} failed: {exit_description(run.status)}, not {meaning}")
    return verdict, lines if verdict != "AC" else []


class Watched(threading.Thread):
    """A started judging program watched on a thread of its own, so that its stderr is read
    while the program it judges runs (a full pipe would stop it)."""

    def __init__(self, running, started):
        super().__init__(daemon=True)
        self.running, self.started = running, started
        self.outcome = self.error = None
        self.start()

    @property
    def stopped(self):
        return self.running.stopped

    def tick(self):
        """watch() calls it: the status line is the main thread's to draw."""

    def kill(self, case_tree):
        self.running.kill(case_tree)

    def run(self):
        try:
            self.outcome = watch(self, *self.started, CHECK_LIMITS)
        except BaseException as error:  # raised again by result(), on the thread that asks
            self.error = error

    def result(self):
        self.join()
        if self.error is not None:
            raise self.error
        return self.outcome


def interact(input_path, command, expected, mode, limits, running, workdir):
    """The Runs of the program and its interactor (CMD INPUT OUTPUT ANSWER), piped together."""
    if isinstance(mode.command, str):
        raise OSError(mode.command)
    with tempfile.TemporaryDirectory(prefix="runner-") as folder:
        output, answer = os.path.join(folder, "output"), os.path.join(folder, "answer")
        Path(answer).write_bytes(expected or b"")
        args, executable = mode.command
        judge = ([*args, os.path.abspath(str(input_path)), output, answer], executable)
        to_program, to_judge, judging = os.pipe(), os.pipe(), None  # (read end, write end) each
        try:
            try:
                started = running.start(judge, to_judge[0], workdir, MIB, to_program[1])
                judging = Watched(running, started)
                program = running.start(command, to_program[0], workdir, limits[2], to_judge[1])
            finally:  # the runner's copies: each end is the two processes' alone
                for fd in (*to_program, *to_judge):
                    os.close(fd)
            outcome = watch(running, *program, limits)
        except BaseException:  # the program never started, or the run stops: no use waiting
            if judging:
                running.kill(judging.started[0])
            raise
        finally:  # the interactor is watched, killed and reaped whatever the program did
            judged = judging and judging.result()
    return outcome, judged


def interactive_verdict(outcome, judged, profile, output_mib):
    """The interactor's verdict, unless the program passed a limit or failed after an AC."""
    verdict, details = checker_verdict(profile.mode, judged, judged.stderr.strip())
    program = verdict_of(outcome, b"", profile) or "AC"
    broken = verdict == "IE" and judged.status == -SIGPIPE  # the program's end broke its pipe
    if program == "AC" or (program == "RE" and verdict != "AC" and not broken):
        return verdict, details
    # The program passed a limit, or crashed while the interactor judged it well or died of the
    # pipe the crash broke: the program's verdict.
    details = explain_limit(program, outcome, profile, output_mib)
    if program == "TLE" and (outcome.cpu or 0) <= profile.time_limit:
        details.append(WAITING)
    return program, details
