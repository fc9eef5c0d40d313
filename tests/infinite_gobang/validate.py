"""Is an input a judge case of infinite_gobang? LeetCode calls the class; the stdin form is
ours. A judge case is a file of LF lines, each one array written as LeetCode's test box
shows it (`[[x,y,c],...]`, no spaces, optionally after `pieces = `), whose board meets the
constraints: at most 1000 stones, |x|, |y| <= 10^9, colours 0 and 1, distinct cells, and
no five in a row yet.
"""

import re

NUMBER = rb"-?(?:0|[1-9][0-9]*)"
STONE = rb"\[%s,%s,[01]\]" % (NUMBER, NUMBER)
ARRAY_LINE = re.compile(rb"(?:pieces = )?\[(?:%s(?:,%s)*)?\]" % (STONE, STONE))
STONE_VALUES = re.compile(rb"\[(-?[0-9]+),(-?[0-9]+),([01])\]")
MOST_STONES = 1000
LIMIT = 10**9
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def has_five(board):
    """Whether some colour has five stones in a row, found from each line's first stone."""
    for (x, y), colour in board.items():
        for dx, dy in DIRECTIONS:
            if board.get((x - dx, y - dy)) != colour and all(
                board.get((x + k * dx, y + k * dy)) == colour for k in range(1, 5)
            ):
                return True
    return False


def why_board_extended(line):
    stones = [tuple(map(int, stone)) for stone in STONE_VALUES.findall(line)]
    if len(stones) > MOST_STONES:
        return f"more than {MOST_STONES} stones"
    if any(abs(x) > LIMIT or abs(y) > LIMIT for x, y, _ in stones):
        return "a coordinate beyond 10^9"
    board = {(x, y): colour for x, y, colour in stones}
    if len(board) < len(stones):
        return "two stones on one cell"
    if has_five(board):
        return "a five on the board already"
    return None


def why_extended(data):
    """None for an input LeetCode could send, else why it is one of ours (a short phrase)."""
    if not data.endswith(b"\n"):
        return "not a file of LF lines" if data else "no array"
    for line in data.split(b"\n")[:-1]:
        if ARRAY_LINE.fullmatch(line) is None:
            return "a line that is not one array as LeetCode's test box writes it"
        reason = why_board_extended(line)
        if reason:
            return reason
    return None
