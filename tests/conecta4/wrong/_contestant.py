"""Not a wrong program: conecta4 as a contestant would write it, right on every testcase
(tests/test_wrong.py checks that). Most programs of this folder import it and change one of
its methods: that change is their bug, and nothing else differs."""

import sys

ROWS, COLS = 6, 8


class Game:
    """One game: the input's lines, each an empty line (print the board) or moves."""

    DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))

    def __init__(self):
        self.cols = [[] for _ in range(COLS)]  # each column's pieces, bottom first
        self.turn = 0  # whose move: 0 (red) or 1 (yellow)
        self.pieces = 0
        self.over = False
        self.out = []

    def lines(self, data):
        """The lines: a byte-order mark dropped, and the newline ending the last line
        starting no other."""
        lines = data.decode("utf-8-sig", "replace").split("\n")
        if lines[-1] == "":
            lines.pop()
        return lines

    def blank(self, line):
        return not line.split()

    def column(self, word):
        """The column index 0..7 a word names, or None."""
        try:
            number = int(word)
        except ValueError:
            return None
        return number - 1 if 1 <= number <= COLS else None

    def full(self, col):
        return len(self.cols[col]) == ROWS

    def cell(self, col, row):
        inside = 0 <= col < COLS and 0 <= row < len(self.cols[col])
        return self.cols[col][row] if inside else None

    def reach(self, col, row, dc, dr):
        """How many pieces of the colour at (col, row) follow it along (dc, dr)."""
        who, steps = self.cell(col, row), 0
        while self.cell(col + (steps + 1) * dc, row + (steps + 1) * dr) == who:
            steps += 1
        return steps

    def line_length(self, col, row, dc, dr):
        return 1 + self.reach(col, row, dc, dr) + self.reach(col, row, -dc, -dr)

    def wins(self, col):
        row = len(self.cols[col]) - 1
        return any(self.line_length(col, row, dc, dr) >= 4 for dc, dr in self.DIRECTIONS)

    def outcome(self, col):
        """How the move into col ends the game, or None."""
        if self.wins(col):
            return "CONNECT4"
        return "FULL" if self.pieces == ROWS * COLS else None

    def invalid(self, word):
        self.out.append("INVALID\n")

    def move(self, word):
        col = self.column(word)
        if col is None or self.full(col):
            self.invalid(word)
            return
        self.cols[col].append(str(self.turn))
        self.turn, self.pieces = 1 - self.turn, self.pieces + 1
        end = self.outcome(col)
        if end:
            self.out.append(end + "\n" + self.board())
            self.over = True

    def board(self):
        rows = [
            "|" + "".join(self.cell(col, row) or " " for col in range(COLS)) + "|\n"
            for row in reversed(range(ROWS))
        ]
        return "".join(rows) + "\\--------/\n"

    def read_line(self, line):
        if self.blank(line):
            self.out.append(self.board())
        for word in line.split():
            self.move(word)
            if self.over:
                return

    def play(self, data):
        for line in self.lines(data):
            self.read_line(line)
            if self.over:
                return "".join(self.out)
        return "".join([*self.out, "QUIT\n"])


def run(game):
    sys.stdout.write(game.play(sys.stdin.buffer.read()))


if __name__ == "__main__":
    run(Game())
