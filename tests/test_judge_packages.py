"""judge/packages.py: a Kattis problem package read as its judge reads it. problem.yaml by a tiny
reader, the cases of data/ and their groups in Kattis's order, the validation and its flags,
the programs, and the time limit problemtools derives; then `runner.py --package DIR
--command CMD` on the packages the tests keep (tests/packages/), and what a bad package says:
one line each, never a traceback."""

import json
import shutil
import sys

import pytest
from runner_util import PYTHON, RUNNER, case_verdicts, write
from sandbox_util import needs_sandbox
from util import ROOT, run, usage_error

from judge import packages
from judge.model import UsageError
from judge.modes import parse_mode

PACKAGES = ROOT / "tests" / "packages"


def yaml(tmp_path, text):
    write(tmp_path / "x.yaml", text)
    return packages.read_yaml(tmp_path / "x.yaml")


# ---------------------------------------------------------------- problem.yaml's reader


def test_the_reader_reads_nested_maps_lists_and_quotes(tmp_path):
    text = """\
# a comment
name: 'It''s a "name"'   # and a comment after it
source: "a \\"quoted\\" # not a comment"
validation: custom interactive
validator_flags: float_tolerance 1e-6
limits:
  time_multiplier: 3
  memory: 512
  time_multipliers:
      ac_to_time_limit: 2.0
keywords:
  - graphs
  - trees
empty:
uuid: 1234-abcd
"""
    assert yaml(tmp_path, text) == {
        "name": 'It\'s a "name"',
        "source": 'a "quoted" # not a comment',
        "validation": "custom interactive",
        "validator_flags": "float_tolerance 1e-6",
        "limits": {
            "time_multiplier": 3,
            "memory": 512,
            "time_multipliers": {"ac_to_time_limit": 2},
        },
        "keywords": ["graphs", "trees"],
        "empty": None,
        "uuid": "1234-abcd",
    }


@pytest.mark.parametrize(
    "text, why",
    [
        ("name: x\nname: y\n", "x.yaml, line 2, key name: "),
        ("limits: {memory: 5\n", "x.yaml, line 2, key limits: "),
        ("name: x\n---\nname: y\n", "x.yaml, line 2: "),
        ("limits:\n\tmemory: 5\n", "x.yaml, line 2"),
    ],
)
def test_a_file_that_does_not_parse_says_where_in_one_line(tmp_path, text, why):
    said = usage_error(yaml, tmp_path, text)
    assert why in said and "\n" not in said


def test_a_file_not_utf8_is_one_line(tmp_path):
    write(tmp_path / "x.yaml", b"name: \xff\n")
    with pytest.raises(UsageError, match=r"x\.yaml: cannot read it: 'utf-8' codec"):
        packages.read_yaml(tmp_path / "x.yaml")


# ---------------------------------------------------------------- a package read


def test_a_package_has_its_cases_in_kattis_order_and_its_profile():
    package = packages.read_package(PACKAGES / "scored")
    secret = [f"secret/group{group}/{case}" for group in (1, 2) for case in (1, 2)]
    assert [case.name for case in package.cases] == ["sample/1", *secret]
    case = package.cases[1]
    assert (case.problem, case.input.name, case.expected.name) == ("scored", "1.in", "1.ans")
    assert package.scoring and package.time_limit is None and package.warnings == ()
    assert package.profile.time_limit == packages.UNKNOWN_TIME_LIMIT  # until one is derived
    assert package.profile.mode == parse_mode("kattis") and package.profile.memory_limit == 1024
    groups = [group.path for group in packages.groups_of(package.data)]
    assert groups == ["", "sample", "secret", "secret/group1", "secret/group2"]
    group1 = package.data.items[1].items[0]
    assert group1.config["accept_score"] == 30 and group1.config["on_reject"] == "break"
    assert package.data.items[1].config["on_reject"] == "continue"  # its own
    assert package.data.items[0].config["on_reject"] == "break"  # the default


@pytest.mark.parametrize(
    "name, mode, memory, interactive",
    [
        ("hello", "kattis float_tolerance 1e-6", 512, False),
        ("sums", "validator output_validators/positive", 1024, False),
        ("guess", "interactive_validator output_validators/guess", 1024, True),
    ],
)
def test_a_package_is_judged_by_its_validation(name, mode, memory, interactive):
    package = packages.read_package(PACKAGES / name)
    assert package.profile.mode.text == mode and package.profile.memory_limit == memory
    assert package.profile.mode.interactive is interactive and not package.scoring
    if package.profile.mode.command:
        args, executable = package.profile.mode.command
        assert executable == sys.executable and args[1].endswith(".py")
    assert package.profile.output_limit == 8 and package.multiplier == 5 and package.margin == 2


def copy(tmp_path, name="hello"):
    return shutil.copytree(PACKAGES / name, tmp_path / name)


def test_a_groups_flags_are_its_cases_own(tmp_path):
    folder = copy(tmp_path)
    write(folder / "data" / "secret" / "testdata.yaml", "output_validator_flags: case_sensitive\n")
    package = packages.read_package(folder)
    assert package.profile.mode.text == "kattis float_tolerance 1e-6"
    assert {name: mode.text for name, mode in package.modes.items()} == {
        "secret/1": "kattis float_tolerance 1e-6 case_sensitive",
        "secret/2": "kattis float_tolerance 1e-6 case_sensitive",
    }


def test_problem_yamls_limits_are_read(tmp_path):
    folder = copy(tmp_path)
    limits = "limits:\n  time_limit: 2.5\n  output: 4\n  time_multiplier: 3\n"
    write(folder / "problem.yaml", "name: x\ntype: pass-fail\n" + limits)
    package = packages.read_package(folder)
    assert package.profile.time_limit == 2.5 and package.profile.output_limit == 4
    assert package.multiplier == 3


@pytest.mark.parametrize(
    "slowest, multiplier, resolution, limit",
    [
        (0.03, 5, 1.0, 1),
        (0.2, 5, 1.0, 1),
        (0.21, 5, 1.0, 2),
        (1.3, 2, 1.0, 3),
        (0.3, 5, 0.5, 1.5),
        (0.15, 2, 0.1, 0.3),  # 3 * 0.1 is 0.30000000000000004 in floats
        (0.2, 1.5, 0.1, 0.3),  # 0.2 * 1.5 / 0.1 is 3.0000000000000004
        (0.1, 2, 0.1, 0.2),
        (0.25, 2, 0.1, 0.5),
        (0.251, 2, 0.1, 0.6),
    ],
)
def test_the_derived_limit_is_rounded_up_as_problemtools_rounds(
    slowest, multiplier, resolution, limit
):
    assert packages.derived_limit(slowest, multiplier, resolution) == limit


def test_a_python_program_runs_on_the_runners_python_and_others_need_a_builder(tmp_path):
    write(tmp_path / "a.py", "print(1)\n")
    assert packages.program_command(tmp_path / "a.py", "/my/python") == (
        ["/my/python", str((tmp_path / "a.py").resolve())],
        "/my/python",
    )
    write(tmp_path / "dir" / "main.py", "print(1)\n")
    assert packages.program_command(tmp_path / "dir")[0][1].endswith("main.py")
    write(tmp_path / "b.py", "print(1\n")
    with pytest.raises(packages.Unbuilt, match="SyntaxError"):
        packages.program_command(tmp_path / "b.py")
    write(tmp_path / "c.cobol", "DISPLAY 1.\n")
    with pytest.raises(packages.Skipped, match=r"^no build support for \.cobol$"):
        packages.program_command(tmp_path / "c.cobol")


def test_a_program_folder_runs_its_one_source_beside_headers_and_scripts(tmp_path):
    for name in ("v.cpp", "x.hh", "y.hxx", "Makefile", "notes.txt"):
        write(tmp_path / "v" / name, "")
    assert packages.source_of(tmp_path / "v") == tmp_path / "v" / "v.cpp"
    write(tmp_path / "v" / "w.c", "")  # one file each: C++ wins the tie, as problemtools has it
    assert packages.source_of(tmp_path / "v") == tmp_path / "v" / "v.cpp"


@pytest.mark.parametrize(
    "source, error",
    [
        pytest.param("x = " + "-" * 100_000 + "1\n", "MemoryError", id="minus"),
        pytest.param(
            "x = " + "1 + " * 100_000 + "1\n",
            "RecursionError",
            id="sum",
            marks=pytest.mark.skipif(sys.version_info < (3, 9), reason="3.8's parser compiles it"),
        ),
    ],
)
def test_a_python_program_too_deep_to_compile_is_unbuilt(tmp_path, source, error):
    write(tmp_path / "deep.py", source)
    with pytest.raises(packages.Unbuilt) as raised:
        packages.program_command(tmp_path / "deep.py")
    assert str(raised.value).startswith(error) and "\n" not in str(raised.value)


def test_a_python_program_that_cannot_be_read_is_unbuilt_in_one_line(tmp_path):
    with pytest.raises(packages.Unbuilt, match="FileNotFoundError"):
        packages.program_command(tmp_path / "gone.py")


# ---------------------------------------------------------------- through the runner


def runner(*args, cwd=ROOT):
    done = run([PYTHON, str(RUNNER), *map(str, args)], cwd=cwd, text=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def judged_package(tmp_path, name, program, *args):
    """The runner on a package with --command CMD and --json: (status, report, stdout, err)."""
    import json

    command = f"{sys.executable} {PACKAGES / name / 'submissions' / program}"
    report = tmp_path / "report.json"
    status, out, err = runner(
        "--package", PACKAGES / name, "--command", command, "--json", report, *args
    )
    data = json.loads(report.read_text()) if report.exists() else None
    return status, data, out, err


def test_a_program_is_judged_on_every_case_by_the_default_validator(tmp_path):
    status, report, out, err = judged_package(tmp_path, "hello", "wrong_answer/rounded.py")
    verdicts = {"hello/sample/1": "WA", "hello/secret/1": "WA", "hello/secret/2": "AC"}
    assert status == 1 and case_verdicts(report) == verdicts, out
    assert "token 3, line 2 of the output: '0.33' for '0.333333333'" in out
    assert "the slowest accepted submission used" in err  # the limit, derived
    assert report["problems"]["hello"]["time_limit_s"] == 1
    assert "== hello: Kattis's verdict WA" in out and "score" not in report["problems"]["hello"]
    status, report, out, _ = judged_package(tmp_path, "hello", "accepted/shout.py", "--tle", "3")
    assert status == 0 and set(case_verdicts(report).values()) == {"AC"}, out
    assert report["problems"]["hello"]["time_limit_s"] == 3


def test_a_scored_package_gives_each_group_and_the_problem_a_score(tmp_path):
    status, report, out, _ = judged_package(
        tmp_path, "scored", "wrong_answer/small.py", "--tle", "1"
    )
    assert status == 1
    assert "   group secret/group1: AC, score 30\n   group secret/group2: WA, score 0\n" in out
    assert "== scored: Kattis's verdict WA, score 30" in out
    assert report["problems"]["scored"]["score"] == 30
    status, report, out, _ = judged_package(tmp_path, "scored", "accepted/twice.py", "--tle", "1")
    assert status == 0 and report["problems"]["scored"]["score"] == 100, out


def test_a_custom_validator_judges_and_says_why(tmp_path):
    status, report, out, _ = judged_package(tmp_path, "sums", "wrong_answer/zero.py", "--tle", "1")
    assert status == 1 and set(case_verdicts(report).values()) == {"WA"}
    assert "validator: 0 + 2 is not 2, or a part is not positive" in out


@pytest.mark.parametrize(
    "program, verdict",
    [
        ("accepted/halves.py", "AC"),
        ("wrong_answer/blurt.py", "WA"),  # the validator rejects first: it spins after, killed
        ("run_time_error/crash.py", "RE"),  # it crashes first: the validator's WA comes after
        ("time_limit_exceeded/silent.py", "TLE"),
    ],
)
def test_an_interactive_package_is_judged_by_who_ends_first(tmp_path, program, verdict):
    _, report, out, _ = judged_package(tmp_path, "guess", program, "--tle", "1", "-k", "1")
    assert case_verdicts(report)["guess/sample/1"] == verdict, out
    if verdict == "WA":
        # killed once the validator rejected it, not at its 1 s limit, however busy the machine
        assert report["cases"][0]["cpu_ms"] < 1000


# ---------------------------------------------------------------- a bad package: one line


def one_line_error(args, cwd=ROOT):
    status, out, err = runner(*args, cwd=cwd)
    assert status == 2 and out == "" and len(err.splitlines()) == 1, (status, out, err)
    assert "Traceback" not in err
    return err


def package_error(folder, how=("--command", "true")):
    """one_line_error() of the runner on the package at folder, judging as how says."""
    return one_line_error(["--package", folder, *how])


def test_a_folder_that_is_no_package_is_one_line(tmp_path):
    err = package_error(tmp_path)
    assert err == f"runner.py: error: {tmp_path} is no problem package: it has no problem.yaml\n"


def test_a_problem_yaml_that_does_not_parse_is_one_line(tmp_path):
    folder = copy(tmp_path)
    write(folder / "problem.yaml", "name: x\nname: y\n")
    assert "problem.yaml, line 2, key name: " in package_error(folder)


def test_a_score_that_is_no_number_is_one_line_before_any_case_runs(tmp_path):
    folder = copy(tmp_path, "scored")
    group = next(path for path in (folder / "data" / "secret").iterdir() if path.is_dir())
    write(group / "testdata.yaml", "accept_score: many\n")
    why = f"{group / 'testdata.yaml'}: accept_score is the text 'many', not a number"
    assert why in package_error(folder, ["--submissions"])


def test_a_validator_that_does_not_build_is_one_line(tmp_path):
    folder = copy(tmp_path, "sums")
    write(folder / "output_validators" / "positive" / "validate.py", "import sys\nsys.exit(42\n")
    assert "the output validator cannot run: SyntaxError" in package_error(folder)
    shutil.rmtree(folder / "output_validators" / "positive")
    write(folder / "output_validators" / "check.cpp", "int main( { return 42; }\n")
    err = package_error(folder, ["--submissions"])
    why = "g++ could not build" if shutil.which("g++") else "no g++ on PATH"
    assert f"check.cpp: the output validator cannot run: {why}" in err, err


def test_a_package_with_no_case_or_bad_flags_is_one_line(tmp_path):
    folder = copy(tmp_path)
    shutil.rmtree(folder / "data")
    assert "holds no case: want data/secret/NAME.in with NAME.ans" in package_error(folder)
    folder = copy(tmp_path / "again")
    write(folder / "problem.yaml", "validator_flags: float_tolerance\n")
    assert "validator_flags: float_tolerance wants a number" in package_error(folder)


def nested(folder, depth):
    """folder/g/g/.../g, depth folders deep, holding one case of hello's. Made a folder at a
    time: mkdir(parents=True) recurses, not past 1000 deep."""
    deep = folder
    for _ in range(depth):
        deep = deep / "g"
        deep.mkdir()
    (deep / "1.in").write_text("x 1\n")
    (deep / "1.ans").write_text("Hello x\n0.333333333\n")
    return deep


def removed(deep, depth):
    """Remove what nested() made, from the bottom up (rmtree recurses too)."""
    for _ in range(depth):
        for path in deep.iterdir():
            path.unlink()
        deep.rmdir()
        deep = deep.parent


def test_groups_nested_too_deep_are_one_line_naming_the_depth(tmp_path):
    folder = copy(tmp_path)
    deep = nested(folder / "data" / "secret", 1100)
    try:
        for how in (["--submissions"], ["--command", "true"]):
            err = package_error(folder, how)
            assert "unexpected" not in err and f"{packages.MAX_DEPTH} deep" in err, err
    finally:
        removed(deep, 1100)
    nested(folder / "data" / "secret", packages.MAX_DEPTH - 1)  # secret/ is the first
    assert packages.read_package(folder).cases[-1].name.count("/") == packages.MAX_DEPTH


def test_a_group_with_no_cases_is_a_warning_and_left_out(tmp_path):
    folder = copy(tmp_path)
    (folder / "data" / "secret" / "empty").mkdir()
    command = f"{sys.executable} {folder / 'submissions' / 'accepted' / 'hello.py'}"
    status, _, err = runner("--package", folder, "--command", command, "--tle", "1")
    assert status == 0 and "warning: the group" in err and "secret/empty holds no case" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "args, why",
    [
        (["--submissions"], "--submissions judges a package's submissions: give --package DIR"),
        (["--package", "x"], "--package DIR wants --command CMD (your program) or --submissions"),
        (["--package", "x", "--submissions", "--command", "y"], "wants --command CMD"),
        (["p", "--package", "x", "--submissions"], "judges that package alone"),
    ],
)
def test_package_flags_that_do_not_go_together_are_one_line(args, why):
    assert why in one_line_error(args)


HELLO_CPP = """#include <cstdio>
int main() {
    char name[100];
    double x;
    if (scanf("%99s %lf", name, &x) != 2) return 1;
    printf("Hello %s\\n%.9f\\n", name, x / 3);
}
"""


@pytest.mark.skipif(shutil.which("g++") is None, reason="needs g++")
def test_a_compiled_submission_is_built_outside_the_package(tmp_path):
    """A package may be read-only, and a build/ beside a submission would be one more."""
    folder = copy(tmp_path)
    write(folder / "submissions" / "accepted" / "hello.cpp", HELLO_CPP)
    status, out, err = runner("--package", folder, "--submissions")
    assert status == 0 and "accepted/hello.cpp" in out and " ok" in out, out + err
    assert [path for path in folder.rglob("*") if path.name == "build"] == []


def test_the_2023_format_says_interactive_by_its_type_and_its_validator_folder(tmp_path):
    folder = copy(tmp_path, "guess")
    (folder / "output_validators").rename(folder / "output_validator")
    yaml = (folder / "problem.yaml").read_text(encoding="utf-8")
    write(
        folder / "problem.yaml", yaml.replace("validation: custom interactive", "type: interactive")
    )
    status, out, err = runner("--package", folder, "--submissions")
    assert status == 0 and "submissions got what their folder says" in out, out + err


WRITER = 'open("written", "w").close()  # into the package, where it runs\n'


def test_with_sandbox_the_accepted_submissions_timed_for_the_limit_run_in_it(tmp_path):
    """No time limit in problem.yaml: the accepted submissions that give it run sandboxed."""
    needs_sandbox()
    folder = copy(tmp_path)
    hello = folder / "submissions" / "accepted" / "hello.py"
    write(folder / "submissions" / "accepted" / "writer.py", WRITER + hello.read_text())
    command = f"{sys.executable} {hello}"
    status, _, err = runner("--package", folder, "--command", command, "--sandbox")
    assert not (folder / "written").exists()
    assert status == 0 and "the slowest accepted submission used" in err, err


# ---------------------------------------------------------------- problem.yaml by its format


def problem(tmp_path, text, name="hello"):
    """A copy of the package name whose problem.yaml is text."""
    folder = copy(tmp_path, name)
    write(folder / "problem.yaml", text)
    return folder


def test_limits_given_as_a_flow_map_are_read(tmp_path):
    """They were read as absent: a program of 200 MiB was AC under the 1024 MiB default."""
    folder = problem(tmp_path, "name: x\nlimits: {memory: 32, output: 2, time_limit: 1.5}\n")
    package = packages.read_package(folder)
    assert package.profile.memory_limit == 32 and package.profile.output_limit == 2
    assert package.time_limit == 1.5 and package.warnings == ()


@pytest.mark.parametrize(
    "version, multipliers, want",
    [
        ("2023-07", "  time_multipliers:\n    ac_to_time_limit: 3.0\n", (3.0, 1.5)),
        ("2025-09", "  time_multipliers: {time_limit_to_tle: 2}\n", (2.0, 2.0)),
        ("2025-09", "", (2.0, 1.5)),  # the newer formats' defaults
        ("legacy", "  time_multiplier: 4\n  time_safety_margin: 3\n", (4.0, 3.0)),
    ],
)
def test_the_time_multipliers_are_read_by_the_format(tmp_path, version, multipliers, want):
    text = f"problem_format_version: {version}\nname: x\nlimits:\n  memory: 64\n{multipliers}"
    package = packages.read_package(problem(tmp_path, text))
    assert (package.multiplier, package.margin) == want and package.warnings == ()
    assert package.profile.memory_limit == 64


def test_a_type_given_as_a_block_list_keeps_interactive(tmp_path):
    """The reader passed over a list's items: interactive was lost."""
    text = "problem_format_version: 2023-07\nname: x\ntype:\n  - pass-fail\n  - interactive\n"
    package = packages.read_package(problem(tmp_path, text, "guess"))
    assert package.profile.mode.interactive and not package.scoring
    text = "problem_format_version: 2025-09\nname: x\ntype: [scoring, interactive]\n"
    package = packages.read_package(problem(tmp_path / "2", text, "guess"))
    assert package.profile.mode.interactive and package.scoring


def test_an_unknown_key_is_a_warning_naming_the_file_and_the_key(tmp_path):
    text = "name: x\ncolour: blue\nlimits:\n  memory: 64\n  time_multipliers: {ac: 2}\n"
    folder = problem(tmp_path, text)
    where = folder / "problem.yaml"
    assert packages.read_package(folder).warnings == (
        f"{where}: the key colour is unknown: not read",
        f"{where} limits: the key time_multipliers is unknown: not read",  # legacy's is another
    )
    status, _, err = runner("--package", folder, "--command", "true", "--tle", "1")
    assert status == 1 and f"{where}: the key colour is unknown: not read" in err


@pytest.mark.parametrize(
    "text, why",
    [
        ("limits:\n  memory: [1, 2]\n", "limits: memory is a list, not a number"),
        ("limits: 5\n", "limits is the number 5, not a map of keys"),
        ("limits: {memory: true}\n", "limits: memory is 'true', not a number"),
        ("limits: {memory: -5}\n", "limits: memory must be positive, not -5"),
        ("type: {a: 1}\n", "type is a map, not a text or a list of texts"),
        ("type: [pass-fail, scoring]\n", "type is both pass-fail and scoring"),
        ("type: batch\n", "type batch is none of pass-fail, scoring"),
        ("type: multi-pass\n", "a multi-pass problem wants an output validator"),
        ("type: [submit-answer]\n", "type submit-answer: the runner does not judge such"),
        ("problem_format_version: 2030-01\n", "problem_format_version is the text '2030-01'"),
        ("validator_flags: [1, {}]\n", "validator_flags is a list, not a text or a list"),
        ("name: [x]\n", "name is a list, not a text or a map of texts"),
    ],
)
def test_a_known_key_of_the_wrong_type_is_one_line_refusing_the_package(tmp_path, text, why):
    err = package_error(problem(tmp_path, text))
    assert why in err and "problem.yaml" in err, err


def test_a_legacy_key_in_a_newer_format_is_unknown_and_not_read(tmp_path):
    text = "problem_format_version: 2025-09\nname: x\nvalidator_flags: case_sensitive\n"
    package = packages.read_package(problem(tmp_path, text))
    assert package.profile.mode == parse_mode("kattis")
    assert package.warnings == (
        f"{tmp_path / 'hello' / 'problem.yaml'}: the key validator_flags is unknown: not read",
    )


# ---------------------------------------------------------------- the groups' settings


def test_a_secret_groups_float_tolerance_comes_from_its_test_group_yaml(tmp_path):
    """tests/packages/thirds (2025-09): the tolerance is only in data/secret/test_group.yaml,
    which was not read: its secret cases were WA."""
    status, report, out, _ = judged_package(tmp_path, "thirds", "accepted/six.py", "--tle", "1")
    assert status == 0 and set(case_verdicts(report).values()) == {"AC"}, out
    status, report, out, _ = judged_package(tmp_path, "thirds", "wrong_answer/two.py", "--tle", "1")
    assert status == 1 and set(case_verdicts(report).values()) == {"WA"}, out
    status, out, err = runner("--package", PACKAGES / "thirds", "--submissions")
    assert status == 0 and "submissions got what their folder says" in out, out + err


def test_a_groups_settings_are_inherited_and_its_own_file_overrides_them(tmp_path):
    folder = problem(tmp_path, "problem_format_version: 2025-09\nname: x\n", "scored")
    secret = folder / "data" / "secret"
    write(secret / "test_group.yaml", "output_validator_args: [case_sensitive]\n")
    write(secret / "group2" / "test_group.yaml", "output_validator_args: float_tolerance 0.5\n")
    package = packages.read_package(folder)
    modes = {name: mode.text for name, mode in package.modes.items()}
    assert modes["secret/group1/1"] == "kattis case_sensitive"  # secret's, inherited
    assert modes["secret/group2/1"] == "kattis float_tolerance 0.5"  # its own
    assert "sample/1" not in modes
    legacy = [w for w in package.warnings if "testdata.yaml" in w]
    assert len(legacy) == 4 and "a 2025-09 package reads test_group.yaml: not read" in legacy[0]


@pytest.mark.parametrize(
    "text, why",
    [
        ("on_reject: stop\n", "on_reject is 'stop', not break or continue"),
        ("grader_flags: {a: 1}\n", "grader_flags is a map, not a text or a list of texts"),
        ("accept_score: [1]\n", "accept_score is a list, not a number"),
        ("accept_score: .inf\n", "accept_score is the number inf, not a number"),
        ("output_validator_flags: [1, [2]]\n", "output_validator_flags is a list, not a text"),
        ("accept_score: 1\naccept_score: 2\n", "line 2, key accept_score: "),
    ],
)
def test_a_group_setting_of_the_wrong_type_is_one_line(tmp_path, text, why):
    folder = copy(tmp_path, "scored")
    write(folder / "data" / "secret" / "group1" / "testdata.yaml", text)
    err = package_error(folder)
    assert why in err and "group1/testdata.yaml" in err, err


def test_cases_that_give_the_program_arguments_are_refused(tmp_path):
    folder = problem(tmp_path, "problem_format_version: 2025-09\nname: x\n")
    write(folder / "data" / "secret" / "test_group.yaml", "args: [--fast]\n")
    err = package_error(folder)
    assert "test_group.yaml: args (the program's own arguments) is not supported" in err


def test_a_scores_numbers_are_read_as_yaml_writes_them(tmp_path):
    """accept_score: 1e2 is text to YAML 1.1, a number to problemtools' float()."""
    folder = copy(tmp_path, "scored")
    write(folder / "data" / "secret" / "group1" / "testdata.yaml", "accept_score: 1e2\n")
    group1 = packages.read_package(folder).data.items[1].items[0]
    assert group1.config["accept_score"] == 100.0


# ---------------------------------------------------------------- the walk of data/


def test_a_link_back_up_the_data_is_one_line_not_a_case_judged_again_and_again(tmp_path):
    """data/secret/up -> .. judged a case 41 times, and three such links took exponential
    time."""
    folder = copy(tmp_path)
    (folder / "data" / "secret" / "up").symlink_to("..")
    err = package_error(folder)
    assert f"{folder / 'data' / 'secret' / 'up'} leads to data, read already" in err, err
    for name in ("a", "b", "c"):
        (folder / "data" / "secret" / "g" / name).parent.mkdir(exist_ok=True)
        (folder / "data" / "secret" / "g" / name).symlink_to("../..")
    (folder / "data" / "secret" / "up").unlink()
    assert "read already: a folder is read once" in package_error(folder)


def test_a_link_that_leaves_the_package_is_one_line(tmp_path):
    folder = copy(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    write(elsewhere / "9.in", "Ann 3\n")
    write(elsewhere / "9.ans", "Hello Ann\n1.0\n")
    (folder / "data" / "secret" / "more").symlink_to(elsewhere)
    err = package_error(folder)
    assert f"{folder / 'data' / 'secret' / 'more'} is a link that leads out of the package" in err
    (folder / "data" / "secret" / "more").unlink()
    (folder / "data" / "secret" / "9.in").symlink_to(elsewhere / "9.in")
    assert "9.in is a link that leads out of the package" in package_error(folder)
    (folder / "data" / "secret" / "9.in").unlink()
    (folder / "data" / "secret" / "3.in").symlink_to("1.in")  # inside: a case of its own
    (folder / "data" / "secret" / "3.ans").symlink_to("1.ans")
    assert packages.read_package(folder).cases[-1].name == "secret/3"


def test_a_package_that_is_a_link_loop_is_one_line(tmp_path):
    (tmp_path / "loop").symlink_to("loop")
    err = package_error(tmp_path / "loop")
    assert err.startswith(f"runner.py: error: {tmp_path / 'loop'}") and "unexpected" not in err


def test_a_stop_while_data_is_walked_stops_the_walk(monkeypatch):
    monkeypatch.setattr(packages, "STOPPED", [2])
    with pytest.raises(KeyboardInterrupt):
        packages.read_package(PACKAGES / "scored")


# ---------------------------------------------------------------- scores and names


def test_scores_that_could_sum_past_the_largest_float_are_one_line(tmp_path):
    """Two cases of accept_score 1e308 summed to inf: 'score inf' was printed, and the --json
    report was not written."""
    folder = copy(tmp_path, "scored")
    for group in ("group1", "group2"):
        write(folder / "data" / "secret" / group / "testdata.yaml", "accept_score: 1.0e+308\n")
    err = package_error(folder, ["--command", "true", "--json", tmp_path / "r.json"])
    assert "the scores of secret/group1 can sum past the largest number" in err, err
    write(folder / "data" / "secret" / "group2" / "testdata.yaml", "accept_score: 1\n")
    write(folder / "data" / "secret" / "group1" / "testdata.yaml", "accept_score: 8.0e+307\n")
    command = f"{sys.executable} {folder / 'submissions' / 'accepted' / 'twice.py'}"
    status, out, _ = runner("--package", folder, "--command", command, "--json", tmp_path / "r")
    assert status == 0 and "score 1.6e+308" in out and (tmp_path / "r").is_file(), out


def test_the_package_folders_name_is_printed_safely(tmp_path):
    folder = shutil.copytree(PACKAGES / "hello", tmp_path / "he\x1b[31mllo")
    shutil.rmtree(folder / "submissions" / "time_limit_exceeded")  # it spins to 2 s: not needed
    _, out, err = runner("--package", folder, "--submissions")
    assert "\x1b" not in out + err and "he\\x1b[31mllo: time limit 1 s" in out + err, out + err


@pytest.mark.parametrize(
    "version, group1, group2",
    [
        ("2025-09", "max_score: 30\n", "max_score: 70\n"),
        ("2023-07", "scoring: {score: 30}\n", "scoring:\n  score: 70\n  aggregation: pass-fail\n"),
    ],
)
def test_a_newer_scored_package_is_graded_by_its_groups_max_score(
    tmp_path, version, group1, group2
):
    folder = problem(
        tmp_path, f"problem_format_version: {version}\nname: x\ntype: scoring\n", "scored"
    )
    for path in folder.glob("data/**/testdata.yaml"):
        path.unlink()
    write(folder / "data" / "secret" / "group1" / "test_group.yaml", group1)
    write(folder / "data" / "secret" / "group2" / "test_group.yaml", group2)
    report = tmp_path / "report.json"
    command = f"{sys.executable} {folder / 'submissions' / 'wrong_answer' / 'small.py'}"
    status, out, err = runner(
        "--package", folder, "--command", command, "--tle", "1", "--json", report
    )
    assert "   group secret/group1: AC, score 30\n   group secret/group2: WA, score 0\n" in out
    assert status == 1 and "== scored: Kattis's verdict WA, score 30" in out, out + err
    assert json.loads(report.read_text())["problems"]["scored"]["score"] == 30


def test_an_input_with_no_answer_is_one_line(tmp_path):
    """It was a warning, and the package was judged without the case."""
    folder = copy(tmp_path)
    (folder / "data" / "secret" / "2.ans").unlink()
    err = package_error(folder)
    assert f"{folder / 'data' / 'secret' / '2.in'} has no .ans beside it" in err


def test_a_number_among_the_validators_arguments_is_its_text(tmp_path):
    """YAML reads 1.0e-6 as a float: a list of texts holds it as its text."""
    folder = problem(tmp_path, "problem_format_version: 2025-09\nname: x\n")
    write(
        folder / "data" / "secret" / "test_group.yaml",
        "output_validator_args: [float_tolerance, 1.0e-6]\n",
    )
    package = packages.read_package(folder)
    assert package.modes["secret/1"] == parse_mode("kattis float_tolerance 1e-06")


def test_a_groups_arguments_reach_a_custom_validator_too(tmp_path):
    """Two modes of one validator told apart by their arguments alone: each case keeps its
    group's (they were taken for the package's mode, and lost)."""
    folder = tmp_path / "args"
    write(folder / "problem.yaml", "problem_format_version: 2025-09\nname: {en: Args}\n")
    write(folder / "output_validator" / "validate.py", "import sys\nsys.exit(42)\n")
    write(folder / "data" / "secret" / "test_group.yaml", "output_validator_args: [twice]\n")
    for case in ("sample/1", "secret/1"):
        write(folder / "data" / f"{case}.in", "1\n")
        write(folder / "data" / f"{case}.ans", "2\n")
    package = packages.read_package(folder)
    assert {name: mode.flags for name, mode in package.modes.items()} == {"secret/1": ("twice",)}


@pytest.mark.parametrize("version, verdict", [("legacy", "OLE"), ("2025-09", "TLE")])
def test_a_flood_of_output_is_ole_in_legacy_and_runs_on_to_tle_in_the_newer_formats(
    tmp_path, version, verdict
):
    """problemtools stops a program at the output limit; BAPCtools and DOMjudge, which read
    the newer formats, cut its output and let it run on to its time limit."""
    folder = tmp_path / "flood"
    write(folder / "problem.yaml", f"problem_format_version: {version}\nname: Flood\n")
    write(folder / "data" / "secret" / "1.in", "\n")
    write(folder / "data" / "secret" / "1.ans", "1\n")
    write(tmp_path / "flood.py", "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n")
    report = tmp_path / "report.json"
    argv = ["--package", folder, "--command", f"{sys.executable} flood.py", "--tle", "0.5"]
    runner(*argv, "--ole", "1", "--json", report, cwd=tmp_path)
    assert case_verdicts(json.loads(report.read_text())) == {"flood/secret/1": verdict}
