"""`make new`: a problem named as judges name it, and a problem sent by the Competitive
Companion browser extension (`make new LISTEN=1`), written under a temporary root.

The payloads have the shape Companion sends: a Codeforces problem as its README shows the
format, and an interactive one as its parser tests record it. The listener is run in a
thread, and every wait on it is bounded.
"""

import contextlib
import http.client
import importlib.util
import json
import re
import shutil
import socket
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from runner_util import case_verdicts, judged
from util import ROOT, run

from judge import model, modes, problems
from tools import companion_listener, companion_payload, new

CASTLE = {  # Codeforces 954G, as Companion's README shows its format
    "name": "G. Castle Defense",
    "group": "Codeforces - Educational Codeforces Round 40 (Rated for Div. 2)",
    "url": "https://codeforces.com/problemset/problem/954/G",
    "interactive": False,
    "memoryLimit": 256,
    "timeLimit": 1500,
    "tests": [
        {"input": "5 0 6\n5 4 3 4 9\n", "output": "5\n"},
        {"input": "4 2 0\n1 2 3 4\n", "output": "6\n"},
        {"input": "5 1 1\n2 1 2 1 2\n", "output": "3\n"},
    ],
    "testType": "single",
    "input": {"type": "stdin"},
    "output": {"type": "stdout"},
    "languages": {"java": {"mainClass": "Main", "taskClass": "GCastleDefense"}},
    "batch": {"id": "123e67c8-03c6-44a4-a3f9-5918533f9fb2", "size": 1},
}
GLAD = dict(  # Codeforces 810D, an interactive problem: its sample is a transcript
    CASTLE,
    name="D. Glad to see you!",
    group="Codeforces - Codeforces Round 415 (Div. 2)",
    url="https://codeforces.com/contest/810/problem/D?locale=en",
    interactive=True,
    timeLimit=2000,
    tests=[{"input": "3 2\nNIE\nTAK\nNIE\nTAK\nTAK\nTAK\n", "output": "1 1 2\n1 2 1\n"}],
)
ROUND = dict(  # the shape of Codeforces 1352A's sample: its output lines end in a space
    CASTLE,
    name="A. Sum of Round Numbers",
    group="Codeforces - Codeforces Round 640 (Div. 4)",
    url="https://codeforces.com/problemset/problem/1352/A",
    timeLimit=1000,
    tests=[{"input": "4\n5009\n7\n10000\n10\n", "output": "2\n5000 9\n1\n7 \n1\n10000 \n1\n10 \n"}],
)
WAIT = 20  # seconds a test waits at most for the listener
EXTENSION = "moz-extension://0c5e2a7e-0bd4-4bd6-b1a4-6f1a1e0c2a55"  # Firefox's Origin of it


def problem_files(root):
    return sorted(path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file())


def judge_line(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(line for line in lines if line.startswith("Judge:"))


# Names as judges give them


@pytest.mark.parametrize("name", ["1850A", "a", "A-b_1", "9" * 64, "CONX", "com0", "lpt10"])
def test_a_name_under_the_rule_is_a_new_problem_the_runner_judges(tmp_path, name, capsys):
    assert new.main([name], root=tmp_path) == 0
    case = f"testcases/{name}/{model.JUDGE_PREFIX}sample-1"
    assert problem_files(tmp_path) == sorted([f"solutions/{name}.py", case + ".in", case + ".out"])
    assert f"python3 runner.py {name} " in capsys.readouterr().out
    found, warnings = problems.find_problems(tmp_path, [name])
    assert found == [name] and not warnings


@pytest.mark.parametrize(
    "name",
    ["CON", "nul", "Aux", "prn", "COM1", "lpt9", "-a", "_a", "a" * 65, "a.b", "a b", "é", ""],
)
def test_a_name_against_the_rule_gets_the_rule_in_one_line(tmp_path, name, capsys):
    assert new.main(["--", name], root=tmp_path) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "64" in err and "LPT" in err, err
    assert problem_files(tmp_path) == []


def test_a_problem_is_never_made_twice_in_any_case(tmp_path, capsys):
    assert new.main(["Abc"], root=tmp_path) == 0
    before = (tmp_path / "solutions" / "Abc.py").read_bytes()
    for name in ("Abc", "abc"):
        assert new.main(["--", name], root=tmp_path) == 2
    err = capsys.readouterr().err
    assert err.count("is a problem already") == 2 and err.count("\n") == 2, err
    assert (tmp_path / "solutions" / "Abc.py").read_bytes() == before
    assert (
        not (tmp_path / "solutions" / "abc.py").exists()
        or before
        == (
            tmp_path / "solutions" / "abc.py"  # a case-insensitive disk: the same file
        ).read_bytes()
    )


@pytest.mark.parametrize(
    "title, name",
    [
        ("A. Desorting", "a_desorting"),
        ("G. Castle Defense", "g_castle_defense"),
        ("D. Glad to see you!", "d_glad_to_see_you"),
        ("  Über-Größe (Hard Version)  ", "uber_grosse_hard_version"),
        ("竖直四子棋", ""),
        ("x" * 63 + " yz", "x" * 63),
    ],
)
def test_a_title_reduces_to_a_name_under_the_rule(title, name):
    assert companion_payload.name_from(title) == name
    assert name == "" or new.name_error(name) is None


# Problems from Competitive Companion


def post(port, body, timeout=WAIT):
    """POST body to the listener as Companion does: JSON to http://localhost:PORT/."""
    request = urllib.request.Request(
        f"http://localhost:{port}/",
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "Origin": EXTENSION},
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return response.status


def send(port, method="POST", body=b"{}", **changes):
    """A request as the extension sends it, but for the headers changed (None: left out):
    the HTTP status of the answer."""
    headers = {"Host": f"localhost:{port}", "Origin": EXTENSION, "Content-Type": "application/json"}
    headers.update(changes)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
    try:
        connection.request(method, "/", body, {k: v for k, v in headers.items() if v is not None})
        return connection.getresponse().status
    finally:
        connection.close()


@contextlib.contextmanager
def listener(root, *argv):
    """new.main listening on a free port in a thread: yields (port, outcome), outcome a list
    that gets the exit status. Once the block is done the listener must stop: the thread is a
    daemon and every wait is bounded, so nothing hangs."""
    ports, outcome = [], []
    ready = threading.Event()

    def serve():
        outcome.append(new.main(["--listen", "--port", "0", *argv], root=root, ready=listening))

    def listening(port):
        ports.append(port)
        ready.set()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert ready.wait(WAIT), "the listener did not start"
    yield ports[0], outcome
    thread.join(WAIT)
    assert not thread.is_alive() and outcome, "the listener did not stop"


def listened(root, body, *argv):
    """One body POSTed to new.main listening: (exit status, HTTP status)."""
    with listener(root, *argv) as (port, outcome):
        answer = post(port, body)
    return outcome[0], answer


def batch(*tasks, size=None):
    """The payloads of one click on a contest: each task with the batch's id and size."""
    shared = {"id": "4e1d7c3a-6f0e-4d59-9a57-0b3c1f2d8e61", "size": size or len(tasks)}
    return [json.dumps(dict(task, batch=shared)).encode() for task in tasks]


def header_lines(path):
    """The lines of a solution's docstring."""
    return path.read_text(encoding="utf-8").split('"""')[1].splitlines()


def test_a_posted_problem_is_written_with_its_samples_and_limits(tmp_path, capsys):
    status, answer = listened(tmp_path, json.dumps(CASTLE).encode())
    out = capsys.readouterr().out
    assert (status, answer) == (0, 200), out
    name, prefix = "954G", model.JUDGE_PREFIX
    cases = [
        f"testcases/{name}/{prefix}sample-{n}.{end}" for n in (1, 2, 3) for end in ("in", "out")
    ]
    assert problem_files(tmp_path) == sorted([f"solutions/{name}.py", *cases])
    for number, test in enumerate(CASTLE["tests"], 1):
        stem = tmp_path / "testcases" / name / f"{prefix}sample-{number}"
        assert stem.with_suffix(".in").read_bytes() == test["input"].encode()
        assert stem.with_suffix(".out").read_bytes() == test["output"].encode()
    solution = tmp_path / "solutions" / f"{name}.py"
    assert judge_line(solution) == "Judge: Codeforces 954G; 1.5 s; 256 MiB; tokens"
    profile, warning = problems.read_profile(tmp_path, name)
    assert warning is None and profile.judge_name == "Codeforces 954G"
    assert (profile.time_limit, profile.memory_limit) == (1.5, 256)
    assert profile.mode == modes.parse_mode("tokens")
    text = solution.read_text(encoding="utf-8")
    assert f"\nURL: {CASTLE['url']}\n" in text
    assert "\nProblem: G. Castle Defense, Codeforces - Educational Codeforces Round 40" in text
    compile(text, str(solution), "exec")  # the header did not break the file
    assert f"made solutions/{name}.py, testcases/{name}/{prefix}sample-1.in" in out, out
    assert f"python3 runner.py {name} " in out, out
    assert sorted(path.name for path in tmp_path.iterdir()) == ["solutions", "testcases"]


def test_the_name_given_wins_over_the_judges(tmp_path, capsys):
    assert listened(tmp_path, json.dumps(CASTLE).encode(), "castle") == (0, 200)
    assert (tmp_path / "solutions" / "castle.py").is_file()
    assert len(list((tmp_path / "testcases" / "castle").glob("*.in"))) == 3
    assert judge_line(tmp_path / "solutions" / "castle.py").startswith("Judge: Codeforces 954G;")


def test_an_interactive_problem_gets_no_cases_and_names_its_interactor(tmp_path, capsys):
    assert listened(tmp_path, json.dumps(GLAD).encode()) == (0, 200)
    out = capsys.readouterr().out
    name = "810D"
    assert problem_files(tmp_path) == [f"solutions/{name}.py"]
    interactor = f"checkers/{name}_interactor.py"
    solution = tmp_path / "solutions" / f"{name}.py"
    line = f"Judge: Codeforces 810D; 2 s; 256 MiB; interactor python3 {interactor}"
    assert judge_line(solution) == line
    assert "noqa" not in solution.read_text(encoding="utf-8")
    compile(solution.read_text(encoding="utf-8"), str(solution), "exec")
    assert f"write {interactor}" in out and "still to write" in out, out


def test_a_title_is_written_as_it_is_and_the_judge_line_stays_on_one_line(tmp_path, capsys):
    """A judge not known by its address: the Judge: line names the title, cut to fit."""
    title = "E. NAME the JUDGE's " + "very " * 12 + 'long "title"'
    name = "e_name_the_judge_s" + "_very" * 9
    task = dict(GLAD, name=title, url="https://judge.example/e")
    assert listened(tmp_path, json.dumps(task).encode()) == (0, 200)
    text = (tmp_path / "solutions" / f"{name}.py").read_text(encoding="utf-8")
    line = judge_line(tmp_path / "solutions" / f"{name}.py")
    judge = line.split(";")[0]
    assert len(judge) > len("Judge: ") and "Judge: Codeforces E. NAME the JUDGE's".startswith(judge)
    assert line.endswith(f"; 2 s; 256 MiB; interactor python3 checkers/{name}_interactor.py")
    assert f"Problem: {title}, ".replace('"', "'") in text
    assert len(line) > 100 and '\n"""  # noqa: E501\n' in text  # the lint passes, line too
    compile(text, "solution", "exec")


@pytest.mark.parametrize(
    "body, why",
    [
        (b"<html>not json</html>", "not JSON"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 100000, "not JSON"),
        (b"[1, 2]", "not a Competitive Companion problem"),
        (json.dumps(dict(CASTLE, tests=[])).encode(), "no tests"),
        (json.dumps({k: v for k, v in CASTLE.items() if k != "tests"}).encode(), "'tests'"),
        (json.dumps(dict(CASTLE, tests=[{"input": "1\n"}])).encode(), "test 1"),
        (json.dumps(dict(CASTLE, timeLimit="1 s")).encode(), "timeLimit"),
        (json.dumps(dict(CASTLE, timeLimit=0)).encode(), "timeLimit"),
        (json.dumps(dict(CASTLE, memoryLimit=True)).encode(), "memoryLimit"),
        (json.dumps(dict(CASTLE, timeLimit=10**400)).encode(), "timeLimit is not a limit"),
        (json.dumps(dict(CASTLE, memoryLimit=float("nan"))).encode(), "memoryLimit"),
        (json.dumps(dict(CASTLE, timeLimit=-float("inf"))).encode(), "timeLimit"),
        (
            json.dumps(dict(CASTLE, timeLimit=0)).encode().replace(b": 0", b": " + b"9" * 5000),
            "can be read" if hasattr(sys, "get_int_max_str_digits") else "timeLimit is not a",
        ),
        (
            json.dumps(dict(CASTLE, tests=[{"input": "1\n", "output": "\ud800"}])).encode(),
            "test 1 holds a lone surrogate",
        ),
    ],
)
def test_a_payload_that_makes_no_problem_gets_one_line_and_writes_nothing(
    tmp_path, capsys, body, why
):
    assert listened(tmp_path, body) == (2, 200)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and why in err and "Traceback" not in err, err
    assert problem_files(tmp_path) == [] and list(tmp_path.iterdir()) == []


def test_a_posted_problem_never_overwrites_one_of_that_name(tmp_path, capsys):
    assert new.main(["954G"], root=tmp_path) == 0
    before = {path: (tmp_path / path).read_bytes() for path in problem_files(tmp_path)}
    assert listened(tmp_path, json.dumps(CASTLE).encode()) == (2, 200)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is a problem already" in err, err
    assert {path: (tmp_path / path).read_bytes() for path in problem_files(tmp_path)} == before


# What a web page can send: nothing is written, nothing runs, and the listener goes on


@pytest.mark.parametrize(
    "method, changes, status",
    [
        ("POST", {"Origin": "https://evil.example"}, 403),
        ("POST", {"Origin": "null"}, 403),  # a sandboxed frame, a file:// page
        ("POST", {"Origin": "http://localhost:8000"}, 403),
        ("POST", {"Content-Type": "text/plain"}, 415),  # a form needs no CORS preflight
        ("POST", {"Content-Type": "application/x-www-form-urlencoded"}, 415),
        ("POST", {"Content-Type": None}, 415),
        ("POST", {"Host": "evil.example:{port}"}, 403),  # a DNS rebinding
        ("POST", {"Host": "localhost:1"}, 403),
        ("POST", {"Host": "127.0.0.1.evil.example"}, 403),
        ("GET", {}, 405),
        ("OPTIONS", {"Access-Control-Request-Method": "POST"}, 405),  # the CORS preflight
        ("PUT", {}, 405),
        ("POST", {"Content-Length": "1e3"}, 411),
    ],
)
def test_a_request_not_from_the_extension_is_refused_and_writes_nothing(
    tmp_path, capsys, method, changes, status
):
    with listener(tmp_path) as (port, outcome):
        changes = {key: value and value.format(port=port) for key, value in changes.items()}
        assert send(port, method, json.dumps(CASTLE).encode(), **changes) == status
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("make new: refused a ") and not outcome, err
        assert problem_files(tmp_path) == []
        assert post(port, json.dumps(GLAD).encode()) == 200  # the listener went on
    assert outcome == [0] and problem_files(tmp_path) == ["solutions/810D.py"]


@pytest.mark.parametrize(
    "changes",
    [
        {"Origin": "chrome-extension://hcgokjegnaadpeagkgbiibaeagfhabei"},
        {"Origin": "safari-web-extension://4f0d3c1e-58a2-4b1e-9d0f-1a2b3c4d5e6f"},
        {"Origin": None},  # Firefox may send none from an extension's background page
        {"Host": "127.0.0.1:{port}"},
        {"Host": "[::1]:{port}"},
        {"Host": "LOCALHOST"},
        {"Content-Type": "application/json; charset=UTF-8"},
    ],
)
def test_what_the_extension_sends_is_taken(tmp_path, capsys, changes):
    with listener(tmp_path) as (port, outcome):
        changes = {key: value and value.format(port=port) for key, value in changes.items()}
        assert send(port, "POST", json.dumps(CASTLE).encode(), **changes) == 200
    assert outcome == [0] and "solutions/954G.py" in problem_files(tmp_path)
    assert capsys.readouterr().err == ""


def test_notes_from_many_requests_are_whole_lines(monkeypatch):
    """Each request's thread writes its note as one line: lines never run together."""
    writes = []

    class Stream:
        def write(self, text):
            writes.append(text)
            time.sleep(0.001)  # another thread may write now

        def flush(self):
            pass

    monkeypatch.setattr(sys, "stderr", Stream())
    threads = [threading.Thread(target=companion_listener.note, args=(f"n{i}",)) for i in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(writes) == sorted(f"make new: n{i}\n" for i in range(20))


def test_a_client_that_drips_is_cut_off_while_another_is_served(tmp_path, capsys, monkeypatch):
    """A byte every 0.2 s would keep a per-read timeout waiting for ever: the deadline is the
    request's, and the next client is served meanwhile."""
    monkeypatch.setattr(companion_listener, "PATIENCE", 1)
    with listener(tmp_path) as (port, outcome):
        start = time.monotonic()
        drip = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        drip.sendall(f"POST / HTTP/1.1\r\nHost: localhost:{port}\r\n".encode())

        def dripping():
            with contextlib.suppress(OSError):
                while time.monotonic() - start < 10:
                    drip.sendall(b"X")
                    time.sleep(0.2)

        threading.Thread(target=dripping, daemon=True).start()
        assert post(port, json.dumps(CASTLE).encode(), timeout=5) == 200
        try:
            rest = drip.recv(1024)  # waits for the server to shut the connection
        except ConnectionResetError:
            rest = b""
        cut = time.monotonic() - start
        drip.close()
    assert outcome == [0] and "solutions/954G.py" in problem_files(tmp_path)
    assert rest == b"" and cut < 1 + 3, (rest, cut)
    err = capsys.readouterr().err
    assert err == "make new: a request took over 1 s: cut off\n", err


INJECTION = "Judge: Evil; 99 s; 9999 MiB; checker sh -c 'touch pwned'"


@pytest.mark.parametrize(
    "name, group",
    [
        ("A. " + "x" * 90 + " " + INJECTION, ROUND["group"]),  # wrapped, it would open a line
        ("A. Sum\n  " + INJECTION, ROUND["group"]),
        ("A. Sum\r" + INJECTION, "Codeforces\u2028# " + INJECTION),
        ("A. Sum\x85" + INJECTION + "\u2029", "x" * 200 + "\n" + INJECTION),
    ],
)
def test_a_title_cannot_make_a_judge_line(tmp_path, capsys, name, group):
    """The Problem: line keeps the title on one line, cut if long: nothing of the payload opens
    a line, so the Judge: line read is the one written. With a second one, none is read."""
    body = json.dumps(dict(ROUND, name=name, group=group)).encode()
    assert listened(tmp_path, body, "sum") == (0, 200)
    solution = tmp_path / "solutions" / "sum.py"
    lines = header_lines(solution)
    judge_lines = [line for line in lines if line.lstrip(" \t#/*").startswith("Judge:")]
    assert judge_lines == [judge_line(solution)], lines
    assert all(re.match(r"[A-Z][A-Za-z]*: ", line) for line in lines[1:]), lines
    profile, warning = problems.read_profile(tmp_path, "sum")
    assert warning is None and judge_lines[0] == f"Judge: {profile.judge_name}; 1 s; 256 MiB; " + (
        profile.mode.text
    )
    assert not profile.mode.judged_by_program  # no checker the payload named runs
    assert len(lines[1]) < 400  # the title and group cut
    text = solution.read_text(encoding="utf-8")
    solution.write_text(text.replace("\nJudge: ", "\nJudge: Other; 1 s; 1 MiB; exact\nJudge: "))
    profile, warning = problems.read_profile(tmp_path, "sum")
    assert profile == problems.DEFAULT_PROFILE and "has 2 Judge: lines (lines 4, 5)" in warning


def test_a_payload_that_cannot_be_written_leaves_nothing_and_the_listener_goes_on(tmp_path, capsys):
    """A lone surrogate in a sample: JSON holds it, no UTF-8 file can. The contest's next
    problem is still taken."""
    bad = dict(ROUND, tests=[{"input": "1\n\ud800\n", "output": "1\n"}])
    with listener(tmp_path) as (port, outcome):
        for body in batch(bad, CASTLE):
            assert post(port, body) == 200
    err = capsys.readouterr().err
    assert outcome == [2] and "Traceback" not in err, err
    assert err == (
        "make new: A. Sum of Round Numbers: the payload's test 1 holds a lone surrogate: no file"
        " holds it\n"
    )
    assert problem_files(tmp_path) == sorted(
        ["solutions/954G.py"]
        + [f"testcases/954G/judge-sample-{n}.{end}" for n in (1, 2, 3) for end in ("in", "out")]
    )


@pytest.mark.parametrize("folder", ["testcases", "solutions"])
def test_a_disk_error_leaves_nothing_half_written(tmp_path, capsys, folder):
    """A file where a folder would be: what was written or moved before is taken back."""
    (tmp_path / folder).write_text("a file where the folder would be\n")
    assert listened(tmp_path, json.dumps(CASTLE).encode()) == (2, 200)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write the problem" in err and "Traceback" not in err
    assert [path.name for path in tmp_path.iterdir()] == [folder]  # no staging folder left


# Names and modes from the judge


# A problem's address and title: the name it gets (the judge's id, else from the title), and
# the mode its Judge: line names (the judge's way of comparing; tokens where it is not known).
ADDRESSES = [
    (CASTLE["url"], CASTLE["name"], "954G", "tokens"),
    ("https://codeforces.com/problemset/problem/1850/A", "A. To My Critics", "1850A", "tokens"),
    ("https://codeforces.com/contest/1850/problem/A", "A. To My Critics", "1850A", "tokens"),
    ("https://codeforces.com/contest/1910/problem/F1?locale=en", "F1. Easy", "1910F1", "tokens"),
    ("https://codeforces.com/gym/101021/problem/A", "A. Guess the Number", "101021A", "tokens"),
    ("https://atcoder.jp/contests/abc168/tasks/abc168_c", "C - : (Colon)", "abc168_c", "tokens"),
    ("https://cses.fi/problemset/task/1635", "Coin Combinations I", "1635", "tokens"),
    ("https://www.luogu.com.cn/problem/P1001", "P1001 A+B Problem", "P1001", "tokens"),
    ("https://open.kattis.com/problems/hello", "Hello World!", "hello", "tokens"),
    ("https://open.kattis.com/contests/abc/problems/hello", "Hello World!", "hello", "tokens"),
    # string names a module: the judge's name leads the id
    ("https://open.kattis.com/problems/string", "String", "kattis_string", "tokens"),
    ("https://leetcode.com/problems/two-sum/description/", "1. Two Sum", "two-sum", "tokens"),
    ("https://jutge.org/problems/P32786_en", "Conecta 4", "P32786", "jutge"),
    ("https://www.codechef.com/problems/FLOW001", "Add Two Numbers", "FLOW001", "tokens"),
    ("https://judge.example/problem/7", "A. Desorting", "a_desorting", "tokens"),
    ("", "G. Castle Defense", "g_castle_defense", "tokens"),
    ("https://codeforces.com/blog/entry/1", "G. Castle Defense", "g_castle_defense", "tokens"),
]


@pytest.mark.parametrize("url, title, name, mode", ADDRESSES)
def test_the_name_and_the_mode_follow_the_judge(url, title, name, mode):
    """The name is the judge's id, else the title's; the mode is the judge's way of comparing."""
    usable = lambda name: importlib.util.find_spec(name) is None  # noqa: E731
    assert companion_payload.problem_name(dict(url=url, name=title), usable) == name
    assert model.problem_name_error(name) is None
    line = companion_payload.header(dict(CASTLE, url=url), "p")[1]
    assert line.endswith(f"; 1.5 s; 256 MiB; {mode}") and modes.mode_error(mode) is None


@pytest.mark.parametrize("title", ["竖直四子棋", "", "Con", "!!!", "Ω" * 70])
def test_a_title_of_no_usable_name_gets_a_made_one(tmp_path, capsys, title):
    task = dict(CASTLE, name=title, url="https://acm.hdu.edu.cn/showproblem.php?pid=1000")
    assert listened(tmp_path, json.dumps(task).encode()) == (0, 200)
    (solution,) = (tmp_path / "solutions").glob("*.py")
    name = solution.stem
    assert re.fullmatch(r"problem-[0-9a-f]{8}", name) and model.problem_name_error(name) is None
    # the same every time
    assert name == companion_payload.problem_name(dict(task, url=task["url"]))
    assert problems.read_profile(tmp_path, name)[1] is None


RIGHT = '''
import sys


def solve(text):
    """Each n as its nonzero digits times their place, the highest first."""
    lines = []
    for n in text.split()[1:]:
        terms = [d + "0" * (len(n) - 1 - at) for at, d in enumerate(n) if d != "0"]
        lines += [str(len(terms)), " ".join(terms)]
    return "\\n".join(lines) + "\\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.read()))
'''


def test_a_codeforces_problem_is_judged_by_tokens_and_its_spaced_sample_passes(tmp_path, capsys):
    """Codeforces compares tokens: its sample's spaces at line ends are kept, byte for byte,
    and a right program, which prints none, passes it."""
    assert listened(tmp_path, json.dumps(ROUND).encode()) == (0, 200)
    expected = tmp_path / "testcases" / "1352A" / "judge-sample-1.out"
    assert expected.read_bytes() == ROUND["tests"][0]["output"].encode()
    solution = tmp_path / "solutions" / "1352A.py"
    assert judge_line(solution) == "Judge: Codeforces 1352A; 1 s; 256 MiB; tokens"
    header = solution.read_text(encoding="utf-8").split('"""\n\n')[0] + '"""\n'
    solution.write_text(header + RIGHT, encoding="utf-8")
    status, report, err = judged(tmp_path, "1352A", tle=None)
    assert case_verdicts(report) == {"1352A/judge-sample-1": "AC"} and status == 0, err
    assert modes.parse_mode(report["problems"]["1352A"]["compare"]).bytes_count is False
    assert err == ""


WATER = dict(  # AtCoder ABC144 D: an angle, right within 1e-6, its samples printed to 10 places
    CASTLE,
    name="D - Water Bottle",
    group="AtCoder - AtCoder Beginner Contest 144",
    url="https://atcoder.jp/contests/abc144/tasks/abc144_d",
    timeLimit=2000,
    memoryLimit=1024,
    tests=[
        {"input": "2 2 4\n", "output": "45.0000000000\n"},
        {"input": "12 21 10\n", "output": "89.7834636934\n"},
        {"input": "3 1 8\n", "output": "4.2363947991\n"},
    ],
)
ANGLE = '''
import math
import sys


def solve(text):
    """The largest tilt, in degrees, that spills no water."""
    a, b, x = map(int, text.split())
    if 2 * x >= a * a * b:
        return f"{math.degrees(math.atan2(2 * (a * a * b - x), a**3))}\\n"
    return f"{math.degrees(math.atan2(a * b * b, 2 * x))}\\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.read()))
'''


def test_a_problem_whose_samples_answer_in_decimals_gets_a_float_tolerance(tmp_path, capsys):
    """Its right answer printed to other places passes, as it does at AtCoder, and the note
    says which tolerance the Judge: line gives."""
    assert listened(tmp_path, json.dumps(WATER).encode()) == (0, 200)
    out = capsys.readouterr().out
    solution = tmp_path / "solutions" / "abc144_d.py"
    assert judge_line(solution) == "Judge: AtCoder abc144_d; 2 s; 1024 MiB; float 1e-6"
    assert "(abc144_d: its samples answer in decimals, so the Judge: line says float 1e-6" in out
    header = solution.read_text(encoding="utf-8").split('"""\n\n')[0] + '"""\n'
    solution.write_text(header + ANGLE, encoding="utf-8")
    status, report, err = judged(tmp_path, "abc144_d", tle=None)
    assert set(case_verdicts(report).values()) == {"AC"} and status == 0, (report, err)
    compare = report["problems"]["abc144_d"]["compare"]
    assert modes.parse_mode(compare) == modes.parse_mode("float 1e-6")


@pytest.mark.parametrize(
    "url, outputs, mode",
    [
        (WATER["url"], ["45.0000000000\n", "4.2363947991\n"], "float 1e-6"),
        (WATER["url"], ["1 2.5\n-0.5\n", "3\n"], "float 1e-6"),  # some have a point
        (WATER["url"], ["45\n", "4\n"], "tokens"),  # integers only
        (WATER["url"], ["1e-5\n"], "tokens"),  # no decimal point
        (WATER["url"], ["YES\n0.5\n"], "tokens"),  # a word among them
        (WATER["url"], ["1.2.3\n"], "tokens"),
        (CASTLE["url"], ["0.5\n"], "float 1e-6"),
        ("https://judge.example/problem/7", ["0.5\n"], "float 1e-6"),  # a judge not known
        ("https://jutge.org/problems/P32786_en", ["0.50\n"], "jutge"),  # compares as it is
    ],
)
def test_the_mode_follows_the_samples_answers(url, outputs, mode):
    tests = [{"input": "1\n", "output": output} for output in outputs]
    line = companion_payload.header(dict(CASTLE, url=url, tests=tests), "p")[1]
    assert line.endswith(f"; 1.5 s; 256 MiB; {mode}") and modes.mode_error(mode) is None


def test_an_interactive_problem_with_decimals_in_its_transcript_gets_its_interactor():
    tests = [{"input": "1\n", "output": "0.5\n"}]
    line = companion_payload.header(dict(GLAD, tests=tests), "p")[1]
    assert line.endswith("; interactor python3 checkers/p_interactor.py")
    assert companion_payload.closing(dict(GLAD, tests=tests), "p", "judge-")[1] == []


def test_a_contest_is_taken_whole(tmp_path, capsys):
    """Companion sends a contest as one POST per problem, with the batch's id and size: the
    listener waits for them all, and writes each."""
    with listener(tmp_path) as (port, outcome):
        for body in batch(CASTLE, ROUND, GLAD):
            assert post(port, body) == 200
    out = capsys.readouterr().out
    assert outcome == [0]
    assert {path.stem for path in (tmp_path / "solutions").glob("*.py")} == {
        "954G",
        "1352A",
        "810D",
    }
    assert len(list((tmp_path / "testcases").glob("*/*.in"))) == 4
    for name in ("954G", "1352A", "810D"):
        assert f"made solutions/{name}.py" in out, out
    assert "  and for NAME each of 954G, 1352A, 810D:\n  - fill" in out
    assert "python3 runner.py NAME " in out
    assert "write checkers/810D_interactor.py" in out


def test_problems_are_taken_in_the_order_their_answers_came(tmp_path, capsys, monkeypatch):
    """A handler held up right after its answer (a busy machine) must not let the next POST
    overtake it: the body is queued before the answer goes."""
    answer, held = companion_listener.Catcher.reply, []

    def slow_after_the_first_answer(self, status, body):
        answer(self, status, body)
        if not held:
            held.append(self)
            time.sleep(1)

    monkeypatch.setattr(companion_listener.Catcher, "reply", slow_after_the_first_answer)
    with listener(tmp_path) as (port, outcome):
        for body in batch(CASTLE, ROUND):
            assert post(port, body) == 200
    out = capsys.readouterr().out
    assert outcome == [0] and "  and for NAME each of 954G, 1352A:" in out, out


def test_the_listener_answers_every_taken_problem_before_it_goes(tmp_path, monkeypatch):
    """The process ends once the problem is written: its answer must have gone by then, or the
    extension says the send failed."""
    answer, answered = companion_listener.Catcher.reply, threading.Event()

    def slow_answer(self, status, body):
        time.sleep(1)
        answer(self, status, body)
        answered.set()

    monkeypatch.setattr(companion_listener.Catcher, "reply", slow_answer)
    with listener(tmp_path) as (port, outcome):
        threading.Thread(target=post, args=(port, json.dumps(CASTLE).encode()), daemon=True).start()
    assert outcome == [0] and answered.is_set()


def test_a_contest_that_does_not_all_come_keeps_what_came(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(companion_listener, "BATCH_WAIT", 1)
    other = json.dumps(dict(GLAD, batch={"id": "another click", "size": 1})).encode()
    with listener(tmp_path) as (port, outcome):
        first, second, _ = batch(CASTLE, ROUND, GLAD)
        for body in (first, other, second):  # and the third never comes
            assert post(port, body) == 200
    captured = capsys.readouterr()
    assert outcome == [2] and "and for NAME each of 954G, 1352A:" in captured.out
    assert {path.stem for path in (tmp_path / "solutions").glob("*.py")} == {"954G", "1352A"}
    assert captured.err == (
        "make new: a problem of another click came amid the contest's: not taken\n"
        "make new: 1 of the contest's 3 problems did not come within 1 s (2 did: 954G, 1352A): "
        "click on their pages\n"
    )


def test_a_name_given_takes_one_problem_of_a_contest(tmp_path, capsys):
    with listener(tmp_path, "castle") as (port, outcome):
        assert post(port, batch(CASTLE, ROUND)[0]) == 200
    assert outcome == [0] and [path.stem for path in (tmp_path / "solutions").glob("*")] == [
        "castle"
    ]
    assert "(P=castle names one problem: the 1 more of its contest are not taken)" in (
        capsys.readouterr().out
    )


def test_a_port_in_use_gets_one_line(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert new.main(["--listen", "--port", port], root=tmp_path) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"port {port}" in err and "in use" in err, err


def test_the_default_port_is_not_cphs():
    assert companion_listener.PORT != 27121


def test_make_new_listen_writes_a_posted_problem(tmp_path):
    """The whole path: make's LISTEN= and PORT=, the module run as a program, and a POST."""
    if not shutil.which("make"):
        pytest.skip("no make here")
    for name in ("runner.py", "Makefile"):
        shutil.copyfile(ROOT / name, tmp_path / name)
    for folder in ("tools", "judge"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__py*"))
    for _ in range(5):  # a port free a moment ago, which another program may take meanwhile
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        argv = ["make", "-s", "new", "LISTEN=1", f"PORT={port}", f"PYTHON={sys.executable}"]
        stop = threading.Event()
        poster = threading.Thread(
            target=post_when_up, args=(port, json.dumps(CASTLE).encode(), stop)
        )
        poster.daemon = True
        poster.start()
        done = run(argv, cwd=tmp_path, timeout=WAIT * 2, text=True)
        stop.set()  # and never to a program that took the port after
        if "it is in use" not in done.stderr:
            break
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"on port {port}" in done.stdout and "made solutions/954G.py" in done.stdout
    assert len(list((tmp_path / "testcases" / "954G").glob("*.in"))) == 3


def post_when_up(port, body, stop):
    """Post body once the listener answers, trying for WAIT seconds or until stop is set."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline and not stop.is_set():
        try:
            post(port, body)
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)


def test_make_new_says_how_to_use_it_with_neither_name_nor_listen(tmp_path):
    if not shutil.which("make"):
        pytest.skip("no make here")
    shutil.copyfile(ROOT / "Makefile", tmp_path / "Makefile")
    done = run(["make", "-s", "new", "LISTEN=0"], cwd=tmp_path, text=True)
    assert done.returncode == 2 and "make new LISTEN=1 [PORT=N] [P=NAME]" in done.stderr
