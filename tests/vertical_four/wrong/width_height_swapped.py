"""Bug: reads the first line as height, then width."""

import sys


def reach(pieces, c, r, dc, dr):
    k = 0
    while (c + (k + 1) * dc, r + (k + 1) * dr) in pieces:
        k += 1
    return k


nums = [int(t) for t in sys.stdin.buffer.read().decode("utf-8-sig").split()]
H, W = (nums[0], nums[1]) if len(nums) >= 2 else (0, 0)
res = "0,draw"
level = {}
mine = [set(), set()]
for i, c in enumerate(nums[2:]):
    if c < 1 or c > W or level.get(c, 0) >= H:
        res = f"{i + 1},error"
        break
    r = level.get(c, 0)
    level[c] = r + 1
    pieces = mine[i % 2]
    pieces.add((c, r))
    lines = ((1, 0), (0, 1), (1, 1), (1, -1))
    if any(reach(pieces, c, r, dc, dr) + reach(pieces, c, r, -dc, -dr) >= 3 for dc, dr in lines):
        res = f"{i + 1},{'blue' if i % 2 else 'red'}"
        break
print(res)
