#!/usr/bin/env python3
"""The runner beside problemtools' `verifyproblem` and BAPCtools' `bt` on the same packages:
`make bench-packages`, that is `python3 -m maint.bench_packages [--peers DIR]`.

Each package of tests/packages/ is judged whole by each tool that reads its format (TOOLS):
`runner.py --package DIR --submissions`, `verifyproblem DIR -p submissions` (legacy and
2023-07) and `bt run --problem DIR` (2025-09; a copy in another format is first made
2025-09 by `bt upgrade`, untimed). Each tool gets a copy of its own in a temporary folder,
since the peers write into a package (bt adds a uuid). The tools run in turn, one warm-up
round and ``--repeat`` timed rounds, each run a whole process in a session of its own,
killed with all its processes after ``--timeout`` seconds. CPU is the user + system time
of the tool and every child it waited for (wait4's rusage).

The runner's bytecode is cached as an installed runner's is (runner_env): the peers are
installed, their bytecode compiled, while a PYTHONDONTWRITEBYTECODE in the environment
would have the runner compile its modules again on every run. Its warm-up round writes the
cache, in the package's temporary folder, not in the repo.

A peer not installed (on PATH, or in --peers DIR) is named in one line and skipped. A run
that times out, or a peer that judges no submission (it refused the package), is one line
with the tool's last words, and that tool is not timed further on that package.
docs/benchmarks.md says what the columns mean; ``--help`` lists the options.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from judge import UsageError
from judge.packages import format_of, read_yaml
from maint.bench import machine_line, resolve_python
from tools.problem import ROOT, run_tool

RUNNER = ROOT / "runner.py"
PACKAGES = Path("tests") / "packages"
UPGRADE_TIMEOUT = 120.0


@dataclass(frozen=True)
class Tool:
    """A judge of packages: how it is called, which formats it reads, and how to tell that
    it judged the package rather than refused it."""

    name: str
    install: str  # how to get it, for the line that says it is missing
    formats: tuple[str, ...]  # the formats it reads as they are; None of them: upgraded
    argv: Callable[[str, str], list[str]]  # (executable, package folder) -> argv
    judged: Callable[[int, str], bool]  # (exit status, output) -> it judged the package
    upgrade: Callable[[str, str], list[str]] | None = None  # makes a copy a format it reads


PYTHON_ERROR = re.compile(r"^[\w.]*(Error|Exception|Interrupt)\b")


def runner_judged(code: int, output: str) -> bool:
    """The runner's exit status: 0 or 1 when it judged, 2 when it refused. Python exits 1
    too when the runner itself fails (it cannot start, say): then its last line is the
    exception's. A submission's traceback, which the runner shows under its row, is not."""
    lines = [line for line in output.splitlines() if line.strip()]
    return code in (0, 1) and not (lines and PYTHON_ERROR.match(lines[-1]))


VERIFY_CHECKING = re.compile(r"^\s*Checking \d+ submissions?", re.MULTILINE)
BT_VERDICT = re.compile(r"^\S+/\S+:\s+(AC|WA|TLE|RTE)\b", re.MULTILINE)


def verify_judged(code: int, output: str) -> bool:
    """verifyproblem judged when it says how many submissions it checks (its exit status is
    0 or 1 for a package with or without errors)."""
    return bool(VERIFY_CHECKING.search(output))


def bt_judged(code: int, output: str) -> bool:
    """bt judged when it printed a submission's verdict line (it exits 1 on a missing
    statement too)."""
    return bool(BT_VERDICT.search(output))


TOOLS = (
    Tool(
        "runner",
        "",
        ("legacy", "2023-07", "2025-09"),
        lambda exe, folder: [exe, str(RUNNER), "--package", folder, "--submissions"],
        runner_judged,
    ),
    Tool(
        "verifyproblem",
        "pip install problemtools",
        ("legacy", "2023-07"),
        lambda exe, folder: [exe, folder, "-p", "submissions"],
        verify_judged,
    ),
    Tool(
        "bt",
        "pip install bapctools",
        ("2025-09",),
        lambda exe, folder: [exe, "run", "--problem", folder, "--no-bar"],
        bt_judged,
        lambda exe, folder: [exe, "upgrade", "--problem", folder, "--no-bar"],
    ),
)


@dataclass(frozen=True)
class Run:
    code: int  # exit status, or minus the signal that ended it
    cpu: float  # user + system seconds, its waited-for children with it
    wall: float
    timed_out: bool
    output: str  # stdout and stderr together


def kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def runner_env(work: Path) -> dict[str, str]:
    """The runner's environment: this one, with its bytecode written and read in work's
    pycache, as a runner that is installed or was run before reads its own."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    return env


def timed(argv: Sequence[str], cwd: str, timeout: float, env: dict[str, str] | None = None) -> Run:
    """Run argv from cwd in a session of its own, with env (None: this one), its output to
    a file; kill the session at timeout, and whatever is left of it once argv has ended."""
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        try:
            proc = subprocess.Popen(
                argv,
                cwd=cwd,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                env=env,
            )
        except OSError as error:
            return Run(127, 0.0, 0.0, False, f"cannot start {argv[0]}: {error}")
        killed: list[int] = []
        timer = threading.Timer(timeout, lambda: (killed.append(proc.pid), kill_group(proc.pid)))
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
            kill_group(proc.pid)
        wall = time.perf_counter() - started
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
        proc.returncode = code  # waited for here: Popen must not wait again
        out.seek(0)
        text = out.read().decode(errors="replace")
    return Run(code, usage.ru_utime + usage.ru_stime, wall, bool(killed), text)


def last_words(output: str) -> str:
    """What a tool said last, in one line of at most 160 characters, colours taken out: its
    first error line where it printed one (verifyproblem's "ERROR Failed to load problem",
    the runner's "runner.py: error: ..."), else its last line."""
    lines = [re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", line).strip() for line in output.splitlines()]
    lines = [line for line in lines if line]
    errors = [line for line in lines if re.search(r"^ERROR\b|\berror: ", line)]
    return (errors or lines or ["no output"])[0 if errors else -1][:160]


def failure(tool: Tool, run: Run, timeout: float) -> str | None:
    """Why a run gives no figure, in one line, or None where the tool judged the package."""
    if run.timed_out:
        return f"timed out after {timeout:g} s"
    if run.code < 0:
        return f"killed by signal {-run.code}: {last_words(run.output)}"
    if not tool.judged(run.code, run.output):
        return f"judged nothing (exit {run.code}): {last_words(run.output)}"
    return None


def find_tools(peers: str | None) -> tuple[list[tuple[Tool, str]], list[str]]:
    """([(tool, executable)] of those installed, [one line per peer that is not])."""
    found, missing = [], []
    for tool in TOOLS:
        if tool.name == "runner":
            found.append((tool, ""))
            continue
        exe = shutil.which(tool.name, path=peers) if peers else shutil.which(tool.name)
        if exe:
            found.append((tool, exe))
        else:
            where = f"in {peers}" if peers else "on PATH"
            missing.append(f"{tool.name}: not installed ({where}; {tool.install}): skipped")
    return found, missing


def ratio(values: Sequence[float], base: Sequence[float]) -> float | None:
    """The median over the rounds of a value over the runner's in the same round."""
    pairs = [value / max(runner, 1e-9) for value, runner in zip(values, base)]
    return statistics.median(pairs) if pairs else None


def times(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}x"


def table(rows: Sequence[tuple[str, str, str, list[Run]]]) -> list[str]:
    """The Markdown table: a row per package and tool, (package, format, tool, timed runs),
    the runner's row of a package first; its ratios are over the runner's runs."""
    lines = ["| package | format | tool | runs | wall s | CPU s | wall ratio | CPU ratio |"]
    lines.append("|" + "---|" * 8)
    base: dict[str, list[Run]] = {}
    for package, fmt, tool, runs in rows:
        if tool == "runner":
            base[package] = runs
        ref = base.get(package, [])
        walls, cpus = [r.wall for r in runs], [r.cpu for r in runs]
        cells = [package, fmt, tool, str(len(runs))]
        cells += [f"{statistics.median(walls):.2f}", f"{statistics.median(cpus):.2f}"]
        cells += [times(ratio(walls, [r.wall for r in ref]))]
        cells += [times(ratio(cpus, [r.cpu for r in ref]))]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def totals(rows: Sequence[tuple[str, str, str, list[Run]]]) -> list[str]:
    """Per peer, its CPU over the runner's on the packages both judged, summed medians."""
    by_tool: dict[str, dict[str, float]] = {}
    for package, _, tool, runs in rows:
        by_tool.setdefault(tool, {})[package] = statistics.median(r.cpu for r in runs)
    runner = by_tool.get("runner", {})
    lines = []
    for tool, cpus in by_tool.items():
        shared = [p for p in cpus if p in runner]
        if tool == "runner" or not shared:
            continue
        mine, theirs = sum(runner[p] for p in shared), sum(cpus[p] for p in shared)
        lines.append(
            f"On the {len(shared)} package(s) both judged, the runner used {mine:.2f} s of CPU,"
            f" {tool} {theirs:.2f} s: {times(theirs / max(mine, 1e-9))} the runner's."
        )
    return lines


def package_format(folder: Path) -> str:
    """The format problem.yaml names, as the runner reads it (judge.packages)."""
    return format_of(read_yaml(folder / "problem.yaml"), str(folder / "problem.yaml"))


def prepare(tool: Tool, exe: str, source: Path, fmt: str, work: Path) -> tuple[str, str]:
    """A copy of the package for the tool: (its folder, the format shown), else raise
    UsageError with one line (the format it does not read, or an upgrade that failed)."""
    copy = work / tool.name / source.name
    shutil.copytree(source, copy, symlinks=True)
    if fmt in tool.formats:
        return str(copy), fmt
    if tool.upgrade is None:
        raise UsageError(f"reads {', '.join(tool.formats)}, not {fmt}")
    run = timed(tool.upgrade(exe, str(copy)), str(work), UPGRADE_TIMEOUT)
    if run.timed_out or run.code != 0:
        raise UsageError(
            f"`{tool.name} upgrade` failed (exit {run.code}): {last_words(run.output)}"
        )
    return str(copy), f"{fmt}, upgraded"


def bench_package(source: Path, tools, args, lines: list[str]):
    """The rows of one package, a line in lines for each tool that failed on it."""
    try:
        fmt = package_format(source)
    except UsageError as error:
        lines.append(f"{source.name}: not read: {error}")
        return []
    with tempfile.TemporaryDirectory(prefix="bench-packages-") as tmp:
        work = Path(tmp)
        ready = []
        for tool, exe in tools:
            try:
                ready.append((tool, exe or args.python, *prepare(tool, exe, source, fmt, work)))
            except UsageError as error:
                if tool.name != "runner":
                    lines.append(f"{source.name}: {tool.name}: skipped, {error}")
        runs: dict[str, list[Run]] = {tool.name: [] for tool, *_ in ready}
        failed: set[str] = set()
        for round_ in range(1 + args.repeat):
            for tool, exe, folder, _ in ready:
                if tool.name in failed:
                    continue
                env = runner_env(work) if tool.name == "runner" else None
                run = timed(tool.argv(exe, folder), tmp, args.timeout, env)
                why = failure(tool, run, args.timeout)
                if why:
                    failed.add(tool.name)
                    lines.append(f"{source.name}: {tool.name}: {why}")
                elif round_:  # the first round is the warm-up
                    runs[tool.name].append(run)
            sys.stderr.write(f"{source.name}: round {round_ + 1} of {1 + args.repeat}\n")
    return [
        (source.name, shown, tool.name, runs[tool.name])
        for tool, _, _, shown in ready
        if tool.name not in failed and runs[tool.name]
    ]


def version_line(tools) -> str:
    said = []
    for tool, exe in tools:
        if tool.name == "runner":
            continue
        run = timed([exe, "--version"], tempfile.gettempdir(), 60)
        first = last_words(run.output.split("\n")[0]) if run.output.strip() else tool.name
        said.append(first.split(". ")[0].rstrip("."))  # "verifyproblem 1.2026. Supports ..."
    return "Peers: " + ("; ".join(said) if said else "none") + "."


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peers", metavar="DIR", help="where verifyproblem and bt are (default: PATH)")
    ap.add_argument("--repeat", type=int, default=3, help="timed rounds after the warm-up (3)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per run (300)")
    ap.add_argument("--only", "-k", action="append", metavar="NAME", help="only this package")
    ap.add_argument("--python", default=sys.executable, help="interpreter of the runner")
    ap.add_argument("--root", type=Path, default=ROOT, help="folder with tests/packages/")
    args = ap.parse_args(argv)
    args.repeat = max(1, args.repeat)
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    args.python, impl = resolve_python(args.python)
    folder = args.root.resolve() / PACKAGES
    known = sorted(p.name for p in folder.iterdir() if (p / "problem.yaml").is_file())
    for name in args.only or ():
        if name not in known:
            raise SystemExit(f"no package {name!r}: the packages are {', '.join(known)}")
    tools, missing = find_tools(args.peers)
    for line in missing:
        print(line)
    load = os.getloadavg()[0]
    rows, lines = [], []
    for name in args.only or known:
        rows += bench_package(folder / name, tools, args, lines)
    print("", *table(rows), "", *totals(rows), sep="\n")
    if lines:
        print("", *lines, sep="\n")
    print("", machine_line(impl), version_line(tools), sep="\n")
    print(f"Load average (1 min): {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end.")
    print(f"Median of {args.repeat} timed runs after a warm-up; a ratio is the median over the")
    print("rounds of the tool's time over the runner's in the same round.")
    runner_failed = any(line.split(": ")[1:2] == ["runner"] for line in lines)
    return 1 if runner_failed else 0


if __name__ == "__main__":
    run_tool(main)
