"""Extended-input bug: words go through a bare int(): a byte-order mark or a word crashes it."""

from _contestant import COLS, Game, run


class BareInt(Game):
    def lines(self, data):
        lines = data.decode("utf-8").split("\n")
        return lines[:-1] if lines[-1] == "" else lines

    def column(self, word):
        number = int(word)
        return number - 1 if 1 <= number <= COLS else None


run(BareInt())
