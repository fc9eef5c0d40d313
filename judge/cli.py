"""A judge on your laptop: run every solution on its testcases and give judge verdicts.

Verdicts: TLE, OLE, MLE, RE, IC, PE, WA, AC; "--" when a case has no .out; CE when the solution
cannot be built; IE when it cannot be run. The last line is `N passed, M failed`, where M
counts every verdict but AC and --. Exit status: 0 if M is 0, 1 otherwise, 2 for a usage
error or a report that cannot be written (a full disk), 130 when interrupted, 141 when the
report's reader goes away (`| head`).
docs/runner.md says how cases are run and judged.
"""

import argparse
import errno
import math
import os
import shutil
import signal
import sys
from collections import namedtuple
from dataclasses import replace
from pathlib import Path

from judge.build import BUILD_FOLDER, command_built, command_of, hidden_folders, program_for
from judge.commands import runs_python
from judge.console import let_go, note, say, usage_error
from judge.fileio import file_flag
from judge.judging import OUTPUT_MIB, judge_case, run_all
from judge.model import JUDGE_PREFIX, OutputClosed, Program, UsageError
from judge.modes import add_flags, chosen_mode, make_mode
from judge.packages import read_package
from judge.platform import PORTABLE
from judge.problems import (
    FOLDER_PROFILE,
    ROOT,
    case_folder,
    find_cases,
    find_problems,
    find_solution,
    read_profile,
)
from judge.process.environment import keep_everything
from judge.process.sandbox import find_sandbox
from judge.progress import Progress
from judge.report import Report, RunInfo, clear_report, report_data, write_json
from judge.stop import catch_signals
from judge.submissions import derive_time_limit, graded_lines, run_check

# All the command line decides, made once: the cases, each problem's profile (its limits
# under the flags) and program, the jobs, the JSON report's path and what it says of the run.
# With --package, the package too; with --submissions, the Python that runs them.
Plan = namedtuple("Plan", "cases profiles programs jobs json info package python")
Plan.__new__.__defaults__ = (None, None)


def positive(text, kind=float):
    value = kind(text)
    if not 0 < value < math.inf:  # a report with Infinity in it would not be JSON
        raise argparse.ArgumentTypeError(f"must be positive and finite: {text}")
    return value


def positive_int(text):
    return positive(text, int)


def cpu_count():
    affinity = getattr(os, "sched_getaffinity", None)  # not on macOS or Windows
    return (len(affinity(0)) if affinity else os.cpu_count()) or 1


class Parser(argparse.ArgumentParser):
    """argparse, its errors one line (not the usage it prints before them)."""

    def error(self, message):
        raise UsageError(f"{message} (runner.py --help says more)")

    def parse_args(self, args=None, namespace=None):
        """The flags, with `compare` the text of the mode their judging flags choose."""
        parsed = super().parse_args(args, namespace)
        try:
            parsed.compare = chosen_mode(parsed.mode_flags)
        except ValueError as error:
            self.error(str(error))
        return parsed


def current_folder():
    try:
        return Path.cwd()
    except OSError:  # FileNotFoundError: deleted under the shell that started the runner
        raise UsageError("the current folder no longer exists: cd to one that does") from None


JUDGES = "(default: the Judge: line's)"
HELP = {
    "problems": "problems to run (default: all)",
    "keep": "only the cases whose name has TEXT (given again: has any of them)",
    "python": "interpreter (default: this one)",
    "command": "judge this program instead of solutions/NAME.py (or .cpp, .java ...); one"
    " problem, run from this folder, split as a shell would",
    "judge_only": "only the judge cases (named judge-*)",
    "hacks": "the hacks `make stress` saved in hacks/NAME/, not the testcases",
    "tle": "CPU time limit " + JUDGES,
    "mle": "memory limit " + JUDGES,
    "ole": "output limit (default: the Judge: line's, else 64)",
    "input_file": "the file the program reads its input from, not stdin " + JUDGES,
    "output_file": "the file the program writes its output to, not stdout " + JUDGES,
    "jobs": "cases run in parallel, at most one per CPU (default: one per CPU)",
    "sandbox": "run each case under bubblewrap (Linux), where it cannot reach the runner, other"
    " cases or testcases/",
    "json": "write every case's verdict, time and memory to FILE",
    "keep_env": "pass this environment whole to the programs it runs (default: only PATH, HOME,"
    " LANG, LC_*, TMPDIR and TZ)",
    "root": "folder with solutions/ and testcases/ (default: the runner's own)",
    "package": "a Kattis problem package: judge --command CMD on its cases as its judge does,"
    " or --submissions",
    "submissions": "with --package: judge each of the package's submissions, and say whether it"
    " gets the verdict of its folder (accepted, wrong_answer...)",
}


def make_parser():
    parser = Parser(
        prog="runner.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add = parser.add_argument
    add("problems", nargs="*", metavar="NAME", help=HELP["problems"])
    add("-k", dest="keep", action="append", metavar="TEXT", help=HELP["keep"])
    add("--python", default=sys.executable, metavar="EXE", help=HELP["python"])
    add("--command", metavar="CMD", help=HELP["command"])
    add("--judge-only", action="store_true", help=HELP["judge_only"])
    add("--hacks", action="store_true", help=HELP["hacks"])
    add("--tle", type=positive, metavar="S", help=HELP["tle"])
    add("--mle", type=positive, metavar="MIB", help=HELP["mle"])
    add("--ole", type=positive, metavar="MIB", help=HELP["ole"])
    add("--input-file", type=file_flag, metavar="NAME", help=HELP["input_file"])
    add("--output-file", type=file_flag, metavar="NAME", help=HELP["output_file"])
    add_flags(parser, JUDGES)
    jobs = cpu_count()
    add("-j", dest="jobs", type=positive_int, default=jobs, metavar="N", help=HELP["jobs"])
    add("--sandbox", action="store_true", help=HELP["sandbox"])
    add("--json", metavar="FILE", help=HELP["json"])
    add("--keep-env", action="store_true", help=HELP["keep_env"])
    add("--root", type=Path, default=ROOT, metavar="DIR", help=HELP["root"])
    add("--package", type=Path, metavar="DIR", help=HELP["package"])
    add("--submissions", action="store_true", help=HELP["submissions"])
    return parser


def main(argv=None):
    """The runner: judge what the command line says; the exit status."""
    catch_signals()  # as runner.py did, for a caller that imports the package
    try:
        return judge_command_line(argv)
    except KeyboardInterrupt:
        catch_signals(signal.SIG_IGN)
        note("interrupted: every running case was killed")
        return 130
    except OutputClosed as closed:
        let_go(sys.stdout)
        failed = closed.__cause__
        if isinstance(failed, OSError) and failed.errno not in (errno.EPIPE, errno.EINVAL):
            return usage_error(f"cannot write the report: {failed.strerror or failed}")  # ENOSPC
        return 141  # as for a program killed by SIGPIPE
    except Exception as error:  # a bug: still one line
        return usage_error(f"unexpected {type(error).__name__}: {error}")
    finally:  # what the exit would flush, flushed now: a failure cannot change the status
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                let_go(stream)


def mode_of_flags(args, builds):
    """The mode the flags give, or None; its program found from here, where it was typed (a
    source built into builds)."""
    if not args.compare:
        return None
    flag_mode = make_mode(args.compare)
    if flag_mode.judged_by_program:
        flag = "--" + flag_mode.kind.replace("_", "-")
        flag_mode = flag_mode.resolved(current_folder(), flag, strict=True, builds=builds)
    return flag_mode


def profiles_for(root, problems, args, folders=(), command=None):
    """Each problem's profile, its Judge: line under the flags (and other_limit, for a command
    that is no Python), and warnings. A problem that is a folder of cases has no Judge: line:
    the defaults, under the flags."""
    profiles, warnings, flag_mode = {}, [], mode_of_flags(args, root / BUILD_FOLDER)
    for problem in problems:
        profile, warning = (
            (FOLDER_PROFILE, None) if problem in folders else read_profile(root, problem)
        )
        warnings += [warning] if warning else []
        mode = flag_mode or profile.mode
        mode = mode.resolved(root, f"{profile.judge_name or 'the Judge: line'}'s {mode.kind}")
        profile = replace(with_limit_flags(profile, args), mode=mode)
        if command and not args.tle and profile.other_limit and not runs_python(command):
            language, seconds = profile.other_limit
            name = f"{profile.judge_name}'s {language} limit"  # the summary says which
            profile = replace(profile, judge_name=name, time_limit=seconds)
        profiles[problem] = profile
    return profiles, warnings


def chosen_cases(root, args, command):
    """The problems the command line names (each under root, or a folder of cases), their
    cases, the warnings, and the folders by the problem name they get."""
    folders = {text: case_folder(root, text) for text in args.problems}
    folders = {text: folder for text, folder in folders.items() if folder}
    if folders and command is None:
        raise UsageError(f"{next(iter(folders))} is a folder of cases: judge it with --command CMD")
    for text, folder in folders.items():
        if not any(name.endswith(".in") for name in os.listdir(folder)):
            raise UsageError(f"{text} holds no cases: want NAME.in with NAME.out or NAME.ans")
    named = [text for text in args.problems if text not in folders]
    problems, warnings, kind = [], [], "hacks" if args.hacks else "testcases"
    if named or not folders:
        problems, warnings = find_problems(root, named, command is not None, kind)
    own = {folder.name or "cases": folder for folder in folders.values()}  # a name each
    cases = []
    for problem in problems + list(own):
        found, stray = find_cases(root, problem, args.keep, args.judge_only, kind, own.get(problem))
        cases, warnings = cases + found, warnings + stray
    problems += list(own)
    return problems, cases, warnings, own


def plan_from(argv):
    """The Plan of the command line argv, and the warnings to print; a UsageError if none."""
    parser = make_parser()
    args = parser.parse_args(argv)
    root = args.root.resolve()
    found = shutil.which(args.python)
    if found is None:
        parser.error(f"--python {args.python}: no such program")
    python = os.path.abspath(found)  # the cases run from the root, maybe not from here
    if args.package is not None or args.submissions:
        return package_plan(args, python)
    command = None
    if args.command is not None:
        if len(args.problems) != 1:
            raise UsageError("--command judges one problem: name it, as in NAME --command CMD")
        command = command_of(args.command, current_folder())
    problems, cases, warnings, own = chosen_cases(root, args, command)
    if not cases and args.hacks and not args.keep:
        raise UsageError("no hack in hacks/NAME/: `make stress` saves one when a program fails")
    if not cases:
        judge = f"judge case ({JUDGE_PREFIX}*)" if args.judge_only else "case"
        wanted = " or ".join(f"'{word}'" for word in args.keep or [""])
        raise UsageError(f"no {judge} name contains {wanted}")
    sandbox, jobs, fewer = prepared(args)
    profiles, unread = profiles_for(root, problems, args, own, command)
    hidden = hidden_folders(root, (case.input for case in cases))
    programs = {
        problem: program_of(root, problem, command, python, sandbox, hidden) for problem in problems
    }
    path, ole = "portable" if PORTABLE else "posix", args.ole or OUTPUT_MIB
    info = RunInfo(None if command else python, args.command, args.judge_only, path, ole, profiles)
    plan = Plan(cases, profiles, programs, jobs, args.json, info)
    return plan, warnings + unread + fewer


def with_limit_flags(profile, args):
    """profile under --tle, --mle, --ole, --input-file and --output-file."""
    return replace(
        profile,
        time_limit=args.tle or profile.time_limit,
        memory_limit=args.mle or profile.memory_limit,
        output_limit=args.ole or profile.output_limit,
        input_file=args.input_file or profile.input_file,
        output_file=args.output_file or profile.output_file,
    )


def prepared(args):
    """What a run of cases needs before it starts: the environment it keeps, the sandbox
    found, the last report gone. (the sandbox, the cases at once, a warning if fewer)."""
    keep_everything(args.keep_env)
    sandbox = find_sandbox() if args.sandbox else None
    if args.json is not None:
        clear_report(args.json)
    jobs = min(args.jobs, cpu_count())
    if jobs == args.jobs:
        return sandbox, jobs, []
    # more cases than CPUs at once slow each down: TLE at the backstop
    return sandbox, jobs, [f"-j {args.jobs}: only {jobs} CPUs here, so {jobs} cases run at once"]


def program_of(root, problem, command, python, sandbox, hidden=()):
    """The Program that solves problem: --command, run from here, else its solution file, run
    from the root; a source built first if its language compiles (with sandbox, where the
    folders hidden are out of sight)."""
    if command:
        here = current_folder()
        built = command_built(command, here, root / BUILD_FOLDER, python, sandbox, hidden)
        return Program(built.command, here, sandbox, built.failure)
    source = find_solution(root, problem)
    built = program_for(root, source, root / BUILD_FOLDER, python, sandbox, hidden)
    return Program(built.command, root, sandbox, built.failure)


def package_plan(args, python):
    """The Plan of --package DIR with --command CMD, or with --submissions; the warnings."""
    if args.package is None:
        raise UsageError("--submissions judges a package's submissions: give --package DIR")
    if args.problems:
        raise UsageError("--package DIR judges that package alone: name no problem with it")
    if args.submissions == (args.command is not None):
        raise UsageError("--package DIR wants --command CMD (your program) or --submissions")
    package = read_package(args.package)
    profile, flag_mode = package.profile, mode_of_flags(args, args.root.resolve() / BUILD_FOLDER)
    if flag_mode:  # the flag's mode for every case
        profile, package = replace(profile, mode=flag_mode), package._replace(modes={})
    profile = with_limit_flags(profile, args)
    package = package._replace(profile=profile)
    if args.submissions:
        keep_everything(args.keep_env)
        if args.json is not None:
            raise UsageError(
                "--json reports a run of cases: it goes with --command, not --submissions"
            )
        return Plan((), {}, {}, 1, None, None, package, python), package.warnings
    cases = [case for case in package.cases if any(w in case.name for w in args.keep or [""])]
    if not cases:
        wanted = " or ".join(f"'{word}'" for word in args.keep)
        raise UsageError(f"no case of {package.folder} has a name that contains {wanted}")
    command = command_of(args.command, current_folder())
    sandbox, jobs, fewer = prepared(args)
    root, hidden = args.root.resolve(), hidden_folders(package.folder, (c.input for c in cases))
    programs = {package.name: program_of(root, package.name, command, python, sandbox, hidden)}
    path = "portable" if PORTABLE else "posix"
    profiles = {package.name: profile}
    info = RunInfo(None, args.command, False, path, profile.output_limit, profiles)
    plan = Plan(cases, profiles, programs, jobs, args.json, info, package, python)
    return plan, package.warnings + fewer


def judge_command_line(argv):
    try:
        plan, warnings = plan_from(argv)
    except UsageError as error:
        return usage_error(error)
    for warning in warnings:
        note(f"runner.py: warning: {warning}")
    if plan.package is not None and not plan.cases:  # --submissions
        return run_check(plan.package, plan.python)
    if plan.package is not None and plan.package.profile.time_limit is None:
        limit, line = derive_time_limit(plan.package, plan.python)
        note(f"runner.py: {line}")
        profile = replace(plan.package.profile, time_limit=limit)
        plan.profiles[plan.package.name] = profile
        plan = plan._replace(package=plan.package._replace(profile=profile))
    if sys.stdout is None:  # started with stdout closed: judge all the same, the status tells
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (open until the exit)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")  # set but empty: colour
    progress = Progress(len(plan.cases))
    report = Report(plan.cases, plan.profiles, colour, progress)

    modes = plan.package.modes if plan.package else {}

    def judge(case, running):
        problem, profile = case.problem, plan.profiles[case.problem]
        profile = replace(profile, mode=modes.get(case.name, profile.mode))  # its group's flags
        return judge_case(case, profile, plan.programs[problem], running)

    try:
        run_all(plan.cases, judge, plan.jobs, report.add, progress.tick)
    finally:
        progress.close()  # before the last line, or the note of an interruption
    passed, failed = report.counts()
    status, scores = 1 if failed else 0, {}
    if plan.package:
        lines, scores[plan.package.name] = graded_lines(plan.package, report.results)
        say("\n".join(lines))
    if plan.json:
        try:
            data = report_data(plan.info, report.results, passed, failed, scores)
            write_json(plan.json, data)
        except (OSError, ValueError) as error:
            status = usage_error(f"--json {plan.json}: could not write it: {error}")
    words = sys.argv[1:] if argv is None else list(argv)
    say("\n".join([*report.failures(words), f"{passed} passed, {failed} failed"]))
    return status
