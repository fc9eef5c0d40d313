"""A problem from what the Competitive Companion browser extension sends, for `make new
LISTEN=1` (tools/companion_listener.py receives it).

A payload is the JSON of one problem. Of its fields these are used: name, group, url,
interactive, timeLimit (ms), memoryLimit (MB, taken as MiB), tests (a list of {input,
output}), input and output ({type, fileName}) and batch (a contest's problems come one
payload each, with the same batch {id, size}). Nothing of a payload starts a line of the
header it fills (see header). Everything that can be wrong with a payload raises Refused,
with one line to show.
"""

import collections
import hashlib
import json
import re
import unicodedata
import urllib.parse

from judge import problem_name_error
from judge.compare import DECIMAL
from judge.fileio import file_fields, file_name_error

BATCH_MOST = 1000  # problems in a batch at most
MS_PER_DAY, MB_MAX = 86_400_000, 1_048_576  # the largest limits taken
WIDTH = 96  # the Judge: line's width at most, where it can be cut
TITLE_CHARS, URL_CHARS = 150, 300  # a title (or group) and an address are cut beyond
LINT_WIDTH = 100  # ruff's line-length (pyproject.toml)


class Refused(Exception):
    """No problem can be written from what arrived: the message says why, in one line."""


def payload(data):
    """The JSON object a payload holds; else Refused."""
    try:
        task = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise Refused("the payload is not JSON: it is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise Refused(f"the payload is not JSON: {error}") from None
    except ValueError as error:  # Python 3.11 and later: an integer of over 4,300 digits
        raise Refused(f"the payload is not JSON that can be read: {error}") from None
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
        if not low <= value <= high:  # never for nan, and exact for a huge integer
            raise Refused(f"the payload's {field} is not a limit in {unit}: {shown(value)}")
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
# of a problem page (the id is the groups joined), how it compares an output (by tokens, as
# most judges do, or as Jutge.org does: AC, PE ...) and the tolerance of a problem that
# answers in decimals (None: it compares them as it compares the rest). Only a judge known to
# compare the bytes would be `exact`. TOKENS and EPS are also the guess for a judge not known.
TOKENS = "tokens"
EPS = "1e-6"  # AtCoder's and Codeforces' usual tolerance; a statement may say 1e-9
Judge = collections.namedtuple("Judge", "label hosts paths mode eps")


def site(label, hosts, *paths, mode=TOKENS, eps=EPS):
    """The Judge whose problem pages are at paths on hosts."""
    return Judge(label, hosts, paths, mode, eps)


JUDGES = (
    site(
        "Codeforces",
        r"(?:[\w-]+\.)?codeforces\.(?:com|ml|net)",
        r"/problemset/problem/(\d+)/([A-Za-z0-9]+)",
        r"/(?:contest|gym)/(\d+)/problem/([A-Za-z0-9]+)",
        r"/group/\w+/contest/(\d+)/problem/([A-Za-z0-9]+)",
    ),
    site("AtCoder", r"atcoder\.jp", r"/contests/[\w-]+/tasks/(\w+)"),
    site("CSES", r"cses\.fi", r"/[\w-]+/(?:task|view)/(\d+)"),
    site("Luogu", r"(?:www\.)?luogu\.(?:com\.cn|org)", r"/problem/(\w+)"),
    site("Kattis", r"(?:[\w-]+\.)?kattis\.com", r"(?:/contests/[\w-]+)?/problems/([a-z0-9]+)"),
    site("LeetCode", r"(?:www\.)?leetcode\.(?:com|cn)", r"/problems/([a-z0-9-]+)"),
    site("CodeChef", r"(?:www\.)?codechef\.com", r"(?:/\w+)?/problems/(\w+)"),
    site("SPOJ", r"(?:www\.)?spoj\.com", r"/problems/(\w+)"),
    site("Baekjoon", r"(?:www\.)?acmicpc\.net", r"/problem/(\d+)"),
    site("DMOJ", r"dmoj\.ca", r"/problem/(\w+)"),
    site("HackerRank", r"(?:www\.)?hackerrank\.com", r"(?:/contests/[\w-]+)?/challenges/([\w-]+)"),
    site("Library Checker", r"judge\.yosupo\.jp", r"/problem/(\w+)"),
    site(
        "Jutge.org",
        r"(?:www\.)?jutge\.org",
        r"/problems/([PX]\d+)(?:_\w+)?",
        mode="jutge",
        eps=None,
    ),
)


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


def tolerance(task):
    """The tolerance the Judge: line compares a problem's numbers within ("1e-6"), where every
    token its samples answer is a number and some have a decimal point (ABC144 D); else None,
    and for a judge that compares decimals as it compares the rest (Jutge.org)."""
    found = judge_of(task["url"])
    eps = found[0].eps if found else EPS
    words = [word.encode() for _, output in samples(task) for word in output.split()]
    decimals = all(DECIMAL.fullmatch(word) for word in words) and any(b"." in w for w in words)
    return eps if decimals else None


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
    found, eps = judge_of(task["url"]), tolerance(task)
    how = f"float {eps}" if eps else found[0].mode if found else TOKENS
    if task["interactive"]:
        how = f"interactor python3 checkers/{name}_interactor.py"
    rest = f"; {decimal(task['timeLimit'] / 1000)} s; {decimal(task['memoryLimit'])} MiB; {how}"
    rest += "" if task["interactive"] else io_fields(task)
    judge = f"{found[0].label} {found[1]}" if found else f"{group.split(' - ')[0]} {title}"
    judge = judge.replace(";", ",").strip()  # a ; would end the name: the grammar's separator
    judge = judge[: max(WIDTH - len("Judge: " + rest), 12)].rstrip()  # on one line if it can
    return lines, f"Judge: {judge}{rest}"


def io_fields(task):
    """The Judge: line's `; input NAME; output NAME` for a payload's input and output that are
    files ({"type": "file", "fileName": "input.txt"}); none for stdin, stdout, a regex, a name
    that is not a plain file name, or one file for both."""
    names = []
    for kind in ("input", "output"):
        where = task.get(kind)
        if isinstance(where, dict) and where.get("type") == "file":
            names.append((kind, where.get("fileName")))
    plain = [(kind, name) for kind, name in names if isinstance(name, str)]
    text = "".join(f"; {kind} {name}" for kind, name in plain if file_name_error(name) is None)
    try:
        file_fields(text)
    except ValueError:
        return ""
    return text


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
    named = "; input " in io_fields(task)  # the Judge: line names it: the runner writes it
    if isinstance(where, dict) and where.get("type") not in (None, "stdin") and not named:
        notes.append(
            f"({name}: the judge reads the input from a file, not stdin: the runner gives stdin)"
        )
    eps = tolerance(task)
    if eps:
        notes.append(
            f"({name}: its samples answer in decimals, so the Judge: line says float {eps}:"
            " put the tolerance its statement gives, if another)"
        )
    return todo, notes
