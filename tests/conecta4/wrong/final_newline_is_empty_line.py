"""Bug: the newline ending the last line is read as one more empty line (extra board)."""

from _contestant import Game, run


class EveryNewlineSplits(Game):
    def lines(self, data):
        return data.decode("utf-8-sig", "replace").split("\n") if data else []


run(EveryNewlineSplits())
