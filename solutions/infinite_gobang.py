"""
Problem: 无限棋局 (Gomoku on an infinite board), LeetCode LCP 48.
Judge: LeetCode LCP 48; 2 s; 256 MiB; exact
Description: stones [x, y, colour] (0 black, 1 white), black to move, no five
  yet. Who wins within black, white, black moves with best play: "Black",
  "White" or "None"?
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
Time: O(n log n) for n stones (4 sorts). Memory: O(n).
Status: tests/test_stress_infinite_gobang.py (3k+ dense boards against a full
  three-ply game-tree search), testcases/infinite_gobang.
"""

import sys
from typing import List


class Solution:
    def gobang(self, pieces: List[List[int]]) -> str:
        from itertools import compress  # imported here so that the class pastes alone
        from operator import and_, eq

        # key = line << 32 | 2 * position + colour + bias: the bias keeps the low part in
        # [0, 2^32), and |line| <= 2 * 10^9 < 2^31 keeps keys in 64 bits (fast on PyPy)
        bias, low = 1 << 31, (1 << 32) - 1
        board = None  # cell -> colour, built when a first window needs it
        threats = set()  # white's winning cells
        links = {}  # empty cell -> the cells it makes winning for black
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            # sort by line (dx * y - dy * x), then position along it (x, or y on a column)
            keys = sorted(
                [
                    ((dx * y - dy * x) << 32) + ((x if dx else y) << 1) + c + bias
                    for x, y, c in pieces
                ]
            )
            colour = [k & 1 for k in keys]
            same = list(map(eq, colour[1:], colour))  # stone i and i + 1 have one colour
            for i in compress(range(len(keys) - 2), map(and_, same, same[1:])):
                if keys[i + 2] - keys[i] > 8:
                    continue  # stones i .. i + 2 do not fit in 5 cells of one line
                if board is None:
                    board = {(x, y): c for x, y, c in pieces}
                c, line, p = colour[i], keys[i] >> 32, ((keys[i] & low) - bias) >> 1
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


if __name__ == "__main__":
    import json

    out = []
    for line in sys.stdin.buffer.read().decode().splitlines():
        line = line.strip()
        if line.startswith("pieces"):
            line = line.partition("=")[2]
        if line:
            out.append(json.dumps(Solution().gobang(json.loads(line))))
    sys.stdout.write("".join(s + "\n" for s in out))
