"""Bug: a line wins only when exactly four long (== 4): joining 2 + 1 + 2 into five does not."""

import sys

board = {}
tops = dict.fromkeys(range(1, 9), 0)


def count(col, row, dc, dr, who):
    nxt = (col + dc, row + dr)
    if board.get(nxt) != who:
        return 0
    return 1 + count(nxt[0], nxt[1], dc, dr, who)


def wins(col, row):
    who = board[col, row]
    lengths = [
        1 + count(col, row, a, b, who) + count(col, row, -a, -b, who)
        for a, b in ((1, 0), (0, 1), (1, 1), (1, -1))
    ]
    return 4 in lengths


def picture():
    rows = []
    for row in range(5, -1, -1):
        rows.append("|" + "".join(board.get((col, row), " ") for col in range(1, 9)) + "|\n")
    return "".join(rows) + "\\--------/\n"


def number(token):
    try:
        return int(token)
    except ValueError:
        return 0


def main():
    text = sys.stdin.buffer.read().decode("utf-8-sig", "replace")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    out = []
    for line in lines:
        tokens = [number(t) for t in line.split()]
        if not tokens:
            out.append(picture())
        for col in tokens:
            if tops.get(col, 6) == 6:
                out.append("INVALID\n")
                continue
            row = tops[col]
            tops[col] += 1
            board[col, row] = "01"[len(board) % 2]
            if wins(col, row):
                out.append("CONNECT4\n" + picture())
                return out
            if len(board) == 48:
                out.append("FULL\n" + picture())
                return out
    out.append("QUIT\n")
    return out


sys.stdout.write("".join(main()))
