"""What every test run shares.

- Collection follows tools/contract.py. A problem may lack something of the level it aims
  at (a problem half added, or a tooling module that no longer imports). Then the tests in
  its tooling folder are not collected. One test,
  tests/test_problems.py::test_meets_the_contract, names what is missing, and the other
  problems' tests still run.
- The option --depth picks the tests. `fast` (the default, `make test`) leaves out the tests
  marked `deep`. `deep` (`make test-deep`) runs only those. `all` runs both. So a test
  marked deep that you name on pytest's command line needs `--depth deep` or `--depth all`.
- A runner test that asks for the `path` fixture runs on both process paths. The fast run
  takes the portable path in the first such test of each file only; the deep run takes it in
  the others (CI's portable leg runs every runner test on it too).
- A test file of a tooling folder is imported as the module NAME.test_... by
  tools/problem.py, as the tools import the folder. pytest itself would not import a package
  whose name is no Python identifier (a problem named 1850A or cf-1850A).
- Two fixtures of tests/runner_util.py serve every test file: `path`, which runs a test that
  asks for it on both process paths, and `leftovers_killed`, which kills what a test's
  marked processes left running.
"""

import os

import pytest
from hypothesis import settings
from runner_util import leftovers_killed, path  # noqa: F401 (the fixtures, for every test file)

from tools import contract
from tools.problem import tooling

DEPTHS = ("fast", "deep", "all")

# No deadline on an example: a laptop busy building something makes any fixed one flaky. The
# same profile everywhere, so that CI (whose CI variable picks another) runs what users run.
settings.register_profile("everywhere", deadline=None)
settings.load_profile("everywhere")


def pytest_addoption(parser):
    parser.addoption(
        "--depth",
        choices=DEPTHS,
        default="fast",
        help="fast: leave out the tests marked deep; deep: only those; all: both",
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "deep: a slow test, left out of `make test` and run by `make test-deep`"
    )


def portable_once_a_file(items):
    """Mark deep the portable-path runs of a file's runner tests but its first: the same
    tests on the native path, and that one on the portable path, stay in the fast run."""
    first = set()
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is None or callspec.params.get("path") != "portable":
            continue
        if item.get_closest_marker("deep") is not None:
            continue  # deep already: the file's fast portable run is another
        if item.path in first:
            item.add_marker(pytest.mark.deep)
        first.add(item.path)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config):
    """`-n auto` (`make test`): two workers a CPU this process may use. Many tests wait on a
    child more than they compute (a sleep, a wall backstop, a compiler), and the second
    worker takes the CPU meanwhile. PYTEST_XDIST_AUTO_NUM_WORKERS, where set, still decides."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    affinity = getattr(os, "sched_getaffinity", None)
    cpus = len(affinity(0)) if affinity else os.cpu_count() or 1
    return 2 * cpus


def pytest_collection_modifyitems(config, items):
    portable_once_a_file(items)
    depth = config.getoption("depth")
    if depth == "all":
        return
    wanted = depth == "deep"
    kept, dropped = [], []
    for item in items:
        deep = item.get_closest_marker("deep") is not None
        (kept if deep == wanted else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def pytest_ignore_collect(collection_path, config):
    folder = collection_path if collection_path.is_dir() else collection_path.parent
    if folder.parent != contract.ROOT / "tests" or folder.name.startswith(("_", ".")):
        return None
    return True if contract.missing(folder.name) else None


class ToolingModule(pytest.Module):
    """A test file of the tooling folder tests/NAME/, imported by path as NAME.test_..."""

    def _getobj(self):
        return tooling(self.path.parent.name, self.path.stem)


def pytest_pycollect_makemodule(module_path, parent):
    folder = module_path.parent
    if folder.parent == contract.ROOT / "tests" and (folder / "__init__.py").is_file():
        return ToolingModule.from_parent(parent, path=module_path)
    return None
