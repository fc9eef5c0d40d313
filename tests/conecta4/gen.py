"""Generators for conecta4: the stress test's random inputs, and (from scale.py) the
benchmark's scale inputs and the builders of the big committed testcases.

A random input is a game (steered towards a line of four in a random direction, or one of
the long plans of plans.py that fill the board) with INVALID moves and empty lines mixed in,
laid out in lines of random length with random blanks, line ends and file ends, and
sometimes more input after the game is over. ``labels`` names the outcome details and input
shapes of an input; ``STRESS`` says how often each must occur among the stress inputs.
"""

from .oracle import column_of, play, split_lines
from .plans import COLS, ROWS, STEPS, plan_pools
from .scale import BIG_CASES, SCALE, scale_answer

__all__ = ["BIG_CASES", "SCALE", "STRESS", "kind", "random_input", "scale_answer", "shrink"]

EMPTY = None  # marker for an empty line in the event list
OUT_OF_RANGE = ("0", "9", "-3", "100", "-1", "10", "-8", "1000000", "-2147483648", "2147483648")
# Words that name no column although a person could type them: no number at all, a number
# with more digits than int() reads on Python 3.11+, a zero or a negative number spelled oddly.
NOT_COLUMNS = ("x", "1.5", "3,", "+", "-", "1e3", "-0", "+0", "00", "9" * 30, "1" + "0" * 5000)
SPELLINGS = ("+", "0", "00", "+0")  # "+3", "03", "003", "+03" are column 3
BOM = "\ufeff"
BLANKS = ("", "", "", " ", "\t", "  ", " \t ")
SPACES = (" ", "  ", "\t", " \t")  # before a number on a spaced line
JUDGE_SPACES = (" ", "  ")


def steered_moves(rng, count):
    """Moves from a window of columns, some games aiming at one random line of four."""
    k = rng.randint(4, 8) if rng.random() < 0.8 else rng.randint(1, 3)
    start = rng.randint(1, COLS - k + 1)
    window = list(range(start, start + k))
    target = set()
    target_player = rng.randrange(2)
    if rng.random() < 0.5:
        dr, dc = rng.choice(STEPS)
        if 3 * abs(dc) < k:
            r0 = rng.randint(0, ROWS - 1 - 3 * dr)
            c0 = rng.randint(start, start + k - 1)
            target = {(r0 + i * dr, c0 + i * dc) for i in range(4)}
    heights = [0] * (COLS + 1)  # heights[c] for c in 1..8
    everywhere = list(range(1, COLS + 1))
    moves = []
    for number in range(count):
        pool = window if rng.random() < 0.9 else everywhere
        open_cols = [c for c in pool if heights[c] < ROWS]
        if not open_cols:
            open_cols = [c for c in everywhere if heights[c] < ROWS]
            if not open_cols:
                break
        if target:
            wanted = [c for c in open_cols if (heights[c], c) in target]
            if number % 2 == target_player:
                if wanted and rng.random() < 0.7:
                    open_cols = wanted
            else:
                open_cols = [c for c in open_cols if c not in wanted] or open_cols
        column = rng.choice(open_cols)
        heights[column] += 1
        moves.append(column)
    return moves


def with_noise(rng, moves, judge=False):
    """Interleave INVALID tokens and empty lines with the moves; return the event list. For
    the judge the only INVALID tokens are full columns, and columns are plain digits."""
    range_rate = rng.choice((0.0, 0.02, 0.08))
    full_rate = rng.choice((0.0, 0.05, 0.15))
    blank_rate = rng.choice((0.0, 0.03, 0.1, 0.3))
    odd_rate = rng.choice((0.0, 0.2, 0.5))  # words that are no number, columns spelled oddly
    if judge:
        range_rate = odd_rate = 0.0
    heights = dict.fromkeys(range(1, COLS + 1), 0)
    full_cols = []
    events = []
    for column in moves:
        while True:
            roll = rng.random()
            if roll < range_rate:
                odd = rng.random() < odd_rate
                events.append(rng.choice(NOT_COLUMNS if odd else OUT_OF_RANGE))
            elif roll < range_rate + full_rate and full_cols:
                events.append(str(rng.choice(full_cols)))
            elif roll < range_rate + full_rate + blank_rate:
                events.append(EMPTY)
            else:
                break
        spelling = rng.choice(SPELLINGS) if rng.random() < odd_rate / 4 else ""
        events.append(spelling + str(column))
        heights[column] += 1
        if heights[column] == ROWS:
            full_cols.append(column)
    return events


def layout(rng, events, judge=False):
    """Lay the events out as text; returns the text. For the judge: LF line ends, a final
    LF, empty lines truly empty, only spaces between numbers."""
    lines = []
    current = []
    per_line = rng.choice((1, 4, 8, 20, 100))
    for event in events:
        if event is EMPTY:
            if current:
                lines.append(current)
                current = []
            lines.append(EMPTY)
            continue
        current.append(event)
        if rng.random() < 1.0 / per_line:
            lines.append(current)
            current = []
    if current:
        lines.append(current)
    spaced = rng.random() < 0.2
    text_lines = []
    for line in lines:
        if line is EMPTY:
            text_lines.append("" if judge else rng.choice(BLANKS))
        elif spaced:
            pieces = [rng.choice(JUDGE_SPACES if judge else SPACES) for _ in line]
            text = "".join(p + t for p, t in zip(pieces, line))
            text_lines.append(text[len(pieces[0]) :] if rng.random() < 0.5 else text)
        else:
            text_lines.append(" ".join(line))
    eol = "\r\n" if rng.random() < 0.15 and not judge else "\n"
    text = eol.join(text_lines)
    roll = rng.random()
    if text_lines and roll < 0.12 and not judge:
        return text  # no final newline
    if roll < 0.25:
        return text + eol + eol  # the file ends with an empty line
    return text + eol


SPECIAL_INPUTS = ("", "\n", "\n\n", " \n", "\r\n", "\t\n\n", "\n\n\n\n", " ", "\r\n\r\n")
JUDGE_SPECIAL_INPUTS = ("", "\n", "\n\n", "\n\n\n\n")


def random_input(rng, judge=False):
    """One random input text (see the module docstring); with judge=True only what the
    statement promises: numbers 1-8 between spaces and LF line ends, empty lines truly empty,
    a final LF."""
    full_plans, last_plans = plan_pools()
    roll = rng.random()
    if roll < 0.02:
        return rng.choice(JUDGE_SPECIAL_INPUTS if judge else SPECIAL_INPUTS)
    if roll < 0.17:
        moves = list(rng.choice(full_plans))
    elif roll < 0.20:
        moves = list(rng.choice(last_plans))
    elif roll < 0.30:
        moves = steered_moves(rng, rng.randint(0, 12))
    else:
        moves = steered_moves(rng, rng.randint(10, 48))
    if moves and rng.random() < 0.5:
        moves = [COLS + 1 - m for m in moves]  # the mirror image plays the same way
    if moves and rng.random() < 0.15:
        moves = moves[: rng.randint(0, len(moves) - 1)]
    events = with_noise(rng, moves, judge)
    if rng.random() < 0.3:
        # Input after the end of the game (if it has ended) must be ignored.
        tail = [str(rng.randint(1, COLS)) for _ in range(rng.randint(1, 6))]
        tail += [EMPTY] * rng.randint(0, 3)
        tail += [str(rng.randint(1, COLS)) if judge else rng.choice(OUT_OF_RANGE)]
        rng.shuffle(tail)
        events.extend(tail)
    text = layout(rng, events, judge)
    return BOM + text if rng.random() < 0.05 and not judge else text


def kind(output):
    """QUIT, FULL, "CONNECT4 red" or "CONNECT4 yellow" (the side with one piece more on
    the final board made the last move)."""
    if output.endswith("QUIT\n"):
        return "QUIT"
    lines = output.split("\n")  # ..., the end word, 7 board lines, ""
    if lines[-9] == "FULL":
        return "FULL"
    final = "".join(lines[-8:-1])
    return "CONNECT4 red" if final.count("0") > final.count("1") else "CONNECT4 yellow"


def shrink(text):
    """Smaller inputs: runs of lines dropped (halves first), then single tokens dropped,
    then long tokens written as 0."""
    lines = text.split("\n")
    size = len(lines) // 2
    while size:
        for start in range(0, len(lines), size):
            yield "\n".join(lines[:start] + lines[start + size :])
        size //= 2
    for i, line in enumerate(lines):
        words = line.split()
        for j, word in enumerate(words):
            cuts = [[]] + ([["0"]] if len(word) > 1 else [])
            for cut in cuts:
                smaller = " ".join(words[:j] + cut + words[j + 1 :])
                yield "\n".join([*lines[:i], smaller, *lines[i + 1 :]])


# ---------------------------------------------------------------- what the stress inputs cover


def labels(text, output=None):
    """The outcome details and input shapes of one input, as a set of labels."""
    _, details = play(text)
    found = set(details["directions"])
    if details["end"] == "CONNECT4" and details["moves"] == ROWS * COLS:
        found.add("connect4-on-48th")
    for key, label in (
        ("invalid_range", "invalid-range"),
        ("invalid_full", "invalid-full"),
        ("boards", "boards"),
        ("ignored", "input-after-end"),
    ):
        if details[key]:
            found.add(label)
    lines = split_lines(text)
    if "\r\n" in text:
        found.add("crlf")
    if any(piece and not piece.split() for piece in text.replace("\r\n", "\n").split("\n")):
        found.add("blank-with-spaces")
    if text and not text.endswith("\n"):
        found.add("no-final-newline")
    if lines and lines[-1][0]:
        found.add("ends-with-empty-line")
    if text == "":
        found.add("empty-input")
    if text.startswith(BOM):
        found.add("byte-order-mark")
    words = text.split()
    if any(column_of(word) and not word.isdigit() for word in words):
        found.add("column-spelled-oddly")
    if any(not word.lstrip(BOM + "+-").isdigit() for word in words):
        found.add("not-a-number")
    if any(len(word) > 4300 for word in words):
        found.add("over-int-digit-limit")
    if text and not text.split():
        found.add("only-blank-lines")
    return found


# The labels of input forms and numbers only this repo adds: judge-mode inputs never have them.
EXTENDED_LABELS = (
    "invalid-range",
    "crlf",
    "blank-with-spaces",
    "no-final-newline",
    "byte-order-mark",
    "column-spelled-oddly",
    "not-a-number",
    "over-int-digit-limit",
)
MIN_COUNT = 300
# The stress test plays these inputs and asserts that each outcome kind, and each label of
# labels(), occurs in at least so many of them.
STRESS = {
    "count": 20000,
    "seed": 20240615,
    "min_count": {
        **dict.fromkeys(("QUIT", "FULL", "CONNECT4 red", "CONNECT4 yellow"), MIN_COUNT),
        "horizontal": MIN_COUNT,
        "vertical": MIN_COUNT,
        "diagonal": MIN_COUNT,
        "anti-diagonal": MIN_COUNT,
        "connect4-on-48th": 100,
        "invalid-range": MIN_COUNT,
        "invalid-full": MIN_COUNT,
        "boards": MIN_COUNT,
        "input-after-end": MIN_COUNT,
        "crlf": MIN_COUNT,
        "blank-with-spaces": MIN_COUNT,
        "no-final-newline": MIN_COUNT,
        "ends-with-empty-line": MIN_COUNT,
        "empty-input": 20,
        "only-blank-lines": 200,
        "byte-order-mark": MIN_COUNT,
        "column-spelled-oddly": MIN_COUNT,
        "not-a-number": MIN_COUNT,
        "over-int-digit-limit": 100,
    },
}


# Bytes a person may save: a byte-order mark and CRLF, a byte that is not UTF-8, UTF-16 from
# a Windows shell, a line cut inside a character.
SAVED = [b"\xef\xbb\xbf1 2\r\n\r\n", b"1 \xff 2\n\n", b"\xff\xfe1\x002\x00\n\x00", b"1 2\n\xc3\n"]
