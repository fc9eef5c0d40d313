"""A status line on a terminal while work goes on: how far, how fast, how long left."""

from __future__ import annotations

import os
import sys
import time
from typing import Callable, TextIO

ERASE = "\r\x1b[K"  # to the line's start, and clear it: the status line goes


class Progress:
    """A status line on a terminal (stderr) once work has taken `delay` seconds. Call step() as
    each item ends, tick() while waiting, clear() before a line of your own, close() at the end."""

    def __init__(
        self,
        total: int,
        what: str = "cases",
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        delay: float = 1.0,
    ) -> None:
        self.total, self.what, self.clock, self.delay = total, what, clock, delay
        self.stream = sys.stderr if stream is None else stream
        try:  # a terminal that understands the erase sequence
            self.live = self.stream.isatty() and os.environ.get("TERM") != "dumb"
        except (AttributeError, ValueError):
            self.live = False
        self.start = self.drawn = clock()
        self.done, self.failed, self.shown = 0, 0, False

    def step(self, failed: bool = False) -> None:
        self.done += 1
        self.failed += bool(failed)
        self.tick()

    def tick(self, every: float = 0.25) -> None:
        """Draw the line if it is due: past the delay, and `every` seconds after the last."""
        now = self.clock()
        due = not self.shown or now - self.drawn >= every
        if self.live and due and now - self.start >= self.delay and self.done < self.total:
            self.drawn = now
            self.shown = self.write(ERASE + self.line(now - self.start))

    def line(self, elapsed: float) -> str:
        rate = self.done / max(elapsed, 1e-6)  # a coarse clock may not have moved
        speed = f"{1 / rate:.1f} s each" if 0 < rate < 1 else f"{rate:.1f}/s"
        left = "time left unknown"
        if rate:
            left = f"about {duration((self.total - self.done) / rate)} left"
        text = f"{self.done} / {self.total} {self.what}, {self.failed} failed, {speed}, {left}"
        return text[: terminal_width(self.stream) - 1]

    def clear(self) -> None:
        if self.shown:
            self.write(ERASE)
            self.shown = False

    close = clear

    def write(self, text: str) -> bool:
        """Whether text was written; a terminal gone ends the status line for good."""
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.live = False
        return self.live


def duration(seconds: float) -> str:
    """Seconds as a person reads them: 42 s, 3 min 5 s, 2 h 10 min."""
    minutes, seconds = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min {seconds} s" if minutes else f"{seconds} s"


def terminal_width(stream: TextIO, default: int = 80) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns or default
    except (AttributeError, ValueError, OSError):
        return default
