"""Bug: counts the mover's pieces within 3 cells each way across gaps: a holed four wins."""

import sys

raw = sys.stdin.buffer.read()
if raw.startswith(b"\xef\xbb\xbf"):
    raw = raw[3:]
nums = list(map(int, raw.split()))
verdict = "0,draw"
if len(nums) >= 2:
    cols, rows = nums[0], nums[1]
    stacked = {}
    who_at = {}
    for i in range(2, len(nums)):
        step, c = i - 1, nums[i]
        r = stacked.get(c, 0)
        if c < 1 or c > cols or r >= rows:
            verdict = f"{step},error"
            break
        stacked[c] = r + 1
        me = step % 2
        who_at[c, r] = me
        if any(
            1 + sum(who_at.get((c + k * a, r + k * b)) == me for k in (-3, -2, -1, 1, 2, 3)) >= 4
            for a, b in ((1, 0), (0, 1), (1, 1), (1, -1))
        ):
            verdict = f"{step},{'red' if me else 'blue'}"
            break
print(verdict)
