"""`pip install .` installs the judge as the command stones-judge, which judges a folder
outside the repo as runner.py does. What it installs clashes with no package of the index: its
one top-level package is stones_judge, not judge (a package of that name is on PyPI).

The install needs pip to reach the package index for setuptools, as `make test` does for its
tools: the test is deep (make test-deep), since it builds a wheel in a new venv."""

import json
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest
from runner_util import PYTHON, RUNNER, write

from judge.problems import ROOT

COMMAND = "stones-judge"
SOLUTION = "a, b = map(int, input().split())\nprint(a + b, ' ')\n"  # a trailing space: tokens
CASES = {"1": ("1 2\n", "3\n"), "2": ("5 5\n", "10\n"), "3": ("2 2\n", "5\n")}


def installed(tmp_path):
    """A venv in tmp_path with the repo (a copy of its tracked files) installed by pip."""
    source = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(source)], check=True)
    for path in ("judge", "pyproject.toml"):  # the tree as it is now, committed or not
        if (ROOT / path).is_dir():
            shutil.rmtree(source / path)
            shutil.copytree(ROOT / path, source / path)
        else:
            shutil.copy(ROOT / path, source / path)
    home = tmp_path / "venv"
    venv.create(home, with_pip=True)
    bin_folder = home / ("Scripts" if sys.platform == "win32" else "bin")
    pip = [str(bin_folder / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    done = subprocess.run([*pip, str(source)], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        pytest.fail(f"pip install failed: {done.stderr[-2000:]}")
    return bin_folder


def verdicts(report_path):
    report = json.loads(Path(report_path).read_text(encoding="utf-8"))
    return {case["case"]: (case["verdict"], case["reason"]) for case in report["cases"]}


@pytest.mark.deep
def test_the_installed_command_judges_a_folder_as_the_runner_does(tmp_path):
    bin_folder = installed(tmp_path)
    contest = tmp_path / "contest"
    for name, (given, answer) in CASES.items():
        write(contest / "cases" / f"{name}.in", given)
        write(contest / "cases" / f"{name}.out", answer)
    write(contest / "sum.py", SOLUTION)
    command = ["--command", f"{PYTHON} sum.py", "--json"]
    mine = subprocess.run(
        [str(bin_folder / COMMAND), "cases", *command, "installed.json"],
        cwd=contest,
        capture_output=True,
        text=True,
        timeout=120,
    )
    repo = subprocess.run(
        [PYTHON, str(RUNNER), "cases", *command, "repo.json"],
        cwd=contest,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (mine.returncode, repo.returncode) == (1, 1), (mine.stderr, repo.stderr)
    got = verdicts(contest / "installed.json")
    assert got == verdicts(contest / "repo.json")
    assert [verdict for verdict, _ in got.values()] == ["AC", "AC", "WA"]
    where = "import stones_judge; print(stones_judge.__file__)"
    site = subprocess.run(
        [str(bin_folder / "python"), "-c", where],
        capture_output=True,
        text=True,
        check=True,
    )
    packages = Path(site.stdout.strip()).parent.parent
    assert (packages / "stones_judge").is_dir() and not (packages / "judge").exists()
    assert not (contest / "build").exists() or not list((contest / "build").iterdir())
