"""Finding problems, their solution files and cases, and reading a solution's `Judge:` line,
its profile: `Judge: NAME; N s; M MiB; MODE[; LANGUAGE N s][; OUT MiB output][; input FILE]
[; output FILE]`, in the language's comment."""

from __future__ import annotations

import math
import os
import re
from pathlib import Path, PurePath
from typing import Iterable, Sequence, Tuple

from .build import CASE_FOLDERS, LANGUAGES
from .fileio import file_fields
from .model import JUDGE_PREFIX, MOST_MIB, NAME_PATTERN, Case, Profile, UsageError
from .modes import JUDGE_FORMAT, mode_error, parse_mode
from .platform import INSTALLED
from .text import printable, shorten

# The default root of the problems, solutions/ and testcases/: the runner's own repository,
# or, installed, the folder the command runs in.
ROOT = Path(os.curdir) if INSTALLED else Path(__file__).resolve().parent.parent
NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
# A Judge: line opens its line, after a comment's `# ` or `// ` at most (in a docstring, at
# column 0): an indented line is the tail of another field, whose text it does not judge.
# At a line's start, after at most a comment's opening: `# `, `// `, `/* ` or a block
# comment's ` * `; a one-line block comment's closing `*/` is not part of it.
JUDGE_LINE = re.compile(
    r"^(?:# |// |/\* | \* )?Judge:[ \t]*(.*?)[ \t]*(?:\*/[ \t]*)?$", re.MULTILINE
)
PROFILE_FIELDS = re.compile(
    r"([^;]*[^;\s])\s*;\s*" + NUMBER + r"\s*s\s*;\s*" + NUMBER + r"\s*MiB\s*;\s*([^;]*[^;\s])"
    r"((?:\s*;[^;]*)*)"  # the optional fields, in any order
)
OTHER_LIMIT = re.compile(r"\s*([^;]*[^;\s])\s+" + NUMBER + r"\s*s\s*")  # C/C++ 1 s
OUTPUT_LIMIT = re.compile(r"\s*" + NUMBER + r"\s*MiB\s+output\s*")  # 16 MiB output
HEADER_CHARS = 8192  # a file's header, where its one Judge: line is: its opening
DEFAULT_PROFILE = Profile(None, 2.0, 1024.0, parse_mode("exact"))
# A folder of cases judged with --command has no Judge: line: it compares as most judges do.
FOLDER_PROFILE = Profile(None, 2.0, 1024.0, parse_mode("tokens"))
# A name's sort key: its runs of text and of digits, each (0, 0, text) or (1, number, "").
Key = Tuple[int, int, str]


def natural_key(name: str) -> list[Key]:
    """Sort key putting sample-2 before sample-10 (ASCII digits only: a superscript is text)."""
    parts = re.split(r"([0-9]+)", name)
    return [(1, int(part), "") if index % 2 else (0, 0, part) for index, part in enumerate(parts)]


def find_solution(root: Path, name: str) -> str | None:
    """The problem's one solution file, solutions/NAME.EXT for an EXT of judge.build's
    languages, as a path from root; None if it has none, a UsageError if it has several."""
    found = [f"solutions/{name}{ext}" for ext in LANGUAGES]
    found = [path for path in found if (root / path).is_file()]
    if len(found) > 1:
        raise UsageError(
            f"problem '{name}' has {len(found)} solutions, {', '.join(found)}: keep one"
        )
    return found[0] if found else None


def unrunnable(
    root: Path, name: str, command: bool = False, cases: str = "testcases"
) -> str | None:
    """Why the problem cannot be judged on the cases of cases/NAME/, or None. The hacks of
    hacks/NAME/ need no testcases/NAME/ (a problem stressed with GEN and BRUTE has none)."""
    try:
        if not command and find_solution(root, name) is None:
            return f"problem '{name}' has no solutions/{name}.py"
    except UsageError as error:
        return str(error)
    if cases != "testcases":  # the caller says when there is no case
        return None
    folder = root / "testcases" / name
    if not folder.is_dir():
        return f"problem '{name}' has no testcases/{name}/ folder"
    if not any(folder.glob("*.in")):
        return f"problem '{name}' has no testcases in testcases/{name}/"
    return None


def known_problems(root: Path) -> list[str]:
    """The problems under root, sorted: a solution's name, a folder of testcases/ (half added
    too)."""
    solutions = (root / "solutions").glob("[!_]*")
    known = {path.stem for path in solutions if path.suffix in LANGUAGES}
    return sorted(known | {path.name for path in (root / "testcases").glob("*") if path.is_dir()})


def find_problems(
    root: Path, names: Sequence[str], command: bool = False, cases: str = "testcases"
) -> tuple[list[str], list[str]]:
    """The problems to judge (those named, else every runnable one), a warning for each skipped."""
    known = known_problems(root)
    chosen = []
    for text in names:  # NAME, NAME.py, solutions/NAME.cpp or testcases/NAME/
        path = PurePath(text)
        name = path.stem if path.suffix in LANGUAGES else path.name
        name = name if path.parent.name in ("", "solutions", "testcases") else text
        if name not in known:
            listed = ", ".join(known) if known else f"none under {root}"
            raise UsageError(f"unknown problem '{text}'; the problems are: {listed}")
        reason = unrunnable(root, name, command, cases)
        if reason:
            raise UsageError(reason)
        chosen.append(name)
    if names:
        return list(dict.fromkeys(chosen)), []
    reasons = {name: unrunnable(root, name, cases=cases) for name in known}
    skipped = [f"{reason}: skipped" for reason in reasons.values() if reason]
    chosen = [name for name in known if not reasons[name]]
    if not chosen:
        raise UsageError(f"no problem under {root} has both solutions/NAME.py and testcases")
    return chosen, skipped


def case_folder(root: Path, text: str) -> Path | None:
    """The folder of cases (oj's -d, a Kattis data folder) that text names, resolved; None
    where it names a problem under root. A text that names a folder from here is that folder,
    but for a problem's own testcases/NAME/ or hacks/NAME/, which is that problem; a name is
    a problem's only where no folder has it here. A bare word that names both a folder here
    and a problem of root is a UsageError: which is meant cannot be told."""
    folder = Path(text).expanduser()
    if not folder.is_dir():
        return None
    resolved, name = folder.resolve(), problem_named(text)
    if name is None:
        return resolved
    if any(resolved == (root / kind / name).resolve() for kind in CASE_FOLDERS):
        return None
    if is_word(text) and name in known_problems(root):
        shown = printable(text)
        raise UsageError(
            f"'{shown}' is both a folder here and a problem of {root}: say ./{shown} for the"
            f" folder, or solutions/{shown} for the problem"
        )
    return resolved


def problem_named(text: str) -> str | None:
    """The problem's name that text would give (NAME, NAME.py, testcases/NAME), or None."""
    path = PurePath(text)
    name = path.stem if path.suffix in LANGUAGES else path.name
    named = NAME_PATTERN.fullmatch(name) and path.parent.name in ("", "solutions", "testcases")
    return name if named else None


def is_word(text: str) -> bool:
    """Whether text is a bare word: no folder in it, and no opening dot (./p, .., .hidden)."""
    separators = [os.sep, "/", *([os.altsep] if os.altsep else [])]
    return not text.startswith(".") and not any(sep in text for sep in separators)


def folder_names(folders: Iterable[Path]) -> dict[str, Path]:
    """Each folder of cases by the problem name it gets: its last part, or as many of its last
    parts as tell it from the others' (a/tests and b/tests)."""
    unique = list(dict.fromkeys(folders))  # a folder named twice is judged once
    named = {}
    for folder in unique:
        count = 1
        while count < len(folder.parts) and any(
            suffix(folder, count) == suffix(other, count) for other in unique if other != folder
        ):
            count += 1
        named[suffix(folder, count)] = folder
    return named


def suffix(folder: Path, count: int) -> str:
    """The last count parts of a folder's path, joined by /; "cases" for a root (/)."""
    parts = folder.parts[1:] if folder.anchor else folder.parts
    return "/".join(parts[-count:]) or "cases"


def find_cases(
    root: Path,
    problem: str,
    keep: str | Sequence[str] | None,
    judge_only: bool = False,
    cases: str = "testcases",
    folder: Path | None = None,
) -> tuple[list[Case], list[str]]:
    """The cases of cases/NAME/ (or of folder) whose name has `keep` (a text, or a list: any of
    them), in natural order, each answered by its .out or its .ans; a warning per lone answer.
    Judge cases are told from ours only in a problem that names some judge-*: elsewhere a
    case's `judge` is None. A case with both a .out and an .ans is a UsageError."""
    folder = root / cases / problem if folder is None else folder
    names = os.listdir(folder) if folder.is_dir() else []  # one listing: no stat per case
    there = {os.path.normcase(name): name for name in names}  # Windows: names match in any case
    inputs = {key[:-3]: n for key, n in there.items() if key.endswith(".in")}  # ".in": case ""
    answers: dict[str, str] = {}  # case, as its key: its answer's file name
    for key, name in sorted(there.items()):
        stem, dot, extension = key.rpartition(".")
        if dot and extension in ("out", "ans"):
            if stem in answers:
                shown = printable(name.rpartition(".")[0])
                raise UsageError(f"{shown} has both a .out and an .ans in {folder}")
            answers[stem] = name
    where = f"{cases}/{problem}/" if folder == root / cases / problem else f"{folder}{os.sep}"
    stray = [
        f"{where}{printable(a)} has no {printable(a.rpartition('.')[0])}.in beside it"
        for s, a in sorted(answers.items())
        if s not in inputs
    ]
    keeps = [keep] if isinstance(keep, str) else (keep or [""])
    told_apart = any(name.startswith(JUDGE_PREFIX) for name in inputs.values())
    found = []
    for key, file in sorted(inputs.items(), key=lambda item: natural_key(item[1][:-3])):
        name = file[:-3]
        judge = name.startswith(JUDGE_PREFIX)
        if any(word in name for word in keeps) and (judge or not judge_only):
            expected = folder / answers[key] if key in answers else None  # a link too
            kind = judge if told_apart else None
            found.append(Case(problem, name, folder / file, expected, kind))
    return found, stray


def read_profile(root: Path, problem: str) -> tuple[Profile, str | None]:
    """(profile, None) from the solution's `Judge:` line, else (the defaults, a warning)."""
    default = DEFAULT_PROFILE
    using = f"using {default.time_limit:g} s, {default.memory_limit:g} MiB, {default.mode.text}"
    try:
        path = find_solution(root, problem) or f"solutions/{problem}.py"
    except UsageError as error:
        return default, f"{error}: {using}"
    try:
        with open(str(root / path), encoding="utf-8-sig", errors="replace") as file:  # a BOM
            header = file.read(HEADER_CHARS)
    except OSError as error:
        return default, f"cannot read {path} ({error.strerror}): {using}"
    lines = list(JUDGE_LINE.finditer(header))
    if not lines:
        return default, f"{path} has no '{JUDGE_FORMAT}' line: {using}"
    if len(lines) > 1:  # which one is the judge's cannot be told
        at = ", ".join(str(header.count("\n", 0, line.start()) + 1) for line in lines)
        return default, f"{path} has {len(lines)} Judge: lines (lines {at}), want one: {using}"
    line = lines[0].group(1)
    read = line_profile(line)
    if isinstance(read, Profile):
        return read, None
    text = f"cannot read 'Judge: {shorten(line)}'"
    text += f": {read}" if read else f", want '{JUDGE_FORMAT}'"
    return default, f"{path}: {text}: {using}"


def line_profile(text: str) -> Profile | str:
    """The Profile of a Judge: line's text; else what is wrong with its mode, or "" where its
    fields do not read (numbers positive and finite, as --tle takes them)."""
    fields = PROFILE_FIELDS.fullmatch(text)
    if not fields:
        return ""
    try:
        files, rest = file_fields(fields.group(5))
        other, output = optional_fields(rest)
    except ValueError:
        return ""
    numbers = [float(fields.group(2)), float(fields.group(3))]
    numbers += [other[1]] if other else []
    numbers += [output] if output is not None else []
    if min(numbers) <= 0 or not all(map(math.isfinite, numbers)) or numbers[1] > MOST_MIB:
        return ""
    wrong = mode_error(fields.group(4))
    if wrong:
        return str(wrong)
    mode = parse_mode(fields.group(4))
    return Profile(fields.group(1), numbers[0], numbers[1], mode, other, output, *files)


def optional_fields(text: str) -> tuple[tuple[str, float] | None, float | None]:
    """(another language's limit or None, the output limit or None) of the fields that follow
    the mode (`; C/C++ 1 s`, `; 16 MiB output`), each at most once; a ValueError where one is
    neither."""
    other: tuple[str, float] | None = None
    output: float | None = None
    for field in text.split(";")[1:]:
        language, limit = OTHER_LIMIT.fullmatch(field), OUTPUT_LIMIT.fullmatch(field)
        if language and other is None:
            other = (language.group(1), float(language.group(2)))
        elif limit and output is None:
            output = float(limit.group(1))
        else:
            raise ValueError(f"an optional field that does not read: {field}")
    return other, output
