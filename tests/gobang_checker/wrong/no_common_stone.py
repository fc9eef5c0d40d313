"""Bug: fives of the last mover only are accepted without a stone shared by all of them."""

import sys

from _last_move import last_mover


def lines(grid):
    h, w = len(grid), len(grid[0])
    starts = {(0, 1): [(r, 0) for r in range(h)], (1, 0): [(0, c) for c in range(w)]}
    starts[(1, 1)] = [(r, 0) for r in range(h)] + [(0, c) for c in range(1, w)]
    starts[(1, -1)] = [(0, c) for c in range(w)] + [(r, w - 1) for r in range(1, h)]
    for (dr, dc), cells in starts.items():
        for r, c in cells:
            line = []
            while 0 <= r < h and 0 <= c < w:
                line.append(grid[r][c])
                r, c = r + dr, c + dc
            yield "".join(line)


def verdict(text):
    grid = text.replace("\ufeff", "").split()
    if not grid:
        return "YES"
    width = max(map(len, grid))
    grid = [row.ljust(width, ".") for row in grid]
    last = last_mover(grid)
    if last is None:
        return "NO"
    other = "x" if last == "o" else "o"
    all_lines = list(lines(grid))
    if any(other * 5 in line for line in all_lines):
        return "NO"
    if any(last * 10 in line for line in all_lines):
        return "NO"
    return "YES"


print(verdict(sys.stdin.read()))
