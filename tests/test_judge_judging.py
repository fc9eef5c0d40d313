"""judge/judging.py: one input judged by a problem's profile (judge_input, in process), and a
run of cases in order, on one thread or many (run_all, with a judge of its own). Then the
runner on tiny roots, read from its JSON report: what cannot be read or run is that case's
IE and the run goes on, a failure shows its input, and cases run in parallel report in order."""

import functools
import json
import re
import shutil
import sys
import threading
import time
from dataclasses import replace

import pytest
import runner_util
from process_util import finished_run
from runner_util import (
    ECHO,
    POSIX_ONLY,
    case_details,
    case_reasons,
    case_verdicts,
    judged,
    make_root,
    write,
)
from util import ROOT, run

from judge import judging, model, stop, submissions
from judge.cli import cpu_count
from judge.expectations import Expectation
from judge.packages import read_package
from judge.problems import DEFAULT_PROFILE
from judge.process.choose import new_running
from judge.verdicts import Seen, decide

PROFILE = replace(DEFAULT_PROFILE, time_limit=1.0)
PACKAGES = ROOT / "tests" / "packages"


def judge_code(folder, code, given="", answer=None, profile=PROFILE):
    """The Judgement of a Python program (its code) on an input, against an answer (None:
    none), each written into folder."""
    write(folder / "c.in", given)
    if answer is not None:
        write(folder / "c.out", answer)
    program = model.Program(([sys.executable, "-S", "-c", code], None), folder)
    expected = folder / "c.out" if answer is not None else None
    return judging.judge_input(program, folder / "c.in", profile, expected)


def test_an_input_is_judged_by_the_profile(tmp_path):
    judged = judge_code(tmp_path, ECHO, "1 2\n", "1 2\n")
    assert isinstance(judged, model.Judgement)
    assert (judged.verdict, judged.details, judged.input_lines, judged.slow) == (
        "AC",
        (),
        (),
        False,
    )
    assert judged.wall > 0 and (judged.cpu is None or judged.cpu >= 0)
    judged = judge_code(tmp_path, ECHO, "1 2\n", "1 3\n")
    assert judged.verdict == "WA" and judged.details[0] == "first difference at line 1"
    assert judged.input_lines == ("  1 2",)  # a failure shows its short input
    assert judge_code(tmp_path, ECHO, "1\n").verdict == "--"  # no answer: run, not checked
    assert judge_code(tmp_path, "print(1)", "", "1\r\n").verdict == "AC"  # CRLF read as LF


def test_the_answer_is_read_before_the_program_runs(tmp_path):
    cheat = "open('c.out', 'w').write('2\\n')\nprint(2)\n"
    judged = judge_code(tmp_path, cheat, "", "1\n")
    assert judged.verdict == "WA" and (tmp_path / "c.out").read_text() == "2\n"


@POSIX_ONLY
def test_an_answer_or_input_that_cannot_be_read_is_an_internal_error(tmp_path):
    write(tmp_path / "c.in", "")
    program = model.Program(([sys.executable, "-c", "print(1)"], None), tmp_path)
    (tmp_path / "gone.out").symlink_to("nowhere")
    (tmp_path / "dir.out").mkdir()
    (tmp_path / "dir.in").mkdir()
    for given, answer, why in [
        ("c.in", "gone.out", "could not read the .out: No such file or directory"),
        ("c.in", "dir.out", "could not read the .out: Is a directory"),
        ("dir.in", None, "could not run: [Errno 21] Is a directory"),
    ]:
        expected = tmp_path / answer if answer else None
        judged = judging.judge_input(program, tmp_path / given, PROFILE, expected)
        assert (judged.verdict, judged.details, judged.ran) == ("IE", (why,), False)


@POSIX_ONLY
def test_a_program_that_cannot_start_is_an_internal_error(tmp_path):
    write(tmp_path / "c.in", "")
    cannot = str(tmp_path / runner_util.unstartable(tmp_path))
    program = model.Program(([cannot], cannot), tmp_path)
    judged = judging.judge_input(program, tmp_path / "c.in", PROFILE)
    assert judged.verdict == "IE"
    assert judged.details == ("could not run: [Errno 2] No such file or directory",)


def test_a_program_that_could_not_be_built_is_a_ce_and_nothing_runs(tmp_path):
    lines = ["g++ could not build p.cpp: exit status 1", "  p.cpp:1:1: error: x"]
    program = model.Program(None, tmp_path, None, tuple(lines))
    judged = judging.judge_input(program, tmp_path / "no.in", PROFILE, tmp_path / "no.out")
    assert (judged.verdict, judged.details, judged.ran, judged.reason) == (
        "CE",
        tuple(lines),
        False,
        "built-not",
    )


def test_a_judging_programs_files_that_cannot_be_written_are_an_internal_error():
    class Full:
        kind = "checker"

        def judge_output(self, *args):
            raise OSError(28, "No space left on device")

    seen = Seen(judging.bounds_of(PROFILE), program=finished_run(b"1\n"))
    program = model.Program(None, ".")
    seen = judging.with_output_judged(seen, Full(), "c.in", b"1\n", None, program)
    decision = decide(seen)
    assert (decision.verdict, decision.details) == (
        "IE",
        ("could not write the checker's files: No space left on device",),
    )


@pytest.mark.parametrize(
    "data, lines",
    [
        (b"1 2\n3\n", ["  1 2", "  3"]),
        (b"", []),
        (b"1\x00\x1b\x07\n", ["  1\\x00\\x1b\\x07"]),
        (b"\xff\n", ["  \\xff"]),
        (b"x\n" * 10, ["  x"] * 10),
        (b"x\n" * 11, []),  # more than SHORT_INPUT_LINES lines
        (b"x" * 401, []),  # more than SHORT_INPUT bytes
    ],
)
def test_a_short_input_is_shown_escaped(tmp_path, data, lines):
    write(tmp_path / "c.in", data)
    assert judging.shown_input(tmp_path / "c.in") == lines
    assert judging.shown_input(str(tmp_path / "c.in")) == lines  # the API takes a str too


def test_the_lines_of_a_long_input_are_none_and_of_an_empty_one_empty():
    assert judging.shown_lines(b"") == [] and judging.shown_lines(b"x\n" * 10) == ["  x"] * 10
    assert judging.shown_lines(b"x\n" * 11) is None and judging.shown_lines(b"x" * 401) is None


def test_no_input_is_shown_when_it_cannot_be_read(tmp_path):
    assert judging.shown_input(tmp_path / "missing.in") == []


def test_run_all_reports_in_case_order_on_one_thread_or_many():
    cases = [0.2, 0.0, 0.1, 0.0]

    def judge(case, running):
        time.sleep(case)
        return case, threading.current_thread().name

    for jobs in (1, 3):
        results, waits = [], []
        judging.run_all(cases, judge, jobs, results.append, functools.partial(waits.append, 1))
        assert [case for case, _ in results] == cases
        threads = {thread for _, thread in results}
        assert (threads == {threading.current_thread().name}) == (jobs == 1)
        assert jobs == 1 or waits  # on_wait() while a result is awaited


def test_run_all_stops_every_case_when_reporting_fails():
    started = []

    def judge(case, running):
        started.append(case)
        return case

    def report(result):
        raise model.OutputClosed()

    with pytest.raises(model.OutputClosed):
        judging.run_all([1, 2, 3], judge, 1, report)
    assert started == [1]  # one thread: no case starts once reporting failed


def test_a_run_stopped_by_a_signal_starts_no_case():
    stop.STOPPED.append(15)
    try:
        with pytest.raises(KeyboardInterrupt):
            judging.run_all([1], lambda case, running: pytest.fail("a case started"), 1, print)
    finally:
        stop.STOPPED.remove(15)


def test_a_running_serves_many_inputs(tmp_path):
    running = new_running()
    try:
        write(tmp_path / "c.in", "1\n")
        program = model.Program(([sys.executable, "-S", "-c", ECHO], None), tmp_path)
        for answer in ("1\n", "2\n", "1\n"):
            write(tmp_path / "c.out", answer)
            judged = judging.judge_input(
                program, tmp_path / "c.in", PROFILE, tmp_path / "c.out", running
            )
            assert judged.verdict == ("AC" if answer == "1\n" else "WA")
    finally:
        running.end()


# ---------------------------------------------------------------- through the runner


@POSIX_ONLY
def test_an_out_is_read_before_the_case_runs_and_must_be_a_file(tmp_path, path):
    cheat = "open('testcases/p/a.out', 'w').write('2\\n')\nprint(2)\n"
    root = make_root(tmp_path, cheat, {"a": ("", "1\n"), "b": ("", None), "c": ("", None)})
    (root / "testcases" / "p" / "b.out").symlink_to("nowhere")
    (root / "testcases" / "p" / "c.out").mkdir()
    status, report, _ = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "WA", "p/b": "IE", "p/c": "IE"} and status == 1
    reasons = case_reasons(report)
    assert reasons["p/b"] == ["could not read the .out: No such file or directory"]
    assert reasons["p/c"] == ["could not read the .out: Is a directory"]


@POSIX_ONLY
def test_an_unreadable_input_is_an_internal_error_not_a_crash(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    (root / "testcases" / "p" / "b.in").mkdir()
    status, report, err = judged(root)
    assert case_verdicts(report) == {"p/a": "AC", "p/b": "IE"}
    assert case_reasons(report)["p/b"] == ["could not run: [Errno 21] Is a directory"]
    assert "Traceback" not in err and status == 1


@POSIX_ONLY
def test_a_program_that_cannot_start_is_an_internal_error_each_time(tmp_path, path):
    """exec fails (a script naming a missing interpreter), for the program or for its checker:
    IE with the system's reason, and the same process starts the next case as before."""
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("2\n", "2\n")})
    program = runner_util.unstartable(root)
    for args, reason in (
        (["--command", program], "could not run: [Errno 2] No such file or directory"),
        (["--checker", program], "could not run the checker: No such file or directory"),
    ):
        status, report, err = judged(root, "p", "-j", "1", *args, cwd=root, path=path)
        assert case_verdicts(report) == {"p/a": "IE", "p/b": "IE"} and status == 1, report
        assert case_reasons(report) == {"p/a": [reason], "p/b": [reason]}
        assert "Traceback" not in err


@pytest.mark.skipif(sys.platform != "linux", reason="needs RLIMIT_AS and sparse files")
def test_a_file_too_large_for_the_runners_memory_is_that_cases_internal_error(tmp_path, path):
    import resource

    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("1\n", None), "c": ("2\n", "2\n")})
    with open(root / "testcases" / "p" / "b.out", "wb") as huge:  # sparse: no disk used
        huge.truncate(1536 << 20)
    limit = 1 << 30  # 1 GiB of address space: the 1.5 GiB .out cannot be read

    def limited():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    status, report, err = judged(root, path=path, tle=None, preexec_fn=limited)
    assert case_verdicts(report) == {"p/a": "AC", "p/b": "IE", "p/c": "AC"}, err
    assert case_reasons(report)["p/b"] == ["out of memory: a file too large?"]
    assert (report["passed"], report["failed"]) == (2, 1) and status == 1


@pytest.mark.parametrize(
    "solution, verdict",
    [
        ("raise SystemExit(3)\n", "RE"),
        ("while True:\n    pass\n", "TLE"),
        ("hoard = bytearray(300 << 20)\n", "MLE"),
        ("print(2)\n", "WA"),
    ],
)
def test_the_input_is_shown_under_every_failure(tmp_path, path, solution, verdict):
    root = make_root(tmp_path, solution, {"a": ("the input\n", "1\n")})
    status, report, _ = judged(root, "--tle", "0.5", "--mle", "100", path=path)
    if verdict == "MLE" and report["cases"][0]["peak_mib"] is None:
        pytest.skip("this platform does not measure memory")
    assert case_verdicts(report) == {"p/a": verdict} and status == 1, report
    details = case_details(report)["p/a"]
    assert details[-2:] == ["input:", "  the input"]
    assert model.EXTENDED_NOTE not in details  # no case of p is named judge-*: none is told apart


def test_parallel_runs_report_in_case_order(tmp_path):
    if cpu_count() < 2:
        pytest.skip("one CPU: cases run one at a time")
    solution = (
        "import sys, time\nname, delay = sys.stdin.read().split()\n"
        "open('log', 'a').write(f'start {name}\\n')\ntime.sleep(float(delay))\n"
        "open('log', 'a').write(f'end {name}\\n')\nprint('ok')\n"
    )
    delays = {"case-1": "0.9", "case-2": "0.6", "case-3": "0.3", "case-4": "0"}
    root = make_root(tmp_path, solution, {c: (f"{c} {d}", "ok\n") for c, d in delays.items()})
    status, report, _ = judged(root, "-j", "4", "--tle", "2")
    assert list(case_verdicts(report)) == ["p/" + case for case in delays] and status == 0
    log = (root / "log").read_text().splitlines()
    assert log.index("start case-2") < log.index("end case-1"), log  # at once, not in a row


@pytest.mark.parametrize("solution, verdict", [("print(2)\n", "WA"), ("while True: pass\n", "TLE")])
def test_the_programs_stderr_shows_under_every_failure(tmp_path, solution, verdict):
    program = "import sys\nprint('debug: 42', file=sys.stderr, flush=True)\n" + solution
    root = make_root(tmp_path, program, {"a": ("1\n", "1\n")})
    status, report, _ = judged(root, "--tle", "0.5")
    assert status == 1 and case_verdicts(report) == {"p/a": verdict}
    details = case_details(report)["p/a"]
    assert details[details.index("stderr, last lines:") + 1] == "  debug: 42", details


# ---------------------------------------------------------------- a case cut at the limit


def test_a_case_whose_tle_settles_its_submission_is_cut_at_the_limit():
    """A TLE at the limit meets time_limit_exceeded/'s expectation and leaves no case to run:
    the case runs to the limit, not to the margin. A submission a TLE would not meet keeps
    the margin, and so does a package whose margin is 1 (DOMjudge's reading)."""
    package = read_package(PACKAGES / "hello")

    def cut(folder, verdict, margin=package.margin):
        expected = Expectation("folder", finals=(verdict,))
        one = submissions.Submission(f"{folder}/x.py", expected, (["x"], None))
        table = submissions.Table(replace(package, margin=margin), [one], 1.0)
        case = replace(package.cases[0], problem=one.label)
        assert table.wants(case)
        return table.cut(case)

    assert cut("time_limit_exceeded", "TLE") == 1.0
    assert cut("wrong_answer", "WA") is None and cut("accepted", "AC") is None
    assert cut("time_limit_exceeded", "TLE", margin=1.0) is None


def test_a_tle_submission_runs_to_the_time_limit_not_to_the_margin(tmp_path):
    """hello's spin.py alone, under a 0.2 s limit and the margin 2: TLE, as expected, after
    some 0.2 s of CPU time, not 0.4 s; its case says the limit it ran under."""
    folder = shutil.copytree(PACKAGES / "hello", tmp_path / "hello")
    for name in ("accepted", "wrong_answer", "run_time_error"):
        shutil.rmtree(folder / "submissions" / name)
    write(folder / "problem.yaml", "limits:\n  time_limit: 0.2\n")
    report = tmp_path / "report.json"
    argv = [runner_util.PYTHON, str(runner_util.RUNNER), "--package", str(folder)]
    done = run([*argv, "--submissions", "--json", str(report)], text=True)
    assert done.returncode == 0, done.stderr
    [spin] = json.loads(report.read_text(encoding="utf-8"))["submissions"]
    [case] = spin["cases"]
    assert (spin["got"], spin["ok"], spin["extra_time"], case["verdict"]) == (
        "TLE",
        True,
        False,
        "TLE",
    )
    assert 200 <= case["cpu_ms"] < 300, case
    # the detail rounds the CPU time itself, not cpu_ms (0.205 s may show as 0.20 or 0.21)
    assert re.fullmatch(r"CPU time 0\.[23]\d s, over the 0\.2 s limit", case["details"][0])
