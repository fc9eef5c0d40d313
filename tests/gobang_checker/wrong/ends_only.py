"""Bug: only a stone at an end of a five is tried as the last move, never one inside it."""

import sys

from _last_move import last_mover


def five_runs(stones, colour):
    """Each run of five or more of colour as its list of cells, in order along the line."""
    found = []
    for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for y, x in stones[colour]:
            if (y - dy, x - dx) in stones[colour]:
                continue
            run = [(y, x)]
            while (run[-1][0] + dy, run[-1][1] + dx) in stones[colour]:
                run.append((run[-1][0] + dy, run[-1][1] + dx))
            if len(run) >= 5:
                found.append(run)
    return found


def answer(text):
    rows = text.lstrip("\ufeff").split()
    last = last_mover(rows)
    if last is None:
        return "NO"
    stones = {"o": set(), "x": set()}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in stones:
                stones[ch].add((y, x))
    if five_runs(stones, "x" if last == "o" else "o"):
        return "NO"
    runs = five_runs(stones, last)
    for cell in {end for run in runs for end in (run[0], run[-1])}:
        stones[last].discard(cell)
        if not five_runs(stones, last):
            return "YES"
        stones[last].add(cell)
    return "NO" if runs else "YES"


print(answer(sys.stdin.read()))
