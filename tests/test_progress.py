"""The live status line of long work: progress.Progress driven by a fake clock and a fake
terminal, and the runner's own line under a pseudo-terminal."""

import os
import re
import select
import subprocess
import sys
import time

import pytest
from util import ROOT, python

from judge import progress
from judge.progress import ERASE, Progress, duration


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class Terminal:
    """A stream that says it is a terminal (or not) and keeps what is written."""

    def __init__(self, tty=True, broken=False):
        self.tty, self.broken, self.written = tty, broken, []

    def isatty(self):
        return self.tty

    def write(self, text):
        if self.broken:
            raise BrokenPipeError(32, "Broken pipe")
        self.written.append(text)

    def flush(self):
        pass

    def fileno(self):
        raise ValueError("no file")  # the width is then 80 columns


@pytest.fixture(autouse=True)
def a_terminal_that_erases(monkeypatch):
    monkeypatch.setenv("TERM", "xterm")


def progress(total=10, **options):
    clock, stream = Clock(), Terminal(**options)
    return Progress(total, stream=stream, clock=clock), clock, stream


def test_nothing_shows_in_the_first_second():
    bar, clock, stream = progress()
    bar.step()
    clock.now += 0.9
    bar.step(failed=True)
    bar.tick()
    bar.close()
    assert stream.written == []


def test_the_line_says_done_total_failures_rate_and_time_left():
    bar, clock, stream = progress()
    for failed in (False, True, False, False):
        bar.step(failed)
    clock.now += 2.0
    bar.tick()
    assert stream.written == [ERASE + "4 / 10 cases, 1 failed, 2.0/s, about 3 s left"]


def test_a_slow_item_shows_seconds_each_and_the_end_is_unknown_before_the_first():
    bar, clock, stream = progress(total=5)
    clock.now += 1.5
    bar.tick()
    clock.now += 2.5
    bar.step()
    assert stream.written == [
        ERASE + "0 / 5 cases, 0 failed, 0.0/s, time left unknown",
        ERASE + "1 / 5 cases, 0 failed, 4.0 s each, about 16 s left",
    ]


def test_the_line_is_not_drawn_once_everything_is_done():
    bar, clock, stream = progress(total=2)
    clock.now += 1
    bar.step()
    bar.step()
    bar.tick()
    assert stream.written == [ERASE + "1 / 2 cases, 0 failed, 1.0/s, about 1 s left"]


def test_redraws_are_at_most_four_a_second():
    bar, clock, stream = progress(total=1000)
    clock.now += 1.0
    bar.tick()
    for _ in range(64):  # 64 items in 0.5 s
        clock.now += 1 / 128
        bar.step()
    assert len(stream.written) == 3  # at 1.0 s, 1.25 s and 1.5 s
    assert stream.written[1].startswith(ERASE + "32 / 1000 cases")
    assert stream.written[2].startswith(ERASE + "64 / 1000 cases")


def test_clear_erases_only_a_line_shown_and_the_next_tick_draws_it_again():
    bar, clock, stream = progress()
    bar.clear()
    assert stream.written == []
    clock.now += 1.0
    bar.tick()
    bar.clear()
    bar.clear()
    assert stream.written[1:] == [ERASE]
    bar.tick()  # at once, though 0.25 s have not passed
    assert len(stream.written) == 3 and stream.written[2].startswith(ERASE + "0 / 10")


def test_nothing_is_written_where_the_stream_is_no_terminal(monkeypatch):
    bar, clock, stream = progress(tty=False)
    clock.now += 5
    bar.step()
    bar.tick()
    bar.close()
    assert stream.written == []
    monkeypatch.setenv("TERM", "dumb")  # a terminal that cannot erase a line
    bar, clock, stream = progress()
    clock.now += 5
    bar.tick()
    assert stream.written == []


def test_a_terminal_gone_ends_the_line_without_an_error():
    bar, clock, stream = progress(broken=True)
    clock.now += 5
    bar.tick()
    stream.broken = False
    clock.now += 1
    bar.tick()
    bar.close()
    assert stream.written == [] and not bar.live


def test_the_line_never_wraps_on_a_narrow_terminal(monkeypatch):
    bar, clock, stream = progress(total=10**9)
    monkeypatch.setattr(runner, "terminal_width", lambda stream: 30)
    clock.now += 1
    bar.tick()
    assert stream.written == [(ERASE + "0 / 1000000000 cases, 0 failed")[: len(ERASE) + 29]]


@pytest.mark.parametrize(
    "seconds, text",
    [(0, "0 s"), (59.4, "59 s"), (59.6, "1 min 0 s"), (185, "3 min 5 s"), (7800, "2 h 10 min")],
)
def test_durations_read_as_people_say_them(seconds, text):
    assert duration(seconds) == text


# The runner's status line, under a pseudo-terminal


SLOW = '''"""
Judge: a slow problem; 8 s; 256 MiB; exact
"""
import sys
import time

time.sleep(float(sys.stdin.read()))
print("done")
'''
STATUS_TEXT = rb"[0-9]+ / [0-9]+ cases[^\r\n]*"
STATUS = re.compile(rb"\r\x1b\[K(?:" + STATUS_TEXT + rb")?")  # a line drawn, or one erased


def slow_problem(root, waits):
    """A problem under root whose cases each wait so many seconds."""
    (root / "solutions").mkdir()
    (root / "solutions" / "slow.py").write_text(SLOW, encoding="utf-8")
    cases = root / "testcases" / "slow"
    cases.mkdir(parents=True)
    for number, wait in enumerate(waits, 1):
        (cases / f"c{number}.in").write_text(str(wait), encoding="utf-8")
        (cases / f"c{number}.out").write_text("done\n", encoding="utf-8")


def under_a_terminal(argv, stderr_too=True, limit=60):
    """argv run with its stdout (and stderr) on a pseudo-terminal: (what the terminal got,
    the seconds from the start to the first status line or None, stderr when a pipe)."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    env = dict(os.environ, NO_COLOR="1", TERM="xterm")
    start = time.monotonic()
    err = slave if stderr_too else subprocess.PIPE
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=slave, stderr=err, env=env)
    os.close(slave)
    got, seen = b"", None
    try:
        while time.monotonic() - start < limit:
            if not select.select([master], [], [], 0.05)[0]:
                if child.poll() is not None:
                    break
                continue
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the child's end is closed
                break
            got += data
            if seen is None and re.search(STATUS_TEXT, got):
                seen = time.monotonic() - start
    finally:
        child.kill()
        _, stderr = child.communicate()
        os.close(master)
    return got, seen, stderr


def test_the_runner_shows_a_status_line_on_a_terminal_within_two_seconds(tmp_path):
    slow_problem(tmp_path, [3, 0.2, 0.2])
    started = time.monotonic()  # what starting Python and the runner costs now, on a busy host
    python("runner.py", "--help")
    startup = time.monotonic() - started
    argv = [sys.executable, str(ROOT / "runner.py"), "--root", str(tmp_path), "-j", "1"]
    got, seen, _ = under_a_terminal(argv)
    assert seen is not None, got
    first_status = got.index(b"3 cases")
    assert first_status < got.index(b"AC  slow/c1"), got  # shown while the first case runs
    assert seen < 2 + startup, (seen, startup)
    report = STATUS.sub(b"", got).replace(b"\r\n", b"\n").decode()
    lines = report.splitlines()
    assert [line.split()[:2] for line in lines[:3]] == [["AC", f"slow/c{n}"] for n in (1, 2, 3)]
    assert lines[3].startswith("== slow (a slow problem") and lines[4:] == ["3 passed, 0 failed"]


def test_no_status_line_where_stderr_is_no_terminal(tmp_path):
    slow_problem(tmp_path, [1.5, 0.2])
    argv = [sys.executable, str(ROOT / "runner.py"), "--root", str(tmp_path), "-j", "1"]
    got, seen, stderr = under_a_terminal(argv, stderr_too=False)
    assert seen is None and b"\x1b" not in got + stderr, got + stderr
    assert got.replace(b"\r\n", b"\n").decode().endswith("2 passed, 0 failed\n"), got
