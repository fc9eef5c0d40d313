"""What `make stress` (tools/stress.py) does with the first failure: says it, saves it in
hacks/NAME/ (a folder's own hacks/) as hack-HASH.in and .out (judge-hack-HASH when the judge
could send the input), then shrinks it (tools/shrink.py) within its time, watched by
Shrinking, and saves the smaller failing input in its place. A save that fails is one line;
Ctrl-C while shrinking saves the smallest failing input found beside the input as drawn.
While it shrinks, it holds the input as drawn and the smallest failing one found (a TLE's, a
few more: see Shrinking), never every one.
"""

import contextlib
import hashlib
import math
import os
import shlex
import shutil
import sys
import time
from pathlib import Path

from judge import BACKSTOP, JUDGE_PREFIX, Progress, printable, say
from tools.play import described, shown_input
from tools.problem import ENCODING, ROOT, judge_sends, write_all

HACKS = ROOT / "hacks"  # git-ignored: `make keep-hack` makes a hack a testcase
HACK = "hack-"
QUICK = 1.0  # s: the CPU limit a TLE's shrink candidates are judged by, when the limit is longer
CHAIN = 16  # the smaller failing inputs of a TLE kept for confirmed(), the first and last too


def hack_stem(name, text):
    """hack-HASH, or judge-hack-HASH when the judge could send text (name: the problem whose
    validate.py says so, None for a folder)."""
    judge, _ = judge_sends(name, text)
    digest = hashlib.sha256(text.encode(*ENCODING)).hexdigest()[:8]
    return (JUDGE_PREFIX if judge else "") + HACK + digest


def save_hack(stem, text, expected, folder):
    """Write text and its expected answer as folder/STEM.in and .out, both or neither;
    return folder/STEM."""
    folder.mkdir(parents=True, exist_ok=True)
    pairs = ((".out", expected), (".in", text))
    write_all((folder / (stem + suffix), content.encode(*ENCODING)) for suffix, content in pairs)
    return folder / stem


def failed(args, judge, plan, passed, failing):
    """Say the failure (failing: the input and its Verdict, after passed inputs that passed),
    save it, shrink it and save the smaller one: the exit status, 1 (130 on Ctrl-C while
    shrinking)."""
    seed, (drawn, verdict) = plan["seed"], failing
    at = f"seed {seed + passed} of GEN" if args.gen else f"seed {seed}"
    say(f"{verdict.kind} on input {passed + 1} ({at}) after {passed} passing inputs:")
    say("\n".join(described(verdict) + shown_input(drawn)))  # before anything can fail
    hacks = plan["hacks"]
    kept = hacks.save(drawn, verdict)
    if args.shrink > 0:
        full = judge.profile.time_limit
        quick = QUICK if verdict.kind == "TLE" and full > QUICK else None
        watch = Shrinking(drawn, verdict, args.shrink, quick, full)
        try:
            small, verdict, why = shrunk(judge, plan, watch)
        except KeyboardInterrupt:
            judge.stop()
            return hacks.interrupted(watch, kept)
        if small != drawn:
            say("\n".join([why, *described(verdict), *shown_input(small)]))
            smaller = hacks.save(small, verdict)
            if smaller and smaller != kept:
                hacks.drop(kept)
            kept = smaller or kept
        else:
            say(why + (": the hack is the input as drawn" if kept else ""))
    hacks.hint(kept)
    return 1


class Hacks:
    """Where the hacks of a run go, and the lines that say what became of them. target: what
    P names (tools/stress_target.py); args: the run's (--save-to, --solution); whose: whose
    answer a hack's .out is."""

    def __init__(self, target, args, whose):
        self.name, self.whose, self.own = target.name, whose, args.save_to is None
        self.folder = args.save_to or target.hacks
        limits = ((" --tle", args.tle), (" --mle", args.mle))  # yours, for the runner too
        self.command = shlex.quote(args.solution or "PROGRAM")
        self.command += "".join(f"{flag} {value:g}" for flag, value in limits if value)
        self.kept = target.folder is None and target.solution is not None  # keep-hack's own

    def save(self, text, verdict):
        """Save text and verdict.expected as a hack and say where: its path, without the
        suffix and relative to here when inside it; None, said in one line, when it cannot
        be saved."""
        where = shown_path(self.folder)
        try:
            stem = hack_stem(self.name, text)
            where = shown_path(self.folder / (stem + ".in"))
            saved = shown_path(save_hack(stem, text, verdict.expected, self.folder))
        except Exception as error:  # a folder not writable, a full disk, a failing validate.py
            why = getattr(error, "strerror", None) or str(error) or type(error).__name__
            print(printable(f"stress: could not save the input as {where}: {why}"), file=sys.stderr)
            return None
        say(f"saved as {saved}.in and .out ({self.whose})")
        return saved

    def drop(self, saved):
        """Remove a hack (the input as drawn, once a smaller one is saved)."""
        for suffix in (".in", ".out") if saved else ():
            with contextlib.suppress(OSError):
                Path(saved + suffix).unlink()

    def interrupted(self, watch, kept):
        """Ctrl-C while shrinking (watch): the smallest failing input found is saved beside
        the input as drawn. Exit status 130."""
        print("interrupted while shrinking: every running program was killed", file=sys.stderr)
        drawn, small, verdict = watch.chain[0][0], *watch.chain[-1]
        if small == drawn:
            say("no smaller failing input was found")
            self.hint(kept)
            return 130
        head = f"the smallest failing input found, {size(small)} of {size(drawn)} bytes"
        head += f" ({watch.unconfirmed}):" if watch.quick else ":"
        say("\n".join([head, *described(verdict), *shown_input(small)]))
        self.hint(self.save(small, verdict), drawn=kept)
        return 130

    def hint(self, saved, drawn=None):
        """What to do with the hack saved (and the input as drawn, when it stays too)."""
        if drawn:
            say(f"the input as drawn stays as {drawn}.in")
        if not (saved and self.own):
            return
        if self.kept:  # a problem of the repo: its hacks/NAME/ and testcases/NAME/
            say(
                f"judge the hacks: python3 runner.py {self.name} --hacks; make this one a "
                f"testcase: make keep-hack P={self.name} H={Path(saved).name}"
            )
            return
        folder = shown_path(self.folder)  # a folder of cases, for the runner's --command
        folder = folder if os.sep in folder or "/" in folder else os.path.join(".", folder)
        say(f"judge the hacks: python3 runner.py {folder} --command {self.command}")


def size(text):
    return len(text.encode(*ENCODING))


def shown_path(path):
    """path as a line shows it: relative to the current folder when inside it."""
    with contextlib.suppress(ValueError, OSError):
        return str(Path(path).resolve().relative_to(Path.cwd()))
    return str(path)


class Shrinking(Progress):
    """A shrinking under way, watched (see tools/shrink.py smallest): its deadline, the chain
    of smaller failing inputs found, and the status line on a terminal (its size, the
    candidates tried, its time). quick: the CPU limit a TLE's candidates are judged at, when
    it is shorter than the profile's; None otherwise. The options go to Progress."""

    def __init__(self, text, verdict, seconds, quick, full, **options):
        super().__init__(math.inf, "candidates", delay=1.0, **options)
        self.first, self.seconds, self.quick = size(text), seconds, quick
        self.deadline = time.monotonic() + seconds
        self.chain, self.out_of_time, self.confirming = [(text, verdict)], False, False
        # A TLE candidate needs its whole wall backstop left, or it could not be TLE.
        self.needed = BACKSTOP * (quick or full) if verdict.kind == "TLE" else 0.0
        self.unconfirmed = f"TLE by the {quick or full:g} s limit, not yet judged by {full:g} s"

    def go_on(self):
        """Whether another candidate may be judged (the status line drawn when due)."""
        if self.deadline - time.monotonic() < self.needed:
            self.out_of_time = True
            return False
        self.step()
        return True

    def found(self, text, verdict):
        """A smaller failing input: kept with the input as drawn, in place of the one before.
        A TLE judged by quick keeps a few of those before, at most CHAIN in all, spread over
        the chain (every other one dropped as it fills), for confirmed() to bisect."""
        self.chain.append((text, verdict))
        if not self.quick:
            del self.chain[1:-1]
        elif len(self.chain) > CHAIN:
            self.chain[1:-1] = self.chain[2:-1:2]
        self.tick()

    def line(self, elapsed):
        text = (
            f"shrinking: {size(self.chain[-1][0])} of {self.first} bytes, {self.done} "
            f"candidates tried, {elapsed:.0f} of {self.seconds:g} s"
        )
        if self.confirming:  # past the time, maybe: a few runs by the full limit
            text = f"shrinking: the smaller inputs judged by the full limit, {elapsed:.0f} s"
        return text[: shutil.get_terminal_size().columns - 1]


def shrunk(judge, plan, watch):
    """The smallest input found, within watch's time, that fails as the one drawn did, its
    Verdict, and the line that says how it went. A TLE's candidates are judged by watch.quick,
    when it is set, so that each costs little; the smallest is then judged by the full limit
    (and the chain of smaller inputs bisected, should it pass there)."""
    (drawn, verdict), quick, full = watch.chain[0], watch.quick, judge.profile.time_limit
    again = f"gives {verdict.kind} again"
    again += f" (by a {quick:g} s CPU limit, then by {full:g} s)" if quick else ""
    limit = f"shrinking for at most {watch.seconds:g} s (SHRINK=seconds)"
    say(f"{limit}: a smaller input counts only if it {again}")

    def candidate(text):
        return judge(text, quick, watch.deadline)

    judge.running.tick, started = watch.tick, time.monotonic()
    try:
        small, verdict = plan["shrink"](candidate, drawn, verdict, watch)
        if quick and small != drawn:
            watch.confirming = True
            small, verdict = confirmed(judge, watch.chain)
    finally:
        judge.running.tick = lambda: None
        watch.close()
    how = f"{watch.done} candidates, {time.monotonic() - started:.1f} s"
    how += f", stopped at the {watch.seconds:g} s SHRINK allows" if watch.out_of_time else ""
    if small == drawn:
        return small, verdict, f"could not shrink ({how})"
    return small, verdict, f"shrunk from {size(drawn)} to {size(small)} bytes ({how}):"


def confirmed(judge, chain):
    """The smallest input of chain (inputs each smaller than the one before, the first known
    to be TLE by the full limit) found TLE by the full limit, and its Verdict: the last one
    first, then by bisection."""
    low, high, verdict = 0, len(chain) - 1, chain[0][1]
    probe = high
    while low < high:
        try:
            again = judge(chain[probe][0])
        except Exception:  # BRUTE refused it now: as if it passed
            again = None
        if again is not None and again.kind == "TLE":
            low, verdict = probe, again
        else:
            high = probe - 1
        probe = (low + high + 1) // 2
    return chain[low][0], verdict
