"""Bug: only a run of exactly five wins; runs of six or more are ignored."""

import sys
from itertools import groupby

from _last_move import answer


def all_lines(rows):
    h, w = len(rows), len(rows[0])
    cols = ["".join(rows[r][c] for r in range(h)) for c in range(w)]
    diag, anti = {}, {}
    for r in range(h):
        for c in range(w):
            diag[r - c] = diag.get(r - c, "") + rows[r][c]
            anti[r + c] = anti.get(r + c, "") + rows[r][c]
    return rows + cols + list(diag.values()) + list(anti.values())


def has_five(rows):
    return any(
        key != "." and len(list(group)) == 5
        for line in all_lines(rows)
        for key, group in groupby(line)
    )


rows = sys.stdin.read().lstrip("\ufeff").split()
print(answer([list(row) for row in rows], has_five) if rows else "YES")
