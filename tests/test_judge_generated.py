"""A package of BAPCtools whose data/ is generated: `bt generate` writes each group's
test_group.yaml from generators/generators.yaml, and a package as kept in its repository may
hold the cases without those files. The runner reads the settings generators.yaml gives a
group that has no test_group.yaml of its own, and says so; a group's own file comes first."""

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
  sample: {data: []}
  secret:
    test_group.yaml: {output_validator_args: [float_absolute_tolerance, '0.5']}
    data: {}
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


def test_a_groups_own_file_comes_first_and_each_one_read_from_generators_yaml_is_named(tmp_path):
    folder = near(tmp_path)
    write(folder / "data" / "secret" / "test_group.yaml", "output_validator_args: []\n")
    package = packages.read_package(folder)
    said = [line for line in package.warnings if "generators.yaml" in line]
    assert len(said) == 1 and "test_group.yaml of data/:" in said[0], package.warnings
    assert judged(tmp_path, folder, "1.05") == {"sample/1": "AC", "secret/1": "WA"}


def test_a_generators_yaml_that_cannot_be_read_is_a_warning_not_a_refusal(tmp_path):
    folder = near(tmp_path, "data: [unclosed\n")
    package = packages.read_package(folder)
    assert any("generators.yaml" in line for line in package.warnings), package.warnings
    assert [case.name for case in package.cases] == ["sample/1", "secret/1"]
