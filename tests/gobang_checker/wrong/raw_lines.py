"""Extended-input bug: input cut at newlines only: a byte-order mark, spaces, blank lines stay."""

import sys

from _last_move import last_mover


def scan(g):
    """Every (r, c, colour) on a five, looking right, down and on both diagonals."""
    hits = []
    for r, row in enumerate(g):
        for c, s in enumerate(row):
            if s not in "ox":
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(5)]
                if all(0 <= y < len(g) and 0 <= x < len(g[y]) and g[y][x] == s for y, x in cells):
                    hits.extend((y, x, s) for y, x in cells)
    return hits


g = [list(line) for line in sys.stdin.buffer.read().decode().split("\n")]
if g and not g[-1]:
    g.pop()
last = last_mover(g)
if last is None:
    print("NO")
elif not scan(g):
    print("YES")
else:
    ok = False
    for r, c, s in set(scan(g)):
        if s == last and not ok:
            g[r][c] = "."
            ok = not scan(g)
            g[r][c] = s
    print("YES" if ok else "NO")
