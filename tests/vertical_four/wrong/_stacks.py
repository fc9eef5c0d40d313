"""Not a wrong program: what several programs of this folder share, as a contestant's own
library would. An input's numbers as a game, and a piece dropped into a column. Each
program's bug stays in its own file."""


def game(numbers):
    """(W, H, moves) of an input's numbers; without both W and H there is no move at all."""
    return (numbers[0], numbers[1], numbers[2:]) if len(numbers) >= 2 else (0, 0, [])


def drop(heights, column, width, height):
    """The row, 0 at the bottom, where a piece played in column lands, counted in heights
    (the pieces each column holds, updated); None for an error: a column outside 1..width,
    or one that holds height pieces already."""
    row = heights.get(column, 0)
    if not 1 <= column <= width or row >= height:
        return None
    heights[column] = row + 1
    return row
