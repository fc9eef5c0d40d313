"""Extended-input bug: a number outside 1..8 is skipped silently instead of printing INVALID."""

import sys


def grid_text(heights, owner):
    rows = []
    for r in range(5, -1, -1):
        rows.append("|" + "".join(owner.get((c, r), " ") for c in range(8)) + "|")
    return "\n".join(rows) + "\n\\--------/\n"


def lines_through(c, r):
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        yield [(c + k * dc, r + k * dr) for k in range(-3, 4)]


def winner(owner, c, r):
    me = owner[c, r]
    for line in lines_through(c, r):
        marks = "".join("X" if owner.get(cell) == me else "_" for cell in line)
        if "XXXX" in marks:
            return True
    return False


def parse(word):
    try:
        return int(word)
    except ValueError:
        return None


def play(text):
    if text.startswith("\ufeff"):
        text = text[1:]
    heights = [0] * 8
    owner = {}
    log = []
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    for part in parts:
        if part.split() == []:
            log.append(grid_text(heights, owner))
            continue
        for word in part.split():
            n = parse(word)
            if n is None or not 1 <= n <= 8:
                continue
            c = n - 1
            if heights[c] == 6:
                log.append("INVALID\n")
                continue
            r = heights[c]
            heights[c] += 1
            owner[c, r] = "01"[len(owner) % 2]
            if winner(owner, c, r):
                return "".join(log) + "CONNECT4\n" + grid_text(heights, owner)
            if len(owner) == 48:
                return "".join(log) + "FULL\n" + grid_text(heights, owner)
    return "".join(log) + "QUIT\n"


if __name__ == "__main__":
    sys.stdout.write(play(sys.stdin.buffer.read().decode("utf-8", "replace")))
