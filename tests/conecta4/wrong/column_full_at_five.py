"""Bug: a column counts as full at 5 pieces (off by one), so its 6th move is INVALID."""

import sys


def main():
    data = sys.stdin.buffer.read().decode("utf-8", "replace")
    data = data[1:] if data[:1] == "\ufeff" else data
    cells = [[" "] * 8 for _ in range(6)]
    level = [0] * 8
    player, played, out = "0", 0, []
    lines = data.split("\n")
    if not lines[-1]:
        lines.pop()
    for raw in lines:
        if not raw.split():
            out += ["|" + "".join(cells[r]) + "|\n" for r in range(5, -1, -1)] + ["\\--------/\n"]
            continue
        for tok in raw.split():
            try:
                c = int(tok) - 1
            except ValueError:
                c = -1
            if not 0 <= c < 8 or level[c] >= 5:
                out.append("INVALID\n")
                continue
            r = level[c]
            level[c] += 1
            cells[r][c] = player
            played += 1
            line_found = False
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                n = 1
                for s in (1, -1):
                    y, x = r + s * dr, c + s * dc
                    while 0 <= y < 6 and 0 <= x < 8 and cells[y][x] == player:
                        n, y, x = n + 1, y + s * dr, x + s * dc
                line_found = line_found or n >= 4
            if line_found or played == 48:
                out.append("CONNECT4\n" if line_found else "FULL\n")
                out += ["|" + "".join(cells[r]) + "|\n" for r in range(5, -1, -1)] + [
                    "\\--------/\n"
                ]
                return out
            player = "1" if player == "0" else "0"
    return [*out, "QUIT\n"]


sys.stdout.write("".join(main()))
