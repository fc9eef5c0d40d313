"""judge/generators.py: the cases BAPCtools' generators/generators.yaml makes, made as `bt
generate` makes them and judged as the package's data/. tests/packages/seeded has no data/:
a literal sample, a case whose input is its {seed}, a count of three, and a solution that
makes the answers. tests/packages/listed's generator is a program of two files its `generators:`
map lists, and it makes an invalid input that --validate checks. Asserted through `--submissions
--json`, `--validate --json` and the module's pure functions."""

import json
import shutil

import pytest
from runner_util import PYTHON, RUNNER, submissions_report, write
from util import ROOT, run

from judge import generators
from judge.model import UsageError
from judge.packages import read_package

SEEDED = ROOT / "tests" / "packages" / "seeded"
LISTED = ROOT / "tests" / "packages" / "listed"
CASES = ["sample/1", "secret/2-random", "secret/3-many-1", "secret/4-many-2", "secret/5-many-3"]


def checked(tmp_path, folder):
    """runner.py --package folder --submissions --json: (exit status, the report, stderr)."""
    return submissions_report(tmp_path, folder)


def verdicts(report):
    """{submission: {case: verdict}} of a --submissions report."""
    return {
        s["submission"]: {case["case"]: case["verdict"] for case in s["cases"]}
        for s in report["submissions"]
    }


def copied(tmp_path):
    return shutil.copytree(SEEDED, tmp_path / "seeded")


def test_the_cases_generators_yaml_makes_are_judged_with_bts_names_and_seeds(tmp_path):
    status, report, err = checked(tmp_path, SEEDED)
    assert status == 0, err
    got = verdicts(report)
    assert got["accepted/double.py"] == dict.fromkeys(CASES, "AC")
    # unseeded.py is wrong on 764 alone: the input bt's seed of "seed.py {seed}" makes
    assert got["wrong_answer/unseeded.py"]["secret/2-random"] == "WA"
    assert [v for v in got["wrong_answer/unseeded.py"].values()].count("WA") == 1


def test_a_generator_that_fails_is_one_line_naming_the_case(tmp_path):
    folder = copied(tmp_path)
    write(folder / "generators" / "seed.py", "import sys\nsys.exit('no seed today')\n")
    status, report, err = checked(tmp_path, folder)
    lines = err.strip().splitlines()
    assert status == 2 and report is None and len(lines) == 1, err
    assert "data/secret/2-random" in lines[0] and "no seed today" in lines[0]


@pytest.mark.parametrize(
    "yaml, key",
    [
        ("generators: {gen: a.py}\ndata: {}\n", "generators/gen: it is not a list"),
        ("generators: {gen: [../a.py]}\ndata: {}\n", "generators/gen: ../a.py"),
        ("data: {secret: {data: {one: {in: '1', submission: x}}}}\n", "submission"),
        ("data: {secret: {data: {one: {generate: 'g {{n}}'}}}}\n", "{{constants}}"),
        ("data: {secret: {data: {one: {in: '1'}}}}\n", "no solution"),  # bt picks one at random
    ],
)
def test_what_it_cannot_do_as_bt_does_is_refused_in_one_line_naming_the_key(tmp_path, yaml, key):
    folder = copied(tmp_path)
    write(folder / "generators" / "generators.yaml", yaml)
    status, report, err = checked(tmp_path, folder)
    lines = err.strip().splitlines()
    assert status == 2 and report is None and len(lines) == 1 and key in lines[0], err


def test_the_made_cases_win_over_data_and_are_made_again_only_when_a_generator_changes(
    tmp_path,
):
    folder = copied(tmp_path)
    write(folder / "data" / "secret" / "stale.in", "1\n")
    write(folder / "data" / "secret" / "stale.ans", "2\n")
    first = read_package(folder)
    assert [case.name for case in first.cases] == CASES
    assert any("data: not read" in line for line in first.warnings), first.warnings
    assert read_package(folder).root == first.root  # made once, then reused
    write(folder / "generators" / "seed.py", "import sys\nprint(sys.argv[1])\n")
    again = read_package(folder)
    assert again.root != first.root
    assert again.cases[1].input.read_text() != first.cases[1].input.read_text()
    assert (first.cases[1].input.parent / "test_group.yaml").is_file()
    assert not (folder / "data" / "secret" / "2-random.in").exists()  # the package is not written


def names(yaml):
    """The path of each case a generators.yaml (as read) makes, with its seed or included."""
    root = generators.Reader(yaml).directory("", "", yaml, generators.Settings())
    found = []

    def walk(directory):
        found.extend(f"{name} <- {rule.path}" for name, rule in directory.included.items())
        for item in directory.items:
            if isinstance(item, generators.Directory):
                walk(item)
            else:
                found.append(item.path)

    walk(root)
    return found


def test_names_are_numbered_through_the_file_as_bt_numbers_them():
    yaml = {
        "data": {
            "sample": {"data": [{"": {"in": "1"}}]},
            "secret": {
                "data": [
                    {"g": {"data": [{"b": "y.py"}, {"a": "x.py"}], "include": ["sample"]}},
                    {"c": {"generate": "x.py {count}", "count": "-1..=1"}},
                    {"d": {"generate": "x.py {count}", "count": [2, 10]}},
                    {"h": {"data": {"z": "x.py", "e": "x.py"}}},
                ],
            },
        }
    }
    assert names(yaml) == [
        "sample/1",
        "secret/1-g/1 <- sample/1",
        "secret/1-g/2-b",  # a list's cases numbered in its order, through the file
        "secret/1-g/3-a",
        "secret/4-c--1",  # each count value takes a number; a range pads its values
        "secret/5-c-00",
        "secret/6-c-01",
        "secret/7-d-2",  # a list does not
        "secret/8-d-10",
        "secret/2-h/e",  # a map's keys are names, by name
        "secret/2-h/z",
    ]


def test_the_seed_is_bts_hash_of_salt_count_and_command():
    assert generators.seed_of("", 1, " seed.py {seed} ") == generators.seed_of(
        "", 1, "seed.py {seed}"
    )
    assert generators.seed_of("", 1, "seed.py {seed}") % 1000 == 764  # as bt generate made it
    assert generators.seed_of("", 2, "g {seed}") != generators.seed_of("", 1, "g {seed}")
    assert generators.seed_of("s", 1, "g {seed}") != generators.seed_of("", 1, "g {seed}")


def test_an_include_that_names_no_one_case_before_it_is_refused():
    yaml = {"data": {"secret": {"data": {"a": {"include": ["b"], "data": {}}, "b": "x.py"}}}}
    with pytest.raises(UsageError, match="include b"):
        names(yaml)


def test_a_program_the_generators_map_lists_is_built_of_its_files_and_runs_by_its_name():
    package = read_package(LISTED)
    assert [case.name for case in package.cases] == ["sample/1", "secret/pair"]
    made = package.cases[1]
    # pair.py imports half.py, which only the listed program puts beside it
    assert made.input.read_text() == "42\n" and made.expected.read_text() == "43\n"


def test_the_invalid_input_generators_yaml_makes_is_checked_by_validate(tmp_path):
    report_path = tmp_path / "validate.json"
    argv = [PYTHON, str(RUNNER), "--package", str(LISTED), "--validate", "--json"]
    done = run([*argv, str(report_path)], text=True)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    report = json.loads(report_path.read_text(encoding="utf-8"))
    cases = {case["case"]: (case["expected"], case["result"]) for case in report["cases"]}
    assert cases == {
        "sample/1": ("valid", "valid"),
        "secret/pair": ("valid", "valid"),
        "invalid_input/negative": ("invalid", "invalid"),
    }


def test_an_unknown_key_at_the_root_is_a_warning_as_bt_gives_it():
    reader = generators.Reader({"data": {}, "unknown_key": None})
    reader.directory("", "", {"data": {}, "unknown_key": None}, generators.Settings())
    assert any("unknown_key" in line for line in reader.warnings), reader.warnings
