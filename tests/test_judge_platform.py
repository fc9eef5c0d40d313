"""judge/platform.py: what this platform is, read once, and the path it allows; and what lets
the judge run on every platform's Python: the standard library alone, and no class that
branches on more than one platform flag."""

import ast
import os
import subprocess
import sys

import pytest
from process_util import imported_modules, is_standard_library, judge_sources
from runner_util import PYTHON
from util import ROOT

from judge import platform

FLAGS = {"POSIX", "WINDOWS", "WAIT4", "LINUX", "PORTABLE"}


def flags_in_a_fresh_python(portable, prelude=""):
    """judge.platform's flags in a new interpreter with RUNNER_PORTABLE set to portable (None:
    not set), after the prelude runs."""
    env = {key: value for key, value in os.environ.items() if key != "RUNNER_PORTABLE"}
    if portable is not None:
        env["RUNNER_PORTABLE"] = portable
    code = prelude + "from judge import platform as p\n"
    code += "print(p.POSIX, p.WINDOWS, p.LINUX, p.WAIT4 is not None, p.PORTABLE)\n"
    done = subprocess.run(
        [PYTHON, "-c", code],
        capture_output=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    return dict(zip(["POSIX", "WINDOWS", "LINUX", "WAIT4", "PORTABLE"], done.stdout.split()))


def test_the_platform_is_the_one_this_python_runs_on():
    flags = platform.POSIX, platform.WINDOWS, platform.LINUX
    assert flags == (os.name == "posix", os.name == "nt", sys.platform.startswith("linux"))
    assert platform.WAIT4 is getattr(os, "wait4", None)
    assert not (platform.POSIX and platform.WINDOWS)


@pytest.mark.skipif(not hasattr(os, "wait4"), reason="the native path needs os.wait4")
@pytest.mark.parametrize(
    "portable, taken", [(None, "False"), ("", "False"), ("0", "False"), ("1", "True")]
)
def test_runner_portable_picks_the_path(portable, taken):
    """RUNNER_PORTABLE set to anything but "" or "0" forces the portable path."""
    assert flags_in_a_fresh_python(portable)["PORTABLE"] == taken


def test_without_wait4_the_portable_path_is_the_only_one():
    flags = flags_in_a_fresh_python("0", "import os\nif hasattr(os, 'wait4'): del os.wait4\n")
    assert (flags["WAIT4"], flags["PORTABLE"]) == ("False", "True")


WINDOWS_SIGNALS = """import signal
for name in [n for n in dir(signal) if n.startswith("SIG") and not n.startswith("SIG_")]:
    if name not in ("SIGINT", "SIGTERM", "SIGABRT", "SIGFPE", "SIGILL", "SIGSEGV", "SIGBREAK"):
        delattr(signal, name)
"""


def test_the_judge_and_its_tools_load_with_windows_signals_alone():
    """Windows has no SIGPIPE, SIGKILL or SIGCHLD: no module may need one as it loads."""
    imports = "import judge.cli, judge.process.windows, tools.stress, tools.companion_listener"
    code = f"{WINDOWS_SIGNALS}{imports}\nfrom judge import platform\nprint(platform.BROKEN_PIPE)\n"
    done = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert (done.returncode, done.stdout, done.stderr) == (0, "None\n", "")


def test_the_judge_imports_the_standard_library_alone():
    """runner.py and every module of judge/: nothing to install, on any platform's Python."""
    outside = {
        f"{module}: {name}"
        for module, tree in judge_sources()
        for name in imported_modules(tree)
        if name != "judge" and not is_standard_library(name)
    }
    assert outside == set()
    assert not is_standard_library("pytest")
    broken = ast.parse("def f():\n    import numpy\n    from hypothesis import given\n")
    assert {"numpy", "hypothesis"} <= imported_modules(broken)  # an indented import counts


def test_no_class_branches_on_more_than_one_platform_flag():
    """A class is one platform's (or every platform's): the flags pick the class."""
    many = {}
    for module, tree in judge_sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & FLAGS
                if len(used) > 1:
                    many[f"{module}: {node.name}"] = sorted(used)
    assert many == {}


def test_no_top_level_name_is_reused_as_a_parameter_or_a_local():
    """In runner.py and each module of judge/, no function shadows a name of its module."""
    reused = set()
    for module, tree in judge_sources():
        top = {
            target.id if isinstance(target, ast.Name) else target.name
            for node in tree.body
            for target in (node.targets if isinstance(node, ast.Assign) else [node])
            if isinstance(target, (ast.Name, ast.FunctionDef, ast.ClassDef))
        }
        for function in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            names = {arg.arg for arg in ast.walk(function.args) if isinstance(arg, ast.arg)}
            names |= {
                node.id
                for node in ast.walk(function)
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
            }
            reused |= {f"{module}: {function.name}: {name}" for name in names & top}
    assert sorted(reused) == []
