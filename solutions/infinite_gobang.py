"""
Problem: 无限棋局 (Gomoku on an infinite board), LeetCode LCP 48.
Judge: LeetCode LCP 48; 2 s; 256 MiB; exact
Description: stones [x, y, colour] (0 black, 1 white), black to move, no five
  yet. Who wins within black, white, black moves with best play: "Black",
  "White" or "None"? The stdin form (solve): one or more JSON arrays, each
  perhaps after "pieces =" or "pieces:", spread over lines or not, with
  commas, blank lines, CRLF and a byte-order mark allowed between them; one
  quoted answer per array. Anything else (a colour other than 0 or 1, a
  stone that is not three integers) is a one-line error on stderr, exit 1.
Idea: only 5-cell windows holding 3+ stones of one colour and none of the
  other matter: a window with 4 gives that colour a winning cell (its empty
  cell), a black window with 3 links its two empty cells (black on one makes
  the other a winning cell). Then:
    1. black has a winning cell -> Black;
    2. white has 2+ distinct winning cells -> White (black blocks one);
    3. white has exactly one, c -> black must take c: Black if c is linked to
       2+ distinct cells, else None;
    4. otherwise Black iff some empty cell is linked to 2+ distinct cells.
  The stones of such a window are consecutive on their line, so per
  direction, sort the stones by (line, position) and look only at the runs of
  three consecutive same-coloured stones spanning at most 5 cells; the
  same-coloured triples are found with C-level map/compress over the keys.
Range: any integer x, y. Sort keys are line << 32 | 2 * position + colour
  + 2^31, 64-bit (fast on PyPy) while |x|, |y| < 2^30, which covers
  LeetCode's 10^9. A larger coordinate a shows in the lines of the row or
  column keys, off by at most 1 + 2a / 2^32 however the low parts wrap: one
  of them is then beyond 2^30 - 2, and the keys are made again, wider.
Time: O(n log n) for n stones (4 sorts). Memory: O(n).
Status: tests/infinite_gobang/test_infinite_gobang.py (random boards against
  a full three-ply game-tree search), testcases/infinite_gobang.
"""

import json
import re
import sys
from operator import itemgetter
from typing import List


class Solution:
    def gobang(self, pieces: List[List[int]], width: int = 32) -> str:
        from itertools import chain, compress  # imported here so that the class pastes alone
        from operator import and_, eq

        # key = line << width | 2 * position + colour + bias: the bias keeps the low part in
        # [0, 2^width) while |x|, |y| < 2^(width - 2), which `limit` checks (see Range)
        bias, low, limit = 1 << (width - 1), (1 << width) - 1, (1 << (width - 2)) - 2
        board = None  # cell -> colour, built when a first window needs it
        threats = set()  # white's winning cells
        links = {}  # empty cell -> the cells it makes winning for black
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            # sort by line (dx * y - dy * x), then position along it (x, or y on a column)
            keys = sorted(
                [
                    ((dx * y - dy * x) << width) + ((x if dx else y) << 1) + c + bias
                    for x, y, c in pieces
                ]
            )
            if dx * dy == 0 and keys and max(-(keys[0] >> width), keys[-1] >> width) > limit:
                # a row or column line out of range: some coordinate is; widen the keys
                # (what was found so far is real: cells are read from the board itself)
                wide = max(map(abs, chain.from_iterable(pieces))).bit_length() + 3
                return self.gobang(pieces, wide)
            colour = [k & 1 for k in keys]
            same = list(map(eq, colour[1:], colour))  # stone i and i + 1 have one colour
            for i in compress(range(len(keys) - 2), map(and_, same, same[1:])):
                if keys[i + 2] - keys[i] > 8:
                    continue  # stones i .. i + 2 do not fit in 5 cells of one line
                if board is None:
                    board = {(x, y): c for x, y, c in pieces}
                c, line, p = colour[i], keys[i] >> width, ((keys[i] & low) - bias) >> 1
                first = p + (keys[i + 2] - keys[i] >> 1) - 4  # windows first .. p hold all 3
                cells = [(q, line + dy * q) if dx else (-line, q) for q in range(first, p + 5)]
                stones = [board.get(cell) for cell in cells]
                for j in range(p + 1 - first):
                    window = stones[j : j + 5]
                    if 1 - c in window:
                        continue
                    empty = window.count(None)
                    if empty == 1:
                        if c == 0:
                            return "Black"  # 1. black completes a five now
                        threats.add(cells[j + window.index(None)])
                    elif empty == 2 and c == 0:
                        a = window.index(None)
                        u, v = cells[j + a], cells[j + window.index(None, a + 1)]
                        links.setdefault(u, set()).add(v)
                        links.setdefault(v, set()).add(u)
        if len(threats) > 1:
            return "White"  # 2. black can block only one
        if threats:  # 3. black must block it: does the block make two winning cells?
            return "Black" if len(links.get(threats.pop(), ())) > 1 else "None"
        # 4. is there a black move making two winning cells?
        return "Black" if any(len(v) > 1 for v in links.values()) else "None"


SEPARATOR = re.compile(r"[\s,\ufeff]*(?:pieces\s*[=:]?\s*)?")  # what may come before an array


def arrays(text: str) -> list:
    """The JSON arrays of the stdin form. One a line, the usual layout, is read line by line
    with json.loads (fast, also on PyPy); otherwise raw_decode reads them one by one."""
    try:
        lines = [line[SEPARATOR.match(line).end() :].rstrip() for line in text.splitlines()]
        return [json.loads(line.rstrip(",")) for line in lines if line]
    except ValueError:  # an array over several lines, or several arrays on one
        pass
    decode, found, pos = json.JSONDecoder().raw_decode, [], 0
    while True:
        pos = SEPARATOR.match(text, pos).end()
        if pos == len(text):
            return found
        pieces, pos = decode(text, pos)  # a JSONDecodeError is a ValueError
        found.append(pieces)


def solve(text: str) -> str:
    """The stdin form: every array in text answered, one quoted answer a line."""
    out = []
    for case, pieces in enumerate(arrays(text), 1):
        try:
            if not set(map(itemgetter(2), pieces)) <= {0, 1}:
                raise ValueError("a colour other than 0 or 1")
            out.append('"' + Solution().gobang(pieces) + '"\n')
        except (LookupError, TypeError, ValueError) as error:
            raise ValueError(f"case {case} is not [[x, y, colour], ...]: {error}") from None
    return "".join(out)


if __name__ == "__main__":
    try:
        sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8-sig")))
    except (RecursionError, ValueError) as error:  # bad input: one line, no traceback
        sys.exit(f"infinite_gobang: {error}")
