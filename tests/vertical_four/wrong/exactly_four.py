"""Bug: a line wins only when exactly four long (== 4), so joining five does not win."""

import sys
from collections import Counter
from itertools import count, takewhile


def reach(stones, col, row, dx, dy):
    ahead = takewhile(lambda k: (col + k * dx, row + k * dy) in stones, count(1))
    return sum(1 for _ in ahead)


def play(text):
    nums = list(map(int, text.lstrip("\ufeff").split()))
    if len(nums) < 2:
        return "0,draw"
    w, h, moves = nums[0], nums[1], nums[2:]
    height = Counter()
    sides = {1: set(), 0: set()}
    for n, col in enumerate(moves, 1):
        row = height[col]
        if not (1 <= col <= w and row < h):
            return f"{n},error"
        height[col] += 1
        mine = sides[n % 2]
        mine.add((col, row))
        lines = ((1, 0), (0, 1), (1, 1), (1, -1))
        runs = [reach(mine, col, row, a, b) + reach(mine, col, row, -a, -b) for a, b in lines]
        if any(run + 1 == 4 for run in runs):
            return f"{n},{('blue', 'red')[n % 2]}"
    return "0,draw"


sys.stdout.write(play(sys.stdin.read()) + "\n")
