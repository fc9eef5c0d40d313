"""judge/report.py: the report of a run. Its lines, summaries and colours in process; the JSON
report as data, written whole or not at all; docs/report.schema.json checked against real
reports. Then the runner's human text on stdout: this file alone reads it (runner_util's
LINE, verdicts() and last_line()); every other test reads the runner's --json report."""

import copy
import json
import os
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from runner_util import (
    BUSY,
    ECHO,
    LINE,
    POSIX_ONLY,
    PYTHON,
    case_verdicts,
    contestant_root,
    judge,
    judged,
    last_line,
    make_root,
    read_terminal,
    runner_argv,
    schema,
    verdicts,
    write,
)
from util import usage_error

from judge import modes, report
from judge.model import EXTENDED_NOTE, Case, Result, Verdict
from judge.problems import DEFAULT_PROFILE
from judge.verdicts import REASONS


def jsonschema():
    """The jsonschema module; a test is skipped where it is not installed (make test-on)."""
    return pytest.importorskip("jsonschema")


VERDICTS = ["AC", "WA", "PE", "IC", "RE", "TLE", "MLE", "OLE", "CE", "IE", "--"]
CASE = Case("p", "a", Path("a.in"), Path("a.out"), False)
JUDGE_CASE = replace(CASE, name="judge-b", judge_case=True)
PROFILE = replace(DEFAULT_PROFILE, judge_name="Test judge", time_limit=1.0)
JUTGE = replace(PROFILE, mode=modes.parse_mode("jutge"))


def result(
    case=CASE, verdict="AC", wall=0.0123, cpu=0.0101, peak=12.34, slow=False, details=(), shown=()
):
    values = (Verdict(verdict), wall, cpu, peak, slow, tuple(details), tuple(shown))
    return Result(*values, reason="compared", case=case)


@pytest.mark.parametrize("seconds, shown", [(None, "?"), (0.0123, "12"), (1.5, "1500")])
def test_seconds_are_shown_in_ms(seconds, shown):
    assert report.ms(seconds) == shown


@pytest.mark.parametrize(
    "case, details, shown, lines",
    [
        (JUDGE_CASE, [], [], []),
        (CASE, [], [], []),  # a pass: no note
        (CASE, ["exit status 1"], [], [EXTENDED_NOTE, "exit status 1"]),
        (JUDGE_CASE, ["exit status 1"], ["  1 2"], ["exit status 1", "input:", "  1 2"]),
        (CASE, [], ["  1 2"], [EXTENDED_NOTE, "input:", "  1 2"]),
    ],
)
def test_the_lines_under_a_case(case, details, shown, lines):
    assert report.result_lines(result(case, "RE", details=details, shown=shown)) == lines


def test_a_case_that_never_ran_gets_no_extended_note():
    """Its .out unreadable or its program not started: the reason alone."""
    never = Result(
        Verdict.IE, 0.0, None, None, False, ("could not run: gone",), (), False, case=CASE
    )
    assert report.result_lines(never) == ["could not run: gone"]


FIGURES = "slowest 10 ms CPU, 12 ms wall, peak 12.3 MiB"


def test_a_problem_whose_cases_never_ran_has_no_figures():
    results = [result(verdict="IE", wall=0.0, cpu=None, peak=None)]
    line = report.summary("p", PROFILE, results)
    assert line.endswith("0 passed, 1 failed (1 IE); no judge cases, extended 0 of 1 passed")


def test_a_problem_that_names_no_judge_case_is_not_split():
    unnamed = replace(CASE, judge_case=None)
    line = report.summary("p", PROFILE, [result(unnamed), result(unnamed, "--")])
    head = "== p (Test judge: 1 s CPU, 1024 MiB, exact): 1 passed, 0 failed"
    assert line == f"{head}, 1 not checked (no .out); {FIGURES}"
    assert report.result_lines(result(unnamed, "WA", details=["x"])) == ["x"]


@pytest.mark.parametrize(
    "problem, profile, results, line",
    [
        (
            "p",
            JUTGE,
            [result(verdict="IC")],
            "== p (Test judge: 1 s CPU, 1024 MiB, jutge): 0 passed, 1 failed (1 IC); no judge "
            f"cases, extended 0 of 1 passed; {FIGURES}",
        ),
        (
            "p",
            PROFILE,
            [result(JUDGE_CASE), result(verdict="WA"), result(replace(CASE, name="c"), "--")],
            "== p (Test judge: 1 s CPU, 1024 MiB, exact): 1 passed, 1 failed (1 WA), 1 not "
            "checked (no .out); judge cases 1 of 1 passed, extended 0 of 2 passed, 1 not checked; "
            f"{FIGURES}",
        ),
        (
            "p",
            PROFILE,
            [result(verdict="WA"), result(verdict="TLE"), result(verdict="WA")],
            "== p (Test judge: 1 s CPU, 1024 MiB, exact): 0 passed, 3 failed (1 TLE, 2 WA); no "
            f"judge cases, extended 0 of 3 passed; {FIGURES}",
        ),
        (
            "q\x1b",
            replace(PROFILE, judge_name=None),
            [result(cpu=None, peak=None, wall=0.5)],
            "== q\\x1b (no Judge: line: 1 s CPU, 1024 MiB, exact): 1 passed, 0 failed; no judge "
            "cases, extended 1 of 1 passed; slowest ? ms CPU, 500 ms wall; CPU time not measured "
            "here: TLE judged by wall time; memory not measured here: MLE not judged",
        ),
        (
            "p",
            replace(PROFILE, judge_name="Odd\x1b[2J"),
            [
                result(verdict="IE", wall=0.0, cpu=None, peak=None),
                result(wall=0.2, cpu=0.15, peak=30.0),
            ],  # an IE ran nothing: no figure of its own
            "== p (Odd\\x1b[2J: 1 s CPU, 1024 MiB, exact): 1 passed, 1 failed (1 IE); no judge "
            "cases, extended 1 of 2 passed; slowest 150 ms CPU, 200 ms wall, peak 30.0 MiB",
        ),
    ],
)
def test_a_problems_summary(problem, profile, results, line):
    assert report.summary(problem, profile, results) == line


def test_a_problem_not_built_is_all_ce_and_claims_no_platform_gap():
    """Its cases never ran: no figure, and no 'not measured here' either."""
    never = Result(
        Verdict.CE, 0.0, None, None, False, ("g++ could not build p.cpp",), (), False, case=CASE
    )
    assert report.result_lines(never) == ["g++ could not build p.cpp"]
    assert report.summary("p", PROFILE, [never, replace(never, case=JUDGE_CASE)]) == (
        "== p (Test judge: 1 s CPU, 1024 MiB, exact): 0 passed, 2 failed (2 CE); judge cases 0 "
        "of 1 passed, extended 0 of 1 passed"
    )


def test_each_result_is_a_line_and_the_last_of_a_problem_its_summary(capsys):
    lines = report.Report([CASE, JUDGE_CASE], {"p": PROFILE}, colour=False)
    details = ["first difference at line 1", "  expected: \x1b[2J"]
    lines.add(result(verdict="WA", details=details, shown=["  1 2"]))
    lines.add(result(JUDGE_CASE, slow=True, cpu=0.6, wall=0.7))
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "WA  p/a           10 ms CPU     12 ms wall    12.3 MiB",
        "    " + EXTENDED_NOTE,
        "    first difference at line 1",
        "      expected: \\x1b[2J",
        "    input:",
        "      1 2",
        "AC  p/judge-b    600 ms CPU    700 ms wall    12.3 MiB slow",
        "== p (Test judge: 1 s CPU, 1024 MiB, exact): 1 passed, 1 failed (1 WA); judge cases 1 "
        "of 1 passed, extended 0 of 1 passed; slowest 600 ms CPU, 700 ms wall, peak 12.3 MiB",
    ]
    assert lines.counts() == (1, 1)
    assert [bool(LINE.match(line)) for line in out] == [True, *[False] * 5, True, False]


def test_colours_paint_the_verdict_and_slow(capsys):
    lines = report.Report([CASE, JUDGE_CASE], {"p": PROFILE}, colour=True)
    lines.add(result(verdict="TLE"))
    lines.add(result(JUDGE_CASE, slow=True, peak=None, cpu=None))
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("\033[31mTLE\033[0m p/a ")
    assert out[1] == (
        "\033[32mAC \033[0m p/judge-b      ? ms CPU     12 ms wall       ? MiB \033[33mslow\033[0m"
    )


def test_a_long_case_name_stretches_the_column_no_further_than_48(capsys):
    long = replace(CASE, name="x" * 60)
    lines = report.Report([long, CASE], {"p": PROFILE}, colour=False)
    lines.add(result(long))
    lines.add(result(CASE))
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("AC  p/" + "x" * 60 + "     10 ms CPU")
    assert out[1].startswith("AC  p/a" + " " * 46 + "    10 ms CPU")


@POSIX_ONLY
@pytest.mark.parametrize(
    "where, why",
    [
        ("", "--json needs a file name"),
        ("fifo", "--json {}: cannot write it: not a regular file"),
        (".", "--json {}: cannot write it: not a regular file"),
        ("no/such/r.json", "--json {}: cannot write it: No such file or directory"),
    ],
)
def test_a_report_that_cannot_be_written_is_a_usage_error(tmp_path, where, why):
    os.mkfifo(tmp_path / "fifo")
    name = str(tmp_path / where) if where else ""
    assert usage_error(report.clear_report, name) == why.format(name)


def test_an_earlier_report_is_removed_before_the_run(tmp_path):
    write(tmp_path / "r.json", "{}")
    report.clear_report(str(tmp_path / "r.json"))
    assert not (tmp_path / "r.json").exists()


def test_a_report_is_written_whole_or_not_at_all(tmp_path):
    path = tmp_path / "r.json"
    info = report.RunInfo(PYTHON, None, False, "posix", 64.0, {})
    report.write_json(str(path), report.report_data(info, [], 0, 0))
    assert json.loads(path.read_text())["cases"] == []
    bad = {"p": replace(DEFAULT_PROFILE, time_limit=float("inf"))}  # not JSON
    with pytest.raises(ValueError):
        report.write_json(str(path), report.report_data(replace(info, profiles=bad), [], 0, 0))
    assert json.loads(path.read_text())["cases"] == []  # the old one, whole
    assert sorted(path.name for path in tmp_path.iterdir()) == ["r.json"]


# ---------------------------------------------------------------- the schema


def in_process_report():
    """A report as data, made in process: two problems, three cases."""
    other = replace(PROFILE, judge_name=None, other_limit=("C/C++", 0.5))
    info = report.RunInfo(None, "./a.out", True, "portable", 64.0, {"p": JUTGE, "q": other})
    results = [
        result(JUDGE_CASE, "PE", details=["presentation error"], shown=["  1"]),
        result(replace(CASE, name=os.fsdecode(b"bad\xff") if os.name == "posix" else "bad")),
        result(replace(CASE, problem="q"), "IE", 0.0, None, None, details=["could not run"]),
        replace(result(replace(CASE, name="scored")), score=7.5),
    ]
    return report.report_data(info, results, 1, 2)


def in_process_submissions_report():
    """A report of a package's submissions as data, made in process: one scored and ok with
    extra time, one CE, one skipped."""
    info = report.RunInfo(PYTHON, None, False, "posix", 8.0, {"pkg": PROFILE})
    slow = replace(result(replace(CASE, problem="pkg"), "TLE", 1.5, 1.5), reason="cpu-limit")
    checked = [
        report.Checked("accepted/a.py", "AC", "AC", True, True, 30.0, None, (slow,)),
        report.Checked("wrong_answer/b.py", "WA", "CE", False, False, None, "SyntaxError", ()),
        report.Checked("accepted/c.cobol", "AC", None, None, False, None, "no build support", ()),
    ]
    return report.submissions_data(info, checked, 2.0)


def test_the_schema_is_a_schema_of_this_report_version():
    jsonschema().Draft202012Validator.check_schema(schema())
    run = schema()["$defs"]["run"]
    assert run["properties"]["version"]["const"] == report.REPORT_VERSION
    case = schema()["$defs"]["case"]
    fields = [*report.JSON_CASE, "reason", "details"]
    assert case["required"] == fields == list(case["properties"])[:-1]
    assert case["properties"]["reason"]["enum"] == sorted(REASONS)
    optional = [*schema()["$defs"]["problem"]["properties"]][-2:]
    assert optional == ["output_limit_mib", "score"]  # like the case's score, optional
    assert sorted(case["properties"]["verdict"]["enum"]) == sorted(VERDICTS) == sorted(Verdict)
    assert run["required"] == list(in_process_report()) == list(run["properties"])
    jsonschema().validate(json.loads(json.dumps(in_process_report())), schema())


def test_the_schema_of_a_submissions_report_is_its_own():
    submissions = schema()["$defs"]["submissions"]
    assert submissions["properties"]["version"]["const"] == report.REPORT_VERSION
    data = in_process_submissions_report()
    assert submissions["required"] == list(data) == list(submissions["properties"])
    one = schema()["$defs"]["submission"]
    assert one["required"] == [name for name in one["properties"] if name not in ("score", "why")]
    assert list(data["submissions"][0]) == [*one["required"][:-1], "score", "cases"]
    assert (data["passed"], data["failed"], data["skipped"]) == (1, 1, 1)
    jsonschema().validate(json.loads(json.dumps(data)), schema())


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data.pop("submissions"),
        lambda data: data.update(cases=[]),  # a field of the other kind of report
        lambda data: data["submissions"][0].update(got="RE"),  # not Kattis's name
        lambda data: data["submissions"][0].update(expected=""),  # said, or null
        lambda data: data["submissions"][1].update(ok="NO"),
        lambda data: data["submissions"][2]["cases"].append({"case": "x"}),
    ],
)
def test_the_schema_rejects_a_submissions_report_that_breaks_it(change):
    data = copy.deepcopy(in_process_submissions_report())
    change(data)
    with pytest.raises(jsonschema().ValidationError):
        jsonschema().validate(data, schema())


def broken(change):
    """The in-process report with one change made (a function of the data)."""
    data = copy.deepcopy(in_process_report())
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data["cases"][0].pop("cpu_ms"),  # a missing field
        lambda data: data.pop("passed"),
        lambda data: data["cases"][0].update(verdict="OK"),  # a wrong verdict
        lambda data: data["cases"][0].update(verdict="ac"),
        lambda data: data.update(extra=1),  # a field of no version
        lambda data: data["cases"][1].update(line="AC"),
        lambda data: data.update(version=2),
        lambda data: data.update(path="fast"),
        lambda data: data["problems"]["q"].update(other_limit=["C/C++"]),
        lambda data: data["problems"]["p"].update(time_limit_s=0),
        lambda data: data["cases"][0].update(cpu_ms=-1),
        lambda data: data["cases"][0].update(details="one line"),
        lambda data: data["cases"][0].update(slow=None),
        lambda data: data["cases"][3].update(score="7.5"),
        lambda data: data["problems"]["p"].update(score=None),
        lambda data: data["problems"]["p"].update(output_limit_mib=0),
    ],
)
def test_the_schema_rejects_a_report_that_breaks_it(change):
    with pytest.raises(jsonschema().ValidationError):
        jsonschema().validate(broken(change), schema())


def reports_of_real_runs(root):
    """The --json reports of runs of several kinds under root."""
    make_root(
        root / "plain", ECHO, {"judge-a": ("1\n", "1\n"), "b": ("1\n", "2\n"), "c": ("1\n", None)}
    )
    failing = "import sys\nn = float(sys.stdin.read())\nif n < 0:\n    raise SystemExit(3)\n"
    failing += "while n:\n    pass\n"  # TLE
    make_root(root / "limits", failing, {"re": ("-1", "1\n"), "tle": ("9", "1\n")})
    (root / "limits" / "testcases" / "p" / "ie.in").mkdir()
    make_root(root / "bare", ECHO, {"a": ("1\n", "1\n")}, compare=None)  # no Judge: line
    exam = make_root(root / "exam", ECHO, {"judge-a": ("a\n", "a\n")}, compare=None)
    write(exam / "solutions" / "p.py", "# Judge: Exam; 2 s; 256 MiB; jutge; C/C++ 1 s\n" + ECHO)
    modes_root = contestant_root(root / "modes")
    yield "AC and WA", judged(root / "plain")
    yield "RE, TLE and IE", judged(root / "limits", "--tle", "0.3")
    yield "no Judge: line", judged(root / "bare", tle=None)
    yield "--command", judged(exam, "p", "--command", "cat", "--judge-only", tle=None)
    yield "checker, float and interactor", judged(modes_root, "-k", "sample", tle=None)


@POSIX_ONLY
def test_the_reports_of_real_runs_meet_the_schema(tmp_path):
    validator = jsonschema().Draft202012Validator(schema())
    seen = set()
    for kind, (_, data, err) in reports_of_real_runs(tmp_path):
        assert data is not None, (kind, err)
        errors = [f"{list(error.path)}: {error.message}" for error in validator.iter_errors(data)]
        assert errors == [], kind
        seen |= {case["verdict"] for case in data["cases"]}
        seen |= {"details" for case in data["cases"] if case["details"]}
        seen |= {"python" if data["python"] else "command"}
        seen |= {"no Judge: line" for problem in data["problems"].values() if not problem["judge"]}
    assert seen >= {"AC", "WA", "RE", "TLE", "IE", "--", "details", "python", "command"}
    assert "no Judge: line" in seen


# ---------------------------------------------------------------- the runner's human text


def test_each_case_has_its_line_and_each_problem_its_summary(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("1\n", "2\n"), "c": ("1\n", None)})
    status, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "AC", "p/b": "WA", "p/c": "--"} and status == 1
    assert re.search(  # no case is named judge-*: none is told apart, so no split and no note
        r"^== p \(Test judge: 1 s CPU, 1024 MiB, exact\): 1 passed, 1 failed \(1 WA\), "
        r"1 not checked \(no .out\); slowest \d+ ms CPU, \d+ ms wall, peak [\d.]+ MiB$",
        out,
        re.MULTILINE,
    )
    shown = "\n    first difference at line 1\n      expected: 2\n"
    assert shown in out and "\n    input:\n      1\n--  p/c " in out and EXTENDED_NOTE not in out
    assert out.endswith(
        f"failed: p/b (WA)\nagain, only those: python3 runner.py --root {root} --tle 1 -k b\n"
        "1 passed, 1 failed\n"
    )


def test_a_run_names_its_failed_cases_at_the_end(tmp_path):
    """40 cases, one of them wrong: the last lines name it and rerun it alone."""
    cases = {f"c{n}": ("1\n", "1\n") for n in range(40)}
    cases["c15"] = ("1\n", "2\n")
    root = make_root(tmp_path, ECHO, cases)
    status, out, _, _ = judge(root)
    lines = out.splitlines()
    assert status == 1 and lines[-3] == "failed: p/c15 (WA)", lines[-3:]
    assert lines[-2].endswith(" -k c15") and lines[-1] == "39 passed, 1 failed"
    status, out, _, _ = judge(root, "-k", "c15")
    assert verdicts(out) == {"p/c15": "WA"}


def test_more_than_ten_failures_are_counted_not_named(tmp_path):
    root = make_root(tmp_path, ECHO, {f"c{n}": ("1\n", "2\n") for n in range(12)})
    _, out, _, _ = judge(root)
    assert out.splitlines()[-3].endswith("p/c9 (WA), and 2 more")


def test_json_file_has_every_case(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n"), "b": ("1\n", "2\n"), "c": ("1\n", None)})
    status, data, _ = judged(root)
    assert status == 1  # the WA
    assert [(c["problem"], c["case"], c["verdict"]) for c in data["cases"]] == [
        ("p", "a", "AC"),
        ("p", "b", "WA"),
        ("p", "c", "--"),
    ]
    for case in data["cases"]:
        assert 0 < case["cpu_ms"] <= case["wall_ms"] + 20
        assert 1 < case["peak_mib"] < 200
        assert case["slow"] is False
    assert data["python"] == PYTHON and data["command"] is None
    assert data["problems"] == {
        "p": {
            "judge": "Test judge",
            "time_limit_s": 1,
            "memory_limit_mib": 1024,
            "compare": "exact",
            "other_limit": None,
        }
    }
    assert (data["passed"], data["failed"], data["version"]) == (1, 1, report.REPORT_VERSION)


def on_a_terminal(command, env, stderr_too=False):
    """What a pseudo-terminal shows of the runner's stdout (and of its stderr too, if
    stderr_too) as command runs it."""
    pty = pytest.importorskip("pty")
    leader, follower = pty.openpty()
    stderr = {"stderr": follower} if stderr_too else {}
    with subprocess.Popen(command, stdout=follower, env=env, **stderr) as child:
        os.close(follower)
        got = read_terminal(leader, child)
        os.close(leader)
        child.wait(timeout=60)
    return got


@POSIX_ONLY
@pytest.mark.parametrize(
    "no_color, coloured",
    [(None, True), ("1", False), ("", True)],
    ids=["no_NO_COLOR", "NO_COLOR_set", "an_empty_no_color_keeps_colour"],
)
def test_colour_only_on_a_terminal_and_never_with_no_color(tmp_path, no_color, coloured):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update({} if no_color is None else {"NO_COLOR": no_color})
    shown = on_a_terminal(runner_argv(root), env).decode()
    assert ("\033[32mAC \033[0m" in shown) is coloured
    assert "passed, 0 failed" in shown
    _, out, _, _ = judge(root, env=env)
    assert "\033[" not in out


def test_names_from_files_are_printed_escaped(tmp_path):
    """A Judge: line's name and a problem folder's name reach the terminal escaped, as case
    names do: ESC [2J would clear the screen."""
    solution = "# Judge: Odd\x1b[2J judge; 1 s; 64 MiB; exact\nprint(1)\n"
    make_root(tmp_path, solution, {"a": ("", "1\n")}, compare=None)
    (tmp_path / "testcases" / "q\x1b[2Jx").mkdir()  # no solution: skipped, with a warning
    make_root(tmp_path, "# Judge: Bad\x1b[2J; one s\nprint(1)\n", {"a": ("", "1\n")}, "r", None)
    status, out, err, _ = judge(tmp_path)
    assert "\x1b" not in out + err and status == 0, (out, err)
    assert "== p (Odd\\x1b[2J judge: 1 s CPU, 64 MiB, exact)" in out
    assert "problem 'q\\x1b[2Jx' has no solutions/q\\x1b[2Jx.py: skipped" in err
    assert "cannot read 'Judge: Bad\\x1b[2J; one s'" in err


@POSIX_ONLY
def test_odd_case_names_are_judged_and_shown_escaped(tmp_path, path):
    long = "n" * 252  # n...n.in is 255 bytes: its .out could not be a file name
    names = ["sample-1²", "sample-1", long, "esc\x1b[31m", "new\nline"]
    root = make_root(tmp_path, ECHO, {name: ("1\n", "1\n") for name in names[:2]})
    for name in names[2:]:
        write(root / "testcases" / "p" / (name + ".in"), "1\n")
    status, out, err, _ = judge(root, path=path)
    assert status == 0 and err == "" and "\x1b" not in out
    assert "p/esc\\x1b[31m" in out and "p/new\\nline" in out
    assert last_line(out) == "2 passed, 0 failed"


def test_raw_bytes_of_stderr_and_input_are_escaped(tmp_path):
    solution = (
        "import sys\ndata = sys.stdin.read()\nsys.stderr.write('bad\\x1b[2J\\x07\\n')\n"
        "print('x')\nraise SystemExit(0 if data else 1)\n"
    )
    root = make_root(tmp_path, solution, {"a": ("", "1\n")})
    write(root / "testcases" / "p" / "b.in", b"1\x00\x1b\x07\n")
    write(root / "testcases" / "p" / "b.out", "2\n")
    _, out, _, _ = judge(root)
    assert verdicts(out) == {"p/a": "RE", "p/b": "WA"}
    assert "bad\\x1b[2J\\x07" in out and "1\\x00\\x1b\\x07" in out
    assert not re.search("[\x00\x07\x1b]", out)


def test_judge_only_and_the_summary_count_both_kinds_of_case(tmp_path):
    cases = {"judge-a": ("a\n", "a\n"), "judge-b": ("b\n", "b\n"), "bom": ("x\n", "y\n")}
    root = make_root(tmp_path, ECHO, cases)
    status, out, _, _ = judge(root)
    assert status == 1 and verdicts(out) == {"p/judge-a": "AC", "p/judge-b": "AC", "p/bom": "WA"}
    lines = out.splitlines()
    at = lines.index(next(line for line in lines if "p/bom" in line))
    assert lines[at + 1] == "    " + EXTENDED_NOTE
    assert "; judge cases 2 of 2 passed, extended 0 of 1 passed;" in out
    status, out, _, _ = judge(root, "--judge-only")
    assert status == 0 and verdicts(out) == {"p/judge-a": "AC", "p/judge-b": "AC"}
    assert last_line(out) == "2 passed, 0 failed" and "judge cases 2 of 2 passed" in out


def test_a_failing_judge_case_has_no_extended_note(tmp_path):
    root = make_root(tmp_path, ECHO, {"judge-a": ("a\n", "b\n")})
    status, out, _, _ = judge(root)
    assert status == 1 and EXTENDED_NOTE not in out and verdicts(out) == {"p/judge-a": "WA"}


@POSIX_ONLY
def test_the_status_line_is_erased_before_each_line_of_the_report(tmp_path):
    """On one terminal, stdout and stderr: once the status lines are taken out, the report's
    lines are whole and in order."""
    root = make_root(
        tmp_path,
        BUSY.replace("print(1)", "print(1, flush=True)"),
        {"c1": ("1.5", "1\n"), "c2": ("0", "1\n"), "c3": ("0", "1\n")},
    )
    env = dict(os.environ, NO_COLOR="1", TERM="xterm")
    command = runner_argv(root, "-j", "1", "--tle", "5")
    got = on_a_terminal(command, env, stderr_too=True)
    assert re.search(rb"\r\x1b\[K0 / 3 cases", got), got  # drawn while c1 ran
    text = re.sub(rb"\r\x1b\[K(?:[0-9]+ / [0-9]+ cases[^\r\n]*)?", b"", got).decode()
    lines = text.replace("\r\n", "\n").splitlines()
    assert [line.split()[:2] for line in lines[:3]] == [["AC", f"p/c{n}"] for n in (1, 2, 3)]
    assert lines[3].startswith("== p (Test judge") and lines[4:] == ["3 passed, 0 failed"]


@POSIX_ONLY
def test_names_that_are_not_utf8_are_text_in_the_json(tmp_path):
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    folder = os.fsencode(root / "testcases" / "p")
    for ending in (b".in", b".out"):
        with open(folder + b"/bad\xff" + ending, "wb") as file:
            file.write(b"1\n")
    status, data, _ = judged(root)
    assert status == 0 and [case["case"] for case in data["cases"]] == ["a", "bad\\xff"]
    assert case_verdicts(data) == {"p/a": "AC", "p/bad\\xff": "AC"}


def test_escape_sequences_of_a_judge_line_never_reach_the_terminal(tmp_path):
    """Its name, its mode in the summary, and a missing checker's error, each escaped."""
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, compare="checker c\x1b[31m.py")
    status, out, err, _ = judge(root)
    assert status == 1 and "\x1b" not in out + err, out + err
    assert "checker c\\x1b[31m.py" in out
