"""A Kattis problem package, read as its judge reads it: problem.yaml (by a tiny reader of the
few flat fields used), the cases of data/sample and data/secret with their groups and each
group's testdata.yaml, the validation (the default validator and its flags, a custom output
validator, or an interactive one), and the programs of output_validators/ and submissions/.

A program in another language than Python is built by judge.build, where the runner has it;
program_command() is the one place that asks for it."""

from __future__ import annotations

import contextlib
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Dict, Iterator, Mapping, Sequence, Union

from judge import build
from judge.commands import Command as AnyCommand
from judge.compare import kattis_flags
from judge.model import Case, Command, Profile, UsageError
from judge.modes import make_mode
from judge.text import printable, shorten

if TYPE_CHECKING:
    from judge.modes import Mode

GROUPS = ("sample", "secret")  # the top of data/, in the order judged
# problemtools' defaults: limits (MiB, the multipliers) and a group's testdata.yaml.
LIMITS = {"memory": 1024.0, "output": 8.0, "time_multiplier": 5.0, "time_safety_margin": 2.0}
LIMITS["time_resolution"] = 1.0
GROUP_DEFAULTS = {"on_reject": "break", "grading": "default", "grader_flags": ""}
GROUP_DEFAULTS.update(accept_score="1", reject_score="0", output_validator_flags="")
UNKNOWN_TIME_LIMIT = 300.0  # problemtools' bound while no time limit is known (5 minutes)
MAX_DEPTH = 100  # groups nested under data/ (secret/ is 1): more would run the walks too deep
KEY = re.compile(r"([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*))?")
ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "/": "/", "0": "\0"}

# A YAML file's keys as read_yaml() reads them: text, or a map of text (one level nested).
Config = Dict[str, Union[str, Dict[str, str]]]


@dataclass(frozen=True)
class Group:
    """A group of cases: its path under data/ ("secret/g1"), its testdata.yaml over its
    parent's, and its items in order: the name of a case ("secret/g1/01") or a Group."""

    path: str
    config: Mapping[str, object]
    items: tuple[str | Group, ...]


@dataclass(frozen=True)
class Package:
    """A package: its folder, its name, whether it is scored, problem.yaml's time limit (None
    where it gives none), its Profile (that time limit, else UNKNOWN_TIME_LIMIT; output_limit
    always set), its cases, each case's mode where its group's flags make it another, the
    Group of data/, the time multiplier, safety margin and resolution, and the warnings to
    print."""

    folder: Path
    name: str
    scoring: bool
    time_limit: float | None
    profile: Profile
    cases: tuple[Case, ...]
    modes: Mapping[str, Mode]
    data: Group
    multiplier: float
    margin: float
    resolution: float
    warnings: tuple[str, ...] = ()


class Skipped(Exception):
    """A program that cannot run here: no build support or compiler for its language."""


class Unbuilt(Exception):
    """A program that does not build; its message says why."""


def read_yaml(path: Path) -> Config:
    """The keys of a YAML file of `key: value` lines, one level of nesting (`limits:` and its
    indented keys) and quoted strings, as a dict of str and dicts of str. Lists and deeper
    levels are passed over; what else does not parse is a UsageError, one line."""
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        why = getattr(error, "strerror", None) or error
        raise UsageError(f"{path}: cannot read it: {why}") from None
    found: Config = {}
    nested: dict[str, str] | None = None  # the map being filled
    inner: int | None = None  # its indent
    for number, line in enumerate(text.splitlines(), 1):
        try:
            content = without_comment(line).rstrip()
            indent = len(content) - len(content.lstrip(" "))
            if (
                not content.strip()
                or content.strip() in ("---", "...")
                or content.lstrip()[0] == "-"
            ):
                continue  # a list's item, or nothing
            if content.lstrip(" ")[0] == "\t":
                raise ValueError("a tab indents it")
            key = KEY.fullmatch(content.strip())
            if not key:
                raise ValueError("it is no 'key: value'")
            if indent == 0:
                nested, inner = opened(found, key.group(1), scalar(key.group(2))), None
            elif nested is None:
                raise ValueError("it is indented under no key")
            elif inner in (None, indent):
                inner, value = indent, scalar(key.group(2))
                nested[key.group(1)] = "" if value is None else value
        except ValueError as error:
            where = f"{path}, line {number}"
            raise UsageError(
                f"{where} does not parse: {error}: {shorten(printable(line))}"
            ) from None
    return found


def opened(found: Config, key: str, value: str | None) -> dict[str, str] | None:
    """Set a key of the top level to its value; the map it opens where it has none."""
    if value is not None:
        found[key] = value
        return None
    nested: dict[str, str] = {}
    found[key] = nested
    return nested


def without_comment(line: str) -> str:
    """The line without its comment: a # that opens it or follows a space, outside quotes."""
    quote: str | None = None
    escaped = False
    for at, char in enumerate(line):
        if quote:
            quote = None if char == quote and not escaped else quote
            escaped = quote == '"' and char == "\\" and not escaped
        elif char in "'\"" and (at == 0 or line[at - 1] in " :\t"):
            quote = char
        elif char == "#" and (at == 0 or line[at - 1] in " \t"):
            return line[:at]
    return line


def scalar(text: str | None) -> str | None:
    """A value as text: a quoted string unquoted; None for none (a map follows)."""
    text = (text or "").strip()
    if not text:
        return None
    if text[0] == "'":
        if len(text) < 2 or text[-1] != "'":
            raise ValueError("a quote is not closed")
        return text[1:-1].replace("''", "'")
    if text[0] == '"':
        if len(text) < 2 or text[-1] != '"':
            raise ValueError("a quote is not closed")
        return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(0)), text[1:-1])
    return text


def text_of(config: Mapping[str, object], key: str, default: str = "") -> str:
    """A field's text, or default where it is missing or a map."""
    value = config.get(key, default)
    return value if isinstance(value, str) else default


def optional_text(config: Mapping[str, object], key: str) -> str | None:
    """A field's text, or None where it is missing or a map."""
    value = config.get(key)
    return value if isinstance(value, str) else None


def number_of(config: Mapping[str, object], key: str, default: float, where: str) -> float:
    """A field's number, default where it is missing; a UsageError where it is no number."""
    value = optional_number(config, key, where)
    return default if value is None else value


def optional_number(config: Mapping[str, object], key: str, where: str) -> float | None:
    """A field's number, None where it is missing; a UsageError where it is no number."""
    text = optional_text(config, key)
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise UsageError(f"{where}: {key} is '{shorten(printable(text))}', not a number")
    return value


def read_package(folder: str | Path) -> Package:
    """The Package in folder; a UsageError, one line, where it is none or cannot be judged."""
    given, folder = folder, Path(folder).expanduser().resolve()  # its programs run from there
    if not (folder / "problem.yaml").is_file():
        raise UsageError(f"{given} is no problem package: it has no problem.yaml")
    config = read_yaml(folder / "problem.yaml")
    limits = config.get("limits")
    limits = limits if isinstance(limits, dict) else {}
    figures, time_limit = read_limits(folder, limits)
    words = re.findall(r"[\w-]+", text_of(config, "type", "pass-fail"))
    validation = text_of(config, "validation", "default").split() or ["default"]
    if validation == ["default"] and (folder / "output_validator").is_dir():
        validation = ["custom"]  # the 2023-07 format: the validator's folder says it
    interactive = "interactive" in words or "interactive" in validation[1:]
    if validation[0] not in ("default", "custom") or (interactive and validation[0] != "custom"):
        said = shorten(printable(" ".join(validation)))
        raise UsageError(
            f"{folder / 'problem.yaml'}: validation '{said}' is neither default nor custom"
        )
    warnings: list[str] = []
    data = read_data(folder / "data", warnings)
    name = folder.name or "package"
    cases = tuple(cases_of(folder, data, name))
    if not cases:
        raise UsageError(f"{folder} holds no case: want data/secret/NAME.in with NAME.ans")
    flags = text_of(config, "validator_flags")
    mode, modes = package_modes(folder, data, flags, validation[0] == "custom", interactive)
    judge = f"Kattis package {text_of(config, 'name', name)}"
    limit = UNKNOWN_TIME_LIMIT if time_limit is None else time_limit
    profile = Profile(judge, limit, figures["memory"], mode, None, figures["output"])
    multipliers = figures["time_multiplier"], figures["time_safety_margin"]
    return Package(
        folder,
        name,
        "scoring" in words,
        time_limit,
        profile,
        cases,
        modes,
        data,
        *multipliers,
        figures["time_resolution"],
        tuple(warnings),
    )


def read_limits(
    folder: Path, limits: Mapping[str, object]
) -> tuple[dict[str, float], float | None]:
    """problem.yaml's limits: each of LIMITS (its default where it gives none), and the time
    limit (None where it gives none); a UsageError where one is no positive number."""
    where = f"{folder / 'problem.yaml'} limits"
    figures = {key: number_of(limits, key, value, where) for key, value in LIMITS.items()}
    time_limit = optional_number(limits, "time_limit", where)
    for key, value in [*figures.items(), ("time_limit", time_limit)]:
        if value is not None and value <= 0:
            raise UsageError(f"{where}: {key} must be positive, not {value:g}")
    return figures, time_limit


def read_data(path: Path, warnings: list[str]) -> Group:
    """The Group of data/ (at path), its groups read to MAX_DEPTH at most: a UsageError, one
    line, where they nest deeper."""
    data = read_group(path, "", dict(GROUP_DEFAULTS), warnings, top=True)
    assert data is not None  # data/ itself is never left out
    return data


def read_group(
    path: Path,
    name: str,
    inherited: Mapping[str, object],
    warnings: list[str],
    top: bool = False,
) -> Group | None:
    """The Group of folder path, named name under data/ ("" for data/ itself): its cases and
    subgroups, sorted by name as Kattis orders them; None (and a warning) if it holds none."""
    if name.count("/") >= MAX_DEPTH:
        raise UsageError(
            f"{path}: data/ nests its groups more than {MAX_DEPTH} deep, the most the runner reads"
        )
    config = group_config(path, inherited)
    try:
        names = os.listdir(path) if path.is_dir() or not top else []  # no data/: no case
        entries = sorted(entry for entry in names if not entry.startswith("."))
    except OSError as error:
        raise UsageError(f"{path}: cannot list it: {error.strerror or error}") from None
    items: list[str | Group] = []
    for entry in entries:
        below = f"{name}/{entry}" if name else entry
        if (path / entry).is_dir() and (not top or entry in GROUPS):
            group = read_group(path / entry, below, config, warnings)
            items += [group] if group else []
        elif entry.endswith(".ans") and not top and (path / (entry[:-4] + ".in")).is_file():
            items.append(below[:-4])
        elif entry.endswith(".in") and not top and not (path / (entry[:-3] + ".ans")).is_file():
            warnings.append(f"{path / entry} has no .ans beside it: it is no case")
    if not items and not top:
        warnings.append(f"the group {path} holds no case: it is left out")
        return None
    return Group(name, config, tuple(items))


def group_config(path: Path, inherited: Mapping[str, object]) -> dict[str, object]:
    """A group's testdata.yaml over its parent's: a UsageError where its grading or a score
    cannot be judged."""
    config = dict(inherited)
    if (path / "testdata.yaml").is_file():  # its keys over its parent's
        config.update(read_yaml(path / "testdata.yaml"))
    if text_of(config, "grading", "default") != "default":
        raise UsageError(
            f"{path / 'testdata.yaml'}: grading other than default (a grader) is not supported"
        )
    for key in ("accept_score", "reject_score"):  # a wrong one stops the run before it starts
        number_of(config, key, 0.0, f"the testdata.yaml of {path}")
    return config


def cases_of(folder: Path, group: Group, name: str) -> Iterator[Case]:
    """The Cases of a Group and its subgroups, in the order judged, of the package name."""
    for item in group.items:
        if isinstance(item, Group):
            yield from cases_of(folder, item, name)
        else:
            data = folder / "data" / item
            yield Case(name, item, data.with_suffix(".in"), data.with_suffix(".ans"), None)


def package_modes(
    folder: Path, data: Group, flags: str, custom: bool, interactive: bool
) -> tuple[Mode, dict[str, Mode]]:
    """The package's mode, and each case's where its group's output_validator_flags add to
    problem.yaml's validator_flags."""
    cases: dict[str, tuple[str, ...]] = {}
    for group in groups_of(data):
        given = (flags + " " + text_of(group.config, "output_validator_flags")).split()
        for item in group.items:
            if not isinstance(item, Group):
                cases[item] = tuple(given)
    made: dict[tuple[str, ...], Mode] = {}
    for words in set(cases.values()) | {tuple(flags.split())}:
        made[words] = validation_mode(folder, words, custom, interactive)
    mode = made[tuple(flags.split())]
    return mode, {case: made[words] for case, words in cases.items() if made[words] != mode}


def groups_of(group: Group) -> Iterator[Group]:
    yield group
    for item in group.items:
        if isinstance(item, Group):
            yield from groups_of(item)


def validation_mode(folder: Path, words: Sequence[str], custom: bool, interactive: bool) -> Mode:
    """The mode that judges by the package's validation and these flags."""
    if not custom:
        try:
            kattis_flags(list(words))
        except ValueError as error:
            raise UsageError(f"{folder / 'problem.yaml'} validator_flags: {error}") from None
        return make_mode(" ".join(("kattis", *words)))
    found = sorted((folder / "output_validators").glob("[!.]*"))
    found += sorted((folder / "output_validator").glob("[!.]*"))  # the 2023-07 format's name
    if len(found) != 1:
        many = "more than one output validator" if found else "no output validator"
        raise UsageError(f"{folder}: validation is custom, and output_validators/ has {many}")
    try:
        command = program_command(found[0])
    except (Skipped, Unbuilt) as error:
        raise UsageError(f"{found[0]}: the output validator cannot run: {error}") from None
    kind = "interactive_validator" if interactive else "validator"
    mode = make_mode(f"{kind} {shlex.quote(str(found[0].relative_to(folder)))}")
    mode.command, mode.flags = command, tuple(words)
    return mode


PYTHON2 = re.compile(rb"#!.*python2\b")  # a Python 2 program, as problemtools tells it


def python2() -> str | None:
    """A Python 2 that runs (python2, else PyPy, as problemtools runs one), or None. A shim
    such as pyenv's may stand on PATH for one that is not installed."""
    for name in ("python2", "pypy"):
        found = shutil.which(name)
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            asked = (
                [found, "-c", "import sys; sys.exit(sys.version_info[0] != 2)"] if found else None
            )
            if asked and subprocess.run(asked, capture_output=True, timeout=10).returncode == 0:
                return os.path.abspath(asked[0])
    return None


def source_of(path: Path) -> Path:
    """The file that runs, of a program that is a file or a folder (main.py, else its only
    file that is no header)."""
    if not path.is_dir():
        return path
    files = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
    if path / "main.py" in files:
        return path / "main.py"
    sources = [p for p in files if build.language_of(p)]  # not its headers, notes, scripts
    if files and not sources:
        raise Skipped(f"no build support for {files[0].suffix or files[0].name}")
    if len(sources) != 1:
        raise Unbuilt(f"{path} holds {len(sources)} sources, and no main.py: which runs?")
    return sources[0]


def program_command(
    path: Path,
    python: str | None = None,
    sandbox: str | None = None,
    hidden: Sequence[str] = (),
    builds: Path | None = None,
) -> Command:
    """(args, executable) that runs the program at path (a file, or a folder of one source):
    a .py on python (default: the runner's), checked to compile; another language built by
    judge.build into builds (default: the runner's), with sandbox (bwrap's path) inside it,
    where the folders hidden are out of sight. Skipped where judge.build knows no such
    language, or its compiler is missing; Unbuilt where it does not build (a source too deep
    to compile too)."""
    source = source_of(Path(path))
    if source.suffix == ".py":
        return python_command(source, python or sys.executable)
    extension = source.suffix or source.name
    if build.language_of(source) is None:
        raise Skipped(f"no build support for {extension}")
    where = builds or build.RUNNER_BUILDS
    built = build.program_for(source.parent, str(source.resolve()), where, python, sandbox, hidden)
    if built.command is None:
        why = " ".join(built.failure or ["it did not build"])
        raise (Skipped if " on PATH" in why else Unbuilt)(why)
    return listed(built.command)


def listed(command: AnyCommand) -> Command:
    """A build's command as a list of words (only --command's is ever a command line's text)."""
    args, executable = command
    assert isinstance(args, list), "a build runs a list of words"
    return args, executable


def python_command(source: Path, python: str) -> Command:
    """The command of a .py on python, once it compiles here (a python2 shebang: on python2).
    A source nested too deep for the compiler (RecursionError, MemoryError) is Unbuilt."""
    try:
        data = source.read_bytes()
        if PYTHON2.match(data[:100]):
            found = python2()
            if found is None:
                raise Skipped("a python2 shebang, and no python2 or pypy on PATH that runs")
            python = found
        else:
            compile(data, str(source), "exec")
    except (SyntaxError, ValueError, OSError, RecursionError, MemoryError) as error:
        raise Unbuilt(one_line(error)) from None
    return [python, str(source.resolve())], python


def one_line(error: BaseException) -> str:
    """An error as one line: its type, and its message's first line if it has one."""
    message = str(error).strip().splitlines()[:1]
    return ": ".join([type(error).__name__, *message])


def derived_limit(slowest: float, multiplier: float, resolution: float) -> float:
    """The time limit problemtools gives: the slowest accepted CPU time times the multiplier,
    rounded up to the resolution (a whole second), and at least one resolution."""
    return max(1, math.ceil(slowest * multiplier / resolution)) * resolution
