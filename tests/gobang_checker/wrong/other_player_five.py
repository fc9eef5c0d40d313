"""Bug: only the last mover's fives are looked at; the other player's five passes."""

import re
import sys

text = sys.stdin.read().lstrip("\ufeff")
rows = text.split()
nb, nw = text.count("o"), text.count("x")
if not rows:
    sys.exit(print("YES"))
if nb != nw and nb != nw + 1:
    sys.exit(print("NO"))
who = "o" if nb == nw + 1 else "x"
cols = len(rows[0]) + 1
board = "|".join(rows)
pattern = re.compile(who + "{5,}")


def winning(b):
    for step in (1, cols, cols - 1, cols + 1):
        for start in range(step):
            if pattern.search(b[start::step]):
                return True
    return False


if not winning(board):
    print("YES")
else:
    spots = [i for i, ch in enumerate(board) if ch == who]
    print("YES" if any(not winning(board[:i] + "." + board[i + 1 :]) for i in spots) else "NO")
