"""The inputs of infinite_gobang: random stress boards, the one big testcase, and (from
scale.py) the benchmark's scale inputs.

Stress boards are small and dense: 5x5 to 8x8 boxes holding one to four planted line shapes
(two or three in a row, ``xx.x``, ``x.xx``, ``.xxx.``, fours, ``xxx.x``, ``xx.xx``,
``x..xx``; sometimes a second shape through the same cell, giving crossings and L shapes)
plus random stones. A quarter of the boards have a second box beside the first, 0 to 6
cells off, holding a white four closed by black at one end and black lines through its open
end: black must block there, and whether that makes two winning cells is decided apart from
whatever the first box holds (a cell linking two, seen before the four or after it). The
share of white stones varies from board to board, so black-heavy, mixed and white-heavy
boards all occur. A board that holds a five is repaired by taking stones off the five until
none is left (the statement guarantees no winner yet). The box is
moved by a random offset, sometimes right up to +-10^9 and now and then past 2^30 or 2^31,
beyond the problem's range, where 64-bit sort keys would wrap; a tenth of the boards get a
lone stone far away as well. The board is then written in one of the forms people type or
save (``layout``): mostly one compact line, otherwise with ``pieces =`` or ``pieces:``,
spaces, one stone a line, a trailing comma, CRLF, blank lines or a byte-order mark.
"""

import json

from .oracle import DIRECTIONS
from .reader import parse
from .scale import SCALE, scale_answer

__all__ = ["BIG_CASES", "SCALE", "STRESS", "kind", "random_input", "scale_answer", "shrink"]

STRESS = {
    "count": 4000,
    "seed": 48_2021,
    "min_count": {"Black": 600, "White": 600, "None": 600},  # 15% of the boards each
}
LIMIT = 10**9  # the problem's range for x and y
WIDE = (2**30 - 4, -(2**30) - 3, 2**31 - 4, -(2**31) - 2, 2**32, 2**63 - 5)  # offsets past it
SHAPES = ("xx", "x.x", "xxx", "xx.x", "x.xx", ".xxx.", "xxxx", "xxx.x", "xx.xx", "x.xxx", "x..xx")


# ---------------------------------------------------------------- stress boards


def five_run(stones):
    """The cells of some run of 5+ of one colour, or None."""
    for (x, y), color in stones.items():
        for dx, dy in DIRECTIONS:
            run = [(x, y)]
            nx, ny = x + dx, y + dy
            while stones.get((nx, ny)) == color:
                run.append((nx, ny))
                nx += dx
                ny += dy
            if len(run) >= 5:
                return run
    return None


def put_shape(stones, rng, size, color, anchor):
    shape = rng.choice(SHAPES)
    dx, dy = rng.choice(DIRECTIONS)
    shift = rng.randrange(len(shape))
    ax, ay = anchor
    for i, ch in enumerate(shape):
        x, y = ax + (i - shift) * dx, ay + (i - shift) * dy
        if ch == "x" and 0 <= x < size and 0 <= y < size:
            stones[(x, y)] = color


def offset(rng, size, judge=False):
    """Where a size x size box goes: near 0, at an edge of the range, past it (not for the
    judge: anywhere in its range instead)."""
    r = rng.random()
    if r < 0.15:
        return -LIMIT + rng.randint(0, 3)
    if r < 0.3:
        return LIMIT - size - rng.randint(0, 3)
    if r < 0.4:
        return rng.randint(-LIMIT, LIMIT - size) if judge else rng.choice(WIDE)
    return rng.randint(-50, 50)


def random_box(rng, size, color):
    """The stones of a size x size box: planted line shapes and random stones."""
    stones = {}
    for _ in range(rng.randint(1, 4)):
        anchor = (rng.randrange(size), rng.randrange(size))
        c = color()
        put_shape(stones, rng, size, c, anchor)
        if rng.random() < 0.3:  # a second line through the same cell: a cross or an L
            put_shape(stones, rng, size, c, anchor)
    cells = [(x, y) for x in range(size) for y in range(size)]
    for cell in rng.sample(cells, rng.randint(0, size * size // 3)):
        if cell not in stones:
            stones[cell] = color()
    return stones


FORCED_SIZE = 9  # forced_box's side: the four and its two ends fit along any line


def forced_box(rng):
    """A FORCED_SIZE box: a white four, black at one end, black lines through the open end."""
    dx, dy = rng.choice(DIRECTIONS)
    open_x, open_y = 4 + 2 * dx, 4 + 2 * dy  # the four runs from the open end back through
    stones = {(open_x - k * dx, open_y - k * dy): 1 for k in range(1, 5)}  # the middle
    stones[open_x - 5 * dx, open_y - 5 * dy] = 0
    for _ in range(rng.randint(1, 3)):
        put_shape(stones, rng, FORCED_SIZE, 0, (open_x, open_y))
    stones.pop((open_x, open_y), None)
    return stones


def random_board(rng, judge=False):
    """A list of [x, y, colour] stones with no five, in a random order; for the judge all
    within +-10^9."""
    size = rng.randint(5, 8)
    white_share = min(1.0, rng.random() * 1.2)

    def color():
        return 1 if rng.random() < white_share else 0

    stones, width, height = random_box(rng, size, color), size, size
    if rng.random() < 0.25:  # beside it, a white four that black must block
        gap = size + rng.randint(0, 6)
        for (x, y), c in forced_box(rng).items():
            stones[x + gap, y] = c
        width, height = gap + FORCED_SIZE, FORCED_SIZE
    while True:
        run = five_run(stones)
        if run is None:
            break
        del stones[rng.choice(run)]
    ox, oy = offset(rng, width, judge), offset(rng, height, judge)
    pieces = [[x + ox, y + oy, c] for (x, y), c in stones.items()]
    if rng.random() < 0.1:  # a lone stone far away: the box's lines are not the extreme ones
        x, y = rng.randint(-LIMIT, LIMIT), rng.randint(-LIMIT, LIMIT)
        if max(abs(x - ox), abs(y - oy)) > 20:
            pieces.append([x, y, color()])
    rng.shuffle(pieces)
    return pieces


def compact(cases):
    """Cases written the plain way: one compact JSON array a line."""
    return "".join(json.dumps(pieces, separators=(",", ":")) + "\n" for pieces in cases)


def layout(rng, pieces):
    """One case as a person might type or save it: mostly plain, sometimes decorated."""
    if rng.random() < 0.6:
        return compact([pieces])
    spaced = rng.random() < 0.5
    stones = [json.dumps(stone) if spaced else compact([stone]).strip() for stone in pieces]
    if rng.random() < 0.3:
        array = "[\n" + ",\n".join("  " + stone for stone in stones) + "\n]"  # one stone a line
    else:
        array = "[" + rng.choice([",", ", "]).join(stones) + "]"
    text = rng.choice(["", "pieces = ", "pieces=", "pieces: ", "pieces =\n"]) + array
    text += rng.choice(["", ",", " ", "\n", ",\n"]) + "\n"
    if rng.random() < 0.3:
        text = "\n" + text + "\n \n"
    if rng.random() < 0.3:
        text = text.replace("\n", "\r\n")
    if rng.random() < 0.2:
        text = "\ufeff" + text
    return text


# No labels here, so none only this repo's inputs have.
EXTENDED_LABELS = ()


def random_input(rng, judge=False):
    """One board; with judge=True on one line as LeetCode's test box writes it (a third of
    them after "pieces = "), within its range, otherwise in any form layout() makes."""
    if judge:
        pieces = random_board(rng, judge)
        return ("pieces = " if rng.random() < 0.3 else "") + compact([pieces])
    return layout(rng, random_board(rng))


def kind(output):
    """The answers of an output, e.g. "Black" for one case."""
    return " ".join(json.loads(line) for line in output.split())


def shrink(text):
    """Smaller inputs: fewer cases, fewer stones, plain form, coordinates near 0."""
    cases = parse(text)
    candidates = [compact([pieces]) for pieces in cases] if len(cases) > 1 else []
    if len(cases) == 1:
        (pieces,) = cases
        half = len(pieces) // 2
        candidates += [compact([pieces[half:]]), compact([pieces[:half]])]
        candidates += [compact([pieces[:i] + pieces[i + 1 :]]) for i in range(len(pieces))]
        candidates.append(compact([pieces]))
        if pieces:
            x0, y0 = min(x for x, _, _ in pieces), min(y for _, y, _ in pieces)
            candidates.append(compact([[[x - x0, y - y0, c] for x, y, c in pieces]]))
    return (candidate for candidate in candidates if len(candidate) < len(text))


# ---------------------------------------------------------------- the big testcase


def block(width, height, x0, y0):
    """A dead block: colour by (x + 2y) mod 4 as black, black, white, white."""
    return [
        [x0 + x, y0 + y, 1 if (x + 2 * y) % 4 >= 2 else 0]
        for x in range(width)
        for y in range(height)
    ]


# A white four whose only open end is (4, 0), and three black stones right above that cell.
MOTIF = [[0, 0, 1], [1, 0, 1], [2, 0, 1], [3, 0, 1], [-1, 0, 0], [4, 1, 0], [4, 2, 0], [4, 3, 0]]
MOTIF += [[0, 6, 1], [2, 8, 1]]


def max_board(width=33, height=30):
    """The testcase judge-max-1000: a 33 x 30 dead block of 990 stones, and MOTIF shifted by
    (500, 700), about 1500 columns away. In the block's colouring any 3 cells in a row of
    one line hold both colours, so nothing in or next to it can become a five within three
    moves. In the motif black has no four, so black must block at (4, 0); that makes the
    black four (4, 0..3) with both ends open, white can block only one: "Black"."""
    return block(width, height, -1000, -1000) + [[x + 500, y + 700, c] for x, y, c in MOTIF]


BIG_CASES = {"judge-max-1000": lambda: compact([max_board()]).encode()}  # under 100 KB, kept anyway


# Bytes a person may save or type: decorated and split over lines; and inputs that are no
# board, which the oracle rejects and the solution answers with one line of error.
SAVED = [
    "\ufeffpieces: [[0,0,0],\r\n[1,0,0],\n[2,0,0]],\n".encode(),
    *(
        b"[[0,0,2]]",
        b"[[0,0]]",
        b"[[0,0,1],]",
        b"x",
        b"[[0,0,1.5]]",
        b"[[0.5,0,1]]",
        b"[1]",
        b"\xff",
    ),
    b"[" * 10**5,
]
