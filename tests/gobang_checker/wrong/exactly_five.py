"""Bug: only a run of exactly five wins; runs of six or more are ignored."""

import sys
from itertools import groupby


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


def main():
    rows = sys.stdin.read().lstrip("\ufeff").split()
    if not rows:
        return "YES"
    b, w = sum(r.count("o") for r in rows), sum(r.count("x") for r in rows)
    if b not in (w, w + 1):
        return "NO"
    if not has_five(rows):
        return "YES"
    last = "o" if b == w + 1 else "x"
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if cell == last:
                trial = [*rows[:i], row[:j] + "." + row[j + 1 :], *rows[i + 1 :]]
                if not has_five(trial):
                    return "YES"
    return "NO"


print(main())
