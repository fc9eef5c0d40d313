"""Extended-input bug: sort keys of 64 bits that wrap silently once |x| or |y| reaches 2^30."""

import json
import sys

MASK, BIAS = (1 << 32) - 1, 1 << 31


def gobang(pieces):
    colour = {(x, y): c for x, y, c in pieces}
    fours, threes = [set(), set()], {}
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        # key = line << 32 | 2 * position + colour + 2^31: sorted by line, then position
        keys = sorted(
            ((dx * y - dy * x) << 32) + 2 * (x if dx else y) + c + BIAS for x, y, c in pieces
        )
        for low, high in zip(keys, keys[2:]):
            if high - low > 8:
                continue  # not three stones within 5 cells of one line
            line, start = low >> 32, ((low & MASK) - BIAS) // 2
            for first in range(start + (high - low) // 2 - 4, start + 1):
                window = [(p, line + dy * p) if dx else (-line, p) for p in range(first, first + 5)]
                found = {colour[cell] for cell in window if cell in colour}
                holes = [cell for cell in window if cell not in colour]
                if len(found) == 1 and len(holes) == 1:
                    fours[found.pop()].add(holes[0])
                elif found == {0} and len(holes) == 2:
                    threes.setdefault(holes[0], set()).add(holes[1])
                    threes.setdefault(holes[1], set()).add(holes[0])
    white = fours[1]
    if fours[0] or (len(white) == 1 and len(threes.get(min(white), ())) > 1):
        return "Black"
    if white:
        return "White" if len(white) > 1 else "None"
    return "Black" if any(len(v) > 1 for v in threes.values()) else "None"


decoder, pos, out = json.JSONDecoder(), 0, []
text = sys.stdin.buffer.read().decode("utf-8-sig")
try:
    while True:
        pieces, pos = decoder.raw_decode(text, text.index("[", pos))
        out.append(json.dumps(gobang(pieces)) + "\n")
except ValueError:  # no "[" left
    sys.stdout.write("".join(out))
