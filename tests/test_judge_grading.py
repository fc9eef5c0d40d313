"""judge/grading.py: Kattis's default grader, in process, on groups made here: a case's score,
on_reject, the verdict and score modes of grader_flags, and which cases it asks for."""

import sys

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


# ---------------------------------------------------------------- sums kept finite


def scored(**scores):
    """result_of for grade(): case name -> (AC, the score its validator gave)."""
    return lambda name: (kattis_verdict("AC"), scores.get(name.replace("/", "_")))


def test_a_sum_past_the_largest_float_is_that_float_not_inf():
    """Two validator scores of 1e308 summed to inf: 'score inf' was printed, and the --json
    report was not written."""
    top = group("g", ["g/1", "g/2"], on_reject="continue")
    (graded,) = grade(top, scored(g_1=1e308, g_2=1e308))
    assert graded.score == sys.float_info.max and graded.verdict == "AC"
    (graded,) = grade(group("g", ["g/1", "g/2"], grader_flags="avg"), scored(g_1=1e308, g_2=1e308))
    assert graded.score == 1e308  # an average of large scores overflows nothing


# ---------------------------------------------------------------- 2023-07 and 2025-09


def newer(path, items, **config):
    return Group(path, {**GROUP_DEFAULTS, "format": "2025-09", "scoring": True, **config}, items)


def verdicts(**given):
    """result_of for grade(): case name -> (verdict, None), names with _ for /."""
    return lambda name: (kattis_verdict(given[name.replace("/", "_")]), None)


def test_the_newer_formats_grade_by_max_score_and_score_aggregation():
    """2025-09: secret sums its groups, each pass-fail of its max_score by default; a sum group
    shares its max_score among its cases; the sample's verdict counts, not its score."""
    one = newer("secret/1", ["secret/1/a", "secret/1/b"], max_score=30.0, grouped=True)
    two = newer("secret/2", ["secret/2/a", "secret/2/b"], max_score=70.0, grouped=True)
    shared = newer("secret/3", ["secret/3/a", "secret/3/b"], grouped=True)
    shared = Group(
        shared.path, {**shared.config, "max_score": 40.0, "aggregation": "sum"}, shared.items
    )
    data = newer("", [newer("sample", ["sample/1"]), newer("secret", [one, two, shared])])
    result_of = verdicts(
        sample_1="AC",
        secret_1_a="AC",
        secret_1_b="AC",
        secret_2_a="WA",
        secret_2_b="AC",
        secret_3_a="AC",
        secret_3_b="TLE",
    )
    graded = {g.path: (g.verdict, g.score) for g in grade(data, result_of)}
    assert graded == {
        "sample": ("AC", 0.0),
        "secret/1": ("AC", 30.0),
        "secret/2": ("WA", 0.0),
        "secret/3": ("TLE", 20.0),
        "secret": ("WA", 50.0),
        "": ("WA", 50.0),
    }


def test_in_2025_09_a_folder_with_no_test_group_yaml_is_its_groups_not_one_of_its_own():
    more = newer("secret/more", ["secret/more/b"])  # no test_group.yaml: secret's own cases
    data = newer("", [newer("secret", ["secret/a", more], max_score=20.0)])
    graded = grade(data, verdicts(secret_a="AC", secret_more_b="WA"))
    assert [(g.path, g.score) for g in graded] == [("secret", 10.0), ("", 10.0)]
    inner = newer("secret/1/more", ["secret/1/more/a"])
    one = newer("secret/1", ["secret/1/a", inner], max_score=10.0, aggregation="min", grouped=True)
    graded = grade(newer("secret", [one]), verdicts(secret_1_a="AC", secret_1_more_a="WA"))
    assert [(g.path, g.verdict, g.score) for g in graded] == [
        ("secret/1", "WA", 0.0),
        ("secret", "WA", 0.0),
    ]


def test_in_a_pass_fail_problem_the_first_failure_ends_the_judging():
    data = newer("", [newer("sample", ["sample/1"]), newer("secret", ["secret/1"])], scoring=False)
    asked = []
    result_of = verdicts(sample_1="WA", secret_1="AC")
    graded = grade(data, lambda name: asked.append(name) or result_of(name))
    assert asked == ["sample/1"] and graded[-1].verdict == "WA"


def test_an_unbounded_groups_accepted_case_with_no_score_is_a_judge_error():
    data = newer("secret", ["secret/1"], max_score=None)
    assert grade(data, verdicts(secret_1="AC")) == [Graded("secret", "JE", 0.0)]
    assert grade(data, scored(secret_1=7.5))[-1] == Graded("secret", "AC", 7.5)
