"""Extended-input bug: one array a line, "pieces =" only: arrays over lines, "],", "pieces:"."""

import json
import sys


def gobang(pieces):
    board = {(x, y): c for x, y, c in pieces}
    spots = {
        (x + k * dx, y + k * dy)
        for x, y in board
        for dx in (-1, 0, 1)
        for dy in (0, 1)
        for k in range(-4, 5)
    }
    wins, made = {0: set(), 1: set()}, {}
    for ex, ey in spots - set(board):
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            seq = [board.get((ex + k * dx, ey + k * dy)) for k in range(-4, 5)]  # (ex, ey) at 4
            for i in range(5):
                part = seq[i : i + 5]
                for c in (0, 1):
                    if part.count(c) == 4:
                        wins[c].add((ex, ey))
                if part.count(0) == 3 and part.count(None) == 2:
                    j = next(j for j in range(i, i + 5) if seq[j] is None and j != 4)
                    made.setdefault((ex, ey), set()).add((ex + (j - 4) * dx, ey + (j - 4) * dy))
    if wins[0]:
        return "Black"
    forced = sorted(wins[1])  # black must take white's winning cell, if there is one
    if len(forced) > 1:
        return "White"
    return "Black" if any(len(made.get(m, ())) > 1 for m in forced or made) else "None"


out = []
for line in sys.stdin.buffer.read().decode("utf-8-sig").splitlines():
    line = line.strip()
    if line.startswith("pieces"):
        line = line.partition("=")[2]
    if line:
        out.append(json.dumps(gobang(json.loads(line))))
sys.stdout.write("".join(answer + "\n" for answer in out))
