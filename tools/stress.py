"""The stress driver: a problem's random inputs, its oracle, and its solution, compared.

It uses oracle.py and gen.py of tests/NAME/ (``solve``; ``STRESS``, ``random_input``,
``kind``, ``shrink`` and optionally ``labels``: see tools/contract.py). From them:

* ``check(NAME)``, for the problem's tests: plays ``STRESS["count"]`` inputs seeded with
  ``STRESS["seed"]`` through the solution's ``solve`` in process, stops at the first
  mismatch, shrinks it and fails with input, expected and got; otherwise asserts that every
  outcome kind and label occurred in at least ``STRESS["min_count"][name]`` inputs.
* ``make stress P=NAME [N=count] [SEED=s] [PY=interpreter]`` (``python3 -m tools.stress``),
  for people: the same inputs, but the solution runs as a process on each, as a judge runs
  it. The first mismatch is shrunk, printed and saved as testcases/NAME/hack-HASH.in and
  .out (the .out from the oracle), and the exit status is 1; after N inputs with no
  mismatch it prints the outcome counts and exits 0.

Shrinking takes the first candidate of ``gen.shrink(text)`` that still fails, again and
again, until none does: the candidates are strictly smaller, so it ends.
"""

import argparse
import collections
import contextlib
import hashlib
import os
import random
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


def as_process(argv):
    """A runner that feeds text to the program argv on stdin and returns its stdout, or a
    line saying how it failed."""

    def run(text):
        try:
            done = subprocess.run(
                argv, input=text.encode(), capture_output=True, timeout=PROCESS_TIMEOUT, cwd=ROOT
            )
        except subprocess.TimeoutExpired:
            return f"<no answer within {PROCESS_TIMEOUT} s>"
        if done.returncode != 0:
            last = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
            return f"<exit status {done.returncode}: {last[0]}>"
        return done.stdout.decode(errors="replace").replace("\r\n", "\n")

    return run


def inputs(gen, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        yield gen.random_input(rng)


def play(name, run, count, seed, jobs=1):
    """Play count inputs; return (inputs that agreed, the counts of their outcome kinds, the
    counts of their labels, the first failing input or None)."""
    gen, oracle = tooling(name, "gen"), tooling(name, "oracle")
    labels = getattr(gen, "labels", lambda text, output: ())
    agreed, kinds, more = 0, collections.Counter(), collections.Counter()
    texts = inputs(gen, count, seed)
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


def shrink(name, run, text):
    """The smallest input reachable from text through gen.shrink that still fails."""
    gen, oracle = tooling(name, "gen"), tooling(name, "oracle")
    progress = True
    while progress:
        progress = False
        for smaller in gen.shrink(text):
            if run(smaller) != oracle.solve(smaller):
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


def check(name, solve=None):
    """The stress test of a problem, in process (see the module docstring)."""
    stress = tooling(name, "gen").STRESS
    run = in_process(solve or load_solution(name).solve)
    agreed, kinds, more, failing = play(name, run, stress["count"], stress["seed"])
    counts = kinds + more
    if failing is not None:
        small = shrink(name, run, failing)
        raise AssertionError(
            f"{name}: the solution differs from the oracle after {agreed} "
            f"agreeing inputs (seed {stress['seed']}); shrunk:\n{describe(name, run, small)}"
        )
    print(f"{name}: {agreed} inputs agree; {summary(kinds, more)}")
    rare = {
        label: f"{counts[label]} < {least}"
        for label, least in stress["min_count"].items()
        if counts[label] < least
    }
    assert not rare, f"{name}: outcomes too rare: {rare}"


def save_hack(name, text, folder):
    """Write text and the oracle's answer as folder/hack-HASH.in and .out; return the stem."""
    stem = "hack-" + hashlib.sha256(text.encode()).hexdigest()[:8]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / (stem + ".in")).write_bytes(text.encode())
    (folder / (stem + ".out")).write_bytes(tooling(name, "oracle").solve(text).encode())
    return folder / stem


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="make stress P=NAME",
        description="Random inputs through the oracle and the solution, run as a process; "
        "the first mismatch is shrunk and saved as a testcase.",
    )
    parser.add_argument("name", metavar="NAME", help="the problem (solutions/NAME.py)")
    parser.add_argument("-n", type=int, default=1000, help="inputs to play (default 1000)")
    parser.add_argument("--seed", type=int, help="random seed (default: the stress test's)")
    parser.add_argument("--python", default=sys.executable, help="interpreter to run it with")
    parser.add_argument("--solution", type=Path, help="program (default: solutions/NAME.py)")
    parser.add_argument("--save-to", type=Path, help="hack folder (default: testcases/NAME)")
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1, help="processes at once")
    args = parser.parse_args(argv)
    if args.name not in problems():
        parser.error(f"no problem {args.name!r}: the problems are {', '.join(problems())}")
    lacking = missing(args.name, files=FOR_STRESS)
    if lacking:
        parser.error("; ".join(lacking))
    solution = args.solution or ROOT / "solutions" / (args.name + ".py")
    if not solution.is_file():
        parser.error(f"no such file: {solution}")
    seed = tooling(args.name, "gen").STRESS["seed"] if args.seed is None else args.seed
    run = as_process([args.python, str(solution.resolve())])
    start = time.perf_counter()
    agreed, kinds, more, failing = play(args.name, run, args.n, seed, max(1, args.j))
    if failing is None:
        print(
            f"{args.n} inputs (seed {seed}), no mismatch, {time.perf_counter() - start:.1f} s; "
            f"{summary(kinds, more)}"
        )
        return 0
    print(f"mismatch after {agreed} agreeing inputs (seed {seed}); shrinking ...")
    small = shrink(args.name, run, failing)
    print(describe(args.name, run, small))
    saved = save_hack(args.name, small, args.save_to or TESTCASES / args.name)
    with contextlib.suppress(ValueError):  # shown whole when outside the current folder
        saved = saved.relative_to(Path.cwd())
    print(f"saved as {saved}.in and .out ({len(small.encode())} bytes of input)")
    return 1


if __name__ == "__main__":
    sys.exit(main())
