"""Bug: white's winning cells are kept with repeats: one cell of two windows counts twice."""

import json
import re
import sys
from collections import defaultdict

STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


def gobang(pieces):
    lines = defaultdict(dict)  # (direction, line) -> {position on the line: colour}
    for x, y, c in pieces:
        for d, (dx, dy) in enumerate(STEPS):
            lines[d, dx * y - dy * x][x if dx else y] = c
    fours, threes = ([], []), []
    for (d, line), row in lines.items():
        dx, dy = STEPS[d]
        for start in {p - k for p in row for k in range(5)}:
            span = range(start, start + 5)
            colours = {row[p] for p in span if p in row}
            free = [(p, line + dy * p) if dx else (-line, p) for p in span if p not in row]
            if len(colours) == 1 and len(free) == 1:
                fours[colours.pop()].append(free[0])
            elif colours == {0} and len(free) == 2:
                threes.append(free)
    if fours[0]:
        return "Black"
    if len(fours[1]) >= 2:
        return "White"
    gain = defaultdict(set)  # black move -> the cells where black then makes five
    for a, b in threes:
        gain[a].add(b)
        gain[b].add(a)
    if fours[1]:
        return "Black" if len(gain[fours[1][0]]) >= 2 else "None"
    return "Black" if any(len(cells) >= 2 for cells in gain.values()) else "None"


text = re.sub(r"pieces\s*[=:]?", "", sys.stdin.read().lstrip("\ufeff")).strip().rstrip(",")
for pieces in json.loads("[" + re.sub(r"\]\s*,?\s*\[", "],[", text) + "]"):
    print(json.dumps(gobang(pieces)))
