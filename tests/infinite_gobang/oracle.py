"""Game-tree oracle for infinite_gobang (LCP 48), written from the rules only.

``solve(text)`` is the whole stdin form: reader.py reads the cases (a small parser of its
own, not ``json``), and ``search`` below answers each. For the benchmark's 10^5-stone
inputs, where the search is too slow, rules.py has a fast checker.

The three moves (black, white, black) are searched as a real minimax tree over the
*near* cells: every empty cell within Chebyshev distance 4 of a stone, plus one *far*
cell that stands for every move touching nothing. Outcomes are ordered from black's
point of view, WHITE < NONE < BLACK; black maximises, white minimises. Whether a move
makes five is found by walking the four lines through the new stone (``makes_five``).
Nothing about "winning cells" or "double threats" decides a position: those only show up
in the answers the search finds.

Two searches are given. ``plain_search`` is the definition, verbatim: at every ply it
lists the near cells of the position in front of it, and tests every move it tries with
``makes_five``. ``search`` walks the same tree (the same moves at plies 1 and 2, the same
value at every ply-3 node) but remembers the results of those tests instead of repeating
them, see "Remembered tests" below. It is the fast one, used on every stress board; the
tests check that the two give the same answers.

Why the near cells and one far cell are enough
----------------------------------------------
A *window* is 5 consecutive cells of a row, column or diagonal. A side has five in a row
exactly when some window is full of its stones (a longer run contains such a window).
Any two cells of one window are within Chebyshev distance 4 of each other.

Let P be the position before some ply. From P on, black places at most 2 more stones
(plies 1 and 3) and white at most 1. Stones never move, so a window that is full of one
colour at some later moment already holds at least 5 - 2 = 3 of its stones in P, and
each of its 5 cells is within distance 4 of those stones.

Claim. Two empty cells c and c' that are both at distance more than 4 from every stone
of P are equally good moves. Proof: let s swap c and c'. Applied to every move of a
continuation that starts with c, s gives a legal continuation that starts with c' (both
cells are empty), and this is a one-to-one map between the two subtrees of the game
tree. After each move the two positions differ only by s. A window that is full of one
colour in one of them holds 3 stones of P, so it contains neither c nor c' and s leaves
its cells alone: it is full of the same colour in the other position too. So along
matched lines of play the same side makes five at the same move, the leaves have equal
values, and so do the two subtrees.

So all empty cells farther than 4 from every stone are one move, for the value of the
game; the far cell, 10 rows and columns beyond every stone (the board has no edge, so
it exists), represents them. It stands for white declining to block, black building
elsewhere, and the like. Hence searching the near cells plus the far cell, at every
ply, gives the value of the whole game.

Remembered tests
----------------
For a position S and a colour k, let F_k(S) be the set of empty cells (anywhere on the
board) where a stone of colour k makes five, i.e. where ``makes_five`` says yes.

(a) F_k(S) holds only cells next to a stone of colour k, so only near cells.
    ``makes_five`` at c walks away from c through stones of colour k; if none of the 8
    neighbours of c is of colour k, every walk stops at once and the run is 1.

(b) Put a stone of colour k on an empty cell m of S, giving S'. For a cell c other than
    m, the walks of ``makes_five`` at c in S' read the same cells as in S unless one of
    them reaches m, i.e. m is on a line through c and every cell strictly between them
    is of the walking colour. For the other colour j the walk stops at m in S' just as
    it stopped at the empty m in S: nothing changes, F_j(S') = F_j(S) - {m}. For colour
    k, the cells c whose walk reaches m are, on each of the 8 half-lines out of m, the
    first cell past m's run of k stones, if that cell is empty: at most 8 cells. Only
    one line through such a c meets m; on it the run through c becomes the run through
    m, plus c, plus the k stones just past c, and that is what is tested again (the
    other three lines of c read the same cells as before, and a run only grows, so a
    cell that made five before still does). Every other cell keeps its answer.

In words, for the two cases the search meets: black's stone at m1 cannot spoil a white
five at another cell c (the 4 white stones of that five are stones, m1 was empty; a
black stone only adds black cells), and white's stone at m2 cannot spoil a black five at
another cell for the same reason.

``search`` therefore tests, in the given position, every empty cell next to a black
stone for black and every one next to a white stone for white (by (a) that gives all of
F_B and F_W), and after black's move m1 tests again the at most 8 cells of (b). Then,
with m1 and m2 played:

* ply 1: m1 makes five iff m1 is in F_B(P);
* ply 2: m2 makes five iff m2 is in F_W(P + m1) = F_W(P) - {m1};
* ply 3: black has a five among its moves iff F_B(P + m1 + m2) = F_B(P + m1) - {m2} is
  not empty: by (a) that set lies inside the near cells of P + m1 + m2, all of which are
  black's moves at ply 3 (the far cell is never in it). Black's best move there is a
  five if there is one, so this is the value of the ply-3 node.

Speed
-----
Besides the remembered tests, moves are tried in a helpful order (fives first, then the
other side's five cells, then the rest, the far cell last), and the search stops early
only where the value is already settled: black stops at a win, white stops at a white
win or at a value not above what black already has from an earlier first move (an alpha
cut-off; when white has a five after m1, the first move tried is one, so the search
returns at once). The order never changes the result: ``shuffle`` (a ``random.Random``) tries the
moves in a random order and ``prune=False`` searches the whole tree with no cut-off; the
tests check that all the modes agree, and agree with ``plain_search``.
"""

from functools import lru_cache

from .reader import parse

BLACK, WHITE = 0, 1
WHITE_WINS, NOBODY, BLACK_WINS = 0, 1, 2
NAMES = {WHITE_WINS: "White", NOBODY: "None", BLACK_WINS: "Black"}
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
REACH = 4  # a five's cells are within this Chebyshev distance of each other
BOX = [(i, j) for i in range(-REACH, REACH + 1) for j in range(-REACH, REACH + 1)]
STEPS = [(i, j) for i in (-1, 0, 1) for j in (-1, 0, 1) if i or j]  # the 8 neighbours
FAR = 10  # the far cell is this many rows and columns past every stone


def walk(stones, x, y, sx, sy, color):
    """From (x, y) in steps of (sx, sy): how many stones of ``color`` follow in a row, and
    the first cell past them."""
    run, x, y = 0, x + sx, y + sy
    while stones.get((x, y)) == color:
        run, x, y = run + 1, x + sx, y + sy
    return run, x, y


def makes_five(stones, x, y, color):
    """True if a stone of ``color`` at (x, y) has 5+ in a row (the cell itself counted)."""
    for dx, dy in DIRECTIONS:
        run = 1 + walk(stones, x, y, dx, dy, color)[0] + walk(stones, x, y, -dx, -dy, color)[0]
        if run >= 5:
            return True
    return False


def around(x, y):
    """The 9 x 9 cells within distance 4 of (x, y), the cell itself included."""
    return [(x + i, y + j) for i, j in BOX]


def near_cells(stones):
    """Every empty cell within distance 4 of a stone, as a set."""
    cells = set()
    for x, y in stones:
        cells.update(around(x, y))
    cells.difference_update(stones)
    return cells


def far_cell(stones):
    """A cell 10 rows and columns past every stone (distance more than 4 from all)."""
    if not stones:
        return (0, 0)
    return (max(x for x, _ in stones) + FAR, max(y for _, y in stones) + FAR)


def moved_far(far, cell):
    """The far cell once a stone is put on ``cell``: still past every stone."""
    return (max(far[0], cell[0] + FAR), max(far[1], cell[1] + FAR))


def has_five(pieces):
    """True if the given stones already contain five in a row of one colour."""
    stones = {(x, y): c for x, y, c in pieces}
    return any(makes_five(stones, x, y, c) for (x, y), c in stones.items())


# ---------------------------------------------------------------- the two sides' choices


def black_choice(moves, value, prune):
    """The greatest value(move, best so far) over black's moves (WHITE_WINS if none); with
    prune it stops at a black win, which nothing betters."""
    best = WHITE_WINS
    for move in moves:
        found = value(move, best)
        if found > best:
            best = found
            if prune and best == BLACK_WINS:
                break
    return best


def white_choice(values, alpha, prune):
    """The least of the values of white's moves (BLACK_WINS if none); with prune it stops
    at one not above alpha, what black has already from an earlier first move."""
    best = BLACK_WINS
    for value in values:
        if value < best:
            best = value
            if prune and best <= alpha:
                break
    return best


# ---------------------------------------------------------------- the plain search


def _plain_moves(stones, near, far, color):
    """(move, whether it makes five) for every move at a ply: the empty near cells and the
    far cell, each tested with ``makes_five``; the fives come first (an order only)."""
    moves = [c for c in near if c not in stones]
    moves.append(far)
    tested = [(c, makes_five(stones, c[0], c[1], color)) for c in moves]
    return sorted(tested, key=lambda t: not t[1])


def _plain_last(stones, near, far):
    """Ply 3: a black move that makes five, or None if there is none."""
    for x, y in [*near, far]:
        if (x, y) not in stones and makes_five(stones, x, y, BLACK):
            return (x, y)
    return None


def _plain_white(stones, near, far, alpha, prune):
    """Ply 2: the minimum over white's moves; may stop once it is <= alpha."""
    moves = _plain_moves(stones, near, far, WHITE)
    five = dict(moves)

    def values():
        todo = moves[::-1]  # a stack: the next move to try is on top
        tried = set()
        while todo:
            x, y = todo.pop()[0]
            if (x, y) in tried:
                continue
            tried.add((x, y))
            if five[(x, y)]:
                yield WHITE_WINS
                continue
            stones[(x, y)] = WHITE
            win = _plain_last(stones, near.union(around(x, y)), moved_far(far, (x, y)))
            del stones[(x, y)]
            if win in five:  # try black's winning cell next (an order only)
                todo.append((win, five[win]))
            yield NOBODY if win is None else BLACK_WINS

    return white_choice(values(), alpha, prune)


def plain_search(pieces, prune=True):
    """Value of the position, black to move, by the search exactly as defined above.

    ``near`` here is every cell within distance 4 of a stone, stones included, so the
    set after a move is the old one plus the 9 x 9 cells around the new stone.
    """
    stones = {(x, y): c for x, y, c in pieces}
    near = set()
    for x, y in stones:
        near.update(around(x, y))
    far = far_cell(stones)

    def value(move, best):
        (x, y), five = move
        if five:
            return BLACK_WINS
        stones[(x, y)] = BLACK
        found = _plain_white(stones, near.union(around(x, y)), moved_far(far, (x, y)), best, prune)
        del stones[(x, y)]
        return found

    return black_choice(_plain_moves(stones, near, far, BLACK), value, prune)


# ---------------------------------------------------------------- the search with remembered tests


def retest(stones, fives, x, y, color):
    """F_k after a stone of ``color`` = k was put on (x, y) (already in ``stones``), from
    ``fives`` = F_k before it (claim (b)): (x, y) drops out, and the first empty cell past
    the run through (x, y) on each half-line is tested again on that line."""
    out = set(fives)
    out.discard((x, y))
    for dx, dy in DIRECTIONS:
        steps = ((dx, dy), (-dx, -dy))
        ends = [(sx, sy, *walk(stones, x, y, sx, sy, color)) for sx, sy in steps]
        run = 1 + ends[0][2] + ends[1][2]  # the stones of ``color`` in a row through (x, y)
        for sx, sy, _, cx, cy in ends:
            # A stone on (cx, cy), if empty, joins the run and the stones past it on this line.
            if (cx, cy) not in stones and run + 1 + walk(stones, cx, cy, sx, sy, color)[0] >= 5:
                out.add((cx, cy))
    return out


def _ordered(first, second, rest, shuffle):
    """``first``, ``second``, then ``rest`` (iterables of cells), each cell once; or all
    of them in a random order."""
    if shuffle is not None:
        cells = sorted({c for source in (first, second, rest) for c in source})
        shuffle.shuffle(cells)
        yield from cells
        return
    seen = set()
    for source in (first, second, rest):
        for cell in source:
            if cell not in seen:
                seen.add(cell)
                yield cell


def _white_moves(stones, near, m1, far):
    """White's moves after black's m1, less the ordering: the near cells of P + m1 (the
    old near cells and the 9 x 9 around m1, m1 itself excluded), then the far cell."""
    for cell in near:
        if cell != m1:
            yield cell
    for cell in around(*m1):
        if cell not in near and cell not in stones:
            yield cell
    yield far


def _white(stones, near, m1, far, fives, alpha, prune, shuffle):
    """Ply 2, after black's m1 (in ``stones``): the minimum over white's moves; may stop
    once it is <= alpha. ``near`` and ``fives`` belong to the position before m1."""
    white_fives = fives[WHITE] - {m1}  # F_W(P + m1)
    if white_fives and prune and shuffle is None:
        return WHITE_WINS  # what the loop below returns at its first move, a white five
    black_fives = retest(stones, fives[BLACK], m1[0], m1[1], BLACK)  # F_B(P + m1)
    moves = _white_moves(stones, near, m1, far)

    def value(m2):
        if m2 in white_fives:
            return WHITE_WINS  # white's stone at m2 makes five
        if any(c != m2 for c in black_fives):
            return BLACK_WINS  # ply 3: F_B(P + m1 + m2) is not empty
        return NOBODY

    order = _ordered(white_fives, black_fives, moves, shuffle)
    return white_choice(map(value, order), alpha, prune)


def search(pieces, prune=True, shuffle=None):
    """Value of the position (WHITE_WINS, NOBODY or BLACK_WINS), black to move."""
    stones = {(x, y): c for x, y, c in pieces}
    near = near_cells(stones)
    # F_B(P) and F_W(P): every empty cell next to a stone of that colour tested directly;
    # by claim (a) no other cell is in them.
    fives = []
    for k in (BLACK, WHITE):
        cells = {(x + i, y + j) for (x, y), c in stones.items() if c == k for i, j in STEPS}
        fives.append(
            {(x, y) for x, y in cells if (x, y) not in stones and makes_five(stones, x, y, k)}
        )
    far = far_cell(stones)

    def value(m1, best):
        if m1 in fives[BLACK]:
            return BLACK_WINS  # black's stone at m1 makes five
        stones[m1] = BLACK
        found = _white(stones, near, m1, moved_far(far, m1), fives, best, prune, shuffle)
        del stones[m1]
        return found

    return black_choice(_ordered(fives[BLACK], fives[WHITE], [*near, far], shuffle), value, prune)


def gobang(pieces, prune=True, shuffle=None, plain=False):
    """The answer, "Black", "White" or "None", for a list of [x, y, color] stones."""
    value = plain_search(pieces, prune) if plain else search(pieces, prune, shuffle)
    return NAMES[value]


# ---------------------------------------------------------------- the stdin form


@lru_cache(maxsize=1 << 13)  # the tests ask for the stress inputs' answers twice
def solve(text):
    """The expected output for a whole stdin text: one quoted answer per case."""
    return "".join(f'"{gobang(pieces)}"\n' for pieces in parse(text))
