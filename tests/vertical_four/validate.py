"""Is an input a judge case of vertical_four? The exam's statement allows exactly two lines
ending in LF: `W H`, then at least one move, single spaces between numbers, every number a
32-bit signed integer written plainly (no sign but a minus, no leading zero). The board must
also be one that the statement's own solution answers in time. That solution rescans the
whole W x H grid after every move. So |W|, |H| <= 10^5, and when both are positive,
W x H x N <= 5 x 10^6. N counts the moves up to the answer: the move that wins or errs, or
every move of a draw. Later moves are never played, so they do not count.
"""

import re

from . import oracle

NUMBER = rb"-?(?:0|[1-9][0-9]*)"
JUDGE_FORM = re.compile(rb"(%s) (%s)\n(%s(?: %s)*)\n" % ((NUMBER,) * 4))
INT32 = range(-(2**31), 2**31)
SIDE = range(-(10**5), 10**5 + 1)
WORK = 5 * 10**6  # at most W x H x N cells rescanned


def moves_within(width, height, moves, most):
    """Whether the game ends by move `most`: won, an error, or a draw of that many moves."""
    if len(moves) <= most:
        return True
    text = f"{width} {height}\n" + " ".join(map(str, moves[:most])) + "\n"
    return not oracle.incremental(text).startswith("0,")


def why_extended(data):
    """None for an input the exam could send, else why it is one of ours (a short phrase)."""
    form = JUDGE_FORM.fullmatch(data)
    if form is None:
        return "not two LF lines of single-spaced plain numbers with at least one move"
    words = [*form.group(1, 2), *form.group(3).split(b" ")]
    # A plain number of over 11 characters is beyond 32 bits. int() refuses very long ones.
    numbers = [int(word) if len(word) <= 11 else 2**31 for word in words]
    if any(number not in INT32 for number in numbers):
        return "a number beyond 32 bits"
    width, height, moves = numbers[0], numbers[1], numbers[2:]
    if width not in SIDE or height not in SIDE:
        return "a side over 10^5"
    if min(width, height) > 0 and not moves_within(width, height, moves, WORK // (width * height)):
        return "W x H x (moves up to the answer) over 5 x 10^6"
    return None
