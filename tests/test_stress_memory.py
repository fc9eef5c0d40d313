"""`make stress` holds a few inputs at a time, whatever N is: the ones being judged and the next
few (tools/play.py), and while it shrinks, the input as drawn and the smallest failing one
found (tools/stress_failure.py). Counted, not timed: the inputs alive, and the driver's peak
of memory on large inputs."""

import platform
import shlex
import sys
import weakref

import pytest
import stress_util
from util import python

from tools import play, stress_failure

own_root = stress_util.own_root  # the fixture: a root with solutions/sum_n.py, gen.py, brute.py

CPYTHON = platform.python_implementation() == "CPython"  # an object dies with its last name


class Drawn:
    """An input play() passes along as it is: one that a weak reference can watch."""


@pytest.mark.skipif(not CPYTHON, reason="counts the inputs alive by reference counting")
@pytest.mark.parametrize("jobs", [1, 3])
def test_play_holds_two_inputs_a_job_whatever_the_count(jobs):
    alive, most = weakref.WeakSet(), [0]

    def texts():
        for _ in range(300):
            drawn = Drawn()
            alive.add(drawn)
            yield drawn
            del drawn

    def judge(text):
        most[0] = max(most[0], len(alive))
        return play.Verdict("AC", [], "")

    passed, _, _, failing = play.play(texts(), judge, jobs)
    assert passed == 300 and failing is None
    assert 0 < most[0] <= 2 * jobs + 1, most[0]


@pytest.mark.parametrize("quick", [None, 1.0])
def test_shrinking_keeps_a_few_of_the_smaller_inputs_it_finds(quick):
    """The input as drawn and the smallest failing one found; a TLE's, bisected by the full
    limit later, a few more."""
    verdict = play.Verdict("TLE" if quick else "WA", [], "")
    watch = stress_failure.Shrinking("x" * 1001, verdict, 60, quick, 2.0)
    for size in range(1000, 0, -1):
        watch.found("x" * size, verdict)
    assert watch.chain[0][0] == "x" * 1001 and watch.chain[-1][0] == "x"
    assert len(watch.chain) <= (stress_failure.CHAIN if quick else 2), len(watch.chain)
    sizes = [len(text) for text, _ in watch.chain]
    assert sizes == sorted(sizes, reverse=True)


# One input of 1 MiB a seed, each its own; the answer is its count of words.
BIG_GEN = "import sys\nprint(sys.argv[1], 'x' * (2**20 - 16))\n"
COUNT = "import sys\nprint(len(sys.stdin.buffer.read().split()))\n"
PEAK = """import runpy, sys, tracemalloc
tracemalloc.start()
sys.argv = ["stress", *sys.argv[1:]]
try:
    runpy.run_module("tools.stress", run_name="__main__")
finally:
    print("peak", tracemalloc.get_traced_memory()[1], file=sys.stderr)
"""


@pytest.mark.deep  # 30 inputs of 1 MiB through the driver: seconds
@pytest.mark.skipif(not CPYTHON, reason="tracemalloc traces CPython's allocations")
def test_30_inputs_of_1_mib_never_take_more_than_a_few(own_root):
    """The driver's peak of Python memory over 30 inputs of 1 MiB stays under 20 MiB, though
    each input passes through it as bytes and text: the inputs in hand, and what one input
    costs on its way (some 10 MiB in all), not every input drawn (30 MiB and more)."""
    (own_root / "big.py").write_text(BIG_GEN, encoding="utf-8")
    (own_root / "count.py").write_text(COUNT, encoding="utf-8")
    (own_root / "peak.py").write_text(PEAK, encoding="utf-8")
    gen = f"{shlex.quote(sys.executable)} big.py"
    argv = ["peak.py", "sum_n", "--gen", gen, "--brute", "count.py", "--solution", "count.py"]
    done = python(*argv, "-n", "30", "-j", "1", cwd=own_root, timeout=300, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "30 inputs (seed 1), no failure" in done.stdout, done.stdout
    peak = int(done.stderr.split("peak ")[1].split()[0])
    assert peak < 20 * 2**20, peak
