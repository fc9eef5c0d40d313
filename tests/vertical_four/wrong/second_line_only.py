"""Extended-input bug: reads the moves from the second line only; moves on later lines are lost."""

import sys

lines = sys.stdin.read().lstrip("\ufeff").splitlines()
head = lines[0].split() if lines else []
moves = [int(x) for x in lines[1].split()] if len(lines) > 1 else []
out = "0,draw"
if len(head) == 2:
    W, H = map(int, head)
    height = [0] * (len(moves) + 1)
    used = {}
    index = {}
    board = {}
    for turn, col in enumerate(moves, 1):
        if not 1 <= col <= W:
            out = f"{turn},error"
            break
        slot = index.setdefault(col, len(index))
        if height[slot] >= H:
            out = f"{turn},error"
            break
        row = height[slot]
        height[slot] += 1
        mark = "R" if turn % 2 else "B"
        board[col, row] = mark
        spans = []
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            cells = "".join(board.get((col + k * dx, row + k * dy), ".") for k in range(-3, 4))
            spans.append(mark * 4 in cells)
        if any(spans):
            out = f"{turn},{'red' if mark == 'R' else 'blue'}"
            break
print(out)
