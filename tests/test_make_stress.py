"""`make stress` (python3 -m tools.stress) on a broken and on the real solution, in
both modes, with a program that is no .py file, and on failures that shrink only in their
own layout or not at all."""

import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from util import ROOT, SOLUTIONS, complete, python, run, tooling

from tools import stress as stress_module
from tools.stress import inputs as stress_inputs

# Realistic one-token bugs of solutions/vertical_four.py; the test uses the first one
# that the current source still contains.
BUGS = [
    ("0 < c <= w", "0 < c < w"),  # the rightmost column is rejected
    ("k >= c + full", "k > c + full"),  # a full column takes one piece more
]


def stress(*args, timeout=120, cwd=ROOT):
    """The stress driver as a command, from cwd (the repo on the module path)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return python("-m", "tools.stress", *args, timeout=timeout, cwd=cwd, env=env, text=True)


def broken_copy(folder):
    """folder/broken.py: solutions/vertical_four.py with the first of BUGS it contains."""
    source = (SOLUTIONS / "vertical_four.py").read_text(encoding="utf-8")
    old, new = next((old, new) for old, new in BUGS if old in source)
    broken = folder / "broken.py"
    broken.write_text(source.replace(old, new, 1), encoding="utf-8")
    return broken


def test_a_broken_copy_is_caught_shrunk_and_saved(tmp_path):
    broken = broken_copy(tmp_path)
    hacks = tmp_path / "hacks"

    start = time.monotonic()
    done = stress("vertical_four", "--solution", str(broken), "--save-to", str(hacks))
    elapsed = time.monotonic() - start

    assert done.returncode == 1, done.stdout + done.stderr
    assert elapsed < 60
    assert "input " in done.stdout and "expected " in done.stdout and "got " in done.stdout
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
    assert "60 inputs" in done.stdout and "no mismatch" in done.stdout
    assert "outcomes:" in done.stdout


def test_an_unknown_problem_is_a_usage_error():
    done = stress("no_such_problem", timeout=30)
    assert done.returncode == 2
    assert "no_such_problem" in done.stderr
    assert "Traceback" not in done.stderr


def saved_case(folder):
    """The one hack saved in folder: (its input, its .out)."""
    (saved,) = folder.glob("*hack-*.in")
    return saved, saved.read_text(encoding="utf-8"), saved.with_suffix(".out").read_text("utf-8")


def run_program(argv, text):
    return run(argv, text, timeout=30, text=True).stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on PATH")
@pytest.mark.parametrize("problem", complete())
def test_judge_mode_via_make_says_so_and_passes(problem):
    solution = os.path.join("solutions", problem + ".py")
    done = run(
        [
            "make",
            "-s",
            "stress",
            f"P={problem}",
            "N=30",
            "JUDGE=1",
            f"PYTHON={sys.executable}",
            f"SOLUTION={solution}",
        ],
        timeout=120,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    first = done.stdout.splitlines()[0]
    assert first == f"stress {problem} on judge cases only: {Path(sys.executable).name} {solution}"
    assert "30 inputs" in done.stdout and "no mismatch" in done.stdout


def test_judge_mode_saves_a_judge_hack(tmp_path):
    broken = broken_copy(tmp_path)
    done = stress("vertical_four", "--judge", "--solution", str(broken), "--save-to", str(tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.startswith("stress vertical_four on judge cases only: ")
    saved, text, expected = saved_case(tmp_path)
    assert saved.name.startswith("judge-hack-")
    assert tooling("vertical_four", "validate").why_extended(saved.read_bytes()) is None
    assert run_program([sys.executable, str(broken)], text) != expected


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
    done = stress(
        "vertical_four",
        "--seed",
        "5",
        "-n",
        "3",
        "--solution",
        "./mine",
        "--save-to",
        "hacks",
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.splitlines()[0].endswith("judge and extended cases: ./mine")
    assert "could not shrink: saving the input as drawn" in done.stdout
    _, text, expected = saved_case(tmp_path / "hacks")
    assert text == drawn and run_program([str(script)], text) == "wrong\n" != expected


@pytest.mark.skipif(os.name == "nt", reason="sh is a POSIX program")
def test_a_command_line_runs_from_the_callers_folder(tmp_path):
    """The file a command line names runs from where the driver is called, not the root."""
    (tmp_path / "mine.py").write_bytes((SOLUTIONS / "vertical_four.py").read_bytes())
    command = f"sh -c 'exec \"{sys.executable}\" mine.py'"
    done = stress("vertical_four", "-n", "5", "--solution", command, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 inputs" in done.stdout and "no mismatch" in done.stdout


def test_a_file_that_is_neither_py_nor_executable_is_refused(tmp_path):
    (tmp_path / "mine.cpp").write_text("int main() {}\n", encoding="utf-8")
    done = stress("vertical_four", "-n", "3", "--solution", "mine.cpp", timeout=60, cwd=tmp_path)
    assert done.returncode == 2
    assert "not executable" in done.stderr and "Traceback" not in done.stderr


def test_a_failure_that_needs_its_layout_still_shrinks(tmp_path):
    """second_line_only.py reads the moves from the second line only: gen.shrink, which
    puts all moves on one line, never fails for it; the layout-keeping candidates do."""
    wrong = ROOT / "tests" / "vertical_four" / "wrong" / "second_line_only.py"
    done = stress(
        "vertical_four", "--solution", str(wrong), "--save-to", str(tmp_path), timeout=300
    )
    assert done.returncode == 1, done.stdout + done.stderr
    agreed = int(done.stdout.split("mismatch after ")[1].split()[0])
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
    run = stress_module.in_process(fails_on_crlf)
    assert stress_module.shrink("infinite_gobang", run, text) == "[\r\n]\r\n"
