"""The records that pass between the judge's layers, its errors, and the name rule."""

import re
from collections import namedtuple

from judge.text import printable, shorten

MIB = 1024 * 1024
PASSING = ("AC", "--")  # "--": a case with no .out, run but not checked
JUDGE_PREFIX = "judge-"  # a case the judge's statement allows; every other case is ours
EXTENDED_NOTE = "extended case: the judge never sends this input (--judge-only leaves it out)"
NAME_RULE = (
    "a problem's name is 1 to 64 letters, digits, _ and -, opening with a letter or digit, "
    "and not a name Windows reserves (CON, PRN, AUX, NUL, COM1-COM9, LPT1-LPT9)"
)
NAME_PATTERN = re.compile(r"(?a)(?!(?i:con|prn|aux|nul|com[1-9]|lpt[1-9])$)[A-Za-z0-9][\w-]{0,63}")

# A case: its problem, its name, its .in, its .out (None if none) and whether the judge sends it.
Case = namedtuple("Case", "problem name input expected judge")

# How a problem is judged: its judge's name, the CPU time limit (s) and memory limit (MiB),
# the mode (a judge.modes.Mode), another language's limit, (language, seconds) or None, and
# the output limit (MiB) where the judge says one, else None.
Profile = namedtuple("Profile", "judge_name time_limit memory_limit mode other_limit output_limit")
Profile.__new__.__defaults__ = (None, None)

# What runs: the command as (args, executable), the folder it runs in, bwrap's path when each
# run is sandboxed (else None), and the lines that say why it could not be built (else None:
# with them, each input is a CE and nothing runs).
Program = namedtuple("Program", "command workdir sandbox failure")
Program.__new__.__defaults__ = (None, None)

# How one input was judged. wall and cpu in seconds, cpu and peak_mib None where not measured;
# slow: a pass that took over half the limit; details: the lines that explain the verdict;
# input_lines: the input, when it is short and the verdict a failure; ran: False for an input
# that could not be judged at all (its .out unreadable, its program not started); score: what
# a judging program gave it (testlib's points, a Kattis score.txt), else None; final: whether
# the verdict holds under any time limit (a Kattis validator rejected it, and ended first).
JUDGEMENT_FIELDS = "verdict wall cpu peak_mib slow details input_lines ran score final"
Judgement = namedtuple("Judgement", JUDGEMENT_FIELDS)
Judgement.__new__.__defaults__ = ((), True, None, False)
# One judged case: the case, then its Judgement's fields.
Result = namedtuple("Result", "case " + JUDGEMENT_FIELDS)
Result.__new__.__defaults__ = ((), True, None, False)


class Checked(tuple):
    """A mode's (verdict, the lines that explain it), and .score: the score a judging program
    gave, or None; .final: whether the verdict holds under any time limit. A pair still:
    `verdict, details = mode.judge(...)`."""

    def __new__(cls, verdict, details, score=None, final=False):
        checked = super().__new__(cls, (verdict, details))
        checked.score, checked.final = score, final
        return checked


class UsageError(Exception):
    """A problem with the command line or the folders it points at: exit status 2."""


class OutputClosed(Exception):
    """The report cannot be written: stdout is a pipe whose reader has gone (| head)."""


def problem_name_error(name):
    if NAME_PATTERN.fullmatch(name):
        return None
    return f"'{shorten(printable(name))}' cannot name a problem: {NAME_RULE}"


def not_judged(reason):
    """The IE of an input that could not be judged, and why."""
    return Judgement("IE", 0.0, None, None, False, [reason], (), False)
