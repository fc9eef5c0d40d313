"""The report: its lines, summaries, colours and JSON, and a reader that goes away."""

import json
import os
import re
import shlex
import subprocess

import pytest
import runner_util
from runner_util import (
    ECHO,
    POSIX_ONLY,
    PYTHON,
    RUNNER,
    judge,
    last_line,
    make_root,
    path_env,
    verdicts,
)
from util import ROOT

from judge import problems, report

path = runner_util.path  # the fixture: both process paths


@POSIX_ONLY
def test_a_closed_stdout_ends_quietly(tmp_path, path):
    solution = "import time\ntime.sleep(0.05)\nprint(1)\n"
    root = make_root(tmp_path, solution, {f"c{i}": ("", "1\n") for i in range(20)})
    runner = shlex.join([PYTHON, str(RUNNER), "--root", str(root), "-j", "1"])
    script = f"{runner} 2>err | head -2; echo ${{PIPESTATUS[0]}} >status"
    done = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, capture_output=True, env=path_env(path), timeout=60
    )
    assert done.stdout.decode().splitlines()[0].startswith("AC  p/c0")
    assert (tmp_path / "err").read_text() == ""
    assert (tmp_path / "status").read_text() == "141\n"


def test_parallel_runs_print_in_case_order(tmp_path):
    solution = "import sys, time\ntime.sleep(float(sys.stdin.read()))\nprint('ok')\n"
    delays = {"case-1": "0.9", "case-2": "0.6", "case-3": "0.3", "case-4": "0"}
    root = make_root(tmp_path, solution, {c: (d, "ok\n") for c, d in delays.items()})
    status, out, _, took = judge(root, "-j", "4", "--tle", "2")
    assert list(verdicts(out)) == ["p/" + case for case in delays]
    assert status == 0 and took < 2.5  # in parallel: far less than the 1.8 s of sleeps in a row


def test_json_file_has_every_case(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("1\n", "2\n"), "c": ("1\n", None)})
    report = tmp_path / "report.json"
    status, _, _, _ = judge(root, "--json", str(report))
    assert status == 1  # the WA
    data = json.loads(report.read_text())
    assert [(c["problem"], c["case"], c["verdict"]) for c in data["cases"]] == [
        ("p", "a", "AC"),
        ("p", "b", "WA"),
        ("p", "c", "--"),
    ]
    for case in data["cases"]:
        assert 0 < case["cpu_ms"] <= case["wall_ms"] + 20 and case["wall_ms"] < 1000
        assert 1 < case["peak_mib"] < 200
        assert case["slow"] is False
    assert data["python"] == PYTHON and data["command"] is None
    assert data["problems"] == {
        "p": {
            "judge": "Test judge",
            "time_limit_s": 1,
            "memory_limit_mib": 1024,
            "compare": "exact",
            "other_limit": None,
        }
    }


def test_summary_line_per_problem(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("1\n", "2\n"), "c": ("1\n", None)})
    _, out, _, _ = judge(root)
    assert re.search(
        r"^== p \(Test judge: 1 s CPU, 1024 MiB, exact\): 1 passed, 1 failed \(1 WA\), "
        r"1 not checked \(no .out\); no judge cases, extended 2 of 3 passed; "
        r"slowest \d+ ms CPU, \d+ ms wall, peak [\d.]+ MiB$",
        out,
        re.MULTILINE,
    )


@POSIX_ONLY
def test_colour_only_on_a_terminal_and_never_with_no_color(tmp_path):
    import pty

    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    command = [PYTHON, str(RUNNER), "--root", str(root)]
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    for extra, coloured in [({}, True), ({"NO_COLOR": "1"}, False)]:
        leader, follower = pty.openpty()
        subprocess.run(command, stdout=follower, env={**env, **extra}, timeout=30)
        os.close(follower)
        shown = os.read(leader, 65536).decode()
        os.close(leader)
        assert ("\033[32mAC \033[0m" in shown) is coloured
        assert "passed, 0 failed" in shown
    _, out, _, _ = judge(root, env=env)
    assert "\033[" not in out


@POSIX_ONLY
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
def test_a_closed_stdout_or_a_dead_stderr_is_survived(tmp_path, buffered):
    """Whatever the environment says of buffering: a warning that could not be written must
    not fail the exit's last flush (status 120) once PYTHONUNBUFFERED is not set."""
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, compare=None)  # a warning: no Judge:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    done = subprocess.run(
        [PYTHON, str(RUNNER), "--root", str(root)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        timeout=60,
        env=env,
        preexec_fn=lambda: os.close(1),
    )
    assert done.returncode == 0 and b"unexpected" not in done.stderr, done.stderr
    reader, writer = os.pipe()
    os.close(reader)
    with subprocess.Popen(
        [PYTHON, str(RUNNER), "--root", str(root)], stdout=subprocess.PIPE, stderr=writer, env=env
    ) as judging:
        os.close(writer)
        out = judging.communicate(timeout=60)[0].decode()
    assert judging.returncode == 0 and last_line(out) == "1 passed, 0 failed"


@POSIX_ONLY
def test_an_empty_no_color_keeps_colour():
    import pty

    root = ROOT  # any root: only the first line is looked at
    leader, follower = pty.openpty()
    command = [PYTHON, str(RUNNER), "--root", str(root), "-k", "sample-1"]
    subprocess.run(command, stdout=follower, env={**os.environ, "NO_COLOR": ""}, timeout=60)
    os.close(follower)
    shown = os.read(leader, 4096).decode()
    os.close(leader)
    assert "\033[32mAC \033[0m" in shown


def test_a_report_is_written_whole_or_not_at_all(tmp_path):
    path = tmp_path / "r.json"
    info = report.RunInfo(PYTHON, None, False, "posix", 64.0, {})
    report.write_json(str(path), report.report_data(info, [], 0, 0))
    assert json.loads(path.read_text())["cases"] == []
    bad = {"p": problems.DEFAULT_PROFILE._replace(time_limit=float("inf"))}  # not JSON
    with pytest.raises(ValueError):
        report.write_json(str(path), report.report_data(info._replace(profiles=bad), [], 0, 0))
    assert json.loads(path.read_text())["cases"] == []  # the old one, whole
    assert sorted(path.name for path in tmp_path.iterdir()) == ["r.json"]


@POSIX_ONLY
def test_names_that_are_not_utf8_are_text_in_the_json(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    folder = os.fsencode(root / "testcases" / "p")
    for ending in (b".in", b".out"):
        with open(folder + b"/bad\xff" + ending, "wb") as file:
            file.write(b"1\n")
    status, _, _, _ = judge(root, "--json", "r.json", cwd=tmp_path)
    text = (tmp_path / "r.json").read_text(encoding="utf-8")
    assert status == 0 and "\\udc" not in text
    assert [case["case"] for case in json.loads(text)["cases"]] == ["a", "bad\\xff"]


def test_names_from_files_are_printed_escaped(tmp_path):
    """A Judge: line's name and a problem folder's name reach the terminal escaped, as case
    names do: ESC [2J would clear the screen."""
    solution = "# Judge: Odd\x1b[2J judge; 1 s; 64 MiB; exact\nprint(1)\n"
    make_root(tmp_path, solution, {"a": ("", "1\n")}, compare=None)
    (tmp_path / "testcases" / "q\x1b[2Jx").mkdir()  # no solution: skipped, with a warning
    make_root(tmp_path, "# Judge: Bad\x1b[2J; one s\nprint(1)\n", {"a": ("", "1\n")}, "r", None)
    status, out, err, _ = judge(tmp_path)
    assert "\x1b" not in out + err and status == 0, (out, err)
    assert "== p (Odd\\x1b[2J judge: 1 s CPU, 64 MiB, exact)" in out
    assert "problem 'q\\x1b[2Jx' has no solutions/q\\x1b[2Jx.py: skipped" in err
    assert "cannot read 'Judge: Bad\\x1b[2J; one s'" in err
