"""Extended-input bug: a number outside 1..8 is skipped silently instead of printing INVALID."""

from _contestant import Game, run


class SilentRange(Game):
    def invalid(self, word):
        if self.column(word) is not None:  # only a full column is reported
            super().invalid(word)


run(SilentRange())
