"""infinite_gobang (LeetCode LCP 48, 无限棋局): Black, White or None within black-white-black.

Judge-faithful port: reads only the judge's format (one JSON array per line, optionally after
`pieces = `), prints the answer as a JSON string. A test fixture, not the repo's solution.
Idea: look only at 5-cell windows through stones; 4 own + 1 empty gives a winning cell, 3 own
+ 2 empty lets a move on one empty cell make the other a winning cell (double threat = win).
"""

import json
import sys
from typing import List

DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


class Solution:
    def gobang(self, pieces: List[List[int]]) -> str:
        board = {(x, y): c for x, y, c in pieces}

        def windows(color):
            """Empty-cell lists of every distinct 5-window holding only `color` and empties."""
            seen, res = set(), []
            for (x, y), c in board.items():
                if c != color:
                    continue
                for dx, dy in DIRS:
                    for k in range(5):
                        sx, sy = x - k * dx, y - k * dy
                        if (sx, sy, dx, dy) in seen:
                            continue
                        seen.add((sx, sy, dx, dy))
                        cells = [(sx + i * dx, sy + i * dy) for i in range(5)]
                        if all(board.get(p, color) == color for p in cells):
                            res.append([p for p in cells if p not in board])
            return res

        def winning(color):
            return {e[0] for e in windows(color) if len(e) == 1}

        if winning(0):
            return "Black"
        threats = winning(1)
        if len(threats) >= 2:
            return "White"
        if threats:
            board[threats.pop()] = 0
            return "Black" if len(winning(0)) >= 2 else "None"
        made = {}  # black move -> winning cells it creates
        for e in windows(0):
            if len(e) == 2:
                made.setdefault(e[0], set()).add(e[1])
                made.setdefault(e[1], set()).add(e[0])
        return "Black" if any(len(s) >= 2 for s in made.values()) else "None"


for line in sys.stdin:
    if line == "\n":
        continue  # tolerate a blank line between cases (the stdin form skips them)
    if line.startswith("pieces = "):
        line = line[len("pieces = ") :]
    print(json.dumps(Solution().gobang(json.loads(line))))
