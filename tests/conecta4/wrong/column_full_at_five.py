"""Bug: a column counts as full at 5 pieces (off by one), so its 6th move is INVALID."""

from _contestant import Game, run


class OffByOne(Game):
    def full(self, col):
        return len(self.cols[col]) >= 5


run(OffByOne())
