"""Bug: a four counts only when the new piece is at one end of it, not inside it."""

import sys

ROWS, COLS = 6, 8
EIGHT_WAYS = [(dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx]


def main():
    text = sys.stdin.buffer.read().decode("utf-8-sig", "replace")
    grid = [[" "] * COLS for _ in range(ROWS)]  # grid[0] is the top row
    turn = 0
    filled = 0
    printed = []

    def board():
        printed.append("".join("|" + "".join(row) + "|\n" for row in grid) + "\\--------/\n")

    lines = text.split("\n")
    if not lines[-1]:
        del lines[-1]
    for line in lines:
        words = line.split()
        if not words:
            board()
            continue
        for word in words:
            try:
                x = int(word) - 1
            except ValueError:
                x = -1
            y = ROWS - 1
            while x in range(COLS) and y >= 0 and grid[y][x] != " ":
                y -= 1
            if x not in range(COLS) or y < 0:
                printed.append("INVALID\n")
                continue
            grid[y][x] = str(turn)
            turn = 1 - turn
            filled += 1
            for dy, dx in EIGHT_WAYS:
                ahead = [(y + k * dy, x + k * dx) for k in (1, 2, 3)]
                if all(
                    0 <= a < ROWS and 0 <= b < COLS and grid[a][b] == grid[y][x] for a, b in ahead
                ):
                    printed.append("CONNECT4\n")
                    board()
                    return printed
            if filled == ROWS * COLS:
                printed.append("FULL\n")
                board()
                return printed
    printed.append("QUIT\n")
    return printed


sys.stdout.write("".join(main()))
