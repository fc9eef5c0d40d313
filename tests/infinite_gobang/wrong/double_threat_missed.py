"""Bug: a black move that makes two winning cells at once (a double threat) is never looked for."""

import json
import re
import sys


def gobang(pieces):
    board = {(x, y): c for x, y, c in pieces}
    black, white, pairs = set(), set(), {}
    for x, y, _ in pieces:
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            for k in range(-4, 1):
                cells = [(x + (k + i) * dx, y + (k + i) * dy) for i in range(5)]
                stones = [board.get(cell) for cell in cells]
                holes = [cell for cell, s in zip(cells, stones) if s is None]
                if len(holes) == 1 and 1 not in stones:
                    black.add(holes[0])
                elif len(holes) == 1 and 0 not in stones:
                    white.add(holes[0])
                elif len(holes) == 2 and 1 not in stones:
                    pairs.setdefault(holes[0], set()).add(holes[1])
                    pairs.setdefault(holes[1], set()).add(holes[0])
    if black:
        return "Black"
    if len(white) > 1:
        return "White"
    if white:
        return "Black" if len(pairs.get(white.pop(), ())) > 1 else "None"
    return "None"


stack = [[]]
for token in re.findall(r"-?\d+|\[|\]", sys.stdin.read()):
    if token == "[":
        stack.append([])
    elif token == "]":
        done = stack.pop()
        stack[-1].append(done)
    else:
        stack[-1].append(int(token))
print("".join(json.dumps(gobang(pieces)) + "\n" for pieces in stack[0]), end="")
