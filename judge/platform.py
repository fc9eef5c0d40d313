"""What this platform is, and which way of running a case it allows. Read once, at import."""

import os
import signal
import sys

POSIX = os.name == "posix"
WINDOWS = os.name == "nt"
LINUX = sys.platform.startswith("linux")
WAIT4 = getattr(os, "wait4", None)  # measures a child; not on Windows
BROKEN_PIPE = -getattr(signal, "SIGPIPE", 0) or None  # status if killed by SIGPIPE; Windows: None
# The portable path: the standard library's Popen and a thread per pipe, on every platform.
PORTABLE = os.environ.get("RUNNER_PORTABLE", "") not in ("", "0") or not (POSIX and WAIT4)
