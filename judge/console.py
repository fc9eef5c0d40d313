"""Writing to the terminal: the report's lines on stdout, notes on stderr. A reader that goes
away or stalls never fails or holds the run."""

from __future__ import annotations

import contextlib
import os
import select
import sys
from typing import TextIO

from .model import OutputClosed
from .platform import POSIX, PROG
from .stop import WRITING
from .text import printable


def say(text: str) -> None:
    """Print and flush text; a closed stdout raises OutputClosed, a stop signal breaks the wait."""
    try:
        WRITING.append(True)
        print(text + "\n", end="", flush=True)  # one write, buffered or not
    except OSError as error:  # BrokenPipeError; on Windows, EINVAL
        raise OutputClosed() from error
    except KeyboardInterrupt:
        let_go(sys.stdout)  # what was not written never will be: no exit may wait on it
        raise
    finally:
        del WRITING[:]


def let_go(stream: TextIO | None) -> None:
    """Point stream at the null device: a reader gone or stalled neither holds nor fails exit."""
    if stream is None:  # sys.stdout or sys.stderr where there is none: nothing to let go of
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):  # AttributeError: no fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)


def note(text: object) -> None:
    """One escaped line on stderr if it takes it now; one gone or stalled is let go of."""
    try:
        if POSIX and not select.select([], [sys.stderr], [], 0)[1]:
            raise BlockingIOError
        sys.stderr.write(printable(str(text)) + "\n")  # names from files, as case names are
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError, TypeError):  # the last two: stderr is None
        let_go(sys.stderr)


def usage_error(message: object) -> int:
    """Say a usage error; its exit status."""
    note(f"{PROG}: error: {message}")
    return 2
