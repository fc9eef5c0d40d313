"""The records that pass between the judge's layers, the verdicts, its errors, and the name
rule. Every record is a frozen dataclass: a layer changes one with dataclasses.replace()."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional, Tuple

from .text import printable, shorten

if TYPE_CHECKING:
    from .modes import Mode

MIB = 1024 * 1024
MESSAGE_KEPT = 64 * 1024  # of a validator's judgemessage.txt, what a case keeps to look in
MOST_MIB = float(2**43)  # 8 EiB: the largest memory or output limit, in bytes a 64-bit rlimit
READINGS = ("kattis", "domjudge")  # --as: the judge whose reading of a package is followed
JUDGE_PREFIX = "judge-"  # a case the judge's statement allows; every other case is ours
EXTENDED_NOTE = "extended case: the judge never sends this input (--judge-only leaves it out)"
NAME_RULE = (
    "a problem's name is 1 to 64 letters, digits, _ and -, opening with a letter or digit, "
    "and not a name Windows reserves (CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9)"
)
NAME_PATTERN = re.compile(r"(?a)(?!(?i:con|prn|aux|nul|com[1-9]|lpt[1-9])$)[A-Za-z0-9][\w-]{0,63}")

# A command as the process layer starts it: its arguments, and the executable to run (None:
# the first argument, looked up on PATH).
Command = Tuple[List[str], Optional[str]]


class Verdict(str, Enum):
    """A case's verdict. Its value is the word the reports print; it equals that string."""

    AC = "AC"  # accepted
    WA = "WA"  # wrong answer
    PE = "PE"  # presentation error: right tokens, wrong layout (Jutge.org, testlib)
    IC = "IC"  # invalid character in the output (Jutge.org)
    TLE = "TLE"  # time limit exceeded
    MLE = "MLE"  # memory limit exceeded
    OLE = "OLE"  # output limit exceeded
    RE = "RE"  # run-time error: a crash or a non-zero exit
    CE = "CE"  # compile error: the program could not be built
    IE = "IE"  # internal error: the case could not be judged, never the program's fault
    UNCHECKED = "--"  # the case has no answer: run, not checked

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    def __hash__(self) -> int:  # as its word's: a dict keyed by either finds both
        return hash(self.value)

    @property
    def passing(self) -> bool:
        """Whether a run counts it as passed or not checked, never as failed."""
        return self in PASSING


PASSING = (Verdict.AC, Verdict.UNCHECKED)


@dataclass(frozen=True)
class Case:
    """A case: its problem, its name, its .in, its .out (None: none), and whether the judge
    sends it (None: the problem names no judge cases)."""

    problem: str
    name: str
    input: Path
    expected: Path | None
    judge_case: bool | None


@dataclass(frozen=True)
class Profile:
    """How a problem is judged: its judge's name, the CPU time limit (s) and the memory limit
    (MiB), the mode, another language's limit as (language, seconds), the output limit (MiB)
    where the judge says one, the files the program reads its input from and writes its
    output to (input.txt, output.txt; None: stdin, stdout), the passes a case may run at
    most (a Kattis multi-pass problem: its validator gives each pass after the first its
    input; 1: a case runs once), whether output past the output limit is cut there and
    the program runs on (DOMjudge), rather than stopped, whether a case's stack has no
    limit (the Kattis judges), rather than the memory limit (Codeforces, AtCoder), the
    judge's wall-time limit past the time limit as (seconds, share), the larger counting
    (DOMjudge's overshoot; None: the runner's backstop), and whether a sandboxed case runs as
    on DOMjudge's judgehost (judge.process.sandbox: one CPU, its chroot's test file)."""

    judge_name: str | None
    time_limit: float
    memory_limit: float
    mode: Mode
    other_limit: tuple[str, float] | None = None
    output_limit: float | None = None
    input_file: str | None = None
    output_file: str | None = None
    passes: int = 1
    output_runs_on: bool = False
    unlimited_stack: bool = False
    wall_overshoot: tuple[float, float] | None = None
    judgehost: bool = False


@dataclass(frozen=True)
class OutputFile:
    """The file a program was to write its output to, as read once it ended: its name, its
    size in bytes (None: it could not be read), and why it could not be (None: it was not
    there)."""

    name: str
    size: int | None = None
    error: str | None = None


@dataclass(frozen=True)
class Program:
    """What runs: its command, the folder it runs in, bwrap's path when each run is sandboxed
    (else None), and the lines that say why it could not be built (else None: with them, each
    input is a CE and nothing runs)."""

    command: Command
    workdir: str | Path
    sandbox: str | None = None
    failure: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Judgement:
    """How one input was judged. wall and cpu in seconds, cpu and peak_mib None where not
    measured; slow: a pass that took over half the limit; details: the lines that explain the
    verdict; input_lines: the input, when it is short and the verdict a failure; ran: False
    for an input that could not be judged at all; score: what a judging program gave it
    (testlib's points, a Kattis score.txt), else None; final: whether the verdict holds under
    any time limit (a Kattis validator rejected it, and ended first); reason: the code of what
    decided the verdict (judge.verdicts.REASONS); silent: whether the program ran and wrote no
    output (DOMjudge names such a WA NO-OUTPUT); memory_at, waited: the run's (see
    judge.process.watch.Run), by which a lower time limit judges it again; judgemessage: what
    a Kattis validator wrote to judgemessage.txt (its first MESSAGE_KEPT bytes; None: no such
    file), which a submission's `message` is looked for in."""

    verdict: Verdict
    wall: float
    cpu: float | None
    peak_mib: float | None
    slow: bool
    details: tuple[str, ...]
    input_lines: tuple[str, ...] = ()
    ran: bool = True
    score: float | None = None
    final: bool = False
    reason: str = ""
    silent: bool = False
    memory_at: float | None = None
    waited: float = 0.0
    judgemessage: bytes | None = None


@dataclass(frozen=True)
class Result(Judgement):
    """One judged case: its Judgement, and the case."""

    case: Case = field(default=None)  # type: ignore[assignment]  # always given: see of()

    @classmethod
    def of(cls, case: Case, judged: Judgement) -> Result:
        fields = {name: getattr(judged, name) for name in judged.__dataclass_fields__}
        return cls(case=case, **fields)


class UsageError(Exception):
    """A problem with the command line or the folders it points at: exit status 2."""


class OutputClosed(Exception):
    """The report cannot be written: stdout is a pipe whose reader has gone (| head)."""


def problem_name_error(name: str) -> str | None:
    if NAME_PATTERN.fullmatch(name):
        return None
    return f"'{shorten(printable(name))}' cannot name a problem: {NAME_RULE}"


def not_judged(reason: str, code: str = "not-judged") -> Judgement:
    """The IE of an input that could not be judged, and why."""
    return Judgement(Verdict.IE, 0.0, None, None, False, (reason,), (), False, reason=code)
