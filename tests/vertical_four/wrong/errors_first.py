"""Bug: all columns are range-checked before play, so an error after a win is reported."""

import sys

from _stacks import drop, game

DIRECTIONS = [(0, 1), (1, 0), (1, 1), (1, -1)]


def first_bad(moves, width):
    for number, column in enumerate(moves, 1):
        if column <= 0 or column > width:
            return number
    return None


def run(width, height, moves):
    bad = first_bad(moves, width)
    if bad is not None:
        return f"{bad},error"
    grid = {}
    depth = {}
    for number, column in enumerate(moves, 1):
        row = drop(depth, column, width, height)
        if row is None:
            return f"{number},error"
        grid[row, column] = number % 2
        for dr, dc in DIRECTIONS:
            total = 1
            for s in (1, -1):
                r, c = row + s * dr, column + s * dc
                while grid.get((r, c)) == number % 2:
                    total += 1
                    r, c = r + s * dr, c + s * dc
            if total > 3:
                return f"{number},{['blue', 'red'][number % 2]}"
    return "0,draw"


text = sys.stdin.buffer.read().decode("utf-8-sig")
numbers = [int(t) for t in text.split()]
print(run(*game(numbers)))
