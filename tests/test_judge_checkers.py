"""judge/checkers.py: programs that judge an output. A checker (testlib's protocol) and an output
validator (the Kattis protocol) run after the program, an interactor talks to it as it runs;
whatever else a judging program does is an internal error (IE), never the program's fault.
Their verdicts are read in process from tables of runs, and real checkers judge one input in
process; then a contestant's problems (runner_util.contestant_root) go through the runner,
read from its JSON report."""

import os
import sys
from dataclasses import replace

import pytest
import runner_util
from runner_util import (
    GUESS,
    LINUX_ONLY,
    VALIDATOR,
    case_reasons,
    case_verdicts,
    contestant_root,
    judged,
    make_root,
    new_marker,
    none_left,
    write,
)
from util import judge_output

from judge import checkers, model, modes, verdicts
from judge.explain import BESIDE
from judge.judging import judge_input
from judge.process import watch

leftovers_killed = runner_util.leftovers_killed  # the fixture: no interactor left behind
TESTLIB = "not testlib's 0 AC, 1 WA, 2 PE; 3 is its own failure"
KATTIS = "not the Kattis protocol's 42 AC, 43 WA"


def run(**fields):
    """A Run that ended by itself with exit status 0 within every limit, unless fields say."""
    values = dict(output=b"", stderr=b"", status=0, wall=0.2, cpu=0.1, peak_mib=10.0)
    values.update(timed_out=False, overflowed=False)
    return watch.Run(**{**values, **fields})


@pytest.mark.parametrize("judge_first", [True, False], ids=["judge-first", "program-first"])
def test_a_judge_that_rejects_first_kills_the_program_whichever_thread_goes_on_first(judge_first):
    """The Kattis way: the program is killed once the validator rejected it, even where the
    validator ended before the runner's thread went on past the program's start."""
    killed, ends = [], checkers.Ends(True)
    try:
        if judge_first:
            ends.judging_ended(run(status=43), {42: "AC", 43: "WA"})
        ends.program_started(lambda: killed.append("program"))
        if not judge_first:
            ends.judging_ended(run(status=43), {42: "AC", 43: "WA"})
    finally:
        ends.close(*ends.open)
    assert killed == ["program"]


def test_an_interactor_waits_as_long_as_its_program_may(tmp_path, monkeypatch):
    """A program within its 1 s limit that thinks for 0.9 s of wall time: its interactor,
    whose own limit is shorter (here 0.2 s, 0.6 s of wall time), is not killed meanwhile."""
    monkeypatch.setattr(checkers, "CHECK_SECONDS", 0.2)
    monkeypatch.setattr(checkers, "CHECK_LIMITS", replace(checkers.CHECK_LIMITS, time=0.2))
    write(tmp_path / "c.in", "")
    write(tmp_path / "i.py", "import sys\nsys.exit(0 if input() == '2' else 1)\n")
    profile = model.Profile(
        None, 1.0, 1024.0, modes.parse_mode("interactor i.py").resolved(tmp_path)
    )
    thinks = "import time\ntime.sleep(0.9)\nprint(2, flush=True)\n"
    program = model.Program(([sys.executable, "-S", "-c", thinks], None), tmp_path)
    judged = judge_input(program, tmp_path / "c.in", profile)
    assert (judged.verdict, judged.details) == ("AC", ()), judged


# ---------------------------------------------------------------- real checkers, in process


def run_checker(root, checker, kind="checker", answer="2\n"):
    """The Judgement of `print(2)` on one case with its answer, judged by checker (its source,
    in root/chk.py; None: no such file)."""
    write(root / "c.in", "1\n")
    write(root / "c.out", answer)
    if checker is not None:
        write(root / "chk.py", checker)
    mode = modes.parse_mode(f"{kind} chk.py").resolved(root)
    profile = model.Profile("T", 2.0, 256.0, mode)
    program = model.Program(([sys.executable, "-S", "-c", "print(2)"], None), root)
    return judge_input(program, root / "c.in", profile, root / "c.out")


@pytest.mark.parametrize(
    "checker, said",
    [
        (None, "the Judge: line's checker chk.py: no file chk.py under"),
        ("import sys\nsys.exit(3)\n", "the checker failed: exit status 3, not testlib's 0 AC"),
        ("import sys\nprint('ok 0.5')\nsys.exit(7)\n", "exit status 7, its message has no 'points"),
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


def test_a_checker_that_crashes_is_judged_by_its_exit_code(tmp_path):
    result = run_checker(tmp_path, "raise ValueError('broken checker')\n")
    assert result.verdict == "WA" and "checker: ValueError: broken checker" in result.details


def test_a_checker_is_given_the_input_the_output_and_the_answer(tmp_path):
    checker = (
        "import sys\nsys.exit([open(p).read() for p in sys.argv[1:]] != ['1\\n', '2\\n', '2\\n'])\n"
    )
    assert run_checker(tmp_path, checker).verdict == "AC"


def test_a_validator_reads_the_output_on_stdin_and_writes_its_message(tmp_path):
    assert run_checker(tmp_path, VALIDATOR, kind="validator").verdict == "AC"
    result = run_checker(tmp_path, VALIDATOR, kind="validator", answer="3\n")
    message = "validator: the team's answer differs"
    assert (result.verdict, result.details[:2]) == ("WA", (message, BESIDE))


def test_a_validator_exit_0_is_no_verdict(tmp_path):
    result = run_checker(tmp_path, "pass\n", kind="validator")
    assert result.verdict == "IE", result.details
    assert "exit status 0, not the Kattis protocol's 42 AC, 43 WA" in result.details[0]


def test_a_checker_that_hangs_is_killed(tmp_path, monkeypatch):
    monkeypatch.setattr(checkers, "CHECK_SECONDS", 0.3)
    monkeypatch.setattr(checkers, "CHECK_LIMITS", watch.Limits(0.3, 4096.0, model.MIB))
    for checker in ("import time\ntime.sleep(60)\n", "while True: pass\n"):
        result = run_checker(tmp_path, checker)
        assert result.verdict == "IE" and "it passed 0.3 s of CPU time" in result.details[0]


def test_an_interactive_problem_has_no_output_to_judge_in_hand(tmp_path):
    root = contestant_root(tmp_path)
    case = root / "testcases" / "guess" / "judge-top.in"
    verdict, details = judge_output(root, "guess", case, b"1000\n", b"! 1000\n")
    assert verdict == "IE" and "runner.py NAME runs it" in details[0]


# ---------------------------------------------------------------- through the runner


def test_a_checker_and_a_tolerance_pass_the_right_solutions(tmp_path):
    root = contestant_root(tmp_path)
    status, report, err = judged(root, tle=None)
    assert (status, err) == (0, ""), report
    assert report["problems"]["1850A"]["compare"] == "checker checkers/1850A_checker.py"
    assert report["problems"]["triangle_area"]["compare"] == "float 1e-6"
    assert set(case_verdicts(report).values()) == {"AC"} and report["passed"] == 6
    status, report, _ = judged(root, "triangle_area", "--compare", "exact", tle=None)
    assert status == 1 and case_verdicts(report)["triangle_area/judge-sample-1"] == "WA"


def test_a_wrong_program_gets_the_checkers_verdict_and_message(tmp_path):
    root = contestant_root(tmp_path)
    write(
        tmp_path / "smallest.py",
        "import sys\nxs = sys.stdin.read().split()[1:]\nprint(xs.index(min(xs, key=int)) + 1)\n",
    )
    command = f"{sys.executable} smallest.py"
    status, report, _ = judged(root, "1850A", "--command", command, cwd=root, tle=None)
    assert status == 1 and case_verdicts(report)["1850A/judge-two"] == "WA", report
    reasons = case_reasons(report)["1850A/judge-two"]
    assert reasons[:2] == ["checker: wrong answer: 2 is not the index of a maximum", BESIDE]
    write(tmp_path / "words.py", "print('first')\n")
    command = f"{sys.executable} words.py"
    status, report, _ = judged(root, "1850A", "--command", command, cwd=root, tle=None)
    assert case_verdicts(report)["1850A/judge-two"] == "PE"
    assert case_reasons(report)["1850A/judge-two"][:2] == [
        "checker: wrong output format: want one index",
        BESIDE,
    ]


def test_an_output_validator_speaks_the_kattis_protocol(tmp_path):
    root = contestant_root(tmp_path)
    write(root / "checkers" / "same.py", VALIDATOR)
    status, report, _ = judged(root, "1850A", "--validator", "checkers/same.py", cwd=root)
    assert status == 1, report
    assert case_verdicts(report) == {"1850A/judge-sample-1": "WA", "1850A/judge-two": "AC"}
    message = "validator: the team's answer differs"
    assert case_reasons(report)["1850A/judge-sample-1"][:2] == [message, BESIDE]
    assert report["problems"]["1850A"]["compare"] == "validator checkers/same.py"


def test_a_judge_line_naming_a_missing_checker_fails_each_case_alone(tmp_path):
    root = contestant_root(tmp_path)
    os.remove(root / "checkers" / "1850A_checker.py")
    status, report, _ = judged(root, tle=None)
    assert status == 1 and set(case_verdicts(report).values()) == {"IE", "AC"}, report
    why = "Test judge's checker checkers/1850A_checker.py: no file checkers/1850A_checker.py"
    assert case_reasons(report)["1850A/judge-two"][0].startswith(why)


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
    status, report, err = judged(root, "guess", tle=None)
    assert (status, err) == (0, ""), report
    assert report["problems"]["guess"]["compare"] == "interactor checkers/guess_interactor.py"
    write(tmp_path / "linear.py", LINEAR)  # asks 1, 2, 3...: too many queries
    command = f"{sys.executable} linear.py"
    status, report, _ = judged(root, "guess", "--command", command, cwd=root, tle=None)
    assert case_verdicts(report) == {"guess/judge-sample-1": "WA", "guess/judge-top": "WA"}
    assert case_reasons(report)["guess/judge-top"][0] == (
        "interactor: wrong answer: more than 11 queries"
    )
    write(tmp_path / "quits.py", "input()\n")  # exits at once: the interactor's verdict
    command = f"{sys.executable} quits.py"
    status, report, _ = judged(root, "guess", "-k", "top", "--command", command, cwd=root, tle=None)
    assert case_verdicts(report) == {"guess/judge-top": "WA"}
    assert "query 1 is not" in case_reasons(report)["guess/judge-top"][0], report


@pytest.mark.deep  # waits out the 3 s backstop; the next test's program does too
def test_a_program_that_never_flushes_is_tle_at_the_backstop(tmp_path):
    root = contestant_root(tmp_path)
    write(tmp_path / "silent.py", SILENT)
    command = f"{sys.executable} silent.py"
    status, report, _ = judged(root, "guess", "-k", "top", "--command", command, cwd=root, tle=None)
    assert status == 1 and case_verdicts(report) == {"guess/judge-top": "TLE"}, report
    reasons = case_reasons(report)["guess/judge-top"]
    assert (
        reasons[0].startswith("wall time passed the 3 s backstop")
        and reasons[1] == verdicts.WAITING
    )
    assert report["cases"][0]["wall_ms"] >= 3000


def test_an_interactor_that_fails_or_is_missing_is_an_internal_error(tmp_path):
    root = contestant_root(tmp_path)
    write(root / "checkers" / "broken.py", "import sys\nsys.exit(3)\n")
    write(root / "quiet.py", "import sys\nsys.stdin.read()\n")  # ends well on the closed pipe
    broken = ("--interactor", "checkers/broken.py", "--command", f"{sys.executable} quiet.py")
    _, report, _ = judged(root, "guess", "-k", "top", *broken, cwd=root)
    assert case_verdicts(report) == {"guess/judge-top": "IE"}
    assert case_reasons(report)["guess/judge-top"][0].startswith(
        "the interactor failed: exit status 3"
    )
    os.remove(root / "checkers" / "guess_interactor.py")
    _, report, _ = judged(root, "guess", "-k", "top", tle=None)
    assert case_verdicts(report) == {"guess/judge-top": "IE"}, report
    why = "interactor checkers/guess_interactor.py: no file checkers/guess_interactor.py"
    assert why in case_reasons(report)["guess/judge-top"][0]


@LINUX_ONLY
def test_a_program_that_cannot_start_leaves_no_interactor_waiting(tmp_path):
    """exec fails for the program: IE at once, its interactor (which would sleep 30 s) killed."""
    root = contestant_root(tmp_path)
    write(root / "checkers" / "patient.py", "import time\ntime.sleep(30)\n")
    program = runner_util.unstartable(root)
    marker = new_marker("interactor")
    interactor = ("--interactor", f"checkers/patient.py {marker}", "--command", program)
    _, report, _ = judged(root, "guess", "-k", "top", *interactor, cwd=root)
    assert case_verdicts(report) == {"guess/judge-top": "IE"}, report
    assert case_reasons(report)["guess/judge-top"][0].startswith("could not run: [Errno 2]")
    assert none_left(marker)  # the interactor was killed with the case, not left to sleep


# An interactor that writes 256 KiB to stderr before it asks: a pipe holds 64 KiB, so its
# stderr must be read while the program runs, or both wait for ever.
TALKATIVE = """import sys
sys.stderr.write("x" * (256 << 10))
sys.stderr.flush()
print(7, flush=True)
sys.exit(0 if sys.stdin.readline().strip() == "7" else 1)
"""
ECHO_ONCE = "print(input(), flush=True)\n"


def test_an_interactor_that_writes_much_to_stderr_is_read_as_it_runs(tmp_path):
    root = runner_util.make_root(
        tmp_path, ECHO_ONCE, {"judge-a": ("", "")}, compare="interactor talk.py"
    )
    write(root / "talk.py", TALKATIVE)
    status, report, err = judged(root, "--tle", "2")
    assert case_verdicts(report) == {"p/judge-a": "AC"} and status == 0, (report, err)


def test_checker_files_that_cannot_be_written_are_that_cases_internal_error(tmp_path, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(checkers.tempfile, "TemporaryDirectory", full)
    judged_ = run_checker(tmp_path, "import sys\nsys.exit(0)\n")
    assert judged_.verdict == "IE"
    assert judged_.details == ("could not write the checker's files: No space left on device",)


PIPE = """# testlib's protocol: INPUT OUTPUT ANSWER. It asks, reads the answer, waits until the
# program is gone, then writes once more: to a pipe nobody reads, which kills it unless SIGPIPE
# is ignored.
echo "1 2"
read answer
cat > /dev/null
echo "bye"
[ "$answer" = 3 ] && exit 0
echo "wrong answer: got '$answer'" >&2
exit 1
"""


@runner_util.POSIX_ONLY
@pytest.mark.parametrize("program, verdict", [("print(0)", "WA"), ("input(); print(3)", "AC")])
def test_a_program_that_quits_early_gets_the_interactors_verdict_not_ie(tmp_path, program, verdict):
    """The interactor writes after the program went: it starts with SIGPIPE ignored, so it
    gets EPIPE, goes on and gives its verdict; it is never killed by the pipe (IE)."""
    root = runner_util.make_root(
        tmp_path, program, {"a": ("", "")}, compare="interactor sh pipe.sh"
    )
    write(root / "pipe.sh", PIPE)
    _, report, err = judged(root)
    assert case_verdicts(report) == {"p/a": verdict}, (report, err)
    if verdict == "WA":
        assert case_reasons(report)["p/a"][-1] == "interactor: wrong answer: got '0'"


FLOOD = """import sys
try:
    while True:  # a question a second program never reads: the pipe breaks once it is gone
        print("1 2", flush=True)
except BrokenPipeError:
    sys.stdout = None  # nothing more to flush at exit
    sys.stderr.write("wrong answer: the program went away\\n")
    sys.exit(1)
"""


@runner_util.POSIX_ONLY
@pytest.mark.parametrize("program", ["import sys; sys.exit(1)", "import os; os.abort()"])
@pytest.mark.parametrize("interactor", ["f.py", "yes", "g.py"])
def test_a_program_that_crashes_first_is_re_not_the_interactors_wa(tmp_path, program, interactor):
    """The interactor's write failed because the program had crashed: the crash is the verdict,
    as on Kattis and Codeforces. (yes says "Broken pipe" and exits 1, testlib's WA.)"""
    root = runner_util.make_root(
        tmp_path, program, {"a": ("", "")}, compare=f"interactor {interactor}"
    )
    write(root / "f.py", FLOOD)
    write(root / "g.py", "while True:\n    print('1 2')\n")  # dies of it: exit 1 or 120
    _, report, err = judged(root)
    assert case_verdicts(report) == {"p/a": "RE"}, (report, err)


# ---------------------------------------------------------------- Polygon: interactor, then checker

AB_INTERACTOR = """import sys

a, b = open(sys.argv[1]).read().split()
try:
    print(a, b, flush=True)
except BrokenPipeError:  # the program went first: testlib's write fails as quietly
    sys.stdout = None
line = sys.stdin.readline()
if not line.strip():
    sys.stderr.write("wrong output format: unexpected end of file\\n")
    sys.exit(2)  # testlib's PE
with open(sys.argv[2], "w") as output:  # what the checker judges
    output.write(line)
"""
AB_CHECKER = """import sys

got, want = (open(path).read().split() for path in sys.argv[2:4])
if got != want:
    sys.stderr.write(f"wrong answer: {' '.join(got)} is not {' '.join(want)}\\n")
    sys.exit(1)
"""
AB_PROGRAMS = {
    "right": "a, b = map(int, input().split())\nprint(a + b)\n",
    "wrong": "a, b = map(int, input().split())\nprint(a - b)\n",  # the interactor takes any answer
    "quits": "pass\n",  # closes its input at once, and says nothing
}


def ab_root(tmp_path):
    root = runner_util.make_root(
        tmp_path,
        AB_PROGRAMS["right"],
        {"1": ("1 2\n", "3\n"), "2": ("10 -4\n", "6\n")},
        compare="interactor ab/interactor.py checker ab/checker.py",
    )
    write(root / "ab" / "interactor.py", AB_INTERACTOR)
    write(root / "ab" / "checker.py", AB_CHECKER)
    for name, source in AB_PROGRAMS.items():
        write(root / f"{name}.py", source)
    return root


@pytest.mark.parametrize("program, verdict", [("right", "AC"), ("wrong", "WA"), ("quits", "PE")])
def test_a_polygon_interactors_output_file_is_judged_by_the_checker(tmp_path, program, verdict):
    root = ab_root(tmp_path)
    command = f"{sys.executable} {program}.py"
    _, report, err = judged(root, "p", "--command", command, cwd=root)
    assert set(case_verdicts(report).values()) == {verdict}, (report, err)
    assert report["problems"]["p"]["compare"] == "interactor ab/interactor.py checker ab/checker.py"
    if verdict == "WA":
        assert case_reasons(report)["p/2"] == ["checker: wrong answer: 14 is not 6"]


def test_the_polygon_pair_is_given_by_two_flags_too(tmp_path):
    root = ab_root(tmp_path)
    flags = ("--interactor", "ab/interactor.py", "--checker", "ab/checker.py")
    status, report, _ = judged(
        root, "p", "--command", f"{sys.executable} wrong.py", *flags, cwd=root
    )
    assert status == 1 and set(case_verdicts(report).values()) == {"WA"}, report
    status, report, _ = judged(
        root, "p", "--command", f"{sys.executable} wrong.py", *flags[:2], cwd=root
    )
    assert status == 0, report  # the interactor alone takes any answer


# ---------------------------------------------------------------- scores

POINTS = "import sys\nsys.stderr.write('points 7.5 of 10: close\\n')\nsys.exit(7)\n"


def test_a_checkers_points_give_the_case_a_score(tmp_path):
    result = run_checker(tmp_path, POINTS)
    assert (result.verdict, result.score, result.details) == ("AC", 7.5, ())
    assert run_checker(tmp_path, "pass\n").score is None


def test_a_validators_score_file_gives_the_case_a_score(tmp_path):
    validator = VALIDATOR.replace(
        "    sys.exit(42)", '    open(feedback + "score.txt", "w").write("12\\n")\n    sys.exit(42)'
    )
    result = run_checker(tmp_path, validator, kind="validator")
    assert (result.verdict, result.score) == ("AC", 12.0)
    bad = VALIDATOR.replace(
        "    sys.exit(42)", '    open(feedback + "score.txt", "w").write("lots")\n    sys.exit(42)'
    )
    result = run_checker(tmp_path, bad, kind="validator")
    assert result.verdict == "IE" and "its score.txt holds no number" in result.details[0]


def test_scores_are_in_the_report_and_its_json(tmp_path):
    root = runner_util.make_root(
        tmp_path, "print(1)\n", {"a": ("", "1\n"), "b": ("", "1\n")}, compare="checker pts.py"
    )
    write(root / "pts.py", POINTS)
    status, out, _, _ = runner_util.judge(root)
    assert status == 0 and " score 7.5" in out and "; score 15, its cases' summed" in out, out
    status, report, _ = judged(root)
    assert [case["score"] for case in report["cases"]] == [7.5, 7.5]
    assert report["problems"]["p"]["score"] == 15


def test_a_program_that_never_flushes_is_tle_even_where_the_caller_unbuffers_python(tmp_path):
    """PYTHONUNBUFFERED=1 in the caller's environment (containers and CI images set it) must
    not reach the program: on the judge, print() without flush waits for ever."""
    root = contestant_root(tmp_path)
    body = GUESS.split('"""\n\n', 2)[-1].replace(", flush=True", "")  # input() would flush
    body = body.replace("input()", "sys.stdin.readline().strip()")
    write(tmp_path / "lazy.py", "import sys\n" + body)
    command = f"{sys.executable} lazy.py"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    args = ("guess", "-k", "sample", "--command", command)
    status, report, _ = judged(root, *args, cwd=root, tle=None, env=env)
    assert status == 1 and case_verdicts(report) == {"guess/judge-sample-1": "TLE"}, report
    status, report, _ = judged(root, *args, "--keep-env", cwd=root, tle=None, env=env)
    assert status == 0, report  # the same program, given the caller's environment


@pytest.mark.parametrize(
    "mode, accept", [("interactive_validator", "import sys\nsys.exit(42)\n"), ("interactor", "")]
)
def test_output_written_after_the_judge_accepted_never_blocks_the_program(tmp_path, mode, accept):
    """A judge that accepts at once, and a program that then writes 256 KiB (four times a
    pipe's buffer) before it exits: AC, not a TLE at the backstop on a full pipe."""
    write(tmp_path / "judge.py", accept)
    loud = "import sys\nsys.stdout.write('x' * 262144)\n"
    root = make_root(tmp_path, loud, {"a": ("", "")}, compare=f"{mode} judge.py")
    status, report, err = judged(root, "--tle", "1")
    assert (status, case_verdicts(report)) == (0, {"p/a": "AC"}), (report, err)
