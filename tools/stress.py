"""The stress driver: a problem's random inputs, its oracle, and its solution, compared.

It uses oracle.py, validate.py and gen.py of tests/NAME/ (``solve``; ``why_extended``;
``STRESS``, ``random_input(rng, judge=False)``, ``kind``, ``shrink``, and optionally
``labels`` and ``EXTENDED_LABELS``: see tools/contract.py). ``random_input(rng, judge=True)``
draws judge cases only: the judge's layout, sizes and number ranges. From them:

* ``check(NAME)``, for the problem's tests: plays ``STRESS["count"]`` inputs seeded with
  ``STRESS["seed"]`` through the solution's ``solve`` in process, stops at the first
  mismatch, shrinks it and fails with input, expected and got; otherwise asserts that every
  outcome kind and label occurred in at least ``STRESS["min_count"][name]`` inputs.
  With ``judge=True`` it plays judge-mode inputs (``count`` of them, the minimum counts
  scaled to that many and without ``EXTENDED_LABELS``).
* ``make stress P=NAME [N=count] [SEED=s] [PY=interpreter] [SOLUTION=program] [JUDGE=1]``
  (``python3 -m tools.stress``), for people: the same inputs (judge-mode ones with JUDGE=1),
  but the solution runs as a process on each, as a judge runs it. The first mismatch is
  shrunk, printed and saved as testcases/NAME/hack-HASH.in and .out (the .out from the
  oracle; judge-hack-HASH when the input is one the judge could send), and the exit status
  is 1; after N inputs with no
  mismatch it prints the outcome counts and exits 0.

Shrinking takes the first candidate that still fails, again and again, until none does: the
candidates of ``gen.shrink(text)``, which rebuild the input in a plain layout, then ones
that keep the layout (``layout_shrinks``: whole lines, then single words, deleted in place),
so that a failure that needs CRLF, say, shrinks too. Every candidate is shorter or, from
gen.shrink, smaller by the problem's own measure, and none is tried twice, so it ends. In
judge mode only the candidates the judge could send are kept.
"""

import argparse
import collections
import contextlib
import hashlib
import itertools
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tools.contract import FOR_STRESS, ROOT, load_solution, missing, problems, tooling

TESTCASES = ROOT / "testcases"

PROCESS_TIMEOUT = 10  # seconds for one input when the solution runs as a process


def in_process(solve):
    """solve(text) as a runner: its output, or a line saying what it raised."""

    def run(text):
        try:
            return solve(text)
        except Exception as error:  # a crash is an answer that differs, shown as such
            return f"<raised {type(error).__name__}: {error}>"

    return run


def as_process(argv, cwd=ROOT):
    """A runner that feeds text to the program argv, run in the folder cwd, on stdin and
    returns its stdout, or a line saying how it failed."""

    def run(text):
        try:
            done = subprocess.run(
                argv, input=text.encode(), capture_output=True, timeout=PROCESS_TIMEOUT, cwd=cwd
            )
        except subprocess.TimeoutExpired:
            return f"<no answer within {PROCESS_TIMEOUT} s>"
        if done.returncode != 0:
            last = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
            return f"<exit status {done.returncode}: {last[0]}>"
        return done.stdout.decode(errors="replace").replace("\r\n", "\n")

    return run


def inputs(gen, count, seed, judge=False):
    """The generator's first count inputs from seed: judge-mode ones with judge=True (the
    default stream is drawn exactly as before judge mode existed)."""
    rng = random.Random(seed)
    for _ in range(count):
        yield gen.random_input(rng, judge=True) if judge else gen.random_input(rng)


def min_counts(gen, judge=False, count=None):
    """STRESS["min_count"], for judge mode without EXTENDED_LABELS, and scaled down to count
    inputs when fewer than STRESS["count"] are played."""
    stress, extended = gen.STRESS, set(getattr(gen, "EXTENDED_LABELS", ()) if judge else ())
    share = 1 if count is None else min(1, count / stress["count"])
    return {
        label: int(least * share)
        for label, least in stress["min_count"].items()
        if label not in extended
    }


def is_judge_case(name, text):
    """Whether the judge could send text (tests/NAME/validate.py)."""
    return tooling(name, "validate").why_extended(text.encode()) is None


def play(name, run, count, seed, jobs=1, judge=False):
    """Play count inputs; return (inputs that agreed, the counts of their outcome kinds, the
    counts of their labels, the first failing input or None)."""
    gen, oracle = tooling(name, "gen"), tooling(name, "oracle")
    labels = getattr(gen, "labels", lambda text, output: ())
    agreed, kinds, more = 0, collections.Counter(), collections.Counter()
    texts = inputs(gen, count, seed, judge)
    with ThreadPoolExecutor(jobs) as pool:
        while True:
            batch = [text for _, text in zip(range(8 * jobs), texts)]
            if not batch:
                return agreed, kinds, more, None
            for text, got in zip(batch, pool.map(run, batch)):
                expected = oracle.solve(text)
                if got != expected:
                    return agreed, kinds, more, text
                agreed += 1
                kinds[gen.kind(expected)] += 1
                more.update(set(labels(text, expected)))


LINE = re.compile(r"[^\n]*\n|[^\n]+")  # a line with its line end, if it has one
WORD = re.compile(r"\S+")


def layout_shrinks(text):
    """Shorter inputs in the same layout: runs of whole lines deleted (halves first, down to
    single lines), then single words deleted where they stand, with the blanks between them
    and the word before them (the word after, for a line's first word). Line ends, other
    blanks and a byte-order mark stay as they are."""
    lines = LINE.findall(text)
    size = len(lines) // 2
    while size:
        for start in range(0, len(lines), size):
            yield "".join(lines[:start] + lines[start + size :])
        size //= 2
    at = 0
    for line in lines:
        spans = [word.span() for word in WORD.finditer(line.rstrip("\r\n"))]
        for i, (start, end) in enumerate(spans):
            if i > 0:
                start = spans[i - 1][1]
            elif len(spans) > 1:
                end = spans[1][0]
            yield text[: at + start] + text[at + end :]
        at += len(line)


def until_error(candidates):
    """The candidates, up to the first one whose making raises (gen.shrink reads its input
    as the oracle does, and a layout candidate may be no input of the problem at all)."""
    with contextlib.suppress(Exception):
        yield from candidates


def shrink(name, run, text, judge=False):
    """The smallest input reachable from text through gen.shrink's candidates, then
    layout_shrinks', that still fails; in judge mode only judge cases are tried, and never
    one the oracle rejects (it raises: no input of the problem)."""
    gen, oracle = tooling(name, "gen"), tooling(name, "oracle")
    seen, progress = {text}, True
    while progress:
        progress = False
        for smaller in itertools.chain(until_error(gen.shrink(text)), layout_shrinks(text)):
            if smaller in seen or (judge and not is_judge_case(name, smaller)):
                continue
            seen.add(smaller)
            try:
                expected = oracle.solve(smaller)
            except Exception:  # the oracle's way to say the input is outside the problem
                continue
            if run(smaller) != expected:
                text, progress = smaller, True
                break
    return text


def describe(name, run, text):
    expected = tooling(name, "oracle").solve(text)
    return f"input    {text!r}\nexpected {expected!r}\ngot      {run(text)!r}"


def listed(counts):
    return ", ".join(f"{key} {n}" for key, n in sorted(counts.items()))


def summary(kinds, more):
    """The outcome kinds on one line, and the labels, if any, on the next."""
    return f"outcomes: {listed(kinds)}" + (f"\nlabels: {listed(more)}" if more else "")


def check(name, solve=None, judge=False, count=None):
    """The stress test of a problem, in process (see the module docstring): count inputs
    (default STRESS["count"]), judge-mode ones with judge=True."""
    gen = tooling(name, "gen")
    stress, count = gen.STRESS, count or gen.STRESS["count"]
    run = in_process(solve or load_solution(name).solve)
    agreed, kinds, more, failing = play(name, run, count, stress["seed"], judge=judge)
    counts = kinds + more
    if failing is not None:
        small = shrink(name, run, failing, judge)
        raise AssertionError(
            f"{name}: the solution differs from the oracle after {agreed} "
            f"agreeing inputs (seed {stress['seed']}); shrunk:\n{describe(name, run, small)}"
        )
    print(f"{name}: {agreed} inputs agree; {summary(kinds, more)}")
    rare = {
        label: f"{counts[label]} < {least}"
        for label, least in min_counts(gen, judge, count).items()
        if counts[label] < least
    }
    assert not rare, f"{name}: outcomes too rare: {rare}"


def hack_stem(name, text):
    """hack-HASH, or judge-hack-HASH when the judge could send text."""
    judge = (ROOT / "tests" / name / "validate.py").is_file() and is_judge_case(name, text)
    return ("judge-hack-" if judge else "hack-") + hashlib.sha256(text.encode()).hexdigest()[:8]


def save_hack(name, text, folder):
    """Write text and the oracle's answer as folder/STEM.in and .out (STEM from hack_stem);
    return folder/STEM."""
    stem = hack_stem(name, text)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / (stem + ".in")).write_bytes(text.encode())
    (folder / (stem + ".out")).write_bytes(tooling(name, "oracle").solve(text).encode())
    return folder / stem


class UsageError(Exception):
    """A --solution that names no program we can run."""


def program_argv(solution, python, here):
    """The command line that runs --solution: a .py file runs on python, anything else is a
    command line, split as a shell would, whose program (its first word) is a file of the
    folder here (a.out, ./a.out, build/mine), or else found on PATH (pypy3, java). A path
    with spaces may be given whole, unquoted, when it names an existing file."""
    whole = Path(here, solution)
    if whole.is_file() and (whole.suffix == ".py" or os.access(str(whole), os.X_OK)):
        words = [solution]
    else:
        try:
            words = shlex.split(solution, posix=os.name != "nt")
        except ValueError as error:
            raise UsageError(f"--solution {solution}: {error}") from None
        words = [word.strip('"') for word in words] if os.name == "nt" else words
    if not words:
        raise UsageError("--solution is empty")
    program, rest = words[0], words[1:]
    if program.endswith(".py"):
        path = Path(here, program)
        if not path.is_file():
            raise UsageError(f"--solution: no such file: {path}")
        return [python, str(path.resolve()), *rest]
    here_path = Path(here, program)
    has_folder = os.sep in program or (os.altsep and os.altsep in program)
    if has_folder or here_path.is_file():
        if not here_path.is_file():
            raise UsageError(f"--solution: no such file: {here_path}")
        if not os.access(str(here_path), os.X_OK):
            raise UsageError(
                f"--solution: {here_path} is not executable (a .py file runs on --python)"
            )
        return [str(here_path.resolve()), *rest]
    found = shutil.which(program)
    if found is None:
        raise UsageError(f"--solution: no program {program} here or on PATH")
    return [found, *rest]


def shown(argv):
    """The command line as the first line prints it: the driver's own Python by its name,
    paths under the current folder relative to it."""
    words = [Path(sys.executable).name if argv[0] == sys.executable else argv[0], *argv[1:]]
    for i, word in enumerate(words):
        with contextlib.suppress(ValueError):
            if os.path.isabs(word):
                relative = str(Path(word).relative_to(Path.cwd()))
                words[i] = relative if os.sep in relative or i > 0 else "." + os.sep + relative
    return shlex.join(words)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="make stress P=NAME",
        description="Random inputs through the oracle and the solution, run as a process; "
        "the first mismatch is shrunk and saved as a testcase.",
    )
    parser.add_argument("name", metavar="NAME", help="the problem (solutions/NAME.py)")
    parser.add_argument("-n", type=int, default=1000, help="inputs to play (default 1000)")
    parser.add_argument("--seed", type=int, help="random seed (default: the stress test's)")
    parser.add_argument("--python", default=sys.executable, help="interpreter of a .py program")
    parser.add_argument(
        "--solution",
        metavar="PROGRAM",
        help="a .py file (run on --python) or a command line, e.g. ./a.out, run from the "
        "current folder (default: solutions/NAME.py)",
    )
    parser.add_argument(
        "--judge",
        action="store_true",
        help="judge cases only: inputs in the judge's layout, sizes and ranges",
    )
    parser.add_argument("--save-to", type=Path, help="hack folder (default: testcases/NAME)")
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1, help="processes at once")
    args = parser.parse_args(argv)
    if args.name not in problems():
        parser.error(f"no problem {args.name!r}: the problems are {', '.join(problems())}")
    lacking = missing(args.name, files=FOR_STRESS)
    if lacking:
        parser.error("; ".join(lacking))
    if args.judge and not (ROOT / "tests" / args.name / "validate.py").is_file():
        parser.error(f"--judge: {args.name} has no tests/{args.name}/validate.py")
    solution = args.solution or str(ROOT / "solutions" / (args.name + ".py"))
    try:
        argv = program_argv(solution, args.python, Path.cwd())
    except UsageError as error:
        parser.error(str(error))
    mode = "judge cases only" if args.judge else "judge and extended cases"
    print(f"stress {args.name} on {mode}: {shown(argv)}")
    sys.stdout.flush()
    seed = tooling(args.name, "gen").STRESS["seed"] if args.seed is None else args.seed
    # Your own program runs from the folder you call from, so that the rest of a command line
    # ("python3 mine.py", "java -cp build Main") means what it means in your shell.
    run = as_process(argv, ROOT if args.solution is None else Path.cwd())
    start = time.perf_counter()
    agreed, kinds, more, failing = play(args.name, run, args.n, seed, max(1, args.j), args.judge)
    if failing is None:
        print(
            f"{args.n} inputs (seed {seed}), no mismatch, {time.perf_counter() - start:.1f} s; "
            f"{summary(kinds, more)}"
        )
        return 0
    print(f"mismatch after {agreed} agreeing inputs (seed {seed}); shrinking ...")
    sys.stdout.flush()
    small = shrink(args.name, run, failing, args.judge)
    if small == failing:
        print("could not shrink: saving the input as drawn")
    expected, got = tooling(args.name, "oracle").solve(small), run(small)
    print(f"input    {small!r}\nexpected {expected!r}\ngot      {got!r}")
    if got == expected:
        print("the program agreed with the oracle when run again on this input: nothing saved")
        return 1
    saved = save_hack(args.name, small, args.save_to or TESTCASES / args.name)
    with contextlib.suppress(ValueError):  # shown whole when outside the current folder
        saved = saved.relative_to(Path.cwd())
    print(f"saved as {saved}.in and .out ({len(small.encode())} bytes of input)")
    return 1


if __name__ == "__main__":
    sys.exit(main())
