"""What the README and the pages of docs/ show that the code gives, so that it cannot drift.

- Each table of maint.tables (the modes, the languages, oj's flags, the contract) is shown
  once, on its page, exactly as `python3 -m maint.tables NAME` prints it.
- The mutation table's columns and problems (docs/mutation.md). Its figures are checked by
  CI's mutation check, `make mutants CHECK=1`.
- The sample report of the runner on the demo folder (docs/runner.md), times and sizes aside.
- The README stays a short first page. It has at most 10 KB and links every page of docs/.
  Every link between them leads to a file and heading that exist.
- The commands the README and docs/ show name real make targets and real flags of the runner.
- The layers of docs/design.md are the imports of judge/: each module imports only those
  listed before it.
- `make help` lists every .PHONY target of the Makefile once.
"""

import ast
import difflib
import re
import shutil

import pytest
from util import ROOT, problems, python, run

from maint import demo, mutation_page, tables

DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))


def page(name):
    return (DOCS / name).read_text(encoding="utf-8")


def table_faults(text, table):
    """What is wrong with the copy of table (Markdown) in text: a list of sentences. The copy
    opens with the table's header line and ends at the first blank line."""
    header = table.splitlines()[0]
    starts = [found.start() for found in re.finditer(f"^{re.escape(header)}$", text, re.M)]
    if len(starts) != 1:
        return [f"the table opening {header!r} is shown {len(starts)} times, not once"]
    shown = text[starts[0] :].split("\n\n")[0].rstrip("\n")
    if shown == table:
        return []
    lines = difflib.unified_diff(table.splitlines(), shown.splitlines(), "printed", "shown", n=0)
    return ["the table differs from what is printed:", *(line.rstrip("\n") for line in lines)]


@pytest.mark.parametrize("name", sorted(tables.TABLES))
def test_each_table_is_shown_as_printed_from_its_registry(name):
    text = (ROOT / tables.PAGES[name]).read_text(encoding="utf-8")
    faults = table_faults(text, tables.TABLES[name]())
    assert not faults, "\n".join([f"{tables.PAGES[name]}, the {name} table:", *faults])


def test_a_table_shown_with_a_row_twice_or_another_row_fails():
    table = "| kind | flag |\n| --- | --- |\n| `exact` | none |\n| `tokens` | `-N` |"
    text = f"Some text.\n\n{table}\n\nMore text.\n"
    assert table_faults(text, table) == []
    doubled = text.replace("| `tokens` | `-N` |", "| `tokens` | `-N` |\n| `tokens` | none |")
    diff = ["--- printed", "+++ shown", "@@ -4,0 +5 @@", "+| `tokens` | none |"]
    assert table_faults(doubled, table) == ["the table differs from what is printed:", *diff]
    assert "shown 2 times" in table_faults(f"{text}\n{table}\n", table)[0]
    assert "shown 0 times" in table_faults("Some text.\n", table)[0]


def test_every_mode_that_oj_cannot_judge_has_a_note_and_every_note_a_mode():
    from judge.modes import REGISTRY

    assert set(tables.OJ_NOTES) <= set(REGISTRY), sorted(set(tables.OJ_NOTES) - set(REGISTRY))
    unsaid = [kind for kind, entry in REGISTRY.items() if entry.oj is None]
    assert set(unsaid) <= set(tables.OJ_NOTES), unsaid


def test_the_mutation_table_is_there_and_names_only_problems():
    """(A new problem's row is added after its first `make mutants`: CI's check wants it.)"""
    rows = mutation_page.page_rows()
    assert rows and set(rows) <= set(problems()), sorted(rows)


def masked(report):
    """The report with its times and sizes as #."""
    return re.sub(r" +\d+(\.\d+)? (ms|MiB)", " # \\2", report)


def test_the_sample_report_is_the_runners(tmp_path):
    shown = re.search(r"\$ python3 runner.py --root demo\n(.*?)```", page("runner.md"), re.DOTALL)
    assert shown, "no sample report in docs/runner.md"
    demo.build(tmp_path / "demo")
    done = python(ROOT / "runner.py", "--root", "demo", text=True, cwd=tmp_path)
    assert done.stderr == ""
    assert masked(done.stdout) == masked(shown.group(1))


def test_the_readme_is_short_and_links_every_page():
    readme = ROOT / "README.md"
    assert readme.stat().st_size <= 10 * 1024, readme.stat().st_size
    linked = set(re.findall(r"\]\((docs/[\w-]+\.md)", readme.read_text(encoding="utf-8")))
    assert PAGES and linked == {f"docs/{path.name}" for path in PAGES}


def anchor(heading):
    """GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path):
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)
    return {anchor(heading) for heading in re.findall(r"^#+ (.*)$", text, re.MULTILINE)}


@pytest.mark.parametrize("path", [ROOT / "README.md", *PAGES], ids=lambda path: path.name)
def test_every_link_leads_to_a_file_and_heading(path):
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"\w+://", target):
            continue
        file, _, fragment = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        assert linked.is_file(), f"{path.name}: {target} leads to no file"
        if fragment:
            assert fragment in anchors(linked), f"{path.name}: {target} leads to no heading"


def test_the_benchmark_page_names_its_real_command_and_options():
    text = page("benchmarks.md")
    shown = re.search(r"`(python3 -m maint.bench --help)` lists the options \(([^)]*)\)", text)
    assert shown, "docs/benchmarks.md names no help command of the benchmark"
    done = python("-m", "maint.bench", "--help", cwd=ROOT, text=True)
    assert done.returncode == 0, done.stderr
    for option in re.findall(r"--[\w-]+", shown.group(2)):
        assert option in done.stdout, option


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on PATH")
def test_make_help_lists_every_target_once():
    phony = re.findall(r"^\.PHONY:(.*)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    targets = sorted(name for line in phony for name in line.split())
    done = run(["make", "-s", "help"], text=True)
    assert done.returncode == 0, done.stderr
    listed = sorted(line.split()[1] for line in done.stdout.splitlines())
    assert "help" in targets and listed == targets, (listed, targets)


def shown_commands():
    """(page, command) for each line of the README's and docs/' sh blocks, comments cut."""
    for path in [ROOT / "README.md", *PAGES]:
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S):
            for line in block.splitlines():
                if line.split("#")[0].strip():
                    yield path.name, line.split("#")[0].split()


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on PATH")
def test_the_shown_make_targets_are_the_makefiles():
    makefile = (ROOT / "Makefile").read_text()
    targets = set(re.findall(r"^([\w-]+):", makefile, re.MULTILINE))
    shown = [(page, words[1]) for page, words in shown_commands() if words[0] == "make"]
    assert shown and {target for _, target in shown} <= targets, shown


def test_the_shown_runner_flags_are_the_runners():
    done = python(ROOT / "runner.py", "--help", text=True)
    assert done.returncode == 0, done.stderr
    flags = set(re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", done.stdout))
    runs = [(page, words) for page, words in shown_commands() if words[1:2] == ["runner.py"]]
    shown = {(page, word) for page, words in runs for word in words if word.startswith("-")}
    assert runs and {flag for _, flag in shown} <= flags, sorted(shown)


def layers():
    """The modules of docs/design.md's table of layers, bottom first, as judge.NAME."""
    text = page("design.md")
    table = re.search(r"^\| layer \|.*?\n\n", text, re.M | re.S)
    assert table, "docs/design.md has no table of layers"
    rows = [line.split("|")[2] for line in table.group(0).splitlines()[2:] if line]
    return ["judge." + name for row in rows for name in re.findall(r"`([\w.]+)`", row)]


def absolute(node, path):
    """The module an ImportFrom names, made absolute from the file at path (judge/ imports
    itself relatively, so that the package works under another name once installed)."""
    if not node.level:
        return node.module or ""
    package = path.relative_to(ROOT).parent.parts
    base = list(package[: len(package) - node.level + 1])
    return ".".join([*base, *([node.module] if node.module else [])])


def imports(path):
    """The modules of judge/ that the file imports, anywhere in it but under `if
    TYPE_CHECKING:`, whose imports only name types for the type checker."""
    found, tree = set(), ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test):
            node.body = []
    for node in ast.walk(tree):
        module = absolute(node, path) if isinstance(node, ast.ImportFrom) else ""
        if module.startswith("judge"):
            for alias in node.names:  # from judge.process import launcher: a module
                inner = f"{module}.{alias.name}"
                file = (ROOT / inner.replace(".", "/")).with_suffix(".py")
                found.add(inner if file.is_file() else module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("judge")}
    return found


def test_the_design_pages_layers_are_the_imports():
    order = layers()
    files = sorted((ROOT / "judge").rglob("*.py"))
    modules = {".".join(path.relative_to(ROOT).with_suffix("").parts): path for path in files}
    modules = {name: path for name, path in modules.items() if not name.endswith("__")}
    assert sorted(order) == sorted(modules), "docs/design.md lists other modules than judge/'s"
    for at, name in enumerate(order):
        later = imports(modules[name]) - set(order[:at])
        assert not later, f"{name} imports {sorted(later)}, not listed before it in docs/design.md"
