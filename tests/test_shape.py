"""The shape of the repo, checked by the tests so that it holds without anyone watching.

- A solution opens with its header, the module docstring. The header has at most 24 lines
  and the seven fields of FIELDS, in that order, each at the start of a line.
- A solution has at most 70 code lines. Blank lines, comments, the header, the imports and
  the `if __name__ == "__main__":` block do not count.
- runner.py, the front door, has at most 60 lines: it hands over to judge.cli at once.
- A judging mode is named only in judge/modes.py: nowhere else in judge/, tools/ or tests/
  is a mode's name compared with a string.

The size of the code is ruff's to hold, not the tests': pyproject.toml selects its checks of a
function's complexity, branches and statements, and `make lint` runs them.

The checkers return what is wrong, so that a test can show that each rule catches a file
that breaks it.
"""

import ast

from util import ROOT, SOLUTIONS

from judge.modes import REGISTRY
from tools.contract import HEADER

# The fields tools/contract.py asks of any problem, and a Description for the repo's own.
FIELDS = (*HEADER[:2], "Description", *HEADER[2:])
HEADER_LINES = 24
CODE_LINES = 70
RUNNER_LINES = 60


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


# ---------------------------------------------------------------- the repo


def test_every_solution_has_a_short_header_with_its_fields():
    assert solutions()
    faults = [fault for path in solutions() for fault in header_faults(path)]
    assert not faults, "\n".join(faults)


def test_every_solution_is_short_enough_to_retype():
    faults = [fault for path in solutions() for fault in code_faults(path)]
    assert not faults, "\n".join(faults)


def test_the_runner_stays_a_front_door():
    lines = line_count(ROOT / "runner.py")
    assert lines <= RUNNER_LINES, f"runner.py: {lines} lines, more than {RUNNER_LINES}"


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
    packages = ROOT / "tests" / "packages"  # the packages' programs, not the runner's code
    paths = [path for path in paths if path != ROOT / "judge" / "modes.py"]
    paths = [path for path in paths if packages not in path.parents]
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
