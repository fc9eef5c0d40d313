"""Bug: a run of nine is taken as never removable, but its middle stone cuts it."""

import sys

from _last_move import last_mover


def runs_of(grid):
    """(colour, length, cells) of every maximal run of 5 or more."""
    h, w = len(grid), len(grid[0])
    out = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(h):
            for c in range(w):
                colour = grid[r][c]
                pr, pc = r - dr, c - dc
                if colour == "." or (0 <= pr < h and 0 <= pc < w and grid[pr][pc] == colour):
                    continue
                cells = []
                y, x = r, c
                while 0 <= y < h and 0 <= x < w and grid[y][x] == colour:
                    cells.append((y, x))
                    y, x = y + dr, x + dc
                if len(cells) >= 5:
                    out.append((colour, len(cells), cells))
    return out


grid = sys.stdin.read().lstrip("\ufeff").split()
mover = last_mover(grid)
if mover is None:
    print("NO")
    sys.exit()
runs = runs_of(grid) if grid else []
if not runs:
    print("YES")
elif any(colour != mover or length >= 9 for colour, length, _ in runs):
    print("NO")
else:
    shared = None
    for _, length, cells in runs:
        cut = set(cells[length - 5 : 5])
        shared = cut if shared is None else shared & cut
    print("YES" if shared else "NO")
