"""judge/modes.py, in process: the judging modes, one object each in one registry. How a mode
is read from its text, the verdicts it gives, its flags and its flags for `oj test`, and the
program it finds. Then, through processes, the shared tests of `make test` judging by the
Judge: line: a contestant's checker, tolerance and interactive problems pass them."""

import shutil
import sys

import pytest
from runner_util import contestant_root
from test_compat import find_python38
from util import ROOT, run, usage_error

from judge import cli, modes
from judge.model import UsageError

NO_MODE = "is no judging mode: want exact|jutge|tokens|loose, float EPS, kattis [FLAGS], "
NO_MODE += "checker CMD or validator CMD or interactor CMD or interactive_validator CMD"


@pytest.mark.parametrize(
    "text, kind, argument, read",
    [
        ("exact", "exact", "", "exact"),
        (" jutge ", "jutge", "", "jutge"),
        ("tokens", "tokens", "", "tokens"),
        ("loose", "loose", "", "loose"),
        ("float 1e-6", "float", "1e-6", "float 1e-6"),
        ("float   0.5", "float", "0.5", "float 0.5"),
        ("checker checkers/p_checker.py", "checker", "checkers/p_checker.py", None),
        ("validator ./v --case-sensitive", "validator", "./v --case-sensitive", None),
        ("interactor  python3 checkers/i.py", "interactor", "python3 checkers/i.py", None),
        ("interactor i.py checker c.py", "interactor", "i.py checker c.py", None),
        ("kattis", "kattis", "", "kattis"),
        ("kattis  float_tolerance 1e-6", "kattis", "float_tolerance 1e-6", None),
        ("interactive_validator v.py", "interactive_validator", "v.py", None),
    ],
)
def test_a_mode_is_read_from_its_text(text, kind, argument, read):
    mode = modes.parse_mode(text)
    assert (mode.kind, mode.argument, mode.text) == (kind, argument, read or f"{kind} {argument}")
    assert modes.mode_error(text) is None and mode == modes.make_mode(mode.text)


@pytest.mark.parametrize(
    "text, why",
    [
        ("", "'' " + NO_MODE),
        ("fuzzy 1", "'fuzzy 1' " + NO_MODE),
        ("exact 1", "'exact 1' " + NO_MODE),
        ("Exact", "'Exact' " + NO_MODE),
        ("float", "float wants a tolerance, a positive number such as 1e-6, not ''"),
        ("float 0", "float wants a tolerance, a positive number such as 1e-6, not '0'"),
        ("float 1e-6 2", "float wants a tolerance, a positive number such as 1e-6, not '1e-6 2'"),
        ("float nan", "float wants a tolerance, a positive number such as 1e-6, not 'nan'"),
        ("checker", "'checker' needs a command: 'checker CMD'"),
        ("validator  ", "'validator' needs a command: 'validator CMD'"),
        ("interactor", "'interactor' needs a command: 'interactor CMD'"),
        ("interactor i.py checker", "'interactor CMD checker CMD' needs both commands"),
        ("kattis float_tolerance", "float_tolerance wants a number, as in 'float_tolerance 1e-6'"),
        (
            "kattis float_tolerance inf",
            "float_tolerance wants a number, as in 'float_tolerance 1e-6'",
        ),
        (
            "kattis fuzzy",
            "'fuzzy' is no flag of Kattis's default validator: case_sensitive, "
            "space_change_sensitive, float_tolerance, float_absolute_tolerance, "
            "float_relative_tolerance",
        ),
        ("x" * 150, "'" + "x" * 100 + "... (50 more characters)' " + NO_MODE),
        ("\x1b[2J", "'\\x1b[2J' " + NO_MODE),
    ],
)
def test_a_text_that_is_no_mode_says_why(text, why):
    assert modes.mode_error(text) == why
    with pytest.raises(ValueError) as raised:
        modes.parse_mode(text)
    assert str(raised.value) == why


# How a mode judges, (interactive, judged by a program), and modes that judge so.
HOW = {
    (False, False): ["exact", "jutge", "tokens", "loose", "float 1e-6", "kattis case_sensitive"],
    (False, True): ["checker c.py", "validator v.py"],
    (True, True): ["interactor i.py", "interactive_validator v.py"],
}


@pytest.mark.parametrize("text, how", [(text, how) for how, texts in HOW.items() for text in texts])
def test_a_mode_says_how_it_judges(text, how):
    mode = modes.parse_mode(text)
    assert (mode.interactive, mode.judged_by_program) == how


@pytest.mark.parametrize(
    "text, expected, got, verdict",
    [
        ("exact", b"1\r\n", b"1\n", "AC"),
        ("exact", b"YES\n", b"yes\n", "WA"),
        ("jutge", b"YES\n", b"yes\n", "PE"),
        ("jutge", b"1\n", b"1\x07\n", "IC"),
        ("tokens", b"1 2\n", b"1\n\n2", "AC"),
        ("loose", b"1\n", b"1  \n\n", "AC"),
        ("loose", b"1 2\n", b"1  2\n", "WA"),
        ("float 1e-6", b"6.000000\n", b"6.000000001\n", "AC"),
        ("float 1e-6", b"1\n", b"1.0000011\n", "WA"),
        ("float 0.5", b"1\n", b"1.4\n", "AC"),
        ("float 1e-9", b"1\n", b"1.0000001\n", "WA"),
        ("kattis", b"Yes 1\n", b"yes\n\n 1", "AC"),
        ("kattis case_sensitive", b"Yes\n", b"yes\n", "WA"),
        ("kattis float_tolerance 1e-6", b"0.5\n", b"0x1p-1\n", "AC"),
        ("kattis float_absolute_tolerance 0.1", b"100\n", b"100.2\n", "WA"),
        ("kattis float_relative_tolerance 0.1", b"100\n", b"100.2\n", "AC"),
        ("kattis space_change_sensitive", b"1 2\n", b"1  2\n", "WA"),
    ],
)
def test_each_mode_that_compares_gives_its_verdict(text, expected, got, verdict):
    mode = modes.parse_mode(text)
    assert mode.verdict(expected, got) == verdict
    details = mode.explain(verdict, got, expected)
    assert (details == []) == (verdict == "AC")
    decision = mode.judge_output("unused.in", got, expected, None, None)
    assert (decision.verdict, list(decision.details), decision.reason) == (
        verdict,
        details,
        "compared",
    )


def test_modes_are_equal_by_text_and_command():
    assert modes.parse_mode("float  1e-6") == modes.parse_mode("float 1e-6")
    assert modes.parse_mode("exact") != modes.parse_mode("tokens")
    assert modes.parse_mode("exact") != modes.parse_mode("exact").text  # a mode, not its text
    assert len({modes.parse_mode("exact"), modes.make_mode("exact")}) == 1
    assert repr(modes.parse_mode("float 1e-6")) == "Mode('float 1e-6')"
    checker = modes.parse_mode("checker c.py")
    assert checker != checker.resolved(ROOT)  # its command found, or why not


@pytest.mark.parametrize(
    "text, flags",
    [
        ("exact", []),
        ("jutge", []),
        ("tokens", ["-N"]),
        ("loose", None),
        ("float 1e-6", ["-e", "1e-6"]),
        ("checker checkers/x.py -v", ["--judge-command", "'/my python' checkers/x.py -v"]),
        ("checker ./check", ["--judge-command", "./check"]),
        ("validator v.py", None),
        ("interactor i.py", None),
        ("kattis", None),
        ("interactive_validator v.py", None),
    ],
)
def test_oj_flags_judge_as_the_mode_does(text, flags):
    assert modes.parse_mode(text).oj_flags("/my python") == flags


def test_a_mode_compared_finds_no_program(tmp_path):
    mode = modes.parse_mode("float 1e-6")
    assert mode.resolved(tmp_path) is mode and mode.command is None


def test_a_checker_is_found_from_the_root_or_says_why_not(tmp_path):
    (tmp_path / "checkers").mkdir()
    (tmp_path / "checkers" / "c.py").write_text("pass\n")
    found = modes.parse_mode("checker checkers/c.py --strict").resolved(tmp_path)
    script = str((tmp_path / "checkers" / "c.py").resolve())
    assert found.command == ([sys.executable, script, "--strict"], sys.executable)
    assert found.resolved(tmp_path / "elsewhere") is found  # found once
    polygon = modes.parse_mode("interactor checkers/c.py checker checkers/c.py -x").resolved(
        tmp_path
    )
    assert polygon.command == ([sys.executable, script], sys.executable)
    assert polygon.checker.command == ([sys.executable, script, "-x"], sys.executable)
    missing = modes.parse_mode("validator v.py").resolved(tmp_path)
    assert missing.command is None
    assert missing.missing == f"the Judge: line's validator v.py: no file v.py under {tmp_path}"
    assert missing.resolved(tmp_path) is missing
    named = modes.parse_mode("interactor i.py").resolved(tmp_path, "Exam's interactor")
    assert named.missing.startswith("Exam's interactor i.py: no file i.py under ")
    with pytest.raises(UsageError, match=r"^--checker x\.py: no file x\.py under "):
        modes.parse_mode("checker x.py").resolved(tmp_path, "--checker", strict=True)


@pytest.mark.parametrize(
    "argv, compare",
    [
        ([], None),
        (["--compare", "jutge"], "jutge"),
        (["--tokens"], "tokens"),
        (["--loose"], "loose"),
        (["--float", " 1e-6 "], "float 1e-6"),
        (["--float=0.5"], "float 0.5"),
        (["--checker", "checkers/c.py -v"], "checker checkers/c.py -v"),
        (["--validator", "v.py"], "validator v.py"),
        (["--interactor", "i.py"], "interactor i.py"),
        (["--interactor", "i.py", "--checker", "c.py -v"], "interactor i.py checker c.py -v"),
        (["--checker", "c.py", "--interactor", "i.py"], "interactor i.py checker c.py"),
        (["--kattis"], "kattis"),
        (
            ["--kattis", " case_sensitive float_tolerance 1e-6"],
            "kattis case_sensitive float_tolerance 1e-6",
        ),
        (["--interactive-validator", "v.py"], "interactive_validator v.py"),
    ],
)
def test_each_mode_has_its_flag(argv, compare):
    assert cli.make_parser().parse_args(argv).compare == compare


@pytest.mark.parametrize(
    "argv, why",
    [
        (["--float", "1e-6", "--checker", "x.py"], "not allowed with argument"),
        (["--tokens", "--float", "1e-6"], "not allowed with argument"),
        (["--interactor", "i.py", "--checker", "c.py", "--tokens"], "not allowed with argument"),
        (["--interactor", "i.py", "--validator", "c.py"], "not allowed with argument"),
        (["--kattis", "--float", "1e-6"], "argument --float: not allowed with argument --kattis"),
        (["--kattis", "sloppy"], "'sloppy' is no flag of Kattis's default validator"),
        (["--checker", "a.py", "--validator", "b.py"], "not allowed with argument"),
        (["--compare", "exact", "--validator", "b.py"], "not allowed with argument"),
        (["--compare", "float"], "invalid choice: 'float'"),
        *[
            (["--float=" + eps], "float wants a tolerance, a positive number such as 1e-6")
            for eps in ["0", "-1e-6", "nan", "inf", "abc", "", "0x1p-20"]
        ],
    ],
)
def test_two_modes_at_once_or_a_bad_tolerance_is_a_usage_error(argv, why):
    said = usage_error(cli.make_parser().parse_args, argv)
    assert why in said and said.endswith("(runner.py --help says more)")


def test_the_formats_name_every_mode():
    assert modes.JUDGE_FORMAT == "Judge: NAME; N s; M MiB; exact|jutge|tokens|loose"
    assert all(kind in modes.MODES for kind in modes.REGISTRY)


# ---------------------------------------------------------------- the shared tests


def copy_for_the_shared_tests(root):
    """root made a repo of its own holding the contestant's problems and the shared tests."""
    for name in ("runner.py", "pyproject.toml"):
        shutil.copyfile(ROOT / name, root / name)
    for folder in ("judge", "tools", "maint"):
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shared = ("util", "runner_util", "conftest", "test_problems", "test_testcases", "test_compat")
    for name in shared:
        shutil.copyfile(ROOT / "tests" / f"{name}.py", root / "tests" / f"{name}.py")
    return root


def shared_tests(root, *select):
    argv = [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:xdist", "-p", "no:cacheprovider"]
    argv += ["--depth", "all"]  # the oj and Python 3.8 checks are in the deep part
    argv += ["tests/test_problems.py", "tests/test_testcases.py", "tests/test_compat.py", *select]
    done = run(argv, cwd=root, timeout=600, text=True)
    return done.returncode, done.stdout + done.stderr


@pytest.mark.deep
def test_make_tests_shared_tests_judge_by_the_judge_line(tmp_path):
    for module in ("onlinejudge_command", "vermin"):  # `make test-on` installs neither
        pytest.importorskip(module)
    (tmp_path / "tests").mkdir()
    root = copy_for_the_shared_tests(contestant_root(tmp_path))
    status, out = shared_tests(root)
    assert status == 0, out[-3000:]
    tests = ["test_problems.py::test_solution_gives_every_out", "test_compat.py::test_oj_all_ac"]
    tests.append("test_problems.py::test_meets_the_contract")
    if find_python38():
        tests.append("test_compat.py::test_testcases_pass_under_python38")
    else:  # skipped, saying so
        assert "no Python 3.8 interpreter" in out, out[-3000:]
    for test in tests:
        for name in ("1850A", "triangle_area", "guess"):
            assert f"PASSED tests/{test}[{name}]" in out, out[-3000:]
    solution = root / "solutions" / "triangle_area.py"
    solution.write_text(solution.read_text().replace("float 1e-6", "exact"))
    status, out = shared_tests(root, "-k", "triangle_area and (every_out or oj_all_ac)")
    assert status == 1 and "2 failed" in out, out[-3000:]


def test_one_comparator_table_serves_the_tests_too():
    """The tests' own exact comparison (tests/util.py) is the registry's exact mode."""
    import inspect

    import util

    assert "EXACT.verdict(" in inspect.getsource(util.same_output)
    assert "same_output(" in inspect.getsource(util.catching_case)


@pytest.mark.parametrize(
    "text, counts",
    [
        ("exact", True),
        ("jutge", True),
        ("tokens", False),
        ("loose", False),
        ("float 1e-6", False),
        ("checker c.py", False),
        ("interactor i.py", False),
        ("kattis", False),
        ("interactive_validator v.py", False),
    ],
)
def test_a_mode_says_whether_every_byte_of_an_answer_counts(text, counts):
    assert modes.parse_mode(text).bytes_count is counts
