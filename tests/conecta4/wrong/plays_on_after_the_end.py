"""Bug: after CONNECT4 or FULL only the rest of that line is skipped; later lines play on."""

from _contestant import Game, run


class PlaysOn(Game):
    def read_line(self, line):
        super().read_line(line)
        self.over = False


run(PlaysOn())
