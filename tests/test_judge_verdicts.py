"""judge/verdicts.py: the verdicts a run earns by its limits and its exit, before its output is
judged, and the lines that explain them. In process from tables of runs; then one verdict
after another out of tiny programs, read from the runner's JSON report, on both paths."""

import re
import shutil
import signal
import sys
from dataclasses import replace

import pytest
from process_util import backstop_line, finished_run
from runner_util import (
    BUSY,
    ECHO,
    LINUX_ONLY,
    POSIX_ONLY,
    SPAWNER,
    alive,
    case_reason_codes,
    case_reasons,
    case_verdicts,
    gone_soon,
    judged,
    live_members,
    make_root,
)

from judge import checkers, verdicts
from judge.model import MIB, Judgement, OutputFile
from judge.model import Verdict as V
from judge.process import linux, readers, trees, watch
from judge.verdicts import Bounds, Decision, Judging, Seen, decide, output_to_judge

BOUNDS = Bounds(0.5, 100.0, 64.0)
CUT = Bounds(0.5, 100.0, 64.0, runs_on=True)  # DOMjudge's: the output cut, the program runs on
OVERSHOT = Bounds(0.5, 100.0, 64.0, overshoot=(1.0, 0.1))  # DOMjudge's wall limit: 0.5 + 1 s
FILE = OutputFile("output.txt", 64 * MIB)  # an output file, at the output limit
TESTLIB = "not testlib's 0 AC, 1 WA, 2 PE; 3 is its own failure"
KATTIS = "not the Kattis protocol's 42 AC, 43 WA"
PROTOCOLS = {
    "checker": verdicts.TESTLIB_CHECKER,
    "validator": verdicts.KATTIS_VALIDATOR,
    "interactor": verdicts.TESTLIB_INTERACTOR,
    "interactive_validator": verdicts.KATTIS_INTERACTIVE,
    "domjudge_validator": replace(verdicts.KATTIS_VALIDATOR, rejects_scored=True),
}


def run(**fields):
    """A Run that ended by itself with exit status 0 within every limit, unless fields say."""
    values = dict(output=b"", stderr=b"", status=0, wall=0.2, cpu=0.1, peak_mib=10.0)
    values.update(timed_out=False, overflowed=False)
    return watch.Run(**{**values, **fields})


def judging(mode, fields=(), message=None, score=None, time_limit=1.0):
    """What a judging program of mode ("checker c", ...) did: its Run has fields; its message
    is message, else its stderr."""
    kind = mode.split()[0]
    ran = run(**dict(fields))
    said = ran.stderr.strip() if message is None else message
    limits = checkers.judging_limits(time_limit)
    return Judging(kind.split("_")[-1], PROTOCOLS[kind], ran, said, score, limits)


# ---------------------------------------------------------------- the decision, as a table
# Each row: what was seen of a case, and the verdict and reason decide() gives.

SEEN = {
    "built-not": Seen(BOUNDS, build_failure=("a.cpp:1: error",)),
    "answer-unreadable": Seen(BOUNDS, program=run(), answer_error="Permission denied"),
    "not-run": Seen(BOUNDS),
    "within": Seen(BOUNDS, program=run(), compared=Decision(V.AC, (), "compared")),
    "within-wa": Seen(BOUNDS, program=run(), compared=Decision(V.WA, ("x",), "compared")),
    "cpu-at-limit": Seen(
        BOUNDS, program=run(cpu=0.5, wall=0.6), compared=Decision(V.AC, (), "compared")
    ),
    "cpu-over": Seen(BOUNDS, program=run(cpu=0.6, wall=0.7)),
    "waits": Seen(BOUNDS, program=run(cpu=0.1, wall=1.4)),
    "backstop": Seen(BOUNDS, program=run(cpu=0.1, wall=1.5, timed_out=True)),
    "ceiling": Seen(BOUNDS, program=run(cpu=0.2, wall=8.0, timed_out=True)),
    "wall-limit": Seen(OVERSHOT, program=run(cpu=0.1, wall=1.5, timed_out=True)),
    "wall-judged": Seen(BOUNDS, program=run(cpu=None, wall=0.6)),
    "peak": Seen(BOUNDS, program=run(peak_mib=150.0)),
    "memory-backstop": Seen(BOUNDS, program=run(peak_mib=250.0, memory_out=True, status=-9)),
    "own-peak": Seen(
        BOUNDS, program=run(peak_mib=150.0, judged_mib=90.0), compared=Decision(V.AC, (), "c")
    ),
    "output": Seen(BOUNDS, program=run(overflowed=True, status=-9)),
    # DOMjudge cuts the output at the limit and lets the program run on: its exit comes first
    "output-cut": Seen(CUT, program=run(overflowed=True), compared=Decision(V.AC, (), "c")),
    "output-cut-then-crash": Seen(CUT, program=run(overflowed=True, status=1)),
    "output-cut-then-tle": Seen(CUT, program=run(overflowed=True, cpu=0.6, status=-9)),
    "output-cut-then-mle": Seen(CUT, program=run(overflowed=True, peak_mib=150.0)),
    "mle-before-re": Seen(BOUNDS, program=run(peak_mib=150.0, status=3)),
    "tle-before-mle": Seen(BOUNDS, program=run(cpu=0.7, peak_mib=150.0)),
    "mle-seen-before-tle": Seen(BOUNDS, program=run(cpu=0.7, peak_mib=150.0, memory_at=0.3)),
    "exit": Seen(BOUNDS, program=run(status=1)),
    "crash-no-answer": Seen(BOUNDS, program=run(status=-11), answered=False),
    "no-answer": Seen(BOUNDS, program=run(), answered=False),
    "checker-ac": Seen(BOUNDS, program=run(), judging=judging("checker c")),
    "checker-wa": Seen(BOUNDS, program=run(), judging=judging("checker c", {"status": 1})),
    "checker-pe": Seen(BOUNDS, program=run(), judging=judging("checker c", {"status": 2})),
    "checker-fail": Seen(BOUNDS, program=run(), judging=judging("checker c", {"status": 3})),
    "checker-killed": Seen(
        BOUNDS, program=run(), judging=judging("checker c", {"timed_out": True})
    ),
    "checker-after-re": Seen(
        BOUNDS, program=run(status=1), judging=judging("checker c", {"status": 0})
    ),
    "points": Seen(
        BOUNDS, program=run(), judging=judging("checker c", {"status": 7}, b"points 12.5")
    ),
    "no-points": Seen(BOUNDS, program=run(), judging=judging("checker c", {"status": 7}, b"good")),
    "score-file": Seen(
        BOUNDS, program=run(), judging=judging("validator v", {"status": 42}, b"", b"30\n")
    ),
    "score-file-wa": Seen(
        BOUNDS, program=run(), judging=judging("validator v", {"status": 43}, b"", b"30\n")
    ),
    "score-file-wa-domjudge": Seen(
        BOUNDS,
        program=run(),
        judging=judging("domjudge_validator v", {"status": 43}, b"", b"30\n"),
    ),
    "bad-score-file-wa-domjudge": Seen(
        BOUNDS, program=run(), judging=judging("domjudge_validator v", {"status": 43}, b"", b"x")
    ),
    "bad-score-file": Seen(
        BOUNDS, program=run(), judging=judging("validator v", {"status": 42}, b"", b"inf")
    ),
    "validator-0": Seen(BOUNDS, program=run(), judging=judging("validator v", {"status": 0})),
    "validator-next-pass": Seen(
        BOUNDS,
        program=run(),
        judging=judging("validator v", {"status": 42}),
        next_pass=True,
        last_pass=False,
    ),
    "validator-next-pass-last": Seen(
        BOUNDS, program=run(), judging=judging("validator v", {"status": 42}), next_pass=True
    ),
    "validator-next-pass-wa": Seen(
        BOUNDS,
        program=run(),
        judging=judging("validator v", {"status": 43}),
        next_pass=True,
        last_pass=False,
    ),
    "re-before-next-pass": Seen(
        BOUNDS,
        program=run(status=1),
        judging=judging("validator v", {"status": 42}),
        next_pass=True,
        last_pass=False,
    ),
    # an input or answer validator run alone on a case's file: no program to judge
    "alone-valid": Seen(BOUNDS, judging=judging("validator v", {"status": 42})),
    "alone-invalid": Seen(BOUNDS, judging=judging("validator v", {"status": 43})),
    "alone-failed": Seen(BOUNDS, judging=judging("validator v", {"status": 1})),
    "alone-killed": Seen(BOUNDS, judging=judging("validator v", {"timed_out": True})),
    "file-written": Seen(
        BOUNDS, program=run(), compared=Decision(V.AC, (), "compared"), output_file=FILE
    ),
    "file-missing": Seen(BOUNDS, program=run(), output_file=OutputFile("output.txt")),
    "file-a-folder": Seen(BOUNDS, program=run(), output_file=OutputFile("o", None, "a folder")),
    "file-over": Seen(BOUNDS, program=run(), output_file=OutputFile("o", 64 * MIB + 1)),
    "file-over-before-re": Seen(
        BOUNDS, program=run(status=1), output_file=OutputFile("o", 64 * MIB + 1)
    ),
    "tle-before-file": Seen(BOUNDS, program=run(cpu=0.6), output_file=OutputFile("o")),
    "file-missing-no-answer": Seen(
        BOUNDS, program=run(), answered=False, output_file=OutputFile("o")
    ),
}
DECIDED = [
    ("built-not", V.CE, "built-not"),
    ("answer-unreadable", V.IE, "answer-unreadable"),
    ("not-run", V.IE, "not-judged"),
    ("within", V.AC, "compared"),
    ("within-wa", V.WA, "compared"),
    ("cpu-at-limit", V.AC, "compared"),
    ("cpu-over", V.TLE, "cpu-limit"),
    ("waits", V.IE, "not-judged"),  # within its limits, and nothing judged its output
    ("backstop", V.TLE, "wall-backstop"),
    ("ceiling", V.TLE, "wall-ceiling"),
    ("wall-limit", V.TLE, "wall-limit"),  # DOMjudge's wall-time limit, not the backstop
    ("wall-judged", V.TLE, "wall-unmeasured"),
    ("peak", V.MLE, "memory-peak"),
    ("memory-backstop", V.MLE, "memory-backstop"),
    ("own-peak", V.AC, "c"),
    ("output", V.OLE, "output-limit"),
    ("output-cut", V.OLE, "output-cut"),
    ("output-cut-then-crash", V.RE, "exit"),  # DOMjudge: RUN-ERROR before OUTPUT-LIMIT
    ("output-cut-then-tle", V.TLE, "cpu-limit"),  # a flood for ever: TIMELIMIT
    ("output-cut-then-mle", V.MLE, "memory-peak"),
    ("mle-before-re", V.MLE, "memory-peak"),
    ("tle-before-mle", V.TLE, "cpu-limit"),
    ("mle-seen-before-tle", V.MLE, "memory-peak"),  # a judge capping memory stops it there
    ("exit", V.RE, "exit"),
    ("crash-no-answer", V.RE, "exit"),
    ("no-answer", V.UNCHECKED, "no-answer"),
    ("checker-ac", V.AC, "judging-exit"),
    ("checker-wa", V.WA, "judging-exit"),
    ("checker-pe", V.PE, "judging-exit"),
    ("checker-fail", V.IE, "judging-failed"),
    ("checker-killed", V.IE, "judging-limit"),
    ("checker-after-re", V.RE, "exit"),  # the exit comes before the checker's word
    ("points", V.AC, "judging-exit"),
    ("no-points", V.IE, "judging-failed"),
    ("score-file", V.AC, "judging-exit"),
    ("score-file-wa", V.WA, "judging-exit"),
    ("score-file-wa-domjudge", V.WA, "judging-exit"),
    ("bad-score-file-wa-domjudge", V.WA, "judging-exit"),  # no number: no score, still WA
    ("bad-score-file", V.IE, "judging-failed"),
    ("validator-0", V.IE, "judging-failed"),
    ("validator-next-pass", V.AC, "judging-exit"),  # the next pass runs
    ("validator-next-pass-last", V.IE, "passes-exceeded"),
    ("validator-next-pass-wa", V.IE, "next-pass-rejected"),
    ("re-before-next-pass", V.RE, "exit"),  # the program failed: no next pass
    ("alone-valid", V.AC, "judging-exit"),
    ("alone-invalid", V.WA, "judging-exit"),
    ("alone-failed", V.IE, "judging-failed"),
    ("alone-killed", V.IE, "judging-limit"),
    ("file-written", V.AC, "compared"),
    ("file-missing", V.WA, "output-file-missing"),
    ("file-a-folder", V.WA, "output-file-unreadable"),
    ("file-over", V.OLE, "output-file-limit"),
    ("file-over-before-re", V.OLE, "output-file-limit"),  # OLE before RE, as for stdout
    ("tle-before-file", V.TLE, "cpu-limit"),
    ("file-missing-no-answer", V.UNCHECKED, "no-answer"),
]


@pytest.mark.parametrize("name, verdict, reason", DECIDED, ids=[row[0] for row in DECIDED])
def test_the_decision_table(name, verdict, reason):
    decision = decide(SEEN[name])
    assert (decision.verdict, decision.reason) == (verdict, reason), decision
    assert reason in verdicts.REASONS or reason == "c"


def test_every_reason_is_decided_by_some_row():
    decided = {reason for _, _, reason in DECIDED} | {row[4] for row in INTERACTIVE_ROWS}
    assert set(verdicts.REASONS) <= decided | {"not-judged"}


@pytest.mark.parametrize(
    "name, score",
    [
        ("points", 12.5),
        ("score-file", 30.0),
        ("checker-ac", None),
        ("score-file-wa", None),  # Kattis: a reject's score.txt is not read
        ("score-file-wa-domjudge", 30.0),  # DOMjudge: a wrong answer's is its score
        ("bad-score-file-wa-domjudge", None),
    ],
)
def test_a_judging_programs_score_is_kept(name, score):
    assert decide(SEEN[name]).score == score


def test_only_the_output_of_a_case_within_its_limits_and_with_an_answer_is_judged():
    to_judge = {name for name, seen in SEEN.items() if output_to_judge(seen)}
    within = {"within", "within-wa", "cpu-at-limit", "waits", "own-peak", "points", "no-points"}
    within |= {"file-written"}
    judged = {name for name in SEEN if name.startswith(("checker-", "score-", "bad-", "valid"))}
    assert to_judge == within | judged - {"checker-after-re"}


# Interactive, both ways: (program's Run fields, judging Run fields, mode, verdict, reason,
# final). testlib's interactor: its verdict unless the program passed a limit, or crashed
# before it ended or while it judged well. Kattis: a validator that rejected first is WA at
# any limit.
INTERACTOR, VALIDATOR = "interactor i", "interactive_validator v"
SPUN = {"cpu": 1.5, "status": -9, "ended": 2.0}  # it spun to its limit, and was killed
INTERACTIVE_ROWS = [
    ({}, {}, INTERACTOR, V.AC, "judging-exit", False),
    ({}, {"status": 1}, INTERACTOR, V.WA, "judging-exit", False),
    ({}, {"status": 3}, INTERACTOR, V.IE, "judging-failed", False),
    ({}, {"timed_out": True}, INTERACTOR, V.IE, "judging-limit", False),
    ({"status": 1}, {"status": 1}, INTERACTOR, V.WA, "judging-exit", False),  # quit after WA
    (  # it crashed, then the interactor's write failed
        {"status": 1, "ended": 1.0},
        {"status": 1, "ended": 1.1},
        INTERACTOR,
        V.RE,
        "program-first",
        False,
    ),
    (
        {"status": 1, "ended": 1.0},
        {"status": 2, "ended": 1.1},
        INTERACTOR,
        V.RE,
        "program-first",
        False,
    ),
    (
        {"status": 1, "ended": 1.1},
        {"status": 1, "ended": 1.0},
        INTERACTOR,
        V.WA,
        "judging-exit",
        False,
    ),
    (
        {"status": 1, "ended": 1.0},
        {"status": 3, "ended": 1.1},
        INTERACTOR,
        V.IE,
        "judging-failed",
        False,
    ),
    (
        {"status": -6, "ended": 1.0},
        {"status": 120, "ended": 1.1},
        INTERACTOR,
        V.RE,
        "program-first",
        False,
    ),
    ({"status": 1}, {}, INTERACTOR, V.RE, "program-first", False),  # a crash after an AC
    ({"status": -11}, {"status": 3}, INTERACTOR, V.IE, "judging-failed", False),
    ({"status": -11}, {"status": -13}, INTERACTOR, V.RE, "program-first", False),  # broke its pipe
    (
        {"wall": 3.0, "timed_out": True, "status": -9},
        {"status": 3},
        INTERACTOR,
        V.TLE,
        "wall-backstop",
        False,
    ),
    ({"cpu": 1.5, "status": -9}, {"status": 1}, INTERACTOR, V.TLE, "cpu-limit", False),
    ({"peak_mib": 2000.0, "status": -9}, {"status": 1}, INTERACTOR, V.MLE, "memory-peak", False),
    ({"ended": 2.0}, {"status": 42, "ended": 1.0}, VALIDATOR, V.AC, "judging-exit", False),
    (SPUN, {"status": 43, "ended": 1.0}, VALIDATOR, V.WA, "rejected-first", True),
    (
        {"status": 1, "ended": 1.0},
        {"status": 43, "ended": 2.0},
        VALIDATOR,
        V.RE,
        "program-first",
        False,
    ),
    ({"ended": 1.0}, {"status": 43, "ended": 2.0}, VALIDATOR, V.WA, "judging-exit", False),
    (
        {"status": 1, "ended": 2.0},
        {"status": 42, "ended": 1.0},
        VALIDATOR,
        V.RE,
        "program-first",
        False,
    ),
    (SPUN, {"status": 43, "ended": 3.0}, VALIDATOR, V.TLE, "cpu-limit", False),
    ({"ended": 1.0}, {"status": 0, "ended": 2.0}, VALIDATOR, V.IE, "judging-failed", False),
    (
        {"status": -13, "ended": 2.0},
        {"status": 1, "ended": 1.0},
        VALIDATOR,
        V.IE,
        "judging-failed",
        False,
    ),
]


@pytest.mark.parametrize("program, judged, mode, verdict, reason, final", INTERACTIVE_ROWS)
def test_the_interactive_decision_table(program, judged, mode, verdict, reason, final):
    bounds = Bounds(1.0, 1024.0, 64.0)
    seen = Seen(bounds, program=run(**program), judging=judging(mode, judged), interactive=True)
    decision = decide(seen)
    assert (decision.verdict, decision.reason, decision.final) == (verdict, reason, final)


def test_a_program_that_waited_on_its_interactor_is_told_to_flush():
    program = run(wall=3.0, timed_out=True, status=-9)
    seen = Seen(
        Bounds(1.0, 1024.0, 64.0),
        program,
        judging=judging(INTERACTOR, {"status": 1}),
        interactive=True,
    )
    assert decide(seen).details[-1] == verdicts.WAITING


@pytest.mark.parametrize(
    "fields, verdict, limit, at",
    [
        ({"cpu": 0.4}, V.AC, 0.5, V.AC),
        ({"cpu": 0.6}, V.AC, 0.5, V.TLE),  # passed only with the margin
        ({"cpu": None, "wall": 0.6}, V.AC, 0.5, V.TLE),
        ({"cpu": 0.6, "final": True}, V.WA, 0.5, V.WA),  # rejected first: at any limit
        ({"cpu": 0.6}, V.WA, 0.5, V.TLE),
        # memory past the limit at 0.4 s of CPU: stopped there under the lower limit too
        ({"cpu": 0.9, "memory_at": 0.4}, V.MLE, 0.5, V.MLE),
        ({"cpu": 0.9, "memory_at": 0.7}, V.MLE, 0.5, V.TLE),  # the time limit came first
        # asleep past the lower limit's wall backstop (3 x 0.5 s), less its wait for a CPU
        ({"cpu": 0.01, "wall": 1.6}, V.WA, 0.5, V.TLE),
        ({"cpu": 0.01, "wall": 1.6, "waited": 0.2}, V.WA, 0.5, V.WA),
    ],
)
def test_a_verdict_under_a_lower_time_limit(fields, verdict, limit, at):
    values = {"wall": 0.7, "cpu": None, "peak_mib": None, "slow": False, "details": ()}
    judged = Judgement(verdict, **{**values, **fields})
    assert verdicts.at_limit(judged, limit) == at


@pytest.mark.parametrize(
    "cpu, wall, reason, used",
    [
        (0.4, 0.5, "compared", 0.4),
        (None, 0.5, "compared", 0.5),  # no CPU time measured: the wall clock's
        (0.002, 3.0, "wall-backstop", 3.0),  # it slept to the backstop: not 2 ms
        (0.2, 8.0, "wall-ceiling", 8.0),
        (0.002, 1.5, "wall-limit", 1.5),
        (1.2, 1.3, "cpu-limit", 1.2),
    ],
)
def test_a_case_is_timed_by_the_clock_that_judged_it(cpu, wall, reason, used):
    judged = Judgement(V.TLE, wall, cpu, None, False, (), reason=reason)
    assert verdicts.time_judged(judged) == used


@pytest.mark.parametrize(
    "verdict, name", [("RE", "RTE"), ("IE", "JE"), ("IC", "WA"), ("AC", "AC"), ("TLE", "TLE")]
)
def test_kattis_names_three_verdicts_otherwise(verdict, name):
    assert verdicts.kattis_name(V(verdict)) == name == verdicts.kattis_name(verdict)


# ---------------------------------------------------------------- the lines that explain them


BACKSTOP = backstop_line("1.5", "0.20")


@pytest.mark.parametrize(
    "verdict, fields, lines",
    [
        (
            "TLE",
            {"cpu": None, "wall": 0.6},
            ["killed after 0.5 s of wall time (CPU time is not measured here)"],
        ),
        ("TLE", {"cpu": 0.7}, ["CPU time 0.70 s, over the 0.5 s limit"]),
        ("TLE", {"cpu": 0.2, "wall": 1.5, "timed_out": True}, [BACKSTOP]),
        (
            "TLE",
            {"cpu": 0.2, "wall": 8.0, "timed_out": True},
            [
                "wall time reached the 8 s ceiling (10x the limit and 3 s) with only 0.20 s of "
                "CPU: the machine is too busy"
            ],
        ),
        ("OLE", {"overflowed": True}, ["output passed 64 MiB: stopped reading and killed it"]),
        ("MLE", {"peak_mib": 150.0}, ["peak memory 150.0 MiB, over the 100 MiB limit"]),
        (
            "MLE",
            {"peak_mib": 250.0, "memory_out": True},
            ["peak memory 250.0 MiB, over the 100 MiB limit: stopped when it passed 2x the limit"],
        ),
        ("RE", {"status": -9}, ["killed by signal 9 (SIGKILL)", "(nothing on stderr)"]),
        (
            "RE",
            {"status": 1, "stderr": b"Traceback\nZeroDivisionError: division by zero\n"},
            [
                "exit status 1",
                "stderr, last lines:",
                "  Traceback",
                "  ZeroDivisionError: division by zero",
            ],
        ),
        (
            "RE",
            {"status": 3, "stderr": b"bad\x1b[2J\x07\n"},
            ["exit status 3", "stderr, last lines:", "  bad\\x1b[2J\\x07"],
        ),
        (
            "RE",
            {"status": 1, "stderr": b"".join(b"%d\n" % i for i in range(30))},
            ["exit status 1", "stderr, last lines:", *[f"  {i}" for i in range(20, 30)]],
        ),
        (
            "RE",
            {"status": 1, "stderr": b"x" * 150},
            ["exit status 1", "stderr, last lines:", "  " + "x" * 100 + "... (50 more characters)"],
        ),
    ],
)
def test_each_verdict_is_explained(verdict, fields, lines):
    decision = verdicts.by_limits(finished_run(b"1\n", **fields), BOUNDS)
    assert (decision.verdict, list(decision.details)) == (verdict, lines)


# ---------------------------------------------------------------- through the runner


def test_accepted(tmp_path, path):
    root = make_root(tmp_path, ECHO, {"a": ("1 2\n", "1 2\n")})
    status, report, err = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "AC"} and report["cases"][0]["details"] == []
    assert (report["passed"], report["failed"]) == (1, 0)
    assert status == 0 and err == ""


def test_runtime_error_by_an_exception_shows_stderr(tmp_path, path):
    root = make_root(tmp_path, "print(1)\n1 / 0\n", {"a": ("", "1\n")})
    status, report, _ = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "RE"}
    details = case_reasons(report)["p/a"]
    assert details[:2] == ["exit status 1", "stderr, last lines:"]
    assert "  ZeroDivisionError: division by zero" in details
    assert status == 1


@POSIX_ONLY
def test_runtime_error_by_a_signal(tmp_path, path):
    solution = "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    status, report, _ = judged(root, path=path)
    assert case_verdicts(report) == {"p/a": "RE"}
    assert f"killed by signal {int(signal.SIGSEGV)} (SIGSEGV)" in case_reasons(report)["p/a"]
    assert status == 1


def test_time_limit_by_cpu_time(tmp_path, path):
    """Stopped by its CPU time, not by the wall backstop. Where the kernel does not say how
    long a case waited for a CPU (not Linux), a machine so busy that the case had under 1/3
    of a CPU for 1.5 s fires the backstop first, and the case is run again."""
    root = make_root(tmp_path, BUSY, {"a": ("30", "1\n")})
    fired = []
    for _ in range(1 if sys.platform == "linux" else 3):
        status, report, _ = judged(root, "--tle", "0.5", path=path)
        assert case_verdicts(report) == {"p/a": "TLE"} and status == 1
        fired.append(case_reason_codes(report)["p/a"])
        if fired[-1] == "cpu-limit":
            assert 500 <= report["cases"][0]["cpu_ms"] < 1500
            break
        assert fired[-1] == "wall-backstop", report
    assert fired[-1] == "cpu-limit", f"the CPU-time kill never fired: {fired}"


@pytest.mark.deep
@POSIX_ONLY
@pytest.mark.parametrize("kind", ["PosixTree", "LinuxTree"])
@pytest.mark.parametrize("reader", ["PollReader", "ThreadReader"])
def test_the_wall_backstop_never_passes_ten_limits_and_three_seconds(tmp_path, kind, reader):
    """However long the kernel says the case waited for a CPU (a starved child at nice 19 on a
    busy machine), a case that sleeps is killed once the wall passes 10 x 0.1 s + 3 s."""
    if kind == "LinuxTree" and not (sys.platform == "linux" and linux.LinuxTree.usable()):
        pytest.skip("the supervisors need Linux's /proc")
    waited = property(lambda self: 1e9, lambda self, value: None)  # whatever the tree reads
    tree = linux.LinuxTree if kind == "LinuxTree" else trees.PosixTree
    starved = type("Starved", (tree,), {"queued": waited})
    running = watch.Running(starved, getattr(readers, reader))
    (tmp_path / "in").write_bytes(b"")
    command = (["sleep", "30"], shutil.which("sleep"))
    try:
        limits = watch.Limits(0.1, 64.0, 1e6)
        outcome = watch.execute(running, command, tmp_path / "in", str(tmp_path), limits)
    finally:
        running.end()
    assert outcome.timed_out and 4.0 <= outcome.wall < 5.0, outcome


def test_time_limit_by_a_sleep_is_the_wall_time_backstop(tmp_path, path):
    root = make_root(tmp_path, "import time\ntime.sleep(30)\n", {"a": ("", "1\n")})
    status, report, _ = judged(root, "--tle", "0.3", path=path)
    assert case_verdicts(report) == {"p/a": "TLE"} and status == 1
    details = case_reasons(report)["p/a"]
    assert details[0].startswith("wall time passed the 0.9 s backstop (3x the limit) with only 0.")
    case = report["cases"][0]
    assert case["wall_ms"] >= 900 and case["cpu_ms"] < 300  # killed at the backstop, not before


def test_sleeping_past_the_limit_is_not_cpu_time(tmp_path, path):
    """A 0.6 s sleep under a 0.5 s limit is AC: sleeping is not CPU time."""
    solution = "import time\ntime.sleep(0.6)\nprint(1)\n"
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    status, report, _ = judged(root, "--tle", "0.5", path=path)
    assert case_verdicts(report) == {"p/a": "AC"} and status == 0
    assert report["cases"][0]["cpu_ms"] < 500


@LINUX_ONLY
@pytest.mark.parametrize("parent, verdict", [("wait", "TLE"), ("exit", "AC")])
def test_a_child_keeping_stdout_open_ends_with_its_parent(tmp_path, parent, verdict, path):
    """A parent that sleeps on is TLE at the backstop (0.9 s, not the child's 30 s); one that
    exits ends the case, as DOMjudge's runguard ends it. Either way nothing is left."""
    root = make_root(tmp_path, SPAWNER, {"a": (parent, "started\n")})
    _, report, _ = judged(root, "--tle", "0.3", path=path)
    assert case_verdicts(report) == {"p/a": verdict}
    assert verdict == "AC" or case_reasons(report)["p/a"][0].startswith("wall time passed")
    parent_pid, child_pid = map(int, (root / "pids").read_text().split())
    assert gone_soon(child_pid) and not alive(parent_pid)
    assert live_members(parent_pid) == []  # the case's process group is empty


@pytest.mark.parametrize("then", ["", "raise SystemExit(3)\n"])
def test_memory_limit_comes_before_runtime_error(tmp_path, then, path):
    solution = "data = b'x' * (200 << 20)\nprint(len(data))\n" + then
    root = make_root(tmp_path, solution, {"a": ("", f"{200 << 20}\n")})
    status, report, _ = judged(root, "--mle", "100", "--tle", "5", path=path)
    if report["cases"][0]["peak_mib"] is None:
        pytest.skip("this platform does not measure memory")
    assert case_verdicts(report) == {"p/a": "MLE"}
    found = re.match(
        r"peak memory ([\d.]+) MiB, over the 100 MiB limit", case_reasons(report)["p/a"][0]
    )
    assert 200 <= float(found.group(1)) < 700  # PyPy builds the bytes with a copy: 450 MiB
    assert 200 <= report["cases"][0]["peak_mib"] < 700
    assert status == 1


def test_output_limit_stops_an_endless_print(tmp_path, path):
    root = make_root(tmp_path, "while True:\n    print('x' * 99)\n", {"a": ("", "x\n")})
    status, report, _ = judged(root, "--ole", "1", "--tle", "10", path=path)
    assert case_verdicts(report) == {"p/a": "OLE"} and status == 1
    assert case_reasons(report)["p/a"] == [
        "output passed 1 MiB: stopped reading and killed it"
    ]  # and no input shown: the output is what went wrong
    assert report["ole_mib"] == 1


def test_a_case_without_out_runs_and_is_not_a_failure(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", None), "b": ("2\n", "2\n")})
    status, report, _ = judged(root)
    assert case_verdicts(report) == {"p/a": "--", "p/b": "AC"}
    assert (report["passed"], report["failed"]) == (1, 0)
    assert status == 0


def test_a_case_without_out_still_fails_on_a_crash(tmp_path):
    root = make_root(tmp_path, "raise SystemExit(1)\n", {"a": ("1\n", None)})
    status, report, _ = judged(root)
    assert case_verdicts(report) == {"p/a": "RE"} and report["failed"] == 1
    assert status == 1


def test_a_passing_case_over_half_the_cpu_limit_is_slow(tmp_path):
    root = make_root(tmp_path, BUSY, {"busy": ("0.6", "1\n"), "quick": ("0", "1\n")})
    status, report, _ = judged(root, "--tle", "1")
    assert [(case["verdict"], case["slow"]) for case in report["cases"]] == [
        ("AC", True),
        ("AC", False),
    ]
    assert status == 0
