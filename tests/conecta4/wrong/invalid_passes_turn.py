"""Bug: an INVALID move still passes the turn, so the other player moves next."""

from _contestant import Game, run


class TurnPasses(Game):
    def invalid(self, word):
        super().invalid(word)
        self.turn = 1 - self.turn


run(TurnPasses())
