"""A judge on your laptop: run every solution on its testcases and give judge verdicts.

Verdicts: TLE, OLE, MLE, RE, IC, PE, WA, AC; "--" when a case has no .out; CE when the solution
cannot be built; IE when it cannot be run. The last line is `N passed, M failed`, where M
counts every verdict but AC and --. Exit status: 0 if M is 0, 1 otherwise, 2 for a usage
error or a report that cannot be written (a full disk), 130 when interrupted, 141 when the
report's reader goes away (`| head`).
docs/runner.md says how cases are run and judged.
"""

from __future__ import annotations

import argparse
import errno
import math
import os
import shutil
import signal
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import (
    TYPE_CHECKING,
    Callable,
    Iterable,
    Mapping,
    NoReturn,
    Optional,
    Sequence,
    Tuple,
    cast,
)

from .build import Built, builds_under, command_built, command_of, hidden_folders, program_for
from .commands import Command as AnyCommand
from .commands import runs_python
from .console import let_go, note, say, usage_error
from .fileio import file_flag
from .judging import OUTPUT_MIB, judge_case, run_all
from .model import (
    JUDGE_PREFIX,
    MOST_MIB,
    READINGS,
    Case,
    Command,
    OutputClosed,
    Profile,
    Program,
    Result,
    UsageError,
)
from .modes import Mode, add_flags, chosen_mode, make_mode
from .platform import PORTABLE, PROG
from .problems import (
    FOLDER_PROFILE,
    ROOT,
    case_folder,
    find_cases,
    find_problems,
    find_solution,
    folder_names,
    read_profile,
)
from .process.choose import shared
from .process.environment import keep_everything
from .process.sandbox import find_sandbox
from .process.watch import Running
from .progress import Progress
from .report import (
    Checked,
    Report,
    RunInfo,
    clear_report,
    report_data,
    submissions_data,
    validation_data,
    write_json,
)
from .stop import catch_signals

if TYPE_CHECKING:  # the package doors import their modules when used: a problem starts faster
    from .packages import Package
    from .submissions import Building, Submission, Verdicts
    from .validation import Validation

Timed = Tuple[Checked, Optional["Verdicts"]]  # a submission checked, and its Verdicts if it ran


@dataclass(frozen=True)
class Plan:
    """All the command line decides, made once, that execute() runs: the cases in order, each
    problem's profile (its limits under the flags) and program (built), what the JSON report
    says of the run, the cases run at once, bwrap's path (None: no sandbox), the JSON report's
    path, and a case's own mode by its name (a package group's flags). With --package, the
    package; with --submissions, its submissions (each a problem of its label; None for a run
    of cases); and where the time limit is derived from the accepted submissions, timing: the
    Plan that runs them first; with --validate, the validation, whose validators are the
    programs. Its maps cannot be changed: a new limit is a new Plan."""

    cases: tuple[Case, ...]
    profiles: Mapping[str, Profile]
    programs: Mapping[str, Program]
    info: RunInfo
    jobs: int = 1
    sandbox: str | None = None
    json: str | None = None
    modes: Mapping[str, Mode] = field(default_factory=dict)
    package: Package | None = None
    submissions: tuple[Submission, ...] | None = None
    timing: Plan | None = None
    validation: Validation | None = None

    def __post_init__(self) -> None:
        for name in ("profiles", "programs", "modes"):  # read only, as the rest is
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))


def positive(text: str) -> float:
    value = float(text)
    if not 0 < value < math.inf:  # a report with Infinity in it would not be JSON
        raise argparse.ArgumentTypeError(f"must be positive and finite: {text}")
    return value


def mebibytes(text: str) -> float:
    """A memory or output limit in MiB: positive, and at most MOST_MIB."""
    value = positive(text)
    if value > MOST_MIB:
        raise argparse.ArgumentTypeError(f"must be at most {MOST_MIB:.0f} MiB (8 EiB): {text}")
    return value


def positive_int(text: str) -> int:
    value = int(text)
    positive(str(value))
    return value


def cpu_count() -> int:
    affinity = getattr(os, "sched_getaffinity", None)  # not on macOS or Windows
    count: int | None = len(affinity(0)) if affinity else os.cpu_count()
    return count or 1


class Parser(argparse.ArgumentParser):
    """argparse, its errors one line (not the usage it prints before them)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} ({PROG} --help says more)")

    def parse_args(  # type: ignore[override]  # always a Namespace: no namespace is given
        self, args: Sequence[str] | None = None, namespace: None = None
    ) -> argparse.Namespace:
        """The flags, with `compare` the text of the mode their judging flags choose."""
        parsed = super().parse_args(args, namespace)
        try:
            parsed.compare = chosen_mode(parsed.mode_flags)
        except ValueError as error:
            self.error(str(error))
        return parsed


def current_folder() -> Path:
    try:
        return Path.cwd()
    except OSError:  # FileNotFoundError: deleted under the shell that started the runner
        raise UsageError("the current folder no longer exists: cd to one that does") from None


JUDGES = "(default: the Judge: line's)"
HELP = {
    "problems": "problems to run (default: all), or folders of cases with --command: a path"
    " is that folder, a word a problem unless a folder here has it",
    "keep": "only the cases whose name has TEXT (given again: has any of them)",
    "python": "interpreter (default: this one; with --as domjudge, pypy3 where it is found,"
    " as DOMjudge runs Python 3)",
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
    " gets what is expected of it (its folder's verdict, submissions.yaml's rules, DOMjudge's"
    " @EXPECTED_RESULTS@)",
    "validate": "with --package: run its input and answer validators on every case, and say"
    " each case that is not valid",
    "judged_as": "with --package: read it as this judge does (default: kattis, as problemtools;"
    " domjudge: its limits, output limit and scoring, as DOMjudge)",
}


def make_parser() -> Parser:
    parser = Parser(
        prog=PROG, description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add = parser.add_argument
    add("problems", nargs="*", metavar="NAME", help=HELP["problems"])
    add("-k", dest="keep", action="append", metavar="TEXT", help=HELP["keep"])
    add("--python", metavar="EXE", help=HELP["python"])
    add("--command", metavar="CMD", help=HELP["command"])
    add("--judge-only", action="store_true", help=HELP["judge_only"])
    add("--hacks", action="store_true", help=HELP["hacks"])
    add("--tle", type=positive, metavar="S", help=HELP["tle"])
    add("--mle", type=mebibytes, metavar="MIB", help=HELP["mle"])
    add("--ole", type=mebibytes, metavar="MIB", help=HELP["ole"])
    add("--input-file", type=file_flag, metavar="NAME", help=HELP["input_file"])
    add("--output-file", type=file_flag, metavar="NAME", help=HELP["output_file"])
    add_flags(parser, JUDGES)
    add("-j", dest="jobs", type=positive_int, metavar="N", help=HELP["jobs"])
    add("--sandbox", action="store_true", help=HELP["sandbox"])
    add("--json", metavar="FILE", help=HELP["json"])
    add("--keep-env", action="store_true", help=HELP["keep_env"])
    add("--root", type=Path, default=ROOT, metavar="DIR", help=HELP["root"])
    add("--package", type=Path, metavar="DIR", help=HELP["package"])
    add("--submissions", action="store_true", help=HELP["submissions"])
    add("--validate", action="store_true", help=HELP["validate"])
    add("--as", dest="judged_as", choices=READINGS, metavar="JUDGE", help=HELP["judged_as"])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The runner: judge what the command line says; the exit status."""
    catch_signals()  # as runner.py did, for a caller that imports the package
    try:
        return judged_command_line(argv)
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


# ---------------------------------------------------------------- the plan of each door


def mode_of_flags(args: argparse.Namespace, builds: Path) -> Mode | None:
    """The mode the flags give, or None; its program found from here, where it was typed (a
    source built into builds)."""
    if not args.compare:
        return None
    flag_mode = make_mode(args.compare)
    if flag_mode.judged_by_program:
        flag = "--" + flag_mode.kind.replace("_", "-")
        flag_mode = flag_mode.resolved(current_folder(), flag, strict=True, builds=builds)
    return flag_mode


def profiles_for(
    root: Path,
    problems: Sequence[str],
    args: argparse.Namespace,
    folders: Iterable[str] = (),
    command: AnyCommand | None = None,
) -> tuple[dict[str, Profile], list[str]]:
    """Each problem's profile, its Judge: line under the flags (and other_limit, for a command
    that is no Python), and warnings. A problem that is a folder of cases has no Judge: line:
    the defaults, under the flags."""
    profiles, warnings = {}, []
    flag_mode, folders = mode_of_flags(args, builds_under(root)), set(folders)
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


def chosen_cases(
    root: Path, args: argparse.Namespace, command: AnyCommand | None
) -> tuple[list[str], list[Case], list[str], dict[str, Path]]:
    """The problems the command line names (each under root, or a folder of cases), their
    cases, the warnings, and the folders by the problem name they get."""
    found = {text: case_folder(root, text) for text in args.problems}
    folders = {text: folder for text, folder in found.items() if folder}
    if folders and command is None:
        raise UsageError(f"{next(iter(folders))} is a folder of cases: judge it with --command CMD")
    if folders and args.hacks:
        raise UsageError(
            f"--hacks judges a problem's hacks/NAME/: {next(iter(folders))} is a folder"
        )
    for text, folder in folders.items():
        if not any(name.endswith(".in") for name in os.listdir(folder)):
            raise UsageError(f"{text} holds no cases: want NAME.in with NAME.out or NAME.ans")
    named = [text for text in args.problems if text not in folders]
    problems: list[str] = []
    warnings: list[str] = []
    kind = "hacks" if args.hacks else "testcases"
    if named or not folders:
        problems, warnings = find_problems(root, named, command is not None, kind)
    own = folder_names(folders.values())  # a name each: a/tests and b/tests, not tests twice
    cases: list[Case] = []
    for problem in problems + list(own):
        found_cases, stray = find_cases(
            root, problem, args.keep, args.judge_only, kind, own.get(problem)
        )
        cases, warnings = cases + found_cases, warnings + stray
    return problems + list(own), cases, warnings, own


def plan_from(argv: Sequence[str] | None) -> tuple[Plan, list[str]]:
    """The Plan of the command line argv, and the warnings to print; a UsageError if none."""
    parser = make_parser()
    args = parser.parse_args(argv)
    pypy = shutil.which("pypy3") if args.judged_as == "domjudge" else None
    args.python = args.python or pypy or sys.executable
    found = shutil.which(args.python)
    if found is None:
        parser.error(f"--python {args.python}: no such program")
    python = os.path.abspath(found)  # the cases run from the root, maybe not from here
    if args.judged_as is not None and (args.package is None or args.validate):
        raise UsageError(
            f"--as {args.judged_as} reads a package as that judge does: give --package DIR"
            " with --command CMD or --submissions"
        )
    if args.validate:
        return validate_plan(args, python)
    if args.package is not None or args.submissions:
        return package_plan(args, python)
    return problems_plan(args, python)


def problems_plan(args: argparse.Namespace, python: str) -> tuple[Plan, list[str]]:
    """The Plan of problems by name, or of folders of cases (with --command CMD)."""
    root: Path = args.root.resolve()
    command = None
    if args.command is not None:
        if len(args.problems) != 1:
            raise UsageError("--command judges one problem: name it, as in NAME --command CMD")
        command = command_of(args.command, current_folder())
    problems, cases, warnings, own = chosen_cases(root, args, command)
    if not cases and args.hacks and not args.keep:
        raise UsageError("no hack in hacks/NAME/: `make stress` saves one when a program fails")
    if not cases:
        kind = f"judge case ({JUDGE_PREFIX}*)" if args.judge_only else "case"
        wanted = " or ".join(f"'{word}'" for word in args.keep or [""])
        raise UsageError(f"no {kind} name contains {wanted}")
    sandbox, jobs, fewer = prepared(args)
    profiles, unread = profiles_for(root, problems, args, own, command)
    hidden = hidden_folders(root, (case.input for case in cases))
    programs = {
        problem: program_of(root, problem, command, python, sandbox, hidden) for problem in problems
    }
    path, ole = "portable" if PORTABLE else "posix", args.ole or OUTPUT_MIB
    info = RunInfo(None if command else python, args.command, args.judge_only, path, ole, profiles)
    plan = Plan(tuple(cases), profiles, programs, info, jobs, sandbox, args.json)
    return plan, warnings + unread + fewer


def with_limit_flags(profile: Profile, args: argparse.Namespace) -> Profile:
    """profile under --tle, --mle, --ole, --input-file and --output-file."""
    return replace(
        profile,
        time_limit=args.tle or profile.time_limit,
        memory_limit=args.mle or profile.memory_limit,
        output_limit=args.ole or profile.output_limit,
        input_file=args.input_file or profile.input_file,
        output_file=args.output_file or profile.output_file,
    )


def prepared(
    args: argparse.Namespace, jobs: int | None = None
) -> tuple[str | None, int, list[str]]:
    """What a run of cases needs before it starts: the environment it keeps, the sandbox
    found, the last report gone. (the sandbox, the cases at once, a warning if fewer)."""
    keep_everything(args.keep_env)
    sandbox = find_sandbox() if args.sandbox else None
    if args.json is not None:
        clear_report(args.json)
    wanted = jobs or args.jobs or cpu_count()
    jobs = min(wanted, cpu_count())
    if jobs == wanted:
        return sandbox, jobs, []
    # more cases than CPUs at once slow each down: TLE at the backstop
    return sandbox, jobs, [f"-j {wanted}: only {jobs} CPUs here, so {jobs} cases run at once"]


def program_of(
    root: Path,
    problem: str,
    command: AnyCommand | None,
    python: str,
    sandbox: str | None,
    hidden: Sequence[str] = (),
) -> Program:
    """The Program that solves problem: --command, run from here, else its solution file, run
    from the root; a source built first if its language compiles (with sandbox, where the
    folders hidden are out of sight)."""
    if command:
        here = current_folder()
        built = command_built(command, here, builds_under(root), python, sandbox, hidden)
        return program_built(built, here, sandbox)
    source = find_solution(root, problem)
    assert source is not None  # find_problems() chose only problems with a solution
    built = program_for(root, source, builds_under(root), python, sandbox, hidden)
    return program_built(built, root, sandbox)


def program_built(built: Built, workdir: Path, sandbox: str | None) -> Program:
    """The Program of a build: its command, or no words and the lines that say why (each case
    a CE). A Windows command line's text stays whole: the process layer takes it as it is."""
    command = cast(Command, built.command or ([], None))
    return Program(command, workdir, sandbox, built.failure)


def package_plan(args: argparse.Namespace, python: str) -> tuple[Plan, list[str]]:
    """The Plan of --package DIR with --command CMD, or with --submissions; the warnings."""
    from .domjudge import judged_as
    from .packages import UNKNOWN_TIME_LIMIT, read_package

    refuse_for_package(args)
    package = judged_as(read_package(args.package), args.judged_as or "kattis")
    profile, modes = package.profile, package.modes
    flag_mode = mode_of_flags(args, builds_under(args.root.resolve()))
    if flag_mode:  # the flag's mode for every case
        profile, modes = replace(profile, mode=flag_mode), {}
    limit = args.tle or package.time_limit  # None: derived from the accepted submissions
    profile = replace(with_limit_flags(profile, args), time_limit=limit or UNKNOWN_TIME_LIMIT)
    package = replace(package, time_limit=limit, profile=profile, modes=modes)
    if args.submissions:
        return submissions_plan(args, package, python)
    return command_plan(args, package, python)


def refuse_for_package(args: argparse.Namespace) -> None:
    """A UsageError, one line, for flags that do not go with --package or --submissions."""
    if args.package is None:
        raise UsageError("--submissions judges a package's submissions: give --package DIR")
    if args.problems:
        raise UsageError("--package DIR judges that package alone: name no problem with it")
    if args.submissions == (args.command is not None):
        raise UsageError(
            "--package DIR wants --command CMD (your program) or --submissions, or --validate"
        )
    for flag, given in (("--hacks", args.hacks), ("--judge-only", args.judge_only)):
        if given:
            raise UsageError(f"{flag} is for a problem's cases: a package has data/ alone")
    if args.submissions and args.keep:
        raise UsageError("--submissions judges each submission on every case: -k does not go")
    if args.submissions and args.jobs not in (None, 1):
        raise UsageError(
            f"--submissions runs one case at a time, as the judge does: not -j {args.jobs}"
        )


# The flags --validate cannot honour (and the judging flags): a validator runs as it is.
NOT_WITH_VALIDATE: tuple[str, ...] = ("--command", "--submissions", "--hacks", "--judge-only")
NOT_WITH_VALIDATE += ("--tle", "--mle", "--ole", "--input-file", "--output-file")


def validate_plan(args: argparse.Namespace, python: str) -> tuple[Plan, list[str]]:
    """The Plan of --package DIR --validate: each validator of the package on each case."""
    from .packages import read_package
    from .validation import find_validation

    if args.package is None or args.problems:
        raise UsageError("--validate runs a package's validators: give --package DIR alone")
    for flag in NOT_WITH_VALIDATE:
        if getattr(args, flag[2:].replace("-", "_")) not in (None, False):
            raise UsageError(f"--validate runs the package's validators: {flag} does not go")
    if args.compare:
        raise UsageError("--validate runs the package's validators: a judging flag does not go")
    package = read_package(args.package)
    sandbox, jobs, fewer = prepared(args)
    hidden = hidden_folders(package.folder, (case.input for case in package.cases))
    builds = builds_under(args.root.resolve())
    validation, skipped = find_validation(package, args.keep, python, sandbox, hidden, builds)
    path = "portable" if PORTABLE else "posix"
    info = RunInfo(python, None, False, path, OUTPUT_MIB, validation.profiles)
    plan = Plan(validation.cases, validation.profiles, validation.programs, info, jobs, sandbox)
    plan = replace(plan, json=args.json, package=package, validation=validation)
    return plan, [*package.warnings, *skipped, *fewer]


def command_plan(args: argparse.Namespace, package: Package, python: str) -> tuple[Plan, list[str]]:
    """The Plan of --package DIR --command CMD: the program on the package's cases; where no
    time limit is known, timing: its accepted submissions run first, to derive one."""
    from .submissions import Building

    cases = tuple(c for c in package.cases if any(w in c.name for w in args.keep or [""]))
    if not cases:
        wanted = " or ".join(f"'{word}'" for word in args.keep)
        raise UsageError(f"no case of {package.folder} has a name that contains {wanted}")
    command = command_of(args.command, current_folder())
    sandbox, jobs, fewer = prepared(args)
    root, hidden = args.root.resolve(), hidden_folders(package.folder, (c.input for c in cases))
    timing = None
    if package.time_limit is None:
        timing = timing_plan(args, package, Building(python, sandbox, hidden, builds_under(root)))
    programs = {package.name: program_of(root, package.name, command, python, sandbox, hidden)}
    profiles = {package.name: package.profile}
    path = "portable" if PORTABLE else "posix"
    ole = package.profile.output_limit or OUTPUT_MIB
    info = RunInfo(None, args.command, False, path, ole, profiles)
    plan = Plan(cases, profiles, programs, info, jobs, sandbox, args.json, package.modes)
    return replace(plan, package=package, timing=timing), list(package.warnings) + fewer


def timing_plan(args: argparse.Namespace, package: Package, how: Building) -> Plan:
    """The Plan of the accepted submissions that give the time limit, built (only they)."""
    from .submissions import find_submissions

    accepted = [s for s in find_submissions(package, how, accepted_only=True) if s.command]
    if not accepted:
        raise no_time_limit(package)
    return submissions_run(package, accepted, how.sandbox, plan_info(args, how.python, package))


def no_time_limit(package: Package) -> UsageError:
    return UsageError(
        f"{package.folder / 'problem.yaml'} sets no time limit, and no accepted submission runs"
        " here to give one: give it with --tle S"
    )


def submissions_plan(
    args: argparse.Namespace, package: Package, python: str
) -> tuple[Plan, list[str]]:
    """The Plan of --package DIR --submissions: each submission on the package's cases, one
    case at a time; where no time limit is known, the accepted ones first (timing)."""
    from .submissions import Building, expectation_warnings, find_submissions

    sandbox, _, _ = prepared(args, jobs=1)
    hidden = hidden_folders(package.folder, (case.input for case in package.cases))
    how = Building(python, sandbox, hidden, builds_under(args.root.resolve()))
    found = find_submissions(package, how)
    first = [s for s in found if s.command and s.accepted] if package.time_limit is None else []
    if found and package.time_limit is None and not first:
        raise no_time_limit(package)
    info = plan_info(args, python, package)
    plan = submissions_run(package, found, sandbox, info)  # the first's cases run once
    if first:
        plan = replace(plan, timing=submissions_run(package, first, sandbox, info))
    return replace(plan, json=args.json), [*package.warnings, *expectation_warnings(package)]


def plan_info(args: argparse.Namespace, python: str, package: Package) -> RunInfo:
    """What the JSON report of a package's submissions says of the run."""
    path, profiles = "portable" if PORTABLE else "posix", {package.name: package.profile}
    ole = package.profile.output_limit or OUTPUT_MIB
    return RunInfo(python, None, False, path, ole, profiles)


def submissions_run(
    package: Package, submissions: Sequence[Submission], sandbox: str | None, info: RunInfo
) -> Plan:
    """The Plan that runs each submission that has a command on every case of the package,
    each case a problem of the submission's label, one case at a time (the grader asks for
    them in order). No time limit is known where the package gives none: a Plan timed by
    with_limit() is made from it once one is."""
    runnable = [(s.label, s.command) for s in submissions if s.command is not None]
    cases = tuple(replace(case, problem=label) for label, _ in runnable for case in package.cases)
    profiles = {label: package.profile for label, _ in runnable}
    folder = str(package.folder)
    programs = {label: Program(command, folder, sandbox) for label, command in runnable}
    plan = Plan(cases, profiles, programs, info, 1, sandbox, None, package.modes, package)
    return replace(plan, submissions=tuple(submissions))


def with_limit(plan: Plan, limit: float, margin: float = 1.0) -> Plan:
    """A new Plan of plan under a time limit: its cases run under limit times margin, and its
    report says the limit."""
    profiles = {name: replace(p, time_limit=limit * margin) for name, p in plan.profiles.items()}
    said = {name: replace(p, time_limit=limit) for name, p in plan.info.profiles.items()}
    return replace(plan, profiles=profiles, info=replace(plan.info, profiles=said), timing=None)


# ---------------------------------------------------------------- the one executor


def everything(case: Case) -> bool:
    return True


def nothing() -> None:
    return None


def uncut(case: Case) -> float | None:
    return None


def execute(
    plan: Plan,
    add: Callable[[Result], None],
    wants: Callable[[Case], bool] = everything,
    on_wait: Callable[[], None] = nothing,
    cut: Callable[[Case], float | None] = uncut,
) -> None:
    """Run the plan's cases through judge.judging, building nothing: each case wants() wants,
    by its problem's profile (its own mode over it) and program, under the plan's sandbox,
    plan.jobs at once; add(each Result), in case order; on_wait() while one is awaited. With
    one job, wants() is asked of each case in order, just before it would run, after the
    results before it were added, and then cut(), the lower time limit it may run under
    (judge.judging.judge_case). A stop signal or a closed stdout kills every running case
    and raises (judge.judging.run_all)."""
    assert plan.jobs == 1 or wants is everything, "a case wanted by the results before it"

    def one_case(case: Case, running: Running) -> Result | None:
        if not wants(case):
            return None
        profile = plan.profiles[case.problem]
        profile = replace(profile, mode=plan.modes.get(case.name, profile.mode))
        program = replace(plan.programs[case.problem], sandbox=plan.sandbox)
        if plan.validation is not None:  # the program is a validator, the case its file
            return plan.validation.run(case, profile, program, running)
        return judge_case(case, profile, program, running, cut(case))

    def added(result: Result | None) -> None:
        if result is not None:
            add(result)

    run_all(plan.cases, one_case, plan.jobs, added, on_wait)


# ---------------------------------------------------------------- the runs


def judged_command_line(argv: Sequence[str] | None) -> int:
    try:
        plan, warnings = plan_from(argv)
    except UsageError as error:
        return usage_error(error)
    for warning in warnings:
        note(f"{PROG}: warning: {warning}")
    if sys.stdout is None:  # started with stdout closed: judge all the same, the status tells
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (open until the exit)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="backslashreplace")
    if plan.validation is not None:
        return check_validation(plan)
    if plan.submissions is not None:
        return check_submissions(plan)
    if plan.timing is not None:
        plan = with_limit(plan, derived(plan.timing))
    words = sys.argv[1:] if argv is None else list(argv)
    return judge_cases(plan, words)


def timed(timing: Plan, width: int | None = None) -> tuple[list[Timed], float, str]:
    """Run the submissions of the timing Plan on the cases that bound the time limit from below
    (their rows said later, by the run of every submission): each checked, the time limit
    they give, and the line that says so (the margin it gives too, with width)."""
    from .packages import UNKNOWN_TIME_LIMIT
    from .submissions import Table, accepted_limit

    assert timing.package is not None and timing.submissions is not None
    table = Table(timing.package, timing.submissions, UNKNOWN_TIME_LIMIT, timing=True)
    execute(timing, table.add, table.wants)
    first = table.finish()
    limit, line = accepted_limit(timing.package, first, margin=width is not None)
    return first, limit, line


def derived(timing: Plan) -> float:
    """The time limit the accepted submissions of the timing Plan give, once run; the line
    that says so, said."""
    _, limit, line = timed(timing)
    note(f"{PROG}: {line}")
    return limit


def judge_cases(plan: Plan, words: Sequence[str]) -> int:
    """Run the plan's cases, saying each result as it comes, then the package's grades (with
    --package), the JSON report, the failures and the count; the exit status."""
    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")  # set but empty: colour
    progress = Progress(len(plan.cases))
    report = Report(plan.cases, plan.profiles, colour, progress)
    try:
        execute(plan, report.add, on_wait=progress.tick)
    finally:
        progress.close()  # before the last line, or the note of an interruption
    passed, failed = report.counts()
    status, scores = 1 if failed else 0, {}
    if plan.package:
        from .submissions import graded_lines

        lines, scores[plan.package.name] = graded_lines(plan.package, report.results)
        say("\n".join(lines))
    if plan.json:
        data = report_data(plan.info, report.results, passed, failed, scores)
        status = written(plan.json, data) or status
    say("\n".join([*report.failures(words), f"{passed} passed, {failed} failed"]))
    return status


def written(path: str, data: dict[str, object]) -> int:
    """0 once the JSON report is written; else the usage error's status, said."""
    try:
        write_json(path, data)
    except (OSError, ValueError) as error:
        return usage_error(f"--json {path}: could not write it: {error}")
    return 0


def check_validation(plan: Plan) -> int:
    """Run the package's validators on its cases, saying each case as its validators are done,
    and write the JSON report. The exit status: 0 when every case is valid."""
    from .validation import Tally

    assert plan.package is not None and plan.validation is not None
    tally = Tally(plan.package.name, plan.validation)
    execute(plan, tally.add)
    validated = tally.finish()
    data = validation_data(plan.info, plan.validation, validated)
    return (written(plan.json, data) if plan.json else 0) or tally.status()


def check_submissions(plan: Plan) -> int:
    """Judge the plan's submissions, saying the table's lines as they come, and write the JSON
    report. The exit status: 0 when each got its folder's verdict (those skipped aside)."""
    from .submissions import Table, header, summary, time_line

    package, timing = plan.package, plan.timing
    assert package is not None and plan.submissions is not None
    everyone = (*(timing.submissions or () if timing else ()), *plan.submissions)
    if not everyone:
        say(f"{package.name}: no submission under {package.folder / 'submissions'}")
        return 1
    width = max(len(s.label) for s in everyone)
    say(header(width))
    first: list[Timed] = []
    limit = package.profile.time_limit
    line = time_line(package, limit, None)
    with shared():  # one launcher for the run that finds the time limit and the next
        if timing is not None:
            first, limit, line = timed(timing, width)
        say(line)
        plan = with_limit(plan, limit, package.margin)
        table = Table(package, plan.submissions or (), limit, width, before=first)
        execute(plan, table.add, table.wants, cut=table.cut)
    checked = [one for one, _ in table.finish()]
    failed = (
        written(plan.json, submissions_data(plan.info, checked, package.margin)) if plan.json else 0
    )
    status = summary(checked)
    return failed or status
