"""What the README shows that the code gives, so that it cannot drift: the contract's table,
the mutation table's columns and problems (its figures are CI's mutation check, `make mutants
CHECK=1`), and the sample report of the runner on the demo folder, times and sizes aside."""

import re

from util import ROOT, problems, python

from tools import contract, demo, mutants


def readme():
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_contract_table_is_the_contracts():
    assert contract.table() in readme()


def test_the_mutation_table_is_there_and_names_only_problems():
    """(A new problem's row is added after its first `make mutants`: CI's check wants it.)"""
    rows = mutants.readme_rows()
    assert rows and set(rows) <= set(problems()), sorted(rows)


def masked(report):
    """The report with its times and sizes as #."""
    return re.sub(r" +\d+(\.\d+)? (ms|MiB)", " # \\2", report)


def test_the_sample_report_is_the_runners(tmp_path):
    shown = re.search(r"\$ python3 runner.py --root demo\n(.*?)```", readme(), re.DOTALL)
    assert shown, "no sample report in the README"
    demo.build(tmp_path / "demo")
    done = python(ROOT / "runner.py", "--root", tmp_path / "demo", text=True)
    assert done.stderr == ""
    assert masked(done.stdout) == masked(shown.group(1))
