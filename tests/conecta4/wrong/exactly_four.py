"""Bug: a line wins only when exactly four long (== 4): joining 2 + 1 + 2 into five does not."""

from _contestant import Game, run


class ExactlyFour(Game):
    def wins(self, col):
        row = len(self.cols[col]) - 1
        return any(self.line_length(col, row, dc, dr) == 4 for dc, dr in self.DIRECTIONS)


run(ExactlyFour())
