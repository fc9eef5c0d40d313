"""Extended-input bug: a line of only spaces or tabs is not taken for an empty line: no board."""

import sys

DIRS = [(0, 1), (1, 0), (1, 1), (-1, 1)]


def read_int(s):
    try:
        return int(s)
    except ValueError:
        return -1


def render(cells):
    out = ""
    for r in reversed(range(6)):
        out += "|" + "".join(cells.get((r, c), " ") for c in range(8)) + "|\n"
    return out + "\\--------/\n"


def connected(cells, r, c, who):
    for dr, dc in DIRS:
        n = 1
        for s in (1, -1):
            k = 1
            while cells.get((r + s * k * dr, c + s * k * dc)) == who:
                n += 1
                k += 1
        if n >= 4:
            return True
    return False


def run(text):
    if text.startswith("\ufeff"):
        text = text[1:]
    cells = {}
    height = [0] * 8
    who = "0"
    out = []
    lines = text.split("\n")
    if lines[-1] == "":
        del lines[-1]
    for line in lines:
        if line.rstrip("\r") == "":
            out.append(render(cells))
            continue
        for tok in line.split():
            col = read_int(tok)
            if col < 1 or col > 8 or height[col - 1] == 6:
                out.append("INVALID\n")
                continue
            c = col - 1
            r = height[c]
            height[c] += 1
            cells[r, c] = who
            if connected(cells, r, c, who):
                return "".join(out) + "CONNECT4\n" + render(cells)
            if len(cells) == 48:
                return "".join(out) + "FULL\n" + render(cells)
            who = "1" if who == "0" else "0"
    return "".join(out) + "QUIT\n"


sys.stdout.write(run(sys.stdin.buffer.read().decode("utf-8", "replace")))
