"""Not a wrong program: what several programs of this folder share, as a contestant's own
library would. Which colour moved last, by the counts of stones, and the answer by taking
back each stone of the last mover in turn. Each program's bug stays in its own file."""


def last_mover(rows):
    """The colour that moved last, "o" (black, who moves first) or "x", by the counts of
    stones in rows (strings or lists of cells); None where no game leaves those counts."""
    black, white = (sum(row.count(stone) for row in rows) for stone in "ox")
    if black == white + 1:
        return "o"
    return "x" if black == white else None


def taken_back(grid, last, has_five):
    """Whether taking back some stone of last leaves no five: grid is a list of rows of
    cells, changed and put back; has_five(grid) says whether a board has a five."""

    def clears(r, c):
        grid[r][c] = "."
        try:
            return not has_five(grid)
        finally:
            grid[r][c] = last

    stones = [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell == last]
    return any(clears(r, c) for r, c in stones)


def answer(grid, has_five):
    """YES or NO for a board (a list of rows of cells): the counts fit a game, and a five on
    the board goes once some stone of the last mover is taken back."""
    last = last_mover(grid)
    if last is None:
        return "NO"
    return "YES" if not has_five(grid) or taken_back(grid, last, has_five) else "NO"
