"""Bug: the scan stops before row 1 and column 1 (0 < y, 0 < x), missing fours there."""

import sys

H, W = 6, 8


def go(g, y, x, dy, dx, me):
    n = 0
    y, x = y + dy, x + dx
    while 0 < y < H and 0 < x < W and g[y][x] == me:
        n += 1
        y, x = y + dy, x + dx
    return n


def makes_four(g, y, x):
    me = g[y][x]
    return (
        max(
            1 + go(g, y, x, dy, dx, me) + go(g, y, x, -dy, -dx, me)
            for dy, dx in ((0, 1), (1, 0), (1, 1), (1, -1))
        )
        >= 4
    )


def out_board(g):
    return "".join("|" + "".join(g[y]) + "|\n" for y in reversed(range(H))) + "\\--------/\n"


def num(w):
    try:
        return int(w)
    except ValueError:
        return -1


text = sys.stdin.buffer.read().decode("utf-8", "replace").lstrip("\ufeff")
g = [[" "] * W for _ in range(H)]
fill = [0] * W
count = 0
res = []
lines = text.split("\n")
if lines[-1] == "":
    lines.pop()
end = "QUIT\n"
for line in lines:
    ws = line.split()
    if not ws:
        res.append(out_board(g))
    for w in ws:
        x = num(w) - 1
        if x < 0 or x >= W or fill[x] == H:
            res.append("INVALID\n")
            continue
        y = fill[x]
        fill[x] += 1
        g[y][x] = "01"[count & 1]
        count += 1
        if makes_four(g, y, x):
            end = "CONNECT4\n" + out_board(g)
        elif count == H * W:
            end = "FULL\n" + out_board(g)
        if end != "QUIT\n":
            break
    if end != "QUIT\n":
        break
sys.stdout.write("".join(res) + end)
