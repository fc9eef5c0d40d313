"""A contest judged with the runner: a folder of the judge's samples and a program of one's
own (`runner.py ~/cf/1850A --command ./a.out`), compared as most judges compare, with a hint
where another mode would accept a wrong answer. Each run is asserted through --json."""

import sys
from pathlib import Path

import pytest
from runner_util import case_details, case_verdicts, judged, write

from judge import cli, modes, problems

ROOT_UNUSED = "."  # a folder of cases needs no root of problems
ECHO = "import sys\nsys.stdout.write(sys.stdin.read())\n"  # its output is its input
HINT = "hint:"


def echoed(tmp_path, cases, name="1850A"):
    """A folder tmp_path/NAME whose each case (input, answer) is judged by a program that
    prints its input: its output is the case's input. The command that runs it."""
    for case, (given, answer) in cases.items():
        write(tmp_path / name / f"{case}.in", given)
        write(tmp_path / name / f"{case}.out", answer)
    write(tmp_path / "echo.py", ECHO)
    return f"{sys.executable} echo.py"


FOLDER_MODE = problems.FOLDER_PROFILE.mode


def compared(report):
    """The mode the JSON report says the folder 1850A was judged by."""
    return modes.parse_mode(report["problems"]["1850A"]["compare"])


def hints(report):
    """{"problem/case": its hint lines} of a JSON report."""
    return {
        case: [line for line in lines if line.startswith(HINT)]
        for case, lines in case_details(report).items()
    }


def test_a_folder_with_no_judge_line_compares_tokens_and_says_so(tmp_path):
    command = echoed(tmp_path, {"spaced": ("1 2 \n3\n\n", "1 2\n3\n"), "wrong": ("4\n", "5\n")})
    status, report, err = judged(ROOT_UNUSED, "1850A", "--command", command, cwd=tmp_path)
    assert case_verdicts(report) == {"1850A/spaced": "AC", "1850A/wrong": "WA"}, err
    assert status == 1 and compared(report) == modes.parse_mode("tokens") == FOLDER_MODE


def test_a_flag_still_chooses_a_folders_mode(tmp_path):
    command = echoed(tmp_path, {"spaced": ("1 2 \n", "1 2\n")})
    args = ("1850A", "--command", command, "--compare", "exact")
    status, report, err = judged(ROOT_UNUSED, *args, cwd=tmp_path)
    assert case_verdicts(report) == {"1850A/spaced": "WA"} and status == 1, err
    assert compared(report) == modes.parse_mode("exact")


HINTED = {  # case: (the output, the answer, the hint under --compare exact)
    "spaced": ("1 2 \n", "1 2\n", "hint: loose would accept it, "),
    "split": ("1\n2\n", "1 2\n", "hint: tokens would accept it, "),
    "near": ("0.3333333\n", "0.333333333\n", "hint: equal within 1e-6: --float 1e-6"),
    "case": ("yes\n", "YES\n", "hint: equal in any letter case, "),
    "wrong": ("1 3\n", "1 2\n", None),
}
FLAGS = {"spaced": "--loose", "split": "--tokens", "near": "--float 1e-6", "case": "--kattis"}


def test_a_wrong_answer_another_mode_accepts_names_that_modes_flag(tmp_path):
    cases = {case: (output, answer) for case, (output, answer, _) in HINTED.items()}
    command = echoed(tmp_path, cases)
    args = ("1850A", "--command", command, "--compare", "exact")
    status, report, err = judged(ROOT_UNUSED, *args, cwd=tmp_path)
    assert set(case_verdicts(report).values()) == {"WA"} and status == 1, err  # verdicts hold
    found = hints(report)
    for case, (_, _, hint) in HINTED.items():
        lines = found[f"1850A/{case}"]
        if hint is None:
            assert lines == [], lines
        else:
            assert len(lines) == 1 and lines[0].startswith(hint), lines
            assert lines[0].endswith(": " + FLAGS[case]), lines


def test_the_flag_a_hint_names_accepts_the_output(tmp_path):
    cases = {case: (output, answer) for case, (output, answer, hint) in HINTED.items() if hint}
    command = echoed(tmp_path, cases)
    for case, flag in FLAGS.items():
        args = ("1850A", "-k", case, "--command", command, *flag.split())
        status, report, err = judged(ROOT_UNUSED, *args, cwd=tmp_path)
        assert case_verdicts(report) == {f"1850A/{case}": "AC"} and status == 0, (flag, err)


def test_a_float_answer_under_tokens_gets_the_float_hint(tmp_path):
    command = echoed(tmp_path, {"near": ("2\n0.5000001\n", "2\n0.5\n")})
    status, report, err = judged(ROOT_UNUSED, "1850A", "--command", command, cwd=tmp_path)
    assert case_verdicts(report) == {"1850A/near": "WA"} and status == 1, err
    assert hints(report) == {"1850A/near": ["hint: equal within 1e-6: --float 1e-6"]}


CHECKER = """import sys

output, answer = (open(path).read().split() for path in sys.argv[2:4])
if output != answer:
    sys.stderr.write("wrong answer: the outputs differ\\n")
    sys.exit(1)
"""
BESIDE = "your output vs the answer, by tokens: the judging program decided, not this diff"


def test_a_checkers_wrong_answer_shows_the_output_beside_the_answer(tmp_path):
    command = echoed(tmp_path, {"one": ("1\n5\n3\n", "1\n2\n3\n"), "right": ("7\n", "7\n")})
    write(tmp_path / "check.py", CHECKER)
    args = ("1850A", "--command", command, "--checker", "check.py")
    status, report, err = judged(ROOT_UNUSED, *args, cwd=tmp_path)
    assert case_verdicts(report) == {"1850A/one": "WA", "1850A/right": "AC"}, err
    details = case_details(report)["1850A/one"]
    assert details[:2] == ["checker: wrong answer: the outputs differ", BESIDE], details
    assert details[2:5] == ["first difference at token 2", "  expected: 2", "  got:      5"]
    assert "  -2" in details[5:] and "  +5" in details[5:], details  # its diff
    assert case_details(report)["1850A/right"] == [] and status == 1


@pytest.mark.parametrize(
    "paths, names",
    [
        (["/cf/1850A"], ["1850A"]),
        (["/cf/a/tests", "/cf/b/tests"], ["a/tests", "b/tests"]),
        (["/cf/a/tests", "/cf/b/tests", "/cf/c/samples"], ["a/tests", "b/tests", "samples"]),
        (["/x/a/tests", "/y/a/tests"], ["x/a/tests", "y/a/tests"]),
        (["/tests", "/a/tests"], ["tests", "a/tests"]),
        (["/cf/p", "/cf/p"], ["p"]),  # one folder named twice
        (["/"], ["cases"]),
    ],
)
def test_folders_of_one_name_get_the_shortest_distinct_names(paths, names):
    found = problems.folder_names(Path(path) for path in paths)
    assert list(found) == names
    assert list(found.values()) == list(dict.fromkeys(Path(path) for path in paths))


def test_two_folders_named_tests_are_two_problems(tmp_path, monkeypatch):
    for side in ("a", "b"):
        write(tmp_path / side / "tests" / f"{side}.in", "1\n")
        write(tmp_path / side / "tests" / f"{side}.out", "1\n")
    monkeypatch.chdir(tmp_path)
    args = cli.make_parser().parse_args(["a/tests", "b/tests", "--command", "cat"])
    named, cases, _, own = cli.chosen_cases(tmp_path, args, ("cat",))
    assert named == ["a/tests", "b/tests"] and sorted(own) == named
    assert [(case.problem, case.name) for case in cases] == [("a/tests", "a"), ("b/tests", "b")]
