"""`make stress` (python3 -m tools.stress) on a broken and on the real solution, in
both modes, with a program that is no .py file, and on failures that shrink only in their
own layout or not at all; its verdicts as a judge gives them (TLE, MLE, RE with the limit and
the figure, WA with the runner's diff); a failure said and saved before it shrinks, the
shrinking in its time or stopped by Ctrl-C; a hack that cannot be saved, an input not UTF-8.
Its hacks and `make keep-hack`: tests/test_keep_hack.py; your own GEN and BRUTE:
tests/test_stress_own.py."""

import io
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import types
from dataclasses import replace
from pathlib import Path

import pytest
import stress_util
from runner_util import signals_as_from_a_terminal
from stress_util import broken_copy, own_stress, stress
from util import ROOT, SOLUTIONS, complete, python, run, tooling

from judge import problems
from judge.process import watch
from tools import play, shrink
from tools.play import inputs as stress_inputs

own_root = stress_util.own_root  # the fixture: a root with solutions/sum_n.py, gen.py, brute.py


def test_a_broken_copy_is_caught_shrunk_and_saved(tmp_path):
    broken = broken_copy(tmp_path)
    hacks = tmp_path / "hacks"

    done = stress("vertical_four", "--solution", str(broken), "--save-to", str(hacks))

    assert done.returncode == 1, done.stdout + done.stderr
    assert "SHRINK allows" not in done.stdout  # shrunk to the end, not cut by its 60 s
    assert "\nWA: " in done.stdout and "first difference at line 1" in done.stdout
    assert "  expected: " in done.stdout and "  got:      " in done.stdout
    assert "\ninput (" in done.stdout
    (saved,) = hacks.glob("*hack-*.in")
    text = saved.read_text(encoding="utf-8")
    assert len(saved.read_bytes()) <= 200
    expected = saved.with_suffix(".out").read_text(encoding="utf-8")
    assert expected == tooling("vertical_four", "oracle").solve(text)
    got = python(broken, data=text, timeout=30, text=True).stdout
    assert got != expected


def test_the_real_solution_passes_and_the_counts_are_printed():
    done = stress("vertical_four", "-n", "60")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "60 inputs" in done.stdout and "no failure" in done.stdout
    assert "outcomes:" in done.stdout


def test_an_unknown_problem_is_a_usage_error():
    done = stress("no_such_problem", timeout=30)
    assert done.returncode == 2
    assert "no_such_problem" in done.stderr
    assert "Traceback" not in done.stderr


def test_j_is_one_per_cpu_this_process_may_run_on(monkeypatch):
    """-j's default is the runner's: the CPUs of the driver's affinity, not the machine's."""
    from tools import stress as tool

    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert tool.parser().get_default("j") == 2


def test_a_command_line_kept_whole_is_shown_whole():
    """Windows keeps a command's args as its text (split_command): shown as given, not one
    quoted word per character."""
    from tools import stress as tool

    assert tool.shown("mine.exe --fast 3") == "mine.exe --fast 3"
    assert (
        tool.shown([sys.executable, "-O", "a b.py"]) == f"{Path(sys.executable).name} -O 'a b.py'"
    )


def saved_case(folder):
    """The one hack saved in folder: (its input, its .out)."""
    (saved,) = folder.glob("*hack-*.in")
    return saved, saved.read_text(encoding="utf-8"), saved.with_suffix(".out").read_text("utf-8")


def run_program(argv, text):
    return run(argv, text, timeout=30, text=True).stdout


@pytest.mark.deep
@pytest.mark.skipif(shutil.which("make") is None, reason="no make on PATH")
@pytest.mark.parametrize("problem", complete())
def test_judge_mode_via_make_says_so_and_passes(problem):
    solution = os.path.join("solutions", problem + ".py")
    argv = ["make", "-s", "stress", f"P={problem}", "N=30", "JUDGE=1", f"PYTHON={sys.executable}"]
    done = run([*argv, f"SOLUTION={solution}"], timeout=120, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    first = done.stdout.splitlines()[0]
    profile = problems.read_profile(ROOT, problem)[0]
    limits = f"{profile.time_limit:g} s CPU ({watch.BACKSTOP * profile.time_limit:g} s wall), "
    limits += f"{profile.memory_limit:g} MiB"
    shown = f"{Path(sys.executable).name} {solution}"
    mode = f"on judge cases only, {profile.judge_name}'s limits"
    assert first == f"stress {problem} {mode}: {limits}: {shown}"
    assert "30 inputs" in done.stdout and "no failure" in done.stdout


def test_judge_mode_saves_a_judge_hack(tmp_path):
    broken = broken_copy(tmp_path)
    done = stress("vertical_four", "--judge", "--solution", str(broken), "--save-to", str(tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.startswith("stress vertical_four on judge cases only, ")
    saved, text, expected = saved_case(tmp_path)
    assert saved.name.startswith("judge-hack-")
    assert tooling("vertical_four", "validate").why_extended(saved.read_bytes()) is None
    assert run_program([sys.executable, str(broken)], text) != expected


@pytest.mark.deep
@pytest.mark.skipif(os.name == "nt", reason="a shell script is a POSIX program")
def test_a_program_that_is_no_py_runs_as_a_command_and_an_unshrinkable_failure_says_so(
    tmp_path,
):
    """A shell script (from the caller's folder, by a relative path) around a program that
    fails on one exact input only: it runs as a command, not through Python; no smaller
    input fails, and the driver says so and saves the input as drawn."""
    gen = tooling("vertical_four", "gen")
    drawn = next(stress_inputs(gen, 1, 5))
    fails_once = tmp_path / "fails_once.py"
    fails_once.write_text(
        "import subprocess, sys\n"
        "data = sys.stdin.buffer.read()\n"
        f"if data == {drawn.encode()!r}:\n"
        "    sys.exit(print('wrong'))\n"
        f"done = subprocess.run([sys.executable, {str(SOLUTIONS / 'vertical_four.py')!r}],"
        " input=data, capture_output=True)\n"
        "sys.stdout.buffer.write(done.stdout)\n",
        encoding="utf-8",
    )
    script = tmp_path / "mine"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{fails_once}"\n', encoding="utf-8")
    script.chmod(0o755)
    args = ("--seed", "5", "-n", "3", "--solution", "./mine", "--save-to", "hacks")
    done = stress("vertical_four", *args, timeout=300, cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("stress vertical_four on judge and extended cases, generous limits: ")
    assert first.endswith(": ./mine")
    assert "could not shrink (" in done.stdout
    assert done.stdout.endswith(": the hack is the input as drawn\n"), done.stdout
    _, text, expected = saved_case(tmp_path / "hacks")
    assert text == drawn and run_program([str(script)], text) == "wrong\n" != expected


@pytest.mark.skipif(os.name == "nt", reason="sh is a POSIX program")
def test_a_command_line_runs_from_the_callers_folder(tmp_path):
    """The file a command line names runs from where the driver is called, not the root."""
    (tmp_path / "mine.py").write_bytes((SOLUTIONS / "vertical_four.py").read_bytes())
    command = f"sh -c 'exec \"{sys.executable}\" mine.py'"
    done = stress("vertical_four", "-n", "5", "--solution", command, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 inputs" in done.stdout and "no failure" in done.stdout


def test_a_file_that_is_neither_a_source_nor_executable_is_refused(tmp_path):
    """mine.cpp is built (tests/test_stress_anything.py); mine.txt is no source of any language."""
    (tmp_path / "mine.txt").write_text("int main() {}\n", encoding="utf-8")
    done = stress("vertical_four", "-n", "3", "--solution", "mine.txt", timeout=60, cwd=tmp_path)
    assert done.returncode == 2
    assert "not executable" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.deep
def test_a_failure_that_needs_its_layout_still_shrinks(tmp_path):
    """second_line_only.py reads the moves from the second line only: gen.shrink, which
    puts all moves on one line, never fails for it; the layout-keeping candidates do."""
    wrong = ROOT / "tests" / "vertical_four" / "wrong" / "second_line_only.py"
    done = stress(
        "vertical_four", "--solution", str(wrong), "--save-to", str(tmp_path), timeout=300
    )
    assert done.returncode == 1, done.stdout + done.stderr
    agreed = int(done.stdout.split(" after ")[1].split()[0])
    gen = tooling("vertical_four", "gen")
    drawn = list(stress_inputs(gen, agreed + 1, gen.STRESS["seed"]))[-1]
    _, text, expected = saved_case(tmp_path)
    assert "could not shrink" not in done.stdout
    assert len(text) < len(drawn) / 3
    assert run_program([sys.executable, str(wrong)], text) != expected
    oracle = tooling("vertical_four", "oracle")
    plain = [
        smaller
        for smaller in gen.shrink(drawn)
        if run_program([sys.executable, str(wrong)], smaller) != oracle.solve(smaller)
    ]
    assert plain == []  # so the layout-keeping candidates did the shrinking


def test_the_shrinker_keeps_the_layout_and_skips_what_is_no_input_of_the_problem():
    """A solution that fails on CRLF only, on an array over four lines: gen.shrink's
    candidates (one compact line, LF) all pass; deleting lines and words in place keeps the
    CRLF, and the candidates that are no array at all (the oracle raises) are passed over."""
    oracle = tooling("infinite_gobang", "oracle")

    def fails_on_crlf(text):
        return "wrong" if "\r\n" in text else oracle.solve(text)

    text = "pieces = [\r\n  [1, 2, 0],\r\n  [3, 4, 1]\r\n]\r\n"
    judge = play.in_process(fails_on_crlf, "infinite_gobang")
    small, verdict = shrink.shrink("infinite_gobang", judge, text, judge(text))
    assert small == "[\r\n]\r\n" and verdict.kind == "WA"


def test_the_shrinker_keeps_a_digest_of_each_candidate_tried_not_its_text():
    """100 candidates of 100 kB, each offered twice and none failing: each judged once, and
    what was tried held in far less than their 10 MB."""
    import tracemalloc

    tried, big = [], "x" * 100_000

    def judge(text):
        tried.append(len(text))
        return play.Verdict("AC", [], "")

    def candidates(text):
        return (f"{i % 100} {big}" for i in range(200))

    tracemalloc.start()
    try:
        small, _ = shrink.smallest(judge, "drawn", play.Verdict("WA", [], ""), candidates)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert small == "drawn" and len(tried) == 100 and peak < 2_000_000, peak


# ---------------------------------------------------------------- verdicts a judge gives


def judge_input(index):
    """The judge-mode stress input number index (from 0) of vertical_four's default seed."""
    gen = tooling("vertical_four", "gen")
    return list(stress_inputs(gen, index + 1, gen.STRESS["seed"], judge=True))[index]


def failing_on(folder, text, action):
    """folder/mine.py: the grid fixture, which first does action (Python statements) when
    its input is text."""
    mine = folder / "mine.py"
    grid = ROOT / "tests" / "vertical_four" / "grid.py"
    mine.write_text(
        "import runpy, sys, time\n"
        "data = sys.stdin.buffer.read()\n"
        f"if data == {text.encode()!r}:\n"
        f"    {action}\n"
        f"grid = runpy.run_path({str(grid)!r})\n"
        "sys.stdout.write(grid['solve'](data.decode()))\n",
        encoding="utf-8",
    )
    return mine


def stressed(folder, mine, count):
    flags = ["--judge", "-n", str(count), "--solution", str(mine)]
    return stress("vertical_four", *flags, "--save-to", str(folder / "hacks"), timeout=300)


@pytest.mark.deep
@pytest.mark.skipif(os.name == "nt", reason="CPU time is measured on POSIX only")
def test_a_right_answer_given_too_late_is_tle_with_the_limit_and_the_input(tmp_path):
    """A program that sleeps past the wall backstop on one input and then prints the right
    answer: TLE (the judge's 2 s CPU limit, the runner's backstop in wall time), never a
    mismatch; the input is shown and saved, and no smaller input gives TLE again."""
    text, backstop = judge_input(4), 2 * watch.BACKSTOP
    done = stressed(tmp_path, failing_on(tmp_path, text, f"time.sleep({backstop + 1})"), 8)
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert f"Huawei OD exam's limits: 2 s CPU ({backstop} s wall), 256 MiB" in out.splitlines()[0]
    assert "TLE on input 5 (seed " in out and "\nTLE: " in out
    assert f"passed the {backstop} s backstop ({watch.BACKSTOP}x the limit)" in out
    assert "could not shrink" in out and "WA" not in out and "mismatch" not in out
    assert "".join("  " + line + "\n" for line in text.splitlines()) in out
    assert saved_case(tmp_path / "hacks")[1] == text


@pytest.mark.deep
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="memory is read live on Linux")
def test_a_program_that_takes_2_gb_is_mle_with_the_limit_and_its_peak(tmp_path):
    text = judge_input(6)
    hoard = "hoard = [b'x' * 2**20 for _ in range(2048)]"
    done = stressed(tmp_path, failing_on(tmp_path, text, hoard), 10)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "MLE on input 7 (seed " in done.stdout and "\nMLE: " in done.stdout
    peak = float(done.stdout.split("peak memory ")[1].split()[0])
    assert peak > 256 and ", over the 256 MiB limit" in done.stdout
    assert saved_case(tmp_path / "hacks")[1] == text


@pytest.mark.deep
def test_a_crash_is_re_with_its_exit_status_and_stderr(tmp_path):
    text = judge_input(2)
    done = stressed(tmp_path, failing_on(tmp_path, text, "raise SystemExit('no room')"), 5)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "RE on input 3 (seed " in done.stdout and "\nRE: " in done.stdout
    assert "exit status 1" in done.stdout and "no room" in done.stdout


def test_in_process_a_wrong_answer_is_the_runners_diff_and_an_exception_re():
    oracle = tooling("vertical_four", "oracle")
    wrong = play.in_process(lambda text: "1,error\n", "vertical_four")
    verdict = wrong("5 5\n1 1 2 2 3 3 4 4\n")
    assert verdict.kind == "WA" and verdict.expected == oracle.solve("5 5\n1 1 2 2 3 3 4 4\n")
    assert verdict.lines[-2:] == ["  expected: 7,red", "  got:      1,error"]
    assert play.in_process(lambda text: 1 // 0, "vertical_four")("5 5\n1\n").kind == "RE"


# ------------------------------------------- a failure said and saved first, shrunk in time

# One number a line, no count: every run of lines deleted is an input again.
LINES_GEN = """import random, sys
rng = random.Random(int(sys.argv[1]))
for _ in range(int(sys.argv[2]) if len(sys.argv) > 2 else 200):
    print(rng.randint(0, 9))
"""
LINES_BRUTE = "import sys\nprint(sum(map(int, sys.stdin.read().split())))\n"


def lines_stress(root, solution, *args, gen=LINES_GEN, timeout=120):
    """own_stress with LINES_GEN and LINES_BRUTE, and solution as root/mine.py."""
    (root / "lines.py").write_text(gen, encoding="utf-8")
    (root / "sum.py").write_text(LINES_BRUTE, encoding="utf-8")
    (root / "mine.py").write_text(solution, encoding="utf-8")
    gen, brute = f"{sys.executable} lines.py", f"{sys.executable} sum.py"
    argv = ["--gen", gen, "--brute", brute, "--solution", "mine.py", "-n", "2", *args]
    return stress("sum_n", *argv, timeout=timeout, cwd=root)


OFF_BY_ONE = "import sys\nprint(sum(map(int, sys.stdin.read().split())) + 1)\n"


def test_a_failure_is_said_and_saved_before_it_shrinks_and_the_smaller_one_replaces_it(own_root):
    """The verdict and the input (too long to show: its size), then the input as drawn saved
    with BRUTE's answer, then the shrinking; the smaller input saved in its place."""
    done = lines_stress(own_root, OFF_BY_ONE)
    out = done.stdout
    assert done.returncode == 1 and "Traceback" not in done.stderr, out + done.stderr
    said = [
        "WA on input 1 (seed 1 of GEN) after 0 passing inputs",
        "\nWA: ",
        "\ninput: 400 bytes in 200 lines, too long to show",
        "\nsaved as hacks/sum_n/hack-",
        "\nshrinking for at most 60 s",
        "\nshrunk from 400 to ",
        "\ninput (",
        "\nsaved as hacks/sum_n/hack-",
    ]
    at = [out.find(text, out.find(said[i - 1]) + 1 if i else 0) for i, text in enumerate(said)]
    assert -1 not in at and at == sorted(at), (at, out)
    (saved,) = (own_root / "hacks" / "sum_n").glob("hack-*.in")  # the drawn one is gone
    text = saved.read_text(encoding="utf-8")
    assert len(text) < 400
    expected = f"{sum(map(int, text.split()))}\n"
    assert saved.with_suffix(".out").read_text(encoding="utf-8") == expected  # BRUTE's


def test_shrink_0_keeps_the_input_as_drawn_and_a_short_shrink_stops_in_its_time(own_root):
    done = lines_stress(own_root, OFF_BY_ONE, "--shrink", "0")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "shrinking" not in done.stdout
    (saved,) = (own_root / "hacks" / "sum_n").glob("hack-*.in")
    assert len(saved.read_bytes()) == 400
    saved.unlink()
    slow = "import time\ntime.sleep(0.2)\n" + OFF_BY_ONE  # each candidate: 0.2 s at least
    done = lines_stress(own_root, slow, "--shrink", "0.5")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "stopped at the 0.5 s SHRINK allows" in done.stdout, done.stdout
    (saved,) = (own_root / "hacks" / "sum_n").glob("hack-*.in")
    assert run_program([sys.executable, str(own_root / "mine.py")], saved.read_text()) != (
        saved.with_suffix(".out").read_text()
    )


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_stress_passes_shrink(tmp_path):
    recorder = tmp_path / "python"
    real = shlex.quote(sys.executable)
    recorder.write_text(f'#!/bin/sh\n[ "$1" = -c ] && exec {real} "$@"\necho "$@"\n')
    recorder.chmod(0o755)
    make = ["make", "-s", "--no-print-directory", "stress", f"PYTHON={recorder}", "P=x"]
    assert "--shrink" not in run(make, text=True).stdout
    assert run([*make, "SHRINK=5"], text=True).stdout.split()[-2:] == ["--shrink", "5"]


class FakeJudge:
    """A solution whose CPU time is 0.6 s a word, judged by a 10 s limit unless told: each
    call's limit and deadline recorded."""

    def __init__(self):
        self.profile = replace(problems.DEFAULT_PROFILE, time_limit=10.0)
        self.running = types.SimpleNamespace(tick=lambda: None, end=lambda: None)  # none runs
        self.calls = []

    def __call__(self, text, limit=None, deadline=None):
        self.calls.append((limit, deadline))
        late = 0.6 * len(text.split()) > (limit or self.profile.time_limit)
        return play.Verdict("TLE" if late else "AC", [], "0\n", f"limit {limit}")


def test_a_tle_shrinks_by_a_short_candidate_limit_then_is_judged_by_the_full_one():
    """The candidates of a TLE by a 10 s limit are judged by 1 s (QUICK), within the
    shrinking's deadline; the smallest found (2 words) passes by 10 s, so the chain of smaller
    inputs is bisected for the smallest that is TLE by 10 s: 20 words (12 s)."""
    from tools import stress_failure as driver

    judge, drawn = FakeJudge(), "1\n" * 40
    watch = driver.Shrinking(drawn, judge(drawn), 60, driver.QUICK, 10.0)
    plan = {"shrink": lambda c, text, verdict, w: shrink.smallest(c, text, verdict, watch=w)}
    try:
        small, verdict, said = driver.shrunk(judge, plan, watch)
    finally:
        judge.running.end()
    assert small == "1\n" * 20 and verdict.kind == "TLE" and verdict.figures == "limit None"
    assert said.startswith("shrunk from 80 to 40 bytes (")
    quick = [call for call in judge.calls[1:] if call[0] is not None]
    full = judge.calls[1 + len(quick) :]
    assert quick and all(call == (driver.QUICK, watch.deadline) for call in quick)
    assert len(watch.chain) > 3 and 0 < len(full) <= len(watch.chain).bit_length()
    assert all(call == (None, None) for call in full)


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_shrinking_draws_a_status_line_on_a_terminal(monkeypatch):
    from tools import stress_failure as driver

    monkeypatch.setenv("TERM", "xterm")
    now = [0.0]
    stream = Terminal()
    verdict = play.Verdict("WA", [], "1\n")
    watch = driver.Shrinking("1 2 3\n", verdict, 60, None, 2.0, stream=stream, clock=lambda: now[0])
    now[0] = 2.0
    assert watch.go_on() and watch.go_on()
    watch.found("1 2\n", verdict)
    now[0] = 3.0
    watch.go_on()
    assert "\r\x1b[Kshrinking: 4 of 6 bytes, 3 candidates tried, 3 of 60 s" in stream.getvalue()


@pytest.mark.skipif(os.name == "nt", reason="SIGINT to another process is POSIX")
@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM"])
def test_ctrl_c_while_shrinking_saves_the_smallest_failing_input_found(own_root, stop):
    """Ctrl-C (or a plain kill) as the shrinking judges its second candidate: the first one,
    half the input as drawn, is saved beside the input as drawn, and the lines say where."""
    solution = (
        "import os, sys, time\n"
        "data = sys.stdin.read()\n"
        "lines = len(data.splitlines())\n"
        "if lines < 100:\n"  # the second candidate: it waits to be interrupted
        "    open('waiting', 'w').close()\n"
        "    time.sleep(60)\n"
        "print(sum(map(int, data.split())) + 1)\n"
    )
    (own_root / "lines.py").write_text(LINES_GEN, encoding="utf-8")
    (own_root / "sum.py").write_text(LINES_BRUTE, encoding="utf-8")
    (own_root / "mine.py").write_text(solution, encoding="utf-8")
    gen, brute = f"{sys.executable} lines.py", f"{sys.executable} sum.py"
    argv = [sys.executable, "-m", "tools.stress", "sum_n", "--gen", gen, "--brute", brute]
    argv += ["--solution", "mine.py", "-n", "1", "--tle", "30"]
    env = {**os.environ, "PYTHONPATH": str(own_root)}
    process = subprocess.Popen(
        argv,
        cwd=own_root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=signals_as_from_a_terminal,
    )
    try:
        for _ in range(600):
            if (own_root / "waiting").exists() or process.poll() is not None:
                break
            time.sleep(0.1)
        process.send_signal(getattr(signal, stop))
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, out + err
    assert "interrupted while shrinking" in err and "Traceback" not in err, err
    assert "the smallest failing input found, 200 of 400 bytes:" in out, out
    hacks = own_root / "hacks" / "sum_n"
    sizes = sorted(len(path.read_bytes()) for path in hacks.glob("hack-*.in"))
    assert sizes == [200, 400]
    saved = out.split("saved as ")[-1].split(".in and .out")[0]
    assert len((own_root / (saved + ".in")).read_bytes()) == 200
    drawn = out.split("the input as drawn stays as ")[1].split()[0]
    assert len((own_root / drawn).read_bytes()) == 400


# ------------------------------------------ a hack that cannot be saved, an input not UTF-8


def test_a_hack_that_cannot_be_saved_is_one_line_after_the_verdict_and_the_input(own_root):
    (own_root / "blocker").write_text("a file, where the folder of hacks would go\n")
    done = lines_stress(own_root, OFF_BY_ONE, "--save-to", "blocker/hacks")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "\nWA: " in done.stdout and "\ninput: 400 bytes in 200 lines" in done.stdout
    assert "\nshrunk from 400 to " in done.stdout  # the shrinking went on
    lines = done.stderr.splitlines()
    assert len(lines) == 2 and "Traceback" not in done.stderr, done.stderr
    for line in lines:  # the input as drawn, then the smaller one
        assert line.startswith("stress: could not save the input as blocker/hacks/hack-"), line


def test_an_input_that_is_not_utf8_is_shown_escaped_and_saved_as_its_bytes(own_root):
    gen = "import sys\nsys.stdout.buffer.write(b'1 \\xff\\n2\\n')\n"
    brute = "import sys\nprint(len(sys.stdin.buffer.read()))\n"
    wrong = "import sys\ndata = sys.stdin.buffer.read()\nprint(len(data) + (b'\\xff' in data))\n"
    for name, text in (("gen.py", gen), ("brute.py", brute), ("mine.py", wrong)):
        (own_root / name).write_text(text, encoding="utf-8")
    done = own_stress(own_root, "-n", "1", "--solution", "mine.py", timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stdout + done.stderr
    assert "input (6 bytes):\n  1 \\xff\n  2\n" in done.stdout, done.stdout
    assert "\ninput (2 bytes):\n  \\xff\n" in done.stdout, done.stdout  # shrunk
    (saved,) = (own_root / "hacks" / "sum_n").glob("hack-*.in")
    assert saved.read_bytes() == b"\xff\n"
