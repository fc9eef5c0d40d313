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
Idea: play the moves on a 6 x 8 grid. A new four holds the piece just placed,
  so look for "0000" or "1111" only in the 7 cells centred on it in each of the
  4 directions. Rebuild the board text only after a move.
Time: O(tokens + 77 * boards printed).
Memory: O(input + output).
Status: tests/conecta4/test_conecta4.py (random games against a dense brute
  force that rescans the whole board), testcases/conecta4.
"""

import io
import sys

# The judge's logic: clean moves in, the answer out.

ROWS, COLS = 6, 8


def four(grid, r, c):
    """True if the piece at (r, c) is part of 4 or more in a line."""
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        cells = [(r + k * dr, c + k * dc) for k in range(-3, 4)]  # 7, centred on (r, c)
        line = "".join(grid[y][x] for y, x in cells if 0 <= y < ROWS and 0 <= x < COLS)
        if grid[r][c] * 4 in line:  # any 4 in a row of these 7 cells holds (r, c)
            return True
    return False


def show(grid):
    return "".join("|" + "".join(row) + "|\n" for row in reversed(grid)) + "\\--------/\n"


def play(lines):
    """The output for the lines of moves, [] being an empty line."""
    grid = [[" "] * COLS for _ in range(ROWS)]  # grid[0] is the bottom row
    height = [0] * (COLS + 1)
    board, out = show(grid), []
    for moves in lines:
        if not moves:
            out.append(board)
        for c in moves:
            if not 1 <= c <= COLS or height[c] == ROWS:
                out.append("INVALID\n")
                continue
            r = height[c]
            grid[r][c - 1] = "01"[sum(height) % 2]  # red moves when the pieces are even
            height[c] = r + 1
            board = show(grid)
            if four(grid, r, c - 1):
                return "".join(out) + "CONNECT4\n" + board
            if sum(height) == ROWS * COLS:
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
    for line in io.StringIO(text):  # lines end at "\n"; the last "\n" opens no new line
        try:
            yield list(map(int, line.split()))  # CRLF, a line of spaces: no moves
        except ValueError:  # some word is no number: read again, word by word
            yield list(map(column, line.split()))


def solve(text):
    return play(read(text))


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
