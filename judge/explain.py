"""Explaining a failure to a person: where an output first differs from the answer, a short
diff around it, a hint of a mode that would accept it, the output beside the answer under a
checker's message, how a program ended, and the last lines of its stderr."""

from __future__ import annotations

import difflib
import itertools
import math
import re
import signal
from dataclasses import replace
from typing import TYPE_CHECKING, Iterable, Literal, Sequence, Tuple

from .compare import COMPARATORS, SPACE, Comparator, float_difference, loose_lines, tokens
from .model import Verdict
from .text import SHOWN_CHARS, printable, shorten

if TYPE_CHECKING:  # types of the layers above, which import this module
    from .process.watch import Run
    from .verdicts import Decision

NEWLINE = b"\n"
STDERR_LINES = 10  # lines of stderr shown
DIFF_WINDOW = 8  # lines a side in the diff shown for WA/PE: at most 19 lines of diff
A_LINE = re.compile(rb"[^\n]*\n|[^\n]+")  # a line, with its newline if it has one; never empty
TOKEN = re.compile(rb"[^ ]*")  # a token, where tokens() has made every space one " "

# difflib's step of a diff: its tag, and the ranges of the two sides' lines it spans.
Opcode = Tuple[Literal["replace", "delete", "insert", "equal"], int, int, int, int]

if TYPE_CHECKING:  # generic to a type checker; at run time, only from Python 3.9 on
    LineMatcher = difflib.SequenceMatcher[str]
else:
    LineMatcher = difflib.SequenceMatcher


def exit_description(code: int) -> str:
    if code < 0:
        names = {number.value: f" ({number.name})" for number in signal.Signals}
        return f"killed by signal {-code}{names.get(-code, '')}"
    if code > 0xFFFF:  # a Windows status such as 0xC00000FD, a stack overflow
        return f"exit status {code} ({code:#010x})"
    return f"exit status {code}"


def last_lines(data: bytes) -> list[str]:
    """The last STDERR_LINES lines of a program's stderr (or message), as text."""
    return data.decode("utf-8", "backslashreplace").splitlines()[-STDERR_LINES:]


def stderr_tail(data: bytes) -> list[str]:
    """A program's stderr under its verdict: its last lines, or nothing when it wrote none."""
    lines = last_lines(data)
    return (
        ["stderr, last lines:"] + ["  " + shorten(printable(line)) for line in lines]
        if lines
        else []
    )


FLOAT_HINT = "1e-6"  # the tolerance a hint tries: the usual one of a judge's statement
HINT_BYTES = 1 << 20  # the tolerance is tried on at most this much past the equal tokens
# What a hint says of each mode it may name, the strictest first, and the mode's flag.
LOOSE_HINT = "loose would accept it, spaces at line ends and blank lines ignored: --loose"
TOKENS_HINT = "tokens would accept it, as most judges compare: --tokens"
FLOAT_HINT_TEXT = f"equal within {FLOAT_HINT}: --float {FLOAT_HINT}"
CASE_HINT = "equal in any letter case, as Kattis compares by default: --kattis"


def hints(got: bytes, expected: bytes) -> list[str]:
    """A failure's hint, "hint: ...": the strictest of loose, tokens, float 1e-6 and kattis
    that would accept the output, and its flag; none when none would. It changes no verdict:
    the judge's statement says which mode is right. A mode that rejected the output never
    accepts it, so the hint never names the mode that judged it."""
    want, have = tokens(expected), tokens(got)
    if want == have:  # loose accepts only equal tokens
        return ["hint: " + (LOOSE_HINT if same_lines(got, expected) else TOKENS_HINT)]
    if near_numbers(want, have):
        return ["hint: " + FLOAT_HINT_TEXT]
    return ["hint: " + CASE_HINT] if want.upper() == have.upper() else []


def same_lines(got: bytes, expected: bytes) -> bool:
    """Whether loose accepts the output, its lines compared from the first that differs; False
    past HINT_BYTES from there (millions of lines for a hint: tokens', which is true too)."""
    start = line_start(expected, common_prefix(expected, got))  # the lines above are equal
    if max(len(expected), len(got)) - start > HINT_BYTES:
        return False
    return loose_lines(expected[start:]) == loose_lines(got[start:])


def near_numbers(want: bytes, have: bytes) -> bool:
    """Whether two outputs' tokens (tokens() of each) are equal within FLOAT_HINT, tried from
    their first difference on; False past HINT_BYTES from there (millions of tokens walked
    for a hint: none)."""
    start = want.rfind(b" ", 0, common_prefix(want, have)) + 1  # the first token that differs
    if max(len(want), len(have)) - start > HINT_BYTES:
        return False
    return float_difference(want[start:], have[start:], float(FLOAT_HINT)) is None


def float_mismatch(got: bytes, expected: bytes, eps_text: str) -> list[str]:
    """Where two outputs first differ beyond the tolerance eps_text, and by how much."""
    found = float_difference(expected, got, float(eps_text))
    assert found is not None  # the output is a WA: its tokens differ
    number, want, have, error = found
    how = f": error {error:.3g}, over {eps_text} absolute and relative" if error < math.inf else ""
    where = f"first difference at token {number}{how}"
    return [*hints(got, expected), where, *difference(shown_tokens((want, have)))]


def mismatch(verdict: Verdict, got: bytes, expected: bytes, comparator: Comparator) -> list[str]:
    """How near the output is, its first difference and a short diff, found in bytes (64 MiB)."""
    details = []
    if verdict == Verdict.PE:
        equal = "equal once runs of whitespace are one space, the ends trimmed"
        details.append(f"presentation error: {equal} and letters upper-cased")
    elif expected.translate(None, SPACE) == got.translate(None, SPACE):
        details.append("only whitespace differs, and this judge counts that as a wrong answer")
    elif tokens(expected).upper() == tokens(got).upper():
        details.append("only letter case or whitespace differs: Jutge.org would say PE")
    return details + hints(got, expected) + where_they_differ(got, expected, comparator)


def where_they_differ(got: bytes, expected: bytes, comparator: Comparator) -> list[str]:
    """The first difference of an output from the answer, and a short diff when either has
    many lines."""
    want, have = comparator.lines(expected), comparator.lines(got)
    start = line_start(want, common_prefix(want, have))
    if comparator.by_token:
        want_tokens, have_tokens = comparator.normal(expected), comparator.normal(got)
        same = common_prefix(want_tokens, have_tokens)
        ends = all(data[same : same + 1] in (b" ", b"") for data in (want_tokens, have_tokens))
        at = same + 1 if ends else want_tokens.rfind(b" ", 0, same) + 1  # ends: one has more tokens
        where = f"token {want_tokens.count(b' ', 0, same) + 1 + ends}"
        shown = shown_tokens(token_at(data, at) for data in (want_tokens, have_tokens))
    else:
        where, shown = line_difference(want, have, start)
    details = ["first difference at " + where, *difference(shown)]
    if any(data.find(NEWLINE, 0, len(data) - 1) >= 0 for data in (want, have)):  # many lines
        details += unified_diff(want, have, line_start(want, start, back=2))
    return details


BESIDE = "your output vs the answer, by tokens: the judging program decided, not this diff"


def beside_answer(decision: Decision, run: Run | None, expected: bytes | None) -> Decision:
    """A judging program's WA or PE (a checker's, a validator's) with the output of run beside
    the answer under its message, as a comparison by tokens shows them, marked so: the program
    decided. Any other decision, or one with no output to show (None), as it is."""
    judged = decision.reason == "judging-exit" and decision.verdict in (Verdict.WA, Verdict.PE)
    if not judged or run is None or expected is None:
        return decision
    got = run.output
    if tokens(got) == tokens(expected):
        return replace(decision, details=(*decision.details, BESIDE + ": the same tokens"))
    lines = where_they_differ(got, expected, COMPARATORS["tokens"])
    return replace(decision, details=(*decision.details, BESIDE, *lines))


def token_at(data: bytes, at: int) -> bytes:
    """The token from offset at on, where tokens() has made every space one " "."""
    found = TOKEN.match(data, at)
    assert found is not None  # TOKEN matches, if only the empty token past the end
    return found.group()


def shown_tokens(pair: Iterable[bytes | None]) -> list[str]:
    texts = [token.decode("utf-8", "backslashreplace") if token else "" for token in pair]
    return [shorten(printable(text)) or "(no more tokens)" for text in texts]


def difference(shown: Sequence[str]) -> list[str]:
    return ["  expected: " + shown[0], "  got:      " + shown[1]]


def common_prefix(a: bytes, b: bytes) -> int:
    size, step, limit = 0, 1 << 16, min(len(a), len(b))
    while step:
        while size + step <= limit and a[size : size + step] == b[size : size + step]:
            size += step
        step //= 2
    return size


def line_start(data: bytes, offset: int, back: int = 0) -> int:
    """Where the line holding offset starts, or the one `back` lines above it."""
    start = data.rfind(NEWLINE, 0, offset) + 1
    for _ in range(back):
        start = data.rfind(NEWLINE, 0, max(start - 1, 0)) + 1
    return start


def lines_from(data: bytes, start: int, count: int) -> list[bytes]:
    return [line.group() for line, _ in zip(A_LINE.finditer(data, start), range(count))]


def visible(lines: Sequence[bytes], skip: int = 0) -> str:
    """The first of lines of output, its whitespace made visible and its newline said in words;
    from its byte `skip` on, "..." before it, when the line is too long to show whole."""
    if not lines:
        return "(end of output)"
    text = lines[0][skip:].rstrip(b"\n").decode("utf-8", "backslashreplace")
    shown = printable(shorten(text.replace(" ", "·").replace("\t", "→")))
    return (
        ("..." if skip else "")
        + shown
        + ("" if lines[0].endswith(b"\n") else "  (no final newline)")
    )


def line_difference(want: bytes, have: bytes, start: int) -> tuple[str, list[str]]:
    """Where two outputs first differ within the line at start, and both sides shown there: the
    line and, on a line too long to show whole, its column and token, and a window around it."""
    where = f"line {want.count(NEWLINE, 0, start) + 1}"
    sides = [lines_from(data, start, 1) for data in (want, have)]
    if max(len(side[0]) if side else 0 for side in sides) <= SHOWN_CHARS:
        return where, [visible(side) for side in sides]
    offset = common_prefix(want, have)
    before = want[start:offset]
    token = len(before.split()) + (not before or before[-1:].isspace())
    skip = max(0, offset - start - SHOWN_CHARS // 3)
    where += f", column {offset - start + 1} (token {token})"
    return where, [visible(side, skip) for side in sides]


def unified_diff(want: bytes, have: bytes, start: int) -> list[str]:
    """A unified diff of DIFF_WINDOW lines a side from offset start, where both still agree.
    The sides are aligned on twice as many lines, then cut to the window, so that a line
    inserted or missing shows as one line, not as another line cut off at the window's end.
    Outputs of as many lines are paired line by line: one answer a line, a wrong one is one
    line changed, however many equal answers other lines hold."""
    before = want.count(NEWLINE, 0, start)
    old, new = (lines_from(data, start, 2 * DIFF_WINDOW) for data in (want, have))
    shown = [visible([line]) for line in old], [visible([line]) for line in new]
    paired = line_count(want) == line_count(have) and len(old) == len(new)
    matcher = PairedMatcher(*shown) if paired else WindowMatcher(None, *shown, autojunk=False)
    lines = ["--- expected", "+++ got"]
    for group in matcher.get_grouped_opcodes(2):
        first, last = group[0], group[-1]
        old_range = hunk_range(before + first[1], last[2] - first[1])
        lines.append(f"@@ -{old_range} +{hunk_range(before + first[3], last[4] - first[3])} @@")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                lines += [" " + line for line in shown[0][i1:i2]]
                continue
            lines += ["-" + line for line in shown[0][i1:i2]]
            lines += ["+" + line for line in shown[1][j1:j2]]
    seen = [start + len(b"".join(side[:DIFF_WINDOW])) for side in (old, new)]
    if seen[0] < len(want) or seen[1] < len(have):
        lines.append(f"... (cut after line {before + DIFF_WINDOW})")
    return ["diff:"] + ["  " + line for line in lines]


class WindowMatcher(LineMatcher):
    """difflib's matcher of two sides' lines, its opcodes (and so its groups of them) cut to the
    first DIFF_WINDOW lines of each side."""

    def get_opcodes(self) -> list[Opcode]:
        return clipped(super().get_opcodes(), DIFF_WINDOW)


class PairedMatcher(WindowMatcher):
    """The matcher of two sides of as many lines: line i of one is line i of the other."""

    def __init__(self, old: Sequence[str], new: Sequence[str]) -> None:
        super().__init__(None, old, new, autojunk=False)
        self.pairs = paired_opcodes(old, new)

    def get_opcodes(self) -> list[Opcode]:
        return clipped(self.pairs, DIFF_WINDOW)


def paired_opcodes(old: Sequence[str], new: Sequence[str]) -> list[Opcode]:
    """The opcodes of two sides of as many lines, line i against line i: runs of equal lines
    and runs of lines replaced."""
    opcodes: list[Opcode] = []
    at = 0
    for same, run in itertools.groupby(zip(old, new), key=lambda pair: pair[0] == pair[1]):
        end = at + len(list(run))
        opcodes.append(("equal" if same else "replace", at, end, at, end))
        at = end
    return opcodes


def line_count(data: bytes) -> int:
    """The lines of an output, its last one counted whether or not a newline ends it."""
    return data.count(NEWLINE) + bool(data and not data.endswith(NEWLINE))


def clipped(opcodes: Iterable[Opcode], window: int) -> list[Opcode]:
    """difflib's opcodes cut to the first `window` lines of each side."""
    kept: list[Opcode] = []
    for tag, i1, i2, j1, j2 in opcodes:
        if i1 >= window and j1 >= window:
            break
        i2, j2 = min(i2, window), min(j2, window)
        if tag == "equal":
            same = min(i2 - i1, j2 - j1)
            i2, j2 = i1 + same, j1 + same
        kept.append((tag, i1, i2, j1, j2))
    return kept


def hunk_range(start: int, length: int) -> str:
    """A side's range in a hunk header, as diff -u writes it (start counts lines before it)."""
    if length == 1:
        return f"{start + 1}"
    return f"{start + 1 if length else start},{length}"
