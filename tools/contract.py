"""What a problem is, and every file and name its tooling folder provides: the one contract.

A problem NAME lives in three places:

* ``solutions/NAME.py``: the solution, standard input to standard output, its logic in
  ``solve(text)``;
* ``testcases/NAME/``: ``CASE.in`` with the expected ``CASE.out`` beside it; a case whose
  name starts with ``judge-`` is a judge case (an input the judge's statement allows), every
  other one an extended case (see ``is_judge_case``);
* ``tests/NAME/``: its tooling, the files and names of ``TOOLING`` below.

The problems of a folder are found by one rule, ``problems(root)``: every NAME with a
``solutions/NAME.py`` and a ``testcases/NAME/`` holding at least one ``.in``, which is also
the set the runner judges (tests/test_problems.py checks that
the two rules agree). ``missing(NAME)`` lists, one line each, what a problem lacks
(``tests/NAME/gen.py has no BIG_CASES``); ``complete(root)`` are the problems that lack
nothing. Every test and tool asks these, so a half-added problem is reported and skipped.

``python3 -m tools.contract [NAME ...]`` prints what each problem lacks (exit status 1 when
anything is), ``--table`` the contract as docs/adding-a-problem.md's table.
"""

import argparse
import collections
import functools
import importlib
import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIN_WRONG = 8  # programs in tests/NAME/wrong/

# One thing a tooling folder provides: a file (a path under tests/NAME/, NAME standing for
# the problem's name), or a name defined in a module; whether it must be there; what it is.
Need = collections.namedtuple("Need", "file name required what")

# FILE [NAME] required|optional: what it is (a line of its own each; longer ones go on).
NEEDS = """
__init__.py required: empty; makes the folder the package NAME
oracle.py solve required: `solve(text) -> str`: the brute force, written from the statement
    alone, sharing no code with the solution and working another way
oracle.py solve_large optional: `solve_large(text) -> str`: a second checker for the
    `BIG_CASES` testcases when `solve` is too slow for them, checked against `solve` in
    `test_NAME.py`
gen.py random_input required: `random_input(rng, judge=False) -> str`: one seeded random
    input of the stress test; with `judge=True` only inputs the judge's statement allows
gen.py EXTENDED_LABELS optional: the labels only extended inputs have, left out of
    `min_count` in judge mode
gen.py STRESS required: dict: `count` inputs from `seed`, and `min_count`, the least number
    of inputs each outcome kind and label must occur in
gen.py kind required: `kind(output) -> str`: the outcome kind of an answer
gen.py labels optional: `labels(text, output)`: what else an input is an example of (a
    winning direction, an input form, ...)
gen.py shrink required: `shrink(text)`: smaller inputs, for counterexamples
gen.py size optional: `size(text)`: a measure every `shrink` candidate makes strictly smaller
    (default `len`)
gen.py SAVED optional: bytes a person may save (a byte-order mark, CRLF, not UTF-8): the
    solution as a process answers as the oracle reads them
gen.py SCALE required: the benchmark's inputs: a list of dicts with keys `name`, `what`
    (words), `build(rng) -> bytes`, `quick_build(rng) -> bytes` (a small version), `target`
    (CPU ratio to the floor) and `mem_target` (memory ratio, or None)
gen.py scale_answer required: `scale_answer(name, data) -> bytes`: the expected output of a
    scale input
gen.py BIG_CASES required: dict: case name -> `() -> bytes`, building every testcase over
    100 KB byte for byte (may be empty)
floor.py required: the benchmark's floor: reads and parses the input as the solution does,
    and stops
test_NAME.py required: what is particular to the problem: the oracle pinned to the
    statement's examples, checks of its generators and builders
wrong/ required: at least MIN_WRONG programs, each a bug contestants make, named in its
    one-line docstring (a program may import a _NAME.py of the folder)
equivalent_mutants.txt required: the mutants of the solution that no input can kill,
    `ID  reason` a line (# comments)
validate.py why_extended required: `why_extended(data: bytes) -> Optional[str]`: None when
    the judge's statement allows the input (a judge case, named `judge-*`), else a short reason
plain.py required: a judge-faithful solution written as a contestant would, reading the
    judge's format only: a test fixture that must pass every judge case
plain.cpp optional: the same in C++
"""


def needs(text):
    """The Need of each entry of text (see NEEDS)."""
    entries = re.sub(r"\n\s+", " ", text.strip()).replace("MIN_WRONG", str(MIN_WRONG))
    found = []
    for entry in entries.splitlines():
        head, what = entry.split(": ", 1)
        file, *name, required = head.split()
        found.append(Need(file, name[0] if name else None, required == "required", what))
    return tuple(found)


TOOLING = needs(NEEDS)
STRESS_KEYS = ("count", "seed", "min_count")
SCALE_KEYS = ("name", "what", "build", "quick_build", "target", "mem_target")

# What each tool needs, as FILE or FILE:NAME; the tests need all of it.
FOR_STRESS = ("oracle.py", "gen.py:random_input", "gen.py:STRESS", "gen.py:kind", "gen.py:shrink")
FOR_BENCH = ("gen.py:SCALE", "gen.py:scale_answer", "floor.py")


def is_judge_case(case):
    """A testcase is a judge case when its name (CASE of CASE.in) starts with ``judge-``."""
    return Path(case).name.startswith("judge-")


def problems(root=ROOT):
    """Every problem under root: a solutions/NAME.py and a testcases/NAME/ with at least one
    .in, sorted."""
    names = (path.stem for path in (Path(root) / "solutions").glob("*.py"))
    return sorted(name for name in names if has_cases(root, name))


def has_cases(root, name):
    return any((Path(root) / "testcases" / name).glob("*.in"))


def known(root=ROOT):
    """Every name that looks like a problem, even half added: a solutions/NAME.py, a
    testcases/NAME/ or a tooling folder tests/NAME/ (one with an __init__.py, oracle.py or
    gen.py)."""
    root = Path(root)
    found = {path.stem for path in (root / "solutions").glob("*.py")}
    found.update(path.name for path in (root / "testcases").glob("*") if path.is_dir())
    for marker in ("__init__.py", "oracle.py", "gen.py"):
        found.update(path.parent.name for path in (root / "tests").glob("*/" + marker))
    found = {name for name in found if not name.startswith(("_", "."))}
    return sorted(found.union(problems(root)))


def tooling(name, module=None, root=ROOT):
    """The tooling package tests/NAME/ imported as NAME (or its module NAME.MODULE), without
    touching sys.path: the same modules pytest imports from tests/."""
    package = sys.modules.get(name)
    folder = Path(root) / "tests" / name
    if package is None:
        init = folder / "__init__.py"
        if not init.is_file():
            raise ImportError(f"tests/{name}/__init__.py is missing")
        spec = importlib.util.spec_from_file_location(
            name, init, submodule_search_locations=[str(folder)]
        )
        package = importlib.util.module_from_spec(spec)
        sys.modules[name] = package
        try:
            spec.loader.exec_module(package)
        except BaseException:
            del sys.modules[name]
            raise
    where = [Path(path).resolve() for path in getattr(package, "__path__", ())]
    if folder.resolve() not in where:
        raise ImportError(f"the name {name} is taken by the module {package.__name__!r}")
    return importlib.import_module(name + "." + module) if module else package


def load_file(name, path):
    """Import the file at path as a module called name, without running a __main__ block."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_solution(name, root=ROOT):
    """solutions/NAME.py as a module (its __main__ block not run)."""
    return load_file("solution_" + name, Path(root) / "solutions" / (name + ".py"))


@functools.lru_cache(maxsize=None)
def missing(name, root=ROOT, files=None):
    """What problem NAME lacks, one line each, empty when it meets the contract: its
    solution, its testcases, and the required needs of TOOLING (only those of the given
    files when files is a tuple, e.g. FOR_BENCH)."""
    root, lines = Path(root), []
    if not (root / "solutions" / (name + ".py")).is_file():
        lines.append(f"solutions/{name}.py is missing")
    if not has_cases(root, name):
        lines.append(f"testcases/{name}/ has no .in file")
    folder = root / "tests" / name
    if not name.isidentifier():
        lines.append(f"{name} is not a Python identifier, so tests/{name}/ cannot import")
    elif not folder.is_dir():
        lines.append(f"tests/{name}/ is missing")
    else:
        lines.extend(tooling_lacks(name, root, [need for need in TOOLING if wanted(need, files)]))
    return tuple(lines)


def wanted(need, files):
    """Whether a required need is among files (FILE or FILE:NAME), or files is None."""
    listed = files is None or {need.file, f"{need.file}:{need.name}"} & set(files)
    return need.required and bool(listed)


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
        return [] if callable(value) or attribute.isupper() else [f"{where}: {attribute} is "
                                                                  "not callable"]  # fmt: skip
    entries = [value] if attribute == "STRESS" else list(value)
    if attribute == "SCALE" and not entries:
        return [f"{where}: SCALE is empty"]
    return [
        f"{where}: {attribute}{'' if attribute == 'STRESS' else f' entry {i}'} has no {key}"
        for i, entry in enumerate(entries, 1)
        for key in keys[attribute]
        if not isinstance(entry, dict) or key not in entry
    ]


def complete(root=ROOT):
    """The problems that meet the whole contract."""
    return [name for name in problems(root) if not missing(name, root)]


def table():
    """The contract as a Markdown table, as docs/adding-a-problem.md shows it."""
    rows = ["| file | name | required | what it is |", "| --- | --- | --- | --- |"]
    for need in TOOLING:
        name = f"`{need.name}`" if need.name else ""
        required = "yes" if need.required else "optional"
        rows.append(f"| `{need.file}` | {name} | {required} | {need.what} |")
    return "\n".join(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python3 -m tools.contract",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--table", action="store_true", help="print the contract's table")
    parser.add_argument("names", nargs="*", metavar="NAME", help="problems (default: all)")
    args = parser.parse_args(argv)
    if args.table:
        print(table())
        return 0
    lacking = 0
    for name in args.names or known():
        lines = missing(name)
        lacking += bool(lines)
        print(f"{name}: " + ("; ".join(lines) if lines else "complete"))
    return 1 if lacking else 0


if __name__ == "__main__":
    sys.exit(main())
