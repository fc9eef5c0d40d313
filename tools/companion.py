"""Problems from the Competitive Companion browser extension, for `make new LISTEN=1`.

Companion (github.com/jmerle/competitive-companion) parses a problem page and sends the
problem as JSON in an HTTP POST to http://localhost:PORT/, once for each port in its list;
for a contest, one POST per problem, each with the same batch {id, size}. Of its fields these
are used: name, group, url, interactive, timeLimit (ms), memoryLimit (MB, taken as MiB),
tests (a list of {input, output}), input and batch. Its default list has no port of ours
(27121 there is Competitive Programming Helper's), so PORT is to be added under "Custom
ports" in the extension's options.

A web page can send requests to localhost too, so the listener takes only what the extension
sends (see Catcher.refusal), bounds the time of each request, and serves several at once; and
nothing of a payload starts a line of the header it fills (see header). Everything that can be
wrong with a payload or a port raises Refused, with one line to show.
"""

import argparse
import collections
import contextlib
import hashlib
import http.server
import json
import math
import os
import queue
import re
import socket
import sys
import threading
import time
import unicodedata
import urllib.parse

from judge import problem_name_error
from judge.text import printable, shorten

PORT = 10046  # no tool in Companion's default list uses it
LARGEST = 256 * 1024 * 1024  # bytes of payload taken at most
PATIENCE = 10  # seconds one request may take, from its connection to its last byte
BATCH_WAIT = 60  # seconds the rest of a contest may take to come, after each problem
BATCH_MOST = 1000  # problems in a batch at most
MS_PER_DAY, MB_MAX = 86_400_000, 1_048_576  # the largest limits taken
WIDTH = 96  # the Judge: line's width at most, where it can be cut
TITLE_CHARS, URL_CHARS = 150, 300  # a title (or group) and an address are cut beyond
LINT_WIDTH = 100  # ruff's line-length (pyproject.toml)
EXTENSIONS = ("chrome-extension://", "moz-extension://", "safari-web-extension://")
LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")


class Refused(Exception):
    """No problem can be written from what arrived: the message says why, in one line."""


def port_number(text):
    """A port for argparse: 0 (any free one) to 65535."""
    if not re.fullmatch(r"[0-9]{1,5}", text) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"not a port number (0 to 65535): {text!r}")
    return int(text)


def note(line):
    """One line on stderr, what a request brought escaped (a terminal acts on ESC)."""
    print(f"make new: {shorten(printable(line))}", file=sys.stderr, flush=True)


class Catcher(http.server.BaseHTTPRequestHandler):
    """Puts the body of each whole POST the extension sends in server.bodies, and refuses any
    other request with a 4xx and a note. A request has server.patience seconds in all: then its
    connection is shut, however slowly its bytes still come."""

    def setup(self):
        self.timeout = self.server.patience  # each read; the timer bounds them all
        super().setup()
        self.lock, self.taken, self.late, self.noted = threading.Lock(), False, False, False
        self.timer = threading.Timer(self.server.patience, self.cut)
        self.timer.daemon = True
        self.timer.start()

    def finish(self):
        self.timer.cancel()
        super().finish()

    def cut(self):
        """The request took too long: its connection is shut, which ends a read waiting on it."""
        with self.lock:
            if self.taken:
                return
            self.late = True
        self.note(f"a request took over {self.server.patience:g} s: cut off")
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)

    def do_POST(self):
        refused = self.refusal() or self.length_refusal()
        if refused:
            self.refuse(*refused)
            return
        length = int(self.headers["Content-Length"])
        body = self.rfile.read(length)
        with self.lock:
            if self.late or len(body) < length:  # cut off, or the sender went away
                return
            self.taken = True
        try:
            self.reply(200, b"")
        finally:
            self.server.bodies.put(body)

    def __getattr__(self, name):
        """Any other method (GET, OPTIONS ...) is refused: do_GET, do_OPTIONS ... are this."""
        if name.startswith("do_"):
            return lambda: self.refuse(405, f"a {name[3:]} request: only a POST is taken")
        raise AttributeError(name)

    def refusal(self):
        """(status, why) when the request is not the extension's POST of JSON, else None."""
        for field in ("Host", "Origin", "Content-Type", "Content-Length", "Transfer-Encoding"):
            if len(self.headers.get_all(field, ())) > 1:
                return 400, f"{field} is given twice"
        host, origin = self.headers.get("Host", ""), self.headers.get("Origin")
        if not self.local(host):
            return 403, f"Host {host!r} is not this computer's (localhost:{self.port()})"
        if origin is not None and not origin.lower().startswith(EXTENSIONS):
            return 403, f"Origin {origin!r} is no browser extension's"
        kind = self.headers.get("Content-Type")
        if kind is None or self.headers.get_content_type() != "application/json":
            return 415, f"Content-Type {kind!r} is not application/json"
        return None

    def length_refusal(self):
        if "Transfer-Encoding" in self.headers:
            return 411, "Transfer-Encoding is not taken: a Content-Length is needed"
        length = self.headers.get("Content-Length", "")
        if not re.fullmatch(r"[0-9]{1,12}", length):
            return 411, f"Content-Length {length!r} is no length"
        if int(length) > LARGEST:
            return 413, f"Content-Length {length} is over {LARGEST} bytes"
        return None

    def port(self):
        return self.server.server_address[1]

    def local(self, host):
        """Whether a Host header names this computer: localhost, 127.0.0.1 or [::1], with
        the port listened on or none."""
        name, colon, port = host.lower().rpartition(":")
        if not colon or name.startswith("[") != name.endswith("]") or not name:
            name, port = host.lower(), ""
        return name in LOCAL_HOSTS and port in ("", str(self.port()))

    def refuse(self, status, why):
        """A 4xx and a note; nothing is taken. A short body is read first, so that closing
        the connection does not reset it before the client reads the answer."""
        self.note(f"refused a {self.command} from {self.client_address[0]}: {why}")
        length = self.headers.get("Content-Length", "")
        if re.fullmatch(r"[0-9]{1,7}", length) and "Transfer-Encoding" not in self.headers:
            self.rfile.read(min(int(length), 1 << 20))
        self.send_error(status)

    def note(self, line):
        """One note per request."""
        if not self.noted:
            self.noted = True
            note(line)

    def reply(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_error(self, format, *args):
        """http.server's own refusals (a malformed request, a read that timed out): a note."""
        self.note(f"refused a request from {self.client_address[0]}: {format % args}")

    def log_message(self, *args):
        """Quiet: each request would print a line on stderr."""


class Listener(http.server.ThreadingHTTPServer):
    """One thread per connection: a slow client does not hold up the extension's."""

    allow_reuse_address = os.name != "nt"  # on Windows it would share a port already taken
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A connection that fails is dropped without a word: the next may bring the problem."""


@contextlib.contextmanager
def listening(port, ready=None):
    """A Listener on 127.0.0.1:port, serving in a thread while the block runs: yields the
    queue the payloads come in. ready(port) is called once it listens: port 0 picks a free
    one."""
    try:
        server = Listener(("127.0.0.1", port), Catcher)
    except OSError as error:
        why = error.strerror or str(error)
        if getattr(error, "errno", None) in (48, 98, 10048):  # EADDRINUSE: macOS, Linux, Windows
            why = "it is in use (another tool listening there?): pick another with PORT=N"
        raise Refused(f"cannot listen on port {port}: {why}") from None
    server.bodies, server.patience = queue.Queue(), PATIENCE
    thread = threading.Thread(target=server.serve_forever, args=(0.1,), daemon=True)
    thread.start()
    try:
        if ready:
            ready(server.server_address[1])
        yield server.bodies
    finally:
        server.shutdown()
        server.server_close()


def next_body(bodies, until=None):
    """The next payload from the queue, waiting until the time.monotonic() until (None: for
    ever; Ctrl-C stops it), else None."""
    while True:
        wait = 0.25 if until is None else min(0.25, until - time.monotonic())
        if wait <= 0:
            return None
        try:
            return bodies.get(timeout=wait)
        except queue.Empty:
            pass


def payload(data):
    """The JSON object a payload holds; else Refused."""
    try:
        task = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise Refused("the payload is not JSON: it is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise Refused(f"the payload is not JSON: {error}") from None
    except RecursionError:
        raise Refused("the payload is not JSON that can be read: nested too deep") from None
    if not isinstance(task, dict):
        raise Refused("the payload is JSON but not a Competitive Companion problem (an object)")
    return task


def batch_of(task):
    """(id, size) of the click that sent a payload: a contest's batch, else (None, 1)."""
    batch = task.get("batch")
    if isinstance(batch, dict) and isinstance(batch.get("id"), str):
        size = batch.get("size")
        if isinstance(size, int) and not isinstance(size, bool) and 1 <= size <= BATCH_MOST:
            return batch["id"], size
    return None, 1


def task_of(task):
    """The problem in a payload's JSON object with every field used, checked; else Refused."""
    for field, kind, default in FIELDS:
        value = task.setdefault(field, default)
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise Refused(f"the payload's {field!r} is not {KINDS[kind]}: {shown(value)}")
    limits = (("timeLimit", 1, MS_PER_DAY, "ms"), ("memoryLimit", 1 / 1024, MB_MAX, "MB"))
    for field, low, high, unit in limits:
        value = task[field]
        if not (math.isfinite(value) and low <= value <= high):
            raise Refused(f"the payload's {field} is not a limit in {unit}: {value!r}")
    if not task["interactive"]:
        check_tests(task)
    return task


FIELDS = (  # field, type, default when it is not there (None: it must be there)
    ("name", str, ""),
    ("group", str, ""),
    ("url", str, ""),
    ("interactive", bool, False),
    ("timeLimit", (int, float), None),
    ("memoryLimit", (int, float), None),
    ("tests", list, None),
    ("batch", dict, {}),
)
KINDS = {str: "text", bool: "true or false", (int, float): "a number", list: "a list"}
KINDS[dict] = "an object"


def shown(value):
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_tests(task):
    if not task["tests"]:
        raise Refused(f"the problem {shown(task['name'])} came with no tests: nothing to judge")
    for number, test in enumerate(task["tests"], 1):
        pair = (test.get("input"), test.get("output")) if isinstance(test, dict) else (None,)
        if not all(isinstance(text, str) for text in pair):
            raise Refused(f"the payload's test {number} is not {{input: text, output: text}}")
        if not all(map(writable, pair)):
            raise Refused(f"the payload's test {number} holds a lone surrogate: no file holds it")


def writable(text):
    """Whether text can be written as UTF-8 (JSON can hold a lone surrogate, "\\ud800")."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def samples(task):
    """The (input, output) of each sample, none for an interactive problem: its samples are
    transcripts of a dialogue, not what the program reads."""
    tests = [] if task["interactive"] else task["tests"]
    return [(test["input"], test["output"]) for test in tests]


# A judge known by its problems' addresses: its name on the Judge: line, its hosts, the paths
# of a problem page (the id is the groups joined) and how it compares an output: by tokens,
# as most judges do, or as Jutge.org does (AC, PE ...). Only a judge known to compare the
# bytes would be `exact`.
Judge = collections.namedtuple("Judge", "label hosts paths mode")
JUDGES = (
    Judge("Codeforces", r"(?:[\w-]+\.)?codeforces\.(?:com|ml|net)", (
        r"/problemset/problem/(\d+)/([A-Za-z0-9]+)",
        r"/(?:contest|gym)/(\d+)/problem/([A-Za-z0-9]+)",
        r"/group/\w+/contest/(\d+)/problem/([A-Za-z0-9]+)",
    ), "tokens"),
    Judge("AtCoder", r"atcoder\.jp", (r"/contests/[\w-]+/tasks/(\w+)",), "tokens"),
    Judge("CSES", r"cses\.fi", (r"/[\w-]+/(?:task|view)/(\d+)",), "tokens"),
    Judge("Luogu", r"(?:www\.)?luogu\.(?:com\.cn|org)", (r"/problem/(\w+)",), "tokens"),
    Judge("Kattis", r"(?:[\w-]+\.)?kattis\.com", (
        r"(?:/contests/[\w-]+)?/problems/([a-z0-9]+)",), "tokens"),
    Judge("LeetCode", r"(?:www\.)?leetcode\.(?:com|cn)", (r"/problems/([a-z0-9-]+)",), "tokens"),
    Judge("CodeChef", r"(?:www\.)?codechef\.com", (r"(?:/\w+)?/problems/(\w+)",), "tokens"),
    Judge("SPOJ", r"(?:www\.)?spoj\.com", (r"/problems/(\w+)",), "tokens"),
    Judge("Baekjoon", r"(?:www\.)?acmicpc\.net", (r"/problem/(\d+)",), "tokens"),
    Judge("DMOJ", r"dmoj\.ca", (r"/problem/(\w+)",), "tokens"),
    Judge("HackerRank", r"(?:www\.)?hackerrank\.com", (
        r"(?:/contests/[\w-]+)?/challenges/([\w-]+)",), "tokens"),
    Judge("Library Checker", r"judge\.yosupo\.jp", (r"/problem/(\w+)",), "tokens"),
    Judge("Jutge.org", r"(?:www\.)?jutge\.org", (r"/problems/([PX]\d+)(?:_\w+)?",), "jutge"),
)  # fmt: skip


def judge_of(url):
    """(the Judge, the problem's id there) of a problem's address, or None."""
    try:
        parts = urllib.parse.urlsplit(url)
        host = parts.hostname or ""
    except ValueError:
        return None
    for judge in JUDGES:
        if re.fullmatch(judge.hosts, host, re.ASCII):
            for path in judge.paths:
                found = re.match(path + r"(?:/|$)", parts.path, re.ASCII)
                if found:
                    return judge, "".join(found.groups())
    return None


def problem_name(task, usable=lambda name: True):
    """The new problem's name: the judge's id where its address has one (1850A, abc168_c),
    else from the title, else problem- and a hash of the address and title. Each is taken
    only under the name rule and when usable(name) (else the judge's name leads the id)."""
    found = judge_of(task["url"])
    names = []
    if found:
        judge, key = found
        names += [key, f"{judge.label.split()[0].lower()}_{key}"]
    digest = hashlib.sha256(f"{task['url']}\n{task['name']}".encode("utf-8", "surrogatepass"))
    names += [name_from(task["name"]), "problem-" + digest.hexdigest()[:8]]
    for name in names:
        name = name[:64].rstrip("_-")
        if name and problem_name_error(name) is None and usable(name):
            return name
    return names[-1]


def name_from(title):
    """A problem name from a title, under the name rule: ASCII letters, digits and _, at most
    64 ("A. Desorting" is a_desorting); "" when nothing of it is left."""
    text = unicodedata.normalize("NFKD", title.casefold()).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", text).strip("_")[:64].rstrip("_")


def plain(text, most=None):
    """text on one line, as a docstring holds it: no control or line-breaking character, no
    backslash or quote; cut to most characters."""
    text = "".join(char for char in text if not unicodedata.category(char).startswith("C"))
    text = " ".join(text.replace("\\", "/").replace('"', "'").split())  # \u2028 is a space
    return text if most is None or len(text) <= most else text[: most - 3].rstrip() + "..."


def decimal(value):
    """A number as the Judge: line writes it: no exponent, at most 6 decimals."""
    return f"{value:.6f}".rstrip("0").rstrip(".")


def header(task, name):
    """The Problem:, URL: and Judge: lines of the new solution's header. Each line opens with
    its field and holds what it has of the payload on that one line: nothing of the payload
    can start a line, so none can pass for a Judge: line. The Judge: line names the judge's
    id where the address has one, and the judge's way of comparing (tokens if not known)."""
    title, group = plain(task["name"], TITLE_CHARS) or name, plain(task["group"], TITLE_CHARS)
    lines = f"Problem: {title}" + (f", {group}." if group else ".")
    url = plain(task["url"], URL_CHARS).replace(" ", "%20")
    if url:
        lines += f"\nURL: {url}"
    found = judge_of(task["url"])
    how = found[0].mode if found else "tokens"
    if task["interactive"]:
        how = f"interactor python3 checkers/{name}_interactor.py"
    rest = f"; {decimal(task['timeLimit'] / 1000)} s; {decimal(task['memoryLimit'])} MiB; {how}"
    judge = f"{found[0].label} {found[1]}" if found else f"{group.split(' - ')[0]} {title}"
    judge = judge.replace(";", ",").strip()  # a ; would end the name: the grammar's separator
    judge = judge[: max(WIDTH - len("Judge: " + rest), 12)].rstrip()  # on one line if it can
    return lines, f"Judge: {judge}{rest}"


INTERACTIVE = '''"""
Problem: TODO
Judge: TODO
Description: TODO what the dialogue is: what the program reads, asks and answers.
Idea: TODO the idea of the solution, for someone who retypes it in a contest.
Time: TODO O(n).
Memory: TODO O(n).
Status: checkers/NAME_interactor.py judges it.
"""

import sys


def ask(line):
    """Send one line to the interactor, flushed, and read its reply (None when it has ended)."""
    sys.stdout.write(line + "\\n")
    sys.stdout.flush()
    reply = sys.stdin.readline()
    return reply.split() if reply else None


def main():
    """The dialogue: read the first line, ask, and print the answer."""
    first = sys.stdin.readline().split()
    ask("? " + " ".join(first))


if __name__ == "__main__":
    main()
'''


def solution(task, name, template):
    """The new solution's text: template (INTERACTIVE for an interactive problem) with its
    Problem: and Judge: lines filled from the task. A header line over ruff's 100 columns
    (a long Judge: line, which the runner reads on one line) gets the docstring a noqa."""
    problem, judge = header(task, name)
    template = (INTERACTIVE if task["interactive"] else template).replace("NAME", name)
    text = re.sub(r"(?m)^Problem: .*$", lambda _: problem, template, count=1)
    text = re.sub(r"(?m)^Judge: .*$", lambda _: judge, text, count=1)
    if max(map(len, text.split('"""')[1].splitlines())) > LINT_WIDTH:
        text = text.replace('\n"""\n', '\n"""  # noqa: E501\n', 1)
    return text


def closing(task, name, prefix):
    """What is left to do once the problem is written, and notes on the payload: two lists of
    lines."""
    todo, notes = [], []
    if task["interactive"]:
        todo += [
            f"  - write checkers/{name}_interactor.py, the interactor the Judge: line names (it",
            "    is still to write): run as CMD INPUT OUTPUT ANSWER, it talks to the program",
            "    and exits 0 for AC, 1 for WA",
            f"  - put its inputs in testcases/{name}/ as {prefix}sample-N.in and .out (no cases",
            "    were written: the samples of an interactive problem are transcripts)",
        ]
    where = task.get("input")
    if isinstance(where, dict) and where.get("type") not in (None, "stdin"):
        notes.append(f"({name}: the judge reads the input from a file, not stdin: the runner "
                     "gives stdin)")  # fmt: skip
    return todo, notes
