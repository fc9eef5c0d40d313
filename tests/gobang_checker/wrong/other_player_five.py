"""Bug: only the last mover's fives are looked at; the other player's five passes."""

import re
import sys

from _last_move import last_mover

text = sys.stdin.read().lstrip("\ufeff")
rows = text.split()
if not rows:
    sys.exit(print("YES"))
who = last_mover([text])
if who is None:
    sys.exit(print("NO"))
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
