#!/usr/bin/env python3
"""Scale benchmark for the four solutions: `make bench` (CPython), `make bench-pypy` (PyPy).

What it does
------------
1. Generates each problem's scale inputs from a seed into a temporary folder (removed at the
   end unless ``--keep DIR`` is given), together with the answer each input must produce.
   The answers are known by construction; ``--self-test`` checks the constructions on
   scaled-down inputs of the same generators with the test suite's brute-force oracles
   (``tests/brute_*.py``; for infinite_gobang, whose game-tree oracle is too slow at that
   size, with a plain evaluation of the three-move rule kept here).
2. Runs every solution as a whole process, ``PYTHON solutions/NAME.py < input``, once as a
   warm-up and then ``--repeat`` times (default 5), and beside it the *floor*: the same
   interpreter reading and parsing the same input and doing nothing else (``FLOORS`` below).
   Runs of the solution and of the floor alternate, so drift of the machine hits both alike.
3. Prints one markdown table with the medians: CPU seconds (user + system of the child, from
   ``os.wait4``), wall seconds, peak memory (the child's ``ru_maxrss``), the same for the
   floor, the CPU ratio and the memory ratio to the floor, the target and whether it is met.
   A line about the machine and the interpreter follows the table.

A solution whose output differs from the expected answer (or that crashes) is reported as
such instead of being timed, and makes the exit status 1. A missed target is only reported:
the exit status stays 0.

Each child is started by a tiny launcher process (``LAUNCHER``), not by this script: on Linux
a child's ``ru_maxrss`` starts from the peak of the process that spawned it, and this script
holds the generated inputs in memory at times.

The targets (CPU ratio to the floor, and peak-memory ratio where one is set) are the ones
set for CPython; with ``--python pypy3`` the same table is printed for PyPy, measured against
PyPy's own floor.

Inputs
------
- vertical_four ``clusters-1e6``: 10^6 moves on a 10^9 x 10^9 board, in about 2,100 clusters
  of 8 columns x 60 rows whose origins are random distinct multiples of 10^5, played round by
  round (row r of every cluster, shuffled over all clusters) so that moves jump between
  clusters. Colour of a cell (c, r), local to its cluster, is ((c // 2) + r) % 2: runs of at
  most 2 in every direction, so nobody ever has four; the moves of a round alternate red,
  blue, red, ... and every cluster row has 4 of each, so the players' colours match the
  pattern. Answer ``0,draw``.
- vertical_four ``full-1000x1000``: the same pattern filling a 1000 x 1000 board completely,
  row by row. Answer ``0,draw``.
- conecta4 ``1e6-tokens``: 44 valid moves that fill rows 1-5 and row 6 of columns 1-4 in the
  same pattern (no four; columns 1-4 full, 5-8 one short, so no FULL), then tokens that
  are all INVALID (full columns 1-4, or numbers outside 1-8 such as 0, 9, -7, 12345) in lines
  of 1-199 tokens, with 5,000 empty lines (each prints the board). Answer: one INVALID per
  token, the board at every empty line, then QUIT.
- gobang_checker ``2000x2000``: the pattern as o/x with about 3% empty cells, plus a crossing
  pair of black fives sharing their middle stone (see ``gen_gobang_big``). Answer ``YES``.
- gobang_checker ``worst-19x19``: a full 19 x 19 board, 181 black and 180 white, with two
  black lines of nine crossing at their middles near the bottom-right corner: the only legal
  last move is the crossing stone, late in scan order. Answer ``YES``.
- infinite_gobang ``quiet-N``: N stones in small clusters (random subsets of 3..5 x 3..5
  pattern blocks) at random distinct multiples of 1000 over the +-10^9 square, each cluster
  checked to have no 5-cell window with 4 white stones and no black stones, and none with 3
  or more black stones and no white ones (so black has no immediate win, white has no winning
  cell, and no black move creates even one winning cell). Answer ``"None"``.
- infinite_gobang ``block-N``: N stones filling a block about sqrt(N) wide row by row, in the
  pattern. Any 3 consecutive pattern cells on a line hold both colours, and a line meets the
  block in one segment, so every window that reaches outside it holds both colours or at
  most 2 stones. Answer ``"None"``.

Usage
-----
::

    python3 bench/bench.py                    # full run, CPython (the interpreter running it)
    python3 bench/bench.py --python pypy3     # the same for PyPy
    python3 bench/bench.py --only conecta4    # one problem (repeatable)
    python3 bench/bench.py --quick            # smaller inputs, 1 run, no warm-up (smoke run)
    python3 bench/bench.py --keep bench-in    # keep the generated inputs and answers there
    python3 bench/bench.py --self-test        # check the input constructions, time nothing

Options: ``--repeat N`` (default 5), ``--seed S`` (default 12345), ``--timeout SEC`` per run
(default 300).
"""

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLUTIONS = os.path.join(ROOT, "solutions")

# The constructions are checked with the brute-force oracles of the test suite.
sys.path.insert(0, os.path.join(ROOT, "tests"))
from brute_conecta4 import brute as conecta4_brute  # noqa: E402
from brute_gobang_checker import brute as gobang_brute  # noqa: E402
from brute_gobang_checker import removable  # noqa: E402
from brute_vertical_four import incremental as vertical_four_incremental  # noqa: E402

PROBLEMS = ("vertical_four", "conecta4", "gobang_checker", "infinite_gobang")

# The floors: the same interpreter reading and parsing the input, and nothing else.
FLOORS = {
    "vertical_four": (
        "import sys\ndata = sys.stdin.buffer.read().split()\nnums = list(map(int, data))\n"
    ),
    "conecta4": (
        "import sys\n"
        "for line in sys.stdin.buffer.read().splitlines():\n"
        "    list(map(int, line.split()))\n"
    ),
    "gobang_checker": "import sys\nrows = sys.stdin.buffer.read().split()\n",
    "infinite_gobang": (
        "import json\nimport sys\n"
        "for line in sys.stdin.read().splitlines():\n"
        "    line = line.strip()\n"
        "    if not line:\n"
        "        continue\n"
        "    if line.startswith('pieces'):\n"
        "        line = line.split('=', 1)[1]\n"
        "    json.loads(line)\n"
    ),
}

# Starts one child with stdin/stdout/stderr redirected to files, waits for it with wait4 and
# prints: exit status, user s, system s, maxrss KiB, wall s, timed out (0/1). It imports next
# to nothing, so the child's ru_maxrss is not raised by the launcher's own peak.
LAUNCHER = """
import os, signal, sys, time
timeout = float(sys.argv[1])
fin = os.open(sys.argv[2], os.O_RDONLY)
fout = os.open(sys.argv[3], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
ferr = os.open(sys.argv[4], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
argv = sys.argv[5:]
acts = [(os.POSIX_SPAWN_DUP2, fin, 0), (os.POSIX_SPAWN_DUP2, fout, 1),
        (os.POSIX_SPAWN_DUP2, ferr, 2)]
killed = []
def on_alarm(signum, frame):
    killed.append(1)
    os.kill(pid, signal.SIGKILL)
signal.signal(signal.SIGALRM, on_alarm)
t0 = time.perf_counter()
pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=acts)
signal.setitimer(signal.ITIMER_REAL, timeout)
_, status, ru = os.wait4(pid, 0)
wall = time.perf_counter() - t0
signal.setitimer(signal.ITIMER_REAL, 0)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
print(code, ru.ru_utime, ru.ru_stime, ru.ru_maxrss, wall, 1 if killed else 0)
"""

RED, BLUE = 0, 1


def colour_of(c, r):
    """The no-four/no-five pattern: runs of at most 2 in all four directions."""
    return ((c // 2) + r) % 2


def interleave(rng, reds, blues):
    """Shuffle both lists and alternate them, red first."""
    assert len(reds) == len(blues)
    rng.shuffle(reds)
    rng.shuffle(blues)
    out = []
    for a, b in zip(reds, blues):
        out.append(a)
        out.append(b)
    return out


def count_label(n):
    """1000 -> '1000', 100000 -> '1e5', 50000 -> '5e4'."""
    if n >= 10000:
        k = len(str(n)) - 1
        m, rest = divmod(n, 10**k)
        if rest == 0:
            return f"{m}e{k}"
    return str(n)


# ---------------------------------------------------------------- vertical_four


def gen_vf_clusters(rng, n_moves, width=8, height=60):
    """Moves of the cluster construction (see the module docstring); returns the input."""
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
    moves = moves[:n_moves]
    text = f"{10**9} {10**9}\n" + " ".join(map(str, moves)) + "\n"
    return text.encode(), b"0,draw\n"


def gen_vf_full(rng, side):
    """Fill a side x side board completely with the pattern, row by row."""
    assert side % 4 == 0
    moves = []
    for r in range(side):
        reds = [c + 1 for c in range(side) if colour_of(c, r) == RED]
        blues = [c + 1 for c in range(side) if colour_of(c, r) == BLUE]
        moves.extend(interleave(rng, reds, blues))
    text = f"{side} {side}\n" + " ".join(map(str, moves)) + "\n"
    return text.encode(), b"0,draw\n"


# ---------------------------------------------------------------- conecta4

C4_OUT_OF_RANGE = (0, 9, -7, 12345, -1, 10, 100, -2147483648, 2147483647, 99, -100000)


def c4_board(grid):
    rows = []
    for r in range(5, -1, -1):
        rows.append("|" + "".join(" " if v is None else str(v) for v in grid[r]) + "|")
    rows.append("\\--------/")
    return "\n".join(rows) + "\n"


def gen_conecta4(rng, n_tokens, n_empty):
    """See the module docstring; returns (input, expected output)."""
    grid = [[None] * 8 for _ in range(6)]
    prefix = []
    for r in range(6):
        cols = range(8) if r < 5 else range(4)
        reds = [c for c in cols if colour_of(c, r) == RED]
        yellows = [c for c in cols if colour_of(c, r) == BLUE]
        for c in reds:
            grid[r][c] = RED
        for c in yellows:
            grid[r][c] = BLUE
        prefix.extend(c + 1 for c in interleave(rng, reds, yellows))
    assert len(prefix) == 44
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
                toks.append(rng.choice(C4_OUT_OF_RANGE))
            elif rng.random() < 0.5:
                toks.append(rng.randrange(9, 10**9))
            else:
                toks.append(-rng.randrange(1, 10**9))
        lines.append(toks)
        left -= k
    # Empty lines go between two token lines after the valid prefix (never last).
    empties_before = [0] * (len(lines) + 1)
    for _ in range(n_empty):
        empties_before[rng.randrange(first_invalid + 1, len(lines))] += 1
    board = c4_board(grid)
    text, out = [], []
    for i, toks in enumerate(lines):
        for _ in range(empties_before[i]):
            text.append("")
            out.append(board)
        text.append(" ".join(map(str, toks)))
        if i >= first_invalid:
            out.append("INVALID\n" * len(toks))
    out.append("QUIT\n")
    return ("\n".join(text) + "\n").encode(), "".join(out).encode()


# ---------------------------------------------------------------- gobang_checker


def gen_gobang_big(rng, n_rows, n_cols, empty_rate=0.03):
    """A dense no-five board plus a crossing pair of black fives; answer YES.

    Why the answer is YES:
    - The pattern ((c // 2) + r) % 2 as o/x has runs of at most 2 in every direction and empty
      cells only cut runs, so outside the box below nobody has five.
    - Around the centre P a box of radius 5 is emptied and the cross is put in it: row P from
      P-2 to P+2 and column P from P-2 to P+2, all black. Every neighbour of a cross stone is in
      the box, so a run through a cross stone holds cross stones only, and no pattern stone
      touches a cross stone. The cross's runs are the two fives (both through P) and diagonal
      runs of at most 2.
    - Counts are then evened to b == w + 1 by emptying stones outside the box, which only cuts
      runs. So black moved last, every five holds P, and taking P away leaves runs of at most
      2: the position is possible.
    """
    assert n_rows >= 12 and n_cols >= 12
    rows = []
    for r in range(n_rows):
        # colour_of(c, r) for c = 0..3 is 0011 on even rows and 1100 on odd ones.
        row = bytearray((b"ooxx" if r % 2 == 0 else b"xxoo") * (n_cols // 4 + 1))[:n_cols]
        for _ in range(int(n_cols * empty_rate)):
            row[rng.randrange(n_cols)] = ord(".")
        rows.append(row)
    pr, pc = n_rows // 2, n_cols // 2
    for r in range(pr - 5, pr + 6):
        for c in range(pc - 5, pc + 6):
            rows[r][c] = ord(".")
    for d in range(-2, 3):
        rows[pr][pc + d] = ord("o")
        rows[pr + d][pc] = ord("o")
    b = sum(row.count(b"o") for row in rows)
    w = sum(row.count(b"x") for row in rows)
    extra, ch = (b - w - 1, ord("o")) if b > w + 1 else (w + 1 - b, ord("x"))
    while extra > 0:
        r, c = rng.randrange(n_rows), rng.randrange(n_cols)
        if abs(r - pr) <= 6 and abs(c - pc) <= 6:
            continue
        if rows[r][c] == ch:
            rows[r][c] = ord(".")
            extra -= 1
    return b"".join(bytes(row) + b"\n" for row in rows), b"YES\n"


def gen_gobang_worst(rng, n=19):
    """A full board, b == w + 1, two black nines crossing at their middles; answer YES.

    The crossing is at (14, 14): row 14 from column 10 to 18, column 14 from row 10 to 18.
    The rest is the pattern with guards (white) at the open ends; the counts are evened by
    flipping random other cells, and the result is checked with a brute force (the only
    black stone whose removal leaves no five must be the crossing)."""
    line = [(14, c) for c in range(10, 19)] + [(r, 14) for r in range(10, 19)]
    guards = [(14, 9), (9, 14)]
    fixed = set(line) | set(guards)
    while True:
        grid = [["o" if colour_of(c, r) == 0 else "x" for c in range(n)] for r in range(n)]
        for r, c in line:
            grid[r][c] = "o"
        for r, c in guards:
            grid[r][c] = "x"
        b = sum(row.count("o") for row in grid)
        free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in fixed]
        rng.shuffle(free)
        want = (n * n + 1) // 2
        for r, c in free:
            if b == want:
                break
            if b > want and grid[r][c] == "o":
                grid[r][c] = "x"
                b -= 1
            elif b < want and grid[r][c] == "x":
                grid[r][c] = "o"
                b += 1
        rows = ["".join(row) for row in grid]
        if b == want and removable("\n".join(rows)) == [(14, 14)]:
            return "".join(row + "\n" for row in rows).encode(), b"YES\n"


# ---------------------------------------------------------------- infinite_gobang

DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def ig_cluster_quiet(stones):
    """True if no 5-window has 4 white and 0 black, or 3+ black and 0 white."""
    board = {(x, y): c for x, y, c in stones}
    for x, y, _ in stones:
        for dx, dy in DIRS:
            for start in range(-4, 1):
                cnt = [0, 0]
                for k in range(start, start + 5):
                    v = board.get((x + k * dx, y + k * dy))
                    if v is not None:
                        cnt[v] += 1
                if (cnt[0] >= 3 and cnt[1] == 0) or (cnt[1] >= 4 and cnt[0] == 0):
                    return False
    return True


def gen_ig_quiet(rng, n):
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
        if cluster and ig_cluster_quiet(cluster):
            used.add((ox, oy))
            stones.extend(cluster)
    rng.shuffle(stones)
    return (json.dumps(stones, separators=(",", ":")) + "\n").encode(), b'"None"\n'


def gen_ig_block(rng, n):
    width = 1
    while width * width < n:
        width += 1
    x0, y0 = rng.randrange(-(10**9), 10**9 - width), rng.randrange(-(10**9), 10**9 - width)
    stones = [[x0 + i % width, y0 + i // width, colour_of(i % width, i // width)] for i in range(n)]
    rng.shuffle(stones)
    return (json.dumps(stones, separators=(",", ":")) + "\n").encode(), b'"None"\n'


def check_infinite_gobang(data):
    """Independent plain evaluation of the three-move rule (for --self-test)."""
    board = {(x, y): c for x, y, c in json.loads(data.decode())}

    def makes_five(cell, colour):
        for dx, dy in DIRS:
            n = 1
            for s in (1, -1):
                k = 1
                while board.get((cell[0] + s * k * dx, cell[1] + s * k * dy)) == colour:
                    n += 1
                    k += 1
            if n >= 5:
                return True
        return False

    def near(colour):
        out = set()
        for (x, y), c in list(board.items()):
            if c == colour:
                for dx, dy in DIRS:
                    for k in range(-4, 5):
                        cell = (x + k * dx, y + k * dy)
                        if cell not in board:
                            out.add(cell)
        return out

    def wins(colour):
        return {cell for cell in near(colour) if makes_five(cell, colour)}

    if wins(0):
        return "Black"
    white = wins(1)
    if len(white) >= 2:
        return "White"
    if white:
        (cell,) = white
        board[cell] = 0
        return "Black" if len(wins(0)) >= 2 else "None"
    # No black winning cell exists yet, so the ones a black move creates lie on its lines.
    for cell in near(0):
        board[cell] = 0
        created = set()
        for dx, dy in DIRS:
            for k in range(-4, 5):
                other = (cell[0] + k * dx, cell[1] + k * dy)
                if other not in board and makes_five(other, 0):
                    created.add(other)
        del board[cell]
        if len(created) >= 2:
            return "Black"
    return "None"


# ---------------------------------------------------------------- cases


class Case:
    def __init__(self, problem, label, make, target, mem_target=None):
        self.problem, self.label, self.make = problem, label, make
        self.target, self.mem_target = target, mem_target


def cases(quick):
    """The benchmark rows; --quick scales every input down."""
    vf_moves = 5 * 10**4 if quick else 10**6
    vf_side = 200 if quick else 1000
    c4_tokens, c4_empty = (5 * 10**4, 250) if quick else (10**6, 5000)
    gb_side = 200 if quick else 2000
    ig_small, ig_big = (1000, 10**4) if quick else (1000, 10**5)
    return [
        Case(
            "vertical_four",
            f"clusters-{count_label(vf_moves)}",
            lambda rng: gen_vf_clusters(rng, vf_moves),
            12,
            3,
        ),
        Case(
            "vertical_four",
            f"full-{vf_side}x{vf_side}",
            lambda rng: gen_vf_full(rng, vf_side),
            5,
            3,
        ),
        Case(
            "conecta4",
            f"{count_label(c4_tokens)}-tokens",
            lambda rng: gen_conecta4(rng, c4_tokens, c4_empty),
            2,
        ),
        Case(
            "gobang_checker",
            f"{gb_side}x{gb_side}",
            lambda rng: gen_gobang_big(rng, gb_side, gb_side),
            3,
        ),
        Case("gobang_checker", "worst-19x19", gen_gobang_worst, 1.5),
        Case(
            "infinite_gobang",
            f"quiet-{count_label(ig_small)}",
            lambda rng: gen_ig_quiet(rng, ig_small),
            1.5,
        ),
        Case(
            "infinite_gobang",
            f"block-{count_label(ig_small)}",
            lambda rng: gen_ig_block(rng, ig_small),
            1.5,
        ),
        Case(
            "infinite_gobang",
            f"quiet-{count_label(ig_big)}",
            lambda rng: gen_ig_quiet(rng, ig_big),
            6,
        ),
        Case(
            "infinite_gobang",
            f"block-{count_label(ig_big)}",
            lambda rng: gen_ig_block(rng, ig_big),
            6,
        ),
    ]


def rng_for(seed, case):
    # A string seed is hashed with SHA-512: the same on every run and every platform.
    return random.Random(f"{seed}/{case.problem}/{case.label}")


# ---------------------------------------------------------------- self-test

# Each checker takes the input bytes and returns the whole expected output.
CHECKERS = {
    "vertical_four": lambda data: vertical_four_incremental(data.decode()),
    "conecta4": lambda data: conecta4_brute(data.decode()),
    "gobang_checker": lambda data: gobang_brute(data.decode()),
    "infinite_gobang": lambda data: json.dumps(check_infinite_gobang(data)) + "\n",
}

# The statements' answers (and three of our own) for the one checker that is the
# benchmark's own; the test suite pins the oracles of the other problems.
INFINITE_GOBANG_KNOWN = [
    (b"[[0,0,1],[1,1,1],[2,2,0]]", "None"),
    (b"[[1,2,1],[1,4,1],[1,5,1],[2,1,0],[2,3,0],[2,4,0],[3,2,1],[3,4,0],[4,2,1],[5,2,1]]", "Black"),
    (b"[[0,0,0],[1,0,0],[2,0,0]]", "Black"),
    (b"[[0,0,0],[1,0,0],[2,0,0],[-1,0,1]]", "None"),
    (b"[[0,0,1],[1,0,1],[2,0,1],[3,0,1],[0,1,1],[0,2,1],[0,3,1]]", "White"),
]


def self_test(seed, only):
    """Check every construction with the independent checkers on scaled-down inputs."""
    bad = 0
    if not only or "infinite_gobang" in only:
        for data, answer in INFINITE_GOBANG_KNOWN:
            got = check_infinite_gobang(data)
            if got != answer:
                bad += 1
                print(f"FAIL checker on {data!r}: got {got!r}, expected {answer!r}")
        print(("ok  " if not bad else "FAIL") + " infinite_gobang checker on known answers")
    small = [
        Case("vertical_four", "clusters-2e4", lambda rng: gen_vf_clusters(rng, 2 * 10**4), 0),
        Case("vertical_four", "clusters-small", lambda rng: gen_vf_clusters(rng, 3000, 8, 7), 0),
        Case("vertical_four", "full-120x120", lambda rng: gen_vf_full(rng, 120), 0),
        Case("conecta4", "2e4-tokens", lambda rng: gen_conecta4(rng, 2 * 10**4, 300), 0),
        Case("gobang_checker", "24x28", lambda rng: gen_gobang_big(rng, 24, 28, 0.1), 0),
        Case("gobang_checker", "30x30", lambda rng: gen_gobang_big(rng, 30, 30), 0),
        Case("gobang_checker", "worst-19x19", gen_gobang_worst, 0),
        Case("infinite_gobang", "quiet-600", lambda rng: gen_ig_quiet(rng, 600), 0),
        Case("infinite_gobang", "block-600", lambda rng: gen_ig_block(rng, 600), 0),
        Case("infinite_gobang", "block-99", lambda rng: gen_ig_block(rng, 99), 0),
    ]
    for case in small:
        if only and case.problem not in only:
            continue
        data, expected = case.make(rng_for(seed, case))
        again = case.make(rng_for(seed, case))
        got = CHECKERS[case.problem](data).encode()
        ok = got == expected and again == (data, expected)
        bad += not ok
        print(("ok  " if ok else "FAIL") + f" {case.problem} {case.label}")
    # The gobang cross: its only removable stone is the crossing, in a smaller board too.
    if not only or "gobang_checker" in only:
        rows = gen_gobang_big(random.Random(seed), 16, 16, 0.0)[0].decode().split()
        ok = removable("\n".join(rows)) == [(8, 8)]
        bad += not ok
        print(("ok  " if ok else "FAIL") + " gobang_checker cross removable only at its centre")
    print("self-test: " + ("all constructions verified" if not bad else f"{bad} FAILED"))
    return 1 if bad else 0


# ---------------------------------------------------------------- timing


def resolve_python(exe):
    """The real interpreter binary behind EXE (pyenv shims are shell scripts) and its name."""
    path = shutil.which(exe) or exe
    probe = "import platform, sys; print(sys.executable); print(platform.python_implementation())"
    probe += "; print(platform.python_version())"
    try:
        res = subprocess.run([path, "-c", probe], capture_output=True, check=False)
    except OSError as e:
        raise SystemExit(f"cannot run the interpreter {exe!r}: {e}") from None
    if res.returncode != 0:
        err = res.stderr.decode(errors="replace").strip()
        raise SystemExit(f"cannot run the interpreter {exe!r}: {err}")
    out = res.stdout.decode()
    real, impl, version = out.split("\n")[:3]
    return (real if real and os.path.exists(real) else path), f"{impl} {version}"


def run_once(argv, infile, outfile, errfile, timeout):
    """Run ARGV once through the launcher; returns (exit code, cpu s, wall s, MiB, timed out)."""
    res = subprocess.run(
        [sys.executable, "-I", "-S", "-c", LAUNCHER, str(timeout), infile, outfile, errfile, *argv],
        capture_output=True,
        check=False,
    )
    if res.returncode != 0:
        raise RuntimeError("launcher failed: " + res.stderr.decode(errors="replace"))
    code, utime, stime, maxrss, wall, killed = res.stdout.split()
    return (
        int(code),
        float(utime) + float(stime),
        float(wall),
        int(maxrss) / 1024.0,
        killed == b"1",
    )


def same_output(got, expected):
    """Exact, or equal line by line up to trailing spaces and trailing empty lines."""
    if got == expected:
        return True
    a = [line.rstrip() for line in got.rstrip().splitlines()]
    b = [line.rstrip() for line in expected.rstrip().splitlines()]
    return a == b


def first_difference(got, expected):
    a, b = got.splitlines(), expected.splitlines()
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else b"<end of output>"
        y = b[i] if i < len(b) else b"<end of output>"
        if x.rstrip() != y.rstrip():
            return f"line {i + 1}: got {x[:60]!r}, expected {y[:60]!r}"
    return "differs only in whitespace"


def median(values):
    s = sorted(values)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2.0


def fmt_ratio(x):
    return f"{x:.2f}x"


def bench_case(case, python, solutions, folder, seed, repeat, warmup, timeout, log):
    """Generate, check and time one case; returns a dict for the table."""
    base = os.path.join(folder, f"{case.problem}-{case.label}")
    data, expected = case.make(rng_for(seed, case))
    with open(base + ".in", "wb") as f:
        f.write(data)
    with open(base + ".expected", "wb") as f:
        f.write(expected)
    floor_file = os.path.join(folder, f"floor_{case.problem}.py")
    with open(floor_file, "w") as f:
        f.write(FLOORS[case.problem])
    del data
    row = {"case": case}
    solution = os.path.join(solutions, case.problem + ".py")
    if not os.path.exists(solution):
        row["error"] = f"{case.problem}.py is missing"
        return row
    sol = {"cpu": [], "wall": [], "mem": []}
    flo = {"cpu": [], "wall": [], "mem": []}
    for i in range(warmup + repeat):
        for argv, acc, is_sol in (
            ([*python, solution], sol, True),
            ([*python, floor_file], flo, False),
        ):
            out, err = base + (".out" if is_sol else ".floor-out"), base + ".err"
            code, cpu, wall, mem, killed = run_once(argv, base + ".in", out, err, timeout)
            what = "solution" if is_sol else "floor"
            if killed:
                row["error"] = f"{what} timed out after {timeout:g}s"
                return row
            if code != 0:
                with open(err, "rb") as f:
                    tail = f.read().decode(errors="replace").strip().splitlines()[-1:]
                row["error"] = f"{what} exited with {code}: " + " ".join(tail)
                return row
            if is_sol:
                with open(out, "rb") as f:
                    got = f.read()
                if not same_output(got, expected):
                    row["error"] = f"WRONG ANSWER ({first_difference(got, expected)})"
                    row["wrong"] = True
                    return row
            if i >= warmup:
                acc["cpu"].append(cpu)
                acc["wall"].append(wall)
                acc["mem"].append(mem)
        log(".")
    for key in ("cpu", "wall"):
        row[key] = median(sol[key])
        row["floor_" + key] = median(flo[key])
    row["mem"] = max(sol["mem"])
    row["floor_mem"] = max(flo["mem"])
    row["ratio"] = row["cpu"] / max(row["floor_cpu"], 1e-9)
    row["mem_ratio"] = row["mem"] / max(row["floor_mem"], 1e-9)
    met = row["ratio"] <= case.target
    if case.mem_target is not None:
        met = met and row["mem_ratio"] <= case.mem_target
    row["met"] = met
    return row


def table(rows):
    head = (
        "| problem | input | CPU s | wall s | peak MiB | floor CPU s | floor MiB | ratio "
        "| mem ratio | target | met |"
    )
    lines = [head, "|" + "---|" * 11]
    for row in rows:
        case = row["case"]
        target = f"<= {case.target:g}x"
        if case.mem_target is not None:
            target += f", mem <= {case.mem_target:g}x"
        if "error" in row:
            cells = [
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                target,
                "**" + row["error"].replace("|", "\\|") + "**",
            ]
        else:
            if row["met"]:
                met = "yes"
            elif row["ratio"] > case.target:
                met = "**no**"
            else:
                met = "**no (mem)**"
            cells = [
                f"{row['cpu']:.3f}",
                f"{row['wall']:.3f}",
                f"{row['mem']:.1f}",
                f"{row['floor_cpu']:.3f}",
                f"{row['floor_mem']:.1f}",
                fmt_ratio(row["ratio"]),
                fmt_ratio(row["mem_ratio"]),
                target,
                met,
            ]
        lines.append("| " + " | ".join([case.problem, case.label, *cells]) + " |")
    return "\n".join(lines)


def machine_line(impl):
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cores = os.cpu_count() or 1
    system = f"{platform.system()} {platform.release()}"
    return f"Machine: {model}, {cores} cores, {system}; interpreter: {impl}."


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--python", default=sys.executable, help="interpreter to measure")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per program (default 5)")
    ap.add_argument("--only", action="append", choices=PROBLEMS, help="only this problem")
    ap.add_argument("--keep", metavar="DIR", help="write the inputs to DIR and keep them")
    ap.add_argument("--quick", action="store_true", help="small inputs, 1 run, no warm-up")
    ap.add_argument("--seed", default="12345", help="seed of the input generators")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per run (300)")
    ap.add_argument("--solutions", default=SOLUTIONS, metavar="DIR", help="solutions folder")
    ap.add_argument("--self-test", action="store_true", help="verify the constructions only")
    args = ap.parse_args(argv)

    if args.self_test:
        return self_test(args.seed, args.only)

    exe, impl = resolve_python(args.python)
    repeat, warmup = (1, 0) if args.quick else (max(1, args.repeat), 1)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        folder = args.keep
    else:
        folder = tempfile.mkdtemp(prefix="bench-")

    def log(text):
        sys.stderr.write(text)
        sys.stderr.flush()

    rows = []
    try:
        for case in cases(args.quick):
            if args.only and case.problem not in args.only:
                continue
            log(f"{case.problem} {case.label} ")
            row = bench_case(
                case, [exe], args.solutions, folder, args.seed, repeat, warmup, args.timeout, log
            )
            log(" " + row.get("error", "done") + "\n")
            rows.append(row)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)

    print(table(rows))
    print()
    print(machine_line(impl))
    runs = f"median of {repeat} runs" if repeat > 1 else "a single run"
    if warmup:
        runs += " after 1 warm-up"
    print(
        f"CPU = user + system seconds of the whole process; {runs}. Peak MiB = the child's "
        "ru_maxrss. Ratio = CPU / floor CPU (the floor reads and parses the same input and does "
        "nothing else). Targets are set for CPython."
    )
    if args.quick:
        print("Quick mode: smaller inputs and a single run; the targets are for the full inputs.")
    errors = [row for row in rows if "error" in row]
    if errors:
        print(f"\n{len(errors)} row(s) could not be timed: see the table.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
