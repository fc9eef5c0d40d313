"""What a problem is, what it must hold at each level, and what it reaches: the contract.

A problem NAME lives in up to three places, and reaches one of three levels:

* **judged**: ``solutions/NAME.py`` (standard input to standard output, its logic in
  ``solve(text)``, opened by a header with a ``Judge:`` line: see ``HEADER``) and
  ``testcases/NAME/`` (``CASE.in`` with the expected ``CASE.out`` beside it). The runner
  judges it, and `make test` checks that its cases pass and its header is valid.
* **stress**: also ``tests/NAME/`` with an oracle and a generator (the needs of ``TOOLING``
  for ``stress``). `make test` plays the stress test and checks every ``.out`` against the
  oracle, and `make stress P=NAME` works.
* **complete**: everything of ``TOOLING``, at least ``MIN_CASES`` testcases, judge cases
  and extended ones, and the file ``tests/NAME/COMPLETE`` that declares it. Only a problem
  that declares itself complete is held to the whole contract (the wrong programs,
  mutants, validator, plain port, scale inputs). The four of this repo do.

A problem aims at ``complete`` when it has ``tests/NAME/COMPLETE``, at ``stress`` when it has
a tooling folder, else at ``judged``. ``missing(NAME)`` lists, one line each, what it lacks of
the level it aims at, and `make test` fails on each such line (tests/test_problems.py).

``python3 -m tools.contract [NAME ...]`` prints the level each problem reaches and what the
next one needs. Its exit status is 1 when a problem lacks something of the level it aims at.
"""

import argparse
import ast
import collections
import functools
import re
from pathlib import Path

from judge import JUDGE_PREFIX, read_profile, say
from tools.problem import (
    FOLDER_MARKERS,
    ROOT,
    has_cases,
    is_judge_case,
    known,
    run_tool,
    tooling,
)

LEVELS = ("judged", "stress", "complete")
MIN_WRONG = 8  # programs in tests/NAME/wrong/
MIN_CASES = 20  # testcases of a complete problem
MARKER = "COMPLETE"  # tests/NAME/COMPLETE: the problem declares itself complete
JUDGE_NAMES = f"named {JUDGE_PREFIX}*"

# The header of a solution: the docstring that opens it, a line `FIELD: ...` for each of
# these (Description and others may come too), none of them left saying TODO.
HEADER = ("Problem", "Judge", "Idea", "Time", "Memory", "Status")

# One thing a tooling folder provides: a file (a path under tests/NAME/, NAME standing for
# the problem's name), or a name defined in a module; the level that needs it (stress or
# complete; None: optional); what it is.
Need = collections.namedtuple("Need", "file name level what")

# The needs, one a paragraph. Its first line is the file, the name ("-": none) and the level
# ("optional": none). The lines under it say what the need is.
NEEDS = """
__init__.py - stress
    empty; makes the folder the package NAME

oracle.py solve stress
    `solve(text) -> str`: the brute force, written from the statement alone, sharing no code
    with the solution and working another way

oracle.py solve_large optional
    `solve_large(text) -> str`: a second checker for the `BIG_CASES` testcases when `solve` is
    too slow for them, checked against `solve` in `test_NAME.py`

gen.py random_input stress
    `random_input(rng, judge=False) -> str`: one seeded random input of the stress test; with
    `judge=True` only inputs the judge's statement allows

gen.py EXTENDED_LABELS optional
    the labels only extended inputs have, left out of `min_count` in judge mode

gen.py STRESS stress
    dict: `count` inputs from `seed`, and `min_count`, the least number of inputs each outcome
    kind and label must occur in

gen.py kind stress
    `kind(output) -> str`: the outcome kind of an answer

gen.py labels optional
    `labels(text, output)`: what else an input is an example of (a winning direction, an input
    form, ...)

gen.py shrink stress
    `shrink(text)`: smaller inputs, for counterexamples

gen.py size optional
    `size(text)`: a measure every `shrink` candidate makes strictly smaller (default `len`)

gen.py SAVED optional
    bytes a person may save (a byte-order mark, CRLF, not UTF-8): the solution as a process
    answers as the oracle reads them

gen.py SCALE complete
    the benchmark's inputs: a list of dicts with keys `name`, `what` (words), `build(rng) ->
    bytes`, `quick_build(rng) -> bytes` (a small version), `target` (CPU ratio to the floor) and
    `mem_target` (memory ratio, or None)

gen.py scale_answer complete
    `scale_answer(name, data) -> bytes`: the expected output of a scale input

gen.py BIG_CASES complete
    dict: case name -> `() -> bytes`, building every testcase over 100 KB byte for byte (may be
    empty)

floor.py - complete
    the benchmark's floor: reads and parses the input as the solution does, and stops

test_NAME.py - complete
    what is particular to the problem: the oracle pinned to the statement's examples, checks of
    its generators and builders

wrong/ - complete
    at least {MIN_WRONG} programs, each a bug contestants make, named in its one-line docstring
    (a program may import a _NAME.py of the folder)

equivalent_mutants.txt - complete
    the mutants of the solution that no input can kill, `ID  reason` a line (# comments)

validate.py why_extended complete
    `why_extended(data: bytes) -> Optional[str]`: None when the judge's statement allows the
    input (a judge case, named `{JUDGE_PREFIX}*`), else a short reason

plain.py - complete
    a judge-faithful solution written as a contestant would, reading the judge's format only: a
    test fixture that must pass every judge case

plain.cpp - optional
    the same in C++

COMPLETE - complete
    the problem's declaration that it meets this whole contract, which `make test` then holds it
    to (any text, or none)
"""


def read_needs(text):
    """The Needs of text written as NEEDS is."""
    needs = []
    for paragraph in text.strip().split("\n\n"):
        head, *lines = paragraph.splitlines()
        file, name, level = [None if word in ("-", "optional") else word for word in head.split()]
        needs.append(Need(file, name, level, " ".join(line.strip() for line in lines)))
    return tuple(needs)


TOOLING = read_needs(NEEDS.format(MIN_WRONG=MIN_WRONG, JUDGE_PREFIX=JUDGE_PREFIX))
STRESS_KEYS = ("count", "seed", "min_count")
SCALE_KEYS = ("name", "what", "build", "quick_build", "target", "mem_target")


def key(need):
    """A need as FILE or FILE:NAME."""
    return f"{need.file}:{need.name}" if need.name else need.file


FOR_STRESS = tuple(key(need) for need in TOOLING if need.level == "stress")


def aim(name, root=ROOT):
    """The level problem NAME aims at: complete when tests/NAME/COMPLETE declares it, stress
    when it has a tooling folder, else judged."""
    folder = Path(root) / "tests" / name
    if (folder / MARKER).is_file():
        return "complete"
    return "stress" if any((folder / file).is_file() for file in FOLDER_MARKERS) else "judged"


@functools.lru_cache(maxsize=None)
def lacks(name, level, root=ROOT):
    """What problem NAME lacks to reach level, one line each, empty when it does: the
    judged level's, and then the needs of TOOLING up to level and the complete level's
    testcases."""
    root = Path(root)
    lines = judged_lacks(name, root)
    if level != "judged":
        wanted = ("stress", level)
        lines += folder_lacks(name, root, [need for need in TOOLING if need.level in wanted])
    if level == "complete":
        lines += cases_lacks(name, root)
    return tuple(lines)


def level(name, root=ROOT):
    """The highest level problem NAME reaches, or None when it is not even judged."""
    reached = None
    for each in LEVELS:
        if lacks(name, each, root):
            break
        reached = each
    return reached


@functools.lru_cache(maxsize=None)
def missing(name, root=ROOT, files=None):
    """What problem NAME lacks of the level it aims at, one line each, empty when it lacks
    nothing. When files is a tuple (e.g. FOR_BENCH: what a tool needs, as FILE or FILE:NAME),
    only its solution, its testcases and those needs of TOOLING are asked for."""
    if files is None:
        return lacks(name, aim(name, root), root)
    root, lines = Path(root), []
    if not (root / "solutions" / (name + ".py")).is_file():
        lines.append(f"solutions/{name}.py is missing")
    if not has_cases(root, name):
        lines.append(f"testcases/{name}/ has no .in file")
    lines += folder_lacks(name, root, [need for need in TOOLING if wanted(need, files)])
    return tuple(lines)


def wanted(need, files):
    """Whether a need of some level is among files (FILE or FILE:NAME)."""
    return need.level is not None and (key(need) in files or need.file in files)


def judged_lacks(name, root):
    """What the solution and the testcases lack for the judged level, one line each."""
    lines, folder = [], root / "testcases" / name
    solution = root / "solutions" / (name + ".py")
    if solution.is_file():
        lines += header_lacks(name, root)
    else:
        lines.append(f"solutions/{name}.py is missing")
    if not has_cases(root, name):
        lines.append(f"testcases/{name}/ has no .in file")
    ins = sorted(folder.glob("*.in"))
    bare = [path.name for path in ins if not path.with_suffix(".out").exists()]
    if bare:
        more = f" (and {len(bare) - 1} more)" if len(bare) > 1 else ""
        lines.append(f"testcases/{name}/{bare[0]} has no .out beside it{more}")
    return lines


def header_lacks(name, root):
    """What solutions/NAME.py lacks of its header (see HEADER) and its solve(text)."""
    where = f"solutions/{name}.py"
    try:
        tree = ast.parse((root / "solutions" / (name + ".py")).read_bytes())
    except (SyntaxError, ValueError) as error:
        return [f"{where} does not parse: {error}"]
    doc = ast.get_docstring(tree) or ""
    fields = dict(re.findall(r"^(\w+):(.*(?:\n[ \t].*)*)", doc, re.MULTILINE))
    lines = []
    if not fields:
        opening = ", ".join(field + ":" for field in HEADER)
        lines.append(f"{where} opens with no header docstring (lines {opening})")
    elif set(HEADER) - set(fields):
        absent = ", ".join(field + ":" for field in HEADER if field not in fields)
        lines.append(f"{where}: its header has no {absent} line")
    todo = [field for field, text in fields.items() if "TODO" in text]
    if todo:
        lines.append(f"{where}: its header still says TODO in {', '.join(todo)}")
    if "Judge" in fields:
        warning = read_profile(root, name)[1]
        if warning:
            lines.append(warning.split(": using ")[0])
    functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    interactive = read_profile(root, name)[0].mode.interactive
    if "solve" not in functions and not interactive:  # an interactive one talks to its judge
        lines.append(f"{where} has no solve(text) function, which the tests call with an input")
    return lines


def cases_lacks(name, root):
    """What testcases/NAME/ lacks for the complete level."""
    names = [path.stem for path in (root / "testcases" / name).glob("*.in")]
    judge = [case for case in names if is_judge_case(case)]
    lines = []
    if len(names) < MIN_CASES:
        lines.append(f"testcases/{name}/ has {len(names)} cases, {MIN_CASES} needed")
    if not judge:
        lines.append(f"testcases/{name}/ has no judge case ({JUDGE_NAMES})")
    if len(judge) == len(names):
        lines.append(f"testcases/{name}/ has no extended case (a name not opening {JUDGE_PREFIX})")
    return lines


def folder_lacks(name, root, needs):
    """What the tooling folder tests/NAME/ lacks of the needs, one line each."""
    if not needs:
        return []
    if not (root / "tests" / name).is_dir():
        return [f"tests/{name}/ is missing"]
    return tooling_lacks(name, root, needs)


def tooling_lacks(name, root, needs):
    """What the tooling folder lacks of the needs, one line each."""
    folder, lines, modules = Path(root) / "tests" / name, [], {}
    for need in needs:
        file = need.file.replace("NAME", name)
        where = f"tests/{name}/{file}"
        if need.name is None:
            lines.extend(file_lacks(folder / file, where))
            continue
        if need.file not in modules:
            modules[need.file] = import_or_why(name, file[:-3], root, where)
            if isinstance(modules[need.file], str):
                lines.append(modules[need.file])
        if not isinstance(modules[need.file], str):
            lines.extend(name_lacks(modules[need.file], need.name, where))
    return lines


def file_lacks(path, where):
    if where.endswith("/"):
        count = len(list(path.glob("[!_]*.py")))
        return [] if count >= MIN_WRONG else [f"{where} has {count} programs, {MIN_WRONG} needed"]
    return [] if path.is_file() else [f"{where} is missing"]


def import_or_why(name, module, root, where):
    """The module, or one line saying why it does not import."""
    if not (Path(root) / "tests" / name / (module + ".py")).is_file():
        return f"{where} is missing"
    try:
        return tooling(name, module, root)
    except Exception as error:
        return f"{where} does not import: {type(error).__name__}: {error}"


def name_lacks(module, attribute, where):
    """What is wrong with one name of a module, in lines."""
    if not hasattr(module, attribute):
        return [f"{where} has no {attribute}"]
    value, keys = getattr(module, attribute), {"STRESS": STRESS_KEYS, "SCALE": SCALE_KEYS}
    if attribute not in keys:
        wrong = not callable(value) and not attribute.isupper()
        return [f"{where}: {attribute} is not callable"] if wrong else []
    entries = [value] if attribute == "STRESS" else list(value)
    if attribute == "SCALE" and not entries:
        return [f"{where}: SCALE is empty"]
    return [
        f"{where}: {attribute}{'' if attribute == 'STRESS' else f' entry {i}'} has no {key}"
        for i, entry in enumerate(entries, 1)
        for key in keys[attribute]
        if not isinstance(entry, dict) or key not in entry
    ]


WHAT_IT_GIVES = {
    "judged": "python3 runner.py and make test judge its cases",
    "stress": "make test plays its stress test; make stress works",
    "complete": "it meets the whole contract",
}


def report(name, root=ROOT):
    """(lines saying the level problem NAME reaches and what the next one needs, whether it
    lacks something of the level it aims at)."""
    aimed, reached = aim(name, root), level(name, root)
    short = missing(name, root)
    if short:
        head = f"{name}: {reached or 'not judged yet'}; it aims at {aimed}"
        if aimed == "complete":
            head += f" (tests/{name}/{MARKER})"
        return [head + ", and lacks:", *(f"  - {line}" for line in short)], True
    lines = [f"{name}: {reached} ({WHAT_IT_GIVES[reached]})"]
    following = LEVELS[LEVELS.index(reached) + 1] if reached != LEVELS[-1] else None
    if following:
        lines.append(f"  the next level, {following}, needs:")
        lines += (f"  - {line}" for line in next_needs(name, following, root))
    if "complete" in (reached, following) and f"| `{name}` |" not in mutation_page(root):
        lines.append(
            f"  - then its rows in docs/mutation.md, which `make mutants P={name}` and "
            f"`make mutants P={name} JUDGE=1` print (CI's `make mutants CHECK=1` wants them)"
        )
    return lines, False


def mutation_page(root):
    page = Path(root) / "docs" / "mutation.md"
    return page.read_text(encoding="utf-8") if page.is_file() else ""


def next_needs(name, following, root=ROOT):
    """What problem NAME needs for the level following the one it reaches, one line each: a
    missing folder or module spelled out as the files and names it must hold."""
    lines, spelled = [], set()
    for line in lacks(name, following, root):
        folder = re.fullmatch(r"tests/([\w-]+)/ is missing", line)
        module = re.fullmatch(r"tests/([\w-]+)/([\w.]+) is missing", line)
        if not folder and not module:
            lines.append(line)
            continue
        for need in TOOLING:
            file = need.file.replace("NAME", name)
            if need.level not in ("stress", following) or (module and file != module.group(2)):
                continue
            if (file, need.name) not in spelled:
                spelled.add((file, need.name))
                what = f"tests/{name}/{file}" + (f" with {need.name}" if need.name else "")
                lines.append(f"{what}: {need.what.replace('NAME', name)}")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(
        "python3 -m tools.contract",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("names", nargs="*", metavar="NAME", help="problems (default: all)")
    args = parser.parse_args(argv)
    short = False
    for name in args.names or known():
        lines, lacking = report(name)
        short |= lacking
        say("\n".join(lines))
    return 1 if short else 0


if __name__ == "__main__":
    run_tool(main)
