"""Collection follows tools/contract.py: the tests of a problem whose tooling folder lacks
something are not collected (a problem of ours half added, or a tooling module that no longer
imports), so one test, tests/test_problems.py::test_meets_the_contract, names what is
missing, and the other problems' tests still run."""

from tools import contract


def pytest_ignore_collect(collection_path, config):
    folder = collection_path if collection_path.is_dir() else collection_path.parent
    if folder.parent != contract.ROOT / "tests" or folder.name.startswith(("_", ".")):
        return None
    return True if contract.missing(folder.name) else None
