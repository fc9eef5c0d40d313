"""The stress driver: a problem's random inputs, its oracle, and its solution, compared.

It uses oracle.py, validate.py and gen.py of tests/NAME/ (``solve``; ``why_extended``;
``STRESS``, ``random_input(rng, judge=False)``, ``kind``, ``shrink``, and optionally
``labels`` and ``EXTENDED_LABELS``: see tools/contract.py). ``random_input(rng, judge=True)``
draws judge cases only: the judge's layout, sizes and number ranges. From them:

* ``check(NAME)``, for the problem's tests: plays ``STRESS["count"]`` inputs seeded with
  ``STRESS["seed"]`` through the solution's ``solve`` in process, stops at the first
  failure (a different answer, WA, or an exception, RE), shrinks it and fails with the
  runner's diff and the input; otherwise asserts that every outcome kind and label occurred
  in at least ``STRESS["min_count"][name]`` inputs. With ``judge=True`` it plays judge-mode
  inputs (``count`` of them, the minimum counts scaled to that many and without
  ``EXTENDED_LABELS``).
* ``make stress P=NAME [N=count] [SEED=s] [PY=interpreter] [SOLUTION=program] [JUDGE=1]``
  (``python3 -m tools.stress``), for people: the same inputs (judge-mode ones with JUDGE=1),
  but the solution runs as a process on each and is judged as runner.py judges a case
  (``runner.judge_program``): its process tree measured, TLE over the CPU limit (or past
  ``WALL_BACKSTOP`` times it in wall time), MLE over the memory limit, RE on a crash, WA with
  the runner's diff. JUDGE=1 uses the limits of the solution's ``Judge:`` line, otherwise
  generous ones; the first line says which. The first failure is shrunk, printed and saved
  as hacks/NAME/hack-HASH.in and .out (the .out from the oracle; judge-hack-HASH when the
  input is one the judge could send), and the exit status is 1; after N inputs with no
  failure it prints the outcome counts and exits 0. ``python3 runner.py NAME --hacks``
  judges the hacks, ``make keep-hack`` (tools/keep_hack.py) makes one a testcase.

Shrinking takes the first candidate that fails the same way again (the same verdict: a TLE
shrinks only to inputs that are TLE too), again and again, until none does: the candidates
of ``gen.shrink(text)``, which rebuild the input in a plain layout, then ones that keep the
layout (``layout_shrinks``: whole lines, then single words, deleted in place), so that a
failure that needs CRLF, say, shrinks too. Every candidate is shorter or, from gen.shrink,
smaller by the problem's own measure, and none is tried twice, so it ends. In judge mode
only the candidates the judge could send are kept.
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
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tools.contract import FOR_STRESS, ROOT, load_file, load_solution, missing, problems, tooling

HACKS = ROOT / "hacks"  # git-ignored: `make keep-hack` makes a hack a testcase
runner = load_file("runner", ROOT / "runner.py")

WALL_BACKSTOP = 2  # a program is TLE also past this many times the CPU limit in wall time
GENEROUS_TIME, GENEROUS_MEMORY = 10, 1024  # the least limits outside judge mode: s, MiB


# A program's verdict on one input: AC, WA, PE, IC, TLE, MLE, OLE or RE as the runner gives
# them; lines: what the runner prints under a failing case, without the input; expected: the
# oracle's answer.
Verdict = collections.namedtuple("Verdict", "kind lines expected figures")
Verdict.__new__.__defaults__ = ("",)  # figures: "12 ms CPU, 30 ms wall, 9.5 MiB", if measured


def in_process(solve, name):
    """A judge of solve(text) against the oracle of problem name, in process: text -> Verdict
    (RE when it raises, WA with the runner's diff when its answer differs)."""
    oracle = tooling(name, "oracle")

    def judge(text):
        expected = oracle.solve(text)
        try:
            got = solve(text)
        except Exception as error:
            return Verdict("RE", [f"raised {type(error).__name__}: {error}"], expected)
        if got == expected:
            return Verdict("AC", [], expected)
        if not isinstance(got, str):
            return Verdict("WA", [f"returned {got!r}, not text"], expected)
        return Verdict(
            "WA", runner.mismatch("WA", got.encode(), expected.encode(), "exact"), expected
        )

    return judge


class AsProcess:
    """A judge of the program argv, run in the folder cwd, against the oracle of problem name:
    text -> Verdict. Each input runs as a runner.py case does (its process tree killed at the
    CPU limit or at twice the memory limit, its CPU time and peak memory measured), judged by
    profile; and it is TLE, too, when its wall time passes WALL_BACKSTOP times the CPU limit
    (waiting, or a machine too busy to tell). Inputs pass through files in folder."""

    def __init__(self, name, argv, cwd, profile, folder):
        self.oracle, self.argv, self.cwd = tooling(name, "oracle"), argv, cwd
        self.profile, self.folder = profile, Path(folder)
        self.running, self.numbers = runner.new_running(), itertools.count()

    def __call__(self, text):
        expected = self.oracle.solve(text)
        stem = self.folder / f"input-{next(self.numbers)}"
        given, wanted = stem.with_suffix(".in"), stem.with_suffix(".out")
        given.write_bytes(text.encode())
        wanted.write_bytes(expected.encode())
        try:
            command = (self.argv, self.argv[0])
            result = runner.judge_program(
                command, given, wanted, self.profile, self.cwd, self.running
            )
        finally:
            for path in (given, wanted):
                path.unlink()
        kind, lines = result.verdict, result.details
        lines = lines[: lines.index("input:")] if "input:" in lines else lines
        limit = self.profile.time_limit
        waited = result.cpu is not None and result.cpu <= limit
        backstop = limit * WALL_BACKSTOP
        if kind not in ("MLE", "OLE") and waited and result.wall > backstop:
            kind = "TLE"
            lines = [
                f"wall time {result.wall:.2f} s passed the {backstop:g} s backstop "
                f"({WALL_BACKSTOP}x the {limit:g} s CPU limit) with only {result.cpu:.2f} s "
                "of CPU: it waits (on input, a sleep) or the machine is overloaded"
            ]
        peak = "?" if result.peak_mib is None else f"{result.peak_mib:.1f}"
        figures = f"{runner.ms(result.cpu)} ms CPU, {runner.ms(result.wall)} ms wall, {peak} MiB"
        return Verdict(kind, lines, expected, figures)

    def stop(self):
        """Kill every running program; none starts after it."""
        self.running.kill_all()

    def close(self):
        """Once no program runs: end what started them."""
        runner.end_running(self.running)


def limits(name, judge):
    """The profile a program is judged by (the Judge: line's limits in judge mode, generous
    ones otherwise), the words that say so, and the warning of a missing Judge: line."""
    profile, warning = runner.read_profile(ROOT, name)
    whose = f"{profile.judge_name}'s" if profile.judge_name else "the runner's default"
    time_limit, memory_limit = profile.time_limit, profile.memory_limit
    if not judge:
        time_limit = max(GENEROUS_TIME, 5 * time_limit)
        memory_limit = max(GENEROUS_MEMORY, 2 * memory_limit)
        profile = profile._replace(time_limit=time_limit, memory_limit=memory_limit)
        whose = "generous"
    wall = time_limit * WALL_BACKSTOP
    words = f"{whose} limits: {time_limit:g} s CPU ({wall:g} s wall), {memory_limit:g} MiB"
    return profile, words, warning


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


def play(name, judge, count, seed, jobs=1, judge_mode=False):
    """Play count inputs through judge (text -> Verdict); return (inputs that passed, the
    counts of their outcome kinds, the counts of their labels, the first failing input and
    its Verdict, or None)."""
    gen = tooling(name, "gen")
    labels = getattr(gen, "labels", lambda text, output: ())
    passed, kinds, more = 0, collections.Counter(), collections.Counter()
    texts = inputs(gen, count, seed, judge_mode)
    with ThreadPoolExecutor(jobs) as pool:
        try:
            while True:
                batch = [text for _, text in zip(range(8 * jobs), texts)]
                if not batch:
                    return passed, kinds, more, None
                for text, verdict in zip(batch, pool.map(judge, batch)):
                    if verdict.kind != "AC":
                        return passed, kinds, more, (text, verdict)
                    passed += 1
                    kinds[gen.kind(verdict.expected)] += 1
                    more.update(set(labels(text, verdict.expected)))
        except BaseException:  # Ctrl-C: no program is left running, none waits to start
            getattr(judge, "stop", lambda: None)()
            raise


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


def shrink(name, judge, text, verdict, judge_mode=False):
    """The smallest input reachable from text through gen.shrink's candidates, then
    layout_shrinks', that fails the same way (the same verdict kind) again, and that Verdict;
    in judge mode only judge cases are tried, and never one the oracle rejects (it raises:
    no input of the problem)."""
    gen = tooling(name, "gen")
    seen, progress = {text}, True
    while progress:
        progress = False
        for smaller in itertools.chain(until_error(gen.shrink(text)), layout_shrinks(text)):
            if smaller in seen or (judge_mode and not is_judge_case(name, smaller)):
                continue
            seen.add(smaller)
            try:
                again = judge(smaller)
            except Exception:  # the oracle's way to say the input is outside the problem
                continue
            if again.kind == verdict.kind:
                text, verdict, progress = smaller, again, True
                break
    return text, verdict


def listed(counts):
    return ", ".join(f"{key} {n}" for key, n in sorted(counts.items()))


def summary(kinds, more):
    """The outcome kinds on one line, and the labels, if any, on the next."""
    return f"outcomes: {listed(kinds)}" + (f"\nlabels: {listed(more)}" if more else "")


def shown_input(text, path=None):
    """The input as the report shows it: its lines when short (as the runner shows them), else
    its size and where it is."""
    data = text.encode()
    lines = text.splitlines()
    if len(data) <= runner.SHORT_INPUT and len(lines) <= runner.SHORT_INPUT_LINES:
        shown = [runner.printable(line) for line in lines] or ["(empty)"]
        return [f"input ({len(data)} bytes):"] + ["  " + line for line in shown]
    where = f": {path}" if path else ""
    return [f"input: {len(data)} bytes in {len(lines)} lines, too long to show{where}"]


def described(verdict):
    """The verdict as the runner reports a failing case: its kind and figures, then its
    explanation (the diff of a WA), indented."""
    head = verdict.kind + (f": {verdict.figures}" if verdict.figures else "")
    return [head] + ["    " + line for line in verdict.lines]


def check(name, solve=None, judge=False, count=None):
    """The stress test of a problem, in process (see the module docstring): count inputs
    (default STRESS["count"]), judge-mode ones with judge=True."""
    gen = tooling(name, "gen")
    stress, count = gen.STRESS, count or gen.STRESS["count"]
    run = in_process(solve or load_solution(name).solve, name)
    agreed, kinds, more, failing = play(name, run, count, stress["seed"], judge_mode=judge)
    counts = kinds + more
    if failing is not None:
        small, verdict = shrink(name, run, *failing, judge)
        lines = described(verdict) + shown_input(small)
        raise AssertionError(
            f"{name}: the solution differs from the oracle after {agreed} agreeing inputs "
            f"(seed {stress['seed']}); shrunk:\n" + "\n".join(lines)
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
        description="Random inputs through the oracle and the solution, run as a process and "
        "judged as the runner judges a case; the first failure is shrunk and saved as a hack.",
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
        help="judge cases only (inputs in the judge's layout, sizes and ranges), judged by "
        "the limits of the solution's Judge: line",
    )
    parser.add_argument("--save-to", type=Path, help="hack folder (default: hacks/NAME)")
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
    profile, words, warning = limits(args.name, args.judge)
    if warning:
        print(f"stress: warning: {warning}", file=sys.stderr)
    mode = "judge cases only" if args.judge else "judge and extended cases"
    print(f"stress {args.name} on {mode}, {words}: {shown(argv)}")
    sys.stdout.flush()
    seed = tooling(args.name, "gen").STRESS["seed"] if args.seed is None else args.seed
    # Your own program runs from the folder you call from, so that the rest of a command line
    # ("python3 mine.py", "java -cp build Main") means what it means in your shell.
    cwd = ROOT if args.solution is None else Path.cwd()
    with tempfile.TemporaryDirectory(prefix="stress-") as folder:
        judge = AsProcess(args.name, argv, cwd, profile, folder)
        try:
            return stress_run(args, judge, seed)
        except KeyboardInterrupt:
            judge.stop()
            print("interrupted: every running program was killed", file=sys.stderr)
            return 130
        except BrokenPipeError:  # the report's reader went away (| head): as SIGPIPE would
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 141
        finally:
            judge.close()


def stress_run(args, judge, seed):
    """Play, and on the first failure shrink it, report it and save it: the exit status."""
    start = time.perf_counter()
    jobs = max(1, args.j)
    passed, kinds, more, failing = play(args.name, judge, args.n, seed, jobs, args.judge)
    if failing is None:
        print(
            f"{args.n} inputs (seed {seed}), no failure, {time.perf_counter() - start:.1f} s; "
            f"{summary(kinds, more)}"
        )
        return 0
    drawn, verdict = failing
    print(
        f"{verdict.kind} on input {passed + 1} (seed {seed}) after {passed} passing inputs; "
        f"shrinking: a smaller input counts only if it gives {verdict.kind} again ..."
    )
    sys.stdout.flush()
    small, verdict = shrink(args.name, judge, drawn, verdict, args.judge)
    if small == drawn:
        print("could not shrink: saving the input as drawn")
    saved = save_hack(args.name, small, args.save_to or HACKS / args.name)
    with contextlib.suppress(ValueError):  # shown whole when outside the current folder
        saved = saved.relative_to(Path.cwd())
    lines = described(verdict) + shown_input(small, f"{saved}.in")
    if small != drawn:
        lines.append(f"(shrunk from the {len(drawn.encode())} bytes drawn)")
    lines.append(f"saved as {saved}.in and .out (the oracle's answer)")
    if args.save_to is None:
        lines.append(
            f"judge the hacks: python3 runner.py {args.name} --hacks; make this one a testcase: "
            f"make keep-hack P={args.name} H={Path(saved).name}"
        )
    print("\n".join(lines))
    return 1


if __name__ == "__main__":
    sys.exit(main())
