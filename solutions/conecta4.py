"""
Problem: Conecta 4 (Connect Four simulator), Jutge.org P32786.
Judge: Jutge.org P32786; 1 s; 256 MiB; jutge
Description: 6 x 8 upright board, red (0) and yellow (1) alternately drop a
  piece into a column. Print INVALID for a move into a full column or outside
  1..8 (same player again), the board at every empty line, and end with
  CONNECT4 + board, FULL + board, or QUIT when the input runs out first.
  Input as people save it (read): a byte-order mark, CRLF line ends, a line
  of spaces is an empty line; a word that is no number (or has more digits
  than int() takes) is INVALID like a number outside 1..8. The newline that
  ends the last line opens no empty line after it.
Idea: play the moves on a 6 x 8 grid; look for a four only around the piece
  just placed; rebuild the board text only after a move.
Time: O(tokens + 77 * boards printed).
Memory: O(input + output).
Status: tests/conecta4/test_conecta4.py (random games against a dense brute
  force that rescans the whole board), testcases/conecta4.
"""

import sys

ROWS, COLS = 6, 8

# The judge's logic: clean moves in, the answer out.


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


def show(grid):
    rows = ["|" + "".join(row) + "|\n" for row in reversed(grid)]
    return "".join(rows) + "\\--------/\n"


def play(lines):
    """The output for the lines of moves, [] being an empty line."""
    grid = [[" "] * COLS for _ in range(ROWS)]  # grid[0] is the bottom row
    height = [0] * (COLS + 1)
    played, board, out = 0, show(grid), []
    for moves in lines:
        if not moves:
            out.append(board)
        for c in moves:
            if not 1 <= c <= COLS or height[c] == ROWS:
                out.append("INVALID\n")
                continue
            r = height[c]
            height[c] = r + 1
            grid[r][c - 1] = "01"[played & 1]
            played += 1
            board = show(grid)
            if four(grid, r, c - 1):
                return "".join(out) + "CONNECT4\n" + board
            if played == ROWS * COLS:
                return "".join(out) + "FULL\n" + board
    return "".join(out) + "QUIT\n"


# The input layer: the text as people save it -> the judge's clean values.


def column(word):
    """The column 1..8 a word names, or 0: none (INVALID)."""
    try:
        c = int(word)
    except ValueError:
        return 0
    return c if 1 <= c <= COLS else 0


def read(text):
    """The moves of each line of the input (see Description)."""
    text = text[1:] if text.startswith("\ufeff") else text  # a byte-order mark
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline that ends the last line opens no new line
    for line in lines:
        try:
            moves = list(map(int, line.split()))  # CRLF, a line of spaces: no moves
        except ValueError:  # some word is no number: read again, word by word
            moves = list(map(column, line.split()))
        yield moves


def solve(text):
    return play(read(text))


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
