"""Bug: a four counts only when the new piece is at one end of it, not inside it."""

from _contestant import Game, run


class FromAnEnd(Game):
    def line_length(self, col, row, dc, dr):
        return 1 + max(self.reach(col, row, dc, dr), self.reach(col, row, -dc, -dr))


run(FromAnEnd())
