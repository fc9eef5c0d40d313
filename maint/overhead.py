"""The runner's own cost per case: `python3 -m maint.overhead`, and two rows of `make bench`.

For a one-line C program and a one-line Python program, 500 cases each (every input empty,
every .out "1"), the runner with `-j 1` runs against a plain shell loop that runs the same
500 processes. Both are timed as whole processes: user + system CPU with every child they
waited for. The two run alternately; the ratio is the median over the pairs of runner CPU /
loop CPU. The C row needs a C compiler (cc); without one it says so.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TARGETS = {"C": 2.5, "Python": 1.2}  # the most runner CPU per loop CPU, by the program's language
HEADER = "| program | cases | runner CPU s | loop CPU s | ratio | target | met |"
NOTE = (
    "",
    "The runner's own cost: CPU = user + system seconds with every child, the median of the runs;",
    "ratio = the median of runner CPU / shell-loop CPU over pairs of runs; the runner uses -j 1.",
)
PROGRAMS = {
    "C": ("p.c", 'int puts(const char *);\nint main(void) { puts("1"); return 0; }\n'),
    "Python": ("p.py", "print(1)\n"),
}


def cpu_of(argv, cwd):
    """User + system seconds of argv as a whole process, the children it waited for too."""
    process = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = 0  # reaped by wait4: Popen must not wait again
    if status != 0:
        raise RuntimeError(f"{argv[0]} failed: {process.stderr.read().decode(errors='replace')}")
    process.stderr.close()
    return usage.ru_utime + usage.ru_stime


def make_cases(folder, count):
    cases = folder / "testcases" / "p"
    cases.mkdir(parents=True)
    for number in range(count):
        (cases / f"c{number}.in").write_bytes(b"")
        (cases / f"c{number}.out").write_bytes(b"1\n")


def program(folder, language, python):
    """The program's argv (relative to folder), or None where it cannot be built."""
    name, source = PROGRAMS[language]
    (folder / name).write_text(source)
    if language == "Python":
        return [python, name]
    compiler = shutil.which("cc")
    if compiler is None:
        return None
    subprocess.run([compiler, "-O2", "-o", "p", name], cwd=folder, check=True)
    return ["./p"]


def measure(language, count, pairs, python, sandbox=False):
    """(median runner CPU, median loop CPU, median ratio), or None without a C compiler. With
    sandbox, the runner runs with --sandbox; the loop stays the plain one."""
    with tempfile.TemporaryDirectory(prefix="overhead-") as name:
        folder = Path(name)
        make_cases(folder, count)
        argv = program(folder, language, python)
        if argv is None:
            return None
        command = " ".join(argv)
        judge = [python, str(REPO / "runner.py"), "--root", str(folder), "p", "-j", "1"]
        judge += ["--tle", "5", "--command", command, *(["--sandbox"] if sandbox else [])]
        loop = f'for f in testcases/p/*.in; do {command} < "$f" > /dev/null; done'
        shell = ["sh", "-c", loop]
        runs = [(cpu_of(judge, folder), cpu_of(shell, folder)) for _ in range(pairs)]
    ratio = statistics.median(judge_cpu / loop_cpu for judge_cpu, loop_cpu in runs)
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs), ratio


def overhead_rows(count=500, pairs=3, python=sys.executable, sandbox=False):
    """The two rows: language, cases, runner CPU s, loop CPU s, ratio, target, met. With
    sandbox, the runner's --sandbox rows, which have no target: bwrap's own cost is in them."""
    rows = []
    for language, target in TARGETS.items():
        name = f"{language} one line" + (", `--sandbox`" if sandbox else "")
        found = measure(language, count, pairs, python, sandbox)
        if found is None:
            rows.append(f"| {name} | {count} | no C compiler (cc) here | | | | |")
            continue
        judge_cpu, loop_cpu, ratio = found
        goal, met = f"<= {target}x", "yes" if ratio <= target else "NO"
        if sandbox:
            goal, met = "none", "n/a"
        rows.append(
            f"| {name} | {count} | {judge_cpu:.2f} | {loop_cpu:.2f} | "
            f"{ratio:.2f}x | {goal} | {met} |"
        )
    return rows


def overhead_table(quick=False, python=sys.executable):
    """The table `make bench` prints after its own: 500 cases and 3 pairs, or 20 and 1 quick."""
    count, pairs = (20, 1) if quick else (500, 3)
    return [HEADER, "|---|---|---|---|---|---|---|", *overhead_rows(count, pairs, python), *NOTE]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m maint.overhead", description=__doc__)
    parser.add_argument("--cases", type=int, default=500, help="cases per run (default: 500)")
    parser.add_argument("--pairs", type=int, default=3, help="pairs of runs (default: 3)")
    parser.add_argument("--python", default=sys.executable, help="the runner's interpreter")
    parser.add_argument("--sandbox", action="store_true", help="also the rows with --sandbox")
    args = parser.parse_args(argv)
    rows = overhead_rows(args.cases, args.pairs, args.python)
    if args.sandbox:
        rows += overhead_rows(args.cases, args.pairs, args.python, sandbox=True)
    print(HEADER, "|---|---|---|---|---|---|---|", *rows, *NOTE, sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
