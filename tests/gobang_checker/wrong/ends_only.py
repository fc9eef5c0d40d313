"""Bug: only a stone at an end of a five is tried as the last move, never one inside it."""

import sys


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
    stones = {"o": set(), "x": set()}
    for y, row in enumerate(text.lstrip("\ufeff").split()):
        for x, ch in enumerate(row):
            if ch in stones:
                stones[ch].add((y, x))
    diff = len(stones["o"]) - len(stones["x"])
    if diff not in (0, 1):
        return "NO"
    last, other = ("o", "x") if diff else ("x", "o")
    if five_runs(stones, other):
        return "NO"
    runs = five_runs(stones, last)
    if not runs:
        return "YES"
    for cell in {end for run in runs for end in (run[0], run[-1])}:
        stones[last].discard(cell)
        if not five_runs(stones, last):
            return "YES"
        stones[last].add(cell)
    return "NO"


print(answer(sys.stdin.read()))
