"""`make stress` (python3 -m tools.stress) on a broken and on the real solution."""

import time

from util import SOLUTIONS, python, tooling

# Realistic one-token bugs of solutions/vertical_four.py; the test uses the first one
# that the current source still contains.
BUGS = [
    ("0 < c <= w", "0 < c < w"),  # the rightmost column is rejected
    ("k >= c + full", "k > c + full"),  # a full column takes one piece more
]


def stress(*args, timeout=120):
    return python("-m", "tools.stress", *args, timeout=timeout, text=True)


def test_a_broken_copy_is_caught_shrunk_and_saved(tmp_path):
    source = (SOLUTIONS / "vertical_four.py").read_text(encoding="utf-8")
    old, new = next((old, new) for old, new in BUGS if old in source)
    broken = tmp_path / "broken.py"
    broken.write_text(source.replace(old, new, 1), encoding="utf-8")
    hacks = tmp_path / "hacks"

    start = time.monotonic()
    done = stress("vertical_four", "--solution", str(broken), "--save-to", str(hacks))
    elapsed = time.monotonic() - start

    assert done.returncode == 1, done.stdout + done.stderr
    assert elapsed < 60
    assert "input " in done.stdout and "expected " in done.stdout and "got " in done.stdout
    (saved,) = hacks.glob("hack-*.in")
    text = saved.read_text(encoding="utf-8")
    assert len(saved.read_bytes()) <= 200
    expected = saved.with_suffix(".out").read_text(encoding="utf-8")
    assert expected == tooling("vertical_four", "oracle").solve(text)
    got = python(broken, data=text, text=True).stdout
    assert got != expected


def test_the_real_solution_passes_and_the_counts_are_printed():
    done = stress("vertical_four", "-n", "60")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "60 inputs" in done.stdout and "no mismatch" in done.stdout
    assert "outcomes:" in done.stdout


def test_an_unknown_problem_is_a_usage_error():
    done = stress("no_such_problem", timeout=30)
    assert done.returncode == 2
    assert "no_such_problem" in done.stderr
    assert "Traceback" not in done.stderr
