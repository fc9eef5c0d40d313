"""
Problem: 竖直四子棋 (vertical four-in-a-row), Huawei OD exam (B paper, 200 points).
Description: W x H upright board, red and blue alternately drop a piece into a
  column; print "N,red" / "N,blue" for the first move making 4 in a line,
  "N,error" for the first move into a column outside 1..W or a full column,
  else "0,draw". The game stops at the first win or error.
Idea: never build the W x H grid (both go to 2^31-1). Keep the height of each
  column touched and one set of cell keys per colour, key = col + row * up with
  an odd stride up >= W + 2: columns 0 and W + 1 are never occupied, so a step
  off the board lands on an empty key, and an odd stride keeps CPython's
  low-bit hash buckets spread (a power-of-two stride would pile a column's
  cells into one bucket). After each move look at most 3 cells each way in the
  4 directions, stopping at the first stone of another colour or empty cell.
Time: O(1) per move, O(n) in all. Memory: O(n) for n moves.
Status: tests/test_stress_vertical_four.py (20k+ random games against a dense
  brute force that rescans the whole board), testcases/vertical_four.
"""

import sys


def solve(text):
    data = text.split()
    if len(data) < 2:
        return "0,draw\n"
    w, h = int(data[0]), int(data[1])
    up = (w + 2) | 1
    height = {}
    stones = (set(), set())  # stones[1]: red (odd moves), stones[0]: blue
    lines = (1, up - 1, up + 1)  # row, anti-diagonal, diagonal; columns below
    for i, c in enumerate(map(int, data[2:]), 1):
        if not 0 < c <= w:
            return f"{i},error\n"
        r = height.get(c, 0)
        if r == h:
            return f"{i},error\n"
        height[c] = r + 1
        k = c + r * up
        s = stones[i & 1]
        s.add(k)
        if r >= 3 and k - up in s and k - 2 * up in s and k - 3 * up in s:
            break
        for d in lines:  # four in a line through k: 3 more stones on its two sides
            if k + d in s:
                if k + 2 * d in s:
                    if k + 3 * d in s or k - d in s:
                        break
                elif k - d in s and k - 2 * d in s:
                    break
            elif k - d in s and k - 2 * d in s and k - 3 * d in s:
                break
        else:
            continue
        break
    else:
        return "0,draw\n"
    return f"{i},{'red' if i & 1 else 'blue'}\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode()))
