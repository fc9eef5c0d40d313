"""judge/process/choose.py: the one place that picks a kind of tree for this platform, and a
reader for the path; picking starts no process."""

import ast
import sys

import pytest
from process_util import judge_sources

from judge.process import choose, linux, readers, trees, watch, windows

KINDS = [trees.PlainTree, trees.PosixTree, linux.LinuxTree, windows.WindowsTree]


def test_choosing_a_tree_starts_no_process(monkeypatch):
    def refused(*args, **kwargs):
        raise AssertionError("a process was started")

    monkeypatch.setattr(trees.subprocess, "Popen", refused)
    monkeypatch.setattr(linux.subprocess, "Popen", refused)
    assert issubclass(choose.tree_kind(), trees.Tree)


@pytest.mark.parametrize(
    "windows_, wait4, linux_, usable, kind",
    [
        (True, None, False, False, windows.WindowsTree),
        (False, None, False, False, trees.PlainTree),
        (False, len, False, False, trees.PosixTree),
        (False, len, True, False, trees.PosixTree),
        (False, len, True, True, linux.LinuxTree),
    ],
    ids=["windows", "no-wait4", "posix", "linux-without-proc", "linux"],
)
def test_each_platform_gets_its_kind_of_tree(monkeypatch, windows_, wait4, linux_, usable, kind):
    monkeypatch.setattr(choose, "WINDOWS", windows_)
    monkeypatch.setattr(choose, "WAIT4", wait4)
    monkeypatch.setattr(choose, "LINUX", linux_)
    monkeypatch.setattr(linux.LinuxTree, "usable", classmethod(lambda cls: usable))
    assert choose.tree_kind() is kind


@pytest.mark.parametrize(
    "portable, reader", [(True, readers.ThreadReader), (False, readers.PollReader)]
)
def test_the_portable_path_reads_with_threads(portable, reader):
    running = choose.new_running(portable)
    assert isinstance(running, watch.Running)
    assert (running.tree, running.reader) == (choose.tree_kind(), reader)


def test_only_the_seam_names_a_kind_of_tree():
    """tree_kind picks one, and a kind may hand over to another (LinuxTree to PosixTree where
    the launcher cannot start): no other function or class of the judge names one."""
    kinds = {tree.__name__ for tree in KINDS}
    seam = {"tree_kind", *kinds}
    naming = {
        f"{module}: {node.name}"
        for module, tree in judge_sources()
        for node in tree.body
        if isinstance(node, (ast.FunctionDef, ast.ClassDef))
        and node.name not in seam
        and {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & kinds
    }
    assert naming == set()


def test_runs_within_shared_start_one_launcher_and_end_it(monkeypatch, tmp_path):
    """A package's run that finds the time limit and its run of every submission: where each
    would start a launcher of its own (some 10 ms of CPU), the second finds the first's."""
    if choose.tree_kind() is not linux.LinuxTree:
        pytest.skip("no launcher on this platform")
    started = []

    def counted():
        started.append(1)
        return launch()

    launch = linux.start_launcher
    monkeypatch.setattr(linux, "start_launcher", counted)
    monkeypatch.setattr(linux.LinuxTree, "fleet", linux.Fleet())  # none of another test's
    (tmp_path / "a.in").write_text("")
    limits = watch.Limits(5.0, 256.0, 1 << 20)
    with choose.shared():
        for _ in range(2):
            running = choose.new_running()
            try:
                run = watch.execute(
                    running,
                    ([sys.executable, "-c", "pass"], None),
                    tmp_path / "a.in",
                    tmp_path,
                    limits,
                )
            finally:
                running.end()
            assert run.status == 0
        assert linux.LinuxTree.fleet.launcher
    assert len(started) == 1 and linux.LinuxTree.fleet.launcher is None
