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
  3. White has one, c: black takes it; Black if c links 2+ cells, else None.
  4. Otherwise Black iff some cell links 2+ cells. A window's stones are
  neighbours on their line: per direction, sort the stones along the lines
  and look around 3 neighbours of one colour within 5 cells.
  Speed: a sort key is one integer (line, place, colour); with tuples the
  10^5-stone inputs took 6.3x and 7.3x the floor (target 6x).
Time: O(n log n) for n stones (4 sorts).
Memory: O(n).
Status: tests/infinite_gobang/test_infinite_gobang.py (random boards against
  a full three-ply game-tree search), testcases/infinite_gobang.
"""

import json
import re
import sys
from itertools import chain
from operator import itemgetter
from typing import List

# The judge's logic: LeetCode's class, to paste as it is.


class Solution:
    def gobang(self, pieces: List[List[int]]) -> str:
        from itertools import chain  # imported here, so that the class pastes alone

        board = {(x, y): c for x, y, c in pieces}
        wins = (set(), set())  # the cells where black, white completes a five
        links = {}  # empty cell -> the cells that black there makes winning for black
        reach = max(map(abs, chain.from_iterable(pieces)), default=0)  # |x|, |y| <= reach
        span = 2 * reach + 5  # line * span + place: keys of two lines are 5+ apart
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            # the stones along the lines dx * y - dy * x, at places x (y on a column), in order
            keys = [((dx * y - dy * x) * span + (x if dx else y)) * 2 + c for x, y, c in pieces]
            keys.sort()  # the colour is the key's last bit
            for a, b, e in zip(keys, keys[1:], keys[2:]):
                c = a % 2
                if b % 2 != c or e % 2 != c or e - a > 8:
                    continue  # not 3 neighbours of one colour within 5 cells of a line
                line, first = divmod(a // 2 + reach, span)
                first -= reach  # the place of the first stone
                last = first + (e - a) // 2  # and of the third
                for w in range(last - 4, first + 1):  # the windows holding all three
                    cells = [(t, line + dy * t) if dx else (-line, t) for t in range(w, w + 5)]
                    stones = [board.get(cell) for cell in cells]
                    if 1 - c in stones:
                        continue
                    empty = [cell for cell, s in zip(cells, stones) if s is None]
                    if len(empty) == 1:
                        wins[c].add(empty[0])
                    elif len(empty) == 2 and c == 0:
                        links.setdefault(empty[0], set()).add(empty[1])
                        links.setdefault(empty[1], set()).add(empty[0])
        if wins[0]:
            return "Black"  # 1. black completes a five now
        if len(wins[1]) > 1:
            return "White"  # 2. black can block only one
        if wins[1]:  # 3. black must block it: does the block make two winning cells?
            return "Black" if len(links.get(wins[1].pop(), ())) > 1 else "None"
        return "Black" if any(len(v) > 1 for v in links.values()) else "None"  # 4.


# The input layer: the text as people save it -> the judge's clean values.

BEFORE = re.compile(r"[\s,\ufeff]*(?:pieces\s*[=:]?\s*)?")  # what may come before an array


def arrays(text):
    """The JSON arrays of the text: one a line (the usual case, fast), else one by one."""
    try:
        lines = [line[BEFORE.match(line).end() :].rstrip() for line in text.splitlines()]
        return [json.loads(line.rstrip(",")) for line in lines if line]
    except ValueError:  # an array over several lines, or several arrays on one
        found, end, decode = [], 0, json.JSONDecoder().raw_decode
        while True:
            end = BEFORE.match(text, end).end()
            if end == len(text):
                return found
            pieces, end = decode(text, end)
            found.append(pieces)


def read(text):
    """The cases: lists of stones [x, y, colour] (see Description)."""
    text = text[1:] if text.startswith("\ufeff") else text  # a byte-order mark
    cases = arrays(text)
    for number, pieces in enumerate(cases, 1):
        try:  # a list of stones, each 3 integers, the colours 0 and 1
            good = isinstance(pieces, list) and set(map(len, pieces)) <= {3}
            good = good and set(map(type, chain.from_iterable(pieces))) <= {int}
            good = good and set(map(itemgetter(2), pieces)) <= {0, 1}
        except TypeError:  # a stone that is no list
            good = False
        if not good:
            raise ValueError(f"case {number} is not [[x, y, colour 0 or 1], ...]")
    return cases


def solve(text):
    return "".join(f'"{Solution().gobang(pieces)}"\n' for pieces in read(text))


if __name__ == "__main__":
    try:
        sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
    except (RecursionError, ValueError) as error:  # bad input: one line, no traceback
        sys.exit(f"infinite_gobang: {error}")
