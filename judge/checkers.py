"""Programs that judge an output: a checker and an output validator run after the program, an
interactor talks to it as it runs. Each speaks a protocol: its arguments, and the exit codes
that are verdicts. Whatever else a judging program does is an internal error (IE), never the
program's fault."""

import contextlib
import math
import os
import re
import tempfile
import threading
from collections import namedtuple
from pathlib import Path

from judge.explain import exit_description, last_lines
from judge.files import open_regular, read_regular
from judge.model import MIB, Checked
from judge.platform import BROKEN_PIPE
from judge.process.watch import Limits, execute, passed_limit, watch
from judge.text import printable, shorten
from judge.verdicts import explain_limit, verdict_of

CHECK_SECONDS = 10.0  # CPU seconds a judging program may take (BACKSTOP times that in wall time)
CHECK_LIMITS = Limits(CHECK_SECONDS, 4096.0, MIB)  # and MiB of memory, and bytes of stdout


def judging_limits(time_limit):
    """A judging program's Limits; an interactor waits for its program, so it has as long."""
    return CHECK_LIMITS._replace(time=max(CHECK_SECONDS, time_limit))


WAITING = "it and the interactor waited for each other: flush each line, and read every answer"

# codes: exit code -> verdict; meaning: those codes in words; files: the files named after the
# input, "output" and "answer" ("" a folder for feedback); stdin: whether the output is its
# stdin; message: the file where it may write its message; first_decides: whether, piped
# with a program, the first of the two to end decides (the Kattis way); points: the exit code
# of a score given in its message, "points X" (testlib's quitp), or None.
Protocol = namedtuple("Protocol", "codes meaning files stdin message first_decides points")
Protocol.__new__.__defaults__ = (False, None)
TESTLIB_CODES = {0: "AC", 1: "WA", 2: "PE"}
TESTLIB_MEANING = "testlib's 0 AC, 1 WA, 2 PE; 3 is its own failure"
TESTLIB_FAIL = 3  # the exit code of a testlib program that finds itself wrong (its quitf(_fail))
# testlib's checker: CMD INPUT OUTPUT ANSWER.
TESTLIB_CHECKER = Protocol(
    TESTLIB_CODES, TESTLIB_MEANING, ("output", "answer"), False, None, False, 7
)
# testlib's interactor: CMD INPUT OUTPUT ANSWER, its stdout the program's stdin and back; it
# writes what the checker is to judge (with Polygon) to OUTPUT.
TESTLIB_INTERACTOR = TESTLIB_CHECKER
KATTIS_CODES = {42: "AC", 43: "WA"}
KATTIS_MEANING = "the Kattis protocol's 42 AC, 43 WA"
# A Kattis output validator: CMD INPUT ANSWER FEEDBACK_DIR [FLAGS] < OUTPUT; its score, if
# any, in FEEDBACK_DIR/score.txt.
KATTIS_VALIDATOR = Protocol(KATTIS_CODES, KATTIS_MEANING, ("answer", ""), True, "judgemessage.txt")
# The same run interactively, piped both ways with the program; the first to end decides.
KATTIS_INTERACTIVE = KATTIS_VALIDATOR._replace(stdin=False, first_decides=True)
POINTS = re.compile(rb"\s*points\s+([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?!\S)")
# What a judging program said: its message, and the text of its score file (None: none).
Feedback = namedtuple("Feedback", "message score")


def judge_command(mode, input_path, folder):
    """The judging program's command, (args, executable), with its files from folder."""
    args, executable = mode.command
    paths = [os.path.abspath(str(input_path))]
    paths += [os.path.join(folder, name) for name in mode.protocol.files]
    return [*args, *paths, *mode.flags], executable


def feedback(protocol, folder, run):
    """What the program run with its files in folder said: its message file (the first 4
    KiB), else its stderr, else its stdout; and its score.txt."""
    message, score = run.stderr.strip() or run.output.strip(), None
    if protocol.message:
        with contextlib.suppress(OSError), open_regular(Path(folder, protocol.message)) as file:
            message = file.read(4096).strip() or message
        with contextlib.suppress(OSError), open_regular(Path(folder, "score.txt")) as file:
            score = file.read(256)
    return Feedback(message, score)


def check_output(input_path, output, expected, mode, running, workdir):
    """The verdict of mode's program on an output, and the lines that explain it (a Checked,
    with its score)."""
    if isinstance(mode.command, str):
        return "IE", [mode.command]
    with tempfile.TemporaryDirectory(prefix="runner-") as folder:
        Path(folder, "output").write_bytes(output)
        Path(folder, "answer").write_bytes(expected)
        command = judge_command(mode, input_path, folder)
        try:  # the output on its stdin too: a validator reads it there
            run = execute(running, command, Path(folder, "output"), workdir, CHECK_LIMITS)
        except OSError as error:
            return "IE", [f"could not run the {mode.kind}: {error.strerror or error}"]
        said = feedback(mode.protocol, folder, run)
    return checker_verdict(mode, run, said.message, said.score)


def checker_verdict(mode, run, message, score_text=None, limits=None):
    """The verdict of a judging program by its exit code (never its words), as a Checked:
    with the score of testlib's points or of a Kattis score.txt."""
    lines = [f"{mode.kind}: " + shorten(printable(line)) for line in last_lines(message)]
    passed = passed_limit(run, limits or CHECK_LIMITS)  # the limits it ran under
    if passed:
        killed = f"the {mode.kind} failed: it passed {passed}, and was killed"
        return Checked("IE", [killed, *lines])
    protocol, score, wrong = mode.protocol, None, None
    verdict = protocol.codes.get(run.status, "IE")
    if protocol.points is not None and run.status == protocol.points:
        score = number(POINTS.match(message))
        verdict, wrong = ("IE", "its message has no 'points X'") if score is None else ("AC", None)
    elif score_text is not None and verdict == "AC":
        score = number(re.fullmatch(rb"\s*(\S+)\s*", score_text))
        verdict, wrong = ("IE", "its score.txt holds no number") if score is None else ("AC", None)
    if verdict == "IE":
        meaning = wrong or f"not {protocol.meaning}"
        lines.insert(0, f"the {mode.kind} failed: {exit_description(run.status)}, {meaning}")
    return Checked(verdict, lines if verdict != "AC" else [], score)


def number(found):
    """The finite number a regular expression's match found (its group 1), else None."""
    with contextlib.suppress(ValueError, AttributeError):
        value = float(found.group(1))
        return value if math.isfinite(value) else None
    return None


class Watched(threading.Thread):
    """A started judging program watched on a thread of its own, so that its stderr is read
    while the program it judges runs (a full pipe would stop it); on_end(its Run) once it
    ended and was reaped."""

    def __init__(self, running, started, on_end, limits):
        super().__init__(daemon=True)
        self.running, self.started, self.on_end, self.limits = running, started, on_end, limits
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
            self.outcome = watch(self, *self.started, self.limits)
            self.on_end(self.outcome)
        except BaseException as error:  # raised again by result(), on the thread that asks
            self.error = error

    def result(self):
        self.join()
        if self.error is not None:
            raise self.error
        return self.outcome


class Ends:
    """The runner's copies of the ends of two pipes, to_program and to_judge, (read end, write
    end) each. The runner holds them, so that each process sees the other's end of file only
    once the runner saw it end: which went first is never a race. Where the first to end
    decides (the Kattis way), the judge may always write (the program's input is held open), a
    judge that rejects first ends the program, and the program may write after the judge
    accepted (its output is held open then). Else (testlib's way), once the program is gone
    the interactor's writes fail."""

    def __init__(self, first_decides):
        self.to_program, self.to_judge = os.pipe(), os.pipe()
        self.open, self.first_decides = {*self.to_program, *self.to_judge}, first_decides
        self.lock, self.kill_program, self.rejected = threading.Lock(), None, False

    def close(self, *fds):
        with self.lock:  # each once: a number closed may be another file's soon after
            for fd in set(fds) & self.open:
                self.open.discard(fd)
                os.close(fd)

    def judge_ended(self, run, codes):
        """The judge ended: the program sees its end of file; one that did not accept no
        longer reads what the program writes."""
        rejected = codes.get(run.status) != "AC"
        self.close(self.to_program[1], *(self.to_judge[:1] if rejected else ()))
        with self.lock:
            self.rejected, kill = rejected, self.kill_program
        if rejected and self.first_decides and kill:  # decided: no use running on
            kill()

    def program_started(self, kill):
        """kill() ends the program: now, if the judge already rejected it (a busy machine may
        run both before this thread goes on)."""
        with self.lock:
            self.kill_program, rejected = kill, self.rejected
        if rejected and self.first_decides:
            kill()

    def program_ended(self):
        """The judge sees its end of file; testlib's interactor also a broken pipe."""
        self.close(self.to_judge[1], *(() if self.first_decides else self.to_program[:1]))


def interact(input_path, command, expected, mode, limits, running, workdir):
    """The Runs of the program and its judging program (testlib's interactor, CMD INPUT OUTPUT
    ANSWER, or a Kattis validator, CMD INPUT ANSWER FEEDBACK_DIR), piped together, and the
    judging program's Feedback. The judging program's Run has, as its output, what it wrote to
    OUTPUT: with Polygon, the checker judges that."""
    if isinstance(mode.command, str):
        raise OSError(mode.command)
    with tempfile.TemporaryDirectory(prefix="runner-") as folder:
        Path(folder, "answer").write_bytes(expected or b"")
        judge = judge_command(mode, input_path, folder)
        ends, judging = Ends(mode.protocol.first_decides), None
        try:
            to_program, to_judge = ends.to_program, ends.to_judge
            cap = CHECK_LIMITS.output
            started = running.start(judge, to_judge[0], workdir, cap, to_program[1], True)
            codes = mode.protocol.codes
            judging = Watched(
                running,
                started,
                lambda run: ends.judge_ended(run, codes),
                judging_limits(limits.time),
            )
            program = running.start(command, to_program[0], workdir, limits[2], to_judge[1])
            ends.program_started(lambda: running.kill(program[0]))
            outcome = watch(running, *program, limits)
            ends.program_ended()
        except BaseException:  # the program never started, or the run stops: no use waiting
            if judging:
                running.kill(judging.started[0])
            raise
        finally:  # the judging program is watched, killed and reaped whatever the program did
            ends.program_ended()
            try:
                judged = judging and judging.result()
            finally:
                ends.close(*ends.open)
        said = feedback(mode.protocol, folder, judged)
        with contextlib.suppress(OSError):  # none written: none to judge
            judged = judged._replace(output=read_regular(Path(folder, "output")))
    return outcome, judged, said


def ended_before(one, other):
    """Whether the Run one was seen to end before the Run other."""
    return one.ended is not None and other.ended is not None and one.ended < other.ended


def interactive_verdict(outcome, judged, profile, output_mib, said=None):
    """The verdict of a program and its judging program piped together (with its Feedback)."""
    said = said or Feedback(judged.stderr.strip(), None)
    limits = judging_limits(profile.time_limit)
    checked = checker_verdict(profile.mode, judged, said.message, said.score, limits)
    program = verdict_of(outcome, b"", profile) or "AC"
    if profile.mode.protocol.first_decides:
        first = (judged.ended or 0) <= (outcome.ended or 0)
        if checked[0] == "WA" and first:  # under any time limit: the program then ran on
            return Checked(*checked, checked.score, True)
        if checked[0] == "IE" or program == "AC":
            return checked  # the judge failed, or the program did well
    else:
        broken = checked[0] == "IE" and judged.status == BROKEN_PIPE  # its pipe broke
        own = checked[0] == "IE" and judged.status == TESTLIB_FAIL  # it says it is wrong
        gone = ended_before(outcome, judged) and not own  # it found no program, and ended so
        if program == "AC" or (program == "RE" and checked[0] != "AC" and not broken and not gone):
            return checked
    # The program passed a limit, or crashed while the interactor judged it well, or before the
    # interactor ended (its write or read failed: no WA, PE or crash of it is the program's
    # fault then), or the Kattis way, before the judge ended.
    details = explain_limit(program, outcome, profile, output_mib)
    if program == "TLE" and (outcome.cpu or 0) <= profile.time_limit:
        details.append(WAITING)
    return Checked(program, details)
