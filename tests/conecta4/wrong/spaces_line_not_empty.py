"""Extended-input bug: a line of only spaces or tabs is not taken for an empty line: no board."""

from _contestant import Game, run


class OnlyEmptyIsBlank(Game):
    def blank(self, line):
        return line in ("", "\r")


run(OnlyEmptyIsBlank())
