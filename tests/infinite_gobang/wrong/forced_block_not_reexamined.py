"""Bug: black's forced block is not looked at again: it may make a double threat."""

import json
import sys

from _rules import first_moves

DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def five(board, x, y, colour):
    """Whether colour on the empty cell (x, y) makes five in a row."""
    for dx, dy in DIRS:
        line = [board.get((x + k * dx, y + k * dy)) for k in range(-4, 5)]
        line[4] = colour
        if any(line[i : i + 5] == [colour] * 5 for i in range(5)):
            return True
    return False


def winning(board, colour, cells):
    return {cell for cell in cells if cell not in board and five(board, *cell, colour)}


def gobang(pieces):
    board = {(x, y): c for x, y, c in pieces}
    near = {(x + i, y + j) for x, y in board for i in (-1, 0, 1) for j in (-1, 0, 1)}
    decided, white = first_moves(lambda colour: winning(board, colour, near))
    if decided:
        return decided
    if white:
        return "None"
    black = [cell for cell, c in board.items() if c == 0]
    moves = {(x + k * dx, y + k * dy) for x, y in black for dx, dy in DIRS for k in range(-4, 5)}
    for mx, my in moves - set(board):
        board[mx, my] = 0
        lines = {(mx + k * dx, my + k * dy) for dx, dy in DIRS for k in range(-4, 5)}
        if len(winning(board, 0, lines)) > 1:
            return "Black"
        del board[mx, my]
    return "None"


def arrays(text):
    depth = start = 0
    for i, ch in enumerate(text):
        if ch == "[":
            start = i if depth == 0 else start
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                yield json.loads(text[start : i + 1])


sys.stdout.write("".join('"' + gobang(p) + '"\n' for p in arrays(sys.stdin.read())))
