"""Programs that `make stress` runs: the solution, judged on each input as the runner judges a
case, with the limits it is judged by.
"""

import itertools
import os
from pathlib import Path

import runner
from tools.play import Verdict

GENEROUS_TIME, GENEROUS_MEMORY = 10, 1024  # the least limits outside judge mode: s, MiB


def program(text, python, here):
    """The command, (args, executable), that runs a solution given as text: a .py file runs
    on python, anything else is a command line split by the runner, its program found from
    the folder here or on PATH."""
    path = Path(here, text)
    if not path.is_file():
        return runner.split_command(text, Path(here))
    if text.endswith(".py"):  # a file named whole (its path may hold spaces), a.out too
        return [python, str(path.resolve())], python
    if not os.access(str(path), os.X_OK):
        raise runner.UsageError(f"{path} is not executable (a .py file runs on --python)")
    return [str(path.resolve())], str(path.resolve())


class AsProcess:
    """A judge of the command, run in the folder cwd: text -> Verdict, against answer(text),
    the expected output. Each input runs as a runner.py case does: its process tree killed
    at the CPU limit, at the wall backstop or at twice the memory limit, its CPU time and
    peak memory measured, judged by profile. Inputs pass through files in folder."""

    def __init__(self, command, cwd, profile, folder, answer):
        self.command, self.cwd, self.answer = command, cwd, answer
        self.profile, self.folder = profile, Path(folder)
        self.running, self.numbers = runner.new_running(), itertools.count()

    def __call__(self, text):
        expected = self.answer(text)
        stem = self.folder / f"input-{next(self.numbers)}"
        given, wanted = stem.with_suffix(".in"), stem.with_suffix(".out")
        given.write_bytes(text.encode())
        wanted.write_bytes(expected.encode())
        try:
            result = runner.judge_program(
                self.command, given, wanted, self.profile, self.cwd, self.running
            )
        finally:
            for path in (given, wanted):
                path.unlink()
        lines = result.details
        lines = lines[: lines.index("input:")] if "input:" in lines else lines
        peak = "?" if result.peak_mib is None else f"{result.peak_mib:.1f}"
        figures = f"{runner.ms(result.cpu)} ms CPU, {runner.ms(result.wall)} ms wall, {peak} MiB"
        return Verdict(result.verdict, lines, expected, figures)

    def stop(self):
        """Kill every running program; none starts after it."""
        self.running.kill_all()

    def close(self):
        """Once no program runs: end what started them."""
        runner.end_running(self.running)


def limits(name, judge, root):
    """The profile a program is judged by (the Judge: line's limits in judge mode, generous
    ones otherwise), the words that say so, and the warning of a missing Judge: line."""
    profile, warning = runner.read_profile(root, name)
    whose = f"{profile.judge_name}'s" if profile.judge_name else "the runner's default"
    time_limit, memory_limit = profile.time_limit, profile.memory_limit
    if not judge:
        time_limit = max(GENEROUS_TIME, 5 * time_limit)
        memory_limit = max(GENEROUS_MEMORY, 2 * memory_limit)
        profile = profile._replace(time_limit=time_limit, memory_limit=memory_limit)
        whose = "generous"
    wall = time_limit * runner.BACKSTOP
    words = f"{whose} limits: {time_limit:g} s CPU ({wall:g} s wall), {memory_limit:g} MiB"
    return profile, words, warning
