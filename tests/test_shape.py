"""The shape of the repo, checked by the tests so that it holds without anyone watching.

- A solution opens with its header, the module docstring. The header has at most 24 lines
  and the seven fields of FIELDS, in that order, each at the start of a line.
- A solution has at most 70 code lines. Blank lines, comments, the header, the imports and
  the `if __name__ == "__main__":` block do not count.
- runner.py, the front door, has at most 60 lines.
- Every other Python file outside tests/ has at most 400 lines.
- Every module of judge/ has its test file: tests/test_judge_MODULE.py for judge/MODULE.py,
  tests/test_judge_process_MODULE.py for judge/process/MODULE.py, tests/test_judge.py for
  the package's API.
- A judging mode is named only in judge/modes.py: nowhere else in judge/, tools/ or tests/
  is a mode's name compared with a string.
- Every Python file in tests/ has at most 800 lines.
- No function or method anywhere is longer than 60 lines, from its `def` to its last line.

The checkers return what is wrong, so that a test can show that each rule catches a file
that breaks it.
"""

import ast
import os
from pathlib import Path

from util import ROOT, SOLUTIONS

from judge.modes import REGISTRY
from tools.contract import HEADER

# The fields tools/contract.py asks of any problem, and a Description for the repo's own.
FIELDS = (*HEADER[:2], "Description", *HEADER[2:])
HEADER_LINES = 24
CODE_LINES = 70
RUNNER_LINES = 60
MODULE_LINES = 400
TEST_LINES = 800
FUNCTION_LINES = 60
IGNORED = {"hacks", "demo", "build"}  # git-ignored folders of the root, made by the tools or runner


def python_files(root=ROOT):
    """Every Python file of the repo: hidden folders, caches and IGNORED left out."""
    found = []
    for folder, subfolders, files in os.walk(root):
        at_root = os.path.samefile(folder, root)
        subfolders[:] = sorted(
            name
            for name in subfolders
            if not name.startswith(".")
            and name != "__pycache__"
            and not (at_root and name in IGNORED)
        )
        found += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".py")]
    return [Path(path) for path in found]


def solutions():
    return sorted(path for path in SOLUTIONS.glob("*.py") if not path.name.startswith("_"))


def line_count(path):
    return len(path.read_text(encoding="utf-8").splitlines())


def header_faults(path):
    """What is wrong with the header of the solution at path: a list of sentences."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    first = tree.body[0] if tree.body else None
    if not (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)):
        return [f"{path.name} opens with no header (a module docstring)"]
    faults = []
    lines = first.end_lineno - first.lineno + 1
    if lines > HEADER_LINES:
        faults.append(f"{path.name}: the header has {lines} lines, more than {HEADER_LINES}")
    starts = [line.split(":")[0] for line in str(first.value.value).splitlines() if ":" in line]
    fields = [word for word in starts if word in FIELDS]
    if fields != list(FIELDS):
        faults.append(f"{path.name}: the header's fields are {fields}, not {list(FIELDS)}")
    return faults


def code_lines(path):
    """The lines of the solution at path that count as code (see the module docstring)."""
    source = path.read_text(encoding="utf-8")
    tree, left_out = ast.parse(source), set()
    for index, node in enumerate(tree.body):
        docstring = index == 0 and isinstance(node, ast.Expr)
        imports = isinstance(node, (ast.Import, ast.ImportFrom))
        main = isinstance(node, ast.If) and "__main__" in ast.dump(node.test)
        if docstring or imports or main:
            left_out.update(range(node.lineno, node.end_lineno + 1))
    return [
        line
        for number, line in enumerate(source.splitlines(), 1)
        if number not in left_out and line.strip() and not line.lstrip().startswith("#")
    ]


def code_faults(path):
    lines = len(code_lines(path))
    if lines > CODE_LINES:
        return [f"{path.name}: {lines} code lines, more than {CODE_LINES}"]
    return []


def length_limit(path, root=ROOT):
    """The most lines the Python file at path may have."""
    relative = path.relative_to(root)
    if relative.parts == ("runner.py",):
        return RUNNER_LINES
    return TEST_LINES if relative.parts[0] == "tests" else MODULE_LINES


def long_functions(path):
    """The functions and methods of the file at path longer than FUNCTION_LINES, each as
    'line name (N lines)'."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > FUNCTION_LINES
    ]


# ---------------------------------------------------------------- the repo


def test_the_files_are_found():
    found = {path.relative_to(ROOT).as_posix() for path in python_files()}
    assert {"runner.py", "tests/test_shape.py"} <= found
    assert {path.relative_to(ROOT).as_posix() for path in solutions()} <= found
    assert not [name for name in found if name.startswith((".", "hacks/"))]


def test_every_solution_has_a_short_header_with_its_fields():
    assert solutions()
    faults = [fault for path in solutions() for fault in header_faults(path)]
    assert not faults, "\n".join(faults)


def test_every_solution_is_short_enough_to_retype():
    faults = [fault for path in solutions() for fault in code_faults(path)]
    assert not faults, "\n".join(faults)


def test_every_python_file_stays_within_its_length():
    over = []
    for path in python_files():
        lines, limit = line_count(path), length_limit(path)
        if lines > limit:
            over.append(f"{path.relative_to(ROOT)}: {lines} lines, more than {limit}")
    assert not over, "\n".join(over)


def test_no_function_is_over_60_lines():
    long = [
        f"{path.relative_to(ROOT)}:{function}"
        for path in python_files()
        for function in long_functions(path)
    ]
    assert not long, "\n".join(long)


def test_every_module_of_the_judge_has_its_test_file():
    missing = []
    for path in sorted((ROOT / "judge").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts[1:]
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        if parts == ("process",):
            continue  # the subpackage's docstring alone
        test = ROOT / "tests" / ("_".join(("test_judge", *parts)) + ".py")
        if not test.is_file():
            missing.append(f"{path.relative_to(ROOT)}: no {test.relative_to(ROOT)}")
    assert not missing, "\n".join(missing)


def mode_name_comparisons(path):
    """The lines of the Python file at path that compare a string with a mode's name (==, !=,
    in, startswith), each as 'line text'."""
    source = path.read_text(encoding="utf-8")
    kinds = set(REGISTRY)
    found = []
    for node in ast.walk(ast.parse(source)):
        strings = []
        if isinstance(node, ast.Compare):
            strings = [node.left, *node.comparators]
            strings += [n for n in strings if isinstance(n, (ast.Tuple, ast.List, ast.Set))]
            strings = [e for n in strings for e in getattr(n, "elts", [n])]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "startswith":
            strings = list(node.args)
        strings = [n for n in strings if isinstance(n, ast.Constant)]
        names = {str(n.value).strip() for n in strings if isinstance(n.value, str)}
        if names & kinds:
            found.append(f"{node.lineno} {ast.get_source_segment(source, node)}")
    return found


def test_no_mode_is_named_outside_the_registry():
    places = [ROOT / "judge", ROOT / "tools", ROOT / "tests"]
    paths = [path for place in places for path in sorted(place.rglob("*.py"))]
    paths = [path for path in paths if path != ROOT / "judge" / "modes.py"]
    found = [
        f"{path.relative_to(ROOT)}:{line}" for path in paths for line in mode_name_comparisons(path)
    ]
    assert not found, "\n".join(found)


def test_a_mode_name_comparison_is_caught(tmp_path):
    text = 'if mode.kind == "checker":\n    pass\nok = x.startswith("interactor ")\n'
    assert len(mode_name_comparisons(write(tmp_path, "m.py", text))) == 2
    assert mode_name_comparisons(write(tmp_path, "n.py", "if mode.interactive:\n    pass\n")) == []


# ---------------------------------------------------------------- the checkers catch a break


def header(lines):
    """A header of the given number of lines, the seven fields among them."""
    body = [f"{field}: the {field.lower()}." for field in FIELDS]
    body += ["  more of the status."] * (lines - 2 - len(body))
    return '"""\n' + "\n".join(body) + '\n"""\n'


def write(folder, name, text):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_header_that_grows_past_its_limit_fails(tmp_path):
    code = "\nimport sys\n\n\ndef solve(text):\n    return text\n"
    assert header_faults(write(tmp_path, "full.py", header(HEADER_LINES) + code)) == []
    grown = header_faults(write(tmp_path, "grown.py", header(HEADER_LINES + 1) + code))
    assert grown == [f"grown.py: the header has 25 lines, more than {HEADER_LINES}"]


def test_a_real_header_with_one_line_more_fails(tmp_path):
    """Each solution's header, grown past the limit by lines before its closing quotes."""
    for path in solutions():
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        first = ast.parse("".join(lines)).body[0]
        length = first.end_lineno - first.lineno + 1
        added = max(1, HEADER_LINES + 1 - length)
        closing = first.end_lineno - 1  # the index of the line with the closing quotes
        grown = lines[:closing] + ["  one more line.\n"] * added + lines[closing:]
        faults = header_faults(write(tmp_path, path.name, "".join(grown)))
        expected = f"{path.name}: the header has {length + added} lines, more than {HEADER_LINES}"
        assert faults == [expected], faults


def test_a_header_without_a_field_or_out_of_order_fails(tmp_path):
    text = header(HEADER_LINES)
    lacking = write(tmp_path, "lacking.py", text.replace("Memory:", "Space:"))
    assert header_faults(lacking) == [
        "lacking.py: the header's fields are "
        f"{[field for field in FIELDS if field != 'Memory']}, not {list(FIELDS)}"
    ]
    swapped = text.replace("Time:", "TIME:").replace("Memory:", "Time:").replace("TIME:", "Memory:")
    assert header_faults(write(tmp_path, "swapped.py", swapped))
    assert header_faults(write(tmp_path, "bare.py", "import sys\n")) == [
        "bare.py opens with no header (a module docstring)"
    ]


def test_code_lines_leave_out_header_imports_comments_and_main(tmp_path):
    body = "".join(f"x{i} = {i}\n" for i in range(CODE_LINES))
    main = 'if __name__ == "__main__":\n' + "    print(1)\n" * 30
    text = header(10) + "import sys\nfrom os import path\n\n# a comment\n" + body + main
    assert len(code_lines(write(tmp_path, "fits.py", text))) == CODE_LINES
    assert code_faults(tmp_path / "fits.py") == []
    more = write(tmp_path, "more.py", text.replace(main, "y = 1\n" + main))
    assert code_faults(more) == [f"more.py: {CODE_LINES + 1} code lines, more than {CODE_LINES}"]


def test_a_function_of_61_lines_is_caught(tmp_path):
    def function(name, lines):
        return f"def {name}():\n" + "    x = 1\n" * (lines - 2) + "    return x\n"

    inner = "class C:\n    def method(self):\n" + "        y = 2\n" * 60
    text = function("fits", 60) + function("long", 61) + inner
    assert long_functions(write(tmp_path, "f.py", text)) == [
        "61 long (61 lines)",
        "123 method (61 lines)",
    ]


def test_each_file_gets_its_limit():
    assert length_limit(ROOT / "runner.py") == RUNNER_LINES
    assert length_limit(ROOT / "tools" / "x.py") == MODULE_LINES
    assert length_limit(SOLUTIONS / "x.py") == MODULE_LINES
    assert length_limit(ROOT / "tests" / "x" / "gen.py") == TEST_LINES
