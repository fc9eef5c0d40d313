"""Extended-input bug: the "\\r" of a CRLF counts as text, so an empty CRLF line prints no board."""

from _contestant import Game, run


class CarriageReturnIsText(Game):
    def blank(self, line):
        return line.strip(" \t") == ""


run(CarriageReturnIsText())
