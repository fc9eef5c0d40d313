"""Bug: reads the first line as height, then width."""

import sys

from _stacks import drop, game


def reach(pieces, c, r, dc, dr):
    k = 0
    while (c + (k + 1) * dc, r + (k + 1) * dr) in pieces:
        k += 1
    return k


nums = [int(t) for t in sys.stdin.buffer.read().decode("utf-8-sig").split()]
H, W, moves = game(nums)
res = "0,draw"
level = {}
mine = [set(), set()]
for i, c in enumerate(moves):
    r = drop(level, c, W, H)
    if r is None:
        res = f"{i + 1},error"
        break
    pieces = mine[i % 2]
    pieces.add((c, r))
    lines = ((1, 0), (0, 1), (1, 1), (1, -1))
    if any(reach(pieces, c, r, dc, dr) + reach(pieces, c, r, -dc, -dr) >= 3 for dc, dr in lines):
        res = f"{i + 1},{'blue' if i % 2 else 'red'}"
        break
print(res)
