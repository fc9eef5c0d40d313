"""Bug: key = column + row * W, so a line leaving the right edge goes on one row up."""

import sys


def result(text):
    values = text.split()
    if len(values) < 2:
        return "0,draw"
    w, h = int(values[0]), int(values[1])
    nxt = {}
    colour = {}
    for m, v in enumerate(values[2:], 1):
        c = int(v)
        if c < 1 or c > w:
            return f"{m},error"
        key = nxt.get(c, c)
        if (key - c) // w >= h:
            return f"{m},error"
        nxt[c] = key + w
        colour[key] = m % 2
        for d in {1, w, w + 1, w - 1} - {0}:
            n = 1
            for s in (d, -d):
                k = key + s
                while colour.get(k) == m % 2:
                    n, k = n + 1, k + s
            if n >= 4:
                return f"{m},{'red' if m % 2 else 'blue'}"
    return "0,draw"


print(result(sys.stdin.read().lstrip("\ufeff")))
