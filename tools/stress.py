"""`make stress`: random inputs through an answer and a solution, the solution run as a
process and judged on each as runner.py judges a case (docs/stress.md).

``make stress P=NAME GEN=CMD BRUTE=CMD [SOLUTION=CMD] [N=...] [SEED=s] [TLE=s] [MLE=MiB]``
uses your own programs, in any language: GEN runs as ``CMD SEED`` and prints one input,
and BRUTE's output on it is the answer. The problem needs only solutions/NAME.py, whose
``Judge:`` line gives the limits and the comparison. A failure shrinks by lines, then words.

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

from judge import JUDGE_PREFIX, Progress, UsageError, printable, say
from tools.contract import FOR_STRESS, missing
from tools.play import described, inputs, outcomes_of, play, shown_input, summary
from tools.problem import ROOT, problems, run_tool, tooling
from tools.programs import ENCODING, AsProcess, Helper, ProgramError, generated, limits, program
from tools.shrink import judge_sends, shrink, smallest

STARTED = time.monotonic()  # the status line counts from the start of the driver
HACKS = ROOT / "hacks"  # git-ignored: `make keep-hack` makes a hack a testcase
HACK = "hack-"


def hack_stem(name, text):
    """hack-HASH, or judge-hack-HASH when the judge could send text."""
    judge = (ROOT / "tests" / name / "validate.py").is_file() and judge_sends(name, text)
    digest = hashlib.sha256(text.encode(*ENCODING)).hexdigest()[:8]
    return (JUDGE_PREFIX if judge else "") + HACK + digest


def save_hack(stem, text, expected, folder):
    """Write text and its expected answer as folder/STEM.in and .out; return folder/STEM."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / (stem + ".in")).write_bytes(text.encode(*ENCODING))
    (folder / (stem + ".out")).write_bytes(expected.encode(*ENCODING))
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
        description="Random inputs through an answer (the oracle, or BRUTE) and the solution, "
        "run as a process and judged as the runner judges a case; the first failure is shrunk "
        "and saved as a hack.",
    )
    made.add_argument("name", metavar="NAME", help="the problem (solutions/NAME.py)")
    made.add_argument("-n", type=int, default=1000, help="inputs to play (default 1000)")
    made.add_argument("--seed", type=int, help="random seed (default: the stress test's, or 1)")
    made.add_argument("--python", default=sys.executable, help="interpreter of a .py program")
    made.add_argument(
        "--solution",
        metavar="PROGRAM",
        help="a .py file (run on --python) or a command line, e.g. ./a.out, run from the "
        "current folder (default: solutions/NAME.py)",
    )
    made.add_argument("--gen", metavar="CMD", help="your generator: CMD SEED prints an input")
    made.add_argument("--brute", metavar="CMD", help="your brute force: its output is the answer")
    made.add_argument("--tle", type=positive, metavar="S", help="the CPU time limit, in s")
    made.add_argument("--mle", type=positive, metavar="MIB", help="the memory limit, in MiB")
    made.add_argument(
        "--judge",
        action="store_true",
        help="judge cases only (inputs in the judge's layout, sizes and ranges), judged by "
        "the limits of the solution's Judge: line",
    )
    made.add_argument("--save-to", type=Path, help="hack folder (default: hacks/NAME)")
    made.add_argument("-j", type=int, default=os.cpu_count() or 1, help="processes at once")
    return made


def positive(text):
    """A limit: a positive number."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number")
    return value


def checked(made, args):
    """The commands that run the solution, GEN and BRUTE (None when not given), once the
    arguments are found sound."""
    if args.gen or args.brute:
        if not (args.gen and args.brute):
            made.error("GEN and BRUTE go together: GEN makes the inputs, BRUTE the answers")
        if args.judge:
            made.error("JUDGE=1 draws from tests/NAME/gen.py; with GEN, your GEN draws")
        if not (ROOT / "solutions" / (args.name + ".py")).is_file():
            made.error(f"no problem {args.name!r}: solutions/{args.name}.py is missing")
    else:
        if args.name not in problems():
            made.error(f"no problem {args.name!r}: the problems are {', '.join(problems())}")
        lacking = missing(args.name, files=FOR_STRESS)
        if lacking:
            made.error("; ".join(lacking) + " (or bring your own: GEN=CMD BRUTE=CMD)")
        if args.judge and not (ROOT / "tests" / args.name / "validate.py").is_file():
            made.error(f"--judge: {args.name} has no tests/{args.name}/validate.py")
    solution = args.solution or str(ROOT / "solutions" / (args.name + ".py"))
    python, commands = shutil.which(args.python) or args.python, {}
    for role, text in (("--solution", solution), ("GEN", args.gen), ("BRUTE", args.brute)):
        try:
            commands[role] = text and program(text, python, Path.cwd())
        except UsageError as error:  # the runner's words name its own option
            made.error(f"{role}: {str(error).replace('--command ', '', 1)}")
    return commands


def main(argv=None):
    made = parser()
    args = made.parse_args(argv)
    commands = checked(made, args)
    command, own = commands["--solution"], bool(args.gen)
    try:
        profile, words, warning = limits(
            args.name, args.judge or own, ROOT, command, args.tle, args.mle
        )
    except UsageError as error:
        made.error(printable(str(error)))
    if warning:
        print(f"stress: warning: {warning}", file=sys.stderr)
    mode = "judge cases only" if args.judge else "judge and extended cases"
    mode = f"GEN {args.gen} with BRUTE {args.brute}" if own else mode
    say(f"stress {args.name} on {mode}, {words}: {shown(command[0])}")
    # Your own program runs from the folder you call from, so that the rest of a command line
    # ("python3 mine.py", "java -cp build Main") means what it means in your shell.
    cwd = ROOT if args.solution is None else Path.cwd()
    with tempfile.TemporaryDirectory(prefix="stress-") as folder:
        judge = AsProcess(command, cwd, profile, folder)
        try:
            plan = (yours if own else ours)(args, judge, folder, commands)
            return stress_run(args, judge, plan)
        except ProgramError as error:
            print(f"stress: {error}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            judge.stop()
            print("interrupted: every running program was killed", file=sys.stderr)
            return 130
        finally:
            judge.close()


def ours(args, judge, folder, commands):
    """The plan of a problem with a tooling folder: its generator, oracle and shrinker."""
    gen = tooling(args.name, "gen")
    seed = gen.STRESS["seed"] if args.seed is None else args.seed
    oracle = tooling(args.name, "oracle")
    judge.answer = lambda text, path: oracle.solve(text)
    return {
        "seed": seed,
        "texts": inputs(gen, args.n, seed, args.judge),
        "outcomes": outcomes_of(args.name),
        "shrink": lambda drawn, verdict: shrink(args.name, judge, drawn, verdict, args.judge),
        "whose": "the oracle's answer",
    }


def yours(args, judge, folder, commands):
    """The plan of your GEN and BRUTE, run from the current folder."""
    gen, brute = (
        Helper(role, commands[role], Path.cwd(), judge.profile, judge.running)
        for role in ("GEN", "BRUTE")
    )
    seed, seeds = 1 if args.seed is None else args.seed, {}

    def texts():
        for number, text in enumerate(generated(gen, args.n, seed, folder)):
            seeds.setdefault(text, seed + number)
            yield text

    def answer(text, path):
        on = f"on the input of seed {seeds[text]}" if text in seeds else "on a shrunk input"
        return brute.run(path, on)

    judge.answer = answer
    return {
        "seed": seed,
        "texts": texts(),
        "outcomes": None,
        "shrink": lambda drawn, verdict: smallest(judge, drawn, verdict),
        "whose": "BRUTE's answer",
    }


def stress_run(args, judge, plan):
    """Play, and on the first failure shrink it, report it and save it: the exit status."""
    start, seed = time.perf_counter(), plan["seed"]
    # The status line shows once the driver has run about a second, its start included.
    progress = Progress(args.n, "inputs", delay=max(0.0, 1.0 - (start - STARTED)))
    try:
        passed, kinds, more, failing = play(
            plan["texts"], judge, max(1, args.j), plan["outcomes"], progress
        )
    finally:
        progress.close()
    if failing is None:
        took = time.perf_counter() - start
        counts = f"; {summary(kinds, more)}" if kinds else ""
        say(f"{args.n} inputs (seed {seed}), no failure, {took:.1f} s{counts}")
        return 0
    drawn, verdict = failing
    at = f"seed {seed + passed} of GEN" if args.gen else f"seed {seed}"
    say(
        f"{verdict.kind} on input {passed + 1} ({at}) after {passed} passing inputs; "
        f"shrinking: a smaller input counts only if it gives {verdict.kind} again ..."
    )
    small, verdict = plan["shrink"](drawn, verdict)
    report(args, drawn, small, verdict, hack_stem(args.name, small), plan["whose"])
    return 1


def report(args, drawn, small, verdict, stem, whose):
    """Save the shrunk failure as a hack and say what it is and where."""
    if small == drawn:
        say("could not shrink: saving the input as drawn")
    saved = save_hack(stem, small, verdict.expected, args.save_to or HACKS / args.name)
    with contextlib.suppress(ValueError):  # shown whole when outside the current folder
        saved = saved.relative_to(Path.cwd())
    lines = described(verdict) + shown_input(small, f"{saved}.in")
    if small != drawn:
        lines.append(f"(shrunk from the {len(drawn.encode(*ENCODING))} bytes drawn)")
    lines.append(f"saved as {saved}.in and .out ({whose})")
    if args.save_to is None:
        lines.append(
            f"judge the hacks: python3 runner.py {args.name} --hacks; make this one a testcase: "
            f"make keep-hack P={args.name} H={Path(saved).name}"
        )
    say("\n".join(lines))


if __name__ == "__main__":
    run_tool(main)
