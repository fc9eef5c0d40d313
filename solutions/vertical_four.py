"""
Problem: 竖直四子棋 (vertical four-in-a-row), Huawei OD exam (B paper, 200 points).
Judge: Huawei OD exam; 2 s; 256 MiB; exact
Description: W x H upright board, red and blue alternately drop a piece into a
  column; print "N,red" / "N,blue" for the first move making 4 in a line,
  "N,error" for the first move into a column outside 1..W or a full column,
  else "0,draw". The game stops at the first win or error. Input: integers
  in any layout (CRLF, blank lines, a leading byte-order mark); no moves, or
  not even W and H, is "0,draw". W, H and columns may be any integers, also
  negative or beyond 32 bits: W <= 0 or H <= 0 leaves no legal move. A word
  that is no integer (a typo, bytes that are not UTF-8) counts as 0: as a
  move, an error; as W or H, a board with no legal move.
Idea: never build the W x H grid (both go to 2^31-1). Keep, per column
  touched, the key of its lowest empty cell, and one set of cell keys per
  colour, key = col + row * up with an odd stride up >= W + 2: columns 0 and
  W + 1 are never occupied, so a step off the board lands on an empty key
  (rows below 0 give negative keys), and an odd stride keeps CPython's
  low-bit hash buckets spread (a power-of-two stride would pile a column's
  cells into one bucket). After each move look at most 3 cells each way in
  the 4 directions, stopping at the first cell that is not the mover's.
Time: O(1) per move, O(n) in all. Memory: O(n) for n moves.
Status: tests/vertical_four/test_vertical_four.py (random games against a
  dense brute force that rescans the whole board), testcases/vertical_four.
"""

import sys


def solve(text):
    words = text.lstrip("\ufeff").split()  # a byte-order mark some editors save
    try:
        return play(map(int, words))
    except ValueError:  # a word that is no integer: played again, reading it as 0
        return play(map(number, words))


def number(word):
    try:
        return int(word)
    except ValueError:
        return 0


def play(numbers):
    w, h = next(numbers, None), next(numbers, None)
    if h is None:
        return "0,draw\n"
    up = (w + 2) | 1  # key of (col, row) is col + row * up
    full = h * up
    top = {}  # col -> key of its lowest empty cell (col itself when untouched)
    mine, theirs = set(), set()  # stones of the player to move, of the other one
    u2, u3 = 2 * up, 3 * up
    a, a2, a3 = up - 1, 2 * up - 2, 3 * up - 3  # anti-diagonal steps
    b, b2, b3 = up + 1, 2 * up + 2, 3 * up + 3  # diagonal steps
    for i, c in enumerate(numbers, 1):
        if not 0 < c <= w:
            return f"{i},error\n"
        k = top.get(c, c)
        if k >= c + full:
            return f"{i},error\n"
        top[c] = k + up
        s = mine
        s.add(k)
        mine, theirs = theirs, mine
        # Four in a line through k: 3 more stones of s next to it on its two sides.
        # Column: only the 3 below can be there. Each other line, unrolled for
        # speed: +1 +2 +3, or +1 +2 -1, or +1 -1 -2, or -1 -2 -3 steps.
        if k - up in s and k - u2 in s and k - u3 in s:
            break
        if k + 1 in s:
            if k + 2 in s:
                if k + 3 in s or k - 1 in s:
                    break
            elif k - 1 in s and k - 2 in s:
                break
        elif k - 1 in s and k - 2 in s and k - 3 in s:
            break
        if k + a in s:
            if k + a2 in s:
                if k + a3 in s or k - a in s:
                    break
            elif k - a in s and k - a2 in s:
                break
        elif k - a in s and k - a2 in s and k - a3 in s:
            break
        if k + b in s:
            if k + b2 in s:
                if k + b3 in s or k - b in s:
                    break
            elif k - b in s and k - b2 in s:
                break
        elif k - b in s and k - b2 in s and k - b3 in s:
            break
    else:
        return "0,draw\n"
    return f"{i},{'red' if i & 1 else 'blue'}\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
