"""Big inputs for conecta4: the benchmark's scale inputs and the builder of the committed
testcase max-size. Their answers come from the oracle (its work is one cheap step per
INVALID token, so it is fast enough at this size).
"""

import random

from .oracle import solve

RED, YELLOW = 0, 1
# Numbers that are never a column, some at the edges of 32-bit integers.
SCALE_OUT_OF_RANGE = (0, 9, -7, 12345, -1, 10, 100, -2147483648, 2147483647, 99, -100000)


def colour_of(c, r):
    """A colouring with runs of at most 2 in all four directions: nobody ever has four."""
    return ((c // 2) + r) % 2


# Red, yellow, red in the top row after the 44 moves: red's 5 and 6 beside its 3 and 4.
WIN = [5, 7, 6]


def scale_game(rng, n_tokens, n_empty, win=False):
    """(input, the answer known by construction) of the scale input.

    44 valid moves fill rows 1-5 and row 6 of columns 1-4 in the colouring (no four;
    columns 1-4 full, 5-8 one short, so no FULL), then tokens that are all INVALID (a full
    column 1-4, or a number outside 1-8) in lines of 1-199 tokens, with n_empty empty lines
    between token lines after the valid moves (each prints the board). The answer: one
    INVALID per token, the board at every empty line, then QUIT. With win, a last line
    plays WIN: the top row reads yellow yellow red red red red, CONNECT4 and the board.
    """
    grid = [[" "] * 8 for _ in range(6)]
    prefix = []
    for r in range(6):
        cols = range(8) if r < 5 else range(4)
        reds = [c for c in cols if colour_of(c, r) == RED]
        yellows = [c for c in cols if colour_of(c, r) == YELLOW]
        for c in cols:
            grid[r][c] = str(colour_of(c, r))
        rng.shuffle(reds)
        rng.shuffle(yellows)
        for red, yellow in zip(reds, yellows):
            prefix += [red + 1, yellow + 1]
    lines = [prefix[i : i + 11] for i in range(0, 44, 11)]
    first_invalid = len(lines)
    left = n_tokens - len(prefix)
    while left > 0:
        k = min(left, rng.randrange(1, 200))
        toks = []
        for _ in range(k):
            if rng.random() < 0.5:
                toks.append(rng.randrange(1, 5))
            elif rng.random() < 0.7:
                toks.append(rng.choice(SCALE_OUT_OF_RANGE))
            elif rng.random() < 0.5:
                toks.append(rng.randrange(9, 10**9))
            else:
                toks.append(-rng.randrange(1, 10**9))
        lines.append(toks)
        left -= k
    empties_before = [0] * (len(lines) + 1)
    for _ in range(n_empty):
        empties_before[rng.randrange(first_invalid + 1, len(lines))] += 1
    board = show(grid)
    text, out = [], []
    for i, toks in enumerate(lines):
        for _ in range(empties_before[i]):
            text.append("")
            out.append(board)
        text.append(" ".join(map(str, toks)))
        if i >= first_invalid:
            out.append("INVALID\n" * len(toks))
    if win:
        text.append(" ".join(map(str, WIN)))
        for c, colour in zip(WIN, "010"):
            grid[5][c - 1] = colour
        out.append("CONNECT4\n" + show(grid))
    else:
        out.append("QUIT\n")
    return ("\n".join(text) + "\n").encode(), "".join(out).encode()


def show(grid):
    """The board as printed, top row first; grid[0] is the bottom row."""
    return "".join("|" + "".join(row) + "|\n" for row in reversed(grid)) + "\\--------/\n"


SCALE = [
    {
        "name": "1e6-tokens",
        "what": "44 moves that fill columns 1-4 and leave 5-8 one short with no four, then "
        "INVALID tokens (full columns, numbers outside 1-8) to 10^6 in all, in lines of "
        "1-199, with 5,000 empty lines: the loop over the tokens and the board printed at "
        "every empty line: QUIT",
        "build": lambda rng: scale_game(rng, 10**6, 5000)[0],
        "target": 2.0,
        "mem_target": None,
        "quick_build": lambda rng: scale_game(rng, 5 * 10**4, 250)[0],
    },
    {
        "name": "1e6-tokens-connect4",
        "what": "the same game, then red's four in the top row on the last line: the loop over "
        "the tokens and the board printed at every empty line, then the four found: CONNECT4",
        "build": lambda rng: scale_game(rng, 10**6, 5000, win=True)[0],
        "target": 2.0,
        "mem_target": None,
        "quick_build": lambda rng: scale_game(rng, 5 * 10**4, 250, win=True)[0],
    },
]


def scale_answer(name, data):
    """The expected output of a scale input, from the oracle."""
    assert name in {case["name"] for case in SCALE}, name
    return solve(data.decode()).encode()


# ---------------------------------------------------------------- max-size

# A game that fills the board with no four (FULL at the 48th move).
MAX_SIZE_GAME = (
    "8 8 4 3 6 4 8 2 4 6 4 6 6 1 6 2 2 3 2 5 3 3 5 5 "
    "1 5 2 3 4 7 3 4 5 8 8 5 8 7 7 1 7 1 1 6 1 7 7 2"
)
OUT_OF_RANGE = ("0", "9", "-1", "-3", "10", "100", "2147483647", "-2147483648")


def max_size():
    """testcases/conecta4/max-size.in: before each of the 48 moves of MAX_SIZE_GAME (each on
    a line of its own), 36 lines of 25 INVALID tokens (a number outside 1-8, or half the
    time once a column is full, a full column), most lines followed by a blank line (empty,
    a space or a tab); after the FULL move, 6,000 lines of 20 digits 0-9 with blank lines,
    all to be ignored. The .in and .out together stay under 1 MB."""
    rng = random.Random(20240615)
    blanks = ("", "", " ", "\t")
    heights = dict.fromkeys("12345678", 0)
    lines = []
    for move in MAX_SIZE_GAME.split():
        full = [c for c in sorted(heights) if heights[c] == 6]
        for _ in range(36):
            tokens = [
                rng.choice(full) if full and rng.random() < 0.5 else rng.choice(OUT_OF_RANGE)
                for _ in range(25)
            ]
            lines.append(" ".join(tokens))
            if rng.random() < 0.84:
                lines.append(rng.choice(blanks))
        lines.append(move)
        heights[move] += 1
    for _ in range(6000):
        lines.append(" ".join(str(rng.randrange(10)) for _ in range(20)))
        if rng.random() < 0.1:
            lines.append(rng.choice(blanks))
    return ("\n".join(lines) + "\n").encode()


BIG_CASES = {"max-size": max_size}
