"""Not a wrong program: what several programs of this folder share, as a contestant's own
library would: what the first two moves decide. Each program's bug stays in its own file."""


def first_moves(winning):
    """(the answer the first two moves decide, or None; white's winning cells), where
    winning(colour) gives the empty cells on which a stone of colour (0 black, 1 white) makes
    five: black, who moves first, wins with one of its own; else white wins with two, as
    black blocks only one."""
    if winning(0):
        return "Black", None
    white = winning(1)
    return ("White" if len(white) > 1 else None), white
