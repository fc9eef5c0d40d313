#!/usr/bin/env python3
"""The scale benchmark: `make bench` (CPython), `make bench-pypy` (PyPy), that is
`python3 -m maint.bench [--python EXE]`.

Every problem whose tooling has what the benchmark needs (``SCALE``, ``scale_answer`` and
floor.py: see maint/checks.py) gets one table row per scale case of tests/NAME/gen.py:
the input is built from the seed, the solution's answer is checked against
``gen.scale_answer`` with the runner's own comparison, and then the solution and its floor
(tests/NAME/floor.py: the same interpreter reading and parsing the same input, nothing else)
run as whole processes, alternately, one warm-up and ``--repeat`` timed runs each.
docs/benchmarks.md says what the columns mean; ``--help`` lists the options.
"""

# ruff: noqa: E402 -- the launcher below must run before the other imports (see launch)

import os
import signal
import sys
import time


def launch(timeout, infile, outfile, errfile, *argv):
    """Run argv once with its stdin, stdout and stderr on files; print its exit status, user
    and system seconds, peak KiB, wall seconds and whether it timed out.

    Each child is started by this small process (`bench.py --launch ...`), not by the
    benchmark itself: on Linux a child's ru_maxrss starts from the memory of the process that
    spawned it, and the benchmark holds the generated inputs and their answers at times.
    """
    files = [
        os.open(infile, os.O_RDONLY),
        os.open(outfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        os.open(errfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
    ]
    actions = [(os.POSIX_SPAWN_DUP2, fd, target) for target, fd in enumerate(files)]
    started = time.perf_counter()
    pid = os.posix_spawn(argv[0], list(argv), os.environ, file_actions=actions)
    killed = []

    def on_alarm(signum, frame):
        killed.append(pid)
        os.kill(pid, signal.SIGKILL)

    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, float(timeout))
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - started
    signal.setitimer(signal.ITIMER_REAL, 0)
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
    kib = usage.ru_maxrss // 1024 if sys.platform == "darwin" else usage.ru_maxrss  # bytes there
    print(code, usage.ru_utime, usage.ru_stime, kib, wall, int(bool(killed)))


if __name__ == "__main__" and sys.argv[1:2] == ["--launch"]:
    launch(*sys.argv[2:])
    sys.exit(0)

import argparse
import platform
import random
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from judge import Progress, parse_mode
from maint import overhead
from maint.checks import FOR_BENCH
from tools.contract import missing
from tools.problem import ROOT, problems, run_tool, tooling

BENCH = Path(__file__).resolve()
REPO = ROOT
COLUMNS = "CPU s, wall s, peak MiB, floor CPU s, floor MiB, ratio, mem ratio, target, met"


def scale_cases(root, names):
    """([(problem, gen module, case dict)] of the chosen problems, [why one is skipped])."""
    found, skipped = [], []
    for name in names or problems(root):
        lacking = missing(name, root, files=FOR_BENCH)
        if lacking:
            skipped.append(f"{name}: skipped, " + "; ".join(lacking))
            continue
        gen = tooling(name, "gen", root)
        found.extend((name, gen, case) for case in gen.SCALE)
    return found, skipped


def resolve_python(exe):
    """The real interpreter binary behind exe (pyenv shims are shell scripts) and its name."""
    path = shutil.which(exe) or exe
    probe = "import platform, sys; print(sys.executable); print(platform.python_implementation())"
    probe += "; print(platform.python_version())"
    try:
        res = subprocess.run([path, "-c", probe], capture_output=True, check=False)
    except OSError as error:
        raise SystemExit(f"cannot run the interpreter {exe!r}: {error}") from None
    if res.returncode != 0:
        raise SystemExit(f"cannot run the interpreter {exe!r}: {res.stderr.decode().strip()}")
    real, impl, version = res.stdout.decode().split("\n")[:3]
    return (real if real and os.path.exists(real) else path), f"{impl} {version}"


def run_once(argv, base, timeout):
    """Run argv on base.in through the launcher: (exit code, CPU s, wall s, peak MiB, timed
    out); the output is left in base.out, the error stream in base.err."""
    launcher = [sys.executable, "-I", "-S", str(BENCH), "--launch", str(timeout)]
    files = [base + ".in", base + ".out", base + ".err"]
    res = subprocess.run(launcher + files + argv, capture_output=True, check=False)
    if res.returncode != 0:
        raise RuntimeError("the launcher failed: " + res.stderr.decode(errors="replace"))
    code, user, system, kib, wall, killed = res.stdout.split()
    return int(code), float(user) + float(system), float(wall), int(kib) / 1024, killed == b"1"


def first_difference(got, expected):
    got, expected = got.split(b"\n"), expected.split(b"\n")
    for i in range(max(len(got), len(expected))):
        a = got[i] if i < len(got) else b"<end of output>"
        b = expected[i] if i < len(expected) else b"<end of output>"
        if a != b:
            return f"line {i + 1}: got {a[:60]!r}, expected {b[:60]!r}"
    return "same lines"


def failure(what, code, timed_out, base, timeout):
    """Why a run failed, in one line, or None if it ran fine."""
    if timed_out:
        return f"{what} timed out after {timeout:g}s"
    if code == 0:
        return None
    with open(base + ".err", "rb") as err:
        tail = err.read().decode(errors="replace").strip().splitlines()[-1:]
    return f"{what} exited with {code}: " + " ".join(tail)


def bench_case(argv, floor_argv, base, expected, runs, args, tick=lambda: None):
    """Time one case: a dict of medians, or {"error": why}. Every run's answer is checked."""
    times = {"cpu": [], "wall": [], "mem": [], "floor_cpu": [], "floor_wall": [], "floor_mem": []}
    for i in range(runs):
        for prefix, command in (("", argv), ("floor_", floor_argv)):
            tick()
            code, cpu, wall, mem, timed_out = run_once(command, base, args.timeout)
            error = failure("floor" if prefix else "solution", code, timed_out, base, args.timeout)
            if error:
                return {"error": error}
            if not prefix:
                with open(base + ".out", "rb") as out:
                    got = out.read()
                verdict = parse_mode("exact").verdict(expected, got)
                if verdict != "AC":
                    return {"error": f"{verdict} ({first_difference(got, expected)})"}
            if i or args.quick:  # the first run is the warm-up
                for key, value in (("cpu", cpu), ("wall", wall), ("mem", mem)):
                    times[prefix + key].append(value)
    row = {key: statistics.median(values) for key, values in times.items()}
    row["mem"], row["floor_mem"] = max(times["mem"]), max(times["floor_mem"])
    # Each run against the floor run just after it: a drift of the machine's speed between
    # runs (seconds long on a shared machine) moves both sides of a pair, not the ratio.
    pairs = zip(times["cpu"], times["floor_cpu"])
    row["ratio"] = statistics.median(cpu / max(floor, 1e-9) for cpu, floor in pairs)
    row["mem_ratio"] = row["mem"] / max(row["floor_mem"], 1e-9)
    return row


def target_of(case):
    text = f"<= {case['target']:g}x"
    if case.get("mem_target") is not None:
        text += f", mem <= {case['mem_target']:g}x"
    return text


def met(case, row):
    if row["ratio"] > case["target"]:
        return "**no**"
    if case.get("mem_target") is not None and row["mem_ratio"] > case["mem_target"]:
        return "**no (mem)**"
    return "yes"


def table_row(name, case, row):
    if "error" in row:
        cells = [""] * 7 + [target_of(case), "**" + row["error"].replace("|", "\\|") + "**"]
    else:
        cells = [f"{row[key]:.3f}" for key in ("cpu", "wall")] + [f"{row['mem']:.1f}"]
        cells += [f"{row['floor_cpu']:.3f}", f"{row['floor_mem']:.1f}"]
        cells += [f"{row['ratio']:.2f}x", f"{row['mem_ratio']:.2f}x", target_of(case)]
        cells.append(met(case, row))
    return "| " + " | ".join([name, case["name"], *cells]) + " |"


def machine_line(impl):
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            names = [line.split(":", 1)[1] for line in info if line.startswith("model name")]
        model = names[0].strip() if names else model
    except OSError:
        pass
    system = f"{platform.system()} {platform.release()}"
    return f"Machine: {model}, {os.cpu_count() or 1} cores, {system}; interpreter: {impl}."


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--python", default=sys.executable, help="interpreter to measure")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs per program (default 5)")
    ap.add_argument("--only", "-k", action="append", metavar="NAME", help="only this problem")
    ap.add_argument("--quick", action="store_true", help="the small builds, 1 run, no warm-up")
    ap.add_argument("--seed", default="12345", help="seed of the input builders (default 12345)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per run (default 300)")
    ap.add_argument("--keep", metavar="DIR", help="write the inputs to DIR and keep them")
    ap.add_argument("--root", type=Path, default=REPO, help="folder with solutions/ and tests/")
    args = ap.parse_args(argv)
    args.root = args.root.resolve()
    known = problems(args.root)
    for name in args.only or ():
        if name not in known:
            ap.error(f"no problem {name!r}: the problems are {', '.join(known)}")
    return args


def bench_all(cases, exe, runs, folder, args):
    """Time every case: (the table's rows, the inputs' lines, how many rows failed). On a
    terminal the runner's status line on stderr says how far it is; a line there names each
    case done."""
    rows, inputs, errors = [], [], 0
    progress = Progress(len(cases), "cases")
    try:
        for name, gen, case in cases:
            build = (args.quick and case.get("quick_build")) or case["build"]
            data = build(random.Random(f"{args.seed}/{name}/{case['name']}"))
            expected = gen.scale_answer(case["name"], data)
            base = os.path.join(folder, f"{name}-{case['name']}")
            with open(base + ".in", "wb") as file:
                file.write(data)
            del data
            floor = [exe, str(args.root / "tests" / name / "floor.py")]
            solution = [exe, str(args.root / "solutions" / (name + ".py"))]
            row = bench_case(solution, floor, base, expected, runs, args, progress.tick)
            progress.clear()
            sys.stderr.write(f"{name} {case['name']}: {row.get('error', 'done')}\n")
            progress.step("error" in row)
            errors += "error" in row
            rows.append(table_row(name, case, row))
            inputs.append(f"- {name} `{case['name']}`: {case['what']}")
    finally:
        progress.close()
    return rows, inputs, errors


def main(argv=None):
    args = parse_args(argv)
    exe, impl = resolve_python(args.python)
    runs = 1 if args.quick else 1 + max(1, args.repeat)
    folder = args.keep or tempfile.mkdtemp(prefix="bench-")
    os.makedirs(folder, exist_ok=True)
    cases, skipped = scale_cases(args.root, args.only)
    try:
        rows, inputs, errors = bench_all(cases, exe, runs, folder, args)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    lines = ["| problem | input | " + COLUMNS.replace(", ", " | ") + " |", "|" + "---|" * 11]
    how = {1: "a single run", 2: "1 run after 1 warm-up"}.get(runs)
    how = how or f"median of {runs - 1} runs after 1 warm-up"
    print("\n".join(lines + rows), "", machine_line(impl), sep="\n")
    print(f"CPU = user + system seconds of the whole process, {how}; peak MiB = the highest")
    print("ru_maxrss; ratio = the median of CPU / floor CPU over pairs of runs, each solution run")
    print("against the floor run right after it. Targets are set for CPython.")
    if args.quick:
        print("Quick mode: the small builds and a single run; the targets are for the full ones.")
    print("\nInputs:", *inputs, *skipped, sep="\n")
    if args.root == REPO and not args.only:  # the runner's own cost per case
        print("", *overhead.overhead_table(args.quick, exe), sep="\n")
    if errors:
        print(f"\n{errors} row(s) could not be timed: see the table.")
    return 1 if errors else 0


if __name__ == "__main__":
    run_tool(main)
