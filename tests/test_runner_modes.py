"""How a problem is judged beyond comparing outputs: a tolerance (`float EPS`), a checker
(testlib's protocol), an output validator (the Kattis protocol), named by the flags or by the
Judge: line's fourth field; and the rule for a problem's name.

Two problems are built in a temporary root as a contestant would add them: ``1850A``, where
any index of a maximum is right (a Python checker in checkers/), and ``triangle_area``, whose
answer is a real number (``float 1e-6``, its .out written with fewer decimals than the
solution prints). The runner passes both and fails wrong programs with the checker's message;
the shared tests of `make test` (test_problems, test_testcases, test_compat) pass on that
root, and fail there once the tolerance is taken away.
"""

import os
import re
import shutil
import sys
import time

import pytest
from runner_util import unstartable
from test_compat import find_python38
from util import ROOT, judge_output, run

from judge import checkers, model, modes, problems
from judge.process import choose, linux, watch
from tools.programs import judge_program

HEADER = '''"""
Problem: {name}
Judge: Test judge; 1 s; 256 MiB; {mode}
Description: a problem added for this test.
Idea: the obvious one.
Time: O(n).
Memory: O(n).
Status: accepted here.
"""

import sys


def solve(text):
{body}


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.read()))
'''
ANY_MAX = (
    "    xs = [int(w) for w in text.split()[1:]]\n    return str(xs.index(max(xs)) + 1) + '\\n'"
)
AREA = "    a, b = map(float, text.split())\n    return '%.9f\\n' % (a * b / 2)"
CHECKER = """import sys

given, output, answer = (open(path).read() for path in sys.argv[1:4])
xs = [int(w) for w in given.split()[1:]]
words = output.split()
if len(words) != 1 or not words[0].isdigit():
    print("wrong output format: want one index", file=sys.stderr)
    sys.exit(2)
index = int(words[0])
if not 1 <= index <= len(xs) or xs[index - 1] != max(xs):
    print(f"wrong answer: {index} is not the index of a maximum", file=sys.stderr)
    sys.exit(1)
print("ok", file=sys.stderr)
"""
VALIDATOR = """import sys

given, answer, feedback = sys.argv[1:4]
if sys.stdin.read().split() == open(answer).read().split():
    sys.exit(42)
with open(feedback + "judgemessage.txt", "w") as message:
    message.write("the team's answer differs\\n")
sys.exit(43)
"""
GUESS = '''"""
Problem: guess a number from 1 to n, told after each query whether it is lower or higher
Judge: Test judge; 1 s; 256 MiB; interactor checkers/guess_interactor.py
Description: read n; ask "? x", read "<", ">" or "="; answer "! x".
Idea: binary search.
Time: O(log n) queries.
Memory: O(1).
Status: accepted here.
"""

n = int(input())
low, high = 1, n
while low < high:
    middle = (low + high) // 2
    print("?", middle, flush=True)
    answer = input()
    if answer == "=":
        low = high = middle
    elif answer == "<":
        high = middle - 1
    else:
        low = middle + 1
print("!", low, flush=True)
'''
INTERACTOR = """import sys

given, output, answer = sys.argv[1:4]
n, secret = map(int, open(given).read().split())
limit = n.bit_length() + 1
print(n, flush=True)
for asked in range(1, limit + 2):
    words = sys.stdin.readline().split()
    if len(words) != 2 or words[0] not in ("?", "!") or not words[1].isdigit():
        print(f"wrong answer: query {asked} is not '? x' or '! x'", file=sys.stderr)
        sys.exit(1)
    if words[0] == "!":
        with open(output, "w") as out:
            out.write(f"{asked} queries\\n")
        if int(words[1]) != secret:
            print(f"wrong answer: {words[1]} is not {secret}", file=sys.stderr)
        sys.exit(0 if int(words[1]) == secret else 1)
    if asked > limit:
        print(f"wrong answer: more than {limit} queries", file=sys.stderr)
        sys.exit(1)
    guess = int(words[1])
    print("<" if secret < guess else ">" if secret > guess else "=", flush=True)
"""
GUESS_CASES = {"judge-sample-1": ("100 37\n", "37\n"), "judge-top": ("1000 1000\n", "1000\n")}
# Cases: several maxima (any of them is right, the .out names one); the triangle's .out
# has six decimals, the solution prints nine.
MAX_CASES = {"judge-sample-1": ("4\n1 5 3 5\n", "4\n"), "judge-two": ("2\n7 1\n", "1\n")}
AREA_CASES = {"judge-sample-1": ("3 4\n", "6.000000\n"), "judge-thin": ("1 3\n", "1.500000\n")}


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def add_problem(root, name, mode, body, cases):
    write(root / "solutions" / (name + ".py"), HEADER.format(name=name, mode=mode, body=body))
    for case, (given, answer) in cases.items():
        write(root / "testcases" / name / (case + ".in"), given)
        write(root / "testcases" / name / (case + ".out"), answer)


def contestant_root(root):
    add_problem(root, "1850A", "checker checkers/1850A_checker.py", ANY_MAX, MAX_CASES)
    write(root / "checkers" / "1850A_checker.py", CHECKER)
    add_problem(root, "triangle_area", "float 1e-6", AREA, AREA_CASES)
    write(root / "solutions" / "guess.py", GUESS)
    write(root / "checkers" / "guess_interactor.py", INTERACTOR)
    for case, (given, answer) in GUESS_CASES.items():
        write(root / "testcases" / "guess" / (case + ".in"), given)
        write(root / "testcases" / "guess" / (case + ".out"), answer)
    return root


def judge(root, *args, cwd=None):
    done = run(
        [sys.executable, str(ROOT / "runner.py"), "--root", str(root), *args],
        cwd=cwd or root,
        text=True,
    )
    return done.returncode, done.stdout, done.stderr


def verdicts(out):
    found = re.findall(r"^(\w\w\w?|--)\s+(\S+)\s+\S+ ms CPU", out, re.MULTILINE)
    return {case: verdict for verdict, case in found}


def verdict_of(out, case):
    found = re.search(rf"^(\w+)\s+{re.escape(case)}\s", out, re.MULTILINE)
    return found and found.group(1)


def test_a_checker_and_a_tolerance_pass_the_right_solutions(tmp_path):
    root = contestant_root(tmp_path)
    status, out, err = judge(root)
    assert (status, err) == (0, ""), out + err
    assert (
        "== 1850A (Test judge: 1 s CPU, 256 MiB, checker checkers/1850A_checker.py): 2 passed"
        in out
    )
    assert "== triangle_area (Test judge: 1 s CPU, 256 MiB, float 1e-6): 2 passed" in out
    status, out, _ = judge(root, "triangle_area", "--compare", "exact")  # the tolerance is needed
    assert status == 1 and verdict_of(out, "triangle_area/judge-sample-1") == "WA", out


def test_a_wrong_program_gets_the_checkers_verdict_and_message(tmp_path):
    root = contestant_root(tmp_path)
    write(
        tmp_path / "smallest.py",
        "import sys\nxs = sys.stdin.read().split()[1:]\nprint(xs.index(min(xs, key=int)) + 1)\n",
    )
    status, out, _ = judge(root, "1850A", "--command", f"{sys.executable} smallest.py")
    assert status == 1 and verdict_of(out, "1850A/judge-two") == "WA", out
    assert "    checker: wrong answer: 2 is not the index of a maximum\n" in out
    write(tmp_path / "words.py", "print('first')\n")
    status, out, _ = judge(root, "1850A", "--command", f"{sys.executable} words.py")
    assert verdict_of(out, "1850A/judge-two") == "PE" and "checker: wrong output format" in out


def test_a_wrong_real_number_is_named_with_its_error(tmp_path):
    root = contestant_root(tmp_path)
    write(tmp_path / "off.py", "a, b = map(float, input().split())\nprint(a * b / 2 * 1.00001)\n")
    status, out, _ = judge(root, "triangle_area", "--command", f"{sys.executable} off.py")
    assert status == 1 and verdict_of(out, "triangle_area/judge-sample-1") == "WA", out
    assert "first difference at token 1: error 6e-05, over 1e-6 absolute and relative" in out
    write(tmp_path / "close.py", "a, b = map(float, input().split())\nprint(a * b / 2 + 9e-7)\n")
    status, out, _ = judge(root, "triangle_area", "--command", f"{sys.executable} close.py")
    assert status == 0, out


def test_an_output_validator_speaks_the_kattis_protocol(tmp_path):
    root = contestant_root(tmp_path)
    write(root / "checkers" / "same.py", VALIDATOR)
    status, out, _ = judge(root, "1850A", "--validator", "checkers/same.py")
    assert status == 1, out
    assert verdicts(out) == {"1850A/judge-sample-1": "WA", "1850A/judge-two": "AC"}
    assert "    validator: the team's answer differs\n" in out  # judgemessage.txt
    assert "validator checkers/same.py" in out


def copy_for_the_shared_tests(root):
    """root made a repo of its own holding the contestant's problems and the shared tests."""
    for name in ("runner.py", "pyproject.toml"):
        shutil.copyfile(ROOT / name, root / name)
    for folder in ("tools", "maint"):
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in (
        "util.py",
        "conftest.py",
        "test_problems.py",
        "test_testcases.py",
        "test_compat.py",
    ):
        shutil.copyfile(ROOT / "tests" / name, root / "tests" / name)
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


LINEAR = """n = int(input())
for x in range(1, n + 1):
    print("?", x, flush=True)
    if input() == "=":
        print("!", x, flush=True)
        break
"""
SILENT = """import io, sys

out = io.BufferedWriter(io.FileIO(1, "w", closefd=False))
n = int(sys.stdin.readline())
out.write(b"? 1\\n")  # never flushed: the interactor waits for it, and it for the answer
sys.stdin.readline()
"""


def test_an_interactive_program_gets_the_interactors_verdict(tmp_path):
    root = contestant_root(tmp_path)
    status, out, err = judge(root, "guess")
    assert (status, err) == (0, ""), out + err
    assert "== guess (Test judge: 1 s CPU, 256 MiB, interactor checkers/guess_interactor.py)" in out
    write(tmp_path / "linear.py", LINEAR)  # asks 1, 2, 3...: too many queries
    status, out, _ = judge(root, "guess", "--command", f"{sys.executable} linear.py")
    assert verdicts(out) == {"guess/judge-sample-1": "WA", "guess/judge-top": "WA"}, out
    assert "    interactor: wrong answer: more than 11 queries\n" in out
    write(tmp_path / "quits.py", "input()\n")  # exits at once: the interactor's verdict
    status, out, _ = judge(root, "guess", "-k", "top", "--command", f"{sys.executable} quits.py")
    assert verdicts(out) == {"guess/judge-top": "WA"} and "query 1 is not" in out, out


def test_an_interactive_problem_has_no_output_to_judge_in_hand(tmp_path):
    root = contestant_root(tmp_path)
    case = root / "testcases" / "guess" / "judge-top.in"
    verdict, details = judge_output(root, "guess", case, b"1000\n", b"! 1000\n")
    assert verdict == "IE" and "runner.py NAME runs it" in details[0]


def test_a_program_that_never_flushes_is_tle_at_the_backstop(tmp_path):
    root = contestant_root(tmp_path)
    write(tmp_path / "silent.py", SILENT)
    start = time.monotonic()
    status, out, _ = judge(root, "guess", "-k", "top", "--command", f"{sys.executable} silent.py")
    assert status == 1 and verdicts(out) == {"guess/judge-top": "TLE"}, out
    assert "wall time passed the 3 s backstop" in out and checkers.WAITING in out
    assert time.monotonic() - start < 3 * watch.BACKSTOP + linux.GIVE_UP * 2


# ---------------------------------------------------------------- the tolerance itself


@pytest.mark.parametrize(
    "expected, got, verdict",
    [
        (b"6.000000\n", b"6.000000001\n", "AC"),
        (b"0.5\n", b"0.500001\n", "AC"),  # exactly EPS away, though binary rounding says more
        (b"1\n", b"1.0000011\n", "WA"),
        (b"1000000000\n", b"1000000500\n", "AC"),  # relative: 5e-7
        (b"1000000000\n", b"1000002000\n", "WA"),
        (b"0\n", b"-0.0000005\n", "AC"),  # absolute, near zero
        (b"0.0314\n", b"3.14e-2\n", "AC"),
        (b"1 2\n3\n", b"1.0000001   2\t3", "AC"),  # tokens: the layout is free
        (b"1 2\n", b"1\n", "WA"),
        (b"1\n", b"1 2\n", "WA"),
        (b"YES 1.5\n", b"yes 1.5\n", "WA"),  # a word must match exactly
        (b"nan\n", b"nan\n", "AC"),  # not numbers: plain tokens, equal only when the same
        (b"nan\n", b"NaN\n", "WA"),
        (b"inf\n", b"1e999\n", "WA"),
        (b"1e999\n", b"1e999\n", "AC"),
        (b"1e999\n", b"1e998\n", "WA"),
        (b"1e999\n", b"1e308\n", "WA"),
        (b"1e308\n", b"1e999\n", "WA"),
        (b"8\n", b"0x1p3\n", "WA"),
        (b"1000\n", b"1_000\n", "WA"),
    ],
)
def test_float_compares_numbers_within_eps(expected, got, verdict):
    assert modes.parse_mode("float 1e-6").verdict(expected, got) == verdict


@pytest.mark.parametrize("eps", ["0", "-1e-6", "nan", "inf", "abc", "", "0x1p-20"])
def test_a_tolerance_that_is_not_a_positive_number_is_a_usage_error(tmp_path, eps):
    root = contestant_root(tmp_path)
    status, out, err = judge(root, "triangle_area", "--float=" + eps)
    assert (status, out) == (2, "") and len(err.splitlines()) == 1, err
    assert "float wants a tolerance, a positive number such as 1e-6" in err
    assert modes.mode_error("float " + eps) is not None


@pytest.mark.parametrize(
    "flags",
    [("--float", "1e-6", "--checker", "x.py"), ("--tokens", "--float", "1e-6"),
     ("--interactor", "i.py", "--checker", "c.py"),
     ("--checker", "a.py", "--validator", "b.py"), ("--compare", "exact", "--validator", "b.py")],
)  # fmt: skip
def test_two_judging_modes_at_once_are_a_usage_error(tmp_path, flags):
    status, out, err = judge(contestant_root(tmp_path), "1850A", *flags)
    assert (status, out) == (2, "") and len(err.splitlines()) == 1, err
    assert "not allowed with argument" in err


@pytest.mark.parametrize(
    "mode, read",
    [
        ("float 1e-6", "float 1e-6"),
        ("float   0.5", "float 0.5"),
        ("checker checkers/p_checker.py", "checker checkers/p_checker.py"),
        ("validator ./v --case-sensitive", "validator ./v --case-sensitive"),
        ("interactor  python3 checkers/i.py", "interactor python3 checkers/i.py"),
    ],
)
def test_the_judge_line_names_the_mode(tmp_path, mode, read):
    write(tmp_path / "solutions" / "p.py", f"# Judge: X; 1 s; 64 MiB; {mode}; C/C++ 0.5 s\n")
    profile, warning = problems.read_profile(tmp_path, "p")
    assert warning is None and profile.comparison == read and profile.other_limit == ("C/C++", 0.5)


@pytest.mark.parametrize(
    "mode, why",
    [
        ("float", "float wants a tolerance"),
        ("float 0", "float wants a tolerance"),
        ("checker", "'checker' needs a command"),
        ("fuzzy 1", "'fuzzy 1' is no judging mode: want exact|jutge|tokens|loose, float EPS,"),
        ("exact 1", "is no judging mode"),
    ],
)
def test_a_judge_line_with_a_bad_mode_says_why(tmp_path, mode, why):
    write(tmp_path / "solutions" / "p.py", f"# Judge: X; 1 s; 64 MiB; {mode}\n")
    profile, warning = problems.read_profile(tmp_path, "p")
    assert profile == problems.DEFAULT_PROFILE and why in warning, warning


# ---------------------------------------------------------------- checkers that fail


def run_checker(root, checker, kind="checker"):
    """The Result of `print(2)` judged on one case by checker (its source) under root."""
    write(root / "c.in", "1\n")
    write(root / "c.out", "2\n")
    if checker is not None:
        write(root / "chk.py", checker)
    profile = model.Profile("T", 2.0, 256.0, f"{kind} chk.py")
    running = choose.new_running()
    try:
        program = ([sys.executable, "-S", "-c", "print(2)"], None)
        return judge_program(program, root / "c.in", root / "c.out", profile, root, running)
    finally:
        running.end()


@pytest.mark.parametrize(
    "checker, said",
    [
        (None, "'s checker chk.py: no file chk.py under"),
        ("import sys\nsys.exit(3)\n", "the checker failed: exit status 3, not testlib's 0 AC"),
        ("import sys\nprint('points 0.5')\nsys.exit(7)\n", "exit status 7"),
        ("raise ValueError('broken checker')\n", "checker: ValueError: broken checker"),
        ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "killed by signal 9"),
        ("import sys\nwhile True: sys.stdout.write('x' * 65536)\n", "it passed 1 MiB of output"),
    ],
)
def test_a_checker_that_fails_is_an_internal_error_never_the_programs_fault(
    tmp_path, checker, said
):
    if checker and "signal" in checker and os.name != "posix":
        pytest.skip("needs POSIX signals")
    result = run_checker(tmp_path, checker)
    assert result.verdict == "IE" and any(said in line for line in result.details), result.details


def test_a_validator_exit_0_is_no_verdict(tmp_path):
    result = run_checker(tmp_path, "pass\n", kind="validator")
    assert result.verdict == "IE", result.details
    assert "exit status 0, not the Kattis protocol's 42 AC, 43 WA" in result.details[0]


def test_a_checker_that_hangs_is_killed(tmp_path, monkeypatch):
    monkeypatch.setattr(runner, "CHECK_SECONDS", 0.3)
    monkeypatch.setattr(runner, "CHECK_LIMITS", (0.3, 4096.0, model.MIB))
    for checker in ("import time\ntime.sleep(60)\n", "while True: pass\n"):
        result = run_checker(tmp_path, checker)
        assert result.verdict == "IE" and "it passed 0.3 s of CPU time" in result.details[0]


@pytest.mark.skipif(os.name != "posix", reason="needs the execute bit")
def test_a_checker_flag_naming_what_cannot_run_is_a_usage_error(tmp_path):
    root = contestant_root(tmp_path)
    write(tmp_path / "plain", "#!/bin/sh\nexit 0\n")
    for flag, said in (
        ("./plain", "./plain is not executable"),
        ("./none", "no program ./none under"),
        ("none.py", "no file none.py under"),
        ("nowhere-at-all", "on PATH"),
        ("", "needs a command"),
    ):
        status, out, err = judge(root, "1850A", "--checker", flag, cwd=tmp_path)
        assert (status, out) == (2, "") and said in err and len(err.splitlines()) == 1, err


def test_a_judge_line_naming_a_missing_checker_fails_each_case_alone(tmp_path):
    root = contestant_root(tmp_path)
    os.remove(root / "checkers" / "1850A_checker.py")
    status, out, _ = judge(root)
    assert status == 1 and set(verdicts(out).values()) == {"IE", "AC"}, out
    assert (
        "Test judge's checker checkers/1850A_checker.py: no file checkers/1850A_checker.py" in out
    )


# ---------------------------------------------------------------- names


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
    ],
)
def test_a_bad_name_gets_the_rule(name):
    error = model.problem_name_error(name)
    assert "1 to 64 letters, digits, _ and -" in error and "LPT1-LPT9" in error
    assert len(error.splitlines()) == 1


@pytest.mark.skipif(os.name != "posix", reason="runs a shell script")
def test_other_languages_get_their_limit_and_the_summary_says_so(tmp_path):
    root = contestant_root(tmp_path)
    solution = root / "solutions" / "1850A.py"
    solution.write_text(
        solution.read_text().replace("checker checkers/1850A_checker.py", "exact; C/C++ 0.5 s")
    )
    write(tmp_path / "slow.sh", "#!/bin/sh\nexec python3 -c 'while 1: pass'\n")
    os.chmod(tmp_path / "slow.sh", 0o755)
    status, out, _ = judge(root, "1850A", "-k", "two", "--command", "./slow.sh", cwd=tmp_path)
    assert status == 1 and "== 1850A (Test judge's C/C++ limit: 0.5 s CPU, 256 MiB, exact)" in out
    assert "CPU time" in out and "over the 0.5 s limit" in out, out


def test_a_float_mismatch_names_the_token_and_its_error():
    details = modes.parse_mode("float 1e-9").explain("WA", b"1 2.5 x\n", b"1 2.5000001 y\n")
    assert details[0] == "first difference at token 2: error 1e-07, over 1e-9 absolute and relative"
    details = modes.parse_mode("float 1e-6").explain("WA", b"1\n", b"1 2\n")
    assert details == [
        "first difference at token 2",
        "  expected: 2",
        "  got:      (no more tokens)",
    ]
    details = modes.parse_mode("float 1e-6").explain("WA", b"nan\n", b"0\n")
    assert details == ["first difference at token 1", "  expected: 0", "  got:      nan"]


def test_an_interactor_that_fails_or_is_missing_is_an_internal_error(tmp_path):
    root = contestant_root(tmp_path)
    write(root / "checkers" / "broken.py", "import sys\nsys.exit(3)\n")
    _, out, _ = judge(root, "guess", "-k", "top", "--interactor", "checkers/broken.py")
    assert verdicts(out) == {"guess/judge-top": "IE"} and "exit status 3" in out, out
    os.remove(root / "checkers" / "guess_interactor.py")
    _, out, _ = judge(root, "guess", "-k", "top")
    assert verdicts(out) == {"guess/judge-top": "IE"}, out
    assert "interactor checkers/guess_interactor.py: no file checkers/guess_interactor.py" in out


@pytest.mark.skipif(os.name != "posix", reason="a #! line is a POSIX program")
def test_a_program_that_cannot_start_leaves_no_interactor_waiting(tmp_path):
    """exec fails for the program: IE at once, its interactor (which would sleep 30 s) killed."""
    root = contestant_root(tmp_path)
    write(root / "checkers" / "patient.py", "import time\ntime.sleep(30)\n")
    program = unstartable(root)
    begin = time.monotonic()
    interactor = ("--interactor", "checkers/patient.py", "--command", program)
    _, out, _ = judge(root, "guess", "-k", "top", *interactor)
    assert verdicts(out) == {"guess/judge-top": "IE"} and "could not run: [Errno 2]" in out, out
    assert time.monotonic() - begin < 10, out
