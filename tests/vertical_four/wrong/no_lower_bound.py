"""Bug: the range check rejects only columns above W; column 0 and negative ones are played."""

import sys


def solve(text):
    nums = [int(x) for x in text.replace("\ufeff", " ").split()]
    if len(nums) < 2:
        return "0,draw\n"
    w, h = nums[:2]
    stride = w + 2  # a key per cell: column + row * stride
    top, owner = {}, {}
    for n, c in enumerate(nums[2:], 1):
        if c > w:
            return f"{n},error\n"
        key = top.get(c, c)
        if key >= c + h * stride:
            return f"{n},error\n"
        top[c] = key + stride
        owner[key] = n & 1
        for step in (1, stride, stride + 1, stride - 1):
            ahead = behind = 0
            while owner.get(key + (ahead + 1) * step) == n & 1:
                ahead += 1
            while owner.get(key - (behind + 1) * step) == n & 1:
                behind += 1
            if ahead + behind >= 3:
                return f"{n},{'red' if n & 1 else 'blue'}\n"
    return "0,draw\n"


sys.stdout.write(solve(sys.stdin.read()))
