"""Which kind of process tree and reader this platform runs cases with, and runs of cases that
share what their cases need (shared)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Iterator

from ..platform import LINUX, PORTABLE, WAIT4, WINDOWS
from .readers import PollReader, ThreadReader
from .trees import PlainTree, PosixTree
from .watch import Running

if TYPE_CHECKING:
    from .trees import CaseTree


def tree_kind() -> type[CaseTree]:
    """The Tree kind for this platform; choosing one starts no process."""
    if WINDOWS:
        from .windows import WindowsTree

        return WindowsTree
    if not WAIT4:
        return PlainTree
    from .linux import LinuxTree

    return LinuxTree if LINUX and LinuxTree.usable() else PosixTree


def new_running(portable: bool = PORTABLE) -> Running:
    """A Running for a run of cases, on the portable path or the platform's own."""
    return Running(tree_kind(), ThreadReader if portable else PollReader)


@contextlib.contextmanager
def shared() -> Iterator[None]:
    """Runs of cases made within share what each would keep for its own cases (on Linux, the
    launcher and its idle supervisors), which ends with the last of them or with this."""
    kind = tree_kind()
    kind.begin_run()
    try:
        yield
    finally:
        kind.end_run()
