"""Bug: play goes on after a win, so a later win or error replaces the first result."""

import sys

data = sys.stdin.read().lstrip("\ufeff").split()
result = "0,draw"
if len(data) > 1:
    W, H = int(data[0]), int(data[1])
    heights = {}
    board = {}
    for move, token in enumerate(data[2:], start=1):
        col = int(token)
        if col < 1 or col > W or heights.get(col, 0) >= H:
            result = f"{move},error"
            break
        row = heights[col] = heights.get(col, 0) + 1
        who = "blue" if move % 2 == 0 else "red"
        board[col, row] = who
        for dc, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):
            line = [board.get((col + k * dc, row + k * dr)) == who for k in range(-3, 4)]
            if "1111" in "".join(str(int(x)) for x in line):
                result = f"{move},{who}"
print(result)
