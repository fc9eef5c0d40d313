"""judge/model.py, in process: the records that pass between the judge's layers, and the rule
for a problem's name."""

from dataclasses import FrozenInstanceError

import pytest

from judge import model


@pytest.mark.parametrize("name", ["1850A", "a", "A-b_c", "x" * 64, "COM0", "con1", "LPT10"])
def test_a_name_judges_use_is_a_problem_name(name):
    assert model.problem_name_error(name) is None


@pytest.mark.parametrize(
    "name",
    [
        "",
        "_x",
        "-x",
        "x" * 65,
        "a.b",
        "a b",
        "é",
        "a/b",
        "aé",
        "1\u0663",
        "con",
        "CON",
        "Nul",
        "com1",
        "LPT9",
        "x\n",
    ],
)
def test_a_bad_name_gets_the_rule(name):
    error = model.problem_name_error(name)
    assert "1 to 64 letters, digits, _ and -" in error and "LPT1-LPT9" in error
    assert len(error.splitlines()) == 1


def test_a_bad_name_is_shown_escaped_and_short():
    assert model.problem_name_error("a\x1b[2J").startswith("'a\\x1b[2J' cannot name a problem: ")
    assert model.problem_name_error("x" * 300).startswith("'" + "x" * 100 + "... (200 more")


def test_the_records_default_what_is_often_absent():
    assert model.Profile("J", 1.0, 64.0, None).other_limit is None
    assert model.Program((["x"], None), "/").sandbox is None
    judged = model.Judgement(model.Verdict.AC, 0.1, 0.05, 12.0, False, ())
    assert judged.input_lines == () and judged.ran and judged.score is None and not judged.final
    case = model.Case("p", "judge-a", "a.in", "a.out", True)
    result = model.Result.of(case, judged)
    assert result.case == case
    assert {name: getattr(result, name) for name in vars(judged)} == vars(judged)


def test_the_records_are_frozen():
    case = model.Case("p", "a", "a.in", None, None)
    with pytest.raises(FrozenInstanceError):
        case.name = "b"


@pytest.mark.parametrize("verdict", list(model.Verdict))
def test_a_verdict_is_its_word(verdict):
    assert verdict == verdict.value and f"{verdict}" == str(verdict) == verdict.value
    assert {verdict.value: 1}[verdict] == 1 and {verdict: 1}[verdict.value] == 1
    assert verdict.passing == (verdict.value in ("AC", "--"))


def test_an_input_not_judged_is_an_internal_error_with_its_reason():
    judged = model.not_judged("could not read the .out: Is a directory")
    assert (judged.verdict, judged.details, judged.ran) == (
        "IE",
        ("could not read the .out: Is a directory",),
        False,
    )
    assert "IE" not in model.PASSING and set(model.PASSING) == {"AC", "--"}
