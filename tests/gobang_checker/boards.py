"""Random small boards for the stress test of gobang_checker.

Uniformly random boards are almost all impossible, so the boards come from random legal
games (moves often next to earlier stones or extending a player's own line, so that
fives happen), stopped at a win or earlier, and then, for a part of them, spoilt: a move
played after the win, a stone taken away or recoloured, counts made impossible (white
one ahead included). Other boards get planted patterns: single lines of 5..12 (edges and
corners favoured), two or three fives crossing at one stone, disjoint fives, fives of
both players, fives of the player who did not move last; then the counts are set to a
chosen last mover (or made impossible on purpose). A grid is a list of rows, each a list
of "o", "x" and "." cells.
"""

DIRS = ((0, 1), (1, 0), (1, 1), (1, -1))
OTHER = {"o": "x", "x": "o"}


def run_from(grid, r, c, dr, dc):
    """How many stones of the colour at (r, c) follow it in steps of (dr, dc)."""
    rows, cols = len(grid), len(grid[0])
    length, rr, cc = 0, r + dr, c + dc
    while 0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] == grid[r][c]:
        length, rr, cc = length + 1, rr + dr, cc + dc
    return length


def makes_five(grid, r, c):
    """True if the stone at (r, c) lies on a run of five or more of its colour."""
    return any(
        1 + run_from(grid, r, c, dr, dc) + run_from(grid, r, c, -dr, -dc) >= 5 for dr, dc in DIRS
    )


def random_empty(rng, grid):
    rows, cols = len(grid), len(grid[0])
    for _ in range(20):
        r, c = rng.randrange(rows), rng.randrange(cols)
        if grid[r][c] == ".":
            return r, c
    empties = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "."]
    return rng.choice(empties) if empties else None


def pick_move(rng, grid, stones, own, colour, aggression):
    """A random empty cell: extending an own line, next to a stone, or anywhere."""
    rows, cols = len(grid), len(grid[0])
    if own and rng.random() < aggression:
        r, c = rng.choice(own)
        dr, dc = rng.choice(DIRS)
        if rng.random() < 0.5:
            dr, dc = -dr, -dc
        while 0 <= r < rows and 0 <= c < cols and grid[r][c] == colour:
            r += dr
            c += dc
        if 0 <= r < rows and 0 <= c < cols and grid[r][c] == ".":
            return r, c
    if stones and rng.random() < 0.6:
        r, c, _ = rng.choice(stones)
        r += rng.randint(-2, 2)
        c += rng.randint(-2, 2)
        if 0 <= r < rows and 0 <= c < cols and grid[r][c] == ".":
            return r, c
    return random_empty(rng, grid)


def play(rng, rows, cols, max_moves, aggression):
    """Random legal game; returns (grid, stones, winner or None)."""
    grid = [["."] * cols for _ in range(rows)]
    stones = []
    own = {"o": [], "x": []}
    colour = "o"
    for _ in range(max_moves):
        cell = pick_move(rng, grid, stones, own[colour], colour, aggression)
        if cell is None:
            break
        r, c = cell
        grid[r][c] = colour
        stones.append((r, c, colour))
        own[colour].append(cell)
        if makes_five(grid, r, c):
            return grid, stones, colour
        colour = OTHER[colour]
    return grid, stones, None


def counts(grid):
    black = sum(row.count("o") for row in grid)
    white = sum(row.count("x") for row in grid)
    return black, white


def fix_counts(rng, grid, last, protected):
    """Add/remove stones until the counts say ``last`` moved last (if possible)."""
    rows, cols = len(grid), len(grid[0])
    for _ in range(4 * rows * cols + 10):
        black, white = counts(grid)
        need = (white + 1 - black) if last == "o" else (white - black)
        if need == 0:
            return True
        short = "o" if need > 0 else "x"
        excess = OTHER[short]
        if rng.random() < 0.5:
            removable = [
                (r, c)
                for r in range(rows)
                for c in range(cols)
                if grid[r][c] == excess and (r, c) not in protected
            ]
            if removable:
                r, c = rng.choice(removable)
                grid[r][c] = "."
                continue
        cell = random_empty(rng, grid)
        if cell is None:
            return False
        grid[cell[0]][cell[1]] = short
    return False


def line_cells(r, c, dr, dc, length):
    return [(r + k * dr, c + k * dc) for k in range(length)]


def fits(rows, cols, cells):
    return all(0 <= r < rows and 0 <= c < cols for r, c in cells)


def random_line(rng, rows, cols, length):
    """Cells of a random straight line of ``length`` on the board, edges favoured."""
    for _ in range(30):
        dr, dc = rng.choice(DIRS)
        r_lo, r_hi = 0, rows - 1 - dr * (length - 1)
        c_lo = (length - 1) if dc < 0 else 0
        c_hi = cols - 1 - (dc * (length - 1) if dc > 0 else 0)
        if r_hi < r_lo or c_hi < c_lo:
            continue
        r = rng.choice((r_lo, r_hi)) if rng.random() < 0.4 else rng.randint(r_lo, r_hi)
        c = rng.choice((c_lo, c_hi)) if rng.random() < 0.4 else rng.randint(c_lo, c_hi)
        return line_cells(r, c, dr, dc, length)
    return None


def crossing(rng, rows, cols, nlines):
    """Cells of ``nlines`` fives in distinct directions through one common cell."""
    for _ in range(30):
        r, c = rng.randrange(rows), rng.randrange(cols)
        cells = {(r, c)}
        ok = True
        for dr, dc in rng.sample(DIRS, nlines):
            k = rng.randrange(5)
            part = line_cells(r - k * dr, c - k * dc, dr, dc, 5)
            if not fits(rows, cols, part):
                ok = False
                break
            cells.update(part)
        if ok:
            return cells
    return None


def cap_ends(rng, grid, cells, colour):
    """Put the other colour or nothing next to the planted stones, keeping runs exact."""
    rows, cols = len(grid), len(grid[0])
    for r, c in cells:
        for dr, dc in DIRS:
            for sign in (1, -1):
                rr, cc = r + sign * dr, c + sign * dc
                inside = 0 <= rr < rows and 0 <= cc < cols
                if inside and (rr, cc) not in cells and grid[rr][cc] == colour:
                    grid[rr][cc] = OTHER[colour] if rng.random() < 0.5 else "."


def planted(rng, rows, cols):
    grid, _, _ = play(rng, rows, cols, rng.randint(0, rows * cols // 3 + 1), 0.1)
    kind = rng.random()
    colour = rng.choice("ox")
    if kind < 0.35:
        line = random_line(rng, rows, cols, rng.choice((5, 5, 6, 7, 8, 9, 9, 10, 11, 12)))
        patterns = [(line, colour)]
    elif kind < 0.65:
        patterns = [(crossing(rng, rows, cols, rng.choice((2, 2, 2, 3))), colour)]
    elif kind < 0.85:
        other = colour if rng.random() < 0.7 else OTHER[colour]
        a = random_line(rng, rows, cols, rng.choice((5, 5, 6)))
        b = random_line(rng, rows, cols, rng.choice((5, 5, 6)))
        if a is not None and b is not None and set(a) & set(b):
            b = None
        patterns = [(a, colour), (b, other)]
    else:
        patterns = [(random_line(rng, rows, cols, 5), colour)]
    protected = set()
    for cells, col in patterns:
        if cells is None:
            continue
        for r, c in cells:
            grid[r][c] = col
        protected.update(cells)
    if rng.random() < 0.7:
        for cells, col in patterns:
            if cells is not None:
                cap_ends(rng, grid, set(cells), col)
    last = colour if rng.random() < 0.75 else OTHER[colour]
    fix_counts(rng, grid, last, protected)
    if rng.random() < 0.12:
        spoil_counts(rng, grid)
    return grid


def spoil_counts(rng, grid):
    """Add stones so the counts become impossible (white ahead, or black two ahead)."""
    black, white = counts(grid)
    colour = "x" if rng.random() < 0.6 else "o"
    target = (lambda b, w: w == b + 1) if colour == "x" else (lambda b, w: b == w + 2)
    for _ in range(3):
        if target(black, white):
            return
        cell = random_empty(rng, grid)
        if cell is None:
            return
        grid[cell[0]][cell[1]] = colour
        black, white = counts(grid)


def spoilt_game(rng, rows, cols):
    grid, stones, winner = play(rng, rows, cols, rows * cols, rng.uniform(0.3, 0.9))
    how = rng.random()
    if how < 0.3 and winner:
        # the loser (and maybe the winner again) moved after the game was over
        for colour in (OTHER[winner], winner)[: rng.randint(1, 2)]:
            cell = random_empty(rng, grid)
            if cell is not None:
                grid[cell[0]][cell[1]] = colour
    elif how < 0.5 and stones:
        r, c, _ = rng.choice(stones)
        grid[r][c] = "."
    elif how < 0.65 and stones:
        r, c, colour = rng.choice(stones)
        grid[r][c] = OTHER[colour]
    elif how < 0.85:
        spoil_counts(rng, grid)
    else:
        # a second line for someone, then counts for a chosen last mover
        line = random_line(rng, rows, cols, rng.choice((5, 6, 9, 10)))
        if line is not None:
            colour = rng.choice("ox")
            for r, c in line:
                grid[r][c] = colour
            fix_counts(rng, grid, rng.choice("ox"), set(line))
    return grid


def random_size(rng):
    if rng.random() < 0.3:
        return 19, 19
    if rng.random() < 0.15:
        return rng.randint(1, 30), rng.randint(1, 4)
    if rng.random() < 0.15:
        return rng.randint(1, 4), rng.randint(1, 30)
    return rng.randint(1, 30), rng.randint(1, 30)


def random_grid(rng, size=None):
    """One random board of 1..30 x 1..30 cells (19 x 19 for about a third), or of the given
    (rows, columns)."""
    rows, cols = size or random_size(rng)
    roll = rng.random()
    if roll < 0.3:
        aggression = rng.uniform(0.0, 0.9)
        grid, _, _ = play(rng, rows, cols, rng.randint(0, min(rows * cols, 150)), aggression)
    elif roll < 0.6:
        grid = spoilt_game(rng, rows, cols)
    else:
        grid = planted(rng, rows, cols)
    return grid
