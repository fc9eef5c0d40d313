"""Reading a case's stdout and stderr while it runs: poll() in the case's own thread (POSIX),
or a thread per pipe (every platform). Of stderr only the end is kept; of stdout, its cap and
one byte more (enough to tell it passed the cap), the rest read and dropped."""

from __future__ import annotations

import contextlib
import os
import select
import threading
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from .trees import Pipes

STDERR_KEPT = 64 * 1024  # bytes of stderr kept, from the end


class PollReader:
    """Both pipes read with poll() in the case's own thread (POSIX)."""

    def __init__(self, pipes: Pipes, output_cap: float) -> None:
        self.output, self.errors = bytearray(), bytearray()
        self.cap = output_cap
        self.poll = select.poll()
        self.buffers: dict[int, bytearray] = {}  # fd: the buffer it fills, while it is open
        for pipe, buffer in zip((pipes.stdout, pipes.stderr), (self.output, self.errors)):
            if pipe is not None:  # stdout is None when it goes elsewhere than to the runner
                self.poll.register(pipe.fileno(), select.POLLIN)
                self.buffers[pipe.fileno()] = buffer

    def reading(self) -> bool:
        return bool(self.buffers)

    def read(self, timeout: float) -> None:
        for fd, _ in self.poll.poll(timeout * 1000):
            chunk = os.read(fd, 65536)
            self.buffers[fd].extend(chunk)
            if not chunk:
                self.poll.unregister(fd)
                del self.buffers[fd]
        del self.errors[:-STDERR_KEPT]
        if len(self.output) > self.cap:
            del self.output[int(self.cap) + 1 :]

    def close(self, pipes: Pipes) -> None:
        for pipe in pipes.opened():  # stdout is None when it goes elsewhere
            pipe.close()


class ThreadReader:
    """Each pipe read by a thread of its own, on every platform."""

    def __init__(self, pipes: Pipes, output_cap: float) -> None:
        self.output, self.errors = bytearray(), bytearray()
        self.woken, self.closed = threading.Event(), False
        work = (pipes.stdout, self.output, output_cap), (pipes.stderr, self.errors, None)
        self.threads = [threading.Thread(target=self.pump, args=w, daemon=True) for w in work]
        for thread in self.threads:
            thread.start()

    def pump(self, pipe: IO[bytes] | None, buffer: bytearray, cap: float | None) -> None:
        """Read one pipe to its end; of stderr keep only the end, of stdout cap bytes and one."""
        with contextlib.suppress(OSError, ValueError):  # closed
            chunks = () if pipe is None else iter(lambda: os.read(pipe.fileno(), 65536), b"")
            for chunk in chunks:  # none where stdout goes elsewhere than to the runner
                buffer.extend(chunk)
                if cap is None:
                    del buffer[:-STDERR_KEPT]
                elif len(buffer) > cap:
                    del buffer[int(cap) + 1 :]
                if self.closed:  # a process outside the tree still writes: leave it
                    break
        self.woken.set()

    def reading(self) -> bool:
        return any(thread.is_alive() for thread in self.threads)

    def read(self, timeout: float) -> None:
        self.woken.wait(timeout)
        self.woken.clear()

    def close(self, pipes: Pipes) -> None:
        self.closed = True
        for thread, pipe in zip(self.threads, (pipes.stdout, pipes.stderr)):
            thread.join(1.0)
            if pipe is not None and not thread.is_alive():  # else a process outside the tree
                pipe.close()  # holds it: leave it
