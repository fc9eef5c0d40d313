"""The mutation score: how many one-token changes of a solution the testcases reject.

`make mutants [P=NAME]` runs ``python3 -m maint.mutants [NAME...]`` (no NAME: every problem
that declares itself complete, maint/checks.py). A mutant is
solutions/NAME.py with one change outside its ``__main__`` block (see ``changes``), named
``L<line>:<column> <change>``, e.g. ``L34:12 < -> <=``. The stress test kills it if its
``solve`` differs from the oracle, raises or runs out of time on one of the stress test's
inputs (cached with the oracle's answers in .mutants-cache/). The testcases kill it if its
``__main__`` block, run in process on one testcases/NAME/*.in, gives an output the runner
does not accept (exact, CRLF read as LF), raises, exits non-zero or runs out of time.

Per problem it prints the score (the share of the mutants killed by the stress test that the
testcases kill too), the survivors with the shortest stress input that kills each, shrunk,
the mutants the stress test does not kill that tests/NAME/equivalent_mutants.txt does not
list (``ID  reason`` lines, # comments), and how many programs of the wrong-answer corpus
tests/NAME/wrong/ the testcases reject (run in process as the mutants are). It closes with
the table of these figures that docs/mutation.md shows.

The exit status is 1 when a mutant is neither killed nor listed as equivalent, or one listed
is killed; with ``--check`` (CI's mutation check) also when a problem's row differs from
docs/mutation.md's, a lower score say, or a wrong program that passes; 2 for a usage error; else 0.

`make mutants JUDGE=1` (``--judge``) measures the judge cases alone: only the mutants
outside the solution's input layer (see ``input_layer``), the stress test's inputs drawn in
judge mode (``random_input(rng, judge=True)``, cached apart), and only the testcases named
judge-*. A mutant of the input layer may well matter only for the inputs this repo adds,
which the judge never sends; one of the game's logic must be killed by the judge's cases.
Its table is docs/mutation.md's second one, checked the same way.
"""

import argparse
import collections
import contextlib
import hashlib
import io
import json
import multiprocessing
import os
import sys
import time
from multiprocessing.connection import wait

from judge import JUDGE_PREFIX, parse_mode
from maint.checks import complete
from maint.mutate import compiled, mutants, outside_input_layer
from maint.mutation_page import (
    COLUMNS,
    JUDGE_COLUMNS,
    judge_report,
    page_rows,
    report,
    table,
    wrong_programs,
)
from tools.contract import FOR_STRESS, missing
from tools.play import in_process, inputs
from tools.problem import ROOT, problems, run_tool, tooling
from tools.shrink import shrink

SOLUTIONS, TESTCASES = ROOT / "solutions", ROOT / "testcases"

CACHE = ROOT / ".mutants-cache"
MEMORY_LIMIT = 3 << 30  # bytes of address space for a worker: a mutant may allocate forever


Problem = collections.namedtuple("Problem", "name text every cases pairs wrong judge")


def run_main(code, data):
    """The output of the code's ``__main__`` block with data on stdin, or None if it exits
    with a non-zero status."""
    out = io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", newline="\n")
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"), stdout
    try:
        exec(code, {"__name__": "__main__"})
    except SystemExit as end:
        if end.code not in (None, 0):
            return None
    finally:
        sys.stdin, sys.stdout = saved
    stdout.flush()
    return out.getvalue()


def first_failing_case(code, cases):
    """The name of the first testcase the code does not pass, or None."""
    for name, data, expected in cases:
        try:
            got = run_main(code, data)
        except Exception:
            got = None
        if got is None or parse_mode("exact").verdict(expected, got) != "AC":
            return name
    return None


def first_failing_input(code, pairs, progress):
    """The index of the first (input, oracle answer) pair the code's solve gets wrong."""
    solve = mutant_solve(code)
    for index, (text, expected) in enumerate(pairs):
        progress.value = index
        with contextlib.suppress(Exception):
            if solve(text) == expected:
                continue
        return index
    return None


def mutant_solve(code):
    space = {"__name__": "mutant"}
    exec(code, space)
    return space["solve"]


def work(conn, progress, task, problem):
    """In a worker process: one task (phase, mutant index or -1); sends its answer."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    (phase, index), path = task, str(SOLUTIONS / (problem.name + ".py"))
    try:
        if phase == "wrong":  # a program of the wrong-answer corpus on the testcases
            program = problem.wrong[index]
            sys.path.insert(0, str(program.parent))  # as when it runs: it may import from there
            conn.send(
                first_failing_case(compile(program.read_bytes(), program, "exec"), problem.cases)
            )
            return
        code = compiled(problem.text, problem.every[index], path) if index >= 0 else None
        code = code or compile(problem.text, path, "exec")
        if phase == "tests":
            conn.send(first_failing_case(code, problem.cases))
        elif phase == "stress":
            conn.send(first_failing_input(code, problem.pairs, progress))
        else:  # the shortest stress input that kills a survivor, shrunk
            by_length = sorted(problem.pairs, key=lambda pair: len(pair[0]))
            text = by_length[first_failing_input(code, by_length, progress)][0]
            judge = in_process(mutant_solve(code), problem.name)
            conn.send(shrink(problem.name, judge, text, judge(text), problem.judge)[0])
    except Exception as error:  # the mutant does not even load: every check kills it
        conn.send(f"<{type(error).__name__} while loading>")


def run_tasks(tasks, limits, on_result, problem, jobs):
    """Run the tasks of a deque, each in a new process with a time limit for its phase, jobs
    at once; on_result(task, answer, stress input index reached) may add tasks."""
    context = multiprocessing.get_context("fork" if hasattr(os, "fork") else None)
    running = {}
    while tasks or running:
        while tasks and len(running) < jobs:
            task, (ours, theirs) = tasks.popleft(), context.Pipe(False)
            progress = context.RawValue("i", -1)
            args = (theirs, progress, task, problem)
            process = context.Process(target=work, args=args, daemon=True)
            process.start()
            theirs.close()
            running[ours] = (process, task, time.monotonic() + limits[task[0]], progress)
        deadline = min(end for _, _, end, _ in running.values())
        for conn in wait(list(running), max(0.0, deadline - time.monotonic())):
            process, task, _, progress = running.pop(conn)
            try:
                answer = conn.recv()
            except (EOFError, OSError):
                answer = "<crashed>"
            process.join()
            on_result(task, answer, progress.value)
        for conn, (process, task, end, progress) in list(running.items()):
            if time.monotonic() > end:
                process.kill()
                process.join()
                del running[conn]
                on_result(task, "<timed out>", progress.value)


def oracle_answer(name, text):
    return tooling(name, "oracle").solve(text)


def stress_pairs(name, jobs, judge=False):
    """The stress test's (input, oracle answer) pairs, in the test's order (judge-mode
    inputs with judge=True), from the cache (keyed by a hash of tests/NAME/) or computed on
    jobs processes and cached."""
    digest = hashlib.sha256(
        b"judge mode inputs in stress order" if judge else b"inputs in stress order"
    )
    for path in sorted((ROOT / "tests" / name).glob("*.py")):
        if not path.name.startswith("test_"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    cached = CACHE / f"{name}{'-judge' if judge else ''}-{digest.hexdigest()[:16]}.json"
    if cached.is_file():
        return [tuple(pair) for pair in json.loads(cached.read_text(encoding="utf-8"))]
    gen = tooling(name, "gen")
    texts = list(inputs(gen, gen.STRESS["count"], gen.STRESS["seed"], judge))
    with multiprocessing.get_context().Pool(jobs) as pool:
        answers = pool.starmap(oracle_answer, [(name, text) for text in texts], chunksize=64)
    pairs = list(zip(texts, answers))
    CACHE.mkdir(exist_ok=True)
    for old in CACHE.glob(name + "-*.json"):
        old.unlink()
    cached.write_text(json.dumps(pairs), encoding="utf-8")
    return pairs


def testcases(name, judge=False):
    """(case, input bytes, expected bytes) of every case (of the judge-* ones with
    judge=True), smallest first."""
    outs = (TESTCASES / name).glob((JUDGE_PREFIX if judge else "") + "*.out")
    found = [(out.stem, out.with_suffix(".in").read_bytes(), out.read_bytes()) for out in outs]
    return sorted(found, key=lambda case: (len(case[1]), case[0]))


def measure(name, every, jobs, chosen=None):
    """{(phase, index): answer} for every mutant (index -1 being the solution itself) and for
    every wrong program (phase "wrong"); with chosen (the judge-only measure), for those
    mutants alone, on judge-mode stress inputs and the judge cases."""
    judge = chosen is not None
    text, pairs = (SOLUTIONS / (name + ".py")).read_text("utf-8"), stress_pairs(name, jobs, judge)
    wrong = wrong_programs(name, game_logic_only=judge)
    problem = Problem(name, text, every, testcases(name, judge), pairs, wrong, judge)
    answers = {}

    def on_result(task, answer, progress):
        (phase, index), killer = task, answers.get(("stress", task[1]))
        if answer == "<timed out>" and phase == "stress" and progress >= 0:
            answer = progress  # the input it was stuck on
        if phase != "shrink" or not str(answer).startswith("<"):  # else keep the unshrunk one
            answers[phase, index] = answer
        if index >= 0 and phase == "stress" and answer is not None:
            tasks.appendleft(("tests", index))
        elif index >= 0 and phase == "tests" and answer is None:
            tasks.appendleft(("shrink", index))
            answers["shrink", index] = pairs[killer][0] if isinstance(killer, int) else killer

    started = time.perf_counter()
    tasks = collections.deque([("tests", -1), ("stress", -1)])
    run_tasks(tasks, {"tests": 600, "stress": 600}, on_result, problem, jobs)
    if answers["tests", -1] is None and answers["stress", -1] is None:
        # seconds per mutant and phase: a mutant that runs every input (an equivalent one) must
        # not meet it on a busy machine, where a run takes longer than the first one here
        limit = 5 + 6 * (time.perf_counter() - started)
        tasks.extend(("wrong", i) for i in range(len(wrong)))
        tasks.extend(("stress", i) for i in (range(len(every)) if chosen is None else chosen))
        limits = {"tests": limit, "stress": limit, "shrink": 60, "wrong": limit}
        run_tasks(tasks, limits, on_result, problem, jobs)
    return answers


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="make mutants [P=NAME] [JUDGE=1]", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help="problems (default: the complete ones)"
    )
    parser.add_argument("-j", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--list", action="store_true", help="only list the mutants' ids")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 unless each row is docs/mutation.md's, as well"
    )
    parser.add_argument(
        "--judge",
        action="store_true",
        help="the judge cases alone: mutants outside the input layer, judge-mode stress inputs "
        "and the judge-* testcases",
    )
    args = parser.parse_args(argv)
    columns = JUDGE_COLUMNS if args.judge else COLUMNS
    for name in set(args.names) - set(problems()):
        parser.error(f"no problem {name!r}: solutions/{name}.py or its testcases are missing")
    rows, faults, expected = [], [], page_rows(columns)
    for name in args.names or complete():
        text = (SOLUTIONS / (name + ".py")).read_text(encoding="utf-8")
        every = mutants(text)
        chosen = outside_input_layer(text, every) if args.judge else None
        lacking = missing(name, files=FOR_STRESS)
        if args.list:
            listed = every if chosen is None else [every[i] for i in chosen]
            print("".join(f"{name} {mutant.id}\n" for mutant in listed), end="")
        elif lacking:
            print(f"{name}: skipped, " + "; ".join(lacking))
            faults.append(f"{name}: no score, " + "; ".join(lacking))
        else:
            wall, cpu = time.perf_counter(), sum(os.times()[:4])  # CPU: with the workers'
            answers = measure(name, every, max(1, args.j), chosen)
            wall, cpu = time.perf_counter() - wall, sum(os.times()[:4]) - cpu
            took = f"{wall:.0f} s, CPU {cpu:.0f} s"
            if args.judge:
                row, found = judge_report(name, every, answers, took, chosen)
            else:
                row, found = report(name, every, answers, took)
            rows.append(row)
            faults += found
            if args.check and expected.get(name) != row:
                shown = expected.get(name)
                faults.append(f"{name}: docs/mutation.md's row is {shown!r}, not {row!r}")
            sys.stdout.flush()
    if rows:
        print("", table(rows, columns), sep="\n")
    if faults:
        print("", *faults, sep="\n")
    return 1 if faults else 0


if __name__ == "__main__":
    run_tool(main)
