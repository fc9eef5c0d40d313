"""Comparing an output with the answer, in bytes (outputs can be 64 MiB): one table of
comparators, the float comparison, and Kattis's default output validator. judge.modes makes
modes of them."""

from __future__ import annotations

import contextlib
import itertools
import math
import re
from dataclasses import dataclass
from typing import Callable, Iterator, Optional, Sequence, Tuple

from .model import Verdict
from .platform import WINDOWS
from .text import printable

SPACE = b" \t\n\r\x0b\x0c"  # the whitespace bytes.split() splits on
ALL_SPACES = bytes.maketrans(SPACE, b" " * len(SPACE))
INVALID_CHARACTER = re.compile(rb"[^\x20-\x7e\n\r\t]")  # for Jutge.org: not printable ASCII
FLOAT_SLACK = 1e-15  # added to EPS, as testlib's doubleCompare does: 6.000001 is 1e-6 from 6
DECIMAL = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")  # a float token, never nan
WORD = re.compile(rb"[^ \t\n\r\x0b\x0c]+")  # a token, as bytes.split() finds them
LINES_CHUNK = 1 << 20  # bytes of lines split at once


def crlf_as_lf(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\n")


# Jutge.org: bytes as given; Windows' CRLF is LF
as_jutge_reads: Callable[[bytes], bytes] = crlf_as_lf if WINDOWS else bytes


def loose_lines(data: bytes) -> bytes:
    """Every line ends in a newline, with no spaces or tabs before it, and none is blank at the
    end. A chunk of lines at a time: no list of millions of lines."""
    pieces: list[bytes] = []
    data, start = crlf_as_lf(data), 0
    while start < len(data):
        end = data.find(b"\n", start + LINES_CHUNK) + 1 or len(data)  # just after a newline
        lines = data[start:end].split(b"\n")
        pieces.append(b"\n".join(line.rstrip(b" \t") for line in lines))
        start = end
    text = b"".join(pieces).rstrip(b"\n")
    return text + b"\n" if text else b""


def tokens(data: bytes) -> bytes:
    data = data.translate(ALL_SPACES)
    while b"  " in data:  # no list of millions of tokens: outputs can be 64 MiB
        data = data.replace(b"  ", b" ")
    return data.strip()


def equal_or_wrong(want: bytes, have: bytes) -> Verdict:
    return Verdict.AC if want == have else Verdict.WA


def jutge_verdict(want: bytes, have: bytes) -> Verdict:
    """As Jutge.org's standard checker: IC for a byte it refuses, PE for equal tokens."""
    if want == have:
        return Verdict.AC
    if INVALID_CHARACTER.search(have):
        return Verdict.IC
    return Verdict.PE if tokens(want).upper() == tokens(have).upper() else Verdict.WA


@dataclass(frozen=True)
class Comparator:
    """normal: an output as compared; verdict: of two normal forms; lines: an output as a diff
    shows it; by_token: whether a difference is shown by token."""

    normal: Callable[[bytes], bytes]
    verdict: Callable[[bytes, bytes], Verdict]
    lines: Callable[[bytes], bytes]
    by_token: bool


COMPARATORS = {
    "exact": Comparator(crlf_as_lf, equal_or_wrong, crlf_as_lf, False),  # as `oj test`
    "jutge": Comparator(as_jutge_reads, jutge_verdict, as_jutge_reads, False),
    "tokens": Comparator(tokens, equal_or_wrong, crlf_as_lf, True),
    "loose": Comparator(loose_lines, equal_or_wrong, loose_lines, False),
}


def eps_error(text: str) -> str | None:
    """None when text is a usable tolerance, else why not."""
    with contextlib.suppress(ValueError):
        if 0 < float(text) < math.inf:
            return None
    return f"float wants a tolerance, a positive number such as 1e-6, not '{printable(text)}'"


# Where two outputs first differ beyond a tolerance: the token's number, the answer's token
# and the output's (None: past its last), and the error (inf: not two numbers).
FloatDifference = Tuple[int, Optional[bytes], Optional[bytes], float]


def float_difference(expected: bytes, got: bytes, eps: float) -> FloatDifference | None:
    """(number, expected, got, error) of the first tokens differing beyond eps, or None."""
    if tokens(expected) == tokens(got):
        return None
    for number, (want, have) in enumerate(token_pairs(WORD, expected, got), 1):
        error = scale = math.inf  # unless both are numbers
        if want and have and DECIMAL.fullmatch(want) and DECIMAL.fullmatch(have):
            error = abs(float(have) - float(want))  # nan if both are inf
            scale = max(1.0, abs(float(want)))  # absolute or relative
        if want != have and not (scale < math.inf and error <= (eps + FLOAT_SLACK) * scale):
            return number, want, have, error  # close: finite decimals within eps, as testlib
    return None


def token_pairs(
    pattern: re.Pattern[bytes], expected: bytes, got: bytes
) -> Iterator[tuple[bytes | None, bytes | None]]:
    """The pieces pattern finds in expected and in got, in pairs (None: past the last)."""
    for want, have in itertools.zip_longest(pattern.finditer(expected), pattern.finditer(got)):
        yield (want.group() if want else None), (have.group() if have else None)


# Kattis's default output validator: its flags, and a float as C's sscanf("%lf") reads it
# (a whole token, decimal or hexadecimal; inf, nan and overflow are no float to it).
KATTIS_SWITCHES = ("case_sensitive", "space_change_sensitive")
KATTIS_TOLERANCES = ("float_tolerance", "float_absolute_tolerance", "float_relative_tolerance")
C_HEX = re.compile(rb"[+-]?0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?\d+)?")
PIECE = re.compile(rb"[ \t\n\r\x0b\x0c]+|[^ \t\n\r\x0b\x0c]+")  # a run of spaces, or a token


@dataclass(frozen=True)
class KattisFlags:
    """The default validator's flags: its two switches, and its tolerances (-1: none)."""

    case_sensitive: bool
    space_change_sensitive: bool
    absolute: float
    relative: float


def c_float(token: bytes) -> float | None:
    """The finite number the token is to C's sscanf, or None (not one, inf, nan, too large)."""
    try:
        if DECIMAL.fullmatch(token):
            value = float(token)
        elif C_HEX.fullmatch(token):
            value = float.fromhex(token.decode("ascii"))
        else:
            return None
    except OverflowError:  # a hexadecimal past the largest double: inf
        return None
    return value if math.isfinite(value) else None


def kattis_flags(words: Sequence[str]) -> KattisFlags:
    """The KattisFlags of the default validator's arguments (a tolerance of -1: none); a
    ValueError says which word is wrong."""
    switches: set[str] = set()
    tolerances, at = {"absolute": -1.0, "relative": -1.0}, 0
    while at < len(words):
        word = words[at]
        if word in KATTIS_TOLERANCES:
            value = c_float(words[at + 1].encode()) if at + 1 < len(words) else None
            if value is None:
                raise ValueError(f"{word} wants a number, as in '{word} 1e-6'")
            if word != "float_relative_tolerance":  # float_tolerance sets both
                tolerances["absolute"] = value
            if word != "float_absolute_tolerance":
                tolerances["relative"] = value
            at += 2
        elif word in KATTIS_SWITCHES:
            switches.add(word)
            at += 1
        else:
            wanted = ", ".join(KATTIS_SWITCHES + KATTIS_TOLERANCES)
            raise ValueError(
                f"'{printable(word)}' is no flag of Kattis's default validator: {wanted}"
            )
    return KattisFlags(
        "case_sensitive" in switches,
        "space_change_sensitive" in switches,
        tolerances["absolute"],
        tolerances["relative"],
    )


def kattis_difference(
    expected: bytes, got: bytes, flags: KattisFlags
) -> tuple[int, int, str] | None:
    """None if the default validator accepts got, else (the piece's number, its offset in got,
    what is wrong): tokens compared in any letter case (unless case_sensitive), runs of spaces
    equal (with space_change_sensitive), a number of the answer within a tolerance."""
    if expected == got or (not flags.space_change_sensitive and tokens(expected) == tokens(got)):
        return None  # at C's speed, as most outputs are right
    return kattis_walk(expected, got, flags)


def kattis_walk(expected: bytes, got: bytes, flags: KattisFlags) -> tuple[int, int, str] | None:
    """kattis_difference() token by token."""
    pattern = PIECE if flags.space_change_sensitive else WORD
    pairs = itertools.zip_longest(pattern.finditer(expected), pattern.finditer(got))
    for number, (want, have) in enumerate(pairs, 1):
        at = have.start() if have else len(got)
        wanted, given = (want.group() if want else None), (have.group() if have else None)
        wrong = kattis_token_error(wanted, given, flags)
        if wrong:
            return number, at, wrong
    return None


def kattis_token_error(want: bytes | None, have: bytes | None, flags: KattisFlags) -> str | None:
    """What is wrong with the output's token (or run of spaces) have against the answer's
    want (None: past either's end), or None."""
    if want is None:
        assert have is not None  # of two pieces, one at most is past its end
        return f"more output than the answer: {shown_token(have)}"
    if have is None:
        return f"the output ends where the answer has {shown_token(want)}"
    if want[:1].isspace() or have[:1].isspace():  # space_change_sensitive
        spaces = f"space change: {shown_token(have)} for {shown_token(want)}"
        return None if want == have else spaces
    wanted = c_float(want) if max(flags.absolute, flags.relative) >= 0 else None
    if wanted is not None:
        value = c_float(have)
        if value is None:
            return f"a number was expected ({shown_token(want)}), got {shown_token(have)}"
        error = abs(value - wanted)
        if error <= flags.absolute or error <= flags.relative * abs(wanted):
            return None
        relative = f", relative {error / abs(wanted):.3g}" if wanted else ""
        return f"{shown_token(have)} for {shown_token(want)}: error {error:.3g}{relative}"
    if want == have or (not flags.case_sensitive and want.lower() == have.lower()):
        return None
    return f"{shown_token(have)} for {shown_token(want)}"


def shown_token(token: bytes) -> str:
    """A token or a run of spaces as a report shows it, cut when long."""
    text = printable(token[:40].decode("utf-8", "backslashreplace"))
    return "'" + text + ("...'" if len(token) > 40 else "'")
