"""The data in testcases/: clean expected outputs, no dangling, duplicate or huge files."""

import hashlib

import pytest
from util import TESTCASES, complete, mode, problems, tooling

PROBLEMS = problems()  # a testcases/NAME/ of no problem fails test_meets_the_contract[NAME]
COMPLETE = complete()  # the problems whose tooling (gen.BIG_CASES) meets the contract
BIG = 100_000  # bytes: a case this big is rebuilt by its generator, never kept by hand


def problem_files(problem, suffix):
    return sorted((TESTCASES / problem).glob("*" + suffix))


def flaws(data, bytes_count=True):
    """What is wrong with an expected output: it must be UTF-8 text and, where its problem's
    mode counts every byte, have LF line ends only, exactly one final newline, and no line
    ending in a space or a tab. Elsewhere (tokens, a tolerance, a checker, an interactor's
    answer, empty as it may be) the judge reads past them."""
    found = []
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        found.append(f"not UTF-8 ({error.reason} at byte {error.start})")
    if not bytes_count:
        return found
    if b"\r" in data:
        found.append("has a carriage return")
    if not data.endswith(b"\n"):
        found.append("no final newline")
    elif data.endswith(b"\n\n"):
        found.append("more than one final newline")
    lines = data.split(b"\n")
    spaced = [n for n, line in enumerate(lines, 1) if line.endswith((b" ", b"\t"))]
    if spaced:
        found.append(f"trailing space or tab on line {spaced[0]} ({len(spaced)} lines)")
    return found


@pytest.mark.parametrize("problem", PROBLEMS)
def test_every_out_is_clean(problem):
    strict = mode(problem).bytes_count
    bad = {out.name: flaws(out.read_bytes(), strict) for out in problem_files(problem, ".out")}
    assert {name: found for name, found in bad.items() if found} == {}


@pytest.mark.parametrize("problem", PROBLEMS)
def test_every_out_has_its_in(problem):
    outs = {out.stem for out in problem_files(problem, ".out")}
    ins = {path.stem for path in problem_files(problem, ".in")}
    assert sorted(outs - ins) == []


# Cases stay small enough to commit; scale inputs belong to the benchmark. The one
# exception is gobang_checker's 2000 x 2000 board (about 4 MB).
SIZE_LIMIT = {"gobang_checker": 4_500_000}


@pytest.mark.parametrize("problem", PROBLEMS)
def test_every_file_is_small(problem):
    limit = SIZE_LIMIT.get(problem, 1_000_000)
    files = problem_files(problem, ".in") + problem_files(problem, ".out")
    assert [path.name for path in files if path.stat().st_size > limit] == []


@pytest.mark.parametrize("problem", COMPLETE)
def test_every_big_input_has_its_builder(problem):
    big = [path.stem for path in problem_files(problem, ".in") if path.stat().st_size > BIG]
    assert sorted(set(big) - set(tooling(problem, "gen").BIG_CASES)) == []


BUILT = [(name, case) for name in COMPLETE for case in sorted(tooling(name, "gen").BIG_CASES)]


@pytest.mark.parametrize("problem, case", BUILT, ids=[f"{p}/{c}" for p, c in BUILT])
def test_big_input_is_rebuilt_byte_for_byte(problem, case):
    """What gen.BIG_CASES builds is the committed file (so every builder has its file); the
    problem's own tests check its .out."""
    built = tooling(problem, "gen").BIG_CASES[case]()
    assert built == (TESTCASES / problem / (case + ".in")).read_bytes()


@pytest.mark.parametrize("problem", PROBLEMS)
def test_no_two_inputs_are_identical(problem):
    seen = {}
    for path in problem_files(problem, ".in"):
        seen.setdefault(hashlib.sha256(path.read_bytes()).hexdigest(), []).append(path.name)
    assert [names for names in seen.values() if len(names) > 1] == []


@pytest.mark.parametrize(
    "data, found",
    [
        (b"YES\n", []),
        (b"|0       |\n\\--------/\n", []),
        (b"YES", ["no final newline"]),
        (b"YES\n\n", ["more than one final newline"]),
        (b"YES\r\n", ["has a carriage return"]),
        (b"a \nb\t\n", ["trailing space or tab on line 1 (2 lines)"]),
        (b"\xff\n", ["not UTF-8 (invalid start byte at byte 0)"]),
        (b"", ["no final newline"]),
    ],
)
def test_the_check_itself(data, found):
    assert flaws(data) == found


@pytest.mark.parametrize(
    "data, bytes_count, found",
    [
        (b"1 2\n", True, []),
        (b"1 2 \n", True, ["trailing space or tab on line 1 (1 lines)"]),
        (b"", True, ["no final newline"]),
        (b"", False, []),  # an interactive problem's answer file
        (b"1 2 \r\n\n", False, []),  # tokens: a sample as the judge gave it
        (b"\xff", False, ["not UTF-8 (invalid start byte at byte 0)"]),
    ],
)
def test_an_out_is_clean_as_its_mode_reads_it(data, bytes_count, found):
    assert flaws(data, bytes_count) == found
