"""The helper of pair.py: it is beside it only in the program the generators map makes."""


def doubled(n: str) -> int:
    return 2 * int(n)
