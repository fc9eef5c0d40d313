"""
Problem: 无限棋局 (Gomoku on an infinite board), LeetCode LCP 48.
Judge: LeetCode LCP 48; 2 s; 256 MiB; exact
Description: stones [x, y, colour] (0 black, 1 white), black to move, no five
  yet. Who wins in black, white, black moves with best play: "Black", "White"
  or "None"? Any integer x, y; 10^5 stones (LeetCode: 1000). Input as people
  save it (read): JSON arrays, each perhaps after "pieces =" or "pieces:", in
  any layout, with commas, blank lines, CRLF, byte-order marks between them;
  a quoted answer a line; else (a bad colour or stone) one error line, exit 1.
Idea: only 5-cell windows with 3+ stones of one colour and none of the other
  matter: one with 4 gives that colour a winning cell (its empty cell), a
  black one with 3 links its two empty cells (black on one makes the other a
  winning cell). 1. Black has a winning cell: Black. 2. White has 2+: White.
  3. White has one, c: black takes it; Black if c links 2+ cells (read in the
  20 windows through c), else None. 4. Else Black iff some cell links 2+.
  Per direction, sort the stones along the lines (one integer key each): a
  window's stones are neighbours there. At 3 neighbours of one colour within
  5 cells, read the windows holding them. White's need a 4th next (its threes
  decide nothing); black's too once a cell links two (only fours matter then).
Time: O(n log n) for n stones (4 sorts).
Memory: O(n).
Status: tests/infinite_gobang/test_infinite_gobang.py (random boards against
  a full three-ply game-tree search), testcases/infinite_gobang.
"""

import gc
import json
import re
import sys
from itertools import chain
from operator import itemgetter
from typing import List

# The judge's logic: LeetCode's class, to paste as it is.


class Solution:
    DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))

    def gobang(self, pieces: List[List[int]]) -> str:
        board = {(x, y): c for x, y, c in pieces}
        # threats: the cells where white completes a five. partner: empty cell -> a cell that
        # black there makes winning for black. fours_only: the colours whose threes count only
        # as the first three of a four.
        threats, partner, fours_only = set(), {}, {1}
        reach = max([max(abs(x), abs(y)) for x, y, _ in pieces], default=0)  # the largest |x|, |y|
        span = 2 * reach + 5  # line * span + place: keys of two lines are 5+ apart
        for dx, dy in self.DIRECTIONS:
            keys = [((dx * y - dy * x) * span + (x if dx else y)) * 2 + c for x, y, c in pieces]
            keys.sort()  # by line dx * y - dy * x, place x (y on a column), colour (last bit)
            keys.append(keys[-1] + 10 if keys else 0)  # an end mark, away from the last stone
            for a, b, e, f in zip(keys, keys[1:], keys[2:], keys[3:]):
                c = a % 2
                if b % 2 != c or e % 2 != c or e - a > 8:
                    continue  # not 3 neighbours of one colour within 5 cells of a line
                if c in fours_only and (f % 2 != c or f - a > 8):
                    continue  # a three that only a four (f next) makes matter
                line, first = divmod(a // 2 + reach, span)
                first -= reach  # the place of the first stone (the third is (e - a) // 2 further)
                places = range(first + (e - a) // 2 - 4, first + 5)  # the windows holding all three
                cells = [(t, line + dy * t) if dx else (-line, t) for t in places]
                stones = list(map(board.get, cells))  # each read once
                for w in range(len(cells) - 4):  # window w: cells[w : w + 5]
                    if 1 - c in stones[w : w + 5]:
                        continue  # a stone of the other colour
                    empty = [cells[k] for k in range(w, w + 5) if stones[k] is None]
                    if len(empty) == 1:  # a four
                        if c == 0:
                            return "Black"  # 1. black completes a five now
                        threats.add(empty[0])
                    elif len(empty) == 2 and c == 0:
                        p, q = empty
                        if partner.setdefault(p, q) != q or partner.setdefault(q, p) != p:
                            fours_only.add(0)  # 4. p or q links two: now only fours matter
        if len(threats) > 1:
            return "White"  # 2. black can block only one
        if threats:  # 3. black must block white's one cell: does that make two winning cells?
            return "Black" if len(self.winning_after(board, *threats.pop())) > 1 else "None"
        return "Black" if 0 in fours_only else "None"  # 4. black takes a cell linking two

    def winning_after(self, board, x, y):
        """The cells where black completes a five once black is on the empty cell x, y."""
        cells = set()
        for dx, dy in self.DIRECTIONS:
            line = [(x + dx * t, y + dy * t) for t in range(-4, 5)]  # 5 windows hold the cell
            for w in range(5):
                stones = [board.get(place) for place in line[w : w + 5]]
                if stones.count(0) == 3:  # black's fourth stone here: the fifth cell, if empty
                    cells.update(line[w + k] for k in range(5) if stones[k] is None and k != 4 - w)
        return cells


# The input layer: the text as people save it -> the judge's clean values.

BEFORE = re.compile(r"[\s,\ufeff]*(?:pieces\s*[=:]?\s*)?")  # what may come before an array


def read(text):
    """The cases: lists of stones [x, y, colour] (see Description)."""
    text = text[1:] if text.startswith("\ufeff") else text  # a byte-order mark
    lines = [line[BEFORE.match(line).end() :].rstrip() for line in text.splitlines()]
    try:  # one array a line: the usual case, fast
        cases = [json.loads(line.rstrip(",")) for line in lines if line]
    except ValueError:  # an array over several lines, or several arrays on one: one by one
        cases, end, decode = [], BEFORE.match(text).end(), json.JSONDecoder().raw_decode
        while end < len(text):
            pieces, end = decode(text, end)
            cases.append(pieces)
            end = BEFORE.match(text, end).end()
    for number, pieces in enumerate(cases, 1):  # lists of lists of 3 integers, colours 0, 1
        good = isinstance(pieces, list) and set(map(type, pieces)) <= {list}
        good = good and set(map(len, pieces)) <= {3} and set(map(type, chain(*pieces))) <= {int}
        if not (good and set(map(itemgetter(2), pieces)) <= {0, 1}):
            raise ValueError(f"case {number} is not [[x, y, colour 0 or 1], ...]")
    return cases


def solve(text):
    return "".join(f'"{Solution().gobang(pieces)}"\n' for pieces in read(text))


if __name__ == "__main__":
    gc.disable()  # no cycles are made: the collector's passes over 10^5 lists only cost time
    try:
        sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
    except (RecursionError, ValueError) as error:  # bad input: one line, no traceback
        sys.exit(f"infinite_gobang: {error}")
