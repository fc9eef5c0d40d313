"""Bug: looks only two cells each way, so a four the new piece closes at an end is missed."""

import sys


def line_length(taken, x, y, dx, dy):
    length = 1
    for sign in (1, -1):
        for k in (1, 2):
            if (x + sign * k * dx, y + sign * k * dy) not in taken:
                break
            length += 1
    return length


def game(numbers):
    if len(numbers) < 2:
        return "0,draw"
    width, height, *moves = numbers
    filled = {}
    taken = {1: set(), 0: set()}
    for t, x in enumerate(moves, 1):
        y = filled.get(x, 0)
        if x not in range(1, width + 1) or y >= height:
            return f"{t},error"
        filled[x] = y + 1
        taken[t % 2].add((x, y))
        if (
            max(
                line_length(taken[t % 2], x, y, dx, dy)
                for dx, dy in [(1, 0), (0, 1), (1, 1), (1, -1)]
            )
            >= 4
        ):
            return f"{t},{'red' if t % 2 else 'blue'}"
    return "0,draw"


print(game([int(w) for w in sys.stdin.read().strip("\ufeff \r\n\t").split()]))
