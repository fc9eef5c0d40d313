"""A fast checker for infinite_gobang, for the benchmark's 10^5-stone inputs, where the
game-tree search of oracle.py is too slow: the four-step rule of the statement, evaluated by
counting the stones of every 5-cell window. It shares no code with the solution, and the
tests check it against the search on every stress board."""

from .oracle import BLACK, DIRECTIONS, WHITE
from .reader import parse


def rule_answer(pieces):
    """The answer for a list of [x, y, colour] stones. A window with stones of one colour
    only, 4 of them, gives that colour a winning cell (its empty cell); one with 3 black
    stones and no white gives black a pair of cells: black on one makes the other a
    winning cell."""
    board = {(x, y): c for x, y, c in pieces}
    counts = {}  # (first cell, direction) -> [black stones, white stones]
    for x, y, c in pieces:
        for dx, dy in DIRECTIONS:
            for k in range(5):
                counts.setdefault((x - k * dx, y - k * dy, dx, dy), [0, 0])[c] += 1
    wins = ([], [])  # the winning cells of each colour, with repeats
    makes = {}  # black move -> the winning cells it gives black
    for (x, y, dx, dy), (black, white) in counts.items():
        if (black and white) or black + white < 3:
            continue
        empty = [(x + k * dx, y + k * dy) for k in range(5)]
        empty = [cell for cell in empty if cell not in board]
        if black == 4 or white == 4:
            wins[white > 0].append(empty[0])
        elif black == 3:
            makes.setdefault(empty[0], set()).add(empty[1])
            makes.setdefault(empty[1], set()).add(empty[0])
    white_wins = set(wins[WHITE])
    if wins[BLACK]:
        return "Black"  # black makes five at once
    if len(white_wins) > 1:
        return "White"  # black blocks one, white plays the other
    if white_wins:  # black must block; white then blocks one of black's new cells
        return "Black" if len(makes.get(white_wins.pop(), ())) > 1 else "None"
    return "Black" if any(len(cells) > 1 for cells in makes.values()) else "None"


def fast_solve(text):
    """oracle.solve with ``rule_answer`` in place of the search."""
    return "".join(f'"{rule_answer(pieces)}"\n' for pieces in parse(text))
