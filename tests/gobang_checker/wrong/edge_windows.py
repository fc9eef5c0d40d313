"""Bug: diagonal windows start at r < R - 5 (off by one): fives at the edge are missed."""

import sys

from _last_move import answer


def has_five(b, rs, cs):
    stones = ((r, c, b[r][c]) for r in range(rs) for c in range(cs) if b[r][c] != ".")
    for r, c, p in stones:
        if c <= cs - 5 and len(set(b[r][c : c + 5])) == 1:
            return True
        if r <= rs - 5 and {b[r + k][c] for k in range(5)} == {p}:
            return True
        if r < rs - 5 and c < cs - 5 and {b[r + k][c + k] for k in range(5)} == {p}:
            return True
        if r < rs - 5 and c >= 4 and {b[r + k][c - k] for k in range(5)} == {p}:
            return True
    return False


b = [list(line) for line in sys.stdin.read().lstrip("\ufeff").split()]
rs, cs = len(b), len(b[0]) if b else 0
print(answer(b, lambda grid: has_five(grid, rs, cs)))
