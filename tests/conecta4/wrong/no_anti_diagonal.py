"""Bug: fours are looked for across, up and along "/" only, never along "\\"."""

from _contestant import Game, run


class ThreeDirections(Game):
    DIRECTIONS = ((1, 0), (0, 1), (1, 1))


run(ThreeDirections())
