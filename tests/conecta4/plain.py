"""conecta4 (Jutge P32786, Conecta 4): simulate Connect Four on a 6x8 board.

Judge-faithful port: reads only the judge's format (moves 1-8 separated by spaces or
line breaks, empty lines print the board). A test fixture, not the repo's solution.
Idea: read line by line; an empty line prints the board, every number is a move; after
each move look for 4 in a row anywhere on the small board, then check for a full board.
"""

import sys

ROWS, COLS = 6, 8
board = [[" "] * COLS for _ in range(ROWS)]  # board[0] is the bottom row
out = []


def show():
    for r in range(ROWS - 1, -1, -1):
        out.append("|" + "".join(board[r]) + "|")
    out.append("\\--------/")


def four(p):
    """Whether p has four in a row anywhere: every cell, every direction (the board is small)."""
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= y < ROWS and 0 <= x < COLS and board[y][x] == p for y, x in cells):
                    return True
    return False


def main():
    turn, placed = 0, 0
    for line in sys.stdin:
        line = line.rstrip("\n")
        if line == "":
            show()
            continue
        for s in line.split():
            c = int(s) - 1
            r = next((r for r in range(ROWS) if board[r][c] == " "), -1)
            if r < 0:
                out.append("INVALID")
                continue
            p = str(turn)
            board[r][c] = p
            turn, placed = 1 - turn, placed + 1
            won = four(p)
            if won or placed == ROWS * COLS:
                out.append("CONNECT4" if won else "FULL")
                show()
                return
    out.append("QUIT")


main()
sys.stdout.write("\n".join(out) + "\n")
