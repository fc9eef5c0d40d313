"""Bug: FULL is checked before CONNECT4, so a 48th move that makes four prints FULL."""

import sys

EMPTY = "."


def windows():
    for r in range(6):
        for c in range(8):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= y < 6 and 0 <= x < 8 for y, x in cells):
                    yield cells


WINDOWS = list(windows())


def someone_won(grid):
    return any(
        grid[a][b] != EMPTY and len({grid[y][x] for y, x in w}) == 1
        for w in WINDOWS
        for a, b in w[:1]
    )


def show(grid):
    body = "".join("|" + "".join(grid[r]).replace(EMPTY, " ") + "|\n" for r in range(5, -1, -1))
    return body + "\\--------/\n"


def column(word):
    try:
        n = int(word)
    except ValueError:
        return None
    return n - 1 if 0 < n < 9 else None


def game(text):
    grid = [[EMPTY] * 8 for _ in range(6)]
    n = 0
    if text[:1] == "\ufeff":
        text = text[1:]
    rows = text.split("\n")
    if rows[-1] == "":
        rows = rows[:-1]
    for row in rows:
        words = row.split()
        if len(words) == 0:
            yield show(grid)
        for word in words:
            c = column(word)
            height = sum(grid[r][c] != EMPTY for r in range(6)) if c is not None else 6
            if height == 6:
                yield "INVALID\n"
                continue
            grid[height][c] = "01"[n % 2]
            n += 1
            if n == 48:
                yield "FULL\n" + show(grid)
                return
            if someone_won(grid):
                yield "CONNECT4\n" + show(grid)
                return
    yield "QUIT\n"


sys.stdout.write("".join(game(sys.stdin.buffer.read().decode("utf-8", "replace"))))
