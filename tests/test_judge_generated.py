"""A package of BAPCtools whose data/ is generated: `bt generate` writes each group's
test_group.yaml from generators/generators.yaml, with the cases. The runner makes the cases
that file makes (judge/generators.py), each group with the settings it gives it, and reads
them in place of data/; a package without the file keeps its data/."""

import json

import pytest
from runner_util import PYTHON, RUNNER, write
from util import run

from judge import packages

PROBLEM = "problem_format_version: 2025-09\nname: {en: Near}\nlimits: {time_limit: 1}\n"
# data/'s own and secret's settings, in the flow style BAPCtools' files use
GENERATORS = """solution: /submissions/accepted/near.py
test_group.yaml: {output_validator_args: [float_absolute_tolerance, '0.1']}
data:
  sample: {data: {'1': {in: '', ans: '1.0'}}}
  secret:
    test_group.yaml: {output_validator_args: [float_absolute_tolerance, '0.5']}
    data: {'1': {in: '', ans: '1.0'}}
"""


def near(tmp_path, generators=GENERATORS):
    """A package whose answers are 1.0, with the generators.yaml given (None: none)."""
    folder = tmp_path / "near"
    write(folder / "problem.yaml", PROBLEM)
    for case in ("sample/1", "secret/1"):
        write(folder / "data" / f"{case}.in", "\n")
        write(folder / "data" / f"{case}.ans", "1.0\n")
    if generators is not None:
        write(folder / "generators" / "generators.yaml", generators)
    return folder


def judged(tmp_path, folder, printed):
    """{case: verdict} of a program printing printed, through --command and --json."""
    write(tmp_path / "prints.py", f"print({printed!r})\n")
    report = tmp_path / "report.json"
    argv = [PYTHON, str(RUNNER), "--package", str(folder), "--command", f"{PYTHON} prints.py"]
    done = run([*argv, "--json", str(report)], cwd=tmp_path, text=True)
    assert "Traceback" not in done.stderr, done.stderr
    return {case["case"]: case["verdict"] for case in json.loads(report.read_text())["cases"]}


@pytest.mark.parametrize(
    "printed, verdicts",
    [("1.05", {"sample/1": "AC", "secret/1": "AC"}), ("1.3", {"sample/1": "WA", "secret/1": "AC"})],
)
def test_each_group_gets_the_arguments_generators_yaml_gives_it(tmp_path, printed, verdicts):
    assert judged(tmp_path, near(tmp_path), printed) == verdicts


def test_without_generators_yaml_the_default_validator_compares_exactly(tmp_path):
    assert judged(tmp_path, near(tmp_path, None), "1.05") == {"sample/1": "WA", "secret/1": "WA"}


def test_data_and_its_group_files_are_not_read_where_generators_yaml_makes_the_cases(tmp_path):
    folder = near(tmp_path)
    write(folder / "data" / "secret" / "test_group.yaml", "output_validator_args: []\n")
    package = packages.read_package(folder)
    said = [line for line in package.warnings if "generators.yaml" in line]
    assert len(said) == 1 and "data: not read" in said[0], package.warnings
    assert judged(tmp_path, folder, "1.05") == {"sample/1": "AC", "secret/1": "AC"}


def test_a_generators_yaml_that_cannot_be_read_refuses_the_package_in_one_line(tmp_path):
    folder = near(tmp_path, "data: [unclosed\n")
    with pytest.raises(packages.UsageError, match=r"generators\.yaml"):
        packages.read_package(folder)
