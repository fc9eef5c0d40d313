"""Bug: diagonal windows start at r < R - 5 (off by one): fives at the edge are missed."""

import sys


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
black = sum(line.count("o") for line in b)
white = sum(line.count("x") for line in b)
res = "NO"
if black in (white, white + 1):
    if not has_five(b, rs, cs):
        res = "YES"
    else:
        me = "o" if black == white + 1 else "x"
        for r in range(rs):
            for c in range(cs):
                if b[r][c] == me and res == "NO":
                    b[r][c] = "."
                    res = "NO" if has_five(b, rs, cs) else "YES"
                    b[r][c] = me
print(res)
