"""gobang_checker (AtCoder ARC 012 C, 五目並べチェッカー): can this 19x19 Gomoku board occur?

Judge-faithful port: reads only the judge's format (19 lines of 19 chars from `o`, `x`, `.`).
It is a test fixture for the local runner, not the repo's solution.
Idea: counts must be b == w or b == w + 1; with fives present, they must all belong to the
last mover and some stone common to all of them must leave no five when removed.
"""

N = 19
DIRS = ((0, 1), (1, 0), (1, 1), (1, -1))


def fives(g):
    """All windows of 5 equal stones, as lists of cells."""
    res = []
    for r in range(N):
        for c in range(N):
            for dr, dc in DIRS:
                er, ec = r + 4 * dr, c + 4 * dc
                if not (0 <= er < N and 0 <= ec < N):
                    continue
                cells = [(r + k * dr, c + k * dc) for k in range(5)]
                if g[r][c] != "." and all(g[y][x] == g[r][c] for y, x in cells):
                    res.append(cells)
    return res


def solve(g):
    b = sum(row.count("o") for row in g)
    w = sum(row.count("x") for row in g)
    if b != w and b != w + 1:
        return "NO"
    found = fives(g)
    if not found:
        return "YES"
    last = "o" if b == w + 1 else "x"
    common = set(found[0])
    for cells in found:
        common &= set(cells)
    for r, c in common:
        if g[r][c] != last:
            return "NO"  # every five has this colour, so a five of the other side is a NO
        g[r][c] = "."
        ok = not fives(g)
        g[r][c] = last
        if ok:
            return "YES"
    return "NO"


g = [list(input()) for _ in range(N)]
print(solve(g))
