"""Which kind of process tree and reader this platform runs cases with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.platform import LINUX, PORTABLE, WAIT4, WINDOWS
from judge.process.readers import PollReader, ThreadReader
from judge.process.trees import PlainTree, PosixTree
from judge.process.watch import Running

if TYPE_CHECKING:
    from judge.process.trees import CaseTree


def tree_kind() -> type[CaseTree]:
    """The Tree kind for this platform; choosing one starts no process."""
    if WINDOWS:
        from judge.process.windows import WindowsTree

        return WindowsTree
    if not WAIT4:
        return PlainTree
    from judge.process.linux import LinuxTree

    return LinuxTree if LINUX and LinuxTree.usable() else PosixTree


def new_running(portable: bool = PORTABLE) -> Running:
    """A Running for a run of cases, on the portable path or the platform's own."""
    return Running(tree_kind(), ThreadReader if portable else PollReader)
