"""A problem named as a judge names it (``1850A``, ``cf-1850A``: not a Python identifier)
reaches the stress level like any other.

Each is made in a copy of the repo by `make new`, given an oracle and a generator in
tests/NAME/, and a test file of its own that imports them by a relative import. The contract
reports the stress level, `make stress` plays it, and the shared tests and its own test file
are collected and pass. The same copy holds a problem just scaffolded (judged, no tooling
folder; see tests/test_tooling.py), so that one collection of the whole suite, which takes
seconds, shows that every test file takes both kinds.
"""

import shutil
import sys

import pytest
from test_tooling import (
    COLLECTED,
    GEN,
    ORACLE,
    SELECTED,
    copy_of_the_repo,
    fill_header,
    in_root,
    scaffold,
)
from util import run

from tools import contract

NAMES = ("1850A", "cf-1850A")

OWN_TEST = """from . import gen, oracle


def test_the_oracle_adds():
    assert oracle.solve("2 -5\\n") == "-3\\n"


def test_the_generator_gives_two_numbers():
    import random

    assert len(gen.random_input(random.Random(1)).split()) == 2
"""


@pytest.fixture(scope="module")
def named(tmp_path_factory):
    """A copy of the repo with a problem of each name in NAMES, at the stress level, and
    COLLECTED, from the scaffold, at the judged level."""
    root = copy_of_the_repo(tmp_path_factory.mktemp("names"))
    fill_header(scaffold(root, COLLECTED))
    for name in NAMES:
        fill_header(scaffold(root, name))
        tooling = root / "tests" / name
        tooling.mkdir()
        files = {"__init__.py": "", "oracle.py": ORACLE, "gen.py": GEN}
        files[f"test_{name}.py"] = OWN_TEST
        for file, text in files.items():
            (tooling / file).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("name", NAMES)
def test_the_contract_reports_the_stress_level(named, name):
    status, out = in_root(named, "-m", "tools.contract", name)
    assert status == 0 and out.startswith(f"{name}: stress ("), out
    assert f"  - tests/{name}/{contract.MARKER}: " in out, out


@pytest.mark.parametrize("name", NAMES)
def test_make_stress_plays_it(named, name):
    if shutil.which("make"):
        argv = ["make", "-s", "stress", f"P={name}", "N=30", f"PYTHON={sys.executable}"]
    else:
        argv = [sys.executable, "-m", "tools.stress", name, "-n", "30"]
    done = run(argv, cwd=named, text=True)
    out = done.stdout + done.stderr
    assert done.returncode == 0 and "30 inputs (seed 1), no failure" in out, out


@pytest.mark.deep  # seconds: a collection of the whole suite
def test_the_whole_suite_collects_with_them(named):
    status, out = in_root(named, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider")
    assert status == 0 and f"test_solution_gives_every_out[{COLLECTED}]" in out, out
    for name in NAMES:
        assert f"tests/{name}/test_{name}.py::test_the_oracle_adds" in out, out
        assert f"test_stress[{name}]" in out, out


def test_the_shared_tests_and_its_own_take_it(named):
    own = [f"tests/{name}/test_{name}.py" for name in NAMES]
    picked = " or ".join(f"[{name}]" for name in NAMES) + " or the_oracle or the_generator"
    pytest = ["-m", "pytest", "-v", "-p", "no:cacheprovider", "--tb=short"]
    status, out = in_root(named, *pytest, *SELECTED[:1], *own, "-k", picked)
    assert status == 0, out
    for name in NAMES:
        for test in ("stress", "oracle_gives_every_out", "meets_the_contract"):
            assert f"test_{test}[{name}] PASSED" in out, out
        for test in ("the_oracle_adds", "the_generator_gives_two_numbers"):
            assert f"tests/{name}/test_{name}.py::test_{test} PASSED" in out, out
