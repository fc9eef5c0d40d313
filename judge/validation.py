"""A package's input and answer validators run on its cases (--package DIR --validate), as
verifyproblem and bt validate run them.

Where they are: input_validators/ (legacy: input_format_validators/ where it exists, as
problemtools reads it), and BAPCtools' answer_validators/ (legacy: answer_format_validators/).
Each file or folder there is a program, built by judge.packages.program_command; a .ctd runs
on checktestdata and a .viva on viva where they are installed, else it is skipped with a line.

Each runs on each case, from its own folder (a single file's: the folder that holds it):
- an input validator: PROGRAM ARGS < CASE.in;
- an answer validator: PROGRAM CASE.in ARGS < CASE.ans;
- checktestdata: checktestdata FILE.ctd ARGS < the file; viva: viva FILE.viva ARGS the file.
ARGS are the group's input_validator_args (legacy: input_validator_flags; an answer validator:
answer_validator_args): a list for every validator, or a map by the validator's name (legacy:
{name: NAME, flags: FLAGS}), a group's replacing its parent's whole; in 2023-07 and 2025-09 a
case's own NAME.yaml replaces its group's.

The 2025-09 format's data/invalid_input/ holds inputs (NAME.in alone) that at least one input
validator must reject, and BAPCtools' data/invalid_answer/ cases (NAME.in, NAME.ans) whose
answer at least one answer validator must reject. Only those validators run on them, with
their groups' arguments, as bt validate runs them. Such a case is as expected when found invalid.

The 2025-09 format's data/valid_output/ and data/invalid_output/ hold cases (NAME.in, NAME.ans,
NAME.out) whose .out the output validator must accept, or reject: the package's own, else the
default one, with the case's output_validator_args. The .out is judged as a program's output
would be (judge.judging), so the validator's verdict is the case's. An interactive or
multi-pass problem's are not checked (a line says so), as bt validate does not.

Exit 42 is valid and 43 invalid (checktestdata and viva: 0 and 1); any other exit, or a
validator stopped at its limits, has failed. judge.verdicts.decide says which: AC, WA or IE.
The limits are problem.yaml's validation_time, validation_memory and validation_output, else
LIMITS."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Iterator, Mapping, Sequence

from .console import say
from .explain import last_lines
from .judging import bounds_of, judge_case
from .model import (
    MIB,
    Case,
    Command,
    Judgement,
    Profile,
    Program,
    Result,
    UsageError,
    Verdict,
    not_judged,
)
from .modes import Mode, make_mode
from .packages import (
    GROUP_FILES,
    MAX_DEPTH,
    Group,
    Package,
    Skipped,
    Unbuilt,
    Walk,
    map_of,
    optional_number,
    program_command,
    read_yaml,
    words_of,
)
from .process.sandbox import sandboxed, unsandboxed
from .process.watch import Limits, Running, execute
from .text import printable, shorten
from .verdicts import KATTIS_CODES, Judging, Protocol, Seen, decide

KINDS = ("input", "answer")
# Where each kind lives, by format: the first folder that exists is read.
FOLDERS = {
    ("legacy", "input"): ("input_format_validators", "input_validators"),
    ("legacy", "answer"): ("answer_format_validators", "answer_validators"),
    ("new", "input"): ("input_validators",),
    ("new", "answer"): ("answer_validators",),
}
# The group file's key of each kind's arguments, by format (legacy has none for answers).
ARGS_KEYS = {
    ("legacy", "input"): "input_validator_flags",
    ("new", "input"): "input_validator_args",
    ("new", "answer"): "answer_validator_args",
}
# data/'s folders of cases a validator must reject (2025-09; BAPCtools' invalid_answer), with
# the kind of validator that must.
INVALID = {"invalid_input": "input", "invalid_answer": "answer"}
# data/'s folders of outputs the output validator must accept or reject (2025-09), by what
# it must find them.
OUTPUTS = {"valid_output": "valid", "invalid_output": "invalid"}
# The program whose output is a case of OUTPUTS: it writes the .out it is given.
WRITE = "import shutil, sys; shutil.copyfileobj(open(sys.argv[1], 'rb'), sys.stdout.buffer)"
# problem.yaml's limits a validator runs under, and their defaults (s, MiB, MiB): bt's time,
# the spec's typical memory and output.
LIMITS = {"validation_time": 60.0, "validation_memory": 2048.0, "validation_output": 8.0}
VALIDATOR = Protocol(KATTIS_CODES, "the Kattis protocol's 42 valid, 43 invalid", (), True, None)
TOOL_CODES = {0: Verdict.AC, 1: Verdict.WA}
TOOL = Protocol(TOOL_CODES, "checktestdata's and viva's 0 valid, 1 invalid", (), True, None)
TOOLS = {".ctd": "checktestdata", ".viva": "viva"}
WORDS = {Verdict.AC: "valid", Verdict.WA: "invalid"}  # any other verdict: "failed"


@dataclass(frozen=True)
class Validator:
    """A validator: its kind (input, answer), its name as shown (input_validators/check.py),
    its path, the tool that runs it ("" for a program of its own, checktestdata, viva), its
    command, and why it cannot run here (then its command is None)."""

    kind: str
    name: str
    path: Path
    tool: str
    command: Command | None
    skipped: str | None = None

    @property
    def protocol(self) -> Protocol:
        return TOOL if self.tool else VALIDATOR

    @property
    def workdir(self) -> Path:
        return self.path if self.path.is_dir() else self.path.parent


@dataclass(frozen=True)
class Check:
    """A validator with the arguments a case gives it: the problem of the cases it checks."""

    validator: Validator
    args: tuple[str, ...]


@dataclass(frozen=True)
class Validation:
    """What --validate runs: the validators found (those skipped too), each Check by the key
    its cases have as their problem, those cases (each case of the package once a validator
    that runs, by case, then validator), and the Profile of every validator (its limits)."""

    validators: tuple[Validator, ...]
    checks: Mapping[str, Check]
    cases: tuple[Case, ...]
    profile: Profile
    rejected: frozenset[str] = frozenset()  # the cases a validator must find invalid
    judged: Mapping[str, tuple[Profile, Program]] = field(default_factory=dict)  # OUTPUTS' by key

    def __post_init__(self) -> None:
        object.__setattr__(self, "checks", MappingProxyType(dict(self.checks)))
        object.__setattr__(self, "judged", MappingProxyType(dict(self.judged)))

    def expected(self, name: str) -> str:
        """What the case name must be found: invalid for one of INVALID's folders, else valid."""
        return "invalid" if name in self.rejected else "valid"

    @property
    def profiles(self) -> dict[str, Profile]:
        """Each key's Profile: the validators' limits; a judged output's, the package's."""
        return {key: self.judged.get(key, (self.profile,))[0] for key in self.checks}

    @property
    def programs(self) -> dict[str, Program]:
        """Each key's Program: its validator's command, run from the validator's folder; for
        an output of OUTPUTS, the program that writes it."""
        programs = {}
        for key, check in self.checks.items():
            if key in self.judged:
                programs[key] = self.judged[key][1]
                continue
            assert check.validator.command is not None  # only a validator that runs is checked
            programs[key] = Program(check.validator.command, check.validator.workdir)
        return programs

    @property
    def running(self) -> tuple[Validator, ...]:
        return tuple(v for v in self.validators if v.command is not None)

    def run(self, case: Case, profile: Profile, program: Program, running: Running) -> Result:
        """The Result of one case's validator (cli.execute calls it for each)."""
        if case.problem in self.judged:  # an output of OUTPUTS: judged as a program's
            judged = judge_case(case, profile, program, running)
            return replace(judged, details=judged.details[:1])  # the validator's own line
        return validate_case(case, self.checks[case.problem], profile, program, running)


@dataclass(frozen=True)
class Validated:
    """A case validated: its name, the Result of each validator, in order, and what it must
    be found (valid; invalid for a case of data/invalid_input)."""

    name: str
    results: tuple[Result, ...]
    expected: str = "valid"

    @property
    def ok(self) -> bool:
        return self.word == self.expected

    @property
    def word(self) -> str:
        """invalid where a validator said so, else failed where one failed, else valid."""
        verdicts = {result.verdict for result in self.results}
        if Verdict.WA in verdicts:
            return "invalid"
        return "valid" if verdicts <= {Verdict.AC} else "failed"


# ---------------------------------------------------------------- finding them


def find_validation(
    package: Package,
    keep: Sequence[str] | None,
    python: str,
    sandbox: str | None = None,
    hidden: Sequence[str] = (),
    builds: Path | None = None,
) -> tuple[Validation, list[str]]:
    """The Validation of a package's cases whose name has a word of keep (None: all), its
    validators built (on python, in sandbox, the folders hidden out of sight, into builds),
    and a warning for each validator skipped. A UsageError, one line, where it has no input
    validator, one does not build, or its arguments are of the wrong type."""
    family = "legacy" if package.data.config.get("format", "legacy") == "legacy" else "new"
    warnings: list[str] = []
    validators: list[Validator] = []
    for kind in KINDS:
        for path in validator_paths(package.folder, FOLDERS[family, kind], warnings):
            validators.append(
                validator_of(kind, path, package.folder, python, sandbox, hidden, builds)
            )
    if not any(v.kind == "input" for v in validators):
        said = printable(str(package.folder))
        raise UsageError(f"{said} has no input validator: want input_validators/NAME")
    for validator in validators:
        if validator.skipped is not None:
            warnings.append(f"{validator.name}: skipped: {validator.skipped}")
    cases = [c for c in package.cases if any(w in c.name for w in keep or [""])]
    if not cases:
        wanted = " or ".join(f"'{word}'" for word in keep or [])
        raise UsageError(f"no case of {package.folder} has a name that contains {wanted}")
    profile = validation_profile(package)
    settings = case_settings(package, family)
    rejected = invalid_cases(package, family, warnings) if family == "new" else []
    rejected = [one for one in rejected if any(w in one[0].name for w in keep or [""])]
    checks: dict[str, Check] = {}
    checked: list[Case] = []
    every = [(case, settings[case.name], KINDS) for case in cases]
    for case, given, kinds in [*every, *rejected]:
        for validator in (v for v in validators if v.command is not None and v.kind in kinds):
            args = arguments_of(validator, given, family)
            key = shlex.join([validator.name, *args])
            checks[key] = Check(validator, args)
            checked.append(Case(key, case.name, case.input, case.expected, None))
    names = {case.name for case, _, _ in rejected}
    judged: dict[str, tuple[Profile, Program]] = {}
    outputs = output_cases(package, warnings) if family == "new" else []
    for case, given, expected in outputs:
        if any(w in case.name for w in keep or [""]):
            key, check, judged[key] = output_check(package, python, case, given)
            checks[key] = check
            checked.append(replace(case, problem=key))
            names |= {case.name} if expected == "invalid" else set()
    validation = Validation(tuple(validators), checks, tuple(checked), profile, frozenset(names))
    return replace(validation, judged=judged), warnings


def output_check(
    package: Package, python: str, case: Case, given: Settings
) -> tuple[str, Check, tuple[Profile, Program]]:
    """A case of OUTPUTS as it is judged: its key, its Check (the package's output validator,
    with the case's arguments), and the Profile and Program (one that writes its .out)."""
    args = words_of(*given[OUTPUT_ARGS], OUTPUT_ARGS) if OUTPUT_ARGS in given else ()
    mode = with_flags(package.profile.mode, args)
    judge = Validator("output", mode.text, package.folder, "", None)
    out = os.path.abspath(case.input.with_suffix(".out"))
    program = Program(([python, "-c", WRITE, out], python), package.folder)
    key = shlex.join(["output", case.name, *args])
    return key, Check(judge, args), (replace(package.profile, mode=mode), program)


def validator_paths(folder: Path, names: Sequence[str], warnings: list[str]) -> list[Path]:
    """The programs of the first folder of names in the package (a warning for another one
    that is not read), sorted by name."""
    found = [folder / name for name in names if (folder / name).is_dir()]
    for other in found[1:]:
        warnings.append(f"{printable(str(other))}: {found[0].name}/ is read instead: not read")
    if not found:
        return []
    return sorted(path for path in found[0].iterdir() if not path.name.startswith("."))


def validator_of(
    kind: str,
    path: Path,
    folder: Path,
    python: str,
    sandbox: str | None,
    hidden: Sequence[str],
    builds: Path | None,
) -> Validator:
    """The Validator at path, built; a UsageError where it does not build."""
    name = printable(str(path.relative_to(folder)))
    tool = TOOLS.get(path.suffix.lower(), "") if path.is_file() else ""
    if tool:
        command, why = tool_command(tool, path, python)
        return Validator(kind, name, path, tool, command, why)
    try:
        command = program_command(path, python, sandbox, hidden, builds)
    except Skipped as error:
        return Validator(kind, name, path, "", None, str(error))
    except Unbuilt as error:
        said = printable(str(path))
        raise UsageError(f"{said}: the {kind} validator cannot run: {error}") from None
    return Validator(kind, name, path, "", command)


def tool_command(tool: str, path: Path, python: str) -> tuple[Command | None, str | None]:
    """The command of a .ctd or .viva file: checktestdata on PATH, else python's checktestdata
    module (as problemtools and bt run it); viva on PATH. Else None, and why."""
    found = shutil.which(tool)
    if found is not None:
        return ([found, str(path.resolve())], found), None
    if tool == "checktestdata" and has_module(python, tool):
        return ([python, "-m", tool, str(path.resolve())], python), None
    module = ", nor its Python module" if tool == "checktestdata" else ""
    return None, f"{tool} is not installed: no {tool} on PATH{module}"


def has_module(python: str, name: str) -> bool:
    """Whether python imports the module name."""
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        asked = [python, "-c", f"import {name}"]
        return subprocess.run(asked, capture_output=True, timeout=30).returncode == 0
    return False


def validation_profile(package: Package) -> Profile:
    """The limits every validator runs under: problem.yaml's validation limits, else LIMITS."""
    where = printable(str(package.folder / "problem.yaml"))
    limits = map_of(read_yaml(package.folder / "problem.yaml"), "limits", where)
    figures = {}
    for key, default in LIMITS.items():
        value = optional_number(limits, key, f"{where} limits")
        if value is not None and value <= 0:
            raise UsageError(f"{where} limits: {key} must be positive, not {value:g}")
        figures[key] = default if value is None else value
    time, memory, output = (figures[key] for key in LIMITS)
    return Profile("validators", time, memory, package.profile.mode, None, output)


# ---------------------------------------------------------------- their arguments

Settings = Mapping[str, "tuple[object, str]"]  # a key's value, and the file that gave it


def case_settings(package: Package, family: str) -> dict[str, Settings]:
    """Each case's validators' arguments by key (ARGS_KEYS'), as its groups' files give
    them, each over its parent's, and in the newer formats its own NAME.yaml over those."""
    keys = [key for (fam, _), key in ARGS_KEYS.items() if fam == family]
    fmt = str(package.data.config.get("format", "legacy"))
    data = (package.root or package.folder) / "data"
    found: dict[str, Settings] = {}

    def walk(group: Group, inherited: Settings) -> None:
        own = laid_over(inherited, data / group.path / GROUP_FILES[fmt], keys)
        for item in group.items:
            if isinstance(item, Group):
                walk(item, own)
            else:
                case_file = data / f"{item}.yaml"
                found[item] = own if family == "legacy" else laid_over(own, case_file, keys)

    walk(package.data, {})
    return found


def invalid_cases(
    package: Package, family: str, warnings: list[str]
) -> list[tuple[Case, Settings, tuple[str, ...]]]:
    """The cases of INVALID's folders of data/, by name: each with its validators' arguments
    (data/'s test_group.yaml, its groups', its own NAME.yaml) and the kind that must reject it.
    A case of invalid_answer with no .ans is a warning, and left out."""
    keys = [key for (fam, _), key in ARGS_KEYS.items() if fam == family]
    root = package.root or package.folder  # where generators.yaml's cases are made
    data = root / "data"
    walk = Walk(root, str(package.data.config.get("format")), warnings)
    top = laid_over({}, data / "test_group.yaml", keys)
    found: list[tuple[Case, Settings, tuple[str, ...]]] = []
    for name, kind in INVALID.items():
        for path, given in cases_below(data / name, name, top, keys, walk):
            answer = path.with_suffix(".ans")
            if kind == "answer" and not answer.is_file():
                warnings.append(f"{printable(str(path))} has no .ans beside it: not checked")
                continue
            case = Case("", case_name(data, path), path, answer if kind == "answer" else None, None)
            found.append((case, given, (kind,)))
    return found


def cases_below(
    folder: Path, name: str, inherited: Settings, keys: Sequence[str], walk: Walk
) -> Iterator[tuple[Path, Settings]]:
    """Each NAME.in under folder (data/NAME), by name, with the keys its groups' test_group.yaml
    and its own NAME.yaml give, each over its parent's. Nothing where folder is none. The
    walk refuses a link out of the package or to a folder read before, and goes MAX_DEPTH deep."""
    if not folder.is_dir() or name.count("/") >= MAX_DEPTH:
        return
    walk.enter(folder, name)
    own = laid_over(inherited, folder / "test_group.yaml", keys)
    for entry in sorted(e for e in os.listdir(folder) if not e.startswith(".")):
        path = folder / entry
        walk.inside(path)
        if path.is_dir():
            yield from cases_below(path, f"{name}/{entry}", own, keys, walk)
        elif entry.endswith(".in") and path.is_file():
            yield path, laid_over(own, path.with_suffix(".yaml"), keys)


def case_name(data: Path, path: Path) -> str:
    """The name of the case whose .in is path: its path under data/, without .in."""
    return path.relative_to(data).with_suffix("").as_posix()


OUTPUT_ARGS = "output_validator_args"


def output_cases(package: Package, warnings: list[str]) -> list[tuple[Case, Settings, str]]:
    """The cases of OUTPUTS' folders of data/: each with its output_validator_args (data/'s
    test_group.yaml, its groups', its own NAME.yaml) and what the validator must find its .out.
    None where the problem is interactive or multi-pass (a warning says so); a case that lacks
    its .ans or .out is a warning, and left out."""
    root = package.root or package.folder  # where generators.yaml's cases are made
    data = root / "data"
    folders = [name for name in OUTPUTS if (data / name).is_dir()]
    if folders and (package.profile.mode.interactive or package.profile.passes > 1):
        warnings.append(f"data/{folders[0]}: an interactive or multi-pass problem's: not checked")
        return []
    walk = Walk(root, str(package.data.config.get("format")), warnings)
    top = laid_over({}, data / "test_group.yaml", [OUTPUT_ARGS])
    found: list[tuple[Case, Settings, str]] = []
    for name in folders:
        for path, given in cases_below(data / name, name, top, [OUTPUT_ARGS], walk):
            lacking = [s for s in (".ans", ".out") if not path.with_suffix(s).is_file()]
            if lacking:
                said = printable(str(path))
                warnings.append(f"{said} has no {lacking[0]} beside it: not checked")
                continue
            case = Case("", case_name(data, path), path, path.with_suffix(".ans"), None)
            found.append((case, given, OUTPUTS[name]))
    return found


def with_flags(mode: Mode, flags: Sequence[str]) -> Mode:
    """The package's mode with a group's output validator arguments after its own flags."""
    if not flags:
        return mode
    if not mode.judged_by_program:  # the default validator: its flags are its argument
        return make_mode(" ".join((mode.text, *flags)))
    made = make_mode(mode.text)
    made.command, made.missing, made.flags = mode.command, mode.missing, (*mode.flags, *flags)
    return made


def laid_over(settings: Settings, file: Path, keys: Sequence[str]) -> Settings:
    """settings with the keys file gives (where it is a file) over them."""
    if not file.is_file():
        return settings
    given = read_yaml(file)
    where = printable(str(file))
    return {**settings, **{key: (given[key], where) for key in keys if key in given}}


def arguments_of(validator: Validator, settings: Settings, family: str) -> tuple[str, ...]:
    """The arguments a case's settings give a validator: a list (or a text) for every
    validator, or a map by the validator's name (its file's name, with or without its
    extension; legacy: {name: NAME, flags: FLAGS})."""
    key = ARGS_KEYS.get((family, validator.kind))
    if key is None or key not in settings:
        return ()
    value, where = settings[key]
    names = (validator.path.name, validator.path.stem)
    if value is None:
        return ()
    if not isinstance(value, dict):
        return words_of(value, where, key)
    if "name" in value or "flags" in value:  # legacy's map: one validator's flags
        named = value.get("name") in names
        return words_of(value.get("flags") or "", where, f"{key}.flags") if named else ()
    for name in names:
        if name in value:
            return words_of(value[name] or [], where, f"{key}.{name}")
    return ()


# ---------------------------------------------------------------- running one


def validate_case(
    case: Case, check: Check, profile: Profile, program: Program, running: Running
) -> Result:
    """The Result of check's validator on a case, under the profile's limits, in the
    program's sandbox: its verdict by decide(); details, where it is no AC, the failure and
    the last line the validator wrote (stderr, else stdout): a traceback's error, a checker's
    verdict."""
    validator = check.validator
    bounds = bounds_of(profile)
    limits = Limits(bounds.time_limit, bounds.memory_limit, bounds.output_mib * MIB)
    checked = case.input if validator.kind == "input" else case.expected
    assert checked is not None, "a package's case has its answer"
    args, executable = program.command
    answer = validator.kind == "answer" and not validator.tool  # a program: the .in named
    given = [os.path.abspath(case.input)] if answer else []
    after = [os.path.abspath(checked)] if validator.tool == "viva" else []  # viva reads it
    words = [*args, *given, *check.args, *after]
    workdir = program.workdir
    try:
        command, stdin = sandboxed(
            program.sandbox, (words, executable), workdir, limits.memory, checked
        )
        assert stdin is not None  # a file's
        run = unsandboxed(program.sandbox, execute(running, command, stdin, workdir, limits))
    except OSError as error:
        why = f"could not run {validator.name}: {error.strerror or error}"
        return Result.of(case, not_judged(why))
    kind = f"{validator.kind} validator"
    message = run.stderr.strip() or run.output.strip()
    decision = decide(
        Seen(bounds, judging=Judging(kind, validator.protocol, run, message, None, limits))
    )
    details: tuple[str, ...] = ()
    if decision.verdict != Verdict.AC:
        failure = decision.details[:1] if decision.reason != "judging-exit" else ()
        said = last_lines(message)[-1:]
        details = (*failure, *(shorten(printable(line)) for line in said))
    judged = Judgement(
        decision.verdict, run.wall, run.cpu, run.peak_mib, False, details, reason=decision.reason
    )
    return Result.of(case, judged)


# ---------------------------------------------------------------- saying what they found


class Tally:
    """Says each case once all its validators are in, then the summary; the exit status."""

    def __init__(self, name: str, validation: Validation) -> None:
        self.name, self.validation = name, validation
        self.each = Counter(case.name for case in validation.cases)  # its validators, by case
        self.pending: list[Result] = []
        self.validated: list[Validated] = []

    def add(self, result: Result) -> None:
        self.pending.append(result)
        name = result.case.name
        if len(self.pending) < self.each[name]:
            return
        case = Validated(name, tuple(self.pending), self.validation.expected(name))
        self.pending = []
        self.validated.append(case)
        lines = [f"{case.word:<7} {printable(case.name)}"]
        for one in case.results:
            if one.verdict != Verdict.AC:
                name = self.validation.checks[one.case.problem].validator.name
                said = "; ".join(one.details) or "no message"
                lines.append(f"    {name} ({WORDS.get(one.verdict, 'failed')}): {said}")
        say("\n".join(lines))

    def finish(self) -> list[Validated]:
        """The cases validated; their summary said."""
        counts = {word: 0 for word in ("valid", "invalid", "failed")}
        for case in self.validated:
            counts[case.word] += 1
        names = ", ".join(v.name for v in self.validation.running) or "none runs here"
        text = ", ".join(f"{n} {word}" for word, n in counts.items())
        cases = f"{len(self.validated)} case{'s' * (len(self.validated) != 1)}"
        say(f"== {self.name}: {cases}, {text} (validators: {names})")
        for expected, said in (("valid", "not valid"), ("invalid", "not found invalid")):
            bad = [printable(c.name) for c in self.validated if c.expected == expected and not c.ok]
            if bad:
                more = f", and {len(bad) - 10} more" if len(bad) > 10 else ""
                say(f"{said}: {', '.join(bad[:10])}{more}")
        return list(self.validated)

    def status(self) -> int:
        """0 where every case is found as it must be (valid; invalid for a case of INVALID's
        folders) by the validators that run (one runs, at least)."""
        return 0 if all(case.ok for case in self.validated) and self.validated else 1
