"""Stress test for infinite_gobang: the solution against the game-tree oracle.

Boards are small and dense: 5x5 to 8x8 boxes holding one to four planted line shapes
(two or three in a row, ``xx.x``, ``x.xx``, ``.xxx.``, fours, ``xxx.x``, ``xx.xx``,
``x..xx``; sometimes a second shape through the same cell, giving crossings and L
shapes) plus random stones. The share of white stones varies from board to board, so
black-heavy, mixed and white-heavy boards all occur. A board that holds a five is
repaired by taking stones off the five until none is left (the statement guarantees no
winner yet). The box is moved by a random offset, sometimes right up to +-10^9.

Every answer comes from the oracle, brute_infinite_gobang.py: a black-white-black
minimax over every empty cell within distance 4 of a stone plus one far cell, each move
tested for a five by walking the lines through it, with the results of those tests
remembered. The oracle is also checked against itself: a random move order and no
cut-offs must give the same answers, and so must the plain search (the same tree, with
the near cells listed afresh and every move tested again at every node) on a spread of
boards of every outcome.

The testcase ``max-1000`` is built by ``max_board`` below: a 33 x 30 block of 990 stones
coloured by (x + 2y) mod 4 in the pattern black, black, white, white, plus a 10-stone
motif about 1500 columns away (MOTIF shifted by (500, 700); the cells named here are
unshifted). In that colouring any 3 cells in a row of one line inside the block hold
both colours, so no window touching the block has 3 black and no white or 4 white and no
black stones: nothing in or next to the block can become a five within three moves. The
motif is: a white four whose only open end is (4, 0), and three black stones right above
that cell. Black has no four, so black must block at (4, 0); that makes the black four
(4, 0..3) with both ends open, white can block only one, and black wins: "Black". The
oracle finds this directly on the 1000 stones; the plain search, too slow there,
confirms the same construction with a 4 x 4 block.
"""

import json
import random
import subprocess
import sys
from collections import Counter
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from brute_infinite_gobang import gobang, has_five
from util import SOLUTIONS, TESTCASES, load_solution

NAME = "infinite_gobang"
CASES = TESTCASES / NAME
SEED = 48_2021
BOARDS = 4000
MODES_EVERY = 50  # the oracle's other modes run on every 50th board
PLAIN_EVERY = 100  # and the plain search on every 100th
LIMIT = 10**9
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
SHAPES = ("xx", "x.x", "xxx", "xx.x", "x.xx", ".xxx.", "xxxx", "xxx.x", "xx.xx", "x.xxx", "x..xx")
EXAMPLES = [
    ([[0, 0, 1], [1, 1, 1], [2, 2, 0]], "None"),
    (
        [
            [1, 2, 1],
            [1, 4, 1],
            [1, 5, 1],
            [2, 1, 0],
            [2, 3, 0],
            [2, 4, 0],
            [3, 2, 1],
            [3, 4, 0],
            [4, 2, 1],
            [5, 2, 1],
        ],
        "Black",
    ),
]


# ---------------------------------------------------------------- board generation


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


def offset(rng, size):
    r = rng.random()
    if r < 0.15:
        return -LIMIT + rng.randint(0, 3)
    if r < 0.3:
        return LIMIT - size - rng.randint(0, 3)
    return rng.randint(-50, 50)


def random_board(rng):
    size = rng.randint(5, 8)
    white_share = min(1.0, rng.random() * 1.2)
    stones = {}

    def color():
        return 1 if rng.random() < white_share else 0

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
    while True:
        run = five_run(stones)
        if run is None:
            break
        del stones[rng.choice(run)]
    ox, oy = offset(rng, size), offset(rng, size)
    pieces = [[x + ox, y + oy, c] for (x, y), c in stones.items()]
    rng.shuffle(pieces)
    return pieces


@lru_cache(maxsize=None)
def boards():
    """The stress boards with the oracle's answers, as (pieces, answer) pairs."""
    rng = random.Random(SEED)
    out = []
    for _ in range(BOARDS):
        pieces = random_board(rng)
        out.append((pieces, gobang(pieces)))
    return out


def block(width, height, x0, y0):
    """A dead block: colour by (x + 2y) mod 4 as black, black, white, white."""
    return [
        [x0 + x, y0 + y, 1 if (x + 2 * y) % 4 >= 2 else 0]
        for x in range(width)
        for y in range(height)
    ]


MOTIF = [
    [0, 0, 1],
    [1, 0, 1],
    [2, 0, 1],
    [3, 0, 1],
    [-1, 0, 0],
    [4, 1, 0],
    [4, 2, 0],
    [4, 3, 0],
    [0, 6, 1],
    [2, 8, 1],
]


def max_board(width=33, height=30):
    return block(width, height, -1000, -1000) + [[x + 500, y + 700, c] for x, y, c in MOTIF]


# ---------------------------------------------------------------- the oracle


def test_oracle_examples():
    for pieces, answer in EXAMPLES:
        assert gobang(pieces) == answer
        assert gobang(pieces, plain=True) == answer


def test_oracle_modes_agree():
    for i, (pieces, answer) in enumerate(boards()[::MODES_EVERY]):
        assert gobang(pieces, shuffle=random.Random(i)) == answer, pieces
        assert gobang(pieces, prune=False) == answer, pieces


def test_oracle_matches_plain_search():
    picked = Counter()
    for pieces, answer in boards()[::PLAIN_EVERY]:
        picked[answer] += 1
        assert gobang(pieces, plain=True) == answer, pieces
    print("plain search:", dict(picked))
    assert min(picked[answer] for answer in ("Black", "White", "None")) >= 5, picked


def test_max_board_construction():
    pieces = max_board()
    assert len(pieces) == 1000 and not has_five(pieces)
    colour = {(x, y): c for x, y, c in block(33, 30, 0, 0)}
    for x, y in colour:
        for dx, dy in DIRECTIONS:
            three = [colour.get((x + i * dx, y + i * dy)) for i in range(3)]
            assert None in three or len(set(three)) == 2, (x, y, dx, dy)
    assert gobang(pieces) == "Black"
    assert gobang(max_board(4, 4), plain=True) == "Black"
    assert parse_cases((CASES / "max-1000.in").read_text(encoding="utf-8")) == [pieces]


def test_boards_valid_and_balanced():
    counts = Counter()
    for pieces, answer in boards():
        cells = {(x, y) for x, y, _ in pieces}
        assert len(cells) == len(pieces)
        assert all(-LIMIT <= v <= LIMIT for x, y, _ in pieces for v in (x, y))
        assert not has_five(pieces)
        counts[answer] += 1
    print("outcomes:", dict(counts))
    for answer in ("Black", "White", "None"):
        assert counts[answer] >= 0.15 * BOARDS, counts


# ---------------------------------------------------------------- the solution


def test_stress_against_solution():
    solver = load_solution(NAME).Solution()
    failures = []
    for pieces, answer in boards():
        got = solver.gobang([list(p) for p in pieces])
        if got != answer:
            failures.append((len(pieces), pieces, answer, got))
    print("boards compared:", len(boards()))
    if failures:
        _, pieces, answer, got = min(failures, key=lambda f: f[0])
        print("failing boards:", len(failures), "of", BOARDS)
        print("smallest: pieces =", json.dumps(pieces, separators=(",", ":")))
        print("expected", answer, "got", got)
    assert not failures


# ---------------------------------------------------------------- testcases

# The named cases, each with its answer worked out by hand (the oracle agrees, see
# test_testcases_match_oracle). Coordinates are (x, y); "four" means 4 stones of one
# colour in a window of 5 whose fifth cell is empty.
REASONED = {
    "sample-1": ("None", "the statement's first example"),
    "sample-2": ("Black", "the statement's second example"),
    "white-two-winning-cells": (
        "White",
        "two white fours, each open only at one end, (4,0) and (10,4); black has no four,"
        " blocks one of them and white completes the other",
    ),
    "white-one-black-blocks-then-two": (
        "Black",
        "white's only winning cell is (4,0); black must take it, which makes the black"
        " four (4,0..3) open at (4,-1) and (4,4); white can block only one",
    ),
    "white-one-block-gives-one": (
        "None",
        "as above, but (4,4) is white: the forced block gives black one winning cell,"
        " (4,-1), and white takes it",
    ),
    "white-one-block-shared-cell": (
        "None",
        "the forced block at (4,0) gives black (4,-1),(4,0),_,(4,2),(4,3),(4,4): two fours"
        " that both need (4,1); white takes it",
    ),
    "forced-block-beats-double-threat": (
        "None",
        "black could make two fours at (10,10), but must take white's only winning cell"
        " (4,0), which builds nothing; without the white four the answer would be Black",
    ),
    "black-double-threat-two-directions": (
        "Black",
        "(0,0) makes a row four needing (4,0) and a column four needing (0,4), the other"
        " ends being white; no white four",
    ),
    "shared-cell-not-double-threat": (
        "None",
        "black oo..oo: either middle cell makes two fours that need the same last cell;"
        " white takes it",
    ),
    "white-shared-cell-one-threat": (
        "None",
        "white ooo.oo has two fours but one winning cell, (3,0); black takes it and has"
        " nothing else",
    ),
    "broken-four": ("Black", "black oo.oo completes at (2,0) at once; white's four comes too late"),
    "overline": (
        "Black",
        "black ooo.oo: the gap makes six in a row, which wins as well; white's open four"
        " comes too late",
    ),
    "far-coordinates": (
        "Black",
        "black three at x = 10^9-3..10^9-1 on y = -10^9 with white at 10^9-5: the move at"
        " x = 10^9 makes a four open at 10^9-4 and 10^9+1 (outside the input range, but the"
        " board has no edge)",
    ),
    "empty": ("None", "no stones: black makes at most two stones in a row"),
    "one-stone": ("None", "one stone: black makes at most three in a row"),
    "black-wins-now": ("Black", "black diagonal four (0,0)..(3,3) completes at (-1,-1)"),
    "white-four-open-both-ends": (
        "White",
        "white (0,0..3) is open at (0,-1) and (0,4) and black has no four; black's"
        " crossing threes come too late",
    ),
    "anti-diagonal-broken-four": (
        "Black",
        "black o.ooo on an anti-diagonal completes at (1,-1) before white's open four",
    ),
    "max-1000": ("Black", "see the module docstring"),
}


def parse_cases(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("pieces"):
            line = line.split("=", 1)[1]
        out.append(json.loads(line))
    return out


def case_files():
    ins = sorted(CASES.glob("*.in"))
    assert ins
    return ins


def test_testcase_files():
    """One answer line per case; the file format itself is checked in test_testcases.py."""
    for path in case_files():
        lines = path.with_suffix(".out").read_text(encoding="utf-8").splitlines()
        assert all(json.loads(line) in ("Black", "White", "None") for line in lines)
        assert len(lines) == len(parse_cases(path.read_text(encoding="utf-8"))), path.name


def test_named_cases_reasoned():
    names = {path.stem for path in case_files()}
    assert set(REASONED) <= names
    assert names - set(REASONED) == {"multi-case"}
    for name, (answer, _) in REASONED.items():
        text = (CASES / (name + ".out")).read_text(encoding="utf-8")
        assert text == json.dumps(answer) + "\n", name


def test_testcases_match_oracle():
    for path in case_files():
        expected = [
            json.loads(line)
            for line in path.with_suffix(".out").read_text(encoding="utf-8").split()
        ]
        cases = parse_cases(path.read_text(encoding="utf-8"))
        for pieces in cases:
            assert not has_five(pieces), path.name
        assert [gobang(p) for p in cases] == expected, path.name


def test_testcases_through_script():
    script = SOLUTIONS / (NAME + ".py")
    for path in case_files():
        with path.open("rb") as stdin:
            proc = subprocess.run(
                [sys.executable, str(script)], stdin=stdin, capture_output=True, timeout=60
            )
        assert proc.returncode == 0, (path.name, proc.stderr.decode())
        got = proc.stdout.decode().replace("\r\n", "\n")
        assert got == path.with_suffix(".out").read_text(encoding="utf-8"), path.name
