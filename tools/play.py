"""Random inputs played through a judge, and the stress test `make test` runs in process.

A problem with a tooling folder has oracle.py and gen.py in tests/NAME/ (``solve``;
``STRESS``, ``random_input(rng, judge=False)``, ``kind``, ``shrink``, and optionally
``labels`` and ``EXTENDED_LABELS``: see tools/contract.py). ``random_input(rng, judge=True)``
draws judge cases only: the judge's layout, sizes and number ranges.

``check(NAME)`` is its stress test. It plays ``STRESS["count"]`` inputs seeded with
``STRESS["seed"]`` through the solution's ``solve`` in process. It stops at the first failure
(a different answer, WA, or an exception, RE), shrinks it and fails with the runner's diff
and the input. Otherwise it asserts that every outcome kind and label occurred in at least
``STRESS["min_count"][name]`` inputs. With ``judge=True`` it plays judge-mode inputs, the
minimum counts scaled to that many and without ``EXTENDED_LABELS``.
"""

import collections
import itertools
import random
from concurrent.futures import ThreadPoolExecutor, wait

from judge import parse_mode, shown_lines
from tools.problem import ENCODING, load_solution, tooling
from tools.shrink import shrink

TICK = 0.25  # seconds between two looks at the status line while an input runs
AHEAD = 2  # inputs held a job: the one it judges, and the next, drawn and waiting

# A program's verdict on one input: AC, WA, PE, IC, TLE, MLE, OLE or RE as the runner gives
# them; lines: what the runner prints under a failing case, without the input; expected: the
# answer it was judged against.
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
            "WA", parse_mode("exact").explain("WA", got.encode(), expected.encode()), expected
        )

    return judge


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


def outcomes_of(name):
    """(text, Verdict) -> (its outcome kind, its labels), by tests/NAME/gen.py."""
    gen = tooling(name, "gen")
    labels = getattr(gen, "labels", lambda text, output: ())
    return lambda text, verdict: (gen.kind(verdict.expected), set(labels(text, verdict.expected)))


def play(texts, judge, jobs=1, outcomes=None, progress=None):
    """Play the texts through judge (text -> Verdict), jobs at once. Return (inputs that
    passed, the counts of their outcome kinds, the counts of their labels, the first failing
    input and its Verdict, or None). outcomes(text, verdict) gives (kind, labels); progress,
    a Progress, hears of each input passed and ticks while one runs. The texts are drawn as
    the first ones are judged: AHEAD a job are held at a time, whatever their count."""
    passed, kinds, more = 0, collections.Counter(), collections.Counter()
    texts, tick = iter(texts), progress.tick if progress else lambda: None
    ahead = collections.deque()  # (text, its future), in the order drawn
    with ThreadPoolExecutor(jobs) as pool:
        try:
            while True:
                for text in itertools.islice(texts, AHEAD * jobs - len(ahead)):
                    ahead.append((text, pool.submit(judge, text)))
                    tick()
                if not ahead:
                    return passed, kinds, more, None
                text, future = ahead.popleft()
                while not wait([future], TICK).done:
                    tick()
                verdict = future.result()
                if verdict.kind != "AC":
                    for _, later in ahead:
                        later.cancel()
                    return passed, kinds, more, (text, verdict)
                passed += 1
                if outcomes:
                    kind, labels = outcomes(text, verdict)
                    kinds[kind] += 1
                    more.update(labels)
                if progress:
                    progress.step()
                text = future = verdict = None  # not held while the next one is drawn
        except BaseException:  # Ctrl-C: no program is left running, none waits to start
            getattr(judge, "stop", lambda: None)()
            raise


def listed(counts):
    return ", ".join(f"{key} {n}" for key, n in sorted(counts.items()))


def summary(kinds, more):
    """The outcome kinds on one line, and the labels, if any, on the next."""
    return f"outcomes: {listed(kinds)}" + (f"\nlabels: {listed(more)}" if more else "")


def shown_input(text, path=None):
    """The input as the report shows it: its lines when short (as the runner shows them), else
    its size and where it is."""
    data = text.encode(*ENCODING)  # bytes that are no UTF-8 shown as \xNN
    lines = shown_lines(data)
    if lines is not None:
        return [f"input ({len(data)} bytes):"] + (lines or ["  (empty)"])
    count = len(data.decode("utf-8", "backslashreplace").splitlines())
    where = f": {path}" if path else ""
    return [f"input: {len(data)} bytes in {count} lines, too long to show{where}"]


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
    texts = inputs(gen, count, stress["seed"], judge)
    agreed, kinds, more, failing = play(texts, run, outcomes=outcomes_of(name))
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
