"""The listener of `make new LISTEN=1`: it takes the problems the Competitive Companion
browser extension sends over HTTP (tools/companion_payload.py makes each a problem).

Companion (github.com/jmerle/competitive-companion) parses a problem page and sends the
problem as JSON in an HTTP POST to http://localhost:PORT/, once for each port in its list;
for a contest, one POST per problem, each with the same batch {id, size}. Its default list
has no port of ours (27121 there is Competitive Programming Helper's), so PORT is to be added
under "Custom ports" in the extension's options.

A web page can send requests to localhost too, so the listener takes only what the extension
sends (see Catcher.refusal), bounds the time of each request, and serves several at once. A
port that cannot be listened on raises Refused, with one line to show.
"""

import argparse
import contextlib
import http.server
import os
import queue
import re
import socket
import sys
import threading
import time

from judge.text import printable, shorten
from tools.companion_payload import Refused

PORT = 10046  # no tool in Companion's default list uses it
LARGEST = 256 * 1024 * 1024  # bytes of payload taken at most
PATIENCE = 10  # seconds one request may take, from its connection to its last byte
BATCH_WAIT = 60  # seconds the rest of a contest may take to come, after each problem
EXTENSIONS = ("chrome-extension://", "moz-extension://", "safari-web-extension://")
LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")


def port_number(text):
    """A port for argparse: 0 (any free one) to 65535."""
    if not re.fullmatch(r"[0-9]{1,5}", text) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"not a port number (0 to 65535): {text!r}")
    return int(text)


NOTE_LOCK = threading.Lock()  # one request's line at a time: print writes a line in two


def note(line):
    """One line on stderr, what a request brought escaped (a terminal acts on ESC)."""
    with NOTE_LOCK:
        sys.stderr.write(f"make new: {shorten(printable(line))}\n")
        sys.stderr.flush()


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
        with self.server.answering:  # queued before the answer: bodies keep the order they came
            self.server.unanswered += 1
        self.server.bodies.put(body)
        try:
            self.reply(200, b"")
        finally:
            with self.server.answering:
                self.server.unanswered -= 1
                self.server.answering.notify_all()

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
    server.answering, server.unanswered = threading.Condition(), 0
    thread = threading.Thread(target=server.serve_forever, args=(0.1,), daemon=True)
    thread.start()
    try:
        if ready:
            ready(server.server_address[1])
        yield server.bodies
    finally:
        with server.answering:  # the extension gets its answer before the listener goes
            server.answering.wait_for(lambda: not server.unanswered, server.patience)
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
