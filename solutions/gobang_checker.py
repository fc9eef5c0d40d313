"""
Problem: 五目並べチェッカー (Gomoku position checker), AtCoder ARC012 C
  (arc012_3), also Luogu AT_arc012_3.
Judge: AtCoder arc012_3; 2 s; 1024 MiB; exact
Description: black "o" moves first, white "x", "." empty; the game ends as
  soon as someone has 5 or more in a line. Is the board reachable? Here any
  R x C board (1 <= R, C <= 2000; the judge's is 19 x 19) is read to the end
  of input. Input forms: a UTF-8 byte-order mark at the start is dropped; the
  rows are the whitespace-separated words, so CRLF, blank lines and spaces
  around rows are fine. Beyond the statement: a row shorter than the longest
  is padded with empty cells on its right, any character but o and x is an
  empty cell, and an input with no rows is a board without stones (YES).
Idea: counts must be b == w + 1 (black moved last) or b == w (white did);
  w == b + 1 is NO. With no five the board is reachable (play its stones in
  any alternating order). Otherwise the last stone made every five: the other
  side may have none, and some stone of the last mover must lie in every
  five-window (5 cells in a line, all its colour). A run of length L is L - 4
  such windows, and they share exactly its offsets L - 5 .. 4: none for
  L >= 10, only the middle for L = 9.
  Bitboard: the rows joined by newlines (stride S = C + 1, the newline column
  stays empty so no line wraps) become one base-4 integer, 2 bits a cell:
  o = 1, x = 2. In direction D (1, S, S - 1, S + 1 cells) the starts of all
  five-windows of both colours are B & B>>D & ... & B>>4D; even bits are
  black's, odd bits white's. The windows of one direction share a cell only
  if their starts lo..hi are one progression of step D with hi - lo <= 4D,
  and then they share the cells hi .. lo + 4D. Intersect over directions.
Time: O(RC), all in C: a translate, an int parse and ~20 big-int operations.
Memory: O(RC).
Status: tests/gobang_checker/test_gobang_checker.py (random boards against
  removing each stone and rescanning), testcases/gobang_checker.
"""

import sys

# 2 bits a cell: black low, white high; every other byte (".", the newline, the "?" of a
# character that is not ASCII) is an empty cell
CELL = b"".join(b"1" if i == ord("o") else b"2" if i == ord("x") else b"0" for i in range(256))


def solve(text):
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte-order mark
    rows = text.split()
    width = max(map(len, rows), default=0)
    if any(len(row) < width for row in rows):
        rows = [row.ljust(width, ".") for row in rows]
    flat = "\n".join(rows)
    b, w = flat.count("o"), flat.count("x")
    if b == w + 1:
        mine = 0  # black moved last: its bits are the low bit of each cell
    elif b == w:
        mine = 1
    else:
        return "NO\n"
    # bytes, one a cell (translate is fast on PyPy); a character not in ASCII becomes "?"
    raw = flat.encode() if flat.isascii() else flat.encode("ascii", "replace")
    board = int(raw.translate(CELL) or b"0", 4)
    low = (1 << 2 * len(flat)) // 3  # 0b0101...01: the low bit of every cell
    stride = 2 * (width + 1)
    common = None  # bit positions of the cells in every five-window so far
    for d in (2, stride, stride - 2, stride + 2):  # one cell along a line, in bits
        starts = board & board >> d
        starts &= starts >> 2 * d
        starts &= board >> 4 * d
        if starts >> (1 - mine) & low:
            return "NO\n"  # the player who did not move last has a five
        starts = starts >> mine & low
        if not starts:
            continue
        lo, hi = (starts & -starts).bit_length() - 1, starts.bit_length() - 1
        if hi - lo > 4 * d or starts != sum(1 << p for p in range(lo, hi + 1, d)):
            return "NO\n"  # two windows with no cell in common
        cells = set(range(hi, lo + 4 * d + 1, d))
        common = cells if common is None else common & cells
        if not common:
            return "NO\n"
    return "YES\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
