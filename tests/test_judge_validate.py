"""`runner.py --package DIR --validate` (judge/validation.py): a package's input and answer
validators run on each of its cases, as verifyproblem and bt validate run them, read through
the --json report; their arguments from the group files, by either format; a validator that
cannot run here skipped with a line; and what cannot go, in one line."""

import importlib.util
import json
import shutil

import pytest
from runner_util import PYTHON, RUNNER, schema, write
from util import ROOT, run

PACKAGES = ROOT / "tests" / "packages"
RANGE, TWICE = "input_validators/range.py", "answer_validators/twice.py"
FIVE = "import sys\nif sys.stdin.read() == '5\\n':\n    raise ValueError('five')\nsys.exit(42)\n"
SPIN = "while True:\n    pass\n"
TOOLS_HERE = shutil.which("checktestdata") or shutil.which("viva")
TOOLS_HERE = TOOLS_HERE or importlib.util.find_spec("checktestdata")


def validate(tmp_path, folder, *args):
    """--validate on the package at folder, with --json: (exit status, the report or None,
    stdout, stderr). The report is held to docs/report.schema.json where jsonschema is here."""
    report = tmp_path / "report.json"
    argv = [PYTHON, str(RUNNER), "--package", str(folder), "--validate", "--json", str(report)]
    done = run([*argv, *map(str, args)], text=True, timeout=120)
    data = json.loads(report.read_text()) if report.exists() else None
    if data is not None and importlib.util.find_spec("jsonschema"):
        import jsonschema

        jsonschema.validate(data, schema())
    return done.returncode, data, done.stdout, done.stderr


def doubled(tmp_path, cases=()):
    """A copy of tests/packages/doubled, with cases added: (name, n, answer)."""
    folder = shutil.copytree(PACKAGES / "doubled", tmp_path / "doubled")
    for name, n, answer in cases:
        write(folder / "data" / f"{name}.in", f"{n}\n")
        write(folder / "data" / f"{name}.ans", f"{answer}\n")
    return folder


def results(report):
    """{case: its result} of a --validate report."""
    return {case["case"]: case["result"] for case in report["cases"]}


def checked(report, name, validator):
    """The record of validator on the case name."""
    case = next(case for case in report["cases"] if case["case"] == name)
    return next(one for one in case["validators"] if one["validator"] == validator)


def test_every_case_of_a_valid_package_is_valid_by_each_validator(tmp_path):
    status, report, out, err = validate(tmp_path, PACKAGES / "doubled")
    assert status == 0, (out, err)
    valid = {"sample/1": "valid", "secret/large/1": "valid", "secret/small/1": "valid"}
    assert results(report) == valid and (report["valid"], report["invalid"]) == (3, 0)
    kinds = [(one["validator"], one["kind"], one["skipped"]) for one in report["validators"]]
    assert kinds == [(RANGE, "input", None), (TWICE, "answer", None)]
    assert checked(report, "secret/small/1", TWICE)["verdict"] == "AC"
    assert report["limits"]["time_limit_s"] == 10  # problem.yaml's validation_time


def test_a_case_a_validator_rejects_or_fails_on_is_named_and_fails_the_run(tmp_path):
    folder = doubled(tmp_path, [("secret/large/2", 0, 0), ("secret/large/3", 5, 10)])
    write(folder / "input_validators" / "five.py", FIVE)
    status, report, out, _ = validate(tmp_path, folder)
    assert status == 1, out
    assert results(report)["secret/large/2"] == "invalid"
    assert results(report)["secret/large/3"] == "failed"
    rejected = checked(report, "secret/large/2", RANGE)
    assert rejected["verdict"] == "WA"
    assert rejected["details"] == ["not one positive integer on a line"]  # its last line
    failed = checked(report, "secret/large/3", "input_validators/five.py")
    assert (failed["verdict"], failed["reason"]) == ("IE", "judging-failed")
    assert failed["details"][1] == "ValueError: five"  # a traceback's last line: its error
    assert (report["valid"], report["invalid"]) == (3, 2)


def test_a_groups_arguments_reach_its_validators_by_either_format(tmp_path):
    folder = doubled(tmp_path, [("secret/small/2", 50, 100), ("secret/large/2", 50, 100)])
    status, report, _, _ = validate(tmp_path, folder)
    assert status == 1 and checked(report, "secret/small/2", RANGE)["args"] == ["--max", "10"]
    assert results(report)["secret/small/2"] == "invalid"  # 50 is over the small group's 10
    assert results(report)["secret/large/2"] == "valid"
    assert checked(report, "secret/small/2", TWICE)["args"] == []  # input arguments alone
    # a map by the validator's name; a validator it does not name gets none
    small = folder / "data/secret/small"
    write(small / "test_group.yaml", "input_validator_args: {range: [--max, 99]}")
    status, report, _, _ = validate(tmp_path, folder)
    assert status == 0 and checked(report, "secret/small/2", RANGE)["args"] == ["--max", "99"]
    # legacy: input_format_validators/ and answer_format_validators/, testdata.yaml's flags
    write(folder / "problem.yaml", "name: Doubled\n")
    for kind in ("input", "answer"):
        (folder / f"{kind}_validators").rename(folder / f"{kind}_format_validators")
    for group, flags in (("small", "--max 10"), ("large", "{name: range.py, flags: --max 900}")):
        (folder / "data/secret" / group / "test_group.yaml").unlink()
        write(folder / "data/secret" / group / "testdata.yaml", f"input_validator_flags: {flags}\n")
    status, report, _, _ = validate(tmp_path, folder)
    invalid = {"secret/small/2": "invalid", "secret/large/1": "invalid"}  # 50 > 10, 1000 > 900
    assert status == 1 and {k: v for k, v in results(report).items() if v != "valid"} == invalid
    names = [one["validator"] for one in report["validators"]]
    assert names == ["input_format_validators/range.py", "answer_format_validators/twice.py"]


def test_an_answer_validator_reads_the_answer_with_the_input_named(tmp_path):
    folder = doubled(tmp_path)
    write(folder / "data/secret/small/1.ans", "15\n")
    status, report, _, _ = validate(tmp_path, folder, "-k", "small")
    assert status == 1 and results(report) == {"secret/small/1": "invalid"}
    assert checked(report, "secret/small/1", RANGE)["verdict"] == "AC"
    answer = checked(report, "secret/small/1", TWICE)
    assert (answer["kind"], answer["verdict"]) == ("answer", "WA")
    assert answer["details"] == ["the answer '15' is not 2 * 7"]


def test_a_validator_past_its_limits_has_failed_and_the_run_goes_on(tmp_path):
    folder = doubled(tmp_path)
    write(folder / "problem.yaml", "problem_format_version: 2025-09\nlimits: {validation_time: .2}")
    write(folder / "answer_validators" / "twice.py", SPIN)
    status, report, _, _ = validate(tmp_path, folder, "-k", "sample")
    assert status == 1 and results(report) == {"sample/1": "failed"}
    spun = checked(report, "sample/1", TWICE)
    assert (spun["verdict"], spun["reason"]) == ("IE", "judging-limit")
    assert report["limits"]["time_limit_s"] == 0.2


def test_cases_of_invalid_input_and_invalid_answer_must_be_rejected(tmp_path):
    folder = doubled(tmp_path)
    bad = folder / "data" / "invalid_input"
    write(bad / "zero.in", "0\n")  # not positive
    write(bad / "small" / "test_group.yaml", "input_validator_args: [--max, 5]\n")
    write(bad / "small" / "six.in", "6\n")  # over the group's --max 5
    write(folder / "data" / "invalid_answer" / "odd.in", "3\n")
    write(folder / "data" / "invalid_answer" / "odd.ans", "7\n")  # not 2 * 3
    status, report, out, _ = validate(tmp_path, folder)
    assert status == 0 and report["unexpected"] == 0, out
    rejected = {"invalid_input/small/six", "invalid_input/zero", "invalid_answer/odd"}
    cases = {case["case"]: case for case in report["cases"] if case["case"] in rejected}
    assert {name: case["expected"] for name, case in cases.items()} == dict.fromkeys(
        rejected, "invalid"
    )
    assert all(case["result"] == "invalid" for case in cases.values())
    kinds = {name: [one["kind"] for one in case["validators"]] for name, case in cases.items()}
    assert kinds["invalid_input/zero"] == ["input"] and kinds["invalid_answer/odd"] == ["answer"]
    assert checked(report, "invalid_input/small/six", RANGE)["args"] == ["--max", "5"]
    # one its validators accept fails the run
    write(bad / "fine.in", "4\n")
    status, report, out, _ = validate(tmp_path, folder)
    assert status == 1 and report["unexpected"] == 1, out
    fine = next(case for case in report["cases"] if case["case"] == "invalid_input/fine")
    assert (fine["result"], fine["expected"]) == ("valid", "invalid")


def test_outputs_of_valid_output_and_invalid_output_are_judged_by_the_output_validator(tmp_path):
    folder = doubled(tmp_path)
    for name, out in (("valid_output/six", "6"), ("invalid_output/seven", "7")):
        for suffix, text in ((".in", "3"), (".ans", "6"), (".out", out)):
            write(folder / "data" / f"{name}{suffix}", text + "\n")
    near = folder / "data" / "valid_output" / "near"  # its group's tolerance takes 6.3 for 6
    write(near / "test_group.yaml", "output_validator_args: [float_tolerance, '0.5']\n")
    for suffix, text in ((".in", "3"), (".ans", "6"), (".out", "6.3")):
        write(near / f"1{suffix}", text + "\n")
    status, report, out, _ = validate(tmp_path, folder)
    assert status == 0 and report["unexpected"] == 0, out
    found = {case["case"]: (case["result"], case["expected"]) for case in report["cases"]}
    assert found["valid_output/six"] == ("valid", "valid")
    assert found["valid_output/near/1"] == ("valid", "valid")
    assert found["invalid_output/seven"] == ("invalid", "invalid")
    judge = checked(report, "valid_output/near/1", "kattis float_tolerance 0.5")
    assert (judge["kind"], judge["args"], judge["verdict"]) == (
        "output",
        ["float_tolerance", "0.5"],
        "AC",
    )
    # an output the validator accepts, where it must reject it, fails the run
    write(folder / "data" / "invalid_output" / "seven.out", "6\n")
    status, report, out, _ = validate(tmp_path, folder)
    assert status == 1 and report["unexpected"] == 1, out


@pytest.mark.skipif(bool(TOOLS_HERE), reason="checktestdata or viva is installed")
def test_a_checktestdata_or_viva_validator_is_skipped_with_a_line_where_it_is_not_here(tmp_path):
    folder = doubled(tmp_path)
    write(folder / "input_validators" / "format.ctd", "INT(1, 1000) NEWLINE EOF\n")
    write(folder / "input_validators" / "format.viva", "* n: 1 <= n <= 1000\n")
    status, report, _, err = validate(tmp_path, folder)
    assert status == 0  # the validators that run find every case valid
    skipped = {one["validator"]: one["skipped"] for one in report["validators"] if one["skipped"]}
    assert sorted(skipped) == ["input_validators/format.ctd", "input_validators/format.viva"]
    lines = [line for line in err.splitlines() if "skipped" in line]
    assert len(lines) == 2 and "checktestdata is not installed" in lines[0], err
    assert "viva is not installed" in lines[1]


def one_line(args):
    done = run([PYTHON, str(RUNNER), *map(str, args)], text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.splitlines()) == 1
    return done.stderr


def test_a_validator_that_does_not_build_or_none_at_all_is_one_line(tmp_path):
    folder = doubled(tmp_path)
    write(folder / "input_validators" / "broken.py", "import sys\nsys.exit(42\n")
    err = one_line(["--package", folder, "--validate"])
    assert "input_validators/broken.py: the input validator cannot run: SyntaxError" in err
    shutil.rmtree(folder / "input_validators")
    assert "has no input validator" in one_line(["--package", folder, "--validate"])


@pytest.mark.parametrize(
    "args, why",
    [
        (["--validate"], "give --package DIR"),
        (["--validate", "--command", "true"], "--command does not go"),
        (["--validate", "--submissions"], "--submissions does not go"),
        (["--validate", "--tle", "1"], "--tle does not go"),
        (["--validate", "--float", "1e-6"], "a judging flag does not go"),
    ],
)
def test_flags_that_do_not_go_with_validate_are_one_line(args, why):
    package = ["--package", PACKAGES / "doubled"] if args != ["--validate"] else []
    assert why in one_line([*package, *args])
