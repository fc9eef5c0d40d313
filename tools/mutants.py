"""The mutation score: how many one-token changes of a solution the testcases reject.

`make mutants [P=NAME]` runs ``python3 -m tools.mutants [NAME...]`` (no NAME: every problem
that declares itself complete, tools/contract.py). A mutant is
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
import ast
import collections
import contextlib
import hashlib
import io
import itertools
import json
import multiprocessing
import os
import re
import sys
import time
from multiprocessing.connection import wait

from tools import contract, stress
from tools.contract import ROOT

SOLUTIONS, TESTCASES = ROOT / "solutions", ROOT / "testcases"
runner = contract.load_file("runner", ROOT / "runner.py")

CACHE = ROOT / ".mutants-cache"
PAGE = ROOT / "docs" / "mutation.md"
COLUMNS = (
    "problem",
    "wrong programs, rejected",
    "mutants",
    "killed by the stress test",
    "and by the testcases",
    "score",
)
JUDGE_COLUMNS = (
    "problem",
    "game-logic wrong programs, rejected by the judge cases",
    "mutants outside the input layer",
    "killed by judge-mode stress",
    "and by the judge cases",
    "score",
)
JUDGE_PREFIX = "judge-"
MEMORY_LIMIT = 3 << 30  # bytes of address space for a worker: a mutant may allocate forever


Mutant = collections.namedtuple("Mutant", "id node field index make")
Problem = collections.namedtuple("Problem", "name text every cases pairs wrong judge")

# operator -> (its symbol, what it becomes in its mutants)
OPS = {
    ast.Lt: ("<", ast.LtE, ast.Gt), ast.LtE: ("<=", ast.Lt, ast.GtE),
    ast.Gt: (">", ast.GtE, ast.Lt), ast.GtE: (">=", ast.Gt, ast.LtE),
    ast.Eq: ("==", ast.NotEq), ast.NotEq: ("!=", ast.Eq), ast.In: ("in", ast.NotIn),
    ast.NotIn: ("not in", ast.In), ast.Is: ("is", ast.IsNot), ast.IsNot: ("is not", ast.Is),
    ast.Add: ("+", ast.Sub), ast.Sub: ("-", ast.Add), ast.Mult: ("*", ast.FloorDiv, ast.Add),
    ast.Div: ("/", ast.Mult), ast.FloorDiv: ("//", ast.Mult, ast.Mod), ast.Mod: ("%", ast.FloorDiv),
    ast.Pow: ("**", ast.Mult), ast.LShift: ("<<", ast.RShift), ast.RShift: (">>", ast.LShift),
    ast.BitOr: ("|", ast.BitAnd, ast.BitXor), ast.BitAnd: ("&", ast.BitOr),
    ast.BitXor: ("^", ast.BitOr), ast.And: ("and", ast.Or), ast.Or: ("or", ast.And),
}  # fmt: skip
CONDITIONS = {ast.If: "if", ast.While: "while", ast.IfExp: "ternary"}
UNARY = {ast.Not: "not", ast.USub: "-", ast.Invert: "~"}
STATEMENTS = (ast.Assign, ast.AugAssign, ast.Expr)  # the ones dropped in mutants


def nodes(node):
    """The node and all below it, depth first, but not the ``__main__`` block (it only does
    I/O) nor f-strings (Python 3.8 keeps no positions inside them)."""
    yield node
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and "__main__" in ast.dump(child.test):
            continue
        if not isinstance(child, ast.JoinedStr):
            yield from nodes(child)


def fields(node):
    """(field, index or None, child) for every child node."""
    for field, value in ast.iter_fields(node):
        for index, child in enumerate(value) if isinstance(value, list) else [(None, value)]:
            if isinstance(child, ast.AST):
                yield field, index, child


class Source:
    """Positions in a source text, as 1-based character columns."""

    def __init__(self, text):
        self.lines = [line.encode() for line in text.splitlines()]

    def where(self, node, offset=None, line=None):
        line, offset = line or node.lineno, node.col_offset if offset is None else offset
        return f"L{line}:{len(self.lines[line - 1][:offset].decode(errors='replace')) + 1}"

    def between(self, left, right, symbol):
        """Where the operator symbol lies, after the end of left and before right."""
        for line in range(left.end_lineno, right.lineno + 1):
            start = left.end_col_offset if line == left.end_lineno else 0
            found = self.lines[line - 1].split(b"#")[0].find(symbol.split()[0].encode(), start)
            if found >= 0:
                return self.where(left, found, line)
        return self.where(left)


def changes(node, src):
    """(position, what, field, index, make) for each mutation of the node: the child at
    node.field[index] (or node.field) becomes make(that child)."""
    kind = type(node)
    for i, op in enumerate(node.ops if kind is ast.Compare else ()):
        old, *news = OPS[type(op)]
        where = src.between([node.left, *node.comparators][i], node.comparators[i], old)
        for new in news:
            yield where, f"{old} -> {OPS[new][0]}", "ops", i, lambda _, n=new: n()
    if kind in (ast.BinOp, ast.AugAssign, ast.BoolOp) and type(node.op) in OPS:
        (old, *news), after = OPS[type(node.op)], "=" if kind is ast.AugAssign else ""
        pair = {ast.BinOp: ("left", "right"), ast.AugAssign: ("target", "value")}.get(kind)
        pair = [getattr(node, field) for field in pair] if pair else node.values
        where = src.between(pair[0], pair[1], old + after)
        for new in news:
            yield where, f"{old}{after} -> {OPS[new][0]}{after}", "op", None, lambda _, n=new: n()
    if kind is ast.Constant and type(node.value) in (bool, int):
        news = [not node.value] if type(node.value) is bool else [node.value + 1, node.value - 1]
        for new in news:
            yield src.where(node), f"{node.value} -> {new}", "value", None, lambda _, n=new: n
    if kind in CONDITIONS:
        for new in (True, False):
            what = f"{CONDITIONS[kind]} condition -> {new}"
            yield src.where(node.test), what, "test", None, lambda _, n=new: ast.Constant(n)
    for index, test in enumerate(node.ifs if kind is ast.comprehension else ()):
        yield (
            src.where(test),
            "comprehension condition dropped",
            "ifs",
            index,
            lambda _: ast.Constant(True),
        )
    if kind is ast.Call and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
        new = "max" if node.func.id == "min" else "min"
        swap = lambda _, n=new: ast.Name(id=n, ctx=ast.Load())  # noqa: E731
        yield src.where(node), f"{node.func.id} -> {new}", "func", None, swap
    if kind is ast.Return and node.value is not None:
        yield src.where(node), "return value -> None", "value", None, lambda _: None
    for field, index, child in fields(node):
        if isinstance(child, ast.UnaryOp) and type(child.op) in UNARY:
            what = f"{UNARY[type(child.op)]} dropped"
            yield src.where(child), what, field, index, lambda old: old.operand
        if type(child) in (ast.Break, ast.Continue):
            new = ast.Continue if type(child) is ast.Break else ast.Break
            what = f"{type(child).__name__.lower()} -> {new.__name__.lower()}"
            yield src.where(child), what, field, index, lambda _, n=new: n()
        docstring = type(child) is ast.Expr and isinstance(child.value, ast.Constant)
        if type(child) in STATEMENTS and type(node) is not ast.Module and not docstring:
            yield src.where(child), "statement dropped", field, index, lambda _: ast.Pass()


def mutants(text):
    """Every mutant of a source text, in a fixed order, each id unique."""
    src, found, seen = Source(text), [], collections.Counter()
    for number, node in enumerate(nodes(ast.parse(text))):
        for where, what, field, index, make in changes(node, src):
            seen[where, what] += 1
            again = f" ({seen[where, what]})" if seen[where, what] > 1 else ""
            found.append(Mutant(f"{where} {what}{again}", number, field, index, make))
    return found


def input_layer(text):
    """The line numbers (from 1) of a solution's input layer: the code that reads the text.

    Marked, it runs from a line starting ``# The input layer`` to the first line after it
    that starts ``# The judge's logic`` or ``if __name__``. Unmarked, it is the top-level
    functions that take the text or a word of it (a parameter named text or word) and hold
    no loop, so do not play the game themselves; other code is counted as logic."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("# The input layer")), None)
    if start is not None:
        ends = ("# The judge's logic", "if __name__")
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(ends)), None)
        return set(range(start + 1, (len(lines) if end is None else end) + 1))
    found = set()
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef):
            takes_text = {arg.arg for arg in node.args.args} & {"text", "word"}
            loops = any(isinstance(inner, (ast.For, ast.While)) for inner in ast.walk(node))
            if takes_text and not loops:
                found.update(range(node.lineno, node.end_lineno + 1))
    return found


def outside_input_layer(text, every):
    """The indices of the mutants (of ``every``) whose change lies outside the input layer."""
    layer = input_layer(text)
    return [i for i, mutant in enumerate(every) if mutant_line(mutant) not in layer]


def mutant_line(mutant):
    return int(re.match(r"L(\d+):", mutant.id).group(1))


def compiled(text, mutant, filename):
    tree = ast.parse(text)
    node = next(itertools.islice(nodes(tree), mutant.node, None))
    value = getattr(node, mutant.field)
    if mutant.index is None:
        setattr(node, mutant.field, mutant.make(value))
    else:
        value[mutant.index] = mutant.make(value[mutant.index])
    return compile(ast.fix_missing_locations(tree), filename, "exec")


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
        if got is None or runner.compare(expected, got, "exact") != "AC":
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
            judge = stress.in_process(mutant_solve(code), problem.name)
            conn.send(stress.shrink(problem.name, judge, text, judge(text), problem.judge)[0])
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
    return contract.tooling(name, "oracle").solve(text)


def stress_pairs(name, jobs, judge=False):
    """The stress test's (input, oracle answer) pairs, in the test's order (judge-mode
    inputs with judge=True), from the cache (keyed by a hash of tests/NAME/) or computed on
    jobs processes and cached."""
    digest = hashlib.sha256(
        b"judge-mode inputs in stress order" if judge else b"inputs in stress order"
    )
    for path in sorted((ROOT / "tests" / name).glob("*.py")):
        if not path.name.startswith("test_"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    cached = CACHE / f"{name}{'-judge' if judge else ''}-{digest.hexdigest()[:16]}.json"
    if cached.is_file():
        return [tuple(pair) for pair in json.loads(cached.read_text(encoding="utf-8"))]
    gen = contract.tooling(name, "gen")
    texts = list(stress.inputs(gen, gen.STRESS["count"], gen.STRESS["seed"], judge))
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


def equivalents(name):
    """The ids listed in tests/NAME/equivalent_mutants.txt."""
    path = ROOT / "tests" / name / "equivalent_mutants.txt"
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    ids = [line.replace("\t", "  ").split("  ")[0].strip() for line in lines]
    return {line for line in ids if line and not line.startswith("#")}


def wrong_programs(name, game_logic_only=False):
    """The wrong-answer corpus of a problem; with game_logic_only, the programs whose bug is
    in the game's logic (docstring "Bug: ..."), not in reading extended input."""
    found = sorted((ROOT / "tests" / name / "wrong").glob("[!_]*.py"))
    if game_logic_only:
        found = [path for path in found if path.read_text("utf-8").startswith('"""Bug:')]
    return found


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


def percent(part, whole):
    score = 100.0 * part / max(1, whole)
    return f"{score:.0f}%" if score == int(score) else f"{score:.1f}%"


def report(name, every, answers, took):
    """Print the figures of one problem; return (its table row, what is wrong with it)."""
    if answers["tests", -1] is not None or answers["stress", -1] is not None:
        why = (f"{name}: the solution itself fails ({answers['tests', -1]}, stress input "
               f"{answers['stress', -1]}): no score")  # fmt: skip
        print(why)
        return f"| {name} | | | | | |", [why]
    stress = [i for i in range(len(every)) if answers["stress", i] is not None]
    tests = [i for i in stress if answers["tests", i] is not None]
    survivors = [i for i in stress if answers["tests", i] is None]
    unkilled = {every[i].id for i in range(len(every)) if answers["stress", i] is None}
    wrong = wrong_programs(name)
    passing = [path.name for i, path in enumerate(wrong) if answers["wrong", i] is None]
    listed, score = equivalents(name), percent(len(tests), len(stress))
    print(f"{name}: {len(every)} mutants, {took}; killed by the stress test "
          f"{len(stress)}, and by the testcases {len(tests)}: score {score}")  # fmt: skip
    print(f"  wrong programs rejected by the testcases: {len(wrong) - len(passing)} of "
          f"{len(wrong)}" + (f"; passing: {', '.join(passing)}" if passing else ""))  # fmt: skip
    print(f"  survivors (killed by the stress test only): {len(survivors)}")
    for i in survivors:
        print(f"    {every[i].id:<32} input {answers['shrink', i]!r}")
    missing = sorted(unkilled - listed, key=[mutant.id for mutant in every].index)
    print(f"  not killed by the stress test nor in equivalent_mutants.txt: {len(missing)}")
    print("".join(f"    {mutant}\n" for mutant in missing), end="")
    stale = sorted(listed - unkilled)
    if stale:
        print(f"  listed as equivalent but killed, or no such mutant: {stale}")
    faults = [f"{name}: {len(missing)} mutant(s) neither killed nor listed in "
              f"tests/{name}/equivalent_mutants.txt"] if missing else []  # fmt: skip
    faults += [f"{name}: listed in equivalent_mutants.txt but killed: {stale}"] if stale else []
    cells = [f"`{name}`", f"{len(wrong) - len(passing)} of {len(wrong)}", len(every)]
    cells += [len(stress), len(tests), score]
    return "| " + " | ".join(map(str, cells)) + " |", faults


def judge_report(name, every, answers, took, chosen):
    """Print the judge-only figures of one problem; return (its table row, what is wrong)."""
    if answers["tests", -1] is not None or answers["stress", -1] is not None:
        why = f"{name}: the solution itself fails on the judge cases or judge-mode stress"
        print(why)
        return f"| {name} | | | | | |", [why]
    stress = [i for i in chosen if answers["stress", i] is not None]
    tests = [i for i in stress if answers["tests", i] is not None]
    survivors = [i for i in stress if answers["tests", i] is None]
    score = percent(len(tests), len(stress))
    wrong = wrong_programs(name, game_logic_only=True)
    passing = [path.name for i, path in enumerate(wrong) if answers["wrong", i] is None]
    print(f"{name} (judge cases only): {len(chosen)} of {len(every)} mutants outside the input "
          f"layer, {took}; killed by judge-mode stress {len(stress)}, and by the judge cases "
          f"{len(tests)}: score {score}")  # fmt: skip
    print(f"  game-logic wrong programs rejected by the judge cases: "
          f"{len(wrong) - len(passing)} of {len(wrong)}"
          + (f"; passing: {', '.join(passing)}" if passing else ""))  # fmt: skip
    print(f"  survivors (killed by judge-mode stress only): {len(survivors)}")
    for i in survivors:
        print(f"    {every[i].id:<32} input {answers['shrink', i]!r}")
    cells = [f"`{name}`", f"{len(wrong) - len(passing)} of {len(wrong)}"]
    cells += [f"{len(chosen)} of {len(every)}", len(stress), len(tests), score]
    faults = [f"{name}: wrong programs pass the judge cases: {passing}"] if passing else []
    return "| " + " | ".join(map(str, cells)) + " |", faults


def table(rows, columns=COLUMNS):
    head = "| " + " | ".join(columns) + " |"
    return "\n".join([head, "| " + " | ".join("---" for _ in columns) + " |", *rows])


def page_rows(columns=COLUMNS, path=PAGE):
    """{problem: row} of docs/mutation.md's table headed by columns."""
    lines = path.read_text(encoding="utf-8").splitlines()
    head = "| " + " | ".join(columns) + " |"
    if head not in lines:
        return {}
    rows = {}
    for line in lines[lines.index(head) + 2 :]:
        if not line.startswith("| "):
            break
        rows[line.split("|")[1].strip().strip("`")] = line
    return rows


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
    for name in set(args.names) - set(contract.problems()):
        parser.error(f"no problem {name!r}: solutions/{name}.py or its testcases are missing")
    rows, faults, expected = [], [], page_rows(columns)
    for name in args.names or contract.complete():
        text = (SOLUTIONS / (name + ".py")).read_text(encoding="utf-8")
        every = mutants(text)
        chosen = outside_input_layer(text, every) if args.judge else None
        lacking = contract.missing(name, files=contract.FOR_STRESS)
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
    sys.exit(main())
