"""Bug: a run steps over a cell of another kind, so o o . o o o counts as a five."""

import sys

from _last_move import answer


def stones_in_line(board, r, c, dr, dc):
    me, total = board[r][c], 1
    for sign in (1, -1):
        for k in range(1, 5):
            y, x = r + sign * k * dr, c + sign * k * dc
            if not (0 <= y < len(board) and 0 <= x < len(board[0])):
                break
            if board[y][x] != me:
                continue
            total += 1
    return total


def any_five(board):
    return any(
        board[r][c] != "." and stones_in_line(board, r, c, dr, dc) >= 5
        for r in range(len(board))
        for c in range(len(board[0]))
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
    )


board = [list(row) for row in sys.stdin.read().lstrip("\ufeff").split()]
print(answer(board, any_five))
