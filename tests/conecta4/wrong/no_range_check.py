"""Extended-input bug: no range check: 0 and negatives wrap to the right, 9+ crashes."""

import sys

STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


def solve(text):
    cols = [""] * 8  # each column as a string, bottom piece first
    out = []
    lines = text.lstrip("\ufeff").split("\n")
    if lines[-1] == "":
        lines.pop()
    for line in lines:
        if line.strip() == "":
            out.append(draw(cols))
            continue
        for word in line.split():
            try:
                n = int(word)
            except ValueError:
                n = None
            if n is None or len(cols[n - 1]) == 6:
                out.append("INVALID\n")
                continue
            c = (n - 1) % 8
            cols[c] += "01"[sum(map(len, cols)) % 2]
            if four(cols, c):
                return "".join(out) + "CONNECT4\n" + draw(cols)
            if all(len(col) == 6 for col in cols):
                return "".join(out) + "FULL\n" + draw(cols)
    return "".join(out) + "QUIT\n"


def at(cols, c, r):
    return cols[c][r] if 0 <= c < 8 and 0 <= r < len(cols[c]) else "-"


def four(cols, c):
    r = len(cols[c]) - 1
    seven = [[at(cols, c + k * dc, r + k * dr) for k in range(-3, 4)] for dc, dr in STEPS]
    return any(cols[c][r] * 4 in "".join(cells) for cells in seven)


def draw(cols):
    rows = [
        "|" + "".join(at(cols, c, r).replace("-", " ") for c in range(8)) + "|\n"
        for r in range(5, -1, -1)
    ]
    return "".join(rows) + "\\--------/\n"


sys.stdout.write(solve(sys.stdin.buffer.read().decode("utf-8", "replace")))
