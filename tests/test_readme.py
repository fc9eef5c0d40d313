"""What the README and the pages of docs/ show that the code gives, so that it cannot drift.

- The contract's table (docs/adding-a-problem.md).
- The mutation table's columns and problems (docs/mutation.md). Its figures are checked by
  CI's mutation check, `make mutants CHECK=1`.
- The sample report of the runner on the demo folder (docs/runner.md), times and sizes aside.
- The README stays a short first page. It has at most 12 KB and links every page of docs/.
  Every link between them leads to a file and heading that exist.
- `make help` lists every .PHONY target of the Makefile once.
"""

import re
import shutil

import pytest
from util import ROOT, problems, python, run

from maint import checks, demo, mutation_page

DOCS = ROOT / "docs"
PAGES = sorted(DOCS.glob("*.md"))


def page(name):
    return (DOCS / name).read_text(encoding="utf-8")


def test_the_contract_table_is_the_contracts():
    assert checks.table() in page("adding-a-problem.md")


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
    done = python(ROOT / "runner.py", "--root", tmp_path / "demo", text=True)
    assert done.stderr == ""
    assert masked(done.stdout) == masked(shown.group(1))


def test_the_readme_is_short_and_links_every_page():
    readme = ROOT / "README.md"
    assert readme.stat().st_size <= 12 * 1024, readme.stat().st_size
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
