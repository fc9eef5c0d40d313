"""judge/progress.py: the live status line of long work. Progress driven in process by a fake
clock and a fake terminal; then the runner's own line on a pseudo-terminal (its stderr), the
report's verdicts read from its JSON report."""

import json
import os
import re
import subprocess
import sys

import pytest
from runner_util import read_terminal
from util import ROOT

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


def status_line(total=10, **options):
    clock, stream = Clock(), Terminal(**options)
    return Progress(total, stream=stream, clock=clock), clock, stream


def played(total, moves):
    """What the terminal got from a status line of total items, driven by moves: a number
    is so many seconds passing, "step" an item done, "fail" one failed, and "tick" and
    "close" the bar's own calls."""
    bar, clock, stream = status_line(total)
    for move in moves:
        if isinstance(move, (int, float)):
            clock.now += move
        elif move == "fail":
            bar.step(failed=True)
        else:
            getattr(bar, move)()
    return stream.written


@pytest.mark.parametrize(
    "total, moves, written",
    [
        pytest.param(
            10, ["step", 0.9, "fail", "tick", "close"], [], id="nothing_shows_in_the_first_second"
        ),
        pytest.param(
            10,
            ["step", "fail", "step", "step", 2.0, "tick"],
            [ERASE + "4 / 10 cases, 1 failed, 2.0/s, about 3 s left"],
            id="the_line_says_done_total_failures_rate_and_time_left",
        ),
        pytest.param(
            5,
            [1.5, "tick", 2.5, "step"],
            [
                ERASE + "0 / 5 cases, 0 failed, 0.0/s, time left unknown",
                ERASE + "1 / 5 cases, 0 failed, 4.0 s each, about 16 s left",
            ],
            id="a_slow_item_shows_seconds_each_and_the_end_is_unknown_before_the_first",
        ),
        pytest.param(
            2,
            [1, "step", "step", "tick"],
            [ERASE + "1 / 2 cases, 0 failed, 1.0/s, about 1 s left"],
            id="the_line_is_not_drawn_once_everything_is_done",
        ),
    ],
)
def test_the_status_line(total, moves, written):
    assert played(total, moves) == written


def test_a_line_drawn_before_the_clock_moved_is_no_error():
    """With no delay (as stress gives after a slow start), a coarse clock may read 0 s."""
    clock, stream = Clock(), Terminal()
    bar = Progress(3, stream=stream, clock=clock, delay=0)
    bar.step()
    assert stream.written and stream.written[-1].startswith(ERASE + "1 / 3 cases, 0 failed")


def test_redraws_are_at_most_four_a_second():
    bar, clock, stream = status_line(total=1000)
    clock.now += 1.0
    bar.tick()
    for _ in range(64):  # 64 items in 0.5 s
        clock.now += 1 / 128
        bar.step()
    assert len(stream.written) == 3  # at 1.0 s, 1.25 s and 1.5 s
    assert stream.written[1].startswith(ERASE + "32 / 1000 cases")
    assert stream.written[2].startswith(ERASE + "64 / 1000 cases")


def test_clear_erases_only_a_line_shown_and_the_next_tick_draws_it_again():
    bar, clock, stream = status_line()
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
    bar, clock, stream = status_line(tty=False)
    clock.now += 5
    bar.step()
    bar.tick()
    bar.close()
    assert stream.written == []
    monkeypatch.setenv("TERM", "dumb")  # a terminal that cannot erase a line
    bar, clock, stream = status_line()
    clock.now += 5
    bar.tick()
    assert stream.written == []


def test_a_terminal_gone_ends_the_line_without_an_error():
    bar, clock, stream = status_line(broken=True)
    clock.now += 5
    bar.tick()
    stream.broken = False
    clock.now += 1
    bar.tick()
    bar.close()
    assert stream.written == [] and not bar.live


def test_the_line_never_wraps_on_a_narrow_terminal(monkeypatch):
    bar, clock, stream = status_line(total=10**9)
    monkeypatch.setattr(progress, "terminal_width", lambda stream: 30)
    clock.now += 1
    bar.tick()
    assert stream.written == [(ERASE + "0 / 1000000000 cases, 0 failed")[: len(ERASE) + 29]]


@pytest.mark.parametrize(
    "seconds, text",
    [(0, "0 s"), (59.4, "59 s"), (59.6, "1 min 0 s"), (185, "3 min 5 s"), (7800, "2 h 10 min")],
)
def test_durations_read_as_people_say_them(seconds, text):
    assert duration(seconds) == text


# ---------------------------------------------------------------- the runner's status line


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


def on_a_terminal(root, stream, limit=60):
    """The runner on root, -j 1, with one stream ("stdout" or "stderr") on a pseudo-terminal
    and the other on a pipe: (what the terminal got, what the pipe got, the JSON report)."""
    pty = pytest.importorskip("pty")
    report = root / "report.json"
    argv = [sys.executable, str(ROOT / "runner.py"), "--root", str(root), "-j", "1"]
    master, slave = pty.openpty()
    env = dict(os.environ, NO_COLOR="1", TERM="xterm")
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, stream: slave}
    argv += ["--json", str(report)]
    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, env=env, **streams)
    os.close(slave)
    try:
        got = read_terminal(master, child, limit)
    finally:
        child.kill()
        piped = child.communicate()[0 if stream == "stderr" else 1]
        os.close(master)
    return got, piped, json.loads(report.read_text(encoding="utf-8"))


def test_the_runner_shows_a_status_line_on_a_terminal_while_a_case_runs(tmp_path):
    slow_problem(tmp_path, [3, 0.2, 0.2])
    got, _, report = on_a_terminal(tmp_path, "stderr")
    assert re.search(rb"\r\x1b\[K0 / 3 cases, 0 failed, ", got), got  # the first case runs
    assert STATUS.sub(b"", got) == b"", got  # nothing else on stderr
    assert got.endswith(ERASE.encode()), got  # and the line is gone at the end
    assert [case["verdict"] for case in report["cases"]] == ["AC", "AC", "AC"]


def test_no_status_line_where_stderr_is_no_terminal(tmp_path):
    slow_problem(tmp_path, [1.5, 0.2])
    got, stderr, report = on_a_terminal(tmp_path, "stdout")
    assert re.search(STATUS_TEXT, got + stderr) is None and b"\x1b" not in got + stderr, got
    assert (report["passed"], report["failed"]) == (2, 0)
