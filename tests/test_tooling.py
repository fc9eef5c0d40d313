"""A new problem needs three things: its solution, its testcases and its tooling folder.

The repo's solutions/, tests/, tools/ and runner.py are copied into a temporary root (the
testcases linked), and problems are added there:

- ``throwaway_fifth``, by the recipe of docs/adding-a-problem.md: a renamed copy of
  vertical_four in its three places (solutions/NAME.py, testcases/NAME/, tests/NAME/ with the
  name changed inside).
  Nothing else is touched, and everything must take it up: the contract, the shared tests,
  the stress driver, the compat tests, the benchmark and the runner.
- ``half_added``: the same, but its gen.py has no BIG_CASES; and ``no_tooling``: a solution
  and testcases without a tooling folder. Both are reported, each by one failing test that
  names what it lacks, and skipped: no collection error, and the other problems' tests run.
"""

import os
import re
import shutil

import pytest
from util import ROOT, problems, python

SOURCE = "vertical_four"
NEW, HALF, BARE = "throwaway_fifth", "half_added", "no_tooling"


def link_or_copy(source, target):
    try:
        os.symlink(source, target, target_is_directory=True)
    except (OSError, NotImplementedError):
        shutil.copytree(source, target)


def add_problem(root, name):
    """A renamed copy of SOURCE in its three places under root."""
    shutil.copytree(ROOT / "testcases" / SOURCE, root / "testcases" / name)
    shutil.copyfile(ROOT / "solutions" / (SOURCE + ".py"), root / "solutions" / (name + ".py"))
    tooling = root / "tests" / name
    shutil.copytree(ROOT / "tests" / SOURCE, tooling, ignore=shutil.ignore_patterns("__pycache__"))
    for path in tooling.glob("**/*.py"):
        text = re.sub(rf"\b{SOURCE}\b", name, path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
        if SOURCE in path.name:
            path.rename(path.with_name(path.name.replace(SOURCE, name)))


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    """A copy of the repo with the three problems added."""
    root = tmp_path_factory.mktemp("repo")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("solutions", "tests", "tools"):
        shutil.copytree(ROOT / folder, root / folder, ignore=ignore)
    for name in ("runner.py", "pyproject.toml", "README.md"):
        shutil.copyfile(ROOT / name, root / name)
    shutil.copytree(ROOT / "docs", root / "docs")
    (root / "testcases").mkdir()
    for name in problems():
        link_or_copy(ROOT / "testcases" / name, root / "testcases" / name)
    for name in (NEW, HALF, BARE):
        add_problem(root, name)
    with open(root / "tests" / HALF / "gen.py", "a", encoding="utf-8") as gen:
        gen.write("\ndel BIG_CASES\n")
    shutil.rmtree(root / "tests" / BARE)
    return root


def in_root(root, *argv, timeout=600):
    done = python(*argv, cwd=root, timeout=timeout, text=True)
    return done.returncode, done.stdout + done.stderr


def test_the_contract_takes_the_new_one_and_names_what_the_others_lack(root):
    status, out = in_root(root, "-m", "tools.contract")
    assert status == 1, out
    assert f"{NEW}: complete" in out and f"{SOURCE}: complete" in out, out
    assert f"{HALF}: tests/{HALF}/gen.py has no BIG_CASES" in out, out
    assert f"{BARE}: tests/{BARE}/ is missing" in out, out


def test_the_shared_tests_take_it_and_report_the_half_added(root):
    # The shared tests and the problems' folders collected; a few of them run, to stay quick.
    folders = [f"tests/{name}" for name in (NEW, HALF)]
    argv = ["-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    status, out = in_root(root, *argv, "tests/test_problems.py", "tests/test_compat.py", *folders)
    assert status == 0, out
    for test in ("test_stress", "test_oracle_gives_every_out", "test_vermin_needs_at_most_3_8"):
        assert f"{test}[{NEW}]" in out, out
        assert f"{test}[{HALF}]" not in out or test == "test_vermin_needs_at_most_3_8", out
    assert f"tests/{NEW}/test_{NEW}.py::" in out and f"tests/{HALF}/" not in out, out
    argv = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_problems.py"]
    picked = f"contract or solution_gives and {SOURCE}"  # the other problems' tests still run
    status, out = in_root(root, *argv, "--tb=line", "-k", picked)
    failed = sorted(re.findall(r"^\S+ AssertionError: (.*)$", out, re.MULTILINE))
    assert failed == [
        f"{HALF}: tests/{HALF}/gen.py has no BIG_CASES",
        f"{BARE}: tests/{BARE}/ is missing",
    ], out
    passed = int(re.search(r"(\d+) passed", out).group(1))
    assert passed == len(problems()) + 2, out  # the complete problems' contracts, SOURCE's cases


def test_stress_driver_checks_it(root):
    code = f"from tools import contract, stress; gen = contract.tooling({NEW!r}, 'gen'); "
    code += f"gen.STRESS = dict(gen.STRESS, count=300, min_count={{}}); stress.check({NEW!r})"
    status, out = in_root(root, "-c", code)
    assert status == 0, out
    assert f"{NEW}: 300 inputs agree" in out, out
    status, out = in_root(root, "-m", "tools.stress", BARE, "-n", "5")
    assert status == 2 and f"tests/{BARE}/ is missing" in out and "Traceback" not in out, out


def test_benchmark_times_it_and_skips_the_others(root):
    status, out = in_root(root, "-m", "tools.bench", "--quick", "--only", NEW, "--only", BARE)
    assert status == 0, out
    assert re.search(rf"^\| {NEW} \| .*\| yes \|$", out, re.MULTILINE), out
    assert f"{BARE}: skipped, tests/{BARE}/ is missing" in out, out


def test_runner_judges_it(root):
    status, out = in_root(root, "runner.py", "-k", "sample", NEW)
    assert status == 0, out
    assert re.search(r"\b[1-9]\d* passed, 0 failed", out), out
