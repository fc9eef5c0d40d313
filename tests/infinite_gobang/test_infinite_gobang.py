"""The tests particular to infinite_gobang (tests/test_problems.py has those of every
problem): the game-tree oracle pinned to the statement and checked against itself, the fast
checker of the benchmark against it, the stdin wrapper on what people type or save, and the
testcases' answers worked out by hand.
"""

import json
import random
from collections import Counter
from functools import lru_cache

import pytest
from util import SOLUTIONS, TESTCASES, cases, load_solution, python

from infinite_gobang import gen, oracle, rules, scale
from infinite_gobang.reader import parse

NAME = "infinite_gobang"
CASE_DIR = TESTCASES / NAME
MODES_EVERY = 50  # the oracle's other modes run on every 50th stress board
PLAIN_EVERY = 100  # and the plain search on every 100th
EXAMPLES = [
    ("pieces = [[0,0,1],[1,1,1],[2,2,0]]", "None"),
    (
        "pieces = [[1,2,1],[1,4,1],[1,5,1],[2,1,0],[2,3,0],"
        "[2,4,0],[3,2,1],[3,4,0],[4,2,1],[5,2,1]]",
        "Black",
    ),
]
# Known answers the benchmark's own checker was pinned to, besides the examples.
KNOWN = [
    ("[[0,0,0],[1,0,0],[2,0,0]]", "Black"),
    ("[[0,0,0],[1,0,0],[2,0,0],[-1,0,1]]", "None"),
    ("[[0,0,1],[1,0,1],[2,0,1],[3,0,1],[0,1,1],[0,2,1],[0,3,1]]", "White"),
]


@lru_cache(maxsize=None)
def boards():
    """The stress boards (same seed and count as play.check) with the oracle's answers."""
    rng = random.Random(gen.STRESS["seed"])
    out = []
    for _ in range(gen.STRESS["count"]):
        text = gen.random_input(rng)
        (pieces,) = parse(text)
        out.append((pieces, json.loads(oracle.solve(text))))  # cached for play.check too
    return out


# ---------------------------------------------------------------- the oracle


def test_oracle_examples():
    for text, answer in EXAMPLES + KNOWN:
        (pieces,) = parse(text)
        assert oracle.gobang(pieces) == answer
        assert oracle.gobang(pieces, plain=True) == answer
        assert oracle.solve(text) == rules.fast_solve(text) == json.dumps(answer) + "\n"


@pytest.mark.deep
def test_oracle_modes_agree():
    for i, (pieces, answer) in enumerate(boards()[::MODES_EVERY]):
        assert oracle.gobang(pieces, shuffle=random.Random(i)) == answer, pieces
        assert oracle.gobang(pieces, prune=False) == answer, pieces


@pytest.mark.deep
def test_oracle_matches_plain_search():
    picked = Counter()
    for pieces, answer in boards()[::PLAIN_EVERY]:
        picked[answer] += 1
        assert oracle.gobang(pieces, plain=True) == answer, pieces
    print("plain search:", dict(picked))
    assert min(picked[answer] for answer in ("Black", "White", "None")) >= 5, picked


@pytest.mark.deep
def test_fast_checker_matches_search():
    for pieces, answer in boards():
        assert rules.rule_answer(pieces) == answer, pieces


def test_oracle_reads_what_people_save():
    plain = "[[0,0,0],[1,0,0],[2,0,0]]\n[]\n"
    for decorated in (
        "\ufeff" + plain,
        plain.replace("\n", "\r\n"),
        "\n\n" + plain.replace("\n", "  \n\n"),
        "pieces = [[0,0,0],\n [1,0,0],\n [2,0,0]\n],\npieces: []",
        "\ufeffpieces=[[0, 0, 0], [1, 0, 0], [2, 0, 0]] , pieces\r\n=\r\n[]\r\n",
    ):
        assert oracle.solve(decorated) == '"Black"\n"None"\n', decorated
    assert oracle.solve("") == oracle.solve("\ufeff\r\n") == ""
    for bad in ("[[0,0,2]]", "[[0,0]]", "[[0,0,1],]", "x", "[[0,0,1.5]]", "[[01,0,1]]", "[1]"):
        with pytest.raises(ValueError):
            oracle.solve(bad)


# ---------------------------------------------------------------- the stress boards


@pytest.mark.deep
def test_boards_valid_and_varied():
    """Every stress board is valid; some lie beyond 2^30, some are decorated."""
    rng = random.Random(gen.STRESS["seed"])
    texts = [gen.random_input(rng) for _ in range(gen.STRESS["count"])]
    wide = decorated = 0
    for text, (pieces, _) in zip(texts, boards()):
        assert len({(x, y) for x, y, _ in pieces}) == len(pieces)
        assert not oracle.has_five(pieces)
        wide += any(abs(v) >= 2**30 for x, y, _ in pieces for v in (x, y))
        decorated += text != gen.compact([pieces])
    assert wide >= 0.05 * len(texts) and decorated >= 0.3 * len(texts), (wide, decorated)


# ---------------------------------------------------------------- the big inputs


def test_max_board_construction():
    pieces = gen.max_board()
    assert len(pieces) == 1000 and not oracle.has_five(pieces)
    colour = {(x, y): c for x, y, c in gen.block(33, 30, 0, 0)}
    for x, y in colour:
        for dx, dy in oracle.DIRECTIONS:
            three = [colour.get((x + i * dx, y + i * dy)) for i in range(3)]
            assert None in three or len(set(three)) == 2, (x, y, dx, dy)
    assert oracle.gobang(pieces) == "Black"
    assert oracle.gobang(gen.max_board(4, 4), plain=True) == "Black"


@pytest.mark.parametrize("name", sorted(gen.BIG_CASES))
def test_big_case_out_is_the_oracles(name):
    """(tests/test_testcases.py checks that the builder gives the committed .in.)"""
    text = (CASE_DIR / (name + ".in")).read_text()
    assert (CASE_DIR / (name + ".out")).read_text() == oracle.solve(text)


# The answer each scale input is built to have.
SCALE_ANSWERS = {
    "quiet-1000": "None",
    "block-1000": "None",
    "quiet-1e5": "None",
    "block-1e5": "None",
    "threes-1e5": "None",
    "black-now-1e5": "Black",
    "white-1e5": "White",
    "forced-block-1e5": "Black",
    "links-1e5": "Black",
}


@pytest.mark.parametrize("case", gen.SCALE, ids=lambda case: case["name"])
def test_scale_inputs(case):
    """Small versions of the benchmark inputs (and the 1000-stone ones in full): the answer
    they are built for, from the search, and the fast checker that answers the full ones
    agrees."""
    builds = [case["quick_build"]]
    if case["name"].endswith("-1000"):
        builds.append(case["build"])
    for build in builds:
        data = build(random.Random(case["name"]))
        assert oracle.solve(data.decode()) == f'"{SCALE_ANSWERS[case["name"]]}"\n'
        assert gen.scale_answer(case["name"], data) == oracle.solve(data.decode()).encode()


@pytest.mark.parametrize("n", [20, 150, 3000])
def test_threes_boards_at_other_sizes(n):
    """The threes block and its variants give their answers at any size: by the search on
    small ones, by the fast checker on a bigger one; the block's rows are full of threes."""
    builders = {"None": scale.none_threes, "Black": scale.black_now, "White": scale.white_twice}
    builders["Black after the block"] = scale.forced_block
    for seed in range(3):
        for answer, build in builders.items():
            text = build(random.Random(seed), n).decode()
            check = oracle.solve if n < 1000 else rules.fast_solve
            assert check(text) == f'"{answer.split()[0]}"\n', (answer, seed)
    stones, width, height, _ = scale.threes(random.Random(0), n)
    assert len(stones) == width * height * 3 // 4 >= n and width % 8 == 0
    for r in range(height):
        row = "".join(".BW"[stones.get((c, r), -1) + 1] for c in range(width))
        assert row.count(".BBB.") + row.count(".WWW.") >= width // 4 - 1, row


# ---------------------------------------------------------------- the solution's stdin form


def run(data):
    """The solution as a process on stdin bytes: (exit status, stdout, stderr)."""
    done = python(SOLUTIONS / (NAME + ".py"), data=data)
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def test_wrapper_reads_what_people_save():
    solve = load_solution(NAME).solve
    plain = "[[0,0,1]]\n"
    for decorated in (
        "\ufeff[[0,0,1]]",
        "[\n  [0, 0, 1]\n]\n",
        "pieces = [[0,0,1]],\n",
        "pieces: [[0,0,1]]",
        "pieces =\r\n[[0,0,1]]\r\n\r\n",
    ):
        assert solve(decorated) == solve(plain) == '"None"\n', decorated
    assert run("\ufeffpieces: [[0,0,0],\r\n[1,0,0],\n[2,0,0]],\n".encode()) == (0, '"Black"\n', "")
    assert solve("") == ""


def test_wrapper_names_the_bad_case():
    status, out, err = run(b"[[0,0,1]]\n[[0,0,1],[1,1,2]]\n")
    assert (status, out) == (1, "") and "case 2 " in err and "colour" in err, err


@pytest.mark.deep
def test_wrapper_right_beyond_the_range():
    """Coordinates past 2^30, where 64-bit keys would wrap, give the answer of the same
    board near the origin."""
    solve = load_solution(NAME).solve
    rng = random.Random(2)
    for pieces, answer in boards()[:400]:
        x0, y0 = rng.choice([*gen.WIDE, 10**30, -(2**64)]), rng.choice(gen.WIDE)
        moved = [[x + x0, y + y0, c] for x, y, c in pieces]
        assert solve(gen.compact([moved])) == json.dumps(answer) + "\n", moved


# ---------------------------------------------------------------- the testcase files

# The named cases whose answers were worked out by hand (the oracle agrees, see
# tests/test_problems.py). Coordinates are (x, y); "four" means 4 stones of one colour in a
# window of 5 whose fifth cell is empty.
REASONED = {
    # The statement's first example.
    "judge-sample-1": "None",
    # The statement's second example.
    "judge-sample-2": "Black",
    # Two white fours, each open only at one end, (4,0) and (10,4); black has no four, blocks
    # one of them and white completes the other.
    "judge-white-two-winning-cells": "White",
    # White's only winning cell is (4,0); black must take it, which makes the black four
    # (4,0..3) open at (4,-1) and (4,4); white can block only one.
    "judge-white-one-black-blocks-then-two": "Black",
    # As above, but (4,4) is white: the forced block gives black one winning cell, (4,-1), and
    # white takes it.
    "judge-white-one-block-gives-one": "None",
    # The forced block at (4,0) gives black (4,-1),(4,0),_,(4,2),(4,3),(4,4): two fours that
    # both need (4,1); white takes it.
    "judge-white-one-block-shared-cell": "None",
    # Black could make two fours at (10,10), but must take white's only winning cell (4,0),
    # which builds nothing; without the white four the answer would be Black.
    "judge-forced-block-beats-double-threat": "None",
    # (0,0) makes a row four needing (4,0) and a column four needing (0,4), the other ends being
    # white; no white four.
    "judge-black-double-threat-two-directions": "Black",
    # Black oo..oo: either middle cell makes two fours that need the same last cell; white takes
    # it.
    "judge-shared-cell-not-double-threat": "None",
    # White ooo.oo has two fours but one winning cell, (3,0); black takes it and has nothing
    # else.
    "judge-white-shared-cell-one-threat": "None",
    # Black oo.oo completes at (2,0) at once; white's four comes too late.
    "judge-broken-four": "Black",
    # Black ooo.oo: the gap makes six in a row, which wins as well; white's open four comes too
    # late.
    "judge-overline": "Black",
    # Black three at x = 10^9-3..10^9-1 on y = -10^9 with white at 10^9-5: the move at x = 10^9
    # makes a four open at 10^9-4 and 10^9+1 (outside the input range, but the board has no
    # edge).
    "judge-far-coordinates": "Black",
    # No stones: black makes at most two stones in a row.
    "judge-empty": "None",
    # One stone: black makes at most three in a row.
    "judge-one-stone": "None",
    # Black diagonal four (0,0)..(3,3) completes at (-1,-1).
    "judge-black-wins-now": "Black",
    # White (0,0..3) is open at (0,-1) and (0,4) and black has no four; black's crossing threes
    # come too late.
    "judge-white-four-open-both-ends": "White",
    # Black o.ooo on an anti-diagonal completes at (1,-1) before white's open four.
    "judge-anti-diagonal-broken-four": "Black",
    # See gen.max_board.
    "judge-max-1000": "Black",
    # Black's open three (0,-1002..-1000) far down the column of a lone white stone at the
    # origin: (0,-999) or (0,-1003) makes a four open at both ends; white blocks one.
    "judge-open-three-far-from-a-stone-at-the-origin": "Black",
}


def test_named_cases_reasoned():
    names = {name for name, _, _ in cases(NAME)}
    assert set(REASONED) <= names
    for name, answer in REASONED.items():
        assert (CASE_DIR / (name + ".out")).read_text() == json.dumps(answer) + "\n", name


def test_examples_are_testcases():
    for name, (text, _) in zip(["judge-sample-1", "judge-sample-2"], EXAMPLES):
        assert (CASE_DIR / (name + ".in")).read_text() == text + "\n"


def test_no_testcase_holds_a_five():
    for name, text, _ in cases(NAME):
        for pieces in parse(text):
            assert not oracle.has_five(pieces), name


def through_script(names):
    """The testcases of names, each run through the script, give their .out."""
    for name, _, expected in cases(NAME):
        if name in names:
            status, out, err = run((CASE_DIR / (name + ".in")).read_bytes())
            assert (status, out.replace("\r\n", "\n")) == (0, expected), (name, err)


def test_testcases_through_script():
    """The cases of every form a person saves (those of no judge- name), and judge cases of
    both the judge's forms (`pieces = [...]`, the samples', and a bare array): a process
    each. Every case's .out is solve()'s in process (tests/test_problems.py), so the deep run
    alone puts the judge's other cases through the script too."""
    names = [name for name, _, _ in cases(NAME) if not name.startswith("judge-")]
    assert len(names) >= 10, names  # the forms are there to be read
    through_script({*names, "judge-sample-1", "judge-sample-2", "judge-one-stone"})


@pytest.mark.deep
def test_every_testcase_through_script():
    through_script({name for name, _, _ in cases(NAME)})
