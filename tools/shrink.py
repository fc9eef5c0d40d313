"""Shrinking a failing input: the smallest one reachable that fails the same way again.

Shrinking takes the first candidate that gives the same verdict again (a TLE shrinks only to
inputs that are TLE too), again and again, until none does. A problem with a generator tries
the candidates of ``gen.shrink(text)`` first. They rebuild the input in a plain layout. Then
come the candidates that keep the layout (``layout_shrinks``): whole lines, then single
words, deleted in place. So a failure that needs CRLF, say, shrinks too. Every candidate is
shorter, or smaller by the problem's own measure, and none is tried twice, so it ends. A
watch (see ``smallest``) may end it sooner, and hears of each smaller input found.
"""

import contextlib
import hashlib
import itertools
import re

from tools.problem import judge_sends, tooling

LINE = re.compile(r"[^\n]*\n|[^\n]+")  # a line with its line end, if it has one
WORD = re.compile(r"\S+")


def layout_shrinks(text):
    """Shorter inputs in the same layout: runs of whole lines deleted (halves first, down to
    single lines), then single words deleted where they stand, with the blanks between them
    and the word before them (the word after, for a line's first word). Line ends, other
    blanks and a byte-order mark stay as they are."""
    lines = LINE.findall(text)
    size = len(lines) // 2
    while size:
        for start in range(0, len(lines), size):
            yield "".join(lines[:start] + lines[start + size :])
        size //= 2
    at = 0
    for line in lines:
        spans = [word.span() for word in WORD.finditer(line.rstrip("\r\n"))]
        for i, (start, end) in enumerate(spans):
            if i > 0:
                start = spans[i - 1][1]
            elif len(spans) > 1:
                end = spans[1][0]
            yield text[: at + start] + text[at + end :]
        at += len(line)


def until_error(candidates):
    """The candidates, up to the first one whose making raises (gen.shrink reads its input
    as the oracle does, and a layout candidate may be no input of the problem at all)."""
    with contextlib.suppress(Exception):
        yield from candidates


def digest(text):
    """What smallest() keeps of a candidate tried: 16 bytes, not its text (a shrink of a 1 MB
    input tries thousands). surrogatepass: any two texts, even of lone surrogates, differ."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def smallest(judge, text, verdict, candidates=layout_shrinks, allowed=None, watch=None):
    """The smallest input reachable from text through candidates(text) that gives the same
    verdict kind again, and that Verdict. allowed(text) filters the candidates. A candidate
    on which judge raises is no input of the problem (the oracle or the brute force refused
    it): it is skipped. watch, when given, is asked watch.go_on() before each candidate is
    judged (False: stop here, with the smallest found so far) and told watch.found(text,
    verdict) of each smaller failing input, so that it holds the smallest one if the
    shrinking is interrupted."""
    seen, progress = {digest(text)}, True
    while progress:
        progress = False
        for smaller in candidates(text):
            key = digest(smaller)
            if key in seen or (allowed and not allowed(smaller)):
                continue
            seen.add(key)
            if watch and not watch.go_on():
                return text, verdict
            try:
                again = judge(smaller)
            except Exception:
                continue
            if again.kind == verdict.kind:
                text, verdict, progress = smaller, again, True
                if watch:
                    watch.found(text, verdict)
                break
    return text, verdict


def shrink(name, judge, text, verdict, judge_mode=False, watch=None):
    """smallest() for a problem with a tooling folder: gen.shrink's candidates, then the
    layout's; in judge mode only inputs the judge could send."""
    gen = tooling(name, "gen")

    def candidates(text):
        return itertools.chain(until_error(gen.shrink(text)), layout_shrinks(text))

    allowed = (lambda text: judge_sends(name, text)[0]) if judge_mode else None
    return smallest(judge, text, verdict, candidates, allowed, watch)
