"""Big boards of gobang_checker: the benchmark's scale inputs and the 2000 x 2000 testcase.

All of them fill the board with the pattern ((c // 2) + r) % 2 as o/x (0 is black). It has
runs of at most 2 in every direction, and empty cells only cut runs, so wherever it is
left alone nobody has five.
"""

import random

from .oracle import removable

DOT, BLACK, WHITE = b".ox"
PATTERN_ROWS = (b"ooxx", b"xxoo")  # the pattern's row r starts with PATTERN_ROWS[r % 2]


def colour_of(c, r):
    """The no-five pattern: runs of at most 2 in all four directions."""
    return ((c // 2) + r) % 2


def cross_board(rng, n_rows, n_cols, empty_rate=0.03):
    """A dense no-five board plus a crossing pair of black fives; answer YES.

    Why the answer is YES:
    - Empty cells (int(n_cols * empty_rate) random picks a row) only cut the pattern's runs.
    - Around the centre P a box of radius 5 is emptied and the cross is put in it: row P from
      P-2 to P+2 and column P from P-2 to P+2, all black. Every neighbour of a cross stone is
      in the box, so a run through a cross stone holds cross stones only, and no pattern
      stone touches a cross stone. The cross's runs are the two fives (both through P) and
      diagonal runs of at most 2.
    - Counts are then evened to b == w + 1 by emptying stones outside the box, which only
      cuts runs. So black moved last, every five holds P, and taking P away leaves runs of
      at most 2: the position is possible.
    """
    pr, pc = n_rows // 2, n_cols // 2
    cross = [(pr, pc + d) for d in range(-2, 3)] + [(pr + d, pc) for d in range(-2, 3)]
    return boxed_fives(rng, n_rows, n_cols, cross, empty_rate)


def apart_board(rng, n_rows, n_cols, empty_rate=0.03):
    """The same dense board with two black fives that share no stone; answer NO.

    One five lies along a row around (R/3, C/3), the other along the diagonal down and to
    the right around (2R/3, 2C/3), each in its own emptied box (as in ``cross_board``):
    black moved last (b == w + 1), and no single stone lies on both fives. The solution
    reads the fives one direction at a time, rows first and this diagonal last, so it
    finds the NO only in the last of its four passes."""
    assert n_rows >= 18 and n_cols >= 18  # the boxes inside the board, 6+ cells apart
    (r1, c1), (r2, c2) = (n_rows // 3, n_cols // 3), (2 * n_rows // 3, 2 * n_cols // 3)
    fives = [(r1, c1 + d) for d in range(-2, 3)] + [(r2 + d, c2 + d) for d in range(-2, 3)]
    return boxed_fives(rng, n_rows, n_cols, fives, empty_rate)


def boxed_fives(rng, n_rows, n_cols, stones, empty_rate):
    """The no-five pattern with about empty_rate of each row empty; around the middle of
    every 5 stones of stones (black), a box of radius 5 emptied and those stones put in it;
    the counts evened to b == w + 1 by emptying stones more than 6 cells from every box."""
    assert n_rows >= 12 and n_cols >= 12
    rows = []
    for r in range(n_rows):
        row = bytearray(PATTERN_ROWS[r % 2] * (n_cols // 4 + 1))[:n_cols]
        for _ in range(int(n_cols * empty_rate)):
            row[rng.randrange(n_cols)] = DOT
        rows.append(row)
    centres = sorted(set(stones[2::5]))  # the middle stone of each five
    for pr, pc in centres:
        for r in range(pr - 5, pr + 6):
            for c in range(pc - 5, pc + 6):
                rows[r][c] = DOT
    for r, c in stones:
        rows[r][c] = BLACK
    b = sum(row.count(BLACK) for row in rows)
    w = sum(row.count(WHITE) for row in rows)
    extra, ch = (b - w - 1, BLACK) if b > w + 1 else (w + 1 - b, WHITE)

    def near_a_box(r, c):
        return any(abs(r - pr) <= 6 and abs(c - pc) <= 6 for pr, pc in centres)

    return emptied(rng, rows, ch, extra, near_a_box)


def emptied(rng, rows, stone, extra, kept):
    """The board rows (bytearrays), as bytes, once extra stones of stone are emptied, each
    drawn at random from the cells kept(r, c) does not keep."""
    while extra > 0:
        r, c = rng.randrange(len(rows)), rng.randrange(len(rows[0]))
        if kept(r, c):
            continue
        if rows[r][c] == stone:
            rows[r][c] = DOT
            extra -= 1
    return b"".join(bytes(row) + b"\n" for row in rows)


def worst_19x19(rng, n=19):
    """A full board, b == w + 1, two black nines crossing at their middles; answer YES.

    The crossing is at (14, 14): row 14 from column 10 to 18, column 14 from row 10 to 18.
    The rest is the pattern with guards (white) at the open ends; the counts are evened by
    flipping random other cells, and the result is checked with the oracle (the only
    black stone whose removal leaves no five must be the crossing): the only legal last
    move is late in scan order."""
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
            return "".join(row + "\n" for row in rows).encode()


def testcase_2000x2000():
    """testcases/gobang_checker/2000x2000.in, byte for byte; answer YES.

    - The pattern, each cell emptied with probability 0.15, row by row (Random(2000)).
    - Two boxes of radius 5 emptied: around (1002, 1205) it holds a cross of two black
      fives through the centre (row 1002, columns 1203..1207; column 1205, rows
      1000..1004), as in ``cross_board``; around (305, 1805) a decoy on the diagonal from
      (301, 1801) to (306, 1806): x x x x o x, six cells with five white stones but only a
      white four in a row. Every neighbour of a box stone is in its box, so no run leaves it.
    - Random black stones are emptied until b == w + 1, drawn from rows 0..299 and
      1051.., or columns 0..1199 (away from the boxes); emptying only cuts runs.
    So the only fives are the cross's, black moved last, and the centre is removable.
    """
    n = 2000
    rng = random.Random(2000)
    rows = []
    for r in range(n):
        pattern = PATTERN_ROWS[r % 2] * (n // 4)
        rows.append(bytearray(DOT if rng.random() < 0.15 else cell for cell in pattern))
    for pr, pc in ((305, 1805), (1002, 1205)):
        for r in range(pr - 5, pr + 6):
            rows[r][pc - 5 : pc + 6] = b"." * 11
    for d in range(-2, 3):
        rows[1002][1205 + d] = BLACK
        rows[1002 + d][1205] = BLACK
    for k, cell in enumerate(b"xxxxox"):
        rows[301 + k][1801 + k] = cell
    extra = sum(row.count(BLACK) - row.count(WHITE) for row in rows) - 1
    return emptied(rng, rows, BLACK, extra, lambda r, c: 300 <= r <= 1050 and c >= 1200)
