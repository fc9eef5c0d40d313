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


def cluster_moves(rng, n_moves, width=8, height=60):
    """n_moves on a 10^9-wide board, in clusters of width x height cells whose origins are
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
    return moves[:n_moves]


def clusters(rng, n_moves, width=8, height=60):
    """The cluster moves on a 10^9 x 10^9 board: a draw."""
    moves = cluster_moves(rng, n_moves, width, height)
    return (f"{10**9} {10**9}\n" + " ".join(map(str, moves)) + "\n").encode()


# After the clusters' moves (an even number: red is to move), (red, blue) pairs of columns
# counted from the last cluster's first column (1), right of it where nothing stands yet:
# red's four in the bottom row beside the cluster's blue corner, or blue's one column on.
ENDINGS = {
    "red": [(9, 13), (10, 15), (11, 13), (12, 15)],  # red 9 10 11 12, blue 13 15 13 15
    "blue": [(15, 10), (17, 11), (15, 12), (19, 13)],  # blue 10 11 12 13, red 15 17 15 19
}


def clusters_won(rng, n_moves, colour, width=8, height=60):
    """The cluster moves (n_moves even), then a four of colour beside the last cluster; a
    number that is no column after it, never read. The answer: that colour at its 4th
    piece, move n_moves + 7 (red) or n_moves + 8 (blue)."""
    assert n_moves % 2 == 0 and width == 8
    moves = cluster_moves(rng, n_moves, width, height)
    origin = moves[-1] - (moves[-1] - 1) % 10**5  # the last move's cluster
    ending = [origin + c - 1 for pair in ENDINGS[colour] for c in pair]
    moves += [*ending[: 7 if colour == "red" else 8], 0]
    return (f"{10**9} {10**9}\n" + " ".join(map(str, moves)) + "\n").encode()


def clusters_full(rng, n_moves, width=8, height=60):
    """The cluster moves on a board height rows high, then the last move's column again:
    it is full (the moves are played row by row, so the last one is in the top row when
    n_moves is over (height - 1) / height of the clusters' cells); the answer is an error
    at move n_moves + 1."""
    moves = cluster_moves(rng, n_moves, width, height)
    assert moves.count(moves[-1]) == height  # the last move's column is full
    moves.append(moves[-1])
    return (f"{10**9} {height}\n" + " ".join(map(str, moves)) + "\n").encode()


def full(rng, side):
    """Fill a side x side board completely with the pattern, row by row."""
    assert side % 4 == 0
    moves = []
    for r in range(side):
        reds = [c + 1 for c in range(side) if colour_of(c, r) == RED]
        blues = [c + 1 for c in range(side) if colour_of(c, r) == BLUE]
        moves.extend(interleave(rng, reds, blues))
    return (f"{side} {side}\n" + " ".join(map(str, moves)) + "\n").encode()


CLUSTERS = (
    "10^6 moves on a 10^9 x 10^9 board in about 2,100 clusters of 8 x 60 cells at random"
    " multiples of 10^5, moves jumping between clusters"
)
WALK = "the walk along the four lines through every move"


def scale_case(name, what, build, quick_build, target=12):
    return {
        "name": name,
        "what": what,
        "build": build,
        "target": target,
        "mem_target": 3,
        "quick_build": quick_build,
    }


SCALE = [
    scale_case(
        "clusters-1e6",
        f"{CLUSTERS}; no four: {WALK}; 0,draw",
        lambda rng: clusters(rng, 10**6),
        lambda rng: clusters(rng, 600, 8, 7),
    ),
    scale_case(
        "red-wins-1e6",
        f"the clusters' 10^6 moves, then red's four beside the last cluster: {WALK}; 1000007,red",
        lambda rng: clusters_won(rng, 10**6, "red"),
        lambda rng: clusters_won(rng, 600, "red", 8, 7),
    ),
    scale_case(
        "blue-wins-1e6",
        f"the same with blue's four: {WALK}; 1000008,blue",
        lambda rng: clusters_won(rng, 10**6, "blue"),
        lambda rng: clusters_won(rng, 600, "blue", 8, 7),
    ),
    scale_case(
        "full-column-1e6",
        "the clusters' 10^6 moves on a board 60 rows high, then the last move's column"
        f" again, full: {WALK}, the column's height checked at every move; 1000001,error",
        lambda rng: clusters_full(rng, 10**6),
        lambda rng: clusters_full(rng, 600, 8, 7),
    ),
    scale_case(
        "full-1000x1000",
        f"a 1000 x 1000 board filled completely, row by row, with no four: {WALK}; 0,draw",
        lambda rng: full(rng, 1000),
        lambda rng: full(rng, 120),
        target=6,
    ),
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
