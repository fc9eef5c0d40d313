"""The cases BAPCtools' generators/generators.yaml makes, made as `bt generate` makes them.

A 2023-07 or 2025-09 package with that file has its cases made from it; they are judged as
its data/, and a data/ it also holds is not read (bt generate overwrites it, and removes what
the file does not make). They are made into a folder of the runner's build folder, keyed by
every file of generators/, of each solution named, problem.yaml and the runner's Python, and
made again only when one changes. The package itself is never written.

What is read (BAPCtools' doc/generators.md, as bapctools/generate.py reads it):
- A directory: `data` (a map, its keys taken by name; or a list of one-key maps, numbered
  `01-KEY` in order: cases on one count through the file, the groups of a directory on one
  of their own), `test_group.yaml` (written to the group), `include` (cases or directories
  named by their key, made before: their cases are copied in), `solution`, `random_salt`,
  `retries`. The root's `data` holds sample, secret and the other folders of the format, in
  that order; sample and secret are made, and for --validate invalid_output, invalid_answer,
  invalid_input and valid_output (their .out too; no solution runs on them). `version` is not
  read; another key of the root is a warning, as bt gives it.
- The root's `generators`: a map of names to lists of files under generators/, each list one
  program, its entry point the first file. A `generate` whose program is such a name runs it.
- A case: a text (a `generate` command, or `copy` where it ends in .in), or a map of
  `generate` (a program of generators/ and its arguments, split as a shell splits them;
  `{name}` is `testcase`, `{seed}` and `{seed:N}` the case's seed), `copy` (a path under
  generators/, without its extension), `in`, `ans`, `out` and `yaml` (the text written; a line
  end added), `count` (N: 1..N; a list; or `A..=B`: one case each, named KEY-VALUE, `{count}` the
  value), and `solution`, `random_salt`, `retries`. `match`, `interaction` and a sample's
  `.statement` and `.download` files are read and not written: the runner judges none of them.
- The seed is BAPCtools': the SHA-512 of the salt, `:C` for a count value C+1 other than 1,
  and the command (its {count} filled in, its ends stripped), mod 2^31. A generator that
  fails is run again, up to `retries` times, with the seed one more each time.
- A generator runs in a folder of its own, on an empty input; its stdout is the case's .in
  unless it wrote testcase.in itself (and testcase.ans, testcase.yaml where it writes them).
  Then `copy`'s files and the texts are laid over. A case still with no .ans gets the
  output of its solution (an absolute path from the package's folder, such as
  /submissions/accepted/x.py) on its .in; an interactive or multi-pass problem's, an empty
  one.
- A generator's files (the map's, each by its own name; or its file's or folder's) are copied
  into a folder named as it, as bt lays one out (a program that reads its own path finds its
  name there), and built there by judge.programs; solutions are built where they are. Both
  run under GENERATOR_LIMITS.

Anything it cannot do as bt does is refused in one line that names the file and the key:
`{{constants}}`, an unknown key of a directory or case, a case with no .ans and no
solution named (bt would pick an accepted submission at random), a name bt refuses, and
every error bt refuses the file for. A generator or solution that fails is one line naming
the case."""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import shlex
import shutil
import sys
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Iterator, Mapping, Sequence, Union

from . import build, yamlish
from .explain import exit_description
from .model import MIB, Command, UsageError
from .process.choose import new_running
from .process.watch import Limits, Run, Running, execute, passed_limit
from .programs import Skipped, Unbuilt, program_command, program_files
from .stop import STOPPED
from .text import printable, shorten

GENERATORS = Path("generators", "generators.yaml")
WHERE = "generators/generators.yaml"
VERSION = "2"  # of the way cases are made here: a new one makes every cache stale
MADE = "generated"  # the folder of made cases, under the runner's build folder
# The folders of data/ bt reads, in its order; the runner judges the first two, and
# --validate checks the next four.
ROOTS = (
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
    "testing_tool_test",
    "fuzz",
)
JUDGED = ("sample", "secret")
CHECKED = ("invalid_output", "invalid_answer", "invalid_input", "valid_output")  # no .ans made
MADE_ROOTS = (*JUDGED, *CHECKED)
EXTRAS = ("in.statement", "ans.statement", "in.download", "ans.download")  # a sample's
TEXTS = ("in", "ans", "out", *EXTRAS, "interaction", "yaml")
WRITTEN = (".in", ".ans", ".out", ".yaml")  # the files of a case the runner reads
CASE_KEYS = ("copy", "generate", "count", "match", *TEXTS)  # a map with one is a case
INHERITED = ("solution", "random_salt", "retries")
DIRECTORY_KEYS = ("data", "test_group.yaml", "include", *INHERITED)
ROOT_KEYS = (
    *DIRECTORY_KEYS,
    *("generators", "version", "gitignore_generated", "parallel", "visualizer"),
)
NAME = re.compile(r"[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}")  # bt's FILE_NAME_REGEX
SEED = re.compile(r"\{seed(:[0-9]+)?\}")
RANGE = re.compile(r"(-?\d+)\.\.=(-?\d+)")
MOST_COUNT = 100  # bt's bound on the cases of one count
# A generator's or solution's limits: bt's generator_time (60 s); memory and output bounds.
GENERATOR_LIMITS = Limits(60.0, 2048.0, 1024 * MIB, unlimited_stack=True)
CASE = "testcase"  # the name of a case while it is made ({name} in a command)


@dataclass(frozen=True)
class Settings:
    """What a directory passes on: the solution (None: none named; "": none), the seed's salt,
    and the runs a failing generator gets."""

    solution: str | None = None
    salt: str = ""
    retries: int = 1


@dataclass(frozen=True)
class Rule:
    """A case to make: its path under data/ ("secret/01-min"), the key that names it, its
    generator (a path from the package's folder, and its arguments with the seed in), the
    seed, copy's base path (from the package's folder), its texts by extension (".in"), its
    settings, and whether it may be a sample's files alone (no .in: not a case)."""

    path: str
    key: str
    program: str | None
    words: tuple[str, ...]
    seed: int
    copy: str | None
    texts: Mapping[str, str]
    settings: Settings
    statement_only: bool


@dataclass(frozen=True)
class Directory:
    """A directory: its path under data/ ("" for data/), its key, its test_group.yaml (None:
    none), its rules and directories, and the cases it includes by name."""

    path: str
    key: str
    test_group: Mapping[str, object] | None
    items: tuple[Rule | Directory, ...]
    included: Mapping[str, Rule]


Known = Union[Rule, Directory]


def refuse(where: str, why: str) -> UsageError:
    """The one line that refuses generators.yaml."""
    return UsageError(f"{WHERE}: {where}: {why}")


def is_case(value: object) -> bool:
    """Whether a value of data: is a case, as bt tells it: null, a text, or a map with a
    case's key."""
    return (
        value is None
        or isinstance(value, str)
        or (isinstance(value, dict) and any(key in value for key in CASE_KEYS))
    )


def counts_of(value: object, where: str) -> list[int] | None:
    """The count values of a case (None: it has no count), as bt reads `count`."""
    count = value.get("count") if isinstance(value, dict) else None
    if count is None:
        return None
    if isinstance(count, bool):
        raise refuse(where, f"count is {count}, not a number")
    if isinstance(count, int):
        if not 1 <= count <= MOST_COUNT:
            raise refuse(where, f"count {count} is not from 1 to {MOST_COUNT}")
        return list(range(1, count + 1))
    if isinstance(count, list):
        if not count or not all(isinstance(v, int) and not isinstance(v, bool) for v in count):
            raise refuse(where, "count is a list that is empty or not of whole numbers")
        if len(set(count)) != len(count) or len(count) > MOST_COUNT:
            raise refuse(where, f"count lists a value twice, or more than {MOST_COUNT}")
        return list(count)
    found = RANGE.fullmatch(count) if isinstance(count, str) else None
    if found is None:
        raise refuse(where, f"count is {shorten(printable(str(count)))}: want N, [..] or A..=B")
    low, high = int(found.group(1)), int(found.group(2))
    if low > high or high - low + 1 > MOST_COUNT:
        raise refuse(where, f"count {count} is empty or longer than {MOST_COUNT}")
    return list(range(low, high + 1))


def numbered_cases(node: object, where: str) -> int:
    """The cases numbered in the file (bt counts them first: their numbers' width)."""
    data = node.get("data") if isinstance(node, dict) else None
    numbered = isinstance(data, list)
    total = 0
    for entry in data if isinstance(data, list) else [data] if isinstance(data, dict) else []:
        for value in entry.values() if isinstance(entry, dict) else ():
            if is_case(value) and numbered:
                total += len(counts_of(value, where) or [1])
            elif isinstance(value, dict) and not is_case(value):
                total += numbered_cases(value, where)
    return total


def numbers(key: str, counter: Iterator[int], width: int) -> Iterator[str]:
    """A numbered item's names: NN-KEY (NN alone for an empty key)."""
    while True:
        number = f"{next(counter):0{width}}"
        yield f"{number}-{key}" if key else number


def seed_of(salt: str, count: int, command: str) -> int:
    """BAPCtools' seed of a generated case."""
    text = salt + (f":{count - 1}" if count != 1 else "") + command.strip()
    return int(hashlib.sha512(text.encode()).hexdigest(), 16) % 2**31


class Reader:
    """generators.yaml read into its Directory, as bt parses it: the cases numbered through
    the file, and each key with what it named, for `include`."""

    def __init__(self, root: dict[object, object]) -> None:
        self.case_numbers = itertools.count(1)
        self.width = len(str(numbered_cases(root, "data")))
        self.keys: dict[str, list[Known]] = {}
        self.cases: dict[str, Rule] = {}  # every case by its path, included ones too
        self.warnings: list[str] = []  # what bt warns of and reads on
        self.programs = programs_of(root.get("generators"), self.warnings)

    def directory(
        self, key: str, path: str, raw: dict[object, object], inherited: Settings
    ) -> Directory:
        where = f"data/{path}" if path else "data"
        allowed = DIRECTORY_KEYS if path else ROOT_KEYS
        for name in raw:
            said = shorten(printable(str(name)))
            if name not in allowed and path:
                raise refuse(where, f"the key {said} is unknown")
            if name not in allowed:  # bt warns of it at the root, and reads on
                self.warnings.append(f"{WHERE}: the key {said} is unknown: not read")
        settings = settings_of(raw, inherited, where)
        group = raw.get("test_group.yaml")
        if group is not None and not isinstance(group, dict):
            raise refuse(where, "test_group.yaml is not a map of keys")
        included = self.includes(raw.get("include"), where)
        items = self.children(path, raw.get("data"), settings, where)
        mine: dict[str, Rule] = {}
        for rule in included:
            name = f"{path}/{rule.path.rsplit('/', 1)[-1]}"
            if self.cases.get(name, rule) is not rule:
                raise refuse(where, f"including {rule.path} clashes with {name}")
            self.cases[name] = mine[name] = rule
        return Directory(path, key, {str(k): v for k, v in (group or {}).items()}, items, mine)

    def includes(self, given: object, where: str) -> list[Rule]:
        """The cases the keys of `include` name, in order."""
        keys = [given] if isinstance(given, str) else given or []
        if not isinstance(keys, list):
            raise refuse(where, "include is not a list of keys")
        found: list[Rule] = []
        for key in keys:
            if not isinstance(key, str) or "/" in key or len(self.keys.get(key, [])) != 1:
                said = shorten(printable(str(key)))
                raise refuse(where, f"include {said} names no one case or directory before it")
            found += list(rules_in(self.keys[key][0]))
        return found

    def children(
        self, path: str, data: object, settings: Settings, where: str
    ) -> tuple[Rule | Directory, ...]:
        """The items of a directory's data: a map, or a list of one-key maps (numbered)."""
        numbered = isinstance(data, list)
        given = data if isinstance(data, list) else [] if data is None else [data]
        entries: list[dict[object, object]] = []
        for entry in given:
            if not isinstance(entry, dict):
                raise refuse(where, "data is not a map, nor a list of maps")
            entries.append(entry)
        if numbered and not path:
            raise refuse(where, "the root's data must be a map, not a list")
        groups = sum(
            1 for e in entries for v in e.values() if isinstance(v, dict) and not is_case(v)
        )
        group_numbers = itertools.count(1)
        items: list[Rule | Directory] = []
        for entry in entries:
            if numbered and len(entry) != 1:
                raise refuse(where, "an item of a numbered data list has more than one key")
            for key in self.ordered(entry, path, where):
                value = entry[key]
                if is_case(value):
                    names = numbers(key, self.case_numbers, self.width) if numbered else None
                    items += self.rules(path, key, names, value, settings)
                elif isinstance(value, dict):
                    name = next(numbers(key, group_numbers, len(str(groups)))) if numbered else key
                    items.append(self.group(path, key, name, value, settings))
                else:
                    raise refuse(f"{where}/{key}", "it is neither a case nor a directory")
        return tuple(items)

    def ordered(self, entry: dict[object, object], path: str, where: str) -> list[str]:
        """An entry's keys in bt's order: the root's folders in ROOTS' order, else by name."""
        for key in entry:
            if not isinstance(key, str) and key is not None:
                raise refuse(where, f"the key {key} is not a name")
            if not path and key not in ROOTS:
                said = shorten(printable(str(key)))
                raise refuse(where, f"{said} is none of the folders of data/: {', '.join(ROOTS)}")
        if None in entry:  # YAML's `~:` or an empty key
            entry[""] = entry.pop(None)
        return [k for k in ROOTS if k in entry] if not path else sorted(str(k) for k in entry)

    def group(
        self, path: str, key: str, name: str, value: dict[object, object], settings: Settings
    ) -> Directory:
        where = f"data/{path}/{key}" if path else f"data/{key}"
        if not NAME.fullmatch(name):
            raise refuse(where, f"{shorten(printable(name))} is no name bt allows")
        made = self.directory(key, f"{path}/{name}" if path else name, value, settings)
        self.keys.setdefault(key, []).append(made)
        return made

    def rules(
        self,
        path: str,
        key: str,
        names: Iterator[str] | None,
        value: object,
        inherited: Settings,
    ) -> list[Rule]:
        """The cases of one case's entry: one for each count value."""
        where = f"data/{path}/{key}"
        if not key and names is None:
            raise refuse(where, "a case of a map of data has an empty name")
        counts = counts_of(value, where)
        values = counts or [1]
        consecutive = max(values) - min(values) == len(values) - 1
        padding = max(len(str(v)) for v in values) if consecutive else 0
        made: list[Rule] = []
        for count in values:
            name = next(names) if names is not None else key
            name += f"-{count:0{padding}}" if counts is not None else ""
            rule = rule_of(f"{path}/{name}", key, value, inherited, count, counts is not None)
            if rule.path in self.cases:
                raise refuse(where, f"{rule.path} is made twice")
            self.cases[rule.path] = rule
            self.keys.setdefault(key, []).append(rule)
            made.append(rule)
        return made


def programs_of(given: object, warnings: list[str]) -> dict[str, tuple[str, ...]]:
    """The root's `generators` map: each name with its files (paths under generators/), the
    first the entry point. A name bt skips (not a file's name; no files) is a warning."""
    if given is None:
        return {}
    if not isinstance(given, dict):
        raise refuse("generators", "it is not a map of names to lists of files")
    found: dict[str, tuple[str, ...]] = {}
    for name, files in given.items():
        said = shorten(printable(str(name)))
        if not isinstance(name, str) or not NAME.fullmatch(name) or not files:
            warnings.append(f"{WHERE}: generators: {said} is no name with files: skipped")
            continue
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            raise refuse(f"generators/{said}", "it is not a list of files")
        for file in files:
            path = PurePosixPath(file)
            if not file or path.is_absolute() or ".." in path.parts:
                said = shorten(printable(file))
                raise refuse(f"generators/{name}", f"{said} is not a file under generators/")
        found[name] = tuple(files)
    return found


def rules_in(known: Known) -> Iterator[Rule]:
    """The cases a key names: a case, or a directory's, at any depth, with those it includes."""
    if isinstance(known, Rule):
        yield known
        return
    yield from known.included.values()
    for item in known.items:
        yield from rules_in(item)


def settings_of(raw: Mapping[object, object], inherited: Settings, where: str) -> Settings:
    """A directory's or case's settings: its own solution, random_salt and retries over its
    parent's."""
    solution, salt, retries = inherited.solution, inherited.salt, inherited.retries
    if "solution" in raw:
        given = raw["solution"]
        if given is not None and not isinstance(given, str):
            raise refuse(where, "solution is not a path")
        solution = given or ""
        if solution and (not solution.startswith("/") or len(solution.split()) != 1):
            said = shorten(printable(solution))
            raise refuse(where, f"solution {said} is not one absolute path (/submissions/...)")
    if "random_salt" in raw:
        if not isinstance(raw["random_salt"], str):
            raise refuse(where, "random_salt is not a text")
        salt = raw["random_salt"]
    if "retries" in raw:
        given = raw["retries"]
        if isinstance(given, bool) or not isinstance(given, int) or given < 1:
            raise refuse(where, "retries is not a whole number from 1")
        retries = given
    return Settings(solution, salt, retries)


def rule_of(
    path: str, key: str, value: object, inherited: Settings, count: int, counted: bool
) -> Rule:
    """The Rule of a case at path, one count value of its entry."""
    where = f"data/{path}"
    name = path.rsplit("/", 1)[-1]
    if not NAME.fullmatch(f"{name}.in") or name == "test_group":
        raise refuse(where, f"{shorten(printable(name))} is no name bt allows a case")
    if value is None:
        raise refuse(where, "the case is empty: it makes no .in")
    raw: dict[object, object]
    if isinstance(value, str):
        raw = {"copy": value[:-3]} if value.endswith(".in") else {"generate": value}
    else:
        assert isinstance(value, dict)
        raw = value
    for given in raw:
        if given not in (*CASE_KEYS, *INHERITED):
            raise refuse(where, f"the key {shorten(printable(str(given)))} is unknown")
    sample = path.split("/", 1)[0] == "sample"
    if not sample and any(extra in raw for extra in EXTRAS):
        raise refuse(where, "a case that is not a sample has a .statement or .download file")
    settings = settings_of(raw, inherited, where)
    program, words, seed = generator_of(raw.get("generate"), settings, count, counted, where)
    copy = raw.get("copy")
    if copy is not None and (not isinstance(copy, str) or PurePosixPath(copy).is_absolute()):
        raise refuse(where, "copy is not a path under generators/")
    texts = texts_of(raw, where)
    statement_only = sample and all(key in raw for key in ("in.statement", "in.download"))
    if program is None and copy is None and ".in" not in texts and not statement_only:
        raise refuse(where, "the case makes no .in: want generate, copy or in")
    base = None if copy is None else str(PurePosixPath("generators", copy))
    return Rule(path, key, program, words, seed, base, texts, settings, statement_only)


def generator_of(
    given: object, settings: Settings, count: int, counted: bool, where: str
) -> tuple[str | None, tuple[str, ...], int]:
    """A case's generator: its program's path, its arguments as run, and the seed."""
    if given is None:
        return None, (), 0
    if not isinstance(given, str) or not given.strip():
        raise refuse(where, "generate is not a command")
    if "{{" in given:
        raise refuse(where, "generate uses {{constants}}, which the runner does not fill in")
    command = given.replace("{count}", str(count)) if counted else given
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise refuse(where, f"generate cannot be split into words: {error}") from None
    if sum(len(SEED.findall(word)) for word in words[1:]) > 1:
        raise refuse(where, "{seed} is given more than once in generate")
    program = PurePosixPath(words[0])
    if program.is_absolute() or ".." in program.parts:
        raise refuse(
            where, f"the generator {shorten(printable(words[0]))} is not under generators/"
        )
    seed = seed_of(settings.salt, count, command)
    return str(PurePosixPath("generators", program)), tuple(words[1:]), seed


def texts_of(raw: Mapping[object, object], where: str) -> dict[str, str]:
    """A case's texts to write, by extension: in, ans and yaml (a map: as JSON, which YAML
    reads); the other files are checked and left out."""
    texts: dict[str, str] = {}
    for key in TEXTS:
        value = raw.get(key)
        if value is None:
            continue
        if key == "yaml" and isinstance(value, dict):
            value = json.dumps(value)
        if isinstance(value, dict) and key in EXTRAS and list(value) == ["link"]:
            continue  # a link to the case's own file: not read
        if not isinstance(value, str):
            raise refuse(where, f"{key} is not a text")
        if f".{key}" in WRITTEN:
            texts[f".{key}"] = value if not value or value.endswith("\n") else value + "\n"
    return texts


# ---------------------------------------------------------------- making the cases


def generated_root(folder: Path, fmt: str, words: Sequence[str], warnings: list[str]) -> Path:
    """The folder whose data/ holds the package's cases: folder itself, or, where it is a
    2023-07 or 2025-09 package with generators/generators.yaml, the cases made from it (made
    now, unless made before from the same files). A UsageError, one line, where generators.yaml
    cannot be read or made as bt does."""
    path = folder / GENERATORS
    if fmt == "legacy" or not path.is_file():
        return folder
    found = yamlish.read_yaml(path)
    if not isinstance(found, dict):
        raise refuse("data", "the file holds no map of keys")
    reader = Reader(found)
    root = reader.directory("", "", found, Settings())
    warnings.extend(reader.warnings)
    chosen = [item for item in root.items if isinstance(item, Directory)]
    chosen = [item for item in chosen if item.path in MADE_ROOTS]
    interactive = any(word in words for word in ("interactive", "multi-pass"))
    place = build.RUNNER_BUILDS / MADE / hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    made = place / key_of(folder, root, interactive)
    if (folder / "data").is_dir():
        warnings.append(f"{printable(str(folder / 'data'))}: not read: {WHERE} makes the cases")
    if not (made / "data").is_dir():
        maker = Maker(folder, made, interactive, reader.programs)
        maker.make_all(root, chosen)
    return made


def key_of(folder: Path, root: Directory, interactive: bool) -> str:
    """The key of the cases made: every file of generators/, of each solution named, and
    problem.yaml, with the runner's Python and VERSION."""
    digest = hashlib.sha256(f"{VERSION}\0{sys.executable}\0{interactive}\0".encode())
    paths = {"generators", "problem.yaml"} | {
        rule.settings.solution or "" for rule in all_rules(root)
    }
    for part in sorted(p.strip("/") for p in paths if p.strip("/")):
        try:
            files = program_files(folder / part) if (folder / part).exists() else []
        except Unbuilt:
            files = []
        for name, file in files:
            digest.update(f"{part}/{name}\0".encode())
            digest.update(hashlib.sha256(file.read_bytes()).digest())
    return digest.hexdigest()[:32]


def all_rules(directory: Directory) -> Iterator[Rule]:
    for item in directory.items:
        yield from all_rules(item) if isinstance(item, Directory) else [item]


def laid_out(programs: Path, name: str, files: Sequence[tuple[str, Path]]) -> Path:
    """A generator's files copied into a folder named as the generator (its last part), as bt
    lays one out to build it: programs/KEY/NAME, KEY a hash of its name and files, so that it
    is written once, and built once."""
    digest = hashlib.sha256(f"{name}\0".encode())
    for each, path in files:
        digest.update(f"{each}\0".encode() + hashlib.sha256(path.read_bytes()).digest())
    home = programs / digest.hexdigest()[:16]
    folder = home / PurePosixPath(name).name
    if folder.is_dir():
        return folder
    work = programs / f".{home.name}-{uuid.uuid4().hex[:8]}"
    try:
        for each, path in files:
            target = work / folder.name / each
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(str(path), str(target))  # a link: what it leads to; its mode kept
        try:
            os.rename(work, home)
        except OSError:
            if not folder.is_dir():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return folder


class Maker:
    """Makes cases into a folder beside made (renamed to it once whole): each generator (laid
    out in made's parent's programs/) and solution built once."""

    def __init__(
        self,
        folder: Path,
        made: Path,
        interactive: bool,
        programs: Mapping[str, Sequence[str]],
    ) -> None:
        self.folder, self.target, self.interactive = folder, made, interactive
        self.programs = programs  # the root's generators map
        self.work = made.parent / f".{made.name}-{uuid.uuid4().hex[:8]}"
        self.data = self.work / "data"
        self.scratch = self.work / "scratch"
        self.empty = self.work / "empty"
        self.commands: dict[str, Command] = {}
        self.running: Running | None = None

    def make_all(self, root: Directory, chosen: list[Directory]) -> None:
        """The cases of the chosen directories made into made/data, built whole in a folder of
        its own and renamed into place (another run that made them first wins)."""
        self.running = new_running()
        try:
            self.scratch.mkdir(parents=True)
            self.empty.write_bytes(b"")
            self.write_group(root)
            for directory in chosen:
                self.make(directory)
            try:
                os.rename(self.work, self.target)
            except OSError:
                if not (self.target / "data").is_dir():
                    raise
        except OSError as error:
            said = error.strerror or error
            raise UsageError(f"{WHERE}: cannot write its cases: {said}") from None
        finally:
            self.running.end()
            shutil.rmtree(self.work, ignore_errors=True)

    def write_group(self, directory: Directory) -> None:
        """A directory's folder, and its test_group.yaml (JSON, which YAML reads)."""
        target = self.data / directory.path
        target.mkdir(parents=True, exist_ok=True)
        if directory.test_group:
            (target / "test_group.yaml").write_text(json.dumps(directory.test_group) + "\n")

    def make(self, directory: Directory) -> None:
        """A directory's cases, its directories', and the cases it includes."""
        self.write_group(directory)
        for item in directory.items:
            if isinstance(item, Directory):
                self.make(item)
            else:
                self.make_case(item)
        for name, rule in directory.included.items():
            if rule.path.split("/", 1)[0] not in MADE_ROOTS and not self.made(rule.path):
                self.make_case(rule)
            for suffix in WRITTEN:
                source = self.data / f"{rule.path}{suffix}"
                if source.is_file():
                    shutil.copyfile(source, self.data / f"{name}{suffix}")

    def made(self, path: str) -> bool:
        return (self.data / f"{path}.in").is_file()

    def make_case(self, rule: Rule) -> None:
        """One case: its generator, copy and texts, then its .ans; moved into place."""
        if STOPPED:
            raise KeyboardInterrupt
        work = Path(tempfile.mkdtemp(dir=self.scratch))
        if rule.program is not None:
            self.generate(rule, work)
        self.lay_over(rule, work)
        if not (work / f"{CASE}.in").is_file():
            if rule.statement_only:
                return  # a sample's shown files alone: bt makes no case of it
            raise refuse(f"data/{rule.path}", "no .in was made (copy finds no file)")
        if not (work / f"{CASE}.ans").is_file() and rule.path.split("/")[0] not in CHECKED:
            self.answer(rule, work)
        target = self.data / rule.path
        target.parent.mkdir(parents=True, exist_ok=True)
        for suffix in WRITTEN:
            if (work / f"{CASE}{suffix}").is_file():
                shutil.copyfile(work / f"{CASE}{suffix}", f"{target}{suffix}")

    def lay_over(self, rule: Rule, work: Path) -> None:
        """copy's files, then the case's texts, over what its generator made."""
        for suffix in WRITTEN if rule.copy is not None else ():
            source = self.folder / f"{rule.copy}{suffix}"
            if source.is_file():
                shutil.copyfile(source, work / f"{CASE}{suffix}")
        for suffix, text in rule.texts.items():
            (work / f"{CASE}{suffix}").write_bytes(text.encode())

    def command(self, path: str, where: str, generator: bool = False) -> Command:
        """The command of a program (a path from the package's folder), built once: a
        generator's from its files laid out (the generators map's, or its own)."""
        key = f"{generator}\0{path}"
        if key not in self.commands:
            try:
                if generator:
                    self.commands[key] = self.generator_command(path)
                else:
                    self.commands[key] = program_command(self.folder / path)
            except (Skipped, Unbuilt, OSError) as error:
                said = (str(error).splitlines() or ["?"])[0]
                raise refuse(where, f"{path} cannot run: {said}") from None
        return self.commands[key]

    def generator_command(self, path: str) -> Command:
        """A generator's command: the files the generators map lists for its name (each by
        its own name, the first the entry point), else its file's or folder's, laid out in a
        folder of its name and built there, as bt builds it."""
        name = PurePosixPath(path).relative_to("generators").as_posix()
        listed = self.programs.get(name)
        entry = None
        if listed is None:
            if not (self.folder / path).exists():
                raise OSError(f"{path} does not exist")
            files = program_files(self.folder / path)
        else:
            files = [(PurePosixPath(f).name, self.folder / "generators" / f) for f in listed]
            for _, file in files:
                if not file.is_file():
                    raise OSError(f"{printable(str(file))} is not a file")
            language = build.language_of(files[0][0])
            if language is not None and language is not build.language_of("x.java"):
                entry = files[0][0]
        folder = laid_out(self.target.parent / "programs", name, files)
        return program_command(folder, entrypoint=entry)

    def generate(self, rule: Rule, work: Path) -> None:
        """Run a case's generator in work, up to its retries; its stdout is the .in unless it
        wrote one."""
        assert rule.program is not None and self.running is not None
        where = f"data/{rule.path}"
        args, executable = self.command(rule.program, where, generator=True)
        why = ""
        for retry in range(rule.settings.retries):
            seed = str((rule.seed + retry) % 2**31)
            words = [SEED.sub(seed, word.replace("{name}", CASE)) for word in rule.words]
            for old in work.iterdir():
                if old.is_dir():
                    shutil.rmtree(old)
                else:
                    old.unlink()
            run = execute(
                self.running, ([*args, *words], executable), self.empty, work, GENERATOR_LIMITS
            )
            why = failure(run, GENERATOR_LIMITS)
            if not why and run.output and not (work / f"{CASE}.in").is_file():
                (work / f"{CASE}.in").write_bytes(run.output)
            if not why and not (work / f"{CASE}.in").is_file():
                why = "wrote no testcase.in, and nothing to stdout"
            if not why:
                return
            if STOPPED:
                raise KeyboardInterrupt
        raise refuse(where, f"the generator {rule.program} {why}")

    def answer(self, rule: Rule, work: Path) -> None:
        """A case's .ans: empty for an interactive or multi-pass problem, else its solution's
        output."""
        where = f"data/{rule.path}"
        if self.interactive:
            (work / f"{CASE}.ans").write_bytes(b"")
            return
        solution = rule.settings.solution
        if not solution:
            said = "solution is empty" if solution == "" else "no solution is named"
            raise refuse(where, f"no .ans is made and {said} (bt would pick one)")
        assert self.running is not None
        run = execute(
            self.running,
            self.command(solution.strip("/"), where),
            work / f"{CASE}.in",
            work,
            GENERATOR_LIMITS,
        )
        why = failure(run, GENERATOR_LIMITS)
        if why:
            raise refuse(where, f"the solution {solution} {why}")
        (work / f"{CASE}.ans").write_bytes(run.output)


def failure(run: Run, limits: Limits) -> str:
    """Why a generator's or solution's run failed, in words ("" where it did not)."""
    passed = passed_limit(run, limits)
    if passed:
        return f"passed {passed}"
    if run.status == 0:
        return ""
    said = f"failed: {exit_description(run.status)}"
    lines = run.stderr.decode("utf-8", "replace").strip().splitlines()
    return f"{said}: {shorten(printable(lines[-1]))}" if lines else said
