"""vertical_four the way the statement's own solution works: a W x H grid, and after every
move the whole board rescanned for four of the mover's pieces in a line.

A test fixture, not a solution: it reads the judge's format only (W H, then the moves) and
builds the grid, so its memory grows with W x H and each move costs a scan of every cell.
Every judge case must fit it. The spec bounds a judge case by |W|, |H| <= 10^5 and by
W x H x (moves up to the answer) <= 5 x 10^6 (tests/vertical_four/validate.py).
tests/test_plain_ports.py judges it on them through the runner.
"""

import sys

EMPTY, RED, BLUE = 0, 1, 2
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # (row step, column step)


def four_in_a_line(cells, width, height, colour):
    """Whether some four cells in a line, anywhere on the board, all hold colour: every cell
    is looked at (find scans the row-major grid for the colour's pieces)."""
    at = cells.find(colour)
    while at >= 0:
        row, column = divmod(at, width)
        for row_step, column_step in DIRECTIONS:
            r, c, count = row, column, 0
            while count < 4 and 0 <= r < height and 0 <= c < width:
                if cells[r * width + c] != colour:
                    break
                r, c, count = r + row_step, c + column_step, count + 1
            if count == 4:
                return True
        at = cells.find(colour, at + 1)
    return False


def play(width, height, moves):
    cells = bytearray(max(width, 0) * max(height, 0))  # row 0 at the bottom
    filled = [0] * max(width, 0)  # pieces in each column
    for number, column in enumerate(moves, 1):
        colour = RED if number % 2 else BLUE
        if not 1 <= column <= width or filled[column - 1] >= height:
            return f"{number},error"
        cells[filled[column - 1] * width + column - 1] = colour
        filled[column - 1] += 1
        if four_in_a_line(cells, width, height, colour):
            return f"{number},{'red' if colour == RED else 'blue'}"
    return "0,draw"


def solve(text):
    numbers = [int(word) for word in text.split()]
    return play(numbers[0], numbers[1], numbers[2:]) + "\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode()))
