"""Bug: counts are checked as |b - w| <= 1, so white one stone ahead is accepted."""

import sys

from _last_move import taken_back

STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))


def five_anywhere(g, h, w):
    for r in range(h):
        for c in range(w):
            s = g[r][c]
            if s == ".":
                continue
            for dr, dc in STEPS:
                if not (0 <= r + 4 * dr < h and 0 <= c + 4 * dc < w):
                    continue
                if all(g[r + k * dr][c + k * dc] == s for k in range(1, 5)):
                    return True
    return False


def main():
    g = [list(row) for row in sys.stdin.read().lstrip("\ufeff").split()]
    if not g:
        return "YES"
    h, w = len(g), max(len(row) for row in g)
    g = [row + ["."] * (w - len(row)) for row in g]
    b = sum(row.count("o") for row in g)
    x = sum(row.count("x") for row in g)
    if abs(b - x) > 1:
        return "NO"
    if not five_anywhere(g, h, w):
        return "YES"
    last = "o" if b > x else "x"
    return "YES" if taken_back(g, last, lambda grid: five_anywhere(grid, h, w)) else "NO"


print(main())
