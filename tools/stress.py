"""`make stress`: random inputs through a problem's oracle and its solution, the solution run
as a process and judged on each as runner.py judges a case (docs/stress.md).

``make stress P=NAME [N=count] [SEED=s] [PY=interpreter] [SOLUTION=program] [JUDGE=1]``
(``python3 -m tools.stress``) plays the inputs of tests/NAME/gen.py (judge-mode ones with
JUDGE=1). The solution's process tree is measured, and its verdict is the runner's: TLE over
the CPU limit or past the wall backstop, MLE over the memory limit, RE on a crash, WA with
the runner's diff. JUDGE=1 uses the limits of the solution's ``Judge:`` line, otherwise
generous ones; the first line says which. The first failure is shrunk (tools/shrink.py),
printed and saved in hacks/NAME/ as hack-HASH.in and .out (the .out from the oracle;
judge-hack-HASH when the judge could send the input), and the exit status is 1. After N
inputs with no failure it prints the outcome counts and exits 0. ``python3 runner.py NAME
--hacks`` judges the hacks, and ``make keep-hack`` (tools/keep_hack.py) makes one a testcase.
"""

import argparse
import contextlib
import hashlib
import os
import shlex
import shutil
import sys
import tempfile
import time
from pathlib import Path

import runner
from tools.contract import FOR_STRESS, missing
from tools.play import described, inputs, outcomes_of, play, shown_input, summary
from tools.problem import ROOT, problems, run_tool, tooling
from tools.programs import AsProcess, limits, program
from tools.shrink import judge_sends, shrink

HACKS = ROOT / "hacks"  # git-ignored: `make keep-hack` makes a hack a testcase
HACK = "hack-"


def hack_stem(name, text):
    """hack-HASH, or judge-hack-HASH when the judge could send text."""
    judge = (ROOT / "tests" / name / "validate.py").is_file() and judge_sends(name, text)
    digest = hashlib.sha256(text.encode()).hexdigest()[:8]
    return (runner.JUDGE_PREFIX if judge else "") + HACK + digest


def save_hack(stem, text, expected, folder):
    """Write text and its expected answer as folder/STEM.in and .out; return folder/STEM."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / (stem + ".in")).write_bytes(text.encode())
    (folder / (stem + ".out")).write_bytes(expected.encode())
    return folder / stem


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


def parser():
    made = argparse.ArgumentParser(
        prog="make stress P=NAME",
        description="Random inputs through the oracle and the solution, run as a process and "
        "judged as the runner judges a case; the first failure is shrunk and saved as a hack.",
    )
    made.add_argument("name", metavar="NAME", help="the problem (solutions/NAME.py)")
    made.add_argument("-n", type=int, default=1000, help="inputs to play (default 1000)")
    made.add_argument("--seed", type=int, help="random seed (default: the stress test's)")
    made.add_argument("--python", default=sys.executable, help="interpreter of a .py program")
    made.add_argument(
        "--solution",
        metavar="PROGRAM",
        help="a .py file (run on --python) or a command line, e.g. ./a.out, run from the "
        "current folder (default: solutions/NAME.py)",
    )
    made.add_argument(
        "--judge",
        action="store_true",
        help="judge cases only (inputs in the judge's layout, sizes and ranges), judged by "
        "the limits of the solution's Judge: line",
    )
    made.add_argument("--save-to", type=Path, help="hack folder (default: hacks/NAME)")
    made.add_argument("-j", type=int, default=os.cpu_count() or 1, help="processes at once")
    return made


def checked(made, args):
    """The command that runs the solution, once the arguments are found sound."""
    if args.name not in problems():
        made.error(f"no problem {args.name!r}: the problems are {', '.join(problems())}")
    lacking = missing(args.name, files=FOR_STRESS)
    if lacking:
        made.error("; ".join(lacking))
    if args.judge and not (ROOT / "tests" / args.name / "validate.py").is_file():
        made.error(f"--judge: {args.name} has no tests/{args.name}/validate.py")
    solution = args.solution or str(ROOT / "solutions" / (args.name + ".py"))
    python = shutil.which(args.python) or args.python
    try:
        return program(solution, python, Path.cwd())
    except runner.UsageError as error:
        made.error(f"--solution: {error}")


def main(argv=None):
    made = parser()
    args = made.parse_args(argv)
    command = checked(made, args)
    profile, words, warning = limits(args.name, args.judge, ROOT)
    if warning:
        print(f"stress: warning: {warning}", file=sys.stderr)
    mode = "judge cases only" if args.judge else "judge and extended cases"
    runner.say(f"stress {args.name} on {mode}, {words}: {shown(command[0])}")
    seed = tooling(args.name, "gen").STRESS["seed"] if args.seed is None else args.seed
    # Your own program runs from the folder you call from, so that the rest of a command line
    # ("python3 mine.py", "java -cp build Main") means what it means in your shell.
    cwd = ROOT if args.solution is None else Path.cwd()
    answer = tooling(args.name, "oracle").solve
    with tempfile.TemporaryDirectory(prefix="stress-") as folder:
        judge = AsProcess(command, cwd, profile, folder, answer)
        try:
            return stress_run(args, judge, seed)
        except KeyboardInterrupt:
            judge.stop()
            print("interrupted: every running program was killed", file=sys.stderr)
            return 130
        finally:
            judge.close()


def stress_run(args, judge, seed):
    """Play, and on the first failure shrink it, report it and save it: the exit status."""
    start = time.perf_counter()
    texts = inputs(tooling(args.name, "gen"), args.n, seed, args.judge)
    jobs = max(1, args.j)
    passed, kinds, more, failing = play(texts, judge, jobs, outcomes_of(args.name))
    if failing is None:
        took = time.perf_counter() - start
        runner.say(
            f"{args.n} inputs (seed {seed}), no failure, {took:.1f} s; {summary(kinds, more)}"
        )
        return 0
    drawn, verdict = failing
    runner.say(
        f"{verdict.kind} on input {passed + 1} (seed {seed}) after {passed} passing inputs; "
        f"shrinking: a smaller input counts only if it gives {verdict.kind} again ..."
    )
    small, verdict = shrink(args.name, judge, drawn, verdict, args.judge)
    report(args, drawn, small, verdict, hack_stem(args.name, small), "the oracle's answer")
    return 1


def report(args, drawn, small, verdict, stem, whose):
    """Save the shrunk failure as a hack and say what it is and where."""
    if small == drawn:
        runner.say("could not shrink: saving the input as drawn")
    saved = save_hack(stem, small, verdict.expected, args.save_to or HACKS / args.name)
    with contextlib.suppress(ValueError):  # shown whole when outside the current folder
        saved = saved.relative_to(Path.cwd())
    lines = described(verdict) + shown_input(small, f"{saved}.in")
    if small != drawn:
        lines.append(f"(shrunk from the {len(drawn.encode())} bytes drawn)")
    lines.append(f"saved as {saved}.in and .out ({whose})")
    if args.save_to is None:
        lines.append(
            f"judge the hacks: python3 runner.py {args.name} --hacks; make this one a testcase: "
            f"make keep-hack P={args.name} H={Path(saved).name}"
        )
    runner.say("\n".join(lines))


if __name__ == "__main__":
    run_tool(main)
