"""The shape of runner.py: one standard-library file, its names, its platform seam."""

import ast
import builtins
import importlib.util
import inspect
import os
import sys
import sysconfig
from pathlib import Path

import pytest
import util
from runner_util import RUNNER

from judge.process import choose, launcher, linux, trees, windows


def is_standard_library(name):
    if sys.version_info >= (3, 10):
        return name in sys.stdlib_module_names
    spec = importlib.util.find_spec(name)  # before 3.10: where the module comes from
    if spec is None:
        return False
    if spec.origin is None:  # sys, for one, has no file
        return name in sys.builtin_module_names
    if spec.origin in ("built-in", "frozen"):
        return True
    origin = os.path.realpath(spec.origin)
    stdlib = os.path.realpath(sysconfig.get_paths()["stdlib"])
    return origin.startswith(stdlib + os.sep) and "site-packages" not in origin


def imported_modules(source):
    """The top-level name of every module the source imports, at any depth of the code."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_the_runner_is_one_standard_library_file():
    imports = imported_modules(RUNNER.read_text(encoding="utf-8"))
    assert [name for name in sorted(imports) if not is_standard_library(name)] == []
    assert not is_standard_library("pytest")
    broken = "def f():\n    import numpy\n    from hypothesis import given\n"
    assert {"numpy", "hypothesis"} <= imported_modules(broken)  # an indented import counts


TREE = ast.parse(RUNNER.read_text(encoding="utf-8"))
TOP = {
    target.id if isinstance(target, ast.Name) else target.name
    for node in TREE.body
    for target in (node.targets if isinstance(node, ast.Assign) else [node])
    if isinstance(target, (ast.Name, ast.FunctionDef, ast.ClassDef))
}
FUNCTIONS = [node for node in ast.walk(TREE) if isinstance(node, ast.FunctionDef)]


def test_no_top_level_name_is_reused_as_a_parameter_or_a_local():
    reused = set()
    for function in FUNCTIONS:
        names = {arg.arg for arg in ast.walk(function.args) if isinstance(arg, ast.arg)}
        names |= {
            node.id
            for node in ast.walk(function)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        }
        reused |= {f"{function.name}: {name}" for name in names & TOP}
    assert sorted(reused) == []


def test_no_class_branches_on_more_than_one_platform_flag():
    flags = {"POSIX", "WINDOWS", "WAIT4", "LINUX", "PORTABLE"}
    for node in TREE.body:
        if isinstance(node, ast.ClassDef):
            used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & flags
            assert len(used) <= 1, (node.name, used)


TREES = [trees.PlainTree, trees.PosixTree, linux.LinuxTree, windows.WindowsTree]


def test_every_tree_has_the_same_methods_with_the_same_signatures():
    methods = [name for name, value in vars(trees.Tree).items() if callable(value)]
    methods += ["ready", "end_run"]
    assert {"__init__", "exited", "wait", "usage_now", "kill", "finish"} <= set(methods)
    for tree in TREES:
        assert issubclass(tree, trees.Tree)
        for name in methods:
            want = inspect.signature(getattr(trees.Tree, name))
            assert inspect.signature(getattr(tree, name)) == want, (tree.__name__, name)


def test_only_the_seam_names_a_kind_of_tree():
    kinds = {tree.__name__ for tree in TREES}
    seam = {"tree_kind", *kinds}  # tree_kind picks one; a kind may hand over to another
    naming = {
        node.name
        for node in TREE.body
        if isinstance(node, (ast.FunctionDef, ast.ClassDef))
        and {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & kinds
    }
    assert naming <= seam, naming - seam


def test_the_launcher_is_a_program_that_needs_nothing_of_the_runner():
    """Its source compiles alone, and every name it uses is its own, imported, or built in."""
    source = Path(launcher.__file__).read_text(encoding="utf-8")
    code = ast.parse(source)
    compile(code, "launcher", "exec")
    defined = set(dir(builtins))
    for node in ast.walk(code):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            defined.add(node.id)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            defined.add(node.name)
    used = {n.id for n in ast.walk(code) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    assert used - defined == set()
    allowed = {"os", "select", "_signal", "sys", "_socket", "ctypes", "subprocess", "time"}
    assert imported_modules(source) <= allowed


def test_choosing_a_tree_starts_no_process(monkeypatch):
    def refused(*args, **kwargs):
        raise AssertionError("a process was started")

    monkeypatch.setattr(trees.subprocess, "Popen", refused)
    monkeypatch.setattr(linux.subprocess, "Popen", refused)
    assert issubclass(choose.tree_kind(), trees.Tree)


def test_a_launcher_that_cannot_start_leaves_the_posix_tree(monkeypatch):
    monkeypatch.setattr(linux, "start_launcher", lambda: None)
    monkeypatch.setattr(linux.LinuxTree, "launcher", None)
    assert linux.LinuxTree.ready() is trees.PosixTree
    assert linux.LinuxTree.ready() is trees.PosixTree  # tried once a run, not per case
    linux.LinuxTree.end_run()
    assert linux.LinuxTree.launcher is None


def test_a_supervisors_report_is_read_by_its_fields():
    report = linux.Reported.parse(b"F 1.250000 12.500 -9 0.003000")
    assert report == ("F", 1.25, 12.5, -9, 0.003)
    assert report.code == -9 and report.queued == 0.003
    assert linux.Reported.parse(b"R 0.000000 1.000 - 0.000000").code is None
    for bad in (b"S 123", b"X 1 2 3 4", b"R 1 2"):
        with pytest.raises(ValueError):
            linux.Reported.parse(bad)


def test_one_comparator_table_serves_the_tests_too():
    assert "EXACT.verdict(" in inspect.getsource(util.same_output)
    assert "same_output(" in inspect.getsource(util.catching_case)
