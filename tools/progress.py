"""A live status line for long work, on a terminal only.

Once the work has run for ``DELAY`` seconds, the line shows what is done of the total, the
failures so far, the rate and the time left, redrawn in place a few times a second. It is
cleared when the work ends. When the stream is not a terminal, nothing is drawn.
"""

import shutil
import sys
import threading
import time

DELAY = 1.0  # seconds of work before the line shows
EVERY = 0.25  # seconds between two redraws
CLEAR = "\r\x1b[K"


def left(seconds):
    """A duration as the line shows it: 42 s, 3 min 05 s, 1 h 02 min."""
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds // 60 % 60:02d} min"


class Progress:
    """The status line of work on total items, as a context manager. update() says how far
    it is; write() prints a line above the status line. start: when the work began, on
    time.monotonic()'s clock (default: now)."""

    def __init__(self, total, what="inputs", stream=None, start=None):
        self.total, self.what = total, what
        self.stream = sys.stdout if stream is None else stream
        self.done, self.failures, self.current = 0, 0, ""
        self.lock, self.stopped = threading.Lock(), threading.Event()
        self.start, self.shown = time.monotonic() if start is None else start, False
        self.live = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.thread = threading.Thread(target=self.run, daemon=True) if self.live else None

    def __enter__(self):
        if self.thread:
            self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopped.set()
        if self.thread:
            self.thread.join()
        self.clear()

    def update(self, done, failures=None, current=None):
        self.done = done
        self.failures = self.failures if failures is None else failures
        self.current = self.current if current is None else current

    def line(self):
        """The status: done / total, failures, rate, time left."""
        took = time.monotonic() - self.start
        rate = self.done / took if took > 0 else 0.0
        text = f"{self.done}/{self.total} {self.what}, {self.failures} failed, {rate:.1f}/s"
        if self.done:
            text += f", {left((self.total - self.done) / rate)} left"
        return text + (f"; {self.current}" if self.current else "")

    def run(self):
        if self.stopped.wait(max(0.0, self.start + DELAY - time.monotonic())):
            return
        while not self.stopped.is_set():
            self.draw(self.line())
            self.stopped.wait(EVERY)

    def draw(self, text):
        width = shutil.get_terminal_size().columns - 1  # one line: \r goes back to its start
        self.put(CLEAR + text[:width], shown=True)

    def clear(self):
        self.put("")

    def write(self, text):
        """Print text on a line of its own, above the status line."""
        self.put(text)

    def put(self, text, shown=False):
        """Write text where the status line was (clearing it), under the lock."""
        with self.lock:
            text = (CLEAR if self.shown and not shown else "") + text
            try:
                if text:
                    self.stream.write(text)
                    self.stream.flush()
                self.shown = shown
            except (OSError, ValueError):
                self.stopped.set()
