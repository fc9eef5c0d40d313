"""bench/bench.py: a quick run on the real problems, and its answer check on a made-up one.

- `bench.py --quick` builds the small version of every scale case, checks every solution's
  answer with the problem's scale_answer, and prints one row per SCALE case of every problem.
- In a temporary root with a made-up problem, a wrong answer and a trailing space both fail
  the benchmark, as they fail the runner, and a problem without SCALE cases is skipped with
  a line saying so.
"""

import shutil
import subprocess
import sys

import pytest
from util import ROOT, problems, tooling

BENCH = ROOT / "bench" / "bench.py"
TIMED = ("| yes |", "| **no** |", "| **no (mem)** |")


def bench(*args, timeout=900):
    argv = [sys.executable, str(BENCH), *args]
    return subprocess.run(
        argv, capture_output=True, text=True, timeout=timeout, cwd=ROOT, stdin=subprocess.DEVNULL
    )


def rows(output):
    """(problem, input, last cell) of every table row."""
    cells = [line.split("|")[1:-1] for line in output.splitlines() if line.startswith("| ")]
    return [(row[0].strip(), row[1].strip(), row[-1].strip()) for row in cells[1:]]


@pytest.mark.parametrize("name", problems())
def test_every_problem_has_scale_cases(name):
    gen = tooling(name, "gen")
    assert getattr(gen, "SCALE", None), f"tests/{name}/gen.py has no SCALE cases"
    assert callable(getattr(gen, "scale_answer", None)), f"tests/{name}/gen.py: no scale_answer"
    assert (ROOT / "tests" / name / "floor.py").is_file(), f"tests/{name}/floor.py is missing"


def test_quick_run_answers_right_with_a_row_per_case():
    done = bench("--quick")
    assert done.returncode == 0, done.stdout + done.stderr
    expected = [
        (name, case["name"])
        for name in problems()
        for case in getattr(tooling(name, "gen"), "SCALE", ())
    ]
    got = rows(done.stdout)
    assert [row[:2] for row in got] == expected, done.stdout
    untimed = [row for row in got if "| " + row[2] + " |" not in TIMED]
    assert not untimed, done.stdout


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


@pytest.mark.parametrize("variant", SOLUTIONS)
def test_the_answer_check_is_the_runners(variant, tmp_path):
    for name, gen in (("adding", GEN), ("unscaled", "SCALE = []\n")):
        (tmp_path / "tests" / name).mkdir(parents=True)
        (tmp_path / "tests" / name / "__init__.py").write_text("")
        (tmp_path / "tests" / name / "gen.py").write_text(gen)
        (tmp_path / "tests" / name / "floor.py").write_text("import sys\nsys.stdin.read()\n")
    shutil.copyfile(ROOT / "tests" / "util.py", tmp_path / "tests" / "util.py")
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "adding.py").write_text(SOLUTIONS[variant])
    (tmp_path / "solutions" / "unscaled.py").write_text(SOLUTIONS["right"])
    done = bench("--root", str(tmp_path), "--repeat", "1", timeout=120)
    assert "unscaled: skipped" in done.stdout, done.stdout
    (_, _, last), *more = rows(done.stdout)
    assert not more, done.stdout
    if variant == "right":
        assert done.returncode == 0 and last == "yes", done.stdout + done.stderr
    else:
        assert done.returncode == 1, done.stdout + done.stderr
        assert last.startswith(("**WA", "**PE")), done.stdout  # the runner's verdicts
