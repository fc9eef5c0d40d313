"""A live status line for long work, on a terminal only (to move into runner.py)."""

import os
import sys
import time

ERASE = "\r\x1b[K"  # back to the line's start, and clear it


def duration(seconds):
    """Seconds as a person reads them: 42 s, 3 min 5 s, 2 h 10 min."""
    seconds = int(seconds + 0.5)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"


class Progress:
    """One status line on stream, redrawn in place: done / total, failures, rate, time left.
    It shows once the work has taken `delay` seconds, and only when stream is a terminal.
    Call step() as each item ends, tick() while waiting, clear() before printing a line of
    your own (the status line comes back at the next tick), and close() at the end."""

    def __init__(self, total, what="cases", stream=None, clock=time.monotonic, delay=1.0):
        self.total, self.what, self.clock, self.delay = total, what, clock, delay
        self.stream = sys.stderr if stream is None else stream
        self.live = live(self.stream)
        self.start = self.drawn = clock()
        self.done = self.failed = 0
        self.shown = False

    def step(self, failed=False):
        self.done += 1
        self.failed += bool(failed)
        self.tick()

    def tick(self, every=0.25):
        """Draw the line if it is due: past the delay, and `every` seconds after the last."""
        now = self.clock()
        due = not self.shown or now - self.drawn >= every
        if self.live and due and now - self.start >= self.delay and self.done < self.total:
            self.drawn = now
            self.shown = self.write(ERASE + self.line(now - self.start))

    def line(self, elapsed):
        rate = self.done / elapsed
        speed = f"{1 / rate:.1f} s each" if 0 < rate < 1 else f"{rate:.1f}/s"
        left = f"about {duration((self.total - self.done) / rate)} left" if rate else "unknown"
        text = f"{self.done} / {self.total} {self.what}, {self.failed} failed, {speed}, {left}"
        return text[: columns(self.stream) - 1]

    def clear(self):
        if self.shown:
            self.write(ERASE)
            self.shown = False

    close = clear

    def write(self, text):
        """Whether text was written; a terminal gone ends the status line for good."""
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.live = False
        return self.live


def live(stream):
    """Whether stream is a terminal that understands the erase sequence."""
    try:
        return stream.isatty() and os.environ.get("TERM") != "dumb"
    except (AttributeError, ValueError):
        return False


def columns(stream, default=80):
    try:
        return os.get_terminal_size(stream.fileno()).columns or default
    except (AttributeError, ValueError, OSError):
        return default
