"""The programs `make stress` runs, all through the runner's process trees: the solution,
judged on each input as the runner judges a case, and your own generator (GEN) and brute
force (BRUTE). Each is a command line, or a file: a source of a language of the runner's
(x.cpp, Main.java, gen.py), built as solutions/NAME.cpp is, or a program. Also the limits the
solution is judged by.
"""

import itertools
import os
import time
from dataclasses import replace
from pathlib import Path

from judge import (
    BACKSTOP,
    DEFAULT_PROFILE,
    MIB,
    OUTPUT_MIB,
    Limits,
    Program,
    UsageError,
    execute,
    exit_description,
    judge_input,
    ms,
    new_running,
    printable,
    read_profile,
    runs_python,
    shorten,
)
from judge.build import BUILD_FOLDER, command_built, command_of, language_of
from tools.play import Verdict
from tools.problem import ENCODING, ROOT

GENEROUS_TIME, GENEROUS_MEMORY = 10, 1024  # the least generous limits: s, MiB


class ProgramError(Exception):
    """GEN or BRUTE failed: one line that says which, on what, and how."""


class OutOfTime(Exception):
    """No time is left before a deadline to run a program on an input."""


class BuildFailed(Exception):
    """A source given that does not build: the lines that say why, the compiler's first lines
    under the first."""

    def __init__(self, lines):
        super().__init__(lines[0])
        self.lines = list(lines)


class Drawn(str):
    """An input GEN printed, with the seed it printed it for: its seed. It carries its seed
    itself, so that nothing else need hold the input to say where it came from."""


def generous(profile):
    """The profile with generous limits: 5 times its time limit, at least GENEROUS_TIME, and
    twice its memory limit, at least GENEROUS_MEMORY."""
    return replace(
        profile,
        time_limit=max(GENEROUS_TIME, 5 * profile.time_limit),
        memory_limit=max(GENEROUS_MEMORY, 2 * profile.memory_limit),
    )


def capped(seconds, deadline):
    """A CPU limit of seconds, lowered so that its wall backstop ends by deadline (a
    time.monotonic() value, or None: no deadline); OutOfTime when no time is left. The
    backstop leaves out the time a run waits for a CPU (Linux), so on a busy machine a run
    may end past deadline, by the judge's ceiling(limit) at the latest. Capping by the
    ceiling instead would cut every limit to a tenth of the time left, less 3 s."""
    if deadline is None:
        return seconds
    left = (deadline - time.monotonic()) / BACKSTOP
    if left <= 0:
        raise OutOfTime("no time left")
    return min(seconds, left)


def program(text, python, here, builds=ROOT / BUILD_FOLDER):
    """The command, (args, executable), that runs a program given as text from the folder
    here: a source of a language of the runner's (x.cpp, Main.java, a .py run on python),
    built into builds as the runner builds solutions/NAME.cpp (once: a build is kept while its
    files stay as they were); any other file, run itself; else a command line split as the
    runner splits --command, its program found from here or on PATH. A UsageError where it
    cannot run, BuildFailed where it does not build."""
    path = Path(here, text)
    if path.is_file() and language_of(text) is None:  # a file named whole: a.out, a script
        if not os.access(str(path), os.X_OK):
            raise UsageError(f"{path} is not executable, nor a source of a known language")
        return [str(path.resolve())], str(path.resolve())
    command = ([text], None) if path.is_file() else command_of(text, Path(here))
    built = command_built(command, Path(here), Path(builds), python)
    if built.command is None:
        raise BuildFailed(built.failure or [f"{text} did not build"])
    return built.command


def built_from(text, command):
    """The source text names, when command is its build's program (x.cpp, Main.java: not a
    .py, which runs as it is); else None."""
    language = language_of(text) if text and command[1] is None else None
    return text if language and language.build else None


def with_argument(command, word):
    """The command with one more word at its end (Windows keeps a command line whole)."""
    args, executable = command
    return ([*args, word] if isinstance(args, list) else f"{args} {word}"), executable


class AsProcess:
    """A judge of the command, run in the folder cwd: text -> Verdict, against answer(text,
    path of its input), the expected output. Each input runs as a runner.py case does: its
    process tree killed at the CPU limit, at the wall backstop or at twice the memory limit,
    its CPU time and peak memory measured, judged by profile with the runner's comparison.
    Inputs pass through files in folder. answer(text, path, deadline) may take a deadline
    too (see __call__)."""

    def __init__(self, command, cwd, profile, folder, answer=None):
        self.command, self.cwd, self.answer = command, cwd, answer
        self.profile, self.folder = profile, Path(folder)
        self.running, self.numbers = new_running(), itertools.count()

    def __call__(self, text, limit=None, deadline=None):
        """The Verdict on text. limit: a CPU limit in place of the profile's; deadline: a
        time.monotonic() by which every program run for it ends (each limit lowered to fit,
        OutOfTime when none is left)."""
        stem = self.folder / f"input-{next(self.numbers)}"
        given, wanted = stem.with_suffix(".in"), stem.with_suffix(".out")
        given.write_bytes(text.encode(*ENCODING))
        try:
            expected = self.answer(text, given, deadline)
            wanted.write_bytes(expected.encode(*ENCODING))
            program = Program(self.command, self.cwd)
            seconds = capped(limit or self.profile.time_limit, deadline)
            profile = replace(self.profile, time_limit=seconds)
            result = judge_input(program, given, profile, wanted, self.running)
        finally:
            for path in (given, wanted):
                if path.exists():
                    path.unlink()
        peak = "?" if result.peak_mib is None else f"{result.peak_mib:.1f}"
        figures = f"{ms(result.cpu)} ms CPU, {ms(result.wall)} ms wall, {peak} MiB"
        return Verdict(result.verdict, list(result.details), expected, figures)

    def stop(self):
        """Kill every running program; none starts after it."""
        self.running.kill_all()

    def close(self):
        """Once no program runs: end what started them."""
        self.running.end()


class Helper:
    """GEN or BRUTE (role): a command run from cwd under generous limits, in the runner's
    process tree of running. run() gives its output as text, or raises ProgramError."""

    def __init__(self, role, command, cwd, profile, running):
        self.role, self.command, self.cwd, self.running = role, command, cwd, running
        loose = generous(profile)
        self.time, self.memory = loose.time_limit, loose.memory_limit

    def run(self, input_path, on, command=None, deadline=None):
        """The output of the command (default: self.command) on input_path; on: what the
        input is, for the error line; deadline: as AsProcess's."""
        seconds = capped(self.time, deadline)
        limits = Limits(seconds, self.memory, OUTPUT_MIB * MIB)
        command = command or self.command
        outcome = execute(self.running, command, input_path, self.cwd, limits)
        why = None
        if outcome.timed_out or (outcome.cpu or 0) > seconds:
            why = f"ran past its {seconds:g} s limit"
        elif outcome.memory_out:
            why = f"used more than {self.memory:g} MiB"
        elif outcome.overflowed:
            why = f"printed more than {OUTPUT_MIB:g} MiB"
        elif outcome.status != 0:
            why = exit_description(outcome.status)
            tail = outcome.stderr.decode(*ENCODING).strip().splitlines()[-1:]
            why += "".join(f" ({shorten(printable(line))})" for line in tail)
        if why:
            fault = "the generator's" if self.role == "GEN" else "the brute force's"
            raise ProgramError(f"{self.role} {why} {on}: {fault} fault, not the solution's")
        return outcome.output.decode(*ENCODING)


def generated(gen, count, seed, folder):
    """GEN's inputs, `GEN SEED` for the seeds from seed on, with an empty stdin: each a Drawn,
    made as it is asked for."""
    empty = Path(folder) / "empty"
    empty.write_bytes(b"")
    for number in range(count):
        on = f"on seed {seed + number}"
        drawn = Drawn(gen.run(empty, on, with_argument(gen.command, str(seed + number))))
        if not drawn.strip():
            raise ProgramError(f"GEN printed nothing {on}: the generator's fault")
        drawn.seed = seed + number
        yield drawn
        del drawn  # not held while the next one is made


def limits(name, judge, root, command=None, tle=None, mle=None):
    """The profile a program is judged by, the words that say so, and the warning of a
    missing Judge: line. name: the problem whose solution's Judge: line counts, or None for
    the runner's defaults (a folder, a problem with no solution file). judge: the Judge:
    line's limits, else generous ones. A command that is no Python program gets the line's
    other-language limit when it has one. tle and mle, when given, are the limits. A
    checker's, validator's or interactor's command is found from root, wherever the solution
    runs; a UsageError says why it cannot run."""
    profile, warning = (DEFAULT_PROFILE, None) if name is None else read_profile(root, name)
    what = f"{profile.judge_name or 'the Judge: line'}'s {profile.mode.kind}"
    profile = replace(profile, mode=profile.mode.resolved(root, what, strict=True))  # from root
    whose = f"{printable(profile.judge_name)}'s" if profile.judge_name else "the runner's default"
    if profile.other_limit and command and not runs_python(command):
        language, seconds = profile.other_limit
        profile = replace(profile, time_limit=seconds)
        whose += f" {printable(language)}"
    if not judge:
        profile, whose = generous(profile), "generous"
    if tle or mle:  # yours
        profile = replace(
            profile, time_limit=tle or profile.time_limit, memory_limit=mle or profile.memory_limit
        )
        whose = "your"
    wall = profile.time_limit * BACKSTOP
    words = f"{whose} limits: {profile.time_limit:g} s CPU ({wall:g} s wall)"
    return profile, f"{words}, {profile.memory_limit:g} MiB", warning
