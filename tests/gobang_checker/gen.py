"""The generators of gobang_checker: stress inputs, benchmark inputs, big testcases.

- ``random_input``: one small random board (see boards.py for how they are made), in one
  of the input forms a person may type or save.
- ``labels``: the interesting situations a board is an example of; the stress test
  asserts that each occurs often, beside the YES / NO counts (``STRESS``).
- ``shrink``: smaller boards for the stress driver's shrinking.
- ``SCALE`` and ``scale_answer``: the benchmark's inputs (built in scale.py) and their
  answers from the oracle.
- ``BIG_CASES``: the builders of the committed testcases over 100 KB.
"""

from .boards import random_grid
from .oracle import BOM, FIVE, _slices, parse, solve
from .scale import apart_board, cross_board, testcase_2000x2000, worst_19x19

SITUATIONS = (
    "counts-no",
    "white-ahead",
    "no-five",
    "five-YES",
    "five-NO",
    "five-of-other-player",
    "several-fives-YES",
    "several-fives-NO",
    "long-line-YES",
    "long-line-NO",
    "line-of-10-plus",
)
# YES and NO each a third of the boards or more, and every situation in 300 or more.
STRESS = {
    "count": 20000,
    "seed": 20240612,
    "min_count": {"YES": 6667, "NO": 6667, **dict.fromkeys(SITUATIONS, 300)},
}


def render(rng, grid):
    """The board as input text, about one in five in another form a person may type or
    save: CRLF line ends, blank lines, spaces around rows, a byte-order mark, no final
    newline, rows without their trailing empty cells, other characters for empty cells."""
    rows = ["".join(row) for row in grid]
    roll = rng.random()
    if roll < 0.03:
        return "".join(row + "\r\n" for row in rows)
    if roll < 0.06:
        return "".join(row + "\n" for row in rows) + "\n" * rng.randint(1, 3)
    if roll < 0.08:
        rows = [
            rng.choice(("", " ", "\t")) + row + rng.choice(("", " ", "  ", "\t")) for row in rows
        ]
    elif roll < 0.1:
        rows = [row + "\n" * rng.randint(0, 1) for row in rows]  # blank lines between rows
    elif roll < 0.12:
        rows = [row.rstrip(".") or "." for row in rows]
    elif roll < 0.14:
        empty = rng.choice(("-", "+", "_", "0", "\u30fb", "\u00b7"))  # "・", "·"
        rows = [row.replace(".", empty) for row in rows]
    text = "".join(row + "\n" for row in rows)
    if roll < 0.2 and rng.random() < 0.4:
        text = BOM + text
    if 0.14 <= roll < 0.2 and rng.random() < 0.5:
        text = text.rstrip("\n")
    return text


# Labels only inputs past the judge's have: AtCoder always sends a plain 19 x 19 board.
EXTENDED_LABELS = ("no-rows",)
JUDGE_SIZE = (19, 19)


def random_input(rng, judge=False):
    """One random board; with judge=True a 19 x 19 one in AtCoder's plain form (19 rows of
    19 characters, each ending in LF), otherwise any size in any form render() makes."""
    if judge:
        return join("".join(row) for row in random_grid(rng, JUDGE_SIZE))
    if rng.random() < 0.005:
        return rng.choice(("", "\n", " \r\n\n", BOM, BOM + "\n"))  # no rows: no stones
    return render(rng, random_grid(rng))


def kind(output):
    return output.strip()


def labels(text, answer):
    """Names of the interesting situations the board is an example of."""
    rows = parse(text)
    if not rows:
        return [kind(answer), "no-rows"]
    width = len(rows[0]) + 1
    g = "\n".join(rows)
    black, white = g.count("o"), g.count("x")
    runs = [m.group() for s, k in _slices(width) for m in FIVE.finditer(g[s::k])]
    found = [kind(answer)]
    if black not in (white, white + 1):
        found.append("counts-no")
        if white == black + 1:
            found.append("white-ahead")
        return found
    last = "o" if black == white + 1 else "x"
    if not runs:
        found.append("no-five")
        return found
    found.append("five-" + found[0])
    if any(run[0] != last for run in runs):
        found.append("five-of-other-player")
    if sum(run[0] == last for run in runs) >= 2:
        found.append("several-fives-" + found[0])
    longest = max(len(run) for run in runs)
    if 6 <= longest <= 9:
        found.append("long-line-" + found[0])
    if longest >= 10:
        found.append("line-of-10-plus")
    return found


def shrink(text):
    """Smaller boards: the board without decoration, halves of the rows or columns, single
    rows or columns, half the stones, single stones, a stone with one of the other colour.
    Each has fewer cells, or as many and fewer stones, or both and fewer characters."""
    rows = parse(text)
    height, width = len(rows), len(rows[0]) if rows else 0
    board = "".join(row + "\n" for row in rows)
    if len(board) < len(text):
        yield board  # the same board without decoration
    if height > 1:
        yield from (join(rows[: height // 2]), join(rows[height // 2 :]))
    if width > 1:
        half = width // 2
        yield from (join(row[:half] for row in rows), join(row[half:] for row in rows))
    if height > 1:
        yield from (join(rows[:r] + rows[r + 1 :]) for r in range(height))
    if width > 1:
        yield from (join(row[:c] + row[c + 1 :] for row in rows) for c in range(width))
    stones = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."]
    if len(stones) > 1:
        yield cleared(rows, stones[: len(stones) // 2])
        yield cleared(rows, stones[len(stones) // 2 :])
    for r, c in stones:
        yield cleared(rows, [(r, c)])
    for r, c in stones:
        other = next(((y, x) for y, x in stones if rows[y][x] != rows[r][c]), None)
        if other is not None:
            yield cleared(rows, [(r, c), other])


def join(rows):
    return "".join(row + "\n" for row in rows)


def cleared(rows, cells):
    grid = [list(row) for row in rows]
    for r, c in cells:
        grid[r][c] = "."
    return join("".join(row) for row in grid)


SCALE = [
    {
        "name": "2000x2000",
        "what": "the no-five pattern as o/x, about 3% of cells empty, and a crossing pair of "
        "black fives sharing their middle stone: YES",
        "build": lambda rng: cross_board(rng, 2000, 2000),
        "target": 3.0,
        "mem_target": None,
        "quick_build": lambda rng: cross_board(rng, 200, 200),
    },
    {
        "name": "apart-2000x2000",
        "what": "the same board with two black fives that share no stone, one along a row and "
        "one along a diagonal: the five search of all four directions runs before the NO: NO",
        "build": lambda rng: apart_board(rng, 2000, 2000),
        "target": 3.0,
        "mem_target": None,
        "quick_build": lambda rng: apart_board(rng, 200, 200),
    },
    {
        "name": "worst-19x19",
        "what": "a full 19 x 19 board, 181 black and 180 white, two black nines crossing at "
        "their middles near the bottom-right corner: the only legal last move is late in "
        "scan order: YES",
        "build": worst_19x19,
        "target": 1.5,
        "mem_target": None,
        "quick_build": worst_19x19,
    },
]


def scale_answer(name, data):
    """The oracle's answer: it tries only stones on a five, so a 2000 x 2000 board takes
    it a second or two."""
    return solve(data.decode()).encode()


BIG_CASES = {"2000x2000": testcase_2000x2000}


def size(text):
    """What every shrink candidate makes smaller: the cells, then the stones, then the text."""
    rows = parse(text)
    return len(rows) * len(rows[0]) if rows else 0, text.count("o") + text.count("x"), len(text)


SAVED = [  # bytes as an editor may save them
    b"\xef\xbb\xbfooooo\r\nxxxx.\r\n",  # a byte-order mark and CRLF
    b"ooooo\nxx\xffxx\n",  # a byte that is not UTF-8: an empty cell
    "ooooo\nxxxx\n".encode("utf-16"),  # UTF-16: every other byte is a NUL, an empty cell
    b"\xef\xbb\xbf",
    b"",
]
