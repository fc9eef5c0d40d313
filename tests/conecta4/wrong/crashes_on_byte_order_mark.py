"""Extended-input bug: words go through a bare int(): a byte-order mark or a word crashes it."""

import sys

SIDES = "01"
LINES = ((0, 1), (1, 0), (1, 1), (1, -1))


def main():
    text = sys.stdin.buffer.read().decode("utf-8", "replace")
    spots = {}
    depth = [0] * 9
    ply = 0
    sink = []

    def paint():
        for y in range(5, -1, -1):
            sink.append("|" + "".join(spots.get((y, x), " ") for x in range(1, 9)) + "|\n")
        sink.append("\\--------/\n")

    rows = text.split("\n")
    if rows[-1] == "":
        rows.pop()
    for row in rows:
        if not row.split():
            paint()
        for item in row.split():
            x = int(item)
            if x < 1 or x > 8 or depth[x] == 6:
                sink.append("INVALID\n")
                continue
            y = depth[x]
            depth[x] += 1
            spots[y, x] = SIDES[ply % 2]
            ply += 1
            me = spots[y, x]
            over = "FULL\n" if ply == 48 else None
            for dy, dx in LINES:
                run = [k for k in range(-3, 4) if spots.get((y + k * dy, x + k * dx)) == me]
                if any(all(k + i in run for i in range(4)) for k in run):
                    over = "CONNECT4\n"
            if over:
                sink.append(over)
                paint()
                return sink
    sink.append("QUIT\n")
    return sink


sys.stdout.write("".join(main()))
