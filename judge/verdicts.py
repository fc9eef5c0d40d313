"""The one decision: a case's verdict and its reason, from what was seen of it. Pure: nothing
here runs a program or reads a file.

What is seen of a case (Seen): whether it was built, whether its answer could be read, the
program's Run, the limits, and what judged its output: a comparator's Decision, or the Run of
a judging program (a checker, an output validator or an interactor) with the protocol it
speaks. decide() applies every precedence rule, in this order:

1. A program that was not built is CE; an answer that cannot be read is IE. A judging program
   run alone, with no program to judge (an input or answer validator on a case's file):
   its exit code by its protocol, as in 3.
2. Limits before the exit: MLE when the memory backstop stopped it, TLE, OLE (its stdout, then
   its output file), MLE by its peak, then RE for a non-zero exit. Where its bounds cut the
   output at the limit and let it run on (DOMjudge), a stdout past the limit is OLE only
   after the exit: TLE, then MLE, then RE, then OLE, as DOMjudge's judgedaemon decides. A
   case with no answer is "--" (run, not checked). An output file it did not write, or that
   cannot be read (a folder, a FIFO), is WA.
3. Otherwise the output's judge decides: a comparator's verdict, or a judging program's exit
   code by its protocol (never its words). A judging program that passed its own limits, or
   exited with a code its protocol does not name, is IE: never the program's fault. Its
   score file counts on an accept, and where its protocol says so (DOMjudge) on a reject
   too.
4. Interactive, the Kattis way (the first to end decides): a validator that rejected first
   gives WA under any time limit (final); else its failure (IE) or, if the program passed
   its limits, its verdict. The testlib way: the interactor's verdict, unless the program
   passed a limit, or crashed (RE) before the interactor ended or while it judged well;
   the interactor's own failure (exit 3) stays IE.
5. A pass of a multi-pass problem: a validator that wrote nextpass.in (it asks for another
   pass) and exited with its WA code, or accepted and asked for a pass past the last one the
   problem allows, failed: IE. Else the pass's verdict; an AC that asks for another pass runs
   it.

at_limit() is the verdict of a judged case under a lower time limit (a submission's margin),
and kattis_name() the names Kattis gives the verdicts.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Mapping

from .explain import exit_description, last_lines, stderr_tail
from .model import MIB, Judgement, OutputFile, Verdict
from .platform import BROKEN_PIPE, LINUX
from .process.watch import (
    BACKSTOP,
    CEILING,
    MEMORY_BACKSTOP,
    Limits,
    Run,
    ceiling,
    passed_limit,
    wall_limit,
)
from .text import printable, shorten

V = Verdict

# Each reason a decision gives, by its code (the JSON report's "reason").
REASONS = {
    "built-not": "the program could not be built",
    "answer-unreadable": "the case's answer could not be read",
    "not-judged": "the case could not be run or judged",
    "memory-backstop": "stopped when its memory passed the backstop",
    "memory-peak": "its peak memory passed the limit",
    "cpu-limit": "its CPU time passed the limit",
    "wall-unmeasured": "its wall time passed the limit where CPU time is not measured",
    "wall-ceiling": "its wall time reached the ceiling while it waited for a CPU",
    "wall-backstop": "its wall time passed the backstop while it used little CPU",
    "wall-limit": "its wall time passed the judge's wall-time limit while it used little CPU",
    "output-limit": "its output passed the limit",
    "output-cut": "its output passed the limit, was cut there, and it ran on to its end",
    "output-file-limit": "its output file passed the output limit",
    "output-file-missing": "it wrote no output file",
    "output-file-unreadable": "its output file could not be read: not a regular file",
    "exit": "it crashed or exited with a non-zero status",
    "no-answer": "the case has no answer: run, not checked",
    "compared": "its output compared with the answer",
    "judging-exit": "the judging program's exit code",
    "judging-limit": "the judging program passed its own limits",
    "judging-failed": "the judging program failed: an exit code its protocol does not name",
    "rejected-first": "the validator rejected the program before it ended",
    "program-first": "the program failed before its interactor judged it",
    "next-pass-rejected": "the validator asked for another pass, and rejected this one",
    "passes-exceeded": "the validator asked for more passes than the problem allows",
}
WAITING = "it and the interactor waited for each other: flush each line, and read every answer"
KATTIS_NAMES: Mapping[str, str] = {
    V.RE: "RTE",
    V.IE: "JE",
    V.IC: "WA",
}  # the verdicts that Kattis names otherwise
POINTS = re.compile(rb"\s*points\s+([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?!\S)")


@dataclass(frozen=True)
class Protocol:
    """What a judging program's exit codes mean. codes: exit code -> verdict; meaning: those
    codes in words; files: the files named after the input ("output", "answer"; "" a folder
    for feedback); stdin: whether the output is its stdin; message: the file where it may
    write its message; first_decides: whether, piped with a program, the first of the two to
    end decides (the Kattis way); points: the exit code of a score given in its message,
    "points X" (testlib's quitp); own_failure: the exit code of a program that finds itself
    wrong (testlib's quitf(_fail)); rejects_scored: whether a score file counts on a reject
    too (DOMjudge keeps a wrong answer's score.txt; Kattis, an accept's alone)."""

    codes: Mapping[int, Verdict]
    meaning: str
    files: tuple[str, ...]
    stdin: bool
    message: str | None
    first_decides: bool = False
    points: int | None = None
    own_failure: int | None = None
    rejects_scored: bool = False


TESTLIB_CODES = {0: V.AC, 1: V.WA, 2: V.PE}
TESTLIB_MEANING = "testlib's 0 AC, 1 WA, 2 PE; 3 is its own failure"
# testlib's checker: CMD INPUT OUTPUT ANSWER; its interactor the same, its stdout the
# program's stdin and back, writing what the checker is to judge (with Polygon) to OUTPUT.
TESTLIB_CHECKER = Protocol(
    TESTLIB_CODES, TESTLIB_MEANING, ("output", "answer"), False, None, False, 7, 3
)
TESTLIB_INTERACTOR = TESTLIB_CHECKER
# A Kattis output validator: CMD INPUT ANSWER FEEDBACK_DIR [FLAGS] < OUTPUT; its score, if
# any, in FEEDBACK_DIR/score.txt. Run interactively, piped both ways; the first to end decides.
KATTIS_CODES = {42: V.AC, 43: V.WA}
KATTIS_MEANING = "the Kattis protocol's 42 AC, 43 WA"
KATTIS_VALIDATOR = Protocol(KATTIS_CODES, KATTIS_MEANING, ("answer", ""), True, "judgemessage.txt")
KATTIS_INTERACTIVE = replace(KATTIS_VALIDATOR, stdin=False, first_decides=True)


@dataclass(frozen=True)
class Bounds:
    """The limits a case's verdict is decided by: CPU seconds, MiB of memory, MiB of output;
    runs_on: whether a stdout past the output limit is cut there and the program runs on to
    its end, as DOMjudge's runguard does (else it is stopped at the limit); overshoot: the
    judge's wall-time limit past the time limit (Limits.overshoot), else None: the backstop."""

    time_limit: float
    memory_limit: float
    output_mib: float
    runs_on: bool = False
    overshoot: tuple[float, float] | None = None


@dataclass(frozen=True)
class Judging:
    """What a judging program did: its name (checker, validator, interactor), the protocol it
    speaks, its Run, its message, the text of its score file (None: none), the limits it
    ran under, and what it wrote to judgemessage.txt (None: no such file)."""

    kind: str
    protocol: Protocol
    run: Run
    message: bytes
    score_text: bytes | None
    limits: Limits
    judgemessage: bytes | None = None


@dataclass(frozen=True)
class Decision:
    """A verdict, the lines that explain it, the code of its reason (REASONS), the score a
    judging program gave, and whether it holds under any time limit."""

    verdict: Verdict
    details: tuple[str, ...]
    reason: str
    score: float | None = None
    final: bool = False


@dataclass(frozen=True)
class Seen:
    """All that is seen of a case. build_failure: the compiler's lines of a program that was
    not built; answer_error: why its answer could not be read; program: its Run; answered:
    whether it has an answer to judge by; compared: a comparator's Decision on its output;
    judging: the Judging of the program that judged it; interactive: whether that program
    was piped with it as it ran; output_file: the file its output was read from (None: its
    stdout); next_pass: whether the judging program asked for another pass (a multi-pass
    problem's nextpass.in); last_pass: whether no pass may follow this one."""

    bounds: Bounds
    program: Run | None = None
    build_failure: tuple[str, ...] | None = None
    answer_error: str | None = None
    answered: bool = True
    compared: Decision | None = None
    judging: Judging | None = None
    interactive: bool = False
    output_file: OutputFile | None = None
    next_pass: bool = False
    last_pass: bool = True


def decide(seen: Seen) -> Decision:
    """The verdict of a case (or of a pass of one), by the rules of the module's docstring."""
    decision = decide_run(seen)
    if not seen.next_pass or seen.judging is None:
        return decision
    status, protocol = seen.judging.run.status, seen.judging.protocol
    if protocol.codes.get(status) == V.WA:
        text = "the validator wrote nextpass.in and rejected the pass: it may only accept"
        return Decision(V.IE, (text, *decision.details), "next-pass-rejected")
    if decision.verdict == V.AC and seen.last_pass:
        text = "the validator wrote nextpass.in in the last pass that validation_passes allows"
        return Decision(V.IE, (text,), "passes-exceeded")
    return decision


def decide_run(seen: Seen) -> Decision:
    """The verdict of one run of a program, by rules 1 to 4 of the module's docstring."""
    if seen.build_failure is not None:
        return Decision(V.CE, seen.build_failure, "built-not")
    if seen.answer_error is not None:
        return Decision(
            V.IE, (f"could not read the .out: {seen.answer_error}",), "answer-unreadable"
        )
    if seen.program is None and seen.judging is not None:
        return by_judging_program(seen.judging)  # a validator of a case's file, run alone
    if seen.program is None:
        return Decision(V.IE, ("the program did not run",), "not-judged")
    if seen.interactive and seen.judging is not None:
        return interactive(seen.program, seen.judging, seen.bounds)
    limited = by_limits(seen.program, seen.bounds, seen.output_file)
    if limited is not None:
        return limited
    if not seen.answered:
        return Decision(V.UNCHECKED, (), "no-answer")
    if seen.output_file is not None and seen.output_file.size is None:
        return unread(seen.output_file)
    if seen.judging is not None:
        return by_judging_program(seen.judging)
    if seen.compared is not None:
        return seen.compared
    return Decision(V.IE, ("nothing judged the output",), "not-judged")


def output_to_judge(seen: Seen) -> bool:
    """Whether a case's output is still to be judged: it was built, has an answer, ran within
    its limits to exit 0, and wrote its output file, if it has one. An interactive case's
    output was judged as it ran."""
    if seen.build_failure is not None or seen.answer_error is not None or seen.interactive:
        return False
    if seen.program is None or not seen.answered:
        return False
    written = seen.output_file is None or seen.output_file.size is not None
    return written and by_limits(seen.program, seen.bounds, seen.output_file) is None


def by_limits(run: Run, bounds: Bounds, file: OutputFile | None = None) -> Decision | None:
    """MLE, TLE, OLE or RE by the run's limits and exit (and the size of the output file it
    wrote, if any), with the lines that explain it; None when it kept to them and exited 0."""
    used = run.wall if run.cpu is None else run.cpu
    judged = run.peak_mib if run.judged_mib is None else run.judged_mib
    over_memory = judged is not None and judged > bounds.memory_limit
    cut = bounds.runs_on and run.overflowed  # it ran on: its exit comes first
    failures = (
        ("memory-backstop", run.memory_out),
        ("memory-peak", over_memory and within(run.memory_at, bounds.time_limit)),  # seen first
        (time_reason(run, bounds), run.timed_out or used > bounds.time_limit),
        ("output-limit", run.overflowed and not cut),
        ("output-file-limit", file is not None and (file.size or 0) > bounds.output_mib * MIB),
        ("memory-peak", over_memory),
        ("exit", run.status != 0),
        ("output-cut", cut),
    )
    reason = next((reason for reason, failed in failures if failed), None)
    if reason is None:
        return None
    if reason == "output-file-limit":
        assert file is not None
        text = f"{shown_name(file)} passed {bounds.output_mib:g} MiB: it was not read"
        return Decision(V.OLE, (text,), reason)
    return Decision(VERDICT_OF[reason], tuple(explain(reason, run, bounds)), reason)


def shown_name(file: OutputFile) -> str:
    """An output file's name as a line shows it: escaped, cut."""
    return shorten(printable(file.name))


def unread(file: OutputFile) -> Decision:
    """The WA of an output file that was not written, or cannot be read."""
    if file.error is None:
        return Decision(V.WA, (f"it wrote no {shown_name(file)}",), "output-file-missing")
    text = f"its {shown_name(file)} could not be read: {printable(file.error)}"
    return Decision(V.WA, (text,), "output-file-unreadable")


VERDICT_OF = {
    "memory-backstop": V.MLE,
    "memory-peak": V.MLE,
    "cpu-limit": V.TLE,
    "wall-unmeasured": V.TLE,
    "wall-ceiling": V.TLE,
    "wall-backstop": V.TLE,
    "wall-limit": V.TLE,
    "output-limit": V.OLE,
    "output-cut": V.OLE,
    "exit": V.RE,
}


def time_reason(run: Run, bounds: Bounds) -> str:
    """Which clock a TLE was judged by."""
    if run.cpu is None:
        return "wall-unmeasured"
    if run.cpu > bounds.time_limit:
        return "cpu-limit"
    if run.wall >= ceiling(bounds.time_limit):  # it waited for a CPU all along
        return "wall-ceiling"
    return "wall-backstop" if bounds.overshoot is None else "wall-limit"


def explain(reason: str, run: Run, bounds: Bounds) -> list[str]:
    """The lines that explain a verdict by the limits or the exit."""
    limit, cpu = bounds.time_limit, run.cpu or 0.0
    if reason == "wall-unmeasured":
        return [f"killed after {limit:g} s of wall time (CPU time is not measured here)"]
    if reason == "cpu-limit":
        return [f"CPU time {cpu:.2f} s, over the {limit:g} s limit"]
    if reason == "wall-ceiling":
        text = f"wall time reached the {ceiling(limit):g} s ceiling ({CEILING[0]}x the limit and "
        return [text + f"{CEILING[1]:g} s) with only {cpu:.2f} s of CPU: the machine is too busy"]
    if reason == "wall-backstop":  # on Linux, time waiting for a CPU is not counted
        busy = "" if LINUX else " or the machine is busy"
        text = f"wall time passed the {limit * BACKSTOP:g} s backstop ({BACKSTOP}x the limit) with "
        return [text + f"only {cpu:.2f} s of CPU: it waits (on input, a sleep, a child){busy}"]
    if reason == "wall-limit":  # DOMjudge's: the time limit and its overshoot
        wall = wall_limit(limit, bounds.overshoot)
        text = f"wall time passed the {wall:g} s wall-time limit (the time limit and its overshoot)"
        return [text + f" with only {cpu:.2f} s of CPU: it waits (on input, a sleep, a child)"]
    if reason == "output-limit":
        return [f"output passed {bounds.output_mib:g} MiB: stopped reading and killed it"]
    if reason == "output-cut":
        return [f"output passed {bounds.output_mib:g} MiB: cut there, and it ran on to exit 0"]
    if reason in ("memory-backstop", "memory-peak"):
        text = f"peak memory {run.peak_mib or 0.0:.1f} MiB, over the {bounds.memory_limit:g} MiB"
        stopped = f": stopped when it passed {MEMORY_BACKSTOP}x the limit"
        return [text + " limit" + (stopped if reason == "memory-backstop" else "")]
    return [exit_description(run.status), *(stderr_tail(run.stderr) or ["(nothing on stderr)"])]


def of_output(judged: Decision | Judging) -> Decision:
    """The verdict on an output alone: a comparator's Decision, or a judging program's."""
    return judged if isinstance(judged, Decision) else by_judging_program(judged)


def by_judging_program(judging: Judging) -> Decision:
    """The verdict of a judging program by its exit code (never its words), with the score of
    testlib's points or of a Kattis score.txt."""
    kind, run, protocol = judging.kind, judging.run, judging.protocol
    lines = [f"{kind}: " + shorten(printable(line)) for line in last_lines(judging.message)]
    passed = passed_limit(run, judging.limits)
    if passed:
        killed = f"the {kind} failed: it passed {passed}, and was killed"
        return Decision(V.IE, (killed, *lines), "judging-limit")
    verdict = protocol.codes.get(run.status, V.IE)
    score, wrong = None, None
    if protocol.points is not None and run.status == protocol.points:
        score = number(POINTS.match(judging.message))
        verdict, wrong = (V.IE, "its message has no 'points X'") if score is None else (V.AC, None)
    elif judging.score_text is not None and verdict == V.AC:
        score = number(re.fullmatch(rb"\s*(\S+)\s*", judging.score_text))
        verdict, wrong = (V.IE, "its score.txt holds no number") if score is None else (V.AC, None)
    elif judging.score_text is not None and verdict == V.WA and protocol.rejects_scored:
        score = number(re.fullmatch(rb"\s*(\S+)\s*", judging.score_text))  # none: no score
    if verdict == V.IE:
        meaning = wrong or f"not {protocol.meaning}"
        lines.insert(0, f"the {kind} failed: {exit_description(run.status)}, {meaning}")
        return Decision(V.IE, tuple(lines), "judging-failed")
    return Decision(verdict, tuple(lines) if verdict != V.AC else (), "judging-exit", score)


def number(found: re.Match[bytes] | None) -> float | None:
    """The finite number a regular expression's match found (its group 1), else None."""
    if found is None:
        return None
    try:
        value = float(found.group(1))
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def ended_before(one: Run, other: Run) -> bool:
    """Whether the Run one was seen to end before the Run other."""
    return one.ended is not None and other.ended is not None and one.ended < other.ended


def interactive(program: Run, judging: Judging, bounds: Bounds) -> Decision:
    """The verdict of a program and its judging program piped together."""
    judged = by_judging_program(judging)
    limited = by_limits(program, bounds)
    own = limited.verdict if limited else V.AC
    if judging.protocol.first_decides:
        first = (judging.run.ended or 0) <= (program.ended or 0)
        if judged.verdict == V.WA and first:  # under any time limit: the program then ran on
            return replace(judged, reason="rejected-first", final=True)
        if judged.verdict == V.IE or own == V.AC:
            return judged  # the judge failed, or the program did well
    else:
        status = judging.run.status
        broken = judged.verdict == V.IE and status == BROKEN_PIPE  # its pipe broke
        failed = judged.verdict == V.IE and status == judging.protocol.own_failure
        gone = ended_before(program, judging.run) and not failed  # it found no program
        crashed = own == V.RE and judged.verdict != V.AC and not broken and not gone
        if own == V.AC or crashed:
            return judged
    # The program passed a limit, or crashed while the interactor judged it well, or before the
    # interactor ended (its write or read failed: no WA, PE or crash of it is the program's
    # fault then), or the Kattis way, before the judge ended.
    assert limited is not None
    details = list(limited.details)
    if own == V.TLE and (program.cpu or 0) <= bounds.time_limit:
        details.append(WAITING)
    reason = limited.reason if own != V.RE else "program-first"
    return Decision(own, tuple(details), reason)


WALL_REASONS = ("wall-unmeasured", "wall-ceiling", "wall-backstop", "wall-limit")  # TLE by wall


def time_judged(judged: Judgement) -> float:
    """The time a case was judged by: its CPU time, or its wall time where no CPU time was
    measured or its wall time gave its TLE (a program that sleeps uses little CPU)."""
    by_wall = judged.cpu is None or judged.reason in WALL_REASONS
    return judged.wall if by_wall or judged.cpu is None else judged.cpu


def within(at: float | None, limit: float) -> bool:
    """Whether a CPU time seen (None: never) came within a time limit."""
    return at is not None and at <= limit


def at_limit(judged: Judgement, limit: float) -> Verdict:
    """The verdict of a judged case under a lower time limit, by the rules the run had: MLE
    where its memory passed the limit within it; else TLE over its CPU time, or past its wall
    backstop (the time it waited for a CPU not counted); else the verdict, which also holds
    where it holds under any limit."""
    if judged.final or (judged.verdict == V.MLE and within(judged.memory_at, limit)):
        return judged.verdict
    waiting = judged.cpu is not None and judged.wall - judged.waited >= limit * BACKSTOP
    return V.TLE if time_judged(judged) > limit or waiting else judged.verdict


def kattis_name(verdict: str) -> str:
    """A verdict by the name Kattis gives it: RE is RTE, IE is JE, IC is WA."""
    return KATTIS_NAMES.get(verdict, verdict)
