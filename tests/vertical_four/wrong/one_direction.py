"""Bug: counts only forwards from the new piece along rows and diagonals, never back."""

import sys

tokens = sys.stdin.buffer.read().decode("utf-8-sig").split()
nums = [int(t) for t in tokens]
answer = "0,draw"
if len(nums) >= 2:
    width, height = nums[0], nums[1]
    owner, filled = {}, {}
    for turn, col in enumerate(nums[2:], 1):
        if not 1 <= col <= width or filled.get(col, 0) >= height:
            answer = f"{turn},error"
            break
        row = filled.get(col, 0)
        filled[col] = row + 1
        owner[col, row] = turn % 2
        longest = 0
        for dx, dy in ((1, 0), (0, -1), (1, 1), (1, -1)):
            length, x, y = 1, col + dx, row + dy
            while owner.get((x, y)) == turn % 2:
                length, x, y = length + 1, x + dx, y + dy
            longest = max(longest, length)
        if longest >= 4:
            answer = f"{turn},{'red' if turn % 2 else 'blue'}"
            break
print(answer)
