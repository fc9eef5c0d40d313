"""Is an input a judge case of vertical_four? The exam's statement allows exactly two lines
ending in LF: `W H`, then at least one move, single spaces between numbers, every number a
32-bit signed integer written plainly (no sign but a minus, no leading zero), and a board
that a W x H grid holds: |W|, |H| <= 10^6, and W x H <= 10^6 when both are positive.
"""

import re

NUMBER = rb"-?(?:0|[1-9][0-9]*)"
JUDGE_FORM = re.compile(rb"(%s) (%s)\n(%s(?: %s)*)\n" % ((NUMBER,) * 4))
INT32 = range(-(2**31), 2**31)
SIDE = range(-(10**6), 10**6 + 1)
CELLS = 10**6


def why_extended(data):
    """None for an input the exam could send, else why it is one of ours (a short phrase)."""
    form = JUDGE_FORM.fullmatch(data)
    if form is None:
        return "not two LF lines of single-spaced plain numbers with at least one move"
    numbers = [*form.group(1, 2), *form.group(3).split(b" ")]
    if any(int(number) not in INT32 for number in numbers):
        return "a number beyond 32 bits"
    width, height = int(form.group(1)), int(form.group(2))
    if (
        width not in SIDE
        or height not in SIDE
        or (min(width, height) > 0 and width * height > CELLS)
    ):
        return "a board no grid of 10^6 cells holds"
    return None
