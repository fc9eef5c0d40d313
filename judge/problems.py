"""Finding problems, their solution files and cases, and reading a solution's `Judge:` line,
its profile: `Judge: NAME; N s; M MiB; MODE[; LANGUAGE N s][; OUT MiB output]`, in the
language's comment."""

import math
import os
import re
from pathlib import Path, PurePath

from judge.build import LANGUAGES
from judge.model import JUDGE_PREFIX, NAME_PATTERN, Case, Profile, UsageError
from judge.modes import JUDGE_FORMAT, mode_error, parse_mode
from judge.text import printable, shorten

# The runner's own repository, the default root of the problems: solutions/ and testcases/.
ROOT = Path(__file__).resolve().parent.parent
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


def natural_key(name):
    """Sort key putting sample-2 before sample-10 (ASCII digits only: a superscript is text)."""
    parts = re.split(r"([0-9]+)", name)
    return [(1, int(part), "") if index % 2 else (0, 0, part) for index, part in enumerate(parts)]


def find_solution(root, name):
    """The problem's one solution file, solutions/NAME.EXT for an EXT of judge.build's
    languages, as a path from root; None if it has none, a UsageError if it has several."""
    found = [f"solutions/{name}{ext}" for ext in LANGUAGES]
    found = [path for path in found if (root / path).is_file()]
    if len(found) > 1:
        raise UsageError(
            f"problem '{name}' has {len(found)} solutions, {', '.join(found)}: keep one"
        )
    return found[0] if found else None


def unrunnable(root, name, command=False, cases="testcases"):
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


def find_problems(root, names, command=False, cases="testcases"):
    """The problems to judge (those named, else every runnable one), a warning for each skipped."""
    solutions = (root / "solutions").glob("[!_]*")  # half added too
    known = {path.stem for path in solutions if path.suffix in LANGUAGES}
    known = sorted(known | {path.name for path in (root / "testcases").glob("*") if path.is_dir()})
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
    chosen = [name for name in known if not reasons[name]]
    if not chosen:
        raise UsageError(f"no problem under {root} has both solutions/NAME.py and testcases")
    return chosen, [reasons[name] + ": skipped" for name in known if reasons[name]]


def case_folder(root, text):
    """The folder of cases that text names when it names no problem under root (oj's -d, a
    Kattis data folder), resolved; else None."""
    path = PurePath(text)
    name = path.stem if path.suffix == ".py" else path.name
    named = NAME_PATTERN.fullmatch(name) and path.parent.name in ("", "solutions", "testcases")
    if named and (root / "testcases" / name).is_dir():
        return None
    folder = Path(text).expanduser()
    return folder.resolve() if folder.is_dir() else None


def find_cases(root, problem, keep, judge_only=False, cases="testcases", folder=None):
    """The cases of cases/NAME/ (or of folder) whose name has `keep` (a text, or a list: any of
    them), in natural order, each answered by its .out or its .ans; a warning per lone answer.
    Judge cases are told from ours only in a problem that names some judge-*: elsewhere a
    case's `judge` is None. A case with both a .out and an .ans is a UsageError."""
    folder = root / cases / problem if folder is None else folder
    names = os.listdir(folder) if folder.is_dir() else []  # one listing: no stat per case
    there = {os.path.normcase(name): name for name in names}  # Windows: names match in any case
    inputs = {key[:-3]: n for key, n in there.items() if key.endswith(".in")}  # ".in": case ""
    answers = {}  # case, as its key: its answer's file name
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


def read_profile(root, problem):
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
    line = lines[0]
    fields = PROFILE_FIELDS.fullmatch(line.group(1))
    other, output = optional_fields(fields.group(5)) if fields else (None, None)
    numbers = [float(fields.group(2)), float(fields.group(3))] if fields else []
    numbers += [other[1]] if other else []
    numbers += [output] if output is not None else []
    usable = fields and other != () and min(numbers) > 0 and all(map(math.isfinite, numbers))
    wrong = mode_error(fields.group(4)) if usable else None  # usable: as --tle takes numbers
    if not usable or wrong:
        text = f"cannot read 'Judge: {shorten(line.group(1))}'"
        text += f": {wrong}" if wrong else f", want '{JUDGE_FORMAT}'"
        return default, f"{path}: {text}: {using}"
    mode = parse_mode(fields.group(4))
    return Profile(fields.group(1), numbers[0], numbers[1], mode, other, output), None


def optional_fields(text):
    """(another language's limit or None, the output limit or None) of the fields that follow
    the mode (`; C/C++ 1 s`, `; 16 MiB output`), each at most once; ((), None) where one is
    neither."""
    other = output = None
    for field in text.split(";")[1:]:
        language, limit = OTHER_LIMIT.fullmatch(field), OUTPUT_LIMIT.fullmatch(field)
        if language and other is None:
            other = (language.group(1), float(language.group(2)))
        elif limit and output is None:
            output = float(limit.group(1))
        else:
            return (), None
    return other, output
