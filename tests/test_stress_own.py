"""`make stress P=NAME GEN=CMD BRUTE=CMD`: your own generator and brute force, in any
language, on a problem with no tests/NAME/ (sum_n, under own_root): an int overflow of a C++
solution found and shrunk, your limits, the Judge: line's mode or checker comparing BRUTE's
answer, a GEN or BRUTE that fails named in one line; a program in another language gets its
limit, and the live status line shows on a terminal."""

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time

import pytest
import stress_util
from stress_util import BRUTE, GEN, OVERFLOWS, SUM, own_stress, stress
from util import SOLUTIONS, python, run

from judge import problems
from judge.modes import parse_mode
from judge.process import choose
from tools import play, programs

own_root = stress_util.own_root  # the fixture: a root with solutions/sum_n.py, gen.py, brute.py


@pytest.mark.skipif(not shutil.which("g++") or not shutil.which("make"), reason="no g++ or make")
def test_your_gen_and_brute_find_an_int_overflow_in_a_cpp_solution(own_root):
    """`make stress P=sum_n GEN=... BRUTE=... SOLUTION=./a.out`: the C++ program is judged by
    the Judge: line's C/C++ limit, its overflow is found, shrunk to an input BRUTE accepts,
    and saved with BRUTE's answer."""
    (own_root / "sum.cpp").write_text(OVERFLOWS, encoding="utf-8")
    built = run(["g++", "-O2", "-o", "a.out", "sum.cpp"], cwd=own_root, timeout=120)
    assert built.returncode == 0, built.stderr
    gen, brute = f"GEN={sys.executable} gen.py", f"BRUTE={sys.executable} brute.py"
    argv = ["make", "-s", "stress", "P=sum_n", gen, brute, "SOLUTION=./a.out", "N=200"]
    done = run([*argv, f"PYTHON={sys.executable}"], cwd=own_root, timeout=600, text=True)
    out = done.stdout
    assert done.returncode != 0 and "Traceback" not in done.stderr, out + done.stderr
    assert "Somewhere's C/C++ limits: 0.5 s CPU" in out.splitlines()[0], out
    assert " of GEN) after " in out and "\nWA: " in out, out
    assert "\r" not in out  # no status line when the output is no terminal
    (saved,) = (own_root / "hacks" / "sum_n").glob("hack-*.in")
    n, *numbers = map(int, saved.read_text(encoding="utf-8").split())
    assert n == len(numbers) and sum(numbers) >= 2**31, saved.read_text(encoding="utf-8")
    assert saved.with_suffix(".out").read_text(encoding="utf-8") == f"{sum(numbers)}\n"
    assert not (own_root / "tests").exists() and not (own_root / "testcases").exists()


def test_your_gen_and_brute_pass_a_right_solution_under_your_limits(own_root):
    done = own_stress(own_root, "-n", "20", "--tle", "3", "--mle", "100")
    assert done.returncode == 0, done.stdout + done.stderr
    assert ", your limits: 3 s CPU (" in done.stdout and "100 MiB: " in done.stdout
    assert "20 inputs (seed 1), no failure" in done.stdout


# A testlib checker: the output is right when it has the answer's parity.
PARITY = """import sys
output, answer = (open(path).read().split() for path in sys.argv[2:4])
if int(output[0]) % 2 != int(answer[0]) % 2:
    sys.exit(print("wrong parity", file=sys.stderr) or 1)
"""


@pytest.mark.parametrize(
    "mode, prints, verdict",
    [
        ("float 1e-6", "print(f'{total:.3f}')", None),
        ("exact", "print(f'{total:.3f}')", "WA"),
        ("checker checkers/parity.py", "print(total + 2)", None),
        ("checker checkers/parity.py", "print(total + 1)", "WA"),
    ],
    ids=["float-passes", "exact-fails", "checker-passes", "checker-fails"],
)
def test_your_brute_is_compared_by_the_judge_lines_mode(own_root, mode, prints, verdict):
    """The problem's tolerance or checker judges the solution against BRUTE's answer, as the
    runner judges a case. The checker's path is the root's, though the solution runs from a
    folder of its own."""
    solution = own_root / "solutions" / "sum_n.py"
    solution.write_text(SUM.replace("exact;", mode + ";"), encoding="utf-8")
    (own_root / "checkers").mkdir()
    (own_root / "checkers" / "parity.py").write_text(PARITY, encoding="utf-8")
    mine = own_root / "mine"
    mine.mkdir()
    program = "import sys\ntotal = sum(map(int, sys.stdin.read().split()[1:]))\n" + prints
    (mine / "sol.py").write_text(program + "\n", encoding="utf-8")
    gen, brute = f"{sys.executable} ../gen.py", f"{sys.executable} ../brute.py"
    argv = ["-m", "tools.stress", "sum_n", "--gen", gen, "--brute", brute, "--solution", "sol.py"]
    argv += ["-n", "6"]
    env = {**os.environ, "PYTHONPATH": str(own_root)}
    done = python(*argv, cwd=mine, env=env, timeout=300, text=True)
    if verdict is None:
        assert done.returncode == 0 and "6 inputs (seed 1), no failure" in done.stdout, (
            done.stdout + done.stderr
        )
    else:
        assert done.returncode == 1 and f"\n{verdict}: " in done.stdout, done.stdout + done.stderr
    if parse_mode(mode).judged_by_program and verdict:
        assert "wrong parity" in done.stdout, done.stdout


@pytest.mark.parametrize(
    "gen, brute, said",
    [
        ("import sys; sys.exit('no seed')", BRUTE, "GEN exit status 1 (no seed) on seed 1: "),
        ("pass", BRUTE, "GEN printed nothing on seed 1: the generator's fault"),
        (
            GEN,
            "raise ValueError('no answer')",
            "BRUTE exit status 1 (ValueError: no answer) on the input of seed 1: ",
        ),
    ],
    ids=["gen-fails", "gen-prints-nothing", "brute-fails"],
)
def test_a_gen_or_brute_that_fails_is_one_line_that_names_it(own_root, gen, brute, said):
    (own_root / "gen.py").write_text(gen, encoding="utf-8")
    (own_root / "brute.py").write_text(brute, encoding="utf-8")
    done = own_stress(own_root, "-n", "3", timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("stress: " + said), line
    assert line.endswith("fault, not the solution's") or "GEN printed nothing" in line


def test_a_brute_past_its_limit_is_its_own_fault(tmp_path):
    """BRUTE is stopped at its generous limit, and the line blames it, not the solution."""
    profile = problems.DEFAULT_PROFILE
    running = choose.new_running()
    try:
        command = ([sys.executable, "-c", "while True: pass"], sys.executable)
        brute = programs.Helper("BRUTE", command, tmp_path, profile, running)
        brute.time = 0.3
        (tmp_path / "in").write_text("1\n")
        with pytest.raises(programs.ProgramError, match=r"^BRUTE ran past its 0\.3 s limit on x: "):
            brute.run(tmp_path / "in", "on x")
    finally:
        running.end()


@pytest.mark.parametrize(
    "args, said",
    [
        (["--gen", "x"], "GEN and BRUTE go together"),
        (["--gen", "x", "--brute", "y", "--tle", "-1"], "--tle: must be positive and finite: -1"),
    ],
)
def test_half_your_programs_or_a_bad_limit_is_a_usage_error(own_root, args, said):
    done = stress("sum_n", *args, cwd=own_root, timeout=60)
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(os.name == "nt", reason="a shell script is a POSIX program")
def test_a_program_in_another_language_gets_its_limit_on_vertical_four(tmp_path):
    """A program that is no Python one (a shell script here, as a C++ binary would be) is
    judged by the Judge: line's C/C++ 1 s; TLE= sets the limit instead."""
    script = tmp_path / "mine"
    solution = SOLUTIONS / "vertical_four.py"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{solution}"\n', encoding="utf-8")
    script.chmod(0o755)
    done = stress("vertical_four", "--judge", "-n", "3", "--solution", "./mine", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    first = done.stdout.splitlines()[0]
    assert "Huawei OD exam's C/C++ limits: 1 s CPU (" in first, first
    done = stress(
        "vertical_four", "--judge", "-n", "3", "--solution", "./mine", "--tle", "4", cwd=tmp_path
    )
    assert "your limits: 4 s CPU (" in done.stdout.splitlines()[0], done.stdout


@pytest.mark.skipif(os.name == "nt", reason="pseudo-terminals are POSIX")
def test_a_status_line_shows_about_a_second_after_the_start_on_a_terminal(own_root):
    """Under a pseudo-terminal, `make stress` draws the runner's live status line (done /
    total, failures, rate, time left) once it has run about a second. The line is due a second
    after the driver starts, before it prints its first line, and is drawn at its next look
    (play.TICK later at most), unless its main thread is then running the generator, as it
    does between inputs. So the margin past the first line's second is a look and two runs of
    GEN and BRUTE, timed here first: a busy machine makes both later alike."""
    import pty

    start = time.monotonic()
    drawn = python(own_root / "gen.py", "1", cwd=own_root)
    python(own_root / "brute.py", data=drawn.stdout, cwd=own_root)
    margin = play.TICK + 2 * (time.monotonic() - start)
    leader, follower = pty.openpty()
    gen, brute = f"GEN={sys.executable} gen.py", f"BRUTE={sys.executable} brute.py"
    argv = ["make", "-s", "stress", "P=sum_n", gen, brute, "N=100000", f"PYTHON={sys.executable}"]
    if not shutil.which("make"):
        argv = [sys.executable, "-m", "tools.stress", "sum_n", "--gen", gen[4:], "--brute"]
        argv += [brute[6:], "-n", "100000"]
    start, seen, first = time.monotonic(), b"", None
    env = {**os.environ, "TERM": "xterm"}
    # a session of its own: make and the driver it starts
    process = subprocess.Popen(
        argv, cwd=own_root, stdout=follower, stderr=follower, env=env, start_new_session=True
    )
    os.close(follower)
    try:
        while time.monotonic() - start < 60 and b" / 100000 inputs, 0 failed" not in seen:
            if select.select([leader], [], [], 0.05)[0]:
                seen += os.read(leader, 4096)
                first = first or time.monotonic() - start
        took = time.monotonic() - start
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the driver too: it would run for minutes
        process.wait()
        os.close(leader)
    assert seen.startswith(b"stress sum_n on GEN "), seen
    assert re.search(rb"\r\x1b\[K\d+ / 100000 inputs, 0 failed, ", seen), seen
    assert took < first + 1 + margin, (took, first, margin)
