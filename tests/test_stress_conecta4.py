"""Stress and testcase checks for conecta4 against the brute-force oracle.

* The oracle is pinned to the four samples of the statement and to the line rules.
* A fixed-seed random stress compares solutions/conecta4.py with the oracle on 20,000
  inputs and asserts that every ending, direction, kind of INVALID and input shape was
  hit often.
* Every testcases/conecta4/*.in is run through the solution and must give its .out; the
  .out files are checked against the oracle and for format hygiene.
"""

import functools
import random
import time

import pytest
from brute_conecta4 import brute, play, split_lines
from util import ROOT, TESTCASES, cases, load_solution, smallest_failure, wrong_answers

NAME = "conecta4"
CASE_DIR = TESTCASES / NAME
ROWS = 6
COLS = 8


def solution():
    path = ROOT / "solutions" / (NAME + ".py")
    if not path.exists():
        pytest.fail(f"solutions/{NAME}.py does not exist: nothing to stress-test")
    return load_solution(NAME)


def board(*rows):
    """A board as output text; rows are given top first, with "." for an empty cell."""
    assert len(rows) == ROWS
    return "".join("|" + row.replace(".", " ") + "|\n" for row in rows) + "\\--------/\n"


SAMPLE_1_IN = (
    "1 2 1 2 1 2\n"
    "2 1 2 1 2 1\n"
    "3 4 3 4 3 4\n"
    "4 3 4 3 4 3\n"
    "5 6 5 6 5 6\n"
    "6 5 6 5 6 5\n"
    "7 8 7 8 7 8\n"
    "8 7 8 7 8\n"
    "\n"
    "7\n"
)
SAMPLE_1_OUT = (
    board("101010.0", "10101010", "10101010", "01010101", "01010101", "01010101")
    + "FULL\n"
    + board("10101010", "10101010", "10101010", "01010101", "01010101", "01010101")
)
SAMPLE_2_IN = "1 2 1 2\n\n8 7 8 7\n\n3 4 3 4 3 4 4 3 4 3 4 3\n\n4 3 4 1\n\n8\n"
SAMPLE_2_OUT = (
    board("........", "........", "........", "........", "01......", "01......")
    + board("........", "........", "........", "........", "01....10", "01....10")
    + board("..10....", "..10....", "..10....", "..01....", "0101..10", "0101..10")
    + "INVALID\nINVALID\nINVALID\n"
    + board("..10....", "..10....", "..10....", "0.01....", "0101..10", "0101..10")
    + "QUIT\n"
)
SAMPLE_3_IN = "\n\n".join(["1 2 3 4 5 6 7 8", "8 7 6 5 4 3 2 1"] * 3) + "\n"
SAMPLE_3_OUT = (
    board("........", "........", "........", "........", "........", "01010101")
    + board("........", "........", "........", "........", "10101010", "01010101")
    + board("........", "........", "........", "01010101", "10101010", "01010101")
    + "CONNECT4\n"
    + board("........", "........", ".......0", "01010101", "10101010", "01010101")
)
SAMPLE_4_IN = "1 2 1 2 1 2 1 2\n"
SAMPLE_4_OUT = "CONNECT4\n" + board(
    "........", "........", "0.......", "01......", "01......", "01......"
)

SAMPLES = [
    (SAMPLE_1_IN, SAMPLE_1_OUT),
    (SAMPLE_2_IN, SAMPLE_2_OUT),
    (SAMPLE_3_IN, SAMPLE_3_OUT),
    (SAMPLE_4_IN, SAMPLE_4_OUT),
]

EMPTY_BOARD = board(*["........"] * ROWS)


# ---------------------------------------------------------------- the oracle and the spec


@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_oracle_reproduces_spec_samples(index):
    text, expected = SAMPLES[index]
    assert brute(text) == expected


def test_sample_3_input_as_described():
    lines = SAMPLE_3_IN.split("\n")
    assert lines[-1] == ""
    lines.pop()
    assert len(lines) == 11
    assert lines[1::2] == [""] * 5
    assert lines[0::2] == ["1 2 3 4 5 6 7 8", "8 7 6 5 4 3 2 1"] * 3
    assert play(SAMPLE_3_IN)[1]["moves"] == 25


def test_oracle_line_rules():
    # No characters at all: no line, so no board.
    assert brute("") == "QUIT\n"
    # One line, and it is empty.
    assert brute("\n") == EMPTY_BOARD + "QUIT\n"
    assert brute("\n\n") == EMPTY_BOARD * 2 + "QUIT\n"
    assert brute("\r\n") == EMPTY_BOARD + "QUIT\n"
    assert brute(" \t \n") == EMPTY_BOARD + "QUIT\n"
    # The newline ending the last line is not an empty line after it.
    one_two = board("........", "........", "........", "........", "........", "01......")
    assert brute("1 2\n") == "QUIT\n"
    assert brute("1 2") == "QUIT\n"
    assert brute("1 2\n\n") == one_two + "QUIT\n"
    assert brute("1 2\r\n\r\n") == one_two + "QUIT\n"
    assert brute("1\n2\n \n") == one_two + "QUIT\n"
    # A last line of only spaces is a line, and an empty one.
    assert brute("1 2\n  ") == one_two + "QUIT\n"


def test_oracle_invalid_moves_keep_the_turn():
    expected = "INVALID\n" * 5 + board(
        "........", "........", "........", "........", "........", "10......"
    )
    assert brute("0 9 -3 100 -1 2 1\n\n") == expected + "QUIT\n"
    column_full = "1 1 1 1 1 1 1 2\n\n"
    expected = "INVALID\n" + board(
        "1.......", "0.......", "1.......", "0.......", "1.......", "00......"
    )
    assert brute(column_full) == expected + "QUIT\n"


# ---------------------------------------------------------------- plans for long games

STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))


def longest_run(grid, r, c, who):
    """Longest line of `who` through (r, c) in the generator's own grid."""
    best = 0
    for dr, dc in STEPS:
        run = 1
        for sign in (1, -1):
            rr, cc = r + sign * dr, c + sign * dc
            while 0 <= rr < ROWS and 0 <= cc < COLS and grid[rr][cc] == who:
                run += 1
                rr, cc = rr + sign * dr, cc + sign * dc
        best = max(best, run)
    return best


def random_colouring(rng, last_column):
    """A full 24/24 colouring (0 = red, 1 = yellow) built cell by cell with backtracking.

    Without last_column it has no line of four. With it, the top cell of that column is
    yellow and every line of four passes through it.
    """
    special = None if last_column is None else (ROWS - 1, last_column)
    while True:
        grid = [[None] * COLS for _ in range(ROWS)]
        if colour_cells(rng, grid, 0, [24, 24], special, [5000]):
            return grid


def colour_cells(rng, grid, i, left, special, budget):
    """Colour cells i.. (bottom row first); False when stuck or out of budget."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    if i == ROWS * COLS:
        return True
    r, c = divmod(i, COLS)
    options = [1] if (r, c) == special else rng.sample((0, 1), 2)
    for who in options:
        if left[who] == 0:
            continue
        grid[r][c] = who
        four = longest_run(grid, r, c, who) >= 4
        if four == ((r, c) == special):
            left[who] -= 1
            if colour_cells(rng, grid, i + 1, left, special, budget):
                return True
            left[who] += 1
        grid[r][c] = None
    return False


def play_order(rng, grid, last_column):
    """Columns (1..8) that drop the pieces of `grid` with red and yellow alternating.

    With last_column, the top cell of that column is played last. None if impossible.
    """
    heights = [0] * COLS
    moves = []
    dead = set()

    def step(n):
        if n == ROWS * COLS:
            return True
        key = tuple(heights)
        if key in dead:
            return False
        for c in rng.sample(range(COLS), COLS):
            h = heights[c]
            if h == ROWS or grid[h][c] != n % 2:
                continue
            if c == last_column and h == ROWS - 1 and n != ROWS * COLS - 1:
                continue
            heights[c] += 1
            moves.append(c + 1)
            if step(n + 1):
                return True
            heights[c] -= 1
            moves.pop()
        dead.add(key)
        return False

    return moves if step(0) else None


def make_plan(rng, last_move_wins):
    """48 moves that fill the board: with no four (FULL), or a four only at move 48."""
    while True:
        last_column = rng.randrange(COLS) if last_move_wins else None
        grid = random_colouring(rng, last_column)
        moves = play_order(rng, grid, last_column)
        if moves:
            return moves


@functools.lru_cache(maxsize=None)
def plan_pools():
    """Long games for the generator: 60 FULL games and 12 with a four at move 48."""
    rng = random.Random(4242)
    full = [make_plan(rng, False) for _ in range(60)]
    last = [make_plan(rng, True) for _ in range(12)]
    return full, last


# ---------------------------------------------------------------- random generator

EMPTY = None  # marker for an empty line in the event list
OUT_OF_RANGE = ("0", "9", "-3", "100", "-1", "10", "-8", "1000000", "-2147483648", "2147483648")
BLANKS = ("", "", "", " ", "\t", "  ", " \t ")


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
                others = [c for c in open_cols if c not in wanted]
                if others:
                    open_cols = others
        column = rng.choice(open_cols)
        heights[column] += 1
        moves.append(column)
    return moves


def with_noise(rng, moves):
    """Interleave INVALID tokens and empty lines with the moves; return the event list."""
    range_rate = rng.choice((0.0, 0.02, 0.08))
    full_rate = rng.choice((0.0, 0.05, 0.15))
    blank_rate = rng.choice((0.0, 0.03, 0.1, 0.3))
    heights = dict.fromkeys(range(1, COLS + 1), 0)
    full_cols = []
    events = []
    for column in moves:
        while True:
            roll = rng.random()
            if roll < range_rate:
                events.append(rng.choice(OUT_OF_RANGE))
            elif roll < range_rate + full_rate and full_cols:
                events.append(str(rng.choice(full_cols)))
            elif roll < range_rate + full_rate + blank_rate:
                events.append(EMPTY)
            else:
                break
        events.append(str(column))
        heights[column] += 1
        if heights[column] == ROWS:
            full_cols.append(column)
    return events


def layout(rng, events):
    """Lay the events out as text; returns the text."""
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
            text_lines.append(rng.choice(BLANKS))
        elif spaced:
            pieces = [rng.choice((" ", "  ", "\t", " \t")) for _ in line]
            text = "".join(p + t for p, t in zip(pieces, line))
            text_lines.append(text[len(pieces[0]) :] if rng.random() < 0.5 else text)
        else:
            text_lines.append(" ".join(line))
    eol = "\r\n" if rng.random() < 0.15 else "\n"
    text = eol.join(text_lines)
    roll = rng.random()
    if text_lines and roll < 0.12:
        return text  # no final newline
    if roll < 0.25:
        return text + eol + eol  # the file ends with an empty line
    return text + eol


SPECIAL_INPUTS = ("", "\n", "\n\n", " \n", "\r\n", "\t\n\n", "\n\n\n\n", " ", "\r\n\r\n")


def make_case(rng, pools):
    """One random input text and the generator-side features it was built with."""
    full_plans, last_plans = pools
    features = set()
    roll = rng.random()
    if roll < 0.02:
        features.add("special")
        return rng.choice(SPECIAL_INPUTS), features
    if roll < 0.17:
        moves = list(rng.choice(full_plans))
        features.add("full-plan")
    elif roll < 0.20:
        moves = list(rng.choice(last_plans))
        features.add("last-plan")
    elif roll < 0.30:
        moves = steered_moves(rng, rng.randint(0, 12))
    else:
        moves = steered_moves(rng, rng.randint(10, 48))
    if moves and rng.random() < 0.5:
        moves = [COLS + 1 - m for m in moves]  # the mirror image plays the same way
    if moves and rng.random() < 0.15:
        moves = moves[: rng.randint(0, len(moves) - 1)]
        features.add("cut")
    events = with_noise(rng, moves)
    if rng.random() < 0.3:
        # Input after the end of the game (if it has ended) must be ignored.
        tail = [str(rng.randint(1, COLS)) for _ in range(rng.randint(1, 6))]
        tail += [EMPTY] * rng.randint(0, 3)
        tail += [rng.choice(OUT_OF_RANGE)]
        rng.shuffle(tail)
        events.extend(tail)
        features.add("tail")
    return layout(rng, events), features


def text_features(text):
    """Input shapes read off the text itself."""
    features = set()
    lines = split_lines(text)
    if "\r\n" in text:
        features.add("crlf")
    for piece in text.replace("\r\n", "\n").split("\n"):
        if piece and not piece.split():
            features.add("blank-with-spaces")
    if text and not text.endswith("\n"):
        features.add("no-final-newline")
    if lines and lines[-1][0]:
        features.add("ends-with-empty-line")
    if text == "":
        features.add("empty-input")
    if text and not text.split():
        features.add("only-blank-lines")
    return features


def outcome_labels(details):
    labels = [details["end"]]
    if details["end"] == "CONNECT4":
        labels.append("winner-" + details["winner"])
        labels.extend(details["directions"])
        if details["moves"] == ROWS * COLS:
            labels.append("connect4-on-48th")
    if details["invalid_range"]:
        labels.append("invalid-range")
    if details["invalid_full"]:
        labels.append("invalid-full")
    if details["boards"]:
        labels.append("boards")
    return labels


STRESS_CASES = 20000
STRESS_SEED = 20240615
MIN_COUNT = 300
EXPECTED_LABELS = {
    "QUIT": MIN_COUNT,
    "FULL": MIN_COUNT,
    "CONNECT4": MIN_COUNT,
    "winner-0": MIN_COUNT,
    "winner-1": MIN_COUNT,
    "horizontal": MIN_COUNT,
    "vertical": MIN_COUNT,
    "diagonal": MIN_COUNT,
    "anti-diagonal": MIN_COUNT,
    "connect4-on-48th": 100,
    "invalid-range": MIN_COUNT,
    "invalid-full": MIN_COUNT,
    "boards": MIN_COUNT,
    "crlf": MIN_COUNT,
    "blank-with-spaces": MIN_COUNT,
    "no-final-newline": MIN_COUNT,
    "ends-with-empty-line": MIN_COUNT,
    "empty-input": 20,
    "only-blank-lines": 200,
    "tail": MIN_COUNT,
}


def run_stress(solve):
    rng = random.Random(STRESS_SEED)
    pools = plan_pools()
    counts = dict.fromkeys(EXPECTED_LABELS, 0)
    counts["boards-printed"] = 0
    failures = []
    for _ in range(STRESS_CASES):
        text, features = make_case(rng, pools)
        out, details = play(text)
        expected = "\n".join(out) + "\n"
        try:
            got = solve(text)
        except Exception as exc:  # a crash is a mismatch like any other
            got = f"raised {exc!r}"
        if got != expected:
            failures.append((text, expected, got))
        for label in list(features) + list(text_features(text)) + outcome_labels(details):
            counts[label] = counts.get(label, 0) + 1
        counts["boards-printed"] += details["boards"]
    return counts, failures


def test_stress_against_solution():
    solve = solution().solve
    started = time.perf_counter()
    cpu = time.process_time()
    counts, failures = run_stress(solve)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    print(f"conecta4 stress: {STRESS_CASES} cases in {elapsed:.1f} s ({cpu:.1f} s CPU)")
    for label in sorted(counts):
        print(f"  {label:<22} {counts[label]:6d}")
    assert not failures, smallest_failure(failures, STRESS_CASES)
    rare = {k: counts[k] for k, least in EXPECTED_LABELS.items() if counts[k] < least}
    assert not rare, f"outcomes seen too rarely: {rare}"


def test_plans_do_what_they_say():
    full, last = plan_pools()
    for moves in full[:10]:
        details = play(" ".join(map(str, moves)) + "\n")[1]
        assert details["end"] == "FULL" and details["moves"] == 48
    for moves in last[:5]:
        details = play(" ".join(map(str, moves)) + "\n")[1]
        assert details["end"] == "CONNECT4" and details["moves"] == 48


def test_four_on_the_48th_move_is_connect4_not_full():
    # The 48th move both fills the board and makes four: a move that makes four is
    # CONNECT4, which is checked first, so FULL is never printed.
    text = (CASE_DIR / "full-then-connect4-on-last-move.in").read_text()
    out, details = play(text)
    assert details["moves"] == 48 and details["end"] == "CONNECT4"
    assert "FULL" not in out and out[-8] == "CONNECT4"
    assert " " not in "".join(out[-7:])  # the board printed after it is full
    _, last = plan_pools()
    for moves in last:
        out = brute(" ".join(map(str, moves)) + "\n")
        assert out.startswith("CONNECT4\n") and "FULL" not in out


# ---------------------------------------------------------------- the testcase files


def test_samples_are_the_spec_examples():
    for i, (text, expected) in enumerate(SAMPLES, 1):
        assert (CASE_DIR / f"sample-{i}.in").read_bytes() == text.encode()
        assert (CASE_DIR / f"sample-{i}.out").read_bytes() == expected.encode()


def test_testcase_outputs_match_oracle():
    assert len(cases(NAME)) >= 25
    for name, text, expected in cases(NAME):
        assert brute(text) == expected, name


def test_testcases_through_solution():
    wrong = wrong_answers(NAME, solution().solve)
    assert not wrong, "\n".join(wrong)
