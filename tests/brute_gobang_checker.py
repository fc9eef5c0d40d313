"""Brute-force oracle for gobang_checker, written straight from the statement.

The method is the naive one, spelled out:

1. Parse the board: the lines of the input, a CR at a line end dropped, blank lines at
   the end dropped. Every remaining line is a board row; all rows have the same length.
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
every stone of the last mover anyway; the stress test checks the two agree.)

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

FIVE = re.compile(r"o{5,}|x{5,}")


def parse(text):
    """Return the board rows (list of equal-length strings) of the input text."""
    rows = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    while rows and rows[-1].strip() == "":
        rows.pop()
    assert rows, "empty input"
    width = len(rows[0])
    for row in rows:
        assert len(row) == width, "rows of different lengths"
        assert set(row) <= set("ox."), "unexpected character"
    return rows


def _slices(width):
    """(start, step) pairs whose slices of the joined board cover every line."""
    result = [(0, 1)]  # rows, cut apart by the separators
    for step in (width, width + 1, width - 1):  # columns, both diagonals
        result.extend((start, step) for start in range(step))
    return result


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


def brute(text, full=False):
    """Answer "YES\\n" or "NO\\n" for the board in ``text`` by the naive method."""
    rows = parse(text)
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


if __name__ == "__main__":
    import sys

    sys.stdout.write(brute(sys.stdin.read()))
