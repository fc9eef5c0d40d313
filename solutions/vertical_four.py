"""
Problem: 竖直四子棋 (vertical four-in-a-row), Huawei OD exam (B paper, 200 points).
Judge: Huawei OD exam; 2 s; 256 MiB; exact; C/C++ 1 s
Description: W x H upright board, red and blue alternately drop a piece into a
  column; print "N,red" / "N,blue" for the first move making 4 in a line,
  "N,error" for the first move into a column outside 1..W or a full column,
  else "0,draw". The game stops at the first win or error. W, H and the moves
  may be any integers, beyond 32 bits too (W <= 0 or H <= 0: no legal move).
  Input as people save it (read): a byte-order mark, CRLF, blank lines, the
  numbers in any layout; a word that is no integer counts as 0; fewer than
  two numbers, or no moves, is "0,draw".
Idea: never build the W x H grid (both go to 2^31-1). Cell (col, row) is the
  key col + row * up, the stride up >= W + 2 and odd: columns 0 and W + 1
  stay empty, so a step off the board never finds a piece, and an odd stride
  spreads CPython's hash buckets. Keep per column the key of its lowest empty
  cell, per colour the set of its keys. After a move, look at the 3 cells
  below the new piece (nothing is ever above it), and walk the 3 other
  directions both ways from it while the cells are the mover's.
Time: O(1) per move, O(n) in all for n moves.
Memory: O(n).
Status: tests/vertical_four/test_vertical_four.py (random games against a
  dense brute force that rescans the whole board), testcases/vertical_four.
"""

import sys

# The judge's logic: clean numbers in, the answer out.

COLOURS = ("blue", "red")  # the mover of move i is COLOURS[i & 1]: red moves first


def play(w, h, moves):
    """The answer for a W x H board and the moves, columns counted from 1."""
    up = (w + 2) | 1  # the stride: cell (col, row) has key col + row * up
    full = h * up  # key c + full is the cell above column c's top row
    steps = (1, up - 1, up + 1)  # along a row, both diagonals (a column: only down)
    top = {}  # col -> key of its lowest empty cell (col itself while untouched)
    pieces = (set(), set())  # the keys of blue's pieces, of red's
    for i, c in enumerate(moves, 1):
        if not 0 < c <= w:
            return f"{i},error"
        k = top.get(c, c)
        if k >= c + full:
            return f"{i},error"
        top[c] = k + up
        mine = pieces[i & 1]
        mine.add(k)
        if k - up in mine and k - 2 * up in mine and k - 3 * up in mine:
            return f"{i},{COLOURS[i & 1]}"  # a column of four: nothing is ever above k
        for d in steps:
            a, b = k + d, k - d
            while a in mine:
                a += d
            while b in mine:
                b -= d
            if a - b > 4 * d:  # the mover's pieces b + d .. a - d: 4 or more
                return f"{i},{COLOURS[i & 1]}"
    return "0,draw"


# The input layer: the text as people save it -> the judge's clean values.


def integer(word):
    """The integer a word stands for, or 0: a typo, more digits than int() takes."""
    try:
        return int(word)
    except ValueError:
        return 0


def read(text):
    """(W, H, moves) of the input (see Description)."""
    text = text[1:] if text.startswith("\ufeff") else text  # a byte-order mark
    try:
        numbers = list(map(int, text.split()))  # CRLF, blank lines, any layout
    except ValueError:  # some word is no integer: read again, word by word
        numbers = [integer(word) for word in text.split()]
    return (numbers[0], numbers[1], numbers[2:]) if len(numbers) > 1 else (0, 0, [])


def solve(text):
    return play(*read(text)) + "\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
