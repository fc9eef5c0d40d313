"""judge/process/readers.py: a case's stdout and stderr read while it runs, by poll() in the
case's own thread (POSIX) or by a thread per pipe (every platform). Both read to the end, keep
only the end of stderr, and leave stdout alone when it goes elsewhere."""

import os
import threading

import pytest
from process_util import until
from runner_util import POSIX_ONLY

from judge.process import readers
from judge.process.trees import Pipes


@pytest.fixture(
    params=[
        pytest.param(readers.PollReader, marks=POSIX_ONLY, id="poll"),
        pytest.param(readers.ThreadReader, id="threads"),
    ]
)
def kind(request):
    """Each kind of reader: poll() in the case's thread (POSIX), or a thread per pipe."""
    return request.param


def pipes(stdout=True):
    """Pipes as a tree gives them (the reader's ends, unbuffered) and the writing ends."""
    ends = [os.pipe() for _ in range(2)]
    ours = [open(fd, "rb", buffering=0) for fd, _ in ends]  # noqa: SIM115 (the reader's)
    if not stdout:
        ours[0].close()
        os.close(ends[0][1])
        ours[0], ends[0] = None, (None, None)
    return Pipes(*ours), [writer for _, writer in ends]


def read_to_the_end(reader):
    while reader.reading():
        reader.read(0.05)


def write_all(fd, data):
    with open(fd, "wb") as end:
        end.write(data)


def read_while_written(reader, given, writes):
    """Read to the end while a thread a pipe writes each (fd, data) of writes; then close."""
    writers = [threading.Thread(target=write_all, args=write) for write in writes]
    for thread in writers:
        thread.start()
    read_to_the_end(reader)
    for thread in writers:
        thread.join()
    reader.close(given)


def test_both_pipes_are_read_to_their_end(kind):
    given, (out, err) = pipes()
    reader = kind(given, 1 << 30)
    read_while_written(reader, given, [(out, b"o" * 300_000), (err, b"e" * 1000)])
    assert bytes(reader.output) == b"o" * 300_000 and bytes(reader.errors) == b"e" * 1000
    assert given.stdout.closed and given.stderr.closed


def test_only_the_end_of_stderr_is_kept(kind):
    given, (out, err) = pipes()
    reader = kind(given, 1 << 30)
    os.close(out)
    tail = b"".join(b"%06d\n" % n for n in range(readers.STDERR_KEPT // 7))
    read_while_written(reader, given, [(err, b"x" * 500_000 + tail)])
    assert bytes(reader.errors) == (b"x" * 500_000 + tail)[-readers.STDERR_KEPT :]


def test_stdout_that_goes_elsewhere_is_not_read(kind):
    given, (_, err) = pipes(stdout=False)
    reader = kind(given, 1 << 30)
    write_all(err, b"only stderr")
    read_to_the_end(reader)
    reader.close(given)
    assert (bytes(reader.output), bytes(reader.errors)) == (b"", b"only stderr")


def test_stdout_past_the_cap_is_read_and_dropped(kind):
    """Past its cap, stdout keeps the cap and one byte (the watch sees it passed), and the rest
    is read and dropped: a program that runs on past the limit (DOMjudge) is not blocked."""
    given, (out, err) = pipes()
    reader = kind(given, 100_000)
    os.close(err)
    for _ in range(5):
        os.write(out, b"x" * 60_000)  # more than a pipe holds: it must be read
        reader.read(0.05)
    os.close(out)
    read_to_the_end(reader)
    reader.close(given)
    assert len(reader.output) == 100_001


def test_a_thread_stops_reading_stdout_once_closed():
    """A process outside the tree that still writes: once the reader is closed, its thread
    reads no more."""
    given, (out, err) = pipes()
    reader = readers.ThreadReader(given, 100_000)
    os.close(err)
    reader.closed = True  # as close() marks it, first of all
    os.write(out, b"x" * 1000)
    until(lambda: not reader.reading())  # stdout still open, and no longer read
    os.close(out)
    reader.close(given)
