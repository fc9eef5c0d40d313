"""Bug: fours are looked for across, up and along "/" only, never along "\\"."""

import re
import sys

# The grid has a border of "#" around the 6 x 8 cells, so no bounds checks are needed.
grid = [["#"] * 10 for _ in range(8)]
for y in range(1, 7):
    for x in range(1, 9):
        grid[y][x] = " "


def streak(y, x, dy, dx):
    piece, n = grid[y][x], 0
    while grid[y + dy][x + dx] == piece:
        y, x, n = y + dy, x + dx, n + 1
    return n


def won(y, x):
    return any(
        streak(y, x, dy, dx) + streak(y, x, -dy, -dx) >= 3 for dy, dx in ((0, 1), (1, 0), (1, 1))
    )


def snapshot():
    return "".join("|" + "".join(grid[y][1:9]) + "|\n" for y in range(6, 0, -1)) + "\\--------/\n"


def value(token):
    return int(token) if re.fullmatch(r"[+-]?\d{1,18}", token) else 0


def simulate(text):
    text = text[1:] if text.startswith("\ufeff") else text
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    said = []
    placed = 0
    for line in lines:
        tokens = line.split()
        if not tokens:
            said.append(snapshot())
        for token in tokens:
            x = value(token)
            if not 1 <= x <= 8 or grid[6][x] != " ":
                said.append("INVALID\n")
                continue
            y = 1
            while grid[y][x] != " ":
                y += 1
            grid[y][x] = "01"[placed % 2]
            placed += 1
            if won(y, x):
                return [*said, "CONNECT4\n", snapshot()]
            if placed == 48:
                return [*said, "FULL\n", snapshot()]
    return [*said, "QUIT\n"]


sys.stdout.write("".join(simulate(sys.stdin.buffer.read().decode("utf-8", "replace"))))
