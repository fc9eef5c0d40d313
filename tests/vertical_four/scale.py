"""Big vertical_four inputs: the benchmark's scale inputs and the builders of the committed
max-moves testcases.

All of them place pieces in one pattern that never holds four in a line. The colour of the
cell in column c, row r (both from 0, local to a block whose width is a multiple of 4) is
((c // 2) + r) % 2 with 0 = red: rows read red red blue blue ..., so runs are at most 2
long horizontally, 1 vertically, and along either diagonal any four consecutive cells read
x x y y or x y y x. Every row of a block holds as many red cells as blue ones, so moves
that alternate red, blue, red, ... can place it row by row: every game is a draw unless a
builder adds a win on purpose.

Their answers come from ``oracle.incremental``, which looks only at the lines through each
new piece: the dense oracle's full rescans would take hours at this size. The tests check
``incremental`` against the dense oracle on thousands of random games.
"""

from . import oracle

RED, BLUE = 0, 1


def colour_of(c, r):
    return ((c // 2) + r) % 2


def interleave(rng, reds, blues):
    """Shuffle both lists and alternate them, red first."""
    assert len(reds) == len(blues)
    rng.shuffle(reds)
    rng.shuffle(blues)
    return [move for pair in zip(reds, blues) for move in pair]


def clusters(rng, n_moves, width=8, height=60):
    """n_moves on a 10^9 x 10^9 board, in clusters of width x height cells whose origins are
    random distinct multiples of 10^5, played round by round (row r of every cluster,
    shuffled over all clusters) so that moves jump between clusters."""
    assert width % 4 == 0
    n_clusters = -(-n_moves // (width * height))
    origins = [k * 10**5 + 1 for k in rng.sample(range(10**4 - 1), n_clusters)]
    moves = []
    for r in range(height):
        reds, blues = [], []
        for o in origins:
            for c in range(width):
                (reds if colour_of(c, r) == RED else blues).append(o + c)
        moves.extend(interleave(rng, reds, blues))
        if len(moves) >= n_moves:
            break
    # A prefix of the sequence still alternates and places a subset of the pattern.
    text = f"{10**9} {10**9}\n" + " ".join(map(str, moves[:n_moves])) + "\n"
    return text.encode()


def full(rng, side):
    """Fill a side x side board completely with the pattern, row by row."""
    assert side % 4 == 0
    moves = []
    for r in range(side):
        reds = [c + 1 for c in range(side) if colour_of(c, r) == RED]
        blues = [c + 1 for c in range(side) if colour_of(c, r) == BLUE]
        moves.extend(interleave(rng, reds, blues))
    return (f"{side} {side}\n" + " ".join(map(str, moves)) + "\n").encode()


SCALE = [
    {
        "name": "clusters-1e6",
        "what": "10^6 moves on a 10^9 x 10^9 board in about 2,100 clusters of 8 x 60 cells "
        "at random multiples of 10^5, moves jumping between clusters; no four: 0,draw",
        "build": lambda rng: clusters(rng, 10**6),
        "target": 12,
        "mem_target": 3,
        "quick_build": lambda rng: clusters(rng, 3000, 8, 7),
    },
    {
        "name": "full-1000x1000",
        "what": "a 1000 x 1000 board filled completely, row by row, with no four: 0,draw",
        "build": lambda rng: full(rng, 1000),
        "target": 6,
        "mem_target": 3,
        "quick_build": lambda rng: full(rng, 120),
    },
]


def scale_answer(name, data):
    """The expected output of a scale input, from the oracle's incremental checker."""
    return oracle.incremental(data.decode()).encode()


# ---------------------------------------------------------------- max-moves testcases

MAX_W = 400
MAX_H = 600


def max_moves_order(width, height):
    """Fill a width x height board row by row in the pattern, so no four ever appears.

    Inside a block of four columns a row is played in the order 0, 2, 1, 3 (even rows) or
    2, 0, 3, 1 (odd rows), which gives red, blue, red, blue, matching the alternating turns;
    the width is a multiple of four so every row starts with red.
    """
    assert width % 4 == 0
    moves = []
    for r in range(height):
        order = (0, 2, 1, 3) if r % 2 == 0 else (2, 0, 3, 1)
        for block in range(0, width, 4):
            moves.extend(block + k + 1 for k in order)
    return moves


# The top row of max-moves-late-win: red, blue, red, ... with red's four in columns 1..4.
LATE_WIN_TOP = [1, 5, 2, 6, 3, 7, 4]


def max_moves_case(late_win):
    """(input text, expected output) of the max-moves testcases.

    late_win=False: the full draw fill above, W*H = 240,000 moves, answer 0,draw.

    late_win=True: the same fill for the first H-1 rows; the top row is then played as
    LATE_WIN_TOP, so red's pieces in columns 1..4 of the top row make a horizontal four at
    move (H-1)*W + 7. No earlier move wins: the rows below hold no four, the top row holds
    at most three of a colour until then, and a top-row piece cannot complete a vertical or
    diagonal four because three consecutive cells below it along those lines are never one
    colour. The rest of the input (the remaining top-row columns, then an illegal 0) is
    never looked at.
    """
    if not late_win:
        moves = max_moves_order(MAX_W, MAX_H)
        expected = "0,draw\n"
    else:
        moves = max_moves_order(MAX_W, MAX_H - 1) + LATE_WIN_TOP
        moves.extend(range(8, MAX_W + 1))
        moves.append(0)
        expected = f"{(MAX_H - 1) * MAX_W + 7},red\n"
    lines = [f"{MAX_W} {MAX_H}"]
    # Twenty moves per line, so the moves also span many lines.
    for i in range(0, len(moves), 20):
        lines.append(" ".join(str(m) for m in moves[i : i + 20]))
    return "\n".join(lines) + "\n", expected


BIG_CASES = {
    "max-moves": lambda: max_moves_case(False)[0].encode(),
    "max-moves-late-win": lambda: max_moves_case(True)[0].encode(),
}
