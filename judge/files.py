"""Reading the files a run is given: regular files only, since a FIFO would hang the run."""

from __future__ import annotations

import io
import os
import stat

from .text import printable


def open_regular(path: str | os.PathLike[str]) -> io.FileIO:
    """path opened for reading if it is a regular file, else OSError."""
    nonblocking = getattr(os, "O_NONBLOCK", 0)  # opening a FIFO must not wait for a writer
    binary = getattr(os, "O_BINARY", 0)  # Windows: no CRLF made LF, no end at a 0x1A byte
    fd = os.open(str(path), os.O_RDONLY | nonblocking | binary)
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "Is a directory")
        raise OSError(f"{printable(os.path.basename(str(path)))} is not a regular file")
    if nonblocking:
        os.set_blocking(fd, True)
    return open(fd, "rb", buffering=0)  # unbuffered: fewer system calls


def read_regular(path: str | os.PathLike[str]) -> bytes:
    with open_regular(path) as file:
        return file.read()
