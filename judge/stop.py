"""The stop signals. runner.py catches them before anything else loads, so that a stop while
the judge starts is a stop like any other (exit 130, no traceback)."""

from __future__ import annotations

import signal

TYPE_CHECKING = False  # typing is never loaded for it: the runner imports this module first
if TYPE_CHECKING:
    from types import FrameType
    from typing import Callable

STOPPED: list[int] = []  # the stop signals received; appending takes no lock, unlike an Event
WRITING: list[bool] = []  # not empty while the report is being written


def on_signal(signum: int, frame: FrameType | None) -> None:
    """Only note the signal, for the run; only a write of the report (it can stall) breaks off."""
    STOPPED.append(signum)
    if WRITING:
        del WRITING[:]
        raise KeyboardInterrupt


def catch_signals(
    handler: Callable[[int, FrameType | None], None] | signal.Handlers = on_signal,
) -> None:
    """SIGINT, SIGTERM, SIGHUP and SIGQUIT stop the run; one ignored at the start stays ignored."""
    names = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")
    numbers = [getattr(signal, name) for name in names if hasattr(signal, name)]
    mask = getattr(signal, "pthread_sigmask", None)  # not on Windows
    before = mask(signal.SIG_BLOCK, numbers) if mask else None
    try:
        for number in numbers:
            if signal.getsignal(number) is not signal.SIG_IGN:
                signal.signal(number, handler)
    finally:
        if mask:
            mask(signal.SIG_SETMASK, before)
