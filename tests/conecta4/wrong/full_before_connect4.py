"""Bug: FULL is checked before CONNECT4, so a 48th move that makes four prints FULL."""

from _contestant import COLS, ROWS, Game, run


class FullFirst(Game):
    def outcome(self, col):
        if self.pieces == ROWS * COLS:
            return "FULL"
        return "CONNECT4" if self.wins(col) else None


run(FullFirst())
