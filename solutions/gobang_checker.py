"""
Problem: 五目並べチェッカー (Gomoku position checker), AtCoder ARC012 C, Luogu AT_arc012_3.
Judge: AtCoder arc012_3; 2 s; 1024 MiB; exact
Description: black "o" moves first, white "x", "." empty; the game ends as
  soon as someone has 5 or more in a line. Is the board reachable? Any R x C
  board (R, C <= 2000; the judge's is 19 x 19), read to the end of input.
  Input as people save it (read): a byte-order mark, CRLF, blank lines and
  spaces around rows; a short row is padded with empty cells on its right,
  any character but o and x is an empty cell, no rows is an empty board (YES).
Idea: counts must be b == w + 1 (black moved last) or b == w (white did).
  With no five the board is reachable. Otherwise the last stone made every
  five: the other side may have none, and one stone of the last mover must
  lie in every five-window (5 cells in a line, all its colour).
  The rows joined by newlines (the newline column stays empty, so no line
  wraps) are one integer, 2 bits a cell, o = 01, x = 10; the five-windows
  along step d start where C & C >> d & ... & C >> 4d keeps a bit. A Python
  pass over every cell is too slow at 2000 x 2000 (docs/benchmarks.md).
  int(digits, 4) is exempt from CPython 3.11+'s 4,300-digit limit (base 4 is
  a power of two, 3 would not be): tests/gobang_checker/test_int_limit.py.
Time: O(RC), in C: translates, one int() parse, ~40 big-int operations.
Memory: O(RC).
Status: tests/gobang_checker/test_gobang_checker.py (random boards against
  removing each stone and rescanning), testcases/gobang_checker.
"""

import sys

# The judge's logic: clean rows in, the answer out.

CELL = bytes.maketrans(b".ox\n", b"0120")  # 2 bits a cell: o = 01, x = 10, empty = 00


def fives(cells, d):
    """The bits set in all of cells i, i + d, ..., i + 4d, at the bits of cell i."""
    starts = cells & cells >> d  # cells i and i + d
    starts &= starts >> 2 * d  # cells i .. i + 3d
    return starts & cells >> 4 * d  # cells i .. i + 4d


def check(board, width):
    """YES if the board (rows of width cells, joined by newlines) can arise, else NO."""
    b, w = board.count(b"o"), board.count(b"x")
    if b not in (w, w + 1):
        return "NO\n"
    cells = int(board.translate(CELL) or b"0", 4)  # byte i from the end: bits 2i, 2i + 1
    low = (1 << 2 * len(board)) // 3  # 0b0101...01: the low bit of every cell
    common = None  # the bits of the cells in every five-window of the last mover so far
    step = 2 * (width + 1)  # one row down, in bits: the newline column stays empty
    for d in (2, step - 2, step, step + 2):  # a row, a diagonal, a column, a diagonal
        starts = fives(cells, d)  # a bit stays where all 5 cells have it: one colour's five
        black, white = starts & low, starts >> 1 & low
        starts, other = (black, white) if b > w else (white, black)
        if other:
            return "NO\n"  # the player who did not move last has a five
        while starts:
            i = starts.bit_length() - 1  # a window: cells i, i + d, ..., i + 4d
            starts ^= 1 << i
            window = set(range(i, i + 5 * d, d))
            common = window if common is None else common & window
            if not common:
                return "NO\n"  # two windows with no cell in common
    return "YES\n"


# The input layer: the text as people save it -> the judge's clean values.

CLEAN = bytes(c if c in b"ox\n" else ord(".") for c in range(256))  # o, x, newline stay


def read(text):
    """The board's rows joined by newlines, and its width (see Description)."""
    text = text[1:] if text.startswith("\ufeff") else text  # a byte-order mark
    rows = text.split()  # CRLF, blank lines, spaces around rows
    width = max(map(len, rows), default=0)
    board = "\n".join(row.ljust(width, ".") for row in rows)  # a short row: "." on its right
    board = board.encode() if board.isascii() else board.encode("ascii", "replace")  # "?"
    if board.translate(None, b".ox\n"):  # some character but o and x: an empty cell
        board = board.translate(CLEAN)
    return board, width


def solve(text):
    return check(*read(text))


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
