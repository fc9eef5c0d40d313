"""Long games for the conecta4 generator: 48 moves that fill the board with no four (FULL),
or with a four made only by the 48th move (CONNECT4 on a full board).

A plan is built in two steps: a 24/24 colouring of the board cell by cell with backtracking
(``random_colouring``), then an order that drops those pieces with red and yellow
alternating (``play_order``). The pools are made once from a fixed seed.
"""

import functools
import random

from .oracle import WINDOWS as STARTING_AT

ROWS = 6
COLS = 8
STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))


def lines_through():
    """THROUGH[r][c]: the lines of 4 cells that hold (r, c), from the oracle's table of the
    lines that start at each cell."""
    found = [[[] for _ in range(COLS)] for _ in range(ROWS)]
    for r in range(ROWS):
        for c in range(COLS):
            for _, *rest in STARTING_AT[r][c]:
                cells = [(r, c), *rest]
                for y, x in cells:
                    found[y][x].append(cells)
    return found


THROUGH = lines_through()


def four_through(grid, r, c, who):
    """True if (r, c) is in a line of four cells of `who` in the generator's own grid."""
    return any(all(grid[y][x] == who for y, x in cells) for cells in THROUGH[r][c])


def random_colouring(rng, last_column):
    """A full 24/24 colouring (0 = red, 1 = yellow) built cell by cell with backtracking.

    Without last_column it has no line of four. With it, the top cell of that column is
    yellow and every line of four passes through it.
    """
    special = None if last_column is None else (ROWS - 1, last_column)
    while True:
        grid = [[None] * COLS for _ in range(ROWS)]
        if colour_cells(rng, grid, 0, [24, 24], special, [5000]):
            return grid


def colour_cells(rng, grid, i, left, special, budget):
    """Colour cells i.. (bottom row first); False when stuck or out of budget."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    if i == ROWS * COLS:
        return True
    r, c = divmod(i, COLS)
    options = [1] if (r, c) == special else rng.sample((0, 1), 2)
    for who in options:
        if left[who] == 0:
            continue
        grid[r][c] = who
        four = four_through(grid, r, c, who)
        if four == ((r, c) == special):
            left[who] -= 1
            if colour_cells(rng, grid, i + 1, left, special, budget):
                return True
            left[who] += 1
        grid[r][c] = None
    return False


def play_order(rng, grid, last_column):
    """Columns (1..8) that drop the pieces of `grid` with red and yellow alternating.

    With last_column, the top cell of that column is played last. None if impossible.
    """
    heights = [0] * COLS
    moves = []
    dead = set()

    def step(n):
        if n == ROWS * COLS:
            return True
        key = tuple(heights)
        if key in dead:
            return False
        for c in rng.sample(range(COLS), COLS):
            h = heights[c]
            if h == ROWS or grid[h][c] != n % 2:
                continue
            if c == last_column and h == ROWS - 1 and n != ROWS * COLS - 1:
                continue
            heights[c] += 1
            moves.append(c + 1)
            if step(n + 1):
                return True
            heights[c] -= 1
            moves.pop()
        dead.add(key)
        return False

    return moves if step(0) else None


def make_plan(rng, last_move_wins):
    """48 moves that fill the board: with no four (FULL), or a four only at move 48."""
    while True:
        last_column = rng.randrange(COLS) if last_move_wins else None
        grid = random_colouring(rng, last_column)
        moves = play_order(rng, grid, last_column)
        if moves:
            return moves


@functools.lru_cache(maxsize=None)
def plan_pools():
    """Long games for the generator: 60 FULL games and 12 with a four at move 48."""
    rng = random.Random(4242)
    full = [make_plan(rng, False) for _ in range(60)]
    last = [make_plan(rng, True) for _ in range(12)]
    return full, last
