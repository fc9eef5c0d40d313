"""Bug: runs are counted forward only: 4 of the 8 half-lines out of a cell are never walked."""

import json
import sys

LINES = [(1, 0), (0, 1), (1, 1), (1, -1)]


def forward(board, cell, step, colour):
    """How many stones of colour follow cell in the direction step."""
    n = 0
    while board.get((cell[0] + (n + 1) * step[0], cell[1] + (n + 1) * step[1])) == colour:
        n += 1
    return n


def completes(board, cell, colour):
    return cell not in board and any(forward(board, cell, s, colour) >= 4 for s in LINES)


def gobang(pieces):
    board = {(x, y): c for x, y, c in pieces}
    around = [(x + k * dx, y + k * dy) for x, y in board for dx, dy in LINES for k in range(-4, 5)]
    around = set(around) - set(board)
    if any(completes(board, cell, 0) for cell in around):
        return "Black"
    threats = [cell for cell in around if completes(board, cell, 1)]
    if len(threats) > 1:
        return "White"
    moves = threats or [cell for cell in around if board.get(cell) is None]
    for move in moves:
        board[move] = 0
        after = {(move[0] + k * dx, move[1] + k * dy) for dx, dy in LINES for k in range(-4, 5)}
        made = sum(completes(board, cell, 0) for cell in after)
        del board[move]
        if made > 1:
            return "Black"
    return "None"


text, decoder, i, out = sys.stdin.read(), json.JSONDecoder(), 0, []
while text.find("[", i) >= 0:
    pieces, i = decoder.raw_decode(text, text.find("[", i))
    out.append(json.dumps(gobang(pieces)))
print("\n".join(out))
