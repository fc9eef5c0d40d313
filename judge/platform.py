"""What this platform is, which way of running a case it allows, and how the judge was
installed. Read once, at import."""

from __future__ import annotations

import os
import signal
import sys

TYPE_CHECKING = False  # typing is not loaded for it: the runner reads these flags as it starts
if TYPE_CHECKING:
    from resource import struct_rusage
    from typing import Callable

POSIX = os.name == "posix"
WINDOWS = os.name == "nt"
LINUX = sys.platform.startswith("linux")
# os.wait4, which measures a child; not on Windows
WAIT4: Callable[[int, int], tuple[int, int, struct_rusage]] | None = getattr(os, "wait4", None)
# The status of a program killed by SIGPIPE; Windows: None.
BROKEN_PIPE: int | None = -getattr(signal, "SIGPIPE", 0) or None
# The portable path: the standard library's Popen and a thread per pipe, on every platform.
PORTABLE = os.environ.get("RUNNER_PORTABLE", "") not in ("", "0") or not (POSIX and WAIT4)
# Whether pip installed the package (as stones_judge, its command stones-judge), rather than
# its being the repository's judge/ beside runner.py; and the words that start the judge.
INSTALLED = __name__.split(".")[0] != "judge"
FRONT_DOOR = ("stones-judge",) if INSTALLED else ("python3", "runner.py")
PROG = FRONT_DOOR[-1]  # the name its messages open with
