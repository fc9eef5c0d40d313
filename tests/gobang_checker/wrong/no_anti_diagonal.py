"""Bug: rows, columns and one diagonal are scanned; the down-left diagonal is not."""

import sys

from _last_move import last_mover


def five(cells, n, m):
    for i in range(n):
        for j in range(m):
            v = cells[i * m + j]
            if v == ".":
                continue
            if j + 4 < m and cells[i * m + j : i * m + j + 5] == [v] * 5:
                return True
            if i + 4 < n and all(cells[(i + k) * m + j] == v for k in range(5)):
                return True
            if i + 4 < n and j + 4 < m and all(cells[(i + k) * m + j + k] == v for k in range(5)):
                return True
    return False


rows = sys.stdin.read().lstrip("\ufeff").split()
n, m = len(rows), len(rows[0]) if rows else 0
cells = [ch for row in rows for ch in row.ljust(m, ".")]
last = last_mover([cells])
if last is None:
    print("NO")
elif not five(cells, n, m):
    print("YES")
else:
    good = False
    for i, v in enumerate(cells):
        if v == last:
            cells[i] = "."
            good = good or not five(cells, n, m)
            cells[i] = v
    print("YES" if good else "NO")
