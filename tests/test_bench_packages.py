"""maint/bench_packages.py's pure parts, and a peer that is not installed.

- The table gives each tool's median wall and CPU time, and its ratios to the runner: the
  median over the rounds of its time over the runner's in the same round.
- A peer's run is a figure only where it judged the package: a refusal, a timeout or a
  runner's traceback is one line with the tool's last words, never a row.
- A peer that is not installed is named in one line and skipped; the runner is timed alone
  (deep: the whole benchmark on a made-up package, some 3 s).
"""

from __future__ import annotations

import os

import pytest
from util import ROOT, python

from maint import bench_packages as bp


def run(wall, cpu, code=0, output="", timed_out=False):
    return bp.Run(code, cpu, wall, timed_out, output)


def cells(line):
    return [cell.strip() for cell in line.split("|")[1:-1]]


def test_the_table_gives_medians_and_ratios_round_by_round():
    runner = [run(1.0, 0.5), run(3.0, 1.0), run(2.0, 2.0)]
    peer = [run(4.0, 1.0), run(3.0, 4.0), run(10.0, 1.0)]  # per round: 4x 1x 5x; 2x 4x 0.5x
    lines = bp.table([("hello", "legacy", "runner", runner), ("hello", "legacy", "bt", peer)])
    header = ["package", "format", "tool", "runs", "wall s", "CPU s", "wall ratio", "CPU ratio"]
    assert cells(lines[0]) == header
    assert cells(lines[2]) == ["hello", "legacy", "runner", "3", "2.00", "1.00", "1.00x", "1.00x"]
    assert cells(lines[3]) == ["hello", "legacy", "bt", "3", "4.00", "1.00", "4.00x", "2.00x"]


def test_a_package_the_runner_did_not_judge_has_no_ratio():
    lines = bp.table([("sums", "2025-09", "bt", [run(2.0, 1.0)])])
    assert cells(lines[2])[-2:] == ["n/a", "n/a"]


def test_the_totals_compare_only_the_packages_both_judged():
    rows = [
        ("a", "legacy", "runner", [run(1, 1.0)]),
        ("a", "legacy", "verifyproblem", [run(1, 3.0)]),
        ("b", "legacy", "runner", [run(1, 5.0)]),
    ]
    (line,) = bp.totals(rows)
    assert "1 package(s)" in line and "3.00x" in line


@pytest.mark.parametrize(
    ("tool", "code", "output", "judged"),
    [
        ("runner", 1, "2 of 3 submissions ...", True),
        ("runner", 2, "hello: problem.yaml: type multi-pass is refused", False),
        ("runner", 1, "Traceback (most recent call last):\nImportError: x", False),
        (
            "runner",
            1,
            "a.py  RTE\n  Traceback (most recent call last):\n  RecursionError\n1 of 2",
            True,
        ),
        ("verifyproblem", 1, "Loading problem x\nChecking 5 submissions\n", True),
        ("verifyproblem", 1, "ERROR Failed to load problem: '2025-09' is not valid", False),
        ("verifyproblem", 1, "ERROR Failed to load problem: 1 error\nx tested: 1 error", False),
        ("bt", 1, "accepted/a.py:  AC 0.03s @ secret/1\n", True),
        ("bt", 1, "hello: legacy is no longer supported, try running 'bt upgrade'", False),
    ],
)
def test_a_run_is_a_figure_only_where_the_tool_judged(tool, code, output, judged):
    (chosen,) = [t for t in bp.TOOLS if t.name == tool]
    why = bp.failure(chosen, run(1.0, 1.0, code, output), 300)
    assert (why is None) == judged
    if why:
        said = [line for line in output.splitlines() if "ERROR" in line or "error:" in line]
        assert "\n" not in why and (said or output.splitlines())[-1][:40] in why


def test_a_run_cut_by_the_timeout_says_so():
    why = bp.failure(bp.TOOLS[0], run(300.0, 1.0, -9, "", timed_out=True), 300)
    assert why == "timed out after 300 s"


def test_the_runner_caches_its_bytecode_in_the_benchs_folder(tmp_path, monkeypatch):
    """As an installed runner, which reads its compiled modules: not compiled again on every
    run where the environment says to write no bytecode; and not into the repo."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    env = bp.runner_env(tmp_path)
    assert "PYTHONDONTWRITEBYTECODE" not in env and env["PATH"] == os.environ["PATH"]
    assert env["PYTHONPYCACHEPREFIX"] == str(tmp_path / "pycache")


def test_a_peer_not_installed_is_one_line_and_skipped(tmp_path):
    found, missing = bp.find_tools(str(tmp_path))
    assert [tool.name for tool, _ in found] == ["runner"]
    assert [line.split(":")[0] for line in missing] == ["verifyproblem", "bt"]
    assert all(line.endswith("skipped") and "\n" not in line for line in missing)


@pytest.mark.deep
def test_the_benchmark_times_the_runner_alone_when_no_peer_is_there(tmp_path):
    """A package of one accepted submission, in a root of its own: a row for the runner,
    a line for each peer, exit 0."""
    package = tmp_path / "tests" / "packages" / "echo"
    (package / "data" / "secret").mkdir(parents=True)
    (package / "submissions" / "accepted").mkdir(parents=True)
    (package / "problem.yaml").write_text("name: Echo\n")
    (package / "data" / "secret" / "1.in").write_text("7\n")
    (package / "data" / "secret" / "1.ans").write_text("7\n")
    (package / "submissions" / "accepted" / "cat.py").write_text("print(input())\n")
    empty = tmp_path / "no-peers"
    empty.mkdir()
    argv = ["--root", tmp_path, "--peers", empty, "--repeat", "1", "--timeout", "60"]
    done = python("-m", "maint.bench_packages", *argv, cwd=ROOT, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [cells(line) for line in done.stdout.splitlines() if line.startswith("| echo ")]
    assert [row[:4] for row in rows] == [["echo", "legacy", "runner", "1"]]
    assert "verifyproblem: not installed" in done.stdout and "bt: not installed" in done.stdout
