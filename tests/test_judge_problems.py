"""judge/problems.py: finding problems and their cases, and reading a solution's `Judge:` line.
The line's grammar and the finding are tested in process from tables; then the runner, on
tiny roots, judges what it found by the profile it read (its --json report)."""

import pytest
import runner_util
from runner_util import (
    BUSY,
    ECHO,
    USING,
    case_details,
    case_verdicts,
    judge,
    judged,
    make_root,
    write,
)
from util import ROOT, usage_error

from judge import model, modes, problems
from judge.model import UsageError

path = runner_util.path  # the fixture: both process paths
CANNOT = "solutions/p.py: cannot read 'Judge: "
NO_LINE = f"solutions/p.py has no '{modes.JUDGE_FORMAT}' line{USING}"
NO_MODE = "is no judging mode: want exact|jutge|tokens|loose, float EPS,"


def test_natural_key():
    names = ["a10", "a9", "b", "a", "a9x", "10", "9", "a²", "a1"]
    expected = ["9", "10", "a", "a1", "a9", "a9x", "a10", "a²", "b"]  # a superscript is text
    assert sorted(names, key=problems.natural_key) == expected


# ---------------------------------------------------------------- the Judge: line


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
        ("\ufeff# Judge: Small judge; 1 s; 64 MiB; exact\n", ("Small judge", 1, 64, "exact")),
        ("// Judge: X; .5 s; 64. MiB; loose\n", ("X", 0.5, 64, "loose")),
        ("# Judge: X; 1 s; 64 MiB; float 1e-6\n", ("X", 1, 64, "float 1e-6")),
        ("x = 1\n" * 10 + "# Judge: Late; 1 s; 64 MiB; exact\n", ("Late", 1, 64, "exact")),
        (
            "# Judge: Exam; 2 s; 256 MiB; exact; C/C++ 1 s\n",
            ("Exam", 2, 256, "exact", ("C/C++", 1.0)),
        ),
        (
            "# Judge: Exam; 2 s; 256 MiB; exact;C++17 (GCC)   0.25s\n",
            ("Exam", 2, 256, "exact", ("C++17 (GCC)", 0.25)),
        ),
        (
            "# Judge: Exam; 2 s; 256 MiB; tokens; 16 MiB output\n",
            ("Exam", 2, 256, "tokens", None, 16.0),
        ),
        (
            "# Judge: Exam; 2 s; 256 MiB; exact ;0.5MiB  output ; C 1 s\n",
            ("Exam", 2, 256, "exact", ("C", 1.0), 0.5),
        ),
    ],
)
def test_a_judge_line_is_read(tmp_path, text, profile):
    name, time_limit, memory_limit, mode, *other = profile
    make_root(tmp_path, text, {}, compare=None)
    expected = model.Profile(name, time_limit, memory_limit, modes.parse_mode(mode), *other)
    assert problems.read_profile(tmp_path, "p") == (expected, None)


@pytest.mark.parametrize(
    "mode, read, why",
    [
        ("float 1e-6", "float 1e-6", None),
        ("float   0.5", "float 0.5", None),
        ("checker checkers/p_checker.py", "checker checkers/p_checker.py", None),
        ("validator ./v --case-sensitive", "validator ./v --case-sensitive", None),
        ("interactor  python3 checkers/i.py", "interactor python3 checkers/i.py", None),
        ("float", None, "float wants a tolerance"),
        ("float 0", None, "float wants a tolerance"),
        ("checker", None, "'checker' needs a command"),
        ("fuzzy 1", None, "'fuzzy 1' " + NO_MODE),
        ("exact 1", None, "'exact 1' " + NO_MODE),
    ],
)
def test_the_judge_line_names_the_mode_or_says_why_it_cannot(tmp_path, mode, read, why):
    """A mode is read (what follows it too), or the line gives the defaults and says why."""
    fields = f"X; 1 s; 64 MiB; {mode}; C/C++ 0.5 s"
    write(tmp_path / "solutions" / "p.py", f"# Judge: {fields}\n")
    profile, warning = problems.read_profile(tmp_path, "p")
    if why is None:
        assert warning is None and profile.mode.text == read
        assert profile.other_limit == ("C/C++", 0.5)
    else:
        assert profile == problems.DEFAULT_PROFILE and why in warning, warning
        assert warning.startswith(f"{CANNOT}{fields}': ")


@pytest.mark.parametrize(
    "text, warning",
    [
        ("print(1)\n", NO_LINE),
        ("x = 1\n" * 2000 + "# Judge: X; 1 s; 1 MiB; exact\n", NO_LINE),  # past the opening
        ("# judge: X; 1 s; 64 MiB; exact\n", NO_LINE),
        ("  Judge: X; 1 s; 64 MiB; exact\n", NO_LINE),  # indented: the tail of another field
        ("Problem: A,\n\tJudge: X; 1 s; 64 MiB; exact\n", NO_LINE),
        ("#  Judge: X; 1 s; 64 MiB; exact\n", NO_LINE),
        ("#Judge: X; 1 s; 64 MiB; exact\n", NO_LINE),
        ("  * Judge: X; 1 s; 64 MiB; exact\n", NO_LINE),
        ("x = 1  # Judge: X; 1 s; 64 MiB; exact\n", NO_LINE),
        ("Judge: X; 2 s; 1 GiB; exact\n", CANNOT + "X; 2 s; 1 GiB; exact'"),
        ("Judge: X; 2 s; 256 MiB; fuzzy\n", CANNOT + "X; 2 s; 256 MiB; fuzzy'"),
        ("Judge: X; 0 s; 256 MiB; exact\n", CANNOT + "X; 0 s; 256 MiB; exact'"),
        ("Judge: 2 s; 256 MiB; exact\n", CANNOT + "2 s; 256 MiB; exact'"),
        ("Judge:\n", CANNOT + "'"),
        ("Judge: a; b; 1 s; 64 MiB; exact\n", CANNOT + "a; b; 1 s"),
        ("Judge: X; 1.2.3 s; 64 MiB; exact\n", CANNOT + "X; 1.2.3 s;"),
        ("Judge: X; . s; 64 MiB; exact\n", CANNOT + "X; . s;"),
        ("Judge: X; 1 s; 1..5 MiB; exact\n", CANNOT + "X; 1 s; 1..5"),
        ("Judge: X; 1 s; 0 MiB; exact\n", CANNOT + "X; 1 s; 0 MiB"),
        ("Judge: X; 1" + "0" * 400 + " s; 64 MiB; exact\n", CANNOT),  # inf
        ("Judge: X; 1 s; 64 MiB; exact; C 1" + "0" * 400 + " s\n", CANNOT),
        ("Judge: X; 1 s; 64 MiB; exact; C 0 s\n", CANNOT + "X; 1 s;"),
        ("Judge: X; 1 s; 64 MiB; exact; 0 MiB output\n", CANNOT + "X; 1 s;"),
        ("Judge: X; 1 s; 64 MiB; exact; 1 MiB output; 2 MiB output\n", CANNOT + "X; 1 s;"),
        ("Judge: X; 1 s; 64 MiB; exact; 1 MiB\n", CANNOT + "X; 1 s;"),
        ("Judge: X; 1 s; 64 MiB; exact;\n", CANNOT + "X; 1 s;"),
    ],
)
def test_a_missing_or_malformed_judge_line_gives_the_defaults_and_a_warning(
    tmp_path, text, warning
):
    make_root(tmp_path, text, {}, compare=None)
    profile, said = problems.read_profile(tmp_path, "p")
    assert profile == problems.DEFAULT_PROFILE
    assert said.startswith(warning) and said.endswith(USING)


def test_the_judge_line_opens_its_line_and_the_indented_one_is_text(tmp_path):
    """A title wrapped onto an indented line of the header cannot pass for the Judge: line."""
    text = (
        '"""\nProblem: A very long title,\n  Judge: Evil; 99 s; 9999 MiB; checker sh -c evil\n'
        'Judge: Codeforces 1352A; 1 s; 256 MiB; tokens\n"""\n'
    )
    write(tmp_path / "solutions" / "p.py", text)
    profile = model.Profile("Codeforces 1352A", 1, 256, modes.parse_mode("tokens"))
    assert problems.read_profile(tmp_path, "p") == (profile, None)


@pytest.mark.parametrize(
    "text, lines",
    [
        ('"""\nJudge: A; 1 s; 64 MiB; exact\nJudge: B; 9 s; 64 MiB; exact\n"""\n', "2, 3"),
        ("# Judge: A; 1 s; 64 MiB; exact\nx = 1\n// Judge: A; 1 s; 64 MiB; exact\n", "1, 3"),
        ("# Judge: A; 1 s; 64 MiB; exact\n" * 3, "1, 2, 3"),
        ("Judge: A; 1 s; 64 MiB; exact\n" + "x = 1\n" * 9 + "Judge: broken\n", "1, 11"),
    ],
)
def test_a_second_judge_line_gives_the_defaults_and_a_warning(tmp_path, text, lines):
    write(tmp_path / "solutions" / "p.py", text)
    profile, warning = problems.read_profile(tmp_path, "p")
    count = lines.count(",") + 1
    assert profile == problems.DEFAULT_PROFILE
    assert warning == f"solutions/p.py has {count} Judge: lines (lines {lines}), want one{USING}"


def test_a_second_judge_line_past_the_header_is_not_read(tmp_path):
    text = (
        "# Judge: A; 1 s; 64 MiB; tokens\n" + "x = 1\n" * 2000 + "# Judge: B; 9 s; 1 MiB; exact\n"
    )
    write(tmp_path / "solutions" / "p.py", text)
    profile = model.Profile("A", 1, 64, modes.parse_mode("tokens"))
    assert problems.read_profile(tmp_path, "p") == (profile, None)


def test_the_repositorys_solutions_read_their_judge_line():
    """Each opens with a docstring whose second line, after Problem:, is its Judge: line."""
    for name in problems.find_problems(ROOT, [])[0]:
        profile, warning = problems.read_profile(ROOT, name)
        header = (ROOT / "solutions" / f"{name}.py").read_text(encoding="utf-8").split('"""')
        line = header[1].splitlines()[2]  # [0]: what follows the opening quotes
        assert warning is None and line.startswith(f"Judge: {profile.judge_name}; "), name


def test_an_unreadable_solution_gives_the_defaults_and_says_why(tmp_path):
    profile, warning = problems.read_profile(tmp_path, "p")
    assert profile == problems.DEFAULT_PROFILE
    assert warning == f"cannot read solutions/p.py (No such file or directory){USING}"
    default = model.Profile(None, 2.0, 1024.0, modes.parse_mode("exact"))
    assert default == problems.DEFAULT_PROFILE


def test_a_long_judge_line_is_shortened_in_its_warning(tmp_path):
    write(tmp_path / "solutions" / "p.py", "# Judge: " + "x" * 300 + "\n")
    _, warning = problems.read_profile(tmp_path, "p")
    assert "x" * 100 + "... (200 more characters)'" in warning


# ---------------------------------------------------------------- problems and cases found


def half_added_root(tmp_path):
    """A root of one whole problem, p, and three half added: empty (its testcases folder
    empty), scratch (no testcases folder) and orphan (no solution)."""
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    make_root(tmp_path, ECHO, {}, name="empty")
    (root / "solutions" / "scratch.py").write_text("print('scratch')\n")
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="orphan")
    (root / "solutions" / "orphan.py").unlink()
    return root


def test_problems_are_found_and_the_half_added_skipped_with_a_reason(tmp_path):
    root = half_added_root(tmp_path)
    (root / "solutions" / "_shared.py").write_text("")  # a module the solutions share
    assert problems.find_problems(root, []) == (
        ["p"],
        [
            "problem 'empty' has no testcases in testcases/empty/: skipped",
            "problem 'orphan' has no solutions/orphan.py: skipped",
            "problem 'scratch' has no testcases/scratch/ folder: skipped",
        ],
    )
    assert problems.find_problems(root, ["orphan"], command=True) == (["orphan"], [])
    for name, why in [
        ("empty", "problem 'empty' has no testcases in testcases/empty/"),
        ("orphan", "problem 'orphan' has no solutions/orphan.py"),
        ("nope", "unknown problem 'nope'; the problems are: empty, orphan, p, scratch"),
        ("_shared", "unknown problem '_shared'; the problems are: "),
    ]:
        assert usage_error(problems.find_problems, root, [name]).startswith(why)


def test_a_root_without_a_runnable_problem_is_a_usage_error(tmp_path):
    said = usage_error(problems.find_problems, tmp_path, ["x"])
    assert said == f"unknown problem 'x'; the problems are: none under {tmp_path}"
    make_root(tmp_path, ECHO, {})
    assert usage_error(problems.find_problems, tmp_path, []) == (
        f"no problem under {tmp_path} has both solutions/NAME.py and testcases"
    )


@pytest.mark.parametrize(
    "names, found",
    [
        (["p.py"], ["p"]),
        (["solutions/p.py"], ["p"]),
        (["testcases/p"], ["p"]),
        (["testcases/p/"], ["p"]),
        (["q", "p", "q.py"], ["q", "p"]),
    ],
)
def test_a_problem_is_named_by_its_files_once(tmp_path, names, found):
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="q")
    assert problems.find_problems(tmp_path, names) == (found, [])


def test_a_solution_in_another_language_is_a_problem_and_two_are_refused(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="c")
    (root / "solutions" / "c.py").rename(root / "solutions" / "c.cpp")
    write(root / "solutions" / "notes.txt", "")  # no language's: no problem
    assert problems.find_solution(root, "c") == "solutions/c.cpp"
    assert problems.find_solution(root, "nope") is None
    assert problems.find_problems(root, []) == (["c", "p"], [])
    assert problems.find_problems(root, ["solutions/c.cpp", "c.cpp"]) == (["c"], [])
    write(root / "solutions" / "p.java", "class Main {}\n")
    two = "problem 'p' has 2 solutions, solutions/p.py, solutions/p.java: keep one"
    assert problems.find_problems(root, []) == (["c"], [two + ": skipped"])
    with pytest.raises(UsageError, match=f"^{two}$"):
        problems.find_problems(root, ["p"])
    assert problems.find_problems(root, ["p"], command=True) == (["p"], [])
    assert problems.read_profile(root, "p") == (problems.DEFAULT_PROFILE, two + USING)


@pytest.mark.parametrize(
    "name, text",
    [
        ("p.cpp", "// Judge: T; 1 s; 256 MiB; exact\n#include <cstdio>\n"),
        ("p.java", "import java.util.*;\n/* Judge: T; 1 s; 256 MiB; exact\n */\n"),
        ("p.rs", "/*\n * Judge: T; 1 s; 256 MiB; exact\n */\n"),
        ("p.js", "#!/usr/bin/env node\n// Judge:T;1 s;256 MiB;exact\n"),
        ("p.c", "/* Judge: T; 1 s; 256 MiB; exact */\nint main(void) { return 0; }\n"),
    ],
)
def test_the_judge_line_is_read_from_the_solutions_comment_in_any_language(tmp_path, name, text):
    write(tmp_path / "solutions" / name, text)
    exact = modes.parse_mode("exact")
    assert problems.read_profile(tmp_path, "p") == (model.Profile("T", 1, 256, exact), None)
    (tmp_path / "solutions" / name).write_text("int main() {}\n")
    assert problems.read_profile(tmp_path, "p")[1] == f"solutions/{name} has no '" + (
        f"{modes.JUDGE_FORMAT}' line{USING}"
    )


def test_cases_are_found_in_natural_order_filtered_with_a_warning_per_lone_out(tmp_path):
    names = ["sample-10", "sample-2", "judge-sample-1", "big", "sample-1b", ""]
    root = make_root(tmp_path, ECHO, {name: ("1\n", "1\n") for name in names})
    write(root / "testcases" / "p" / "lone.out", "1\n")
    write(root / "testcases" / "p" / "no-answer.in", "1\n")
    found, stray = problems.find_cases(root, "p", "")
    order = ["", "big", "judge-sample-1", "no-answer", "sample-1b", "sample-2", "sample-10"]
    assert [case.name for case in found] == order
    assert stray == ["testcases/p/lone.out has no lone.in beside it"]
    folder = root / "testcases" / "p"
    assert found[2] == model.Case(
        "p", "judge-sample-1", folder / "judge-sample-1.in", folder / "judge-sample-1.out", True
    )
    assert found[3].expected is None and not found[3].judge_case
    keep = problems.find_cases(root, "p", "sample-1")[0]
    assert [case.name for case in keep] == ["judge-sample-1", "sample-1b", "sample-10"]
    only = problems.find_cases(root, "p", "", judge_only=True)[0]
    assert [case.name for case in only] == ["judge-sample-1"]
    assert problems.find_cases(root, "p", "", cases="hacks") == ([], [])


def test_where_names_match_in_any_case_an_input_and_its_answer_pair_so(tmp_path, monkeypatch):
    """As on Windows: A.in is answered by a.OUT, and the case keeps its input's name."""
    root = make_root(tmp_path, ECHO, {})
    for name in ("A.in", "a.OUT", "b.IN", "B.ans", "C.Out"):
        write(root / "testcases" / "p" / name, "1\n")
    monkeypatch.setattr(problems.os.path, "normcase", str.lower)
    found, stray = problems.find_cases(root, "p", "")
    folder = root / "testcases" / "p"
    assert [(case.name, case.input, case.expected) for case in found] == [
        ("A", folder / "A.in", folder / "a.OUT"),
        ("b", folder / "b.IN", folder / "B.ans"),
    ]
    assert stray == ["testcases/p/C.Out has no C.in beside it"]


def test_odd_case_names_are_escaped_in_warnings(tmp_path):
    root = make_root(tmp_path, ECHO, {})
    write(root / "testcases" / "p" / "esc\x1b[2J.out", "1\n")
    _, stray = problems.find_cases(root, "p", "")
    assert stray == ["testcases/p/esc\\x1b[2J.out has no esc\\x1b[2J.in beside it"]


# ---------------------------------------------------------------- through the runner


def test_half_added_problems_are_skipped_with_a_warning(tmp_path):
    root = half_added_root(tmp_path)
    status, report, err = judged(root)
    assert case_verdicts(report) == {"p/a": "AC"} and (report["passed"], report["failed"]) == (1, 0)
    assert status == 0
    assert err.splitlines() == [
        "runner.py: warning: problem 'empty' has no testcases in testcases/empty/: skipped",
        "runner.py: warning: problem 'orphan' has no solutions/orphan.py: skipped",
        "runner.py: warning: problem 'scratch' has no testcases/scratch/ folder: skipped",
    ]
    for name in ["empty", "scratch", "orphan"]:  # named, each is an error
        status, out, err, _ = judge(root, "p", name)
        assert status == 2 and out == "" and "Traceback" not in err


def test_a_problem_folder_without_inputs_is_a_usage_error_when_named(tmp_path):
    root = make_root(tmp_path, ECHO, {})
    status, report, err = judged(root, "p")
    assert status == 2 and report is None
    assert "problem 'p' has no testcases in testcases/p/" in err
    status, report, err = judged(root)
    assert status == 2 and report is None
    assert "no problem under " + str(root) + " has both solutions/NAME.py and testcases" in err


@pytest.mark.parametrize("name", ["p.py", "solutions/p.py", "testcases/p", "testcases/p/"])
def test_a_problem_can_be_named_by_its_files(tmp_path, name):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, name="q")
    status, report, _ = judged(root, name)
    assert case_verdicts(report) == {"p/a": "AC"} and list(report["problems"]) == ["p"]
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
    status, report, err = judged(root)
    assert err == "runner.py: warning: testcases/p/b.out has no b.in beside it\n"
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0


def test_problems_and_k_filter_the_cases_run_in_natural_order(tmp_path):
    make_root(tmp_path, ECHO, {"one": ("1\n", "1\n"), "two": ("2\n", "2\n")}, name="p")
    make_root(tmp_path, ECHO, {"one": ("1\n", "1\n"), "three": ("3\n", "3\n")}, name="q")
    for args, cases in [
        ([], ["p/one", "p/two", "q/one", "q/three"]),
        (["q"], ["q/one", "q/three"]),
        (["-k", "t"], ["p/two", "q/three"]),
        (["p", "-k", "on"], ["p/one"]),
    ]:
        assert list(case_verdicts(judged(tmp_path, *args)[1])) == cases, args
    names = ["sample-10", "sample-2", "sample-1", "big", "sample-1b"]
    root = make_root(tmp_path / "natural", ECHO, {name: ("1\n", "1\n") for name in names})
    expected = ["big", "sample-1", "sample-1b", "sample-2", "sample-10"]
    assert list(case_verdicts(judged(root)[1])) == ["p/" + name for name in expected]


def test_a_judge_line_after_a_byte_order_mark_is_read_and_its_limit_kept(tmp_path, path):
    """A Windows editor saves the file with a BOM before the Judge: line on its first line."""
    solution = (
        "\ufeff# Judge: Small judge; 1 s; 64 MiB; exact\nheld = b'x' * (300 << 20)\nprint(1)\n"
    )
    make_root(tmp_path, "", {"a": ("", "1\n")}, compare=None)
    (tmp_path / "solutions" / "p.py").write_bytes(solution.encode("utf-8"))
    status, report, err = judged(tmp_path, path=path)
    if "memory not measured" in " ".join(case_details(report)["p/a"]):
        pytest.skip("this platform does not measure memory")
    assert case_verdicts(report) == {"p/a": "MLE"} and status == 1, report
    assert "has no" not in err and err == ""
    assert report["problems"]["p"]["judge"] == "Small judge"
    assert report["problems"]["p"]["memory_limit_mib"] == 64


def profile(judge_name, time_limit, memory_limit, mode, other_limit=None):
    """A problem's entry in the JSON report."""
    values = judge_name, time_limit, memory_limit, mode, other_limit
    return dict(
        zip(("judge", "time_limit_s", "memory_limit_mib", "compare", "other_limit"), values)
    )


def test_the_profile_is_used_shown_and_overridden_by_flags(tmp_path):
    solution = '"""\nJudge: Slow judge; 0.3 s; 64 MiB; jutge\n"""\n' + BUSY
    make_root(tmp_path, solution, {"a": ("0.5", "1\n")}, compare=None)
    make_root(tmp_path, BUSY, {"a": ("0", "1\n")}, name="q", compare=None)
    status, report, err = judged(tmp_path, tle=None)
    assert case_verdicts(report) == {"p/a": "TLE", "q/a": "AC"}
    assert report["problems"]["p"] == profile("Slow judge", 0.3, 64, "jutge")
    assert report["problems"]["q"] == profile(None, 2, 1024, "exact")
    assert err == f"runner.py: warning: solutions/q.py has no '{modes.JUDGE_FORMAT}' line{USING}\n"
    assert status == 1
    status, report, _ = judged(tmp_path, "p", "--tle", "2", "--mle", "512", "--tokens", tle=None)
    assert report["problems"]["p"] == profile("Slow judge", 2, 512, "tokens")
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0


def test_the_judge_lines_output_limit_judges_unless_a_flag_says_otherwise(tmp_path):
    solution = "# Judge: Tight; 1 s; 256 MiB; exact; 1 MiB output\nprint('x' * (2 << 20))\n"
    make_root(tmp_path, solution, {"a": ("", "1\n")}, compare=None)
    status, report, _ = judged(tmp_path, tle=None)
    assert case_verdicts(report) == {"p/a": "OLE"} and status == 1
    assert report["problems"]["p"]["output_limit_mib"] == 1 and report["ole_mib"] == 64
    status, out, _, _ = judge(tmp_path, tle=None)
    assert "(Tight: 1 s CPU, 256 MiB, exact, 1 MiB output)" in out
    assert "output passed 1 MiB: stopped reading and killed it" in out
    status, report, _ = judged(tmp_path, "--ole", "4", tle=None)
    assert case_verdicts(report) == {"p/a": "WA"}  # read whole, and judged
    assert report["problems"]["p"]["output_limit_mib"] == 4  # the limit that judged it
    status, out, _, _ = judge(tmp_path, "--ole", "4", tle=None)
    assert "(Tight: 1 s CPU, 256 MiB, exact, 4 MiB output)" in out


def test_a_malformed_judge_line_is_a_warning_and_the_defaults_judge(tmp_path):
    make_root(
        tmp_path,
        "# Judge: X; 1" + "0" * 400 + " s; 64 MiB; exact\n" + ECHO,
        {"a": ("1\n", "1\n")},
        compare=None,
    )
    status, report, err = judged(tmp_path, tle=None)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0
    assert report["problems"]["p"] == profile(None, 2, 1024, "exact")
    assert "cannot read 'Judge: X;" in err and "Traceback" not in err


@pytest.mark.deep
def test_the_repository_passes_with_the_four_judge_profiles():
    status, data, err = judged(ROOT, tle=None, timeout=1800)
    assert status == 0 and err == "", err
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
    assert data["problems"]["conecta4"]["compare"] == modes.make_mode("jutge").text
    assert (
        sorted(data["problems"]) == problems.find_problems(ROOT, [])[0]
    )  # as the runner finds them


def test_judge_only_keeps_the_judge_cases(tmp_path):
    cases = {"judge-a": ("a\n", "a\n"), "judge-b": ("b\n", "b\n"), "bom": ("x\n", "y\n")}
    root = make_root(tmp_path, ECHO, cases)
    status, report, _ = judged(root)
    assert status == 1 and case_verdicts(report) == {
        "p/judge-a": "AC",
        "p/judge-b": "AC",
        "p/bom": "WA",
    }
    assert [case["judge_case"] for case in report["cases"]] == [False, True, True]
    assert not report["judge_only"]
    status, report, _ = judged(root, "--judge-only")
    assert status == 0 and case_verdicts(report) == {"p/judge-a": "AC", "p/judge-b": "AC"}
    assert report["judge_only"] and [case["judge_case"] for case in report["cases"]] == [True, True]


def test_judge_only_without_judge_cases_is_a_usage_error(tmp_path):
    root = make_root(tmp_path, ECHO, {"bom": ("a\n", "a\n")})
    status, report, err = judged(root, "--judge-only")
    assert status == 2 and report is None and "no judge case (judge-*)" in err


def test_a_file_named_just_in_is_the_case_with_no_name(tmp_path):
    root = make_root(tmp_path, ECHO, {"": ("1\n", "1\n")})
    status, report, err = judged(root)
    assert status == 0 and err == "" and case_verdicts(report) == {"p/": "AC"}, err
