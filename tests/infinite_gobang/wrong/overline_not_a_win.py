"""Bug: renju's rule for black: a line of six or more does not count as five."""

import json
import re
import sys

from _rules import first_moves

FIVE = {0: re.compile(r"(?<!x)xxxxx(?!x)"), 1: re.compile("ooooo")}
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def strip(board, x, y, dx, dy):
    """The 9 cells centred on (x, y) along (dx, dy), as x (black), o (white) and ."""
    return "".join(".xo"[board.get((x + k * dx, y + k * dy), -1) + 1] for k in range(-4, 5))


def fives(board, colour, cells):
    found = set()
    for x, y in cells:
        if (x, y) in board:
            continue
        board[x, y] = colour
        if any(FIVE[colour].search(strip(board, x, y, *d)) for d in DIRS):
            found.add((x, y))
        del board[x, y]
    return found


def gobang(pieces):
    board = {(x, y): c for x, y, c in pieces}
    box = {(x + k * dx, y + k * dy) for x, y in board for dx, dy in DIRS for k in range(-4, 5)}
    decided, white = first_moves(lambda colour: fives(board, colour, box))
    if decided:
        return decided
    for x, y in white or box - set(board):
        board[x, y] = 0
        near = {(x + k * dx, y + k * dy) for dx, dy in DIRS for k in range(-4, 5)}
        double = len(fives(board, 0, near)) > 1
        del board[x, y]
        if double or white:
            return "Black" if double else "None"
    return "None"


data = re.sub(r"pieces\s*[=:]?", "", sys.stdin.read().lstrip("\ufeff")).strip().rstrip(",")
data = re.sub(r"\]\s*,?\s*\[", "],[", data)
print("\n".join(json.dumps(gobang(p)) for p in json.loads("[" + data + "]")))
