"""Bug: a run of L is cut by offsets L - 5 .. 5, not .. 4, so ten looks removable."""

import sys

from _last_move import last_mover

D = ((0, 1), (1, 0), (1, 1), (1, -1))


def solve(rows):
    height, width = len(rows), len(rows[0])
    me = last_mover(rows)
    if me is None:
        return "NO"
    common = None
    for dr, dc in D:
        for r in range(height):
            for c in range(width):
                s = rows[r][c]
                before = (r - dr, c - dc)
                inside = 0 <= before[0] < height and 0 <= before[1] < width
                if s == "." or (inside and rows[before[0]][before[1]] == s):
                    continue
                n = 0
                while 0 <= r + n * dr < height and 0 <= c + n * dc < width:
                    if rows[r + n * dr][c + n * dc] != s:
                        break
                    n += 1
                if n < 5:
                    continue
                if s != me:
                    return "NO"
                cut = {(r + k * dr, c + k * dc) for k in range(n - 5, 6)}
                common = cut if common is None else common & cut
                if not common:
                    return "NO"
    return "YES"


board = sys.stdin.read().lstrip("\ufeff").split()
print(solve(board) if board else "YES")
