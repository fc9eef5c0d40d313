"""Bug: the winner's colour comes from the 0-based move index, so red and blue are swapped."""

import sys


def main():
    values = list(map(int, sys.stdin.buffer.read().decode("utf-8-sig").split()))
    if len(values) < 2:
        return "0,draw"
    width, height = values[0], values[1]
    level = {}
    stones = (set(), set())
    for index, column in enumerate(values[2:]):
        if not 0 < column <= width or level.get(column, 0) >= height:
            return f"{index + 1},error"
        row = level.get(column, 0)
        level[column] = row + 1
        mine = stones[index % 2]
        mine.add((column, row))
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            for shift in range(4):
                x0, y0 = column - shift * dx, row - shift * dy
                if all((x0 + k * dx, y0 + k * dy) in mine for k in range(4)):
                    return f"{index + 1},{'red' if index % 2 else 'blue'}"
    return "0,draw"


print(main())
