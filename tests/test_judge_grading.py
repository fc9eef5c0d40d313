"""judge/grading.py: Kattis's default grader, in process, on groups made here: a case's score,
on_reject, the verdict and score modes of grader_flags, and which cases it asks for."""

import pytest

from judge.grading import Graded, grade, score_text
from judge.packages import GROUP_DEFAULTS, Group
from judge.verdicts import kattis_name as kattis_verdict


def group(path, items, **config):
    return Group(path, {**GROUP_DEFAULTS, **config}, items)


def results(**verdicts):
    """result_of for grade(): case name -> (verdict, None), names with _ for /."""
    table = {name.replace("_", "/"): (verdict, None) for name, verdict in verdicts.items()}
    asked = []

    def result_of(name):
        asked.append(name)
        return table.get(name)

    result_of.asked = asked
    return result_of


def test_a_group_stops_at_its_first_failure_unless_it_continues():
    cases = ["g/1", "g/2", "g/3"]
    result_of = results(g_1="AC", g_2="WA", g_3="AC")
    assert grade(group("g", cases), result_of) == [Graded("g", "WA", 1.0)]
    assert result_of.asked == ["g/1", "g/2"]  # break: the rest never asked for
    result_of = results(g_1="AC", g_2="WA", g_3="AC")
    assert grade(group("g", cases, on_reject="continue"), result_of) == [Graded("g", "WA", 2.0)]
    assert result_of.asked == cases


@pytest.mark.parametrize(
    "flags, verdict, score",
    [
        ("", "RTE", 11.0),  # worst_error: RTE is worse than WA; the scores summed
        ("first_error", "WA", 11.0),
        ("always_accept", "AC", 11.0),
        ("accept_if_any_accepted min", "AC", 0.5),
        ("max", "RTE", 10.0),
        ("avg", "RTE", 11 / 3),
        ("sum min", "RTE", 0.5),  # of two, the last
        ("ignore_sample", "AC", 10.0),  # the last result alone
    ],
)
def test_the_grader_flags_choose_the_verdict_and_the_score(flags, verdict, score):
    cases = ["g/1", "g/2", "g/3"]
    config = {"on_reject": "continue", "grader_flags": flags, "accept_score": "10"}
    result_of = results(g_1="WA", g_2="RE", g_3="AC")
    outer = group("g", cases, **config, reject_score="0.5")
    (graded,) = grade(outer, result_of)
    assert (graded.verdict, graded.score) == (verdict, pytest.approx(score))


def test_groups_are_graded_below_first_and_a_case_with_a_score_keeps_it():
    inner = group("secret/a", ["secret/a/1", "secret/a/2"], accept_score="30", grader_flags="min")
    other = group("secret/b", ["secret/b/1"], accept_score="70")
    secret = group("secret", [inner, other], on_reject="continue")
    table = {"secret/a/1": ("AC", None), "secret/a/2": ("AC", 12.5), "secret/b/1": ("TLE", None)}
    assert grade(secret, table.get) == [
        Graded("secret/a", "AC", 12.5),
        Graded("secret/b", "TLE", 0.0),
        Graded("secret", "TLE", 12.5),
    ]


def test_a_judge_error_is_the_groups_and_cases_not_judged_are_passed_over():
    cases = ["g/1", "g/2", "g/3"]
    graded = grade(group("g", cases, on_reject="continue"), results(g_1="IE", g_2="AC"))
    assert graded == [Graded("g", "JE", 0.0)]
    assert grade(group("g", cases), results()) == []  # nothing judged: nothing graded


def test_the_runners_verdicts_have_kattis_names():
    named = [kattis_verdict(v) for v in ("RE", "IE", "AC", "TLE", "IC")]
    assert named == ["RTE", "JE", "AC", "TLE", "WA"]
    assert (score_text(30.0), score_text(12.5)) == ("30", "12.5")
