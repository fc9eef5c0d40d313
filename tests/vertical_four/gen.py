"""Generators of vertical_four: random games for the stress test, their shrinking, and
(from scale.py) the benchmark's scale inputs and the builders of the big testcases.

Random games are small and steered so that every outcome occurs often. They give wins in
all four directions, also on boards narrower or lower than 4, on boards 2^31 - 1 wide and,
for the judge, on boards of 10^5 to 2.5 x 10^5 cells. They give errors of every kind (a
full column, column 0, a negative column, one just above W, 32-bit extremes and numbers
beyond them), draws, and every input layout the statement allows or a person saves (extra
spaces, tabs, moves over several lines, blank lines, CRLF, no final newline, no moves, not
even W and H, a byte-order mark). The outcome is always the oracle's; the generator only
steers.
"""

from . import oracle
from .scale import BIG_CASES, SCALE, scale_answer
from .validate import WORK

__all__ = [
    "BIG_CASES",
    "SCALE",
    "STRESS",
    "kind",
    "labels",
    "random_input",
    "scale_answer",
    "shrink",
]

INT_MIN = -(2**31)
INT_MAX = 2**31 - 1
HUGE_VALUES = (INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1, 2**30, -(2**30), 2**31, 10**20)
JUDGE_HUGE_VALUES = HUGE_VALUES[:6]  # the ones a 32-bit signed integer holds
LINE_STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))  # (row step, column step)


def bad_column(rng, width, judge=False):
    """A column outside 1..width, from one of four kinds (32-bit ones for the judge)."""
    roll = rng.randrange(4)
    if roll == 0:
        return 0
    if roll == 1:
        return -rng.randint(1, 12)
    if roll == 2 and width < 2**30:
        return width + rng.randint(1, 5)
    values = JUDGE_HUGE_VALUES if judge else HUGE_VALUES
    return rng.choice([v for v in values if not 1 <= v <= width])


# The judge's biggest boards: sides up to 10^5, 10^5 to 2.5 x 10^5 cells. The spec bounds
# W x H x (moves up to the answer) by WORK, so they still leave room for 20 to 50 moves.
BIG_BOARDS = ((10**5, 1), (1, 10**5), (25000, 4), (4, 25000), (500, 500), (10**4, 10))


def random_board(rng, judge=False):
    """(width, height, lowest column of the band that gets played) for one random game; for
    the judge, boards of the spec's judge cases."""
    roll = rng.random()
    if roll < 0.05 and judge:  # a big board, played in a narrow band at its right edge
        width, height = rng.choice(BIG_BOARDS)
        return width, height, max(1, width - rng.randint(0, 8) - 7)
    if roll < 0.04:
        # A huge board: only a narrow band of far-away columns is ever played.
        width = rng.choice((INT_MAX, 2 * 10**9, INT_MAX - 3, 10**12))
        height = rng.choice((INT_MAX, rng.randint(1, 7), 10**12))
        return width, height, width - rng.randint(0, 8) - 7
    if roll < 0.07:  # no room at all: W or H is 0 or negative
        size, other = rng.randint(-3, 0), rng.randint(0, 6)
        return (*rng.choice(((size, other), (other, size))), 1)
    if roll < 0.18:
        return rng.randint(1, 3), rng.randint(1, 8), 1
    if roll < 0.28:
        return rng.randint(1, 9), rng.randint(1, 3), 1
    return rng.randint(4, 8), rng.randint(4, 8), 1


def random_moves(rng, width, height, first, judge=False):
    """Moves from a narrow band of columns, steered so that games are long and end often.

    The generator keeps its own column heights only to steer: it mostly avoids full
    columns, and in "planted" games it aims at one random line of four for one colour (that
    colour likes columns whose next cell is on the line, the other colour avoids them), so
    that diagonal wins are common too. For the judge there is at least one move, every
    bad column is a 32-bit number, and W x H x (number of moves) is at most WORK.
    """
    last = min(width, first + 7) if width > 0 else 0
    span = max(0, last - first + 1)
    cells = span * min(max(height, 0), 10)
    roll = rng.random()
    if roll < 0.04:
        count = 0
    elif roll < 0.15:
        count = rng.randint(1, 8)
    else:
        count = rng.randint(cells // 2, cells + 3)
    if judge:
        count = max(1, min(count, WORK // max(1, width * height)))
    if span == 0:
        return [bad_column(rng, width, judge) if rng.random() < 0.5 else 1 for _ in range(count)]
    k = rng.randint(min(span, 4), min(span, 6)) if rng.random() < 0.7 else rng.randint(1, span)
    start = rng.randint(first, last - k + 1)
    window = list(range(start, start + k))
    bad_rate = rng.choice((0.0, 0.0, 0.005, 0.02, 0.05))
    full_rate = rng.choice((0.0, 0.01, 0.05))
    target = set()
    target_colour = rng.randrange(2)
    steps = [(dr, dc) for dr, dc in LINE_STEPS if 3 * dr < height and 3 * abs(dc) < k]
    if steps and rng.random() < 0.5:
        dr, dc = rng.choice(steps)
        r0 = rng.randint(0, max(0, min(height, 8) - 1 - 3 * dr))
        c0 = rng.randint(start, start + k - 1)
        target = {(r0 + i * dr, c0 + i * dc) for i in range(4)}
    heights = {}
    moves = []
    for number in range(count):
        if rng.random() < bad_rate:
            moves.append(bad_column(rng, width, judge))
            continue
        pool = window if rng.random() < 0.9 else list(range(first, last + 1))
        open_cols = [c for c in pool if heights.get(c, 0) < height]
        if not open_cols or rng.random() < full_rate:
            column = rng.choice(pool)
        else:
            if target:
                wanted = [c for c in open_cols if (heights.get(c, 0), c) in target]
                if number % 2 == target_colour:
                    if wanted and rng.random() < 0.7:
                        open_cols = wanted
                else:
                    others = [c for c in open_cols if c not in wanted]
                    if others:
                        open_cols = others
            column = rng.choice(open_cols)
        heights[column] = heights.get(column, 0) + 1
        moves.append(column)
    return moves


# Words a person may type where a number belongs; each counts as 0.
TYPOS = ("x", "1.5", "3,", "+", "--1", "0x10", "\ufffd", "\u4e03")


def render(rng, width, height, moves):
    """The input text of one game, with a random but legal layout."""

    def sep():
        roll = rng.random()
        if roll < 0.85:
            return " "
        if roll < 0.92:
            return " " * rng.randint(2, 4)
        return rng.choice(("\t", " \t ", "\t\t"))

    header = str(width) + sep() + str(height)
    if rng.random() < 0.004:
        header = rng.choice(TYPOS) + sep() + str(height)
    if rng.random() < 0.1:
        header = " " + header + "  "
    lines = [header]
    if not moves:
        lines.append(rng.choice((None, "", "", " ", "\t")))
        if lines[-1] is None:
            lines.pop()
    else:
        parts = [[]]
        for value in moves:
            parts[-1].append(str(value) if rng.random() > 0.004 else rng.choice(TYPOS))
            if rng.random() < 0.04:
                parts.append([])
        for part in parts:
            if part:
                lines.append(part[0] + "".join(sep() + token for token in part[1:]))
        if rng.random() < 0.06:
            lines.insert(rng.randint(0, len(lines)), "")
    eol = "\r\n" if rng.random() < 0.15 else "\n"
    text = eol.join(lines)
    if rng.random() < 0.85:
        text += eol
    if rng.random() < 0.03:
        text = oracle.BOM + text
    return text


def random_input(rng, judge=False):
    """One random game; with judge=True only in the exam's form (two LF lines, single
    spaces, 32-bit numbers, at least one move), otherwise in any layout render() makes."""
    if judge:
        width, height, first = random_board(rng, judge)
        moves = random_moves(rng, width, height, first, judge)
        return f"{width} {height}\n" + " ".join(map(str, moves)) + "\n"
    if rng.random() < 0.02:  # not even W and H: a draw, as a game without moves
        text = rng.choice(("", "\n", " \n\n", "\t", str(rng.randint(-9, 9)), "8\n"))
        return text if rng.random() < 0.8 else oracle.BOM + text
    width, height, first = random_board(rng)
    return render(rng, width, height, random_moves(rng, width, height, first))


def kind(output):
    """red, blue, error or draw."""
    return output.strip().split(",")[1]


def layout_labels(text):
    """The layout features of an input text."""
    found = []
    bom = text.startswith(oracle.BOM)
    body = text[1:] if bom else text
    lines = body.replace("\r\n", "\n").split("\n")
    if body.endswith("\n"):
        lines.pop()
    tokens = [line.split() for line in lines]
    found += ["bom"] * bom
    found += ["crlf"] * ("\r\n" in body)
    found += ["no-final-newline"] * (not body.endswith("\n"))
    found += ["tabs"] * ("\t" in body)
    found += ["extra-spaces"] * any(line != " ".join(t) for line, t in zip(lines, tokens) if t)
    found += ["multiline"] * (sum(1 for t in tokens if t) > 2)
    found += ["no-moves"] * (len(body.split()) == 2)
    found += ["no-size"] * (len(body.split()) < 2)
    found += ["blank-line"] * (len(body.split()) > 2 and any(not t for t in tokens))
    found += ["typo"] * any(not oracle.INTEGER.fullmatch(word) for word in body.split())
    return found


def labels(text, output=None):
    """The winning direction, kind of error, board and layout labels of one input."""
    outcome = oracle.play(text)
    found = layout_labels(text)
    width, height, _ = oracle.parse(text)
    if outcome["result"] in ("red", "blue"):
        found.append("win")
        found.extend(outcome["directions"])
        if width < 4 or height < 4:
            found.append("win-small-board")
        if width >= 2**30:
            found.append("win-huge-board")
        if width > 0 and height > 0 and width * height >= 10**5:
            found.append("win-big-board")
    elif outcome["result"] == "error":
        column = outcome["column"]
        if outcome["reason"] == "full":
            found.append("error-full")
        elif column == 0:
            found.append("error-zero")
        elif abs(column) >= 2**30:
            found.append("error-huge")
        elif column < 0:
            found.append("error-negative")
        else:
            found.append("error-above")
    return found


# The labels of the input forms and sizes that only this repo adds: judge-mode inputs
# (random_input(rng, judge=True)) never have them.
EXTENDED_LABELS = (
    "win-huge-board",
    "multiline",
    "no-moves",
    "crlf",
    "extra-spaces",
    "tabs",
    "no-final-newline",
    "blank-line",
    "bom",
    "no-size",
    "typo",
)
LABELS = (
    "horizontal",
    "vertical",
    "diagonal",
    "anti-diagonal",
    "error-full",
    "error-zero",
    "error-negative",
    "error-above",
    "error-huge",
    "win-small-board",
    "win-big-board",
    *EXTENDED_LABELS,
)


# The stress test plays these games and asserts that each outcome kind, and each label of
# labels() (every winning direction, kind of error and layout), occurs at least so often.
STRESS = {
    "count": 22000,
    "seed": 20240614,
    "min_count": {
        **{"red": 3500, "blue": 3000, "error": 6000, "draw": 4500},
        **dict.fromkeys(LABELS, 300),
    },
}


# ---------------------------------------------------------------- shrinking


def shrink(text):
    """Smaller inputs that keep the layout's line end and byte-order mark: the game cut
    after its result, runs of moves dropped (halves first, then shorter runs, then pairs
    and single moves), a smaller board, smaller bad columns, then a plainer layout."""
    width, height, moves = oracle.parse(text)
    bom = oracle.BOM if text.startswith(oracle.BOM) else ""
    eol = "\r\n" if "\r\n" in text else "\n"

    def form(w, h, ms):
        lines = [f"{w} {h}"] + ([" ".join(map(str, ms))] if ms else [])
        return bom + eol.join(lines) + eol

    n = len(moves)
    end = oracle.play(text)["move"]
    if 0 < end < n:
        yield form(width, height, moves[:end])
    size = n // 2
    while size >= 1:
        for start in range(0, n - size + 1, size):
            yield form(width, height, moves[:start] + moves[start + size :])
        if size == 2:
            for start in range(1, n - 1, 2):
                yield form(width, height, moves[:start] + moves[start + 2 :])
        size //= 2
    played = [m for m in moves if 1 <= m <= width]
    low = min(played, default=1)
    if low > 1:  # the same game, moved to the left edge of a narrower board
        yield form(width - low + 1, height, [m - low + 1 if 1 <= m <= width else m for m in moves])
    boards = ((width // 2, height), (width, height // 2), (width - 1, height), (width, height - 1))
    for w, h in boards:
        if min(w, h) >= 0 and (w, h) != (width, height):
            yield form(w, h, moves)
    for i, m in enumerate(moves):
        smaller = 0 if m < 0 or width < 0 else min(m, width + 1)
        if smaller != m:
            yield form(width, height, [*moves[:i], smaller, *moves[i + 1 :]])
    plain = form(width, height, moves)
    if len(plain) < len(text):
        yield plain


def size(text):
    """What every shrink candidate makes smaller: the moves, then the board, then the bad
    columns, then the text."""
    width, height, moves = oracle.parse(text)
    return len(moves), abs(width) + abs(height), sum(map(abs, moves)), len(text)


# Bytes a person may save: not UTF-8, or UTF-16 from a Windows shell. They are read with
# replacement characters, which make words that are no integer, never a traceback.
SAVED = [b"\xef\xbb\xbf5 5\r\n1 1 2 2 3 3 4 4\r\n", b"5 5\n1 \xff 2\n", "5 5\n1\n".encode("utf-16")]
