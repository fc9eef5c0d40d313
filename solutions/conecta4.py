"""
Problem: Conecta 4 (Connect Four simulator), Jutge.org P32786.
Judge: Jutge.org P32786; 1 s; 256 MiB; jutge
Description: 6 x 8 upright board, red (0) and yellow (1) alternately drop a
  piece into a column. Print INVALID for a move into a full column or outside
  1..8 (same player again), the board at every empty line, and end with
  CONNECT4 + board, FULL + board, or QUIT when the input runs out first.
  Input as people save it is read as meant: a UTF-8 byte-order mark is dropped,
  CRLF is a line end, a line of spaces is empty; a word that is no whole number
  (or has more digits than int() takes) is INVALID like a number outside 1..8.
Idea: at most 48 moves are ever legal, so the work is in the input, not the
  game. A line that holds no still-open column is all INVALID and is answered
  with one string product; only lines with a legal move are walked token by
  token, and there are at most 48 of those. A four is searched for only
  around the piece just placed. The board text is rebuilt only after a move.
  The final newline of the file ends its last line and is not an empty line.
Time: O(tokens + 77 * boards printed). Memory: O(input + output).
Status: tests/conecta4/test_conecta4.py (random games against a dense brute
  force that rescans the whole board), testcases/conecta4.
"""

import sys

ROWS, COLS = 6, 8


def four(grid, r, c):
    """True if the piece at (r, c) is part of 4 or more in a line."""
    me = grid[r][c]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            y, x = r + sign * dr, c + sign * dc
            while 0 <= y < ROWS and 0 <= x < COLS and grid[y][x] == me:
                n += 1
                y, x = y + sign * dr, x + sign * dc
        if n >= 4:
            return True
    return False


def number(word):
    """The number a word stands for, or 0 (an INVALID move) if it is none."""
    try:
        return int(word)
    except ValueError:  # not a number, or over int()'s digit limit (Python 3.11+)
        return 0


def show(grid):
    rows = ["|" + "".join(row) + "|\n" for row in reversed(grid)]
    return "".join(rows) + "\\--------/\n"


def solve(text):
    grid = [[" "] * COLS for _ in range(ROWS)]  # grid[0] is the bottom row
    height = [0] * (COLS + 1)
    live = set(range(1, COLS + 1))  # columns that are not full
    played = 0
    board = show(grid)
    out = []
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte-order mark, as some editors save
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline that ends the last line opens no new line
    for line in lines:
        words = line.split()
        try:
            moves = list(map(int, words))
        except ValueError:
            moves = list(map(number, words))
        if not moves:
            out.append(board)
        elif live.isdisjoint(moves):
            out.append("INVALID\n" * len(moves))
        else:
            for c in moves:
                if c not in live:
                    out.append("INVALID\n")
                    continue
                r = height[c]
                height[c] = r + 1
                if r + 1 == ROWS:
                    live.discard(c)
                grid[r][c - 1] = "01"[played & 1]
                played += 1
                board = show(grid)
                if four(grid, r, c - 1):
                    return "".join(out) + "CONNECT4\n" + board
                if played == ROWS * COLS:
                    return "".join(out) + "FULL\n" + board
    return "".join(out) + "QUIT\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
