"""The benchmark's inputs of infinite_gobang: one board of up to 10^5 stones each, one for
every answer, and their answers from rules.py's window-count checker (the game-tree search
is too slow at this size; the tests check the checker against it, and each builder's answer
on small boards against the search).

Two kinds of board leave the solution's loop over windows idle: ``quiet`` and ``filled``
hold no three of one colour in a line, so no window is ever read. The others are built on
``threes``, a dense block where every row is full of threes of both colours, so that the
loop over the windows around each three is the work:

    row r, cell c: "BBB.WWW."[(c + 1 + 4 * r) % 8]   (B black, W white, . empty)

Even rows read ``BB.WWW.BBB.WWW.B``..., odd rows ``WW.BBB.WWW.BBB.W``... A column reads
B W B W ... or W B W B ..., or is empty (c % 4 == 2); a diagonal steps 5 (or 3) places of
the period a row, so it reads B W B . W B W . over and over, where every 5 cells hold both
colours. So the only windows of one colour are the rows' ``.BBB.`` and ``.WWW.``: a black
three links the empty cells at its two ends, and every empty cell is at the end of one
black three only (the width is a multiple of 8, so both ends of a row stop after a run of 1
or 2): nobody has a winning cell and no cell links two, "None". Each variant changes a few
empty cells of a row; an empty cell's column and diagonals hold both colours wherever a
stone is put (every 5 cells of them hold a black and a white stone besides it), so only its
row changes:

* ``black_now``: black on the empty cell before a ``BBB``, in the middle row: ``WWWBBBB.``,
  a black four whose open end is a winning cell: "Black" at once.
* ``white_twice``: white on the empty cell before a ``WWW``, in two random rows:
  ``BBBWWWW.`` twice, two winning cells of white: "White".
* ``forced_block``: the block and, far away, ``FORCED``: a white four closed by black at one
  end, with three black stones in a line from its open end. Black must block there and so
  makes an open four: "Black" after the forced block.

``links`` is black alone: cell (c, r) is black when (c + 2r) % 5 is 0, 1 or 2, so every 5
cells of every row, column and diagonal hold 3 black stones and 2 empty cells. Every window
links its two empty cells, and every empty cell links cells in all four directions: "Black"
by a cell that links two (the statement's last step), with no white stone to block first.
"""

import json

from .rules import fast_solve

PERIOD = "BBB.WWW."  # a row of the threes block, from its phase
COLOUR = {"B": 0, "W": 1}

# White (0..3, 0) closed by black at (-1, 0); black (4, 1..3) above white's open end (4, 0).
FORCED = [[0, 0, 1], [1, 0, 1], [2, 0, 1], [3, 0, 1], [-1, 0, 0], [4, 1, 0], [4, 2, 0], [4, 3, 0]]


def compact(stones):
    """One case as a compact JSON line."""
    return (json.dumps(stones, separators=(",", ":")) + "\n").encode()


def phase(c, r):
    return (c + 1 + 4 * r) % 8


def threes(rng, n):
    """(stones, width, height, corner) of the threes block: about n stones (three quarters of
    its cells), width a multiple of 8, somewhere in +-10^9."""
    width = 8 * max(2, round((n * 4 / 3) ** 0.5 / 8))
    height = -(-n // (width * 3 // 4))
    x0, y0 = rng.randrange(-(10**9), 10**9 - width), rng.randrange(-(10**9), 10**9 - height)
    stones = {}
    for r in range(height):
        for c in range(width):
            cell = PERIOD[phase(c, r)]
            if cell != ".":
                stones[c, r] = COLOUR[cell]
    return stones, width, height, (x0, y0)


def put_before(stones, width, r, rng, run):
    """Put a stone of run's colour on a random empty cell of row r just before that run."""
    first = PERIOD.index(run)  # the run's first phase; the empty cell is one before it
    cells = [c for c in range(1, width - 4) if phase(c + 1, r) == first]
    stones[rng.choice(cells), r] = COLOUR[run[0]]


def board(rng, stones, corner, extra=()):
    """The block's stones at its corner, and extra, in a random order."""
    x0, y0 = corner
    pieces = [[x0 + c, y0 + r, colour] for (c, r), colour in stones.items()] + list(extra)
    rng.shuffle(pieces)
    return compact(pieces)


def none_threes(rng, n):
    stones, _, _, corner = threes(rng, n)
    return board(rng, stones, corner)


def black_now(rng, n):
    stones, width, height, corner = threes(rng, n)
    put_before(stones, width, height // 2, rng, "BBB")
    return board(rng, stones, corner)


def white_twice(rng, n):
    stones, width, height, corner = threes(rng, n)
    for r in rng.sample(range(height), 2):
        put_before(stones, width, r, rng, "WWW")
    return board(rng, stones, corner)


def forced_block(rng, n):
    stones, width, height, corner = threes(rng, n)
    fx = corner[0] + width + 100 if corner[0] < 0 else corner[0] - 100
    extra = [[fx + x, corner[1] + y + height // 2, c] for x, y, c in FORCED]
    return board(rng, stones, corner, extra)


def links(rng, n):
    """About n black stones, 3 in every 5 cells of every line: every empty cell links two."""
    width = -(-round((n / 0.6) ** 0.5) // 5) * 5
    x0, y0 = rng.randrange(-(10**9), 10**9 - width), rng.randrange(-(10**9), 10**9 - width)
    stones = {(c, r): 0 for r in range(width) for c in range(width) if (c + 2 * r) % 5 < 3}
    return board(rng, stones, (x0, y0))


# ---------------------------------------------------------------- boards with no three


def colour_of(c, r):
    """The pattern: runs of at most 2 of one colour in all four directions."""
    return ((c // 2) + r) % 2


def cluster_quiet(stones):
    """True if no 5-window has 4 white and 0 black, or 3+ black and 0 white."""
    placed = {(x, y): c for x, y, c in stones}
    for x, y, _ in stones:
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            for start in range(-4, 1):
                cnt = [0, 0]
                for k in range(start, start + 5):
                    v = placed.get((x + k * dx, y + k * dy))
                    if v is not None:
                        cnt[v] += 1
                if (cnt[0] >= 3 and cnt[1] == 0) or (cnt[1] >= 4 and cnt[0] == 0):
                    return False
    return True


def quiet(rng, n):
    stones, used = [], set()
    while len(stones) < n:
        ox, oy = rng.randrange(-(10**6), 10**6) * 1000, rng.randrange(-(10**6), 10**6) * 1000
        if (ox, oy) in used:
            continue
        w, h = rng.randrange(3, 6), rng.randrange(3, 6)
        cells = [(x, y) for x in range(w) for y in range(h) if rng.random() < 0.7]
        if len(cells) > n - len(stones):
            cells = rng.sample(cells, n - len(stones))
        cluster = [[ox + x, oy + y, colour_of(x, y)] for x, y in cells]
        if cluster and cluster_quiet(cluster):
            used.add((ox, oy))
            stones.extend(cluster)
    rng.shuffle(stones)
    return compact(stones)


def filled(rng, n):
    width = 1
    while width * width < n:
        width += 1
    x0, y0 = rng.randrange(-(10**9), 10**9 - width), rng.randrange(-(10**9), 10**9 - width)
    stones = [[x0 + i % width, y0 + i // width, colour_of(i % width, i // width)] for i in range(n)]
    rng.shuffle(stones)
    return compact(stones)


QUIET = (
    "{n} stones in small clusters (random parts of 3..5 x 3..5 pattern blocks) at random"
    " multiples of 1000 in +-10^9, none with a window of 4 white or 3 black stones alone:"
    " the sorts and the scan for threes, no window read; None"
)
BLOCK = (
    "{n} stones filling a square block row by row in the pattern, somewhere in +-10^9:"
    " the sorts and the scan for threes, no window read; None"
)
THREES = (
    "about {n} stones in a block whose rows are full of black and white threes"
    " (BBB.WWW. shifted by 4 a row), no cell linking two: every window around every"
    " black three read (a white three's only before a fourth white stone); None"
)
BLACK_NOW = (
    "the threes block with a black four in its middle row: the windows of the rows read"
    " up to it; Black (at once)"
)
WHITE = "the threes block with a white four in two rows: every black three's windows read; White"
FORCED_BLOCK = (
    "the threes block and, far off, a white four whose open end black must take, making"
    " an open four: every black three's windows read; Black (after the block)"
)

LINKS = (
    "about {n} black stones in a block, 3 in every 5 cells of every line, so that every"
    " empty cell links two: the windows read up to the first such cell, then only fours"
    " looked for; Black (a cell that links two)"
)


def scale_case(name, what, make, n, quick_n, target):
    return {
        "name": name,
        "what": what.format(n=name.split("-")[-1]),
        "build": lambda rng: make(rng, n),
        "target": target,
        "mem_target": None,
        "quick_build": lambda rng: make(rng, quick_n),
    }


SCALE = [
    scale_case("quiet-1000", QUIET, quiet, 1000, 200, 1.5),
    scale_case("block-1000", BLOCK, filled, 1000, 99, 1.5),
    scale_case("quiet-1e5", QUIET, quiet, 10**5, 600, 6),
    scale_case("block-1e5", BLOCK, filled, 10**5, 600, 6),
    scale_case("threes-1e5", THREES, none_threes, 10**5, 600, 6),
    scale_case("black-now-1e5", BLACK_NOW, black_now, 10**5, 600, 6),
    scale_case("white-1e5", WHITE, white_twice, 10**5, 600, 6),
    scale_case("forced-block-1e5", FORCED_BLOCK, forced_block, 10**5, 600, 6),
    scale_case("links-1e5", LINKS, links, 10**5, 600, 6),
]


def scale_answer(name, data):
    """The answer of a scale input, from rules.py's window-count checker: the game-tree
    search is too slow for 10^5 stones (the tests check the checker against it)."""
    return fast_solve(data.decode()).encode()
