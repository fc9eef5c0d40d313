"""judge/expectations.py: what each of a package's submissions must get, by the 2025-09
format's folders and submissions.yaml, by problemtools' legacy folders, and by DOMjudge's
folders and @EXPECTED_RESULTS@ lines; those not judged listed with why. Asserted through
`--submissions --json` and the module's pure functions."""

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from runner_util import schema, submissions_report, write
from util import ROOT

from judge import expectations
from judge.expectations import Expectation, Got, Rule, Unread, unmet
from judge.grading import Graded
from judge.packages import read_package

PACKAGES = ROOT / "tests" / "packages"
EVERY = frozenset(expectations.SPEC)


def checked(tmp_path, folder):
    """runner.py --package folder --submissions --json: (exit status, the report, stderr)."""
    return submissions_report(tmp_path, folder)


def records(report):
    """{submission: (expected_by, got, ok)} of a --submissions report."""
    return {s["submission"]: (s["expected_by"], s["got"], s["ok"]) for s in report["submissions"]}


def test_the_2025_09_folders_and_submissions_yaml_are_each_submissions_expectation(tmp_path):
    status, report, err = checked(tmp_path, PACKAGES / "expect")
    assert status == 0, err
    assert records(report) == {
        "accepted/sum.py": ("folder", "AC", True),
        "rejected/zero.py": ("folder", "WA", True),  # any of WA, TLE, RTE
        "brute_force/small_only.py": ("folder", "RTE", True),  # AC, then RTE: no WA
        "mixed/first.py": ("submissions.yaml", "WA", True),  # AC on sample/, WA on secret/
        "mixed/second.py": ("submissions.yaml", "AC", True),  # the glob's braces: AC or WA
    }
    first = next(s for s in report["submissions"] if s["submission"] == "mixed/first.py")
    assert first["expected"] == "permitted [AC,WA]; sample: AC; secret: required [WA]"
    assert (report["passed"], report["failed"], report["skipped"]) == (5, 0, 0)
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(report, schema())


def copied(tmp_path, name):
    return shutil.copytree(PACKAGES / name, tmp_path / name)


def test_a_submission_that_does_not_meet_its_expectation_fails_the_run(tmp_path):
    folder = copied(tmp_path, "expect")
    right = (folder / "submissions" / "accepted" / "sum.py").read_text()
    write(folder / "submissions" / "rejected" / "right.py", right)  # rejected, yet accepted
    yaml = folder / "submissions" / "submissions.yaml"
    yaml.write_text(yaml.read_text() + "mixed/second.py:\n  secret/big:\n    required: [TLE]\n")
    status, report, err = checked(tmp_path, folder)
    assert status == 1, err
    by_name = {s["submission"]: s for s in report["submissions"]}
    right, second = by_name["rejected/right.py"], by_name["mixed/second.py"]
    assert (right["got"], right["ok"], len(right["unmet"])) == ("AC", False, 1)
    assert (second["got"], second["ok"], len(second["unmet"])) == ("AC", False, 1)
    assert (report["passed"], report["failed"]) == (4, 2)


def test_domjudges_folders_and_expected_results_lines_and_those_not_judged(tmp_path):
    status, report, err = checked(tmp_path, PACKAGES / "domjudged")
    assert status == 0, err
    assert records(report) == {
        "accepted/sum.py": ("@EXPECTED_RESULTS@", "AC", True),
        "wrong_answer/quiet.py": ("@EXPECTED_RESULTS@", "WA", True),  # NO-OUTPUT, by its line
        "run_time_error/crash.py": ("@EXPECTED_RESULTS@", "RTE", True),
        "check_manually/twice.py": (None, None, None),  # two lines: not judged
        "compiler_error/broken.py": ("folder", "CE", True),
        "mixed/plain.py": (None, None, None),  # no line, and no verdict's folder
        "multiple/java.py": ("@EXPECTED_RESULTS@", None, None),  # submissions.json: java
        "multiple/maybe.py": ("@EXPECTED_RESULTS@", "WA", True),
        "no_output/nothing.py": ("folder", "WA", True),  # NO-OUTPUT: it wrote nothing
        "output_limit/flood.py": ("folder", "OLE", True),
    }
    expected = {s["submission"]: s["expected"] for s in report["submissions"]}
    assert expected["wrong_answer/quiet.py"] == "NO-OUTPUT"
    assert expected["run_time_error/crash.py"] == "RUN-ERROR"  # the folder's, among the line's
    assert expected["multiple/maybe.py"] == "CORRECT, WRONG-ANSWER"
    skipped = [s for s in report["submissions"] if s["ok"] is None]
    assert all(s["why"] and s["cases"] == [] for s in skipped)
    assert (report["passed"], report["failed"], report["skipped"]) == (7, 0, 3)
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(report, schema())


def test_a_wrong_answer_is_no_output_only_where_the_program_wrote_nothing(tmp_path):
    folder = copied(tmp_path, "domjudged")
    for name in ("multiple", "check_manually", "mixed", "output_limit", "compiler_error"):
        shutil.rmtree(folder / "submissions" / name)
    write(folder / "submissions" / "no_output" / "zero.py", "print(0)\n")  # WRONG-ANSWER
    write(folder / "submissions" / "wrong_answer" / "slow.py", "# @EXPECTED_RESULTS@: TIMELIMIT\n")
    status, report, _ = checked(tmp_path, folder)
    assert status == 1
    got = records(report)
    assert got["no_output/zero.py"] == ("folder", "WA", False)
    assert got["wrong_answer/slow.py"] == ("@EXPECTED_RESULTS@", "WA", False)
    assert got["no_output/nothing.py"] == ("folder", "WA", True)


# ---------------------------------------------------------------- pure functions


@pytest.mark.parametrize(
    "glob, path, wanted",
    [
        ("accepted", "accepted/x.py", True),  # a folder matches what is in it
        ("accepted/", "accepted/x.py", True),
        ("accepted/*", "accepted/x.py", True),
        ("accepted/x", "accepted/x.py", False),  # whole names only
        ("*/x.py", "accepted/x.py", True),
        ("*/x.py", "a/b/x.py", False),  # * stays within a name
        ("*.py", "accepted/x.py", False),  # a glob without / names a folder
        ("a/x.{py,cpp}", "a/x.cpp", True),
        ("a/x.{py,cpp}", "a/x.c", False),
        ("secret/*{ 4 }{ 2 }", "secret/142", True),  # spaces in braces left out
        ("secret/*{,0}{0,2}", "secret/7", False),
        ("secret/*{,0}{0,2}", "secret/12", True),
    ],
)
def test_a_glob_matches_as_the_format_says(glob, path, wanted):
    assert expectations.matches(glob, path) is wanted


@pytest.mark.parametrize("glob", ["**/x.py", "a/[xy].py", "a/{x,{y,z}}.py", "a/{x.py"])
def test_a_glob_the_format_does_not_support_is_refused(glob):
    with pytest.raises(ValueError, match="glob"):
        expectations.matches(glob, "a/x.py")


def got(verdicts, final=None, silent=(), graded=(), score=None, cases=None):
    """A Got of case verdicts in order (Kattis's names)."""
    final = final or next((v for v in verdicts.values() if v != "AC"), "AC")
    cases = tuple(verdicts) if cases is None else cases
    return Got(final, score, verdicts, graded, frozenset(silent), cases)


def rule(permitted=EVERY, required=EVERY, glob=None, score=None):
    return Rule(glob, frozenset(permitted), frozenset(required), score)


def folder_rules(name):
    """The Rules of a default folder of the 2025-09 format."""
    return expectations.rules_of(expectations.DEFAULTS[name], None, False)


@pytest.mark.parametrize(
    "folder, verdicts, met",
    [
        ("accepted", ["AC", "AC"], True),
        ("accepted", ["AC", "WA"], False),
        ("rejected", ["AC", "TLE"], True),
        ("rejected", ["AC", "AC"], False),
        ("wrong_answer", ["AC", "WA"], True),
        ("wrong_answer", ["WA", "TLE"], False),  # TLE is not permitted
        ("time_limit_exceeded", ["TLE"], True),
        ("run_time_error", ["MLE"], True),  # MLE counts as RTE
        ("run_time_error", ["OLE"], True),  # so does OLE
        ("brute_force", ["AC", "TLE"], True),
        ("brute_force", ["AC", "RTE"], True),
        ("brute_force", ["AC", "AC"], False),  # it must fail once
        ("brute_force", ["AC", "WA"], False),  # and never WA
        ("accepted", ["JE"], False),  # a judging error meets no rule
    ],
)
def test_each_default_folder_of_the_format_permits_and_requires_what_the_spec_says(
    folder, verdicts, met
):
    expectation = Expectation("folder", tuple(folder_rules(folder)))
    cases = {f"secret/{i}": verdict for i, verdict in enumerate(verdicts)}
    assert (not unmet(expectation, got(cases))) is met


def test_a_case_not_run_could_have_met_a_required_rule():
    """As BAPCtools: a group stopped at its first failure leaves cases out; a rule that wants
    one case of them is not failed for it."""
    wants = Expectation("submissions.yaml", (rule(required={"TLE"}, glob="secret/b"),))
    cases = ("sample/1", "secret/a/1", "secret/b/1")
    assert unmet(wants, got({"sample/1": "AC", "secret/a/1": "WA"}, cases=cases)) == []
    ran = got({"sample/1": "AC", "secret/a/1": "WA", "secret/b/1": "AC"}, cases=cases)
    assert len(unmet(wants, ran)) == 1


def test_a_test_case_glob_holds_for_its_groups_cases_and_a_score_for_the_group_itself():
    graded = (Graded("secret/g1", "AC", 30.0), Graded("secret", "WA", 30.0), Graded("", "WA", 30))
    cases = {"secret/g1/1": "AC", "secret/g2/1": "WA"}
    wants = Expectation(
        "submissions.yaml",
        (
            rule(permitted={"AC"}, glob="secret/g1"),
            rule(score=(30.0, 30.0), glob="secret/g1"),
            rule(score=(0.0, 40.0)),
        ),
    )
    assert unmet(wants, got(cases, graded=graded, score=30.0)) == []
    lower = (Graded("secret/g1", "AC", 20.0), *graded[1:])
    assert len(unmet(wants, got(cases, graded=lower, score=30.0))) == 1


def test_use_for_time_limit_lower_and_upper_are_rules_on_the_verdicts():
    lower = expectations.rules_of({"use_for_time_limit": "lower"}, None, False)
    upper = expectations.rules_of({"use_for_time_limit": "upper"}, None, False)
    assert not unmet(Expectation("submissions.yaml", tuple(lower)), got({"s/1": "WA"}))
    assert unmet(Expectation("submissions.yaml", tuple(lower)), got({"s/1": "TLE"}))
    assert not unmet(Expectation("submissions.yaml", tuple(upper)), got({"s/1": "TLE"}))
    assert unmet(Expectation("submissions.yaml", tuple(upper)), got({"s/1": "AC"}))


@pytest.mark.parametrize(
    "entry",
    [
        {"permitted": ["AC", "OK"]},  # no such verdict
        {"permitted": "AC"},  # not a list
        {"required": []},
        {"message": ["hello"]},  # not a string
        {"score": 50},  # a pass-fail problem
        {"use_for_time_limit": "sometimes"},
        {"secret": {"permitted": ["AC"], "notes": "x"}},
        {"secret/nothing": {"permitted": ["AC"]}},  # names no case
        {"secret/**": {"permitted": ["AC"]}},
    ],
)
def test_an_entry_that_cannot_be_read_exactly_is_unread(entry):
    with pytest.raises(Unread):
        expectations.entry_rules(entry, ["sample", "sample/1", "secret", "secret/1"], False)


@pytest.mark.parametrize(
    "text, wanted",
    [
        ("// @EXPECTED_RESULTS@: CORRECT\n", (("CORRECT",), None)),
        ("# @expected_results@: accepted, Wrong_Answer\n", (("CORRECT", "WRONG-ANSWER"), None)),
        ("/* @EXPECTED_RESULTS@: TIMELIMIT,RUN-ERROR */", None),  # */ is no result
        ("@EXPECTED_SCORE@: 12.5\n", (None, 12.5)),
        ("nothing here", (None, None)),
        ("@EXPECTED_RESULTS@: CORRECT\n@EXPECTED_RESULTS@: CORRECT\n", None),
        ("@EXPECTED_RESULTS@: NO-OUTPUT\n@EXPECTED_SCORE@: NO-OUTPUT\n", None),
    ],
)
def test_expected_results_lines_are_read_as_domjudge_reads_them(text, wanted):
    if wanted is None:
        with pytest.raises(Unread):
            expectations.annotated(text)
    else:
        assert expectations.annotated(text) == wanted


def test_a_line_names_the_results_permitted_unless_the_folders_result_is_among_them(tmp_path):
    source = tmp_path / "a.py"
    write(source, "# @EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT\n")
    assert expectations.judges_reading("time_limit_exceeded", source, False).finals == (
        "TIMELIMIT",
    )
    assert expectations.judges_reading("accepted", source, False).finals == (
        "WRONG-ANSWER",
        "TIMELIMIT",
    )
    assert expectations.judges_reading("mixed", source, False).by == "@EXPECTED_RESULTS@"


def test_an_accepted_submission_gives_the_time_limit_though_a_score_is_asked_of_it(tmp_path):
    """DOMjudge's scoring examples mark each accepted program with the score it must get:
    it still times the limit, as any accepted one (the packages were refused for want of
    one)."""
    source = tmp_path / "a.py"
    write(source, "# @EXPECTED_RESULTS@: CORRECT\n# @EXPECTED_SCORE@: 60\n")
    assert expectations.judges_reading("accepted", source, True).timing
    assert not expectations.judges_reading("wrong_answer", source, True).timing


def test_no_output_is_a_wrong_answer_whose_first_failed_case_wrote_nothing():
    wants = Expectation("folder", finals=("NO-OUTPUT",), domjudge=True)
    assert not unmet(wants, got({"s/1": "AC", "s/2": "WA"}, silent={"s/2"}))
    assert unmet(wants, got({"s/1": "AC", "s/2": "WA"}, silent={"s/1"}))
    interactive = replace(got({"s/1": "WA"}, silent={"s/1"}), interactive=True)
    assert unmet(wants, interactive)  # DOMjudge gives no NO-OUTPUT where it runs piped


def test_a_language_or_entry_point_other_than_the_runners_is_said(tmp_path):
    """DOMjudge's submissions.json is checked against the program found, not obeyed."""
    source = Path("accepted/x.py")
    assert expectations.consistent(Expectation("x", checked=("python3", None)), source) is None
    assert expectations.consistent(Expectation("x", checked=("python2", None)), source)
    assert expectations.consistent(Expectation("x", checked=(None, "x.py")), source) is None
    assert expectations.consistent(Expectation("x", checked=(None, "main.py")), source)


def test_submissions_yaml_in_a_legacy_package_is_a_warning_and_a_default_folder_is_replaced(
    tmp_path,
):
    folder = copied(tmp_path, "expect")
    yaml = folder / "submissions" / "submissions.yaml"
    write(yaml, "rejected:\n  required: [TLE]\n")  # replaces rejected's required
    known = expectations.Expectations(read_package(folder))
    rejected = known.of("rejected/zero.py", folder / "submissions" / "rejected" / "zero.py")
    assert [(r.permitted, r.required) for r in rejected.rules] == [(EVERY, {"TLE"})]
    problem = folder / "problem.yaml"
    problem.write_text(problem.read_text().replace("2025-09", "legacy"))
    assert len(expectations.Expectations(read_package(folder)).warnings) == 1


# ---------------------------------------------------------------- submissions.yaml read whole


def bounds_with(tmp_path, *kept):
    """A copy of bounds with the submissions kept alone (folders or files), and accepted/,
    under a time limit of 2 s, which no busy machine makes them pass."""
    folder = copied(tmp_path, "bounds")
    problem = folder / "problem.yaml"
    problem.write_text(problem.read_text() + "  time_limit: 2\n")
    for each in (folder / "submissions").glob("*/*"):
        label = each.relative_to(folder / "submissions").as_posix()
        if not any(label.startswith(keep) for keep in ("accepted", *kept)):
            shutil.rmtree(each) if each.is_dir() else each.unlink()
    return folder


def test_a_language_and_entry_point_of_submissions_yaml_build_the_program(tmp_path):
    """bounds' folder/metadata: its main.py fails; right.py, the entry point named, is right."""
    folder = bounds_with(tmp_path, "folder/")
    shutil.copytree(folder / "submissions/folder/metadata", folder / "submissions/folder/main")
    yaml = folder / "submissions" / "submissions.yaml"
    yaml.write_text(yaml.read_text() + "folder/main:\n  required: [RTE]\n")
    status, report, err = checked(tmp_path, folder)
    assert status == 0, err
    got = records(report)
    assert got["folder/metadata"] == ("submissions.yaml", "AC", True)
    assert got["folder/main"] == ("submissions.yaml", "RTE", True)  # main.py, as found


def test_a_message_must_be_in_the_judgemessage_of_a_case_it_holds_for(tmp_path):
    folder = bounds_with(tmp_path, "wa/")
    hello = (folder / "submissions" / "wa" / "hello.py").read_text()
    write(folder / "submissions" / "wa" / "bye.py", hello)
    write(folder / "submissions" / "wa" / "cased.py", hello)
    two = (folder / "submissions" / "wa" / "two.py").read_text()
    write(folder / "submissions" / "wa" / "scoped.py", two)
    yaml = folder / "submissions" / "submissions.yaml"
    more = "wa/bye.py:\n  message: got bye\nwa/cased.py:\n  message: Got hello\n"
    more += "wa/scoped.py:\n  sample:\n    message: wanted 3\n"  # secret/a's, not sample's
    yaml.write_text(yaml.read_text() + more)
    status, report, _ = checked(tmp_path, folder)
    assert status == 1
    by_name = {s["submission"]: s for s in report["submissions"]}
    assert by_name["wa/hello.py"]["ok"] is True
    assert by_name["wa/hello.py"]["expected"] == 'WA; message "got hello"'
    for name in ("wa/bye.py", "wa/cased.py", "wa/scoped.py"):  # the match is case-sensitive
        assert by_name[name]["ok"] is False
        assert [line.split(": ")[-1] for line in by_name[name]["unmet"]] == [
            "in no case's judgemessage.txt"
        ]


def test_a_rule_on_cases_past_the_first_failure_is_judged_on_them(tmp_path):
    """wa/two.py fails sample/1 first; its rules on secret/ are met, or not, on those cases
    run, never on cases not run."""
    folder = bounds_with(tmp_path, "wa/two.py")
    two = (folder / "submissions" / "wa" / "two.py").read_text()
    write(folder / "submissions" / "wa" / "never.py", two)
    yaml = folder / "submissions" / "submissions.yaml"
    yaml.write_text(yaml.read_text() + "wa/never.py:\n  secret/a:\n    required: [AC]\n")
    status, report, _ = checked(tmp_path, folder)
    assert status == 1
    by_name = {s["submission"]: s for s in report["submissions"]}
    two, never = by_name["wa/two.py"], by_name["wa/never.py"]
    assert (two["got"], two["ok"]) == ("WA", True)
    assert {c["case"]: c["verdict"] for c in two["cases"]}["secret/b"] == "AC"
    assert (never["got"], never["ok"]) == ("WA", False)
    assert never["unmet"] == ["secret/a: required [AC] of a case: none got one"]


def test_use_for_time_limit_lower_raises_the_time_limit_and_upper_wants_a_tle(tmp_path):
    """bounds sets no time limit: tle/spin.py's sample (lower) gives it, 0.15 s of CPU times
    2 at least, and one of its secret cases is TLE (upper); each of its submissions meets its
    rules without the safety margin."""
    status, report, err = checked(tmp_path, PACKAGES / "bounds")
    assert status == 0, err
    assert all(s["ok"] and not s["extra_time"] for s in report["submissions"]), report
    spin = next(s for s in report["submissions"] if s["submission"] == "tle/spin.py")
    assert spin["got"] == "TLE"
    assert "TLE" in [c["verdict"] for c in spin["cases"] if c["case"].startswith("secret/")]
    assert report["problems"]["bounds"]["time_limit_s"] >= 0.3
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(report, schema())


@pytest.mark.parametrize(
    "entry, bound",
    [
        ({"permitted": ["AC"]}, "lower"),
        (expectations.DEFAULTS["wrong_answer"], "lower"),  # no TLE permitted
        (expectations.DEFAULTS["time_limit_exceeded"], "upper"),
        (expectations.DEFAULTS["brute_force"], ""),  # required: [RTE, TLE], not TLE alone
        ({"permitted": ["AC"], "use_for_time_limit": False}, ""),
        ({"use_for_time_limit": "lower"}, "lower"),
    ],
)
def test_a_rule_bounds_the_time_limit_as_the_spec_says(entry, bound):
    rules = expectations.rules_of(entry, None, False)
    assert {rule.bound for rule in rules} - {""} == ({bound} if bound else set())


def test_undecided_names_the_cases_a_rule_still_needs_and_none_once_decided():
    cases = ("sample/1", "secret/1", "secret/2")
    every_ac = Expectation("folder", (rule(permitted={"AC"}),))
    assert expectations.undecided(every_ac, got({"sample/1": "AC"}, cases=cases)) == [
        "secret/1",
        "secret/2",
    ]
    assert expectations.undecided(every_ac, got({"sample/1": "WA"}, cases=cases)) == []  # broken
    one_ac = Expectation("x", (rule(required={"AC"}, glob="secret"),))
    assert expectations.undecided(one_ac, got({"sample/1": "WA"}, cases=cases)) == [
        "secret/1",
        "secret/2",
    ]
    assert expectations.undecided(one_ac, got({"secret/1": "AC"}, cases=cases)) == []
    # a rule that permits a failure, met at the first: the judges stop there, and so it is
    tle = Expectation("folder", tuple(folder_rules("time_limit_exceeded")))
    assert (
        expectations.undecided(tle, got({"sample/1": "AC", "secret/1": "TLE"}, cases=cases)) == []
    )
    assert expectations.undecided(tle, got({"sample/1": "AC"}, cases=cases)) == [
        "secret/1",
        "secret/2",
    ]
