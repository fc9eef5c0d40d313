"""maint/bench.py: a quick run on the real problems, and its answer check on a made-up one.

- `python3 -m maint.bench --quick` builds the small version of every scale case, checks
  every solution's answer with the problem's scale_answer, and prints one row per SCALE case
  of every problem.
- In a temporary root with a made-up problem, a wrong answer and a trailing space both fail
  the benchmark, as they fail the runner, and a problem without SCALE cases or without
  scale_answer is skipped with a line saying what it lacks, never a traceback.
"""

import os
import re
import select
import subprocess
import sys
import time

import pytest
from util import ROOT, complete, python, tooling

TIMED = ("| yes |", "| **no** |", "| **no (mem)** |")


def bench(*args, timeout=900):
    return python("-m", "maint.bench", *args, timeout=timeout, text=True)


def rows(output):
    """(problem, input, last cell) of every row of the first table (the runner's own cost
    follows in a table of its own)."""
    table = output.split("\n\n")[0].splitlines()
    cells = [line.split("|")[1:-1] for line in table if line.startswith("| ")]
    return [(row[0].strip(), row[1].strip(), row[-1].strip()) for row in cells[1:]]


@pytest.mark.deep
def test_quick_run_answers_right_with_a_row_per_case():
    done = bench("--quick")
    assert done.returncode == 0, done.stdout + done.stderr
    expected = [(name, case["name"]) for name in complete() for case in tooling(name, "gen").SCALE]
    got = rows(done.stdout)
    assert [row[:2] for row in got] == expected, done.stdout
    untimed = [row for row in got if "| " + row[2] + " |" not in TIMED]
    assert not untimed, done.stdout
    assert "\r" not in done.stderr  # no status line when stderr is no terminal


@pytest.mark.skipif(os.name == "nt", reason="pseudo-terminals are POSIX")
def test_a_status_line_shows_on_a_terminal(tmp_path):
    """On a terminal, the benchmark draws the runner's status line on stderr: cases done of
    the total, failures, rate. The line shows once the work has taken a second (Progress's
    delay); a made-up problem whose solution sleeps past it brings that second at once, where
    a real problem's scale inputs would take half a minute. The wait ends when the line shows
    or the benchmark ends: a busy machine only makes it longer (HANG bounds it)."""
    import pty

    made_up(tmp_path, {"adding": GEN}, SLOW)
    leader, follower = pty.openpty()
    argv = [sys.executable, "-m", "maint.bench", "--root", str(tmp_path), "--repeat", "1"]
    env = {**os.environ, "TERM": "xterm"}
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=follower, env=env)
    os.close(follower)
    seen, start = b"", time.monotonic()
    try:
        while time.monotonic() - start < HANG and not re.search(STATUS, seen):
            if select.select([leader], [], [], 0.1)[0]:
                try:
                    seen += os.read(leader, 4096)
                except OSError:  # EIO: the benchmark ended, its end of the terminal closed
                    break
    finally:
        process.kill()
        process.wait()
        os.close(leader)
    assert re.search(STATUS, seen), seen


HANG = 900  # seconds: the benchmark hangs, whatever the machine's load
STATUS = rb"\r\x1b\[K\d+ / \d+ cases, 0 failed, "


SOLUTIONS = {  # a + b, right and in two wrong ways
    "right": "import sys\na, b = map(int, sys.stdin.read().split())\nprint(a + b)\n",
    "trailing space": "import sys\na, b = map(int, sys.stdin.read().split())\nprint(a + b, '')\n",
    "wrong answer": "import sys\na, b = map(int, sys.stdin.read().split())\nprint(a - b)\n",
}
GEN = """SCALE = [{"name": "pair", "what": "two numbers", "target": 100, "mem_target": None,
          "build": lambda rng: b"%d %d\\n" % (rng.randrange(1, 9), rng.randrange(1, 9)),
          "quick_build": None}]


def scale_answer(name, data):
    return b"%d\\n" % sum(map(int, data.split()))
"""


# Two problems the benchmark must skip, saying what they lack, besides the one it times.
GENS = {
    "adding": GEN,
    "unscaled": "SCALE = []\n" + GEN.split("\n\n\n")[1],
    "unanswered": GEN.split("\n\n\n")[0],
}
# The right answer, after more than Progress's one second of delay, in wall time: a sleep, so
# that a busy machine makes it no shorter.
SLOW = "import time\ntime.sleep(1.5)\n" + SOLUTIONS["right"]


def made_up(root, gens, solution):
    """Under root, a made-up problem of each of gens (name: its gen.py); the one named adding
    has the given solution, the others the right one."""
    for name, gen in gens.items():
        (root / "tests" / name).mkdir(parents=True)
        (root / "tests" / name / "__init__.py").write_text("")
        (root / "tests" / name / "gen.py").write_text(gen)
        (root / "tests" / name / "floor.py").write_text("import sys\nsys.stdin.read()\n")
        (root / "testcases" / name).mkdir(parents=True)
        (root / "testcases" / name / "one.in").write_text("1 2\n")
        (root / "solutions").mkdir(exist_ok=True)
        text = solution if name == "adding" else SOLUTIONS["right"]
        (root / "solutions" / (name + ".py")).write_text(text)


@pytest.mark.parametrize("variant", SOLUTIONS)
def test_the_answer_check_is_the_runners(variant, tmp_path):
    made_up(tmp_path, GENS, SOLUTIONS[variant])
    done = bench("--root", str(tmp_path), "--repeat", "1", timeout=120)
    assert "unscaled: skipped, tests/unscaled/gen.py: SCALE is empty" in done.stdout, done.stdout
    assert "unanswered: skipped, tests/unanswered/gen.py has no scale_answer" in done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    (_, _, last), *more = rows(done.stdout)
    assert not more, done.stdout
    if variant == "right":
        assert done.returncode == 0 and last == "yes", done.stdout + done.stderr
    else:
        assert done.returncode == 1, done.stdout + done.stderr
        assert last.startswith(("**WA", "**PE")), done.stdout  # the runner's verdicts
