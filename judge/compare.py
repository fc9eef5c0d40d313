"""Comparing an output with the answer, in bytes (outputs can be 64 MiB): one table of
comparators, and the float comparison. judge.modes makes modes of them."""

import contextlib
import itertools
import math
import re
from collections import namedtuple

from judge.platform import WINDOWS
from judge.text import printable

SPACE = b" \t\n\r\x0b\x0c"  # the whitespace bytes.split() splits on
ALL_SPACES = bytes.maketrans(SPACE, b" " * len(SPACE))
INVALID_CHARACTER = re.compile(rb"[^\x20-\x7e\n\r\t]")  # for Jutge.org: not printable ASCII
FLOAT_SLACK = 1e-15  # added to EPS, as testlib's doubleCompare does: 6.000001 is 1e-6 from 6
DECIMAL = re.compile(rb"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")  # a float token, never nan
WORD = re.compile(rb"[^ \t\n\r\x0b\x0c]+")  # a token, as bytes.split() finds them


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


def eps_error(text):
    """None when text is a usable tolerance, else why not."""
    with contextlib.suppress(ValueError):
        if 0 < float(text) < math.inf:
            return None
    return f"float wants a tolerance, a positive number such as 1e-6, not '{printable(text)}'"


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
