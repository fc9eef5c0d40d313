"""Collection follows tools/contract.py: the tests in the tooling folder of a problem that
lacks something of the level it aims at are not collected (a problem of ours half added, or a
tooling module that no longer imports), so one test,
tests/test_problems.py::test_meets_the_contract, names what is missing, and the other
problems' tests still run.

A test file of a tooling folder is imported as the module NAME.test_... by tools/problem.py,
as the tools import the folder: pytest itself would not import a package whose name is no
Python identifier (a problem named 1850A or cf-1850A)."""

import pytest
from hypothesis import settings

from tools import contract
from tools.problem import tooling

# No deadline on an example: a laptop busy building something makes any fixed one flaky. The
# same profile everywhere, so that CI (whose CI variable picks another) runs what users run.
settings.register_profile("everywhere", deadline=None)
settings.load_profile("everywhere")


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
