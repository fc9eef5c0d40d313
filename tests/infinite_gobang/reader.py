"""The stdin form of infinite_gobang, read for the oracle without ``json``: JSON arrays of
[x, y, colour] one after the other, each perhaps after ``pieces =`` or ``pieces:``, with
commas and any whitespace (a byte-order mark included) between them, as people type or
save them."""

import re

# A number as JSON writes an integer, a bracket, a comma, the word pieces, = or :, or any
# other visible character (which the parser rejects). Whitespace and U+FEFF are skipped.
TOKEN = re.compile(r"-?(?:0|[1-9][0-9]*)|pieces|[][,=:]|[^\s\ufeff]")


def _array(tokens, i):
    """The array of numbers and arrays that starts at tokens[i] ("["), and the index after it."""
    out = []
    i += 1
    while tokens[i : i + 1] != ["]"]:
        if out:
            if tokens[i : i + 1] != [","]:
                raise ValueError(f"expected , or ] at token {i}")
            i += 1
        token = tokens[i] if i < len(tokens) else "the end"
        if token == "[":
            value, i = _array(tokens, i)
        elif token[-1] in "0123456789":
            value, i = int(token), i + 1
        else:
            raise ValueError(f"unexpected {token!r} at token {i}")
        out.append(value)
    return out, i + 1


def parse(text):
    """The cases of a stdin text, each a list of [x, y, colour] lists; ValueError if the
    text is not of the form above."""
    tokens = TOKEN.findall(text)
    cases, i = [], 0
    while i < len(tokens):
        if tokens[i] == ",":
            i += 1
            continue
        if tokens[i] == "pieces":
            i += 1
            if tokens[i : i + 1] in (["="], [":"]):
                i += 1
        if tokens[i : i + 1] != ["["]:
            raise ValueError(f"expected an array at token {i}")
        pieces, i = _array(tokens, i)
        for stone in pieces:
            ints = isinstance(stone, list) and all(isinstance(v, int) for v in stone)
            if not (ints and len(stone) == 3 and stone[2] in (0, 1)):
                raise ValueError(f"not a stone [x, y, colour 0 or 1]: {stone}")
        cases.append(pieces)
    return cases
