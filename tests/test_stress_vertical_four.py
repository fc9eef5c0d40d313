"""Stress and testcase checks for vertical_four against the brute-force oracle.

* The oracle is pinned to every example of the statement.
* A fixed-seed random stress compares solutions/vertical_four.py with the oracle on
  20,000 small inputs and asserts that every outcome and every input shape was hit often.
* Every testcases/vertical_four/*.in is run through the solution and must give its .out;
  the .out files are checked against the oracle and for format hygiene.

The max-moves testcases are too big for the oracle's full rescan (about 240,000 moves on
a 400 x 600 board). Their expected outputs follow from how they are built (see
``max_moves_case``) and are also confirmed by ``brute_vertical_four.incremental``, a separate
checker that looks only at the lines through the newest piece.
"""

import random
import time

import pytest
from brute_vertical_four import brute, format_outcome, incremental, play
from util import ROOT, TESTCASES, cases, load_solution, smallest_failure, wrong_answers

NAME = "vertical_four"
CASE_DIR = TESTCASES / NAME
INT_MIN = -(2**31)
INT_MAX = 2**31 - 1

SPEC_EXAMPLES = [
    ("5 5\n1 1 2 2 3 3 4 4\n", "7,red\n"),
    ("5 5\n0 1 2 2 3 3 4 4\n", "1,error\n"),
    ("5 5\n2 1 3 1 2 1 3 1\n", "8,blue\n"),
    ("5 5\n1 2 2 3 4 3 3 4 5 4 4 5\n", "11,red\n"),
    ("5 5\n5 4 4 3 2 3 3 2 1 2 2 1\n", "11,red\n"),
    ("5 5\n1 1 2 2 1 1 2 2\n", "0,draw\n"),
    ("5 5\n1 2 2 2 2 2 2 4\n", "7,error\n"),
]

# The winning direction of each example ("why" column of the table); None: no win.
SPEC_DIRECTIONS = ["horizontal", None, "vertical", "diagonal", "anti-diagonal", None, None]


def solution():
    path = ROOT / "solutions" / (NAME + ".py")
    if not path.exists():
        pytest.fail(f"solutions/{NAME}.py does not exist: nothing to stress-test")
    return load_solution(NAME)


# ---------------------------------------------------------------- the oracle and the spec


@pytest.mark.parametrize("index", range(len(SPEC_EXAMPLES)))
def test_oracle_reproduces_spec_examples(index):
    text, expected = SPEC_EXAMPLES[index]
    assert brute(text) == expected
    if SPEC_DIRECTIONS[index] is not None:
        assert play(text)["directions"] == [SPEC_DIRECTIONS[index]]


def test_oracle_small_decisions():
    assert brute("5 5") == "0,draw\n"
    assert brute("5 5\n") == "0,draw\n"
    assert brute("5 5\n\n") == "0,draw\n"
    assert brute("0 5\n1\n") == "1,error\n"
    assert brute("5 0\n1\n") == "1,error\n"
    assert brute("3 9\n1 2 1 2 1 2 1\n") == "7,red\n"
    assert brute("9 3\n1 1 2 2 3 3 4\n") == "7,red\n"
    # red 1 2 4 5 on the bottom row, then red 3 joins them: a line of five wins.
    assert brute("7 7\n1 1 2 2 4 4 5 5 3\n") == "9,red\n"
    assert brute(f"{INT_MAX} {INT_MAX}\n{INT_MAX} {INT_MIN}\n") == "2,error\n"


# ---------------------------------------------------------------- random generator

HUGE_VALUES = (INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1, 2**30, -(2**30))


def bad_column(rng, width):
    """A column outside 1..width, from one of four kinds."""
    kind = rng.randrange(4)
    if kind == 0:
        return 0
    if kind == 1:
        return -rng.randint(1, 12)
    if kind == 2 and width < 2**30:
        return width + rng.randint(1, 5)
    return rng.choice([v for v in HUGE_VALUES if not 1 <= v <= width])


def random_board(rng):
    """(width, height, lowest column of the band that gets played) for one random game."""
    roll = rng.random()
    if roll < 0.04:
        # A huge board: only a narrow band of far-away columns is ever played.
        width = rng.choice((INT_MAX, 2 * 10**9, INT_MAX - 3))
        height = rng.choice((INT_MAX, rng.randint(1, 7)))
        return width, height, width - rng.randint(0, 8) - 7
    if roll < 0.07:
        return (*rng.choice(((0, rng.randint(0, 6)), (rng.randint(0, 6), 0))), 1)
    if roll < 0.17:
        return rng.randint(1, 3), rng.randint(1, 8), 1
    if roll < 0.27:
        return rng.randint(1, 9), rng.randint(1, 3), 1
    return rng.randint(4, 8), rng.randint(4, 8), 1


LINE_STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))  # (row step, column step)


def random_moves(rng, width, height, first):
    """Moves from a narrow band of columns, steered so that games are long and end often.

    The generator keeps its own column heights only to steer: it mostly avoids full
    columns, and in "planted" games it aims at one random line of four for one colour (that
    colour likes columns whose next cell is on the line, the other colour avoids them), so
    that diagonal wins are common too. The outcome itself is always taken from the oracle.
    """
    last = min(width, first + 7) if width else 0
    span = max(0, last - first + 1)
    cells = span * min(height, 10)
    roll = rng.random()
    if roll < 0.04:
        count = 0
    elif roll < 0.15:
        count = rng.randint(1, 8)
    else:
        count = rng.randint(cells // 2, cells + 3)
    if span == 0:
        return [bad_column(rng, width) if rng.random() < 0.5 else 1 for _ in range(count)]
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
            moves.append(bad_column(rng, width))
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


def render(rng, width, height, moves):
    """Write the input text with a random but legal layout; return (text, features)."""
    features = set()

    def sep():
        roll = rng.random()
        if roll < 0.85:
            return " "
        features.add("extra-spaces")
        if roll < 0.92:
            return " " * rng.randint(2, 4)
        features.add("tabs")
        return rng.choice(("\t", " \t ", "\t\t"))

    header = str(width) + sep() + str(height)
    if rng.random() < 0.1:
        header = " " + header + "  "
        features.add("extra-spaces")
    lines = [header]
    if not moves:
        features.add("no-moves")
        lines.append(rng.choice((None, "", "", " ", "\t")))
        if lines[-1] is None:
            lines.pop()
    else:
        parts = []
        current = []
        for value in moves:
            current.append(str(value))
            if rng.random() < 0.04:
                parts.append(current)
                current = []
        if current:
            parts.append(current)
        if len(parts) > 1:
            features.add("multiline")
        for part in parts:
            line = part[0]
            for token in part[1:]:
                line += sep() + token
            lines.append(line)
        if rng.random() < 0.05:
            lines.insert(rng.randint(1, len(lines)), "")
            features.add("blank-line")
    eol = "\n"
    if rng.random() < 0.15:
        eol = "\r\n"
        features.add("crlf")
    text = eol.join(lines)
    if rng.random() < 0.85:
        text += eol
    else:
        features.add("no-final-newline")
    return text, features


def make_case(rng):
    width, height, first = random_board(rng)
    moves = random_moves(rng, width, height, first)
    return render(rng, width, height, moves)


def classify(text, outcome):
    """The outcome labels one input counts towards."""
    labels = [outcome["result"]]
    width, height = [int(t) for t in text.split()[:2]]
    if outcome["result"] in ("red", "blue"):
        labels.append("win")
        labels.extend(outcome["directions"])
        if width < 4 or height < 4:
            labels.append("win-small-board")
        if width >= 2**30:
            labels.append("win-huge-board")
    elif outcome["result"] == "error":
        column = outcome["column"]
        if outcome["reason"] == "full":
            labels.append("error-full")
        elif column == 0:
            labels.append("error-zero")
        elif abs(column) >= 2**30:
            labels.append("error-huge")
        elif column < 0:
            labels.append("error-negative")
        else:
            labels.append("error-above")
    return labels


STRESS_CASES = 20000
STRESS_SEED = 20240614
MIN_COUNT = 300
EXPECTED_LABELS = (
    "red",
    "blue",
    "horizontal",
    "vertical",
    "diagonal",
    "anti-diagonal",
    "error-full",
    "error-zero",
    "error-negative",
    "error-above",
    "error-huge",
    "draw",
    "win-small-board",
    "win-huge-board",
    "multiline",
    "no-moves",
    "crlf",
    "extra-spaces",
    "tabs",
    "no-final-newline",
    "blank-line",
)


def run_stress(solve):
    rng = random.Random(STRESS_SEED)
    counts = dict.fromkeys(EXPECTED_LABELS, 0)
    failures = []
    for _ in range(STRESS_CASES):
        text, features = make_case(rng)
        outcome = play(text)
        expected = format_outcome(outcome)
        try:
            got = solve(text)
        except Exception as exc:  # a crash is a mismatch like any other
            got = f"raised {exc!r}"
        if got != expected:
            failures.append((text, expected, got))
        for label in list(features) + classify(text, outcome):
            counts[label] = counts.get(label, 0) + 1
    return counts, failures


def test_stress_against_solution():
    solve = solution().solve
    started = time.perf_counter()
    cpu = time.process_time()
    counts, failures = run_stress(solve)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    print(f"vertical_four stress: {STRESS_CASES} cases in {elapsed:.1f} s ({cpu:.1f} s CPU)")
    for label in EXPECTED_LABELS:
        print(f"  {label:<16} {counts[label]:6d}")
    assert not failures, smallest_failure(failures, STRESS_CASES)
    rare = [label for label in EXPECTED_LABELS if counts[label] < MIN_COUNT]
    assert not rare, f"outcomes seen too rarely: { {k: counts[k] for k in rare} }"


# ---------------------------------------------------------------- the max-moves testcases

MAX_W = 400
MAX_H = 600


def max_moves_order(width, height):
    """Fill the board row by row so that no line of four ever appears.

    The colour of cell (row r, column c), both from 0, is (r + c // 2) % 2 with 0 = red:
    rows read red red blue blue ..., columns alternate. Inside a block of four columns a
    row is played in the order 0, 2, 1, 3 (even rows) or 2, 0, 3, 1 (odd rows), which
    gives red, blue, red, blue, matching the alternating turns; the width is a multiple of
    four so every row starts with red. Horizontally runs are 2 long, vertically 1 long,
    and along either diagonal any four consecutive cells read x x y y or x y y x, so no
    four is ever made: the game is a draw.
    """
    assert width % 4 == 0
    moves = []
    for r in range(height):
        order = (0, 2, 1, 3) if r % 2 == 0 else (2, 0, 3, 1)
        for block in range(0, width, 4):
            moves.extend(block + k + 1 for k in order)
    return moves


def max_moves_case(late_win):
    """(input text, expected output) of the max-moves testcases.

    late_win=False: the full draw fill above, W*H = 240,000 moves, answer 0,draw.

    late_win=True: the same fill for the first H-1 rows; the top row is then played as
    columns 1, 5, 2, 6, 3, 7, 4 (red, blue, red, blue, red, blue, red), so red's pieces in
    columns 1..4 of the top row make a horizontal four at move (H-1)*W + 7. No earlier
    move wins: the rows below hold no four, the top row holds at most three of a colour
    until then, and a top-row piece cannot complete a vertical or diagonal four because
    three consecutive cells below it along those lines are never one colour. The rest of
    the input (the remaining top-row columns, then an illegal 0) is never looked at.
    """
    if not late_win:
        moves = max_moves_order(MAX_W, MAX_H)
        expected = "0,draw\n"
    else:
        moves = max_moves_order(MAX_W, MAX_H - 1)
        top = [1, 5, 2, 6, 3, 7, 4]
        moves.extend(top)
        moves.extend(c for c in range(8, MAX_W + 1))
        moves.append(0)
        expected = f"{(MAX_H - 1) * MAX_W + 7},red\n"
    lines = [f"{MAX_W} {MAX_H}"]
    # Twenty moves per line, so the moves also span many lines.
    for i in range(0, len(moves), 20):
        lines.append(" ".join(str(m) for m in moves[i : i + 20]))
    return "\n".join(lines) + "\n", expected


def test_incremental_checker_agrees_with_oracle():
    rng = random.Random(7)
    for text, expected in SPEC_EXAMPLES:
        assert incremental(text) == expected
    for _ in range(2000):
        text, _ = make_case(rng)
        assert incremental(text) == brute(text), text


def test_max_moves_construction_on_small_boards():
    # The same constructions on boards the oracle can rescan.
    for width in (4, 8, 12):
        for height in (4, 5, 6, 9):
            moves = max_moves_order(width, height)
            text = f"{width} {height}\n" + " ".join(map(str, moves)) + "\n"
            assert brute(text) == "0,draw\n"
            moves = [*max_moves_order(width, height - 1), 1, 5, 2, 6, 3, 7, 4]
            text = f"{width} {height}\n" + " ".join(map(str, moves)) + "\n"
            if width >= 8:
                assert brute(text) == f"{(height - 1) * width + 7},red\n"


@pytest.mark.parametrize("late_win", [False, True])
def test_max_moves_testcase_files(late_win):
    name = "max-moves-late-win" if late_win else "max-moves"
    text, expected = max_moves_case(late_win)
    assert incremental(text) == expected
    assert (CASE_DIR / (name + ".in")).read_bytes() == text.encode()
    assert (CASE_DIR / (name + ".out")).read_bytes() == expected.encode()


# ---------------------------------------------------------------- the testcase files

BIG_CASES = {"max-moves", "max-moves-late-win"}


def test_samples_are_the_spec_examples():
    for i, (text, expected) in enumerate(SPEC_EXAMPLES, 1):
        assert (CASE_DIR / f"sample-{i}.in").read_text() == text
        assert (CASE_DIR / f"sample-{i}.out").read_text() == expected


def test_testcase_outputs_match_oracle():
    assert len(cases(NAME)) >= 30
    for name, text, expected in cases(NAME):
        if name not in BIG_CASES:  # checked by test_max_moves_testcase_files
            assert brute(text) == expected, name


def test_testcases_through_solution():
    wrong = wrong_answers(NAME, solution().solve)
    assert not wrong, "\n".join(wrong)
