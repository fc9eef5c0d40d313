"""How the runner finds problems, their cases and each solution's Judge: line."""

import json

import pytest
import runner_util
from runner_util import (
    BUSY,
    ECHO,
    POSIX_ONLY,
    USING,
    judge,
    last_line,
    make_root,
    runner_on,
    verdicts,
    write,
)
from util import ROOT

from judge import model, modes, problems

path = runner_util.path  # the fixture: both process paths


def test_a_problem_folder_without_inputs_is_a_usage_error_when_named(tmp_path):
    root = make_root(tmp_path, ECHO, {})
    status, _, err, _ = judge(root, "p")
    assert status == 2
    assert "problem 'p' has no testcases in testcases/p/" in err
    status, _, err, _ = judge(root)
    assert status == 2
    assert "no problem under " + str(root) + " has both solutions/NAME.py and testcases" in err


def test_half_added_problems_are_skipped_with_a_warning(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    make_root(tmp_path, ECHO, {}, name="empty")
    (root / "solutions" / "scratch.py").write_text("print('scratch')\n")
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="orphan")
    (root / "solutions" / "orphan.py").unlink()
    status, out, err, _ = judge(root)
    assert verdicts(out) == {"p/a": "AC"}
    assert last_line(out) == "1 passed, 0 failed"
    assert status == 0
    assert err.splitlines() == [
        "runner.py: warning: problem 'empty' has no testcases in testcases/empty/: skipped",
        "runner.py: warning: problem 'orphan' has no solutions/orphan.py: skipped",
        "runner.py: warning: problem 'scratch' has no testcases/scratch/ folder: skipped",
    ]
    for name in ["empty", "scratch", "orphan"]:  # named, each is an error
        status, out, err, _ = judge(root, "p", name)
        assert status == 2 and out == "" and "Traceback" not in err


@pytest.mark.parametrize("name", ["p.py", "solutions/p.py", "testcases/p", "testcases/p/"])
def test_a_problem_can_be_named_by_its_files(tmp_path, name):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="q")
    status, out, _, _ = judge(root, name)
    assert verdicts(out) == {"p/a": "AC"}
    assert status == 0


def test_an_unknown_problem_lists_the_known_ones(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="conecta4")
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="vertical_four")
    status, out, err, _ = judge(root, "conecta")
    assert status == 2 and out == ""
    assert err == (
        "runner.py: error: unknown problem 'conecta'; the problems are: conecta4, vertical_four\n"
    )


def test_a_stray_out_is_a_warning_naming_the_file_and_the_rest_runs(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    (root / "testcases" / "p" / "b.out").write_text("2\n")
    status, out, err, _ = judge(root)
    assert err == "runner.py: warning: testcases/p/b.out has no b.in beside it\n"
    assert verdicts(out) == {"p/a": "AC"} and status == 0


def test_problems_and_k_filter_the_cases(tmp_path):
    make_root(tmp_path, ECHO, {"one": ("1\n", "1\n"), "two": ("2\n", "2\n")}, name="p")
    make_root(tmp_path, ECHO, {"one": ("1\n", "1\n"), "three": ("3\n", "3\n")}, name="q")
    _, out, _, _ = judge(tmp_path)
    assert list(verdicts(out)) == ["p/one", "p/two", "q/one", "q/three"]
    _, out, _, _ = judge(tmp_path, "q")
    assert list(verdicts(out)) == ["q/one", "q/three"]
    _, out, _, _ = judge(tmp_path, "-k", "t")
    assert list(verdicts(out)) == ["p/two", "q/three"]
    _, out, _, _ = judge(tmp_path, "p", "-k", "on")
    assert list(verdicts(out)) == ["p/one"]


def test_cases_run_in_natural_order(tmp_path):
    names = ["sample-10", "sample-2", "sample-1", "big", "sample-1b"]
    root = make_root(tmp_path, ECHO, {name: ("1\n", "1\n") for name in names})
    _, out, _, _ = judge(root)
    expected = ["big", "sample-1", "sample-1b", "sample-2", "sample-10"]
    assert list(verdicts(out)) == ["p/" + name for name in expected]


def test_natural_key():
    names = ["a10", "a9", "b", "a", "a9x", "10", "9"]
    assert sorted(names, key=problems.natural_key) == ["9", "10", "a", "a9", "a9x", "a10", "b"]


@pytest.mark.parametrize(
    "text, profile",
    [
        (
            '"""\nJudge: AtCoder arc012_3; 2 s; 1024 MiB; exact\n"""\n',
            ("AtCoder arc012_3", 2, 1024, "exact"),
        ),
        (
            "# Judge:  Jutge.org P32786 ;0.5 s;256MiB;  jutge  \n",
            ("Jutge.org P32786", 0.5, 256, "jutge"),
        ),
        ("// Judge: Codeforces 4A; 1 s; 64 MiB; tokens\n", ("Codeforces 4A", 1, 64, "tokens")),
    ],
)
def test_a_judge_line_is_read(tmp_path, text, profile):
    make_root(tmp_path, text, {}, compare=None)
    assert problems.read_profile(tmp_path, "p") == (model.Profile(*profile), None)


def test_a_judge_line_after_a_byte_order_mark_is_read_and_its_limit_kept(tmp_path, path):
    """A Windows editor saves the file with a BOM before the Judge: line on its first line."""
    solution = (
        "\ufeff# Judge: Small judge; 1 s; 64 MiB; exact\nheld = b'x' * (300 << 20)\nprint(1)\n"
    )
    make_root(tmp_path, "", {"a": ("", "1\n")}, compare=None)
    (tmp_path / "solutions" / "p.py").write_bytes(solution.encode("utf-8"))
    assert problems.read_profile(tmp_path, "p") == (
        model.Profile("Small judge", 1, 64, "exact"),
        None,
    )
    status, out, err, _ = judge(tmp_path, path=path)
    assert verdicts(out) == {"p/a": "MLE"} and status == 1, out
    assert "has no" not in err and "Small judge: 1 s CPU, 64 MiB" in out


@pytest.mark.parametrize(
    "text, warning",
    [
        (
            "print(1)\n",
            "solutions/p.py has no 'Judge: NAME; N s; M MiB; exact|jutge|tokens|loose' line",
        ),
        (
            "Judge: X; 2 s; 1 GiB; exact\n",
            "solutions/p.py: cannot read 'Judge: X; 2 s; 1 GiB; exact'",
        ),
        (
            "Judge: X; 2 s; 256 MiB; fuzzy\n",
            "solutions/p.py: cannot read 'Judge: X; 2 s; 256 MiB; fuzzy'",
        ),
        (
            "Judge: X; 0 s; 256 MiB; exact\n",
            "solutions/p.py: cannot read 'Judge: X; 0 s; 256 MiB; exact'",
        ),
        (
            "Judge: 2 s; 256 MiB; exact\n",
            "solutions/p.py: cannot read 'Judge: 2 s; 256 MiB; exact'",
        ),
        ("Judge:\n", "solutions/p.py: cannot read 'Judge: '"),
        ("Judge: a; b; 1 s; 64 MiB; exact\n", "solutions/p.py: cannot read 'Judge: a; b; 1 s"),
        ("x = 1\n" * 2000 + "# Judge: X; 1 s; 1 MiB; exact\n", "solutions/p.py has no 'Judge: "),
    ],
)
def test_a_missing_or_malformed_judge_line_gives_the_defaults_and_a_warning(
    tmp_path, text, warning
):
    make_root(tmp_path, text, {}, compare=None)
    profile, said = problems.read_profile(tmp_path, "p")
    assert profile == problems.DEFAULT_PROFILE
    assert said.startswith(warning) and said.endswith(USING)


def test_the_profile_is_used_shown_and_overridden_by_flags(tmp_path):
    solution = '"""\nJudge: Slow judge; 0.3 s; 64 MiB; jutge\n"""\n' + BUSY
    make_root(tmp_path, solution, {"a": ("0.5", "1\n")}, compare=None)
    make_root(tmp_path, BUSY, {"a": ("0", "1\n")}, name="q", compare=None)
    status, out, err, _ = runner_on(tmp_path)
    assert verdicts(out) == {"p/a": "TLE", "q/a": "AC"}
    assert "== p (Slow judge: 0.3 s CPU, 64 MiB, jutge): 0 passed, 1 failed (1 TLE)" in out
    assert "== q (no Judge: line: 2 s CPU, 1024 MiB, exact): 1 passed, 0 failed" in out
    assert err == f"runner.py: warning: solutions/q.py has no '{modes.JUDGE_FORMAT}' line{USING}\n"
    assert status == 1
    status, out, _, _ = runner_on(tmp_path, "p", "--tle", "2", "--mle", "512", "--tokens")
    assert "== p (Slow judge: 2 s CPU, 512 MiB, tokens): 1 passed, 0 failed" in out
    assert status == 0


@pytest.mark.deep
def test_the_repository_passes_with_the_four_judge_profiles(tmp_path):
    report = tmp_path / "report.json"
    status, out, err, _ = runner_on(ROOT, "--json", str(report))
    data = json.loads(report.read_text())
    assert status == 0 and err == "", out[-2000:] + err
    assert data["failed"] == 0 and {case["verdict"] for case in data["cases"]} == {"AC"}
    assert all(case["cpu_ms"] > 0 for case in data["cases"])
    for name, profile in data["problems"].items():
        header = (ROOT / "solutions" / (name + ".py")).read_text(encoding="utf-8")
        line = f"Judge: {profile['judge']}; {profile['time_limit_s']:g} s; "
        line += f"{profile['memory_limit_mib']:g} MiB; {profile['compare']}"
        if profile["other_limit"]:
            line += "; {} {:g} s".format(*profile["other_limit"])
        line += "\n"
        assert line in header
    assert data["problems"]["conecta4"]["compare"] == "jutge"
    assert sorted(data["problems"]) == problems.find_problems(ROOT, [])[0]  # as the runner finds them


@pytest.mark.parametrize(
    "text",
    [
        "Judge: X; 1.2.3 s; 64 MiB; exact\n",
        "Judge: X; . s; 64 MiB; exact\n",
        "Judge: X; 1 s; 1..5 MiB; exact\n",
        "Judge: X; 1 s; 0 MiB; exact\n",
        "Judge: X; 1" + "0" * 400 + " s; 64 MiB; exact\n",  # a float, but inf
        "Judge: X; 1 s; 64 MiB; exact; C 1" + "0" * 400 + " s\n",
    ],
)
def test_a_malformed_judge_number_gives_the_defaults_and_a_warning(tmp_path, text):
    make_root(tmp_path, "# " + text + ECHO, {"a": ("1\n", "1\n")}, compare=None)
    profile, said = problems.read_profile(tmp_path, "p")
    assert profile == problems.DEFAULT_PROFILE and said.endswith(USING)
    status, out, err, _ = runner_on(tmp_path)
    assert verdicts(out) == {"p/a": "AC"} and status == 0
    assert "cannot read 'Judge: X;" in err and "Traceback" not in err


@POSIX_ONLY
def test_odd_case_names_are_judged_and_shown_escaped(tmp_path, path):
    long = "n" * 252  # n...n.in is 255 bytes: its .out could not be a file name
    names = ["sample-1²", "sample-1", long, "esc\x1b[31m", "new\nline"]
    root = make_root(tmp_path, ECHO, {name: ("1\n", "1\n") for name in names[:2]})
    for name in names[2:]:
        write(root / "testcases" / "p" / (name + ".in"), "1\n")
    status, out, err, _ = judge(root, path=path)
    assert status == 0 and err == "" and "\x1b" not in out
    assert "p/esc\\x1b[31m" in out and "p/new\\nline" in out
    assert last_line(out) == "2 passed, 0 failed"


def test_judge_only_keeps_the_judge_cases_and_the_summary_counts_both_kinds(tmp_path):
    cases = {"judge-a": ("a\n", "a\n"), "judge-b": ("b\n", "b\n"), "bom": ("x\n", "y\n")}
    root = make_root(tmp_path, ECHO, cases)
    status, out, _, _ = judge(root)
    assert status == 1 and verdicts(out) == {"p/judge-a": "AC", "p/judge-b": "AC", "p/bom": "WA"}
    lines = out.splitlines()
    at = lines.index(next(line for line in lines if "p/bom" in line))
    assert lines[at + 1] == "    " + model.EXTENDED_NOTE
    assert "; judge cases 2 of 2 passed, extended 0 of 1 passed;" in out
    status, out, _, _ = judge(root, "--judge-only", "--json", "r.json", cwd=tmp_path)
    assert status == 0 and verdicts(out) == {"p/judge-a": "AC", "p/judge-b": "AC"}
    assert last_line(out) == "2 passed, 0 failed" and "judge cases 2 of 2 passed" in out
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["judge_only"] and [case["judge_case"] for case in data["cases"]] == [True, True]


def test_a_failing_judge_case_has_no_extended_note(tmp_path):
    root = make_root(tmp_path, ECHO, {"judge-a": ("a\n", "b\n")})
    status, out, _, _ = judge(root)
    assert status == 1 and model.EXTENDED_NOTE not in out


def test_judge_only_without_judge_cases_is_a_usage_error(tmp_path):
    root = make_root(tmp_path, ECHO, {"bom": ("a\n", "a\n")})
    status, _, err, _ = judge(root, "--judge-only")
    assert status == 2 and "no judge case (judge-*)" in err


def test_a_file_named_just_in_is_the_case_with_no_name(tmp_path):
    root = make_root(tmp_path, ECHO, {"": ("1\n", "1\n")})
    status, out, err, _ = judge(root)
    assert status == 0 and err == "" and last_line(out) == "1 passed, 0 failed", err
