"""Bug: three stones that span exactly five cells of a line are passed over (< 4 for <= 4)."""

import json
import re
import sys


def gobang(pieces):
    board = {(x, y): c for x, y, c in pieces}
    wins, links = (set(), set()), {}
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        # the stones as (line, position along it), sorted: a window's stones come in a row
        stones = sorted((dx * y - dy * x, x if dx else y) for x, y, _ in pieces)
        for (line, first), (line3, last) in zip(stones, stones[2:]):
            if line != line3 or last - first >= 4:
                continue
            for p0 in range(last - 4, first + 1):
                cells = [(p, line + dy * p) if dx else (-line, p) for p in range(p0, p0 + 5)]
                got = [board.get(cell) for cell in cells]
                empty = [cell for cell, g in zip(cells, got) if g is None]
                if len(empty) == 1 and len(set(got)) == 2:
                    wins[sorted(got, key=str)[0]].add(empty[0])
                elif len(empty) == 2 and got.count(0) == 3:
                    links.setdefault(empty[0], set()).add(empty[1])
                    links.setdefault(empty[1], set()).add(empty[0])
    if wins[0]:
        return "Black"
    if len(wins[1]) > 1:
        return "White"
    if wins[1]:
        return "Black" if len(links.get(min(wins[1]), ())) > 1 else "None"
    return "Black" if any(len(v) > 1 for v in links.values()) else "None"


text = sys.stdin.buffer.read().decode("utf-8-sig")
before = re.compile(r"[\s,]*(?:pieces\s*[=:]?\s*)?")
decode, pos, out = json.JSONDecoder().raw_decode, 0, []
while before.match(text, pos).end() < len(text):
    pieces, pos = decode(text, before.match(text, pos).end())
    out.append(json.dumps(gobang(pieces)) + "\n")
sys.stdout.write("".join(out))
