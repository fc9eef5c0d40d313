"""A problem's files as the tools use them: where they are, and its code loaded as modules.

Every tool runs from the repo root (`python3 -m tools.NAME`), so `import runner` finds the
runner. The runner says which problems there are, how a command line is split and what a
usage error is. This module adds what only the tools need.
"""

import argparse
import contextlib
import importlib
import importlib.util
import sys
from pathlib import Path

from judge import (
    JUDGE_PREFIX,
    ROOT,
    OutputClosed,
    UsageError,
    find_problems,
    let_go,
)
from judge.problems import find_solution

ENCODING = ("utf-8", "surrogateescape")  # any bytes through text and back, unchanged

# A folder tests/NAME/ holding one of these is a tooling folder: its problem aims at stress.
FOLDER_MARKERS = ("__init__.py", "oracle.py", "gen.py")


def problems(root=ROOT):
    """The problems the runner judges under root, sorted; none when there is none."""
    try:
        return find_problems(Path(root), [])[0]
    except UsageError:
        return []


def problem_parser(prog, description, about):
    """The parser of a tool run as `make PROG`: its first argument NAME (P=NAME), the problem,
    which `about` describes."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("name", metavar="NAME", help=about)
    return parser


def solution_of(name, root=ROOT):
    """The problem's solution file, solutions/NAME.EXT of any language of the runner's, as a
    path from root; None when it has none (a UsageError when it has several)."""
    return find_solution(Path(root), name)


def has_validator(name, root=ROOT):
    """Whether tests/NAME/validate.py is there to say which inputs the judge sends (None: no
    problem, such as a folder stressed, has one)."""
    return name is not None and (Path(root) / "tests" / name / "validate.py").is_file()


def judge_sends(name, data, root=ROOT):
    """Whether the judge could send the input data (bytes, or text in ENCODING) of problem
    NAME, and why not, by root's tests/NAME/validate.py: (True, None), or (False, its reason).
    A problem without validate.py says nothing: (False, None)."""
    if not has_validator(name, root):
        return False, None
    if isinstance(data, str):
        data = data.encode(*ENCODING)  # an input that is not UTF-8 too
    why = tooling(name, "validate", root).why_extended(data)
    return why is None, why


def write_all(files):
    """Write each (path, bytes) of files in order, all or none: an error midway removes what
    was written."""
    written = []
    try:
        for path, content in files:
            written.append(path)
            path.write_bytes(content)
    except BaseException:
        for path in written:
            with contextlib.suppress(OSError):
                path.unlink()
        raise


def has_cases(root, name):
    return any((Path(root) / "testcases" / name).glob("*.in"))


def is_judge_case(case):
    """Whether a testcase (CASE of CASE.in, or its path) is a judge case, by its name."""
    return Path(case).name.startswith(JUDGE_PREFIX)


def known(root=ROOT):
    """Every name that looks like a problem, even half added: a solutions/NAME.py, a
    testcases/NAME/ or a tooling folder tests/NAME/ (see FOLDER_MARKERS)."""
    root = Path(root)
    found = {path.stem for path in (root / "solutions").glob("*.py")}
    found.update(path.name for path in (root / "testcases").glob("*") if path.is_dir())
    for marker in FOLDER_MARKERS:
        found.update(path.parent.name for path in (root / "tests").glob("*/" + marker))
    found = {name for name in found if not name.startswith(("_", "."))}
    return sorted(found.union(problems(root)))


def tooling(name, module=None, root=ROOT):
    """The tooling package tests/NAME/ imported as NAME (or its module NAME.MODULE), without
    touching sys.path: the same modules pytest imports from tests/ (see tests/conftest.py)."""
    package = sys.modules.get(name)
    folder = Path(root) / "tests" / name
    if package is None:
        init = folder / "__init__.py"
        if not init.is_file():
            raise ImportError(f"tests/{name}/__init__.py is missing")
        spec = importlib.util.spec_from_file_location(
            name, init, submodule_search_locations=[str(folder)]
        )
        package = importlib.util.module_from_spec(spec)
        sys.modules[name] = package
        try:
            spec.loader.exec_module(package)
        except BaseException:
            del sys.modules[name]
            raise
    where = [Path(path).resolve() for path in getattr(package, "__path__", ())]
    if folder.resolve() not in where:
        raise ImportError(f"the name {name} is taken by the module {package.__name__!r}")
    return importlib.import_module(name + "." + module) if module else package


def load_file(name, path):
    """Import the file at path as a module called name, without running a __main__ block."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_solution(name, root=ROOT):
    """solutions/NAME.py as a module (its __main__ block not run)."""
    return load_file("solution_" + name, Path(root) / "solutions" / (name + ".py"))


def run_tool(main):
    """Exit with main()'s status. A reader gone from stdout (`| head`) ends the tool quietly
    with 141, as SIGPIPE would, through the runner's own handling of a closed output."""
    try:
        status = main()
    except (OutputClosed, BrokenPipeError):
        status = 141
        let_go(sys.stdout)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            let_go(stream)
    sys.exit(status)
