"""A new problem needs three things: its solution, its testcases and its tooling folder.

The repo's solutions/, tests/, bench/ and runner.py are copied into a temporary root (the
testcases linked), and a throwaway fifth problem is added there: a renamed copy of
vertical_four (solutions/NAME.py, testcases/NAME/, tests/NAME/ with the name changed inside).
Nothing else is touched, and every tool must find it: util.problems(), the stress driver,
the compat tests, the benchmark and the runner.
"""

import os
import re
import shutil
import subprocess
import sys

import pytest
from util import ROOT, problems

SOURCE = "vertical_four"
NEW = "throwaway_fifth"


def link_or_copy(source, target):
    try:
        os.symlink(source, target, target_is_directory=True)
    except (OSError, NotImplementedError):
        shutil.copytree(source, target)


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    """A copy of the repo with the fifth problem added."""
    root = tmp_path_factory.mktemp("repo")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("solutions", "tests", "bench"):
        shutil.copytree(ROOT / folder, root / folder, ignore=ignore)
    for name in ("runner.py", "pyproject.toml"):
        shutil.copyfile(ROOT / name, root / name)
    (root / "testcases").mkdir()
    for name in problems():
        link_or_copy(ROOT / "testcases" / name, root / "testcases" / name)
    shutil.copytree(ROOT / "testcases" / SOURCE, root / "testcases" / NEW)
    shutil.copyfile(ROOT / "solutions" / (SOURCE + ".py"), root / "solutions" / (NEW + ".py"))
    tooling = root / "tests" / NEW
    shutil.copytree(ROOT / "tests" / SOURCE, tooling, ignore=ignore)
    for path in tooling.glob("**/*.py"):
        text = re.sub(rf"\b{SOURCE}\b", NEW, path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
        if SOURCE in path.name:
            path.rename(path.with_name(path.name.replace(SOURCE, NEW)))
    return root


def run(root, *argv, timeout=300):
    done = subprocess.run(
        [sys.executable, *argv],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )
    return done.returncode, done.stdout + done.stderr


def in_root(root, code):
    """Run code with the copy's tests/ first on the path."""
    return run(root, "-c", f"import sys; sys.path.insert(0, 'tests'); {code}")


def test_util_finds_it(root):
    status, out = in_root(root, "import util; print(util.problems())")
    assert status == 0, out
    assert NEW in out and all(name in out for name in problems()), out


def test_stress_driver_checks_it(root):
    # check(NEW) as the problem's own test calls it, on a few hundred inputs to stay quick.
    code = f"import stress, util; gen = util.tooling({NEW!r}, 'gen'); "
    code += f"gen.STRESS = dict(gen.STRESS, count=300, min_count={{}}); stress.check({NEW!r})"
    status, out = in_root(root, code)
    assert status == 0, out
    assert f"{NEW}: 300 inputs agree" in out, out


def test_compat_tests_collect_it(root):
    argv = ["-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    status, out = run(root, *argv, "tests/test_compat.py")
    assert status == 0, out
    assert f"[{NEW}]" in out, f"no compat test names {NEW}:\n{out}"


def test_benchmark_times_it(root):
    status, out = run(root, "bench/bench.py", "--quick", "--only", NEW)
    assert status == 0, out
    assert re.search(rf"^\| {NEW} \| .*\| yes \|$", out, re.MULTILINE), out


def test_runner_judges_it(root):
    status, out = run(root, "runner.py", "-k", "sample", NEW)
    assert status == 0, out
    assert re.search(r"\b[1-9]\d* passed, 0 failed", out), out
