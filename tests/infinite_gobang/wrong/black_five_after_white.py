"""Bug: white's two winning cells are looked at before black's five in one move."""

import json
import sys
from collections import Counter


def gobang(pieces):
    taken = {(x, y) for x, y, _ in pieces}
    count = Counter()  # (window start, direction, colour) -> stones
    for x, y, c in pieces:
        for d in ((1, 0), (0, 1), (1, 1), (1, -1)):
            count.update((x - k * d[0], y - k * d[1], d, c) for k in range(5))
    windows = {key[:3] for key in count}
    win, block, pair = set(), set(), {}
    for x, y, d in windows:
        black, white = count[x, y, d, 0], count[x, y, d, 1]
        holes = [(x + k * d[0], y + k * d[1]) for k in range(5)]
        holes = [h for h in holes if h not in taken]
        if white == 0 and black == 4:
            win.add(holes[0])
        if black == 0 and white == 4:
            block.add(holes[0])
        if white == 0 and black == 3:
            for a, b in (holes, holes[::-1]):
                pair.setdefault(a, set()).add(b)
    if len(block) >= 2:
        return "White"
    if win:
        return "Black"
    if block:
        (cell,) = block
        return "Black" if len(pair.get(cell, ())) >= 2 else "None"
    return "Black" if max(map(len, pair.values()), default=0) >= 2 else "None"


buffer, answers = "", []
for line in sys.stdin.read().lstrip("\ufeff").splitlines():
    buffer += line.replace("pieces", "").replace("=", "").replace(":", "")
    if "[" in buffer and buffer.count("[") == buffer.count("]"):
        answers.append(gobang(json.loads(buffer.strip().strip(","))))
        buffer = ""
sys.stdout.write("".join(f'"{a}"\n' for a in answers))
