"""Bug: one white winning cell is taken as a white win, as if black could not block it."""

import json
import re
import sys
from collections import defaultdict


def place(dx, dy, line, p):
    """The cell at position p of a line of direction (dx, dy)."""
    return (p, line + dy * p) if dx else (-line, p)


def gobang(pieces):
    rows = defaultdict(dict)
    for x, y, c in pieces:
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            rows[dx, dy, dx * y - dy * x][x if dx else y] = "xo"[c]
    win, lose, twin = set(), set(), defaultdict(set)
    for (dx, dy, line), row in rows.items():
        for lo in [p - 4 for p in row]:
            text = "".join(row.get(p, ".") for p in range(lo, lo + 9))
            for i, w in enumerate(text[i : i + 5] for i in range(5)):
                if w.count(".") == 1 and len(set(w)) == 2:
                    (win if "x" in w else lose).add(place(dx, dy, line, lo + i + w.index(".")))
                elif w.count("x") == 3 and w.count(".") == 2:
                    a = w.index(".")
                    b = w.index(".", a + 1)
                    twin[place(dx, dy, line, lo + i + a)].add(place(dx, dy, line, lo + i + b))
                    twin[place(dx, dy, line, lo + i + b)].add(place(dx, dy, line, lo + i + a))
    if win:
        return "Black"
    if lose:
        return "White"
    return "Black" if any(len(v) > 1 for v in twin.values()) else "None"


for case in re.findall(r"\[\s*(?:\[[^][]*\]\s*,?\s*)*\]", sys.stdin.read()):
    print(json.dumps(gobang(json.loads(re.sub(r",\s*\]$", "]", case)))))
