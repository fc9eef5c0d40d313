"""Bug: a column counts as full only above H pieces (> instead of >=), so it takes one more."""

import sys

from _stacks import game


class Board:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.tops = {}
        self.cells = {}

    def drop(self, column, player):
        """The row the piece lands in, or None for an illegal move."""
        top = self.tops.get(column, 0)
        if not 1 <= column <= self.width or top > self.height:
            return None
        self.tops[column] = top + 1
        self.cells[column, top] = player
        return top

    def wins(self, column, row):
        player = self.cells[column, row]
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for way in (1, -1):
                step = 1
                while self.cells.get((column + way * step * dc, row + way * step * dr)) == player:
                    run, step = run + 1, step + 1
            if run >= 4:
                return True
        return False


def outcome(numbers):
    width, height, moves = game(numbers)
    board = Board(width, height)
    for turn, column in enumerate(moves, 1):
        player = "red" if turn % 2 == 1 else "blue"
        row = board.drop(column, player)
        if row is None:
            return f"{turn},error"
        if board.wins(column, row):
            return f"{turn},{player}"
    return "0,draw"


print(outcome([int(x) for x in sys.stdin.read().replace("\ufeff", "").split()]))
