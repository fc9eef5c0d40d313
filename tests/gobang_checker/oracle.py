"""Brute-force oracle for gobang_checker, written straight from the statement.

The method is the naive one, spelled out:

1. Read the board. A UTF-8 byte-order mark at the very start is dropped. The rows are
   the input's whitespace-separated words, so LF or CRLF line ends, blank lines and
   spaces or tabs around a row are not part of the board. Inputs outside the statement
   get a defined reading instead of an error: a row shorter than the longest one is
   padded with empty cells on its right, every character other than ``o`` and ``x`` is an
   empty cell, and an input with no rows is a board without stones.
2. Count black (``o``) and white (``x``) stones. Black moves first and nobody passes, so
   either b == w (white moved last) or b == w + 1 (black moved last); anything else,
   including w == b + 1, is impossible.
3. Scan every line of the board (rows, columns, both diagonals) for five or more
   stones of one colour in an unbroken run. No such run: the game may still be going.
4. Otherwise the last move must have made every five on the board, so the position is
   possible exactly when taking away one stone of the last mover leaves a board on
   which the scan of step 3 finds nothing. Each candidate stone is removed in turn and
   the whole board is scanned again.

Only stones that lie on some five are tried in step 4. That is the same thing as trying
every stone of the last mover: taking away a stone that is on no five leaves each five
of the board untouched, so the rescan would find a five again. (``full=True`` tries
every stone of the last mover anyway; the tests check the two agree, and they check both
against ``literal_solve``, which scans cell by cell with no string tricks at all.)

How the scan reads the lines. The rows are joined with a newline, so the board becomes
one string ``g`` of width ``W = C + 1`` whose last column is the separator: cell (r, c)
is ``g[r * W + c]``. Taking every W-th character walks down a column, every (W + 1)-th
down a right-leaning diagonal, every (W - 1)-th down a left-leaning diagonal. A
diagonal walk that leaves the board on the right or the left lands on a separator,
never on a stone, so an unbroken run of stones in such a slice is an unbroken run of
cells on one real line of the board, and every line of the board lies inside one slice.
The slices ``g[s::k]`` for s in 0..k-1 together cover every index once.
"""

import re

BOM = "\ufeff"
FIVE = re.compile(r"o{5,}|x{5,}")
NOT_A_STONE = re.compile(r"[^ox]")
DIRS = ((0, 1), (1, 0), (1, 1), (1, -1))


def parse(text):
    """The board rows of the input text: equal-length strings of ``o``, ``x`` and ``.``."""
    if text.startswith(BOM):
        text = text[len(BOM) :]
    rows = [word for word in re.split(r"\s+", text) if word]
    width = max((len(row) for row in rows), default=0)
    return [NOT_A_STONE.sub(".", row) + "." * (width - len(row)) for row in rows]


def _slices(width):
    """(start, step) pairs whose slices of the joined board cover every line."""
    result = [(0, 1)]  # rows, cut apart by the separators
    for step in (width, width + 1, width - 1):  # columns, both diagonals
        result.extend((start, step) for start in range(step))
    return result


def runs(g, width):
    """Every maximal run of five or more equal stones of the joined board, as a string."""
    return [m.group() for s, k in _slices(width) for m in FIVE.finditer(g[s::k])]


def five_cells(g, width):
    """Indices into ``g`` of all stones that lie on a run of five or more."""
    cells = set()
    for start, step in _slices(width):
        for match in FIVE.finditer(g[start::step]):
            cells.update(start + step * k for k in range(match.start(), match.end()))
    return cells


def has_five(g, width):
    """True if some line of the joined board holds five or more stones of one colour."""
    return any(FIVE.search(g[start::step]) for start, step in _slices(width))


def solve(text, full=False):
    """Answer "YES\\n" or "NO\\n" for the board in ``text`` by the naive method."""
    rows = parse(text)
    if not rows:
        return "YES\n"
    width = len(rows[0]) + 1
    g = "\n".join(rows)
    black, white = g.count("o"), g.count("x")
    if black == white + 1:
        last = "o"
    elif black == white:
        last = "x"
    else:
        return "NO\n"
    on_five = five_cells(g, width)
    if not on_five:
        return "YES\n"
    if full:
        candidates = [i for i, ch in enumerate(g) if ch == last]
    else:
        candidates = sorted(i for i in on_five if g[i] == last)
    for i in candidates:
        if not has_five(g[:i] + "." + g[i + 1 :], width):
            return "YES\n"
    return "NO\n"


def removable(text):
    """(row, column) of every stone of the last mover whose removal leaves no five."""
    rows = parse(text)
    width = len(rows[0]) + 1
    g = "\n".join(rows)
    last = "o" if g.count("o") > g.count("x") else "x"
    return [
        divmod(i, width)
        for i, ch in enumerate(g)
        if ch == last and not has_five(g[:i] + "." + g[i + 1 :], width)
    ]


def literal_has_five(grid):
    """Cell by cell, direction by direction: five equal stones starting here?"""
    height, width = len(grid), len(grid[0])
    for r in range(height):
        for c in range(width):
            if grid[r][c] == ".":
                continue
            for dr, dc in DIRS:
                inside = 0 <= r + 4 * dr < height and 0 <= c + 4 * dc < width
                if inside and all(grid[r + k * dr][c + k * dc] == grid[r][c] for k in range(5)):
                    return True
    return False


def literal_solve(text):
    """The same answer by the literal scan, trying every stone of the last mover."""
    grid = [list(row) for row in parse(text)]
    black = sum(row.count("o") for row in grid)
    white = sum(row.count("x") for row in grid)
    if black not in (white, white + 1):
        return "NO\n"
    if not grid or not literal_has_five(grid):
        return "YES\n"
    last = "o" if black == white + 1 else "x"
    for row in grid:
        for c, ch in enumerate(row):
            if ch == last:
                row[c] = "."
                free = not literal_has_five(grid)
                row[c] = ch
                if free:
                    return "YES\n"
    return "NO\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
