"""judge/console.py: the report's lines on stdout, notes on stderr, and a reader that goes away
or stalls never fails or holds the run. In process with streams of the test's own; then the
runner with its stdout closed, piped into `head`, or its stderr gone."""

import json
import os
import shlex
import subprocess

import pytest
from runner_util import ECHO, POSIX_ONLY, make_root, path_env, runner_argv

from judge import console, stop
from judge.model import OutputClosed


class Gone:
    """A stream whose reader has gone: each write raises `error`."""

    def __init__(self, error):
        self.error = error

    def write(self, text):
        raise self.error

    def flush(self):
        pass


def test_say_prints_a_line_and_flushes_it(capsys):
    console.say("AC  p/a")
    assert capsys.readouterr().out == "AC  p/a\n" and stop.WRITING == []


@pytest.mark.parametrize("error", [BrokenPipeError(32, "Broken pipe"), OSError(22, "Invalid")])
def test_say_to_a_reader_gone_is_output_closed(monkeypatch, error):
    monkeypatch.setattr("sys.stdout", Gone(error))
    with pytest.raises(OutputClosed):
        console.say("AC  p/a")
    assert stop.WRITING == []


def test_a_stop_while_saying_is_let_through(monkeypatch):
    monkeypatch.setattr("sys.stdout", Gone(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        console.say("AC  p/a")
    assert stop.WRITING == []


def test_a_note_is_one_escaped_line_on_stderr(tmp_path, monkeypatch):
    with open(tmp_path / "err", "w") as err:
        monkeypatch.setattr("sys.stderr", err)
        console.note("warning: case esc\x1b[2J\nnext")
        assert console.usage_error("no such problem") == 2
    written = (tmp_path / "err").read_text()
    assert written == "warning: case esc\\x1b[2J\\nnext\nrunner.py: error: no such problem\n"


def test_a_note_without_a_stderr_is_dropped(monkeypatch):
    monkeypatch.setattr("sys.stderr", None)
    console.note("nowhere to go")
    console.let_go(None)


@POSIX_ONLY
def test_a_stalled_stderr_is_let_go_of_and_never_waited_on(monkeypatch):
    reader, writer = os.pipe()
    os.set_blocking(writer, False)
    try:
        while True:  # fill the pipe: a reader that never reads
            os.write(writer, b"x" * 65536)
    except BlockingIOError:
        pass
    os.set_blocking(writer, True)
    with os.fdopen(writer, "w") as stalled:
        monkeypatch.setattr("sys.stderr", stalled)
        console.note("a warning nobody reads")  # returns at once
        now, null = os.fstat(writer), os.stat(os.devnull)
        assert (now.st_dev, now.st_ino) == (null.st_dev, null.st_ino)  # the null device now
        stalled.write("more\n")  # and no write blocks
    os.close(reader)


@POSIX_ONLY
def test_let_go_points_a_stream_at_the_null_device(tmp_path):
    with open(tmp_path / "out", "w") as stream:
        opened = len(os.listdir("/dev/fd"))
        console.let_go(stream)
        assert len(os.listdir("/dev/fd")) == opened  # no descriptor left open
        stream.write("never seen\n")
    assert (tmp_path / "out").read_text() == ""


# ---------------------------------------------------------------- the runner


@POSIX_ONLY
def test_a_closed_stdout_ends_quietly(tmp_path, path):
    solution = "import time\ntime.sleep(0.05)\nprint(1)\n"
    root = make_root(tmp_path, solution, {f"c{i}": ("", "1\n") for i in range(20)})
    runner = shlex.join(runner_argv(root, "-j", "1"))
    script = f"{runner} 2>err | head -2; echo ${{PIPESTATUS[0]}} >status"
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, capture_output=True, env=path_env(path), timeout=60
    )
    assert len(done.stdout.decode().splitlines()) == 2  # what head took
    assert (tmp_path / "err").read_text() == ""
    assert (tmp_path / "status").read_text() == "141\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_stdout_on_a_full_disk_says_so(tmp_path):
    """A full disk is no reader gone: one line says the report is lost, exit status 2."""
    root = make_root(tmp_path, "print(1)\n", {"c": ("", "1\n")})
    with open("/dev/full", "w") as full:
        done = subprocess.run(runner_argv(root), stdout=full, stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.decode().splitlines() == [
        "runner.py: error: cannot write the report: No space left on device"
    ]


@POSIX_ONLY
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_a_closed_stdout_or_a_dead_stderr_is_survived(tmp_path, buffered):
    """Whatever the environment says of buffering: a warning that could not be written must
    not fail the exit's last flush (status 120) once PYTHONUNBUFFERED is not set."""
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, compare=None)  # a warning: no Judge:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    command = runner_argv(root, "--json", str(tmp_path / "r.json"))
    done = subprocess.run(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        timeout=60,
        env=env,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 0 and b"unexpected" not in done.stderr, done.stderr
    assert json.loads((tmp_path / "r.json").read_text())["passed"] == 1
    reader, writer = os.pipe()
    os.close(reader)
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=writer, env=env) as judging:
        os.close(writer)
        judging.communicate(timeout=60)
    assert judging.returncode == 0
    assert json.loads((tmp_path / "r.json").read_text())["passed"] == 1
