"""Bug: prints "N, red" with a space after the comma, as the statement's prose writes it."""

import sys


def outcome(width, height, moves):
    columns = {}
    for turn, col in enumerate(moves, 1):
        if not 1 <= col <= width:
            return turn, "error"
        cells = columns.setdefault(col, [])
        if len(cells) >= height:
            return turn, "error"
        colour = "red" if turn & 1 else "blue"
        cells.append(colour)
        row = len(cells) - 1

        def at(c, r, colour=colour):
            stack = columns.get(c, ())
            return 0 <= r < len(stack) and stack[r] == colour

        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            back = next(k for k in range(1, 5) if not at(col - k * dc, row - k * dr))
            fore = next(k for k in range(1, 5) if not at(col + k * dc, row + k * dr))
            if back + fore - 1 >= 4:
                return turn, colour
    return 0, "draw"


nums = [int(x) for x in sys.stdin.read().lstrip("\ufeff").split()]
n, what = outcome(nums[0], nums[1], nums[2:]) if len(nums) > 1 else (0, "draw")
print(f"{n}, {what}")
