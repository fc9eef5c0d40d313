"""`make stress`: random inputs through an answer and a solution, the solution run as a
process and judged on each as runner.py judges a case (docs/stress.md).

``make stress P=NAME GEN=CMD BRUTE=CMD [SOLUTION=CMD] [N=...] [SEED=s] [TLE=s] [MLE=MiB]``
uses your own programs, in any language: GEN runs as ``CMD SEED`` and prints one input,
and BRUTE's output on it is the answer. The problem needs only its solution, whose ``Judge:``
line gives the limits and the comparison; with SOLUTION= it needs nothing, and P may be any
folder (tools/stress_target.py): then TLE= and MLE=, or the runner's defaults, are the limits.
A source given (x.cpp, Main.java, gen.py) is built as the runner builds solutions/NAME.cpp;
one that does not build ends the run, exit status 2. A failure shrinks by lines, then words.

``make stress P=NAME [N=count] [SEED=s] [PY=interpreter] [SOLUTION=program] [JUDGE=1]``
(``python3 -m tools.stress``) plays the inputs of tests/NAME/gen.py (judge-mode ones with
JUDGE=1). The solution's process tree is measured, and its verdict is the runner's: TLE over
the CPU limit or past the wall backstop, MLE over the memory limit, RE on a crash, WA with
the runner's diff. JUDGE=1 uses the limits of the solution's ``Judge:`` line, otherwise
generous ones; the first line says which. The inputs are drawn as they are judged: a few are
held at a time, whatever N is. The first failure is printed, then saved in hacks/NAME/ (a
folder's own hacks/) as hack-HASH.in and .out (the .out from the oracle, or BRUTE;
judge-hack-HASH when the judge could send the input), then shrunk (tools/shrink.py) for at
most SHRINK seconds, and a smaller failing input printed and saved in its place. The exit
status is 1 (130 on Ctrl-C while shrinking: the smallest found is saved too). A save that
fails is one line. After N inputs with no failure it prints the outcome counts and exits 0.
``python3 runner.py NAME --hacks`` judges the hacks, and ``make keep-hack``
(tools/keep_hack.py) makes one a testcase.
"""

import argparse
import contextlib
import math
import os
import shlex
import shutil
import sys
import tempfile
import time
from pathlib import Path

from judge import Progress, UsageError, catch_signals, cpu_count, positive, printable, say
from tools.play import inputs, outcomes_of, play, summary
from tools.problem import ROOT, problem_parser, run_tool, tooling
from tools.programs import (
    AsProcess,
    BuildFailed,
    Helper,
    ProgramError,
    built_from,
    generated,
    limits,
    program,
)
from tools.shrink import shrink, smallest
from tools.stress_failure import Hacks, failed
from tools.stress_target import lacking, target

STARTED = time.monotonic()  # the status line counts from the start of the driver
SHRINK = 60  # seconds a failure shrinks for, by default


def shown(argv):
    """The command line as the first line prints it: the driver's own Python by its name,
    paths under the current folder relative to it. Windows keeps a command line whole, as a
    str (judge.commands.split_command): it is shown as given."""
    if isinstance(argv, str):
        return argv
    words = [Path(sys.executable).name if argv[0] == sys.executable else argv[0], *argv[1:]]
    for i, word in enumerate(words):
        with contextlib.suppress(ValueError):
            if os.path.isabs(word):
                relative = str(Path(word).relative_to(Path.cwd()))
                words[i] = relative if os.sep in relative or i > 0 else "." + os.sep + relative
    return shlex.join(words)


def parser():
    made = problem_parser(
        "make stress P=NAME",
        "Random inputs through an answer (the oracle, or BRUTE) and the solution, "
        "run as a process and judged as the runner judges a case; the first failure is shrunk "
        "and saved as a hack.",
        "the problem (solutions/NAME.py), or a folder: ./mine, ~/cf/1850A",
    )
    made.add_argument("-n", type=int, default=1000, help="inputs to play (default 1000)")
    made.add_argument("--seed", type=int, help="random seed (default: the stress test's, or 1)")
    made.add_argument("--python", default=sys.executable, help="interpreter of a .py program")
    made.add_argument(
        "--solution",
        metavar="PROGRAM",
        help="a source (x.cpp, Main.java, a .py run on --python), a program or a command "
        "line, run from the current folder (default: solutions/NAME.py, or .cpp ...)",
    )
    made.add_argument(
        "--gen",
        metavar="CMD",
        help="your generator, a source or a command: CMD SEED prints an input",
    )
    made.add_argument(
        "--brute",
        metavar="CMD",
        help="your brute force, a source or a command: its output is the answer",
    )
    made.add_argument("--tle", type=positive, metavar="S", help="the CPU time limit, in s")
    made.add_argument("--mle", type=positive, metavar="MIB", help="the memory limit, in MiB")
    made.add_argument(
        "--judge",
        action="store_true",
        help="judge cases only (inputs in the judge's layout, sizes and ranges), judged by "
        "the limits of the solution's Judge: line",
    )
    made.add_argument(
        "--shrink",
        type=seconds,
        default=SHRINK,
        metavar="S",
        help=f"seconds to shrink a failure for, 0: not at all (default {SHRINK})",
    )
    made.add_argument(
        "--save-to", type=Path, help="hack folder (default: hacks/NAME, or a folder's hacks/)"
    )
    made.add_argument("-j", type=int, default=cpu_count(), help="processes at once")
    return made


def seconds(text):
    """A time to shrink for, the argparse type: a finite number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan  # it fits nothing
    if not 0 <= value < math.inf:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds")
    return value


def checked(args):
    """What P names (a Target) and the commands that run the solution, GEN and BRUTE (None
    when not given), once the arguments are found sound: sources built. A UsageError, one
    line, says what is missing; BuildFailed, a source that does not build."""
    found = target(args.name)
    why = lacking(found, args)
    if why:
        raise UsageError(why)
    python, commands = shutil.which(args.python) or args.python, {}
    roles = (("SOLUTION", args.solution), ("GEN", args.gen), ("BRUTE", args.brute))
    for role, text in roles:
        commands[role] = text and built(role, text, python, Path.cwd())
    if args.solution is None:  # the problem's own, from the root
        commands["SOLUTION"] = built("SOLUTION", found.solution, python, ROOT)
    return found, commands


def built(role, text, python, here):
    """The command of the program text gives for role, built if it is a source."""
    try:
        return program(text, python, here)
    except UsageError as error:  # the runner's words name its own option
        raise UsageError(f"{role}: {str(error).replace('--command ', '', 1)}") from None
    except BuildFailed as error:
        lines = [f"{role} {text} does not build: {error.lines[0]}", *error.lines[1:]]
        raise BuildFailed(lines) from None


def interrupted(signum, frame):
    """A stop signal (SIGTERM, a closed terminal's SIGHUP) ends the run as Ctrl-C does: the
    smallest failing input found so far is kept."""
    raise KeyboardInterrupt


def main(argv=None):
    args = parser().parse_args(argv)
    catch_signals(interrupted)
    if hasattr(sys.stdout, "reconfigure"):  # an input's text that this stdout cannot encode
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        found, commands = checked(args)
        command, own = commands["SOLUTION"], bool(args.gen)
        name = found.name if found.solution else None  # whose Judge: line counts
        profile, words, warning = limits(name, args.judge or own, ROOT, command, args.tle, args.mle)
    except (UsageError, BuildFailed) as error:
        lines = getattr(error, "lines", [str(error)])
        print(
            printable(f"stress: {lines[0]}"), *map(printable, lines[1:]), sep="\n", file=sys.stderr
        )
        return 2
    if warning:
        print(f"stress: warning: {warning}", file=sys.stderr)
    mode = "judge cases only" if args.judge else "judge and extended cases"
    mode = f"GEN {args.gen} with BRUTE {args.brute}" if own else mode
    source = built_from(args.solution or found.solution, command)
    say(f"stress {found.shown} on {mode}, {words}: {source or shown(command[0])}")
    return run(args, found, command, profile, commands)


def run(args, found, command, profile, commands):
    """Play the inputs, in a folder of their own that a few at a time pass through: the exit
    status."""
    own = bool(args.gen)
    # Your own program runs from the folder you call from, so that the rest of a command line
    # ("python3 mine.py", "java -cp build Main") means what it means in your shell.
    cwd = ROOT if args.solution is None else Path.cwd()
    with tempfile.TemporaryDirectory(prefix="stress-") as folder:
        judge = AsProcess(command, cwd, profile, folder)
        try:
            plan = (yours if own else ours)(args, found, judge, folder, commands)
            plan["hacks"] = Hacks(found, args, plan["whose"])
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


def ours(args, found, judge, folder, commands):
    """The plan of a problem with a tooling folder: its generator, oracle and shrinker (found
    names a problem: lacking() saw to it)."""
    name = found.name
    gen = tooling(name, "gen")
    seed = gen.STRESS["seed"] if args.seed is None else args.seed
    oracle = tooling(name, "oracle")
    judge.answer = lambda text, path, deadline=None: oracle.solve(text)
    return {
        "seed": seed,
        "texts": inputs(gen, args.n, seed, args.judge),
        "outcomes": outcomes_of(name),
        "shrink": lambda candidate, drawn, verdict, watch: shrink(
            name, candidate, drawn, verdict, args.judge, watch
        ),
        "whose": "the oracle's answer",
    }


def yours(args, found, judge, folder, commands):
    """The plan of your GEN and BRUTE, run from the current folder."""
    gen, brute = (
        Helper(role, commands[role], Path.cwd(), judge.profile, judge.running)
        for role in ("GEN", "BRUTE")
    )
    seed = 1 if args.seed is None else args.seed

    def answer(text, path, deadline=None):
        drawn = getattr(text, "seed", None)  # a Drawn; a shrunk input is a plain str
        on = "on a shrunk input" if drawn is None else f"on the input of seed {drawn}"
        return brute.run(path, on, deadline=deadline)

    judge.answer = answer
    return {
        "seed": seed,
        "texts": generated(gen, args.n, seed, folder),
        "outcomes": None,
        "shrink": lambda candidate, drawn, verdict, watch: smallest(
            candidate, drawn, verdict, watch=watch
        ),
        "whose": "BRUTE's answer",
    }


def stress_run(args, judge, plan):
    """Play; on the first failure say it, save it, shrink it and save the smaller one
    (tools/stress_failure.py): the exit status."""
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
    return failed(args, judge, plan, passed, failing)


if __name__ == "__main__":
    run_tool(main)
