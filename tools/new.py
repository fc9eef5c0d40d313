"""Start a new problem: `make new P=NAME`, that is ``python3 -m tools.new NAME``.

Writes solutions/NAME.py, a solution of a + b with the header every solution opens with
(its lines to fill say TODO), and testcases/NAME/judge-sample-1.in with its .out (a sample
of the statement is an input the judge sends: a judge case). That is a problem at the
first level of tools/contract.py, judged: `python3 runner.py NAME` judges it at once, and
`make test` passes once the header says no more TODO. Nothing is overwritten: a NAME that
is taken is a usage error (exit status 2).

`make new LISTEN=1 [PORT=N] [P=NAME]` (``--listen``) waits for a problem from the
Competitive Companion browser extension instead (or a contest's problems, when a click sends
them all), and writes it with the judge's samples and limits: tools/companion_listener.py
takes what the extension sends, tools/companion_payload.py makes it a problem.
"""

import argparse
import importlib.util
import os
import shutil
import sys
import tempfile
import time

from judge import JUDGE_PREFIX, problem_name_error
from tools import companion_listener, companion_payload
from tools.problem import ROOT, known

SOLUTION = '''"""
Problem: TODO the problem's title, its judge and its id.
Judge: TODO the judge and id; 2 s; 256 MiB; exact
Description: TODO what the input holds and what to print, in a few lines.
Idea: TODO the idea of the solution, for someone who retypes it in a contest.
Time: TODO O(n).
Memory: TODO O(n).
Status: testcases/NAME.
"""

import sys


def solve(text):
    """The output for one input, both as text."""
    a, b = map(int, text.split())
    return f"{a + b}\\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode()))
'''

FILL = """  - fill the header's TODO lines first (those of Problem:, Judge:, Description:, Idea:,
    Time: and Memory: that say TODO) and {code} in solutions/{name}.py (the Judge: line gives
    the judge's time limit, memory limit and mode: exact, jutge, tokens, loose or float EPS)
"""
SAMPLES = """  - put the statement's samples in testcases/{name}/ as {prefix}sample-N.in and .out,
    and more cases as CASE.in and CASE.out ({prefix}CASE when the judge could send it)
"""
STEPS = """  - then python3 runner.py {name}       judge it
  - python3 -m tools.contract {name}    the level it reaches, and what the next one needs
  - make test                           it fails while a header line says TODO
"""

name_error = problem_name_error


def taken(name, root):
    """Why NAME cannot be a new problem under root, or None."""
    why = name_error(name)
    if why:
        return why
    same = [other for other in known(root) if other.lower() == name.lower()]
    if same:  # in any case: on a case-insensitive disk A and a are one file
        found = same[0]
        return f"{found!r} is a problem already: see solutions/{found}.py and testcases/{found}/"
    for path in (f"solutions/{name}.py", f"testcases/{name}", f"tests/{name}", f"tests/{name}.py"):
        if (root / path).exists():
            return f"{path} exists already"
    if importlib.util.find_spec(name) is not None:
        return f"{name!r} is the name of a module Python finds already: pick another"
    return None


def write_problem(root, name, solution, samples):
    """Write solutions/NAME.py and one judge sample case per (input, output) under root,
    never over an existing file, and whole or not at all: into a temporary folder under
    root first, then moved into place (what was moved is taken back if a later move fails).
    The paths written, relative to root, as text."""
    files = {f"solutions/{name}.py": solution.encode("utf-8")}  # a lone surrogate fails here
    for number, (given, answer) in enumerate(samples, 1):
        stem = f"testcases/{name}/{JUDGE_PREFIX}sample-{number}"
        files.update({stem + ".in": given.encode("utf-8"), stem + ".out": answer.encode("utf-8")})
    staging = tempfile.mkdtemp(prefix=".make-new-", dir=str(root))
    made = []  # what is in place, the folders made for it first
    try:
        for path, data in files.items():
            os.makedirs(os.path.join(staging, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(staging, path), "xb") as file:
                file.write(data)
        for path in [f"testcases/{name}"] * bool(samples) + [f"solutions/{name}.py"]:
            target = root / path
            if not target.parent.is_dir():
                target.parent.mkdir()
                made.append(target.parent)
            if os.path.lexists(str(target)):  # a rename would replace it on POSIX
                raise FileExistsError(f"{path} exists already")
            os.rename(os.path.join(staging, path), str(target))
            made.append(target)
    except BaseException:
        for target in reversed(made):
            if target.is_dir():
                shutil.rmtree(str(target))
            else:
                target.unlink()
        raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return list(files)


def make(name, root=ROOT):
    """Write the new problem's two places under root; the paths written."""
    made = write_problem(root, name, SOLUTION.replace("NAME", name), [("1 2\n", "3\n")])
    return [root / path for path in made]


def listen(root, name, port, ready=None):
    """Wait for a problem from Competitive Companion on port and write it, as NAME when given
    (else named by companion_payload.problem_name). When it is one of a contest's batch, the
    rest are waited for too, each written as it comes, until they all came or none came for
    companion_listener.BATCH_WAIT seconds. The exit status: 2 when a problem could not be
    written or did not come, else 0."""

    def listening(port):
        print(f"waiting for a problem from Competitive Companion on port {port} (Ctrl-C: stop)")
        sys.stdout.flush()
        if ready:
            ready(port)

    with companion_listener.listening(port, listening) as bodies:
        try:
            first = companion_payload.payload(companion_listener.next_body(bodies))
        except companion_payload.Refused as error:
            return fail(error)
        batch, size = companion_payload.batch_of(first)
        if name and size > 1:
            print(f"(P={name} names one problem: the {size - 1} more of its contest are not taken)")
            size = 1
        written, came, stopped = [write_task(root, first, name)], 1, False
        try:
            for task in batch_payloads(bodies, batch, size - 1):
                came += task is not None
                written.append(write_task(root, task, name) if task else None)
        except KeyboardInterrupt:
            stopped = True
    problems = [problem for problem in written if problem]
    if came < size:
        names = ", ".join(name for name, _ in problems) or "none written"
        why = "before Ctrl-C" if stopped else f"within {companion_listener.BATCH_WAIT:g} s"
        fail(
            f"{size - came} of the contest's {size} problems did not come {why} ({came} did: "
            f"{names}): click on their pages"
        )
    if problems:
        closing(problems)
    return 130 if stopped else 0 if came == size and all(written) else 2


def batch_payloads(bodies, batch, wanted):
    """The payloads of the batch's other problems as they come, up to wanted of them, until
    none came for companion_listener.BATCH_WAIT seconds. A payload refused is said, and is a
    None; a problem of another batch is said and left out."""
    while wanted:
        deadline = time.monotonic() + companion_listener.BATCH_WAIT
        body = companion_listener.next_body(bodies, deadline)
        if body is None:
            return
        try:
            task = companion_payload.payload(body)
        except companion_payload.Refused as error:
            fail(error)
            yield None
            continue
        if companion_payload.batch_of(task)[0] != batch:
            fail("a problem of another click came amid the contest's: not taken")
            continue
        wanted -= 1
        yield task


def write_task(root, task, given):
    """Write the problem of a payload's JSON object: (its name, the task); else one line
    on stderr, and None."""
    try:
        task = companion_payload.task_of(task)
        usable = lambda name: importlib.util.find_spec(name) is None  # noqa: E731
        name = given or companion_payload.problem_name(task, usable)
        why = taken(name, root)
        if why:
            raise companion_payload.Refused(why + ("" if given else ": give one with P=NAME"))
        text = companion_payload.solution(task, name, SOLUTION)
        made = write_problem(root, name, text, companion_payload.samples(task))
    except companion_payload.Refused as error:
        fail(f"{shown_name(task)}{error}")
        return None
    except (OSError, UnicodeError) as error:
        fail(f"{shown_name(task)}cannot write the problem: {error}")
        return None
    print(f"made {', '.join(made)}", flush=True)
    return name, task


def shown_name(task):
    """Which problem a failure is about, as the start of its line: when its title is known."""
    title = task.get("name") if isinstance(task, dict) else None
    if isinstance(title, str) and title.strip():
        return f"{companion_payload.plain(title, 60)}: "
    return ""


def closing(written):
    """What is next, once every problem came: for one problem by its name, for several by
    NAME, each of them."""
    todo, notes = [], []
    for name, task in written:
        more, said = companion_payload.closing(task, name, JUDGE_PREFIX)
        todo, notes = todo + more, notes + said
    names = [name for name, _ in written]
    name = names[0] if len(names) == 1 else "NAME"
    if len(names) > 1:
        todo.append(f"  and for NAME each of {', '.join(names)}:")
    code = "main()" if all(task["interactive"] for _, task in written) else "solve()"
    print("next:", *todo, *filled(FILL + STEPS, name, code).splitlines(), *notes, sep="\n")


def filled(template, name, code="solve()"):
    return template.format(name=name, prefix=JUDGE_PREFIX, code=code)


def said(made, lines):
    """Print what was made, then the lines of what is next."""
    print(f"made {', '.join(made)}", "next:", *lines, sep="\n")


def parse(argv):
    parser = argparse.ArgumentParser(
        usage="make new P=NAME, or make new LISTEN=1 [PORT=N] [P=NAME]",
        description=__doc__.split("\n")[0],
    )
    parser.add_argument("name", metavar="NAME", nargs="?", help="the new problem's name")
    parser.add_argument(
        "--listen", action="store_true", help="wait for a problem from Competitive Companion"
    )
    parser.add_argument(
        "--port",
        type=companion_listener.port_number,
        default=companion_listener.PORT,
        help=f"the port to listen on (default {companion_listener.PORT}; 0: any free one)",
    )
    args = parser.parse_args(argv)
    if args.name is None and not args.listen:
        parser.error("name the problem (P=NAME), or wait for one with LISTEN=1")
    return args


def fail(message):
    """One line on stderr, and the usage error's status."""
    print(f"make new: {message}", file=sys.stderr)
    return 2


def main(argv=None, root=ROOT, ready=None):
    """ready(port), when given, is called once the listener listens (for the tests)."""
    args = parse(argv)
    why = None if args.name is None else taken(args.name, root)
    if why:
        return fail(why)
    try:
        if args.listen:
            return listen(root, args.name, args.port, ready)
        made = [path.relative_to(root).as_posix() for path in make(args.name, root)]
    except companion_payload.Refused as error:
        return fail(error)
    except OSError as error:
        return fail(f"cannot write the problem: {error}")
    except KeyboardInterrupt:
        print("make new: stopped: no problem was received", file=sys.stderr)
        return 130
    said(made, filled(FILL + SAMPLES + STEPS, args.name).splitlines())
    return 0


if __name__ == "__main__":
    sys.exit(main())
