"""Bug: rows are glued with no separator, so a line running off the right edge wraps on."""

import re
import sys

from _last_move import last_mover


def fives(flat, width):
    found = set()
    for step in (1, width, width + 1, width - 1):
        for first in range(max(step, 1)):
            line = flat[first::step]
            for m in re.finditer(r"o{5,}|x{5,}", line):
                found.update(first + step * i for i in range(m.start(), m.end()))
    return found


rows = sys.stdin.read().lstrip("\ufeff").split()
flat = "".join(rows)
width = len(rows[0]) if rows else 1
mover = last_mover([flat])
if mover is None:
    print("NO")
elif not fives(flat, width):
    print("YES")
else:
    ok = False
    for i in sorted(fives(flat, width)):
        if flat[i] == mover and not fives(flat[:i] + "." + flat[i + 1 :], width):
            ok = True
            break
    print("YES" if ok else "NO")
