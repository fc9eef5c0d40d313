"""Extended-input bug: the board is read as the judge's 19 x 19, other sizes cut or padded."""

import sys

from _last_move import answer

N = 19
lines = sys.stdin.read().lstrip("\ufeff").split()
board = [list((lines[i] if i < len(lines) else "").ljust(N, ".")[:N]) for i in range(N)]


def five_on_board(grid):
    for i, row in enumerate(grid):
        for j, stone in enumerate(row):
            if stone == ".":
                continue
            for di, dj in ((0, 1), (1, 0), (1, 1), (1, -1)):
                ei, ej = i + 4 * di, j + 4 * dj
                if (
                    ei < N
                    and 0 <= ej < N
                    and all(grid[i + k * di][j + k * dj] == stone for k in range(5))
                ):
                    return True
    return False


print(answer(board, five_on_board))
