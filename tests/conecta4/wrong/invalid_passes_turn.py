"""Bug: an INVALID move still passes the turn, so the other player moves next."""

import sys


def number(word):
    try:
        return int(word)
    except ValueError:
        return 0


def cell(stacks, r, c):
    if 0 <= c < 8 and 0 <= r < len(stacks[c]):
        return stacks[c][r]
    return "."


def wins(stacks, c):
    r = len(stacks[c]) - 1
    me = stacks[c][r]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        line = "".join(cell(stacks, r + k * dr, c + k * dc) for k in range(-3, 4))
        if me * 4 in line:
            return True
    return False


def picture(stacks):
    rows = [
        [" " if cell(stacks, r, c) == "." else cell(stacks, r, c) for c in range(8)]
        for r in range(6)
    ]
    return "".join("|" + "".join(row) + "|\n" for row in rows[::-1]) + "\\--------/\n"


def main():
    text = sys.stdin.buffer.read().decode("utf-8-sig", "replace")
    stacks = [[] for _ in range(8)]
    turn = placed = 0
    out = []
    rows = text.split("\n")
    if rows[-1] == "":
        rows.pop()
    for row in rows:
        if not row.split():
            out.append(picture(stacks))
        for word in row.split():
            c = number(word) - 1
            if not 0 <= c < 8 or len(stacks[c]) == 6:
                out.append("INVALID\n")
                turn ^= 1
                continue
            stacks[c].append("01"[turn])
            turn ^= 1
            placed += 1
            end = "CONNECT4" if wins(stacks, c) else "FULL" if placed == 48 else ""
            if end:
                return "".join(out) + end + "\n" + picture(stacks)
    return "".join(out) + "QUIT\n"


sys.stdout.write(main())
