"""Brute-force oracle for vertical_four, written from the problem statement only.

How it works
------------
* A UTF-8 byte-order mark at the very start is dropped, then the whole input is split on
  whitespace, so spaces, tabs, CRLF line ends, blank lines, moves spread over several lines,
  an empty or missing moves line and a missing final newline all read the same. The first
  two numbers are W and H, every later number is a move; an input without both W and H has
  no moves, so it is a draw like any game without moves. A token that is not an integer
  counts as 0 (no column; as W or H, no board).
* The board is a dense 2-D grid (a list of rows, row 0 at the bottom) of EMPTY / RED /
  BLUE cells. A move first checks that its column is inside 1..W, then scans that column
  from the bottom for the first empty cell; finding none means the column is full.
* After EVERY move the whole grid is rescanned: every occupied cell is tried as the start
  of a line of four in each of the four directions (right, up, up-right, up-left). Any
  line of four of either colour ends the game. A line of five or more contains a line of
  four, so "4 or more" needs no special case.

The grid only has to hold the cells a game can reach, so its size is bounded without
changing any answer: columns span from the smallest to the largest in-range column that
appears among the moves (an offset maps them to 0..), and rows are capped at
min(H, number of moves), because no column can hold more pieces than there are moves.
When rows == H a column whose top row is occupied is full; when rows < H the scan never
reaches the top. The grid is asserted to stay small.

Why it is independent of a fast solution: nothing is incremental. There are no per-column
height counters, no hash maps of pieces, no counting outward from the last move; the only
state is the grid itself, and the win test looks at every cell each time. It is slow
(cells x moves) and meant for small boards.
"""

import re
import unicodedata

EMPTY = "."
RED = "red"
BLUE = "blue"

# (name, row step, column step); rows grow upwards, columns to the right.
DIRECTIONS = (
    ("horizontal", 0, 1),
    ("vertical", 1, 0),
    ("diagonal", 1, 1),  # "/" : up and to the right
    ("anti-diagonal", 1, -1),  # "\" : up and to the left
)

MAX_CELLS = 10**6


BOM = "\ufeff"


# What int() reads as a whole number: a sign, decimal digits (of any script), single
# underscores between them.
INTEGER = re.compile(r"[+-]?\d+(?:_\d+)*")


def as_number(token):
    """A token as an integer; one that is not an integer names no column and counts as 0.
    The digits are added up one by one, so a number of any length reads (int() refuses more
    than 4,300 digits on Python 3.11 and later)."""
    if not INTEGER.fullmatch(token):
        return 0
    value = 0
    for char in token.lstrip("+-"):
        if char != "_":
            value = value * 10 + unicodedata.digit(char)
    return -value if token.startswith("-") else value


def parse(text):
    """Return (W, H, moves) from the whole input text (W = H = 0 when they are missing)."""
    if text.startswith(BOM):
        text = text[len(BOM) :]
    numbers = [as_number(token) for token in text.split()]
    if len(numbers) < 2:
        return 0, 0, []
    return numbers[0], numbers[1], numbers[2:]


def find_fours(grid):
    """Rescan the whole grid; return the set of (colour, direction) of every line of four."""
    found = set()
    rows = len(grid)
    cols = len(grid[0]) if rows else 0
    for r in range(rows):
        for c in range(cols):
            colour = grid[r][c]
            if colour == EMPTY:
                continue
            for name, dr, dc in DIRECTIONS:
                end_r = r + 3 * dr
                end_c = c + 3 * dc
                if not (0 <= end_r < rows and 0 <= end_c < cols):
                    continue
                if (
                    grid[r + dr][c + dc] == colour
                    and grid[r + 2 * dr][c + 2 * dc] == colour
                    and grid[end_r][end_c] == colour
                ):
                    found.add((colour, name))
    return found


def play(text):
    """Play the game.

    Returns a dict with:
      move     -- the move number N of the result (0 for a draw)
      result   -- "red", "blue", "error" or "draw"
      column   -- the column of move N (None for a draw)
      reason   -- for an error: "range" or "full"; otherwise None
      directions -- for a win: sorted names of the directions of the winning lines
    """
    width, height, moves = parse(text)
    in_range = [m for m in moves if 1 <= m <= width]
    if in_range:
        low = min(in_range)
        grid_cols = max(in_range) - low + 1
    else:
        low = 1
        grid_cols = 0
    grid_rows = max(0, min(height, len(moves)))  # a negative H holds nothing, like 0
    assert grid_cols * grid_rows <= MAX_CELLS, "board too large for the dense oracle"
    grid = [[EMPTY] * grid_cols for _ in range(grid_rows)]

    for number, column in enumerate(moves, 1):
        colour = RED if number % 2 == 1 else BLUE
        if not 1 <= column <= width:
            return {"move": number, "result": "error", "column": column, "reason": "range"}
        c = column - low
        r = 0
        while r < grid_rows and grid[r][c] != EMPTY:
            r += 1
        if r == grid_rows:
            # Only possible when the grid has all H rows: the column holds H pieces.
            assert grid_rows == max(height, 0)
            return {"move": number, "result": "error", "column": column, "reason": "full"}
        grid[r][c] = colour
        fours = find_fours(grid)
        if fours:
            colours = {col for col, _ in fours}
            # The board had no four before this move, so every line found uses this piece.
            assert colours == {colour}
            return {
                "move": number,
                "result": colour,
                "column": column,
                "reason": None,
                "directions": sorted(name for _, name in fours),
            }
    return {"move": 0, "result": "draw", "column": None, "reason": None}


def format_outcome(outcome):
    """The output line for a result of ``play``."""
    return f"{outcome['move']},{outcome['result']}\n"


def solve(text):
    """Same contract as the solution: whole input text in, whole output text out."""
    return format_outcome(play(text))


def incremental(text):
    """A second checker for inputs too big for the rescans of ``solve``: it looks only at the
    lines through each new piece, in a dict of pieces. The tests check it against ``solve``."""
    width, height, moves = parse(text)
    heights = {}
    owner = {}
    for number, column in enumerate(moves, 1):
        who = number % 2
        if not 1 <= column <= width or heights.get(column, 0) >= height:
            return f"{number},error\n"
        row = heights.get(column, 0)
        heights[column] = row + 1
        owner[(column, row)] = who
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                c, r = column + sign * dc, row + sign * dr
                while owner.get((c, r)) == who:
                    run += 1
                    c, r = c + sign * dc, r + sign * dr
            if run >= 4:
                return f"{number},{'red' if who == 1 else 'blue'}\n"
    return "0,draw\n"


solve_large = incremental  # the contract's name for the checker of the big testcases
