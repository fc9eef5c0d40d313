"""Bug: the board is printed upside down, the bottom row first."""

import re
import sys


class Game:
    def __init__(self):
        self.rows = ["        "] * 6  # rows[0] is the bottom row
        self.count = 0

    def drop(self, col):
        for r, row in enumerate(self.rows):
            if row[col] == " ":
                piece = "01"[self.count % 2]
                self.rows[r] = row[:col] + piece + row[col + 1 :]
                self.count += 1
                return r
        return None

    def line_through(self, r, c):
        piece = self.rows[r][c]
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            run = 0
            for k in range(-3, 4):
                y, x = r + k * dr, c + k * dc
                inside = 0 <= y < 6 and 0 <= x < 8
                run = run + 1 if inside and self.rows[y][x] == piece else 0
                if run == 4:
                    return True
        return False

    def show(self):
        return "".join("|" + row + "|\n" for row in self.rows) + "\\--------/\n"


def parse(word):
    # A column is 1..8, maybe with a plus sign and leading zeros; any other word is none.
    return int(word) if re.fullmatch(r"\+?0*[1-8]", word) else 0


def play(text):
    game = Game()
    out = []
    pieces = text.lstrip("\ufeff").split("\n")
    if pieces and pieces[-1] == "":
        pieces.pop()
    for piece in pieces:
        words = piece.split()
        if not words:
            out.append(game.show())
        for word in words:
            col = parse(word)
            r = game.drop(col - 1) if 1 <= col <= 8 else None
            if r is None:
                out.append("INVALID\n")
            elif game.line_through(r, col - 1):
                return [*out, "CONNECT4\n", game.show()]
            elif game.count == 48:
                return [*out, "FULL\n", game.show()]
    return [*out, "QUIT\n"]


sys.stdout.write("".join(play(sys.stdin.buffer.read().decode("utf-8", "replace"))))
