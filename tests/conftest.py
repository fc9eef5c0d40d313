"""Collection follows tools/contract.py: the tests in the tooling folder of a problem that
lacks something of the level it aims at are not collected (a problem of ours half added, or a
tooling module that no longer imports), so one test,
tests/test_problems.py::test_meets_the_contract, names what is missing, and the other
problems' tests still run."""

from hypothesis import settings

from tools import contract

# No deadline on an example: a laptop busy building something makes any fixed one flaky. The
# same profile everywhere, so that CI (whose CI variable picks another) runs what users run.
settings.register_profile("everywhere", deadline=None)
settings.load_profile("everywhere")


def pytest_ignore_collect(collection_path, config):
    folder = collection_path if collection_path.is_dir() else collection_path.parent
    if folder.parent != contract.ROOT / "tests" or folder.name.startswith(("_", ".")):
        return None
    return True if contract.missing(folder.name) else None
