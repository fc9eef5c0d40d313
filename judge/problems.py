"""Finding problems and their cases, and reading a solution's `Judge:` line, its profile:
`Judge: NAME; N s; M MiB; MODE[; LANGUAGE N s]`."""

import math
import os
import re
from pathlib import PurePath

from judge.model import JUDGE_PREFIX, Case, Profile, UsageError
from judge.modes import JUDGE_FORMAT, mode_error, parse_mode
from judge.text import printable, shorten

NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
# A Judge: line opens its line, after a comment's `# ` or `// ` at most (in a docstring, at
# column 0): an indented line is the tail of another field, whose text it does not judge.
JUDGE_LINE = re.compile(r"^(?:# |// )?Judge:[ \t]*(.*?)[ \t]*$", re.MULTILINE)
PROFILE_FIELDS = re.compile(
    r"([^;]*[^;\s])\s*;\s*" + NUMBER + r"\s*s\s*;\s*" + NUMBER + r"\s*MiB\s*;\s*([^;]*[^;\s])"
    r"(?:\s*;\s*([^;]*[^;\s])\s+" + NUMBER + r"\s*s)?"  # another language's limit
)
HEADER_CHARS = 8192  # a file's header, where its one Judge: line is: its opening
DEFAULT_PROFILE = Profile(None, 2.0, 1024.0, parse_mode("exact"))


def natural_key(name):
    """Sort key putting sample-2 before sample-10 (ASCII digits only: a superscript is text)."""
    parts = re.split(r"([0-9]+)", name)
    return [(1, int(part), "") if index % 2 else (0, 0, part) for index, part in enumerate(parts)]


def unrunnable(root, name, command=False):
    """Why the problem cannot be judged, or None."""
    if not command and not (root / "solutions" / (name + ".py")).is_file():
        return f"problem '{name}' has no solutions/{name}.py"
    folder = root / "testcases" / name
    if not folder.is_dir():
        return f"problem '{name}' has no testcases/{name}/ folder"
    if not any(folder.glob("*.in")):
        return f"problem '{name}' has no testcases in testcases/{name}/"
    return None


def find_problems(root, names, command=False):
    """The problems to judge (those named, else every runnable one), a warning for each skipped."""
    known = {path.stem for path in (root / "solutions").glob("[!_]*.py")}  # half added too
    known = sorted(known | {path.name for path in (root / "testcases").glob("*") if path.is_dir()})
    chosen = []
    for text in names:  # NAME, NAME.py, solutions/NAME.py or testcases/NAME/
        path = PurePath(text)
        name = path.stem if path.suffix == ".py" else path.name
        name = name if path.parent.name in ("", "solutions", "testcases") else text
        if name not in known:
            listed = ", ".join(known) if known else f"none under {root}"
            raise UsageError(f"unknown problem '{text}'; the problems are: {listed}")
        reason = unrunnable(root, name, command)
        if reason:
            raise UsageError(reason)
        chosen.append(name)
    if names:
        return list(dict.fromkeys(chosen)), []
    reasons = {name: unrunnable(root, name) for name in known}
    chosen = [name for name in known if not reasons[name]]
    if not chosen:
        raise UsageError(f"no problem under {root} has both solutions/NAME.py and testcases")
    return chosen, [reasons[name] + ": skipped" for name in known if reasons[name]]


def find_cases(root, problem, keep, judge_only=False, cases="testcases"):
    """The cases of cases/NAME/ whose name has `keep`, in natural order; a warning per lone .out."""
    folder = root / cases / problem
    names = os.listdir(folder) if folder.is_dir() else []  # one listing: no stat per case
    there = {os.path.normcase(name): name for name in names}  # Windows: names match in any case
    inputs = {n[:-3]: n for key, n in there.items() if key.endswith(".in")}  # ".in": case ""
    lone = sorted(n for key, n in there.items() if key.endswith(".out") and n[:-4] not in inputs)
    where = f"{cases}/{problem}/"
    stray = [f"{where}{printable(n)} has no {printable(n[:-4])}.in beside it" for n in lone]
    found = []
    for name in sorted(inputs, key=natural_key):
        judge, out = name.startswith(JUDGE_PREFIX), inputs[name][:-3] + ".out"
        if keep in name and (judge or not judge_only):
            expected = folder / out if os.path.normcase(out) in there else None  # a link too
            found.append(Case(problem, name, folder / inputs[name], expected, judge))
    return found, stray


def read_profile(root, problem):
    """(profile, None) from the solution's `Judge:` line, else (the defaults, a warning)."""
    path = f"solutions/{problem}.py"
    default = DEFAULT_PROFILE
    using = f"using {default.time_limit:g} s, {default.memory_limit:g} MiB, {default.mode.text}"
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
    numbers = [float(fields.group(at)) for at in (2, 3, 6) if fields.group(at)] if fields else []
    usable = fields and min(numbers) > 0 and all(map(math.isfinite, numbers))  # as --tle takes
    wrong = mode_error(fields.group(4)) if usable else None
    if not usable or wrong:
        text = f"cannot read 'Judge: {shorten(line.group(1))}'"
        text += f": {wrong}" if wrong else f", want '{JUDGE_FORMAT}'"
        return default, f"{path}: {text}: {using}"
    other = (fields.group(5), float(fields.group(6))) if fields.group(5) else None
    mode = parse_mode(fields.group(4))
    return Profile(fields.group(1), numbers[0], numbers[1], mode, other), None
