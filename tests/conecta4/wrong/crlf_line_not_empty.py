"""Extended-input bug: the "\\r" of a CRLF counts as text, so an empty CRLF line prints no board."""

import sys
from itertools import groupby

N_ROWS, N_COLS = 6, 8


def is_blank(line):
    return line.strip(" \t") == ""


def read(word):
    try:
        return int(word)
    except ValueError:
        return 0


class Board:
    def __init__(self):
        self.cols = [[] for _ in range(N_COLS)]

    def get(self, r, c):
        if 0 <= c < N_COLS and 0 <= r < len(self.cols[c]):
            return self.cols[c][r]
        return None

    def four_at(self, c):
        r = len(self.cols[c]) - 1
        who = self.cols[c][r]
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            line = [self.get(r + k * dr, c + k * dc) for k in range(-3, 4)]
            if any(key == who and len(list(group)) >= 4 for key, group in groupby(line)):
                return True
        return False

    def text(self):
        out = []
        for r in range(N_ROWS - 1, -1, -1):
            out.append("|" + "".join(self.get(r, c) or " " for c in range(N_COLS)) + "|\n")
        return "".join(out) + "\\--------/\n"


def main():
    lines = sys.stdin.buffer.read().decode("utf-8-sig", "replace").split("\n")
    if lines[-1] == "":
        lines.pop()
    board = Board()
    moves = 0
    out = []
    for line in lines:
        if is_blank(line):
            out.append(board.text())
            continue
        for word in line.split():
            c = read(word) - 1
            if c < 0 or c >= N_COLS or len(board.cols[c]) == N_ROWS:
                out.append("INVALID\n")
                continue
            board.cols[c].append(str(moves % 2))
            moves += 1
            if board.four_at(c):
                return [*out, "CONNECT4\n", board.text()]
            if moves == N_ROWS * N_COLS:
                return [*out, "FULL\n", board.text()]
    return [*out, "QUIT\n"]


sys.stdout.write("".join(main()))
