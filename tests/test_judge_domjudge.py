"""judge/domjudge.py and DOMjudge's reading in judge/grading.py: `--package DIR --as domjudge`
judges a legacy package as DOMjudge does where that differs from problemtools: its limits
(.timelimit, 10 s, 2048 MiB), its output cut at the limit while the program runs on, and its
scoring (a group's accept_score when all its cases are correct, a wrong answer's score.txt,
each group's own grader_flags). tests/packages/ranked through the JSON report, and the grader
from tables."""

import json
import shutil
import sys

import pytest
from runner_util import PYTHON, RUNNER
from sandbox_util import needs_sandbox
from util import ROOT, run

from judge import domjudge
from judge.domjudge import judged_as
from judge.grading import grade
from judge.model import UsageError, Verdict
from judge.packages import Group, read_package
from judge.process.watch import BACKSTOP, wall_limit

RANKED = ROOT / "tests" / "packages" / "ranked"


def report_of(tmp_path, *args):
    """The runner on ranked with args and --json: (exit status, the report, stderr)."""
    report = tmp_path / "report.json"
    argv = [PYTHON, str(RUNNER), "--package", str(RANKED), *args, "--json", str(report)]
    done = run(argv, text=True)
    assert "Traceback" not in done.stderr, done.stderr
    data = json.loads(report.read_text(encoding="utf-8")) if report.exists() else None
    return done.returncode, data, done.stderr


@pytest.mark.deep
def test_every_submission_gets_what_domjudge_gives_it(tmp_path):
    status, report, _ = report_of(tmp_path, "--submissions", "--as", "domjudge")
    got = {s["submission"]: (s["got"], s.get("score"), s["ok"]) for s in report["submissions"]}
    assert got == {
        "accepted/square.py": ("AC", 100.0, True),  # Kattis: each case its accept_score, 200
        "wrong_answer/small.py": ("WA", 30.0, True),  # easy all correct, hard not: 30 + 0
        "time_limit_exceeded/flood.py": ("TLE", 0.0, True),  # the flood ran on to its limit
        "output_limit/padded.py": ("OLE", 0.0, True),  # past the limit, then exit 0
        "run_time_error/padded_crash.py": ("RTE", 0.0, True),  # past the limit, then exit 1
    }
    assert status == 0


@pytest.mark.parametrize("reading, verdict", [(None, "OLE"), ("domjudge", "TLE")])
def test_a_flood_of_stdout_is_cut_and_runs_on_to_its_time_limit(tmp_path, reading, verdict):
    command = f"{PYTHON} {RANKED / 'submissions' / 'time_limit_exceeded' / 'flood.py'}"
    given = ["--as", reading] if reading else []
    _, report, _ = report_of(tmp_path, "--command", command, "-k", "sample", *given)
    assert [case["verdict"] for case in report["cases"]] == [verdict]


@pytest.mark.parametrize(
    "reading, score, memory", [(None, 200.0, 1024.0), ("domjudge", 100.0, 2048.0)]
)
def test_kattis_stays_the_default_reading(tmp_path, reading, score, memory):
    command = f"{PYTHON} {RANKED / 'submissions' / 'accepted' / 'square.py'}"
    given = ["--as", reading] if reading else []
    status, report, _ = report_of(tmp_path, "--command", command, *given)
    problem = report["problems"]["ranked"]
    assert (status, problem["score"], problem["memory_limit_mib"]) == (0, score, memory)


@pytest.mark.parametrize(
    "args",
    [
        ["--validate", "--as", "domjudge"],  # a validator runs alike under both readings
        ["--submissions", "--as", "icpc"],
    ],
)
def test_as_is_refused_on_other_doors_in_one_line(tmp_path, args):
    status, report, err = report_of(tmp_path, *args)
    assert (status, report, len(err.strip().splitlines())) == (2, None, 1)


def test_as_is_refused_without_a_package():
    done = run([PYTHON, str(RUNNER), "--as", "domjudge"], text=True)
    assert (done.returncode, len(done.stderr.strip().splitlines())) == (2, 1)
    assert "--package" in done.stderr


# ---------------------------------------------------------------- its limits


@pytest.mark.parametrize(
    "files, limits",
    [
        ({}, (10.0, 2048.0, 8.0)),  # DOMjudge's defaults
        ({".timelimit": "3\n"}, (3.0, 2048.0, 8.0)),
        ({"domjudge-problem.ini": "timelimit = '4'\n", ".timelimit": "4"}, (4.0, 2048.0, 8.0)),
        ({"problem.yaml": "limits: {time_limit: 2, memory: 256, output: 4}\n"}, (2.0, 256.0, 4.0)),
    ],
)
def test_the_limits_domjudge_reads(tmp_path, files, limits):
    (tmp_path / "problem.yaml").write_text("name: x\n")
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    assert domjudge.domjudge_limits(tmp_path) == limits


@pytest.mark.parametrize("timelimit", ["2", "soon"])
def test_a_timelimit_file_that_disagrees_or_is_no_number_is_refused(tmp_path, timelimit):
    (tmp_path / "problem.yaml").write_text("limits: {time_limit: 1}\n")
    (tmp_path / ".timelimit").write_text(timelimit)
    with pytest.raises(UsageError):
        domjudge.domjudge_limits(tmp_path)


# ---------------------------------------------------------------- the grader, from tables


def group(path, items, own=None, **config):
    """A Group read from a folder; own: its testdata.yaml's settings (None: it has none)."""
    if own is not None:
        config.update(own, own=dict(own), grouped=True)
    return Group(path, config, tuple(items))


def data(*items, own=None, scoring=True):
    """data/ as DOMjudge reads it (its own settings: own)."""
    found = group("", items, own if own is not None else {})
    config = {**found.config, "judged_as": "domjudge", "scoring": scoring}
    return Group("", config, found.items)


def leaf(path, cases, **own):
    return group(path, [f"{path}/{case}" for case in cases], own)


def graded(tree, results):
    """grade() by results: case -> (verdict, score); the cases it asked for, in order, and what
    it gave (path -> (verdict, score))."""
    asked = []

    def result_of(name):
        asked.append(name)
        return results.get(name)

    return asked, {g.path: (g.verdict, g.score) for g in grade(tree, result_of)}


AC, WA, TLE, RE = Verdict.AC, Verdict.WA, Verdict.TLE, Verdict.RE
ADDONE = data(  # DOMjudge's way of grading a package such as addone: 10, 20, 30
    group("sample", ["sample/1"]),  # no testdata.yaml: no group, no score
    group(
        "secret",
        [leaf("secret/a", [1, 2], accept_score=10), leaf("secret/b", [1, 2], accept_score=20)],
        {"on_reject": "continue"},
    ),
    own={"on_reject": "continue"},
)
ALL = ["sample/1", "secret/a/1", "secret/a/2", "secret/b/1", "secret/b/2"]


@pytest.mark.parametrize(
    "failed, whole, groups",
    [
        ({}, ("AC", 30.0), {"secret/a": ("AC", 10.0), "secret/b": ("AC", 20.0)}),
        # all or nothing: one wrong case of b, b scores 0 (Kattis: 20 for the other)
        ({"secret/b/2": WA}, ("WA", 10.0), {"secret/a": ("AC", 10.0), "secret/b": ("WA", 0.0)}),
        # the sample is in no group: its failure counts for nothing
        ({"sample/1": WA}, ("AC", 30.0), {"secret/a": ("AC", 10.0), "secret/b": ("AC", 20.0)}),
        # the verdict is the first group's that is not correct; once each group is decided
        # (a and b break at their failure), no more cases run
        ({"secret/a/1": TLE, "secret/b/1": WA}, ("TLE", 0.0), {"secret/b": ("WA", 0.0)}),
    ],
)
def test_a_group_scores_its_accept_score_when_all_its_cases_are_correct(failed, whole, groups):
    results = {name: (failed.get(name, AC), None) for name in ALL}
    asked, got = graded(ADDONE, results)
    assert asked == (ALL[:-1] if "secret/b/1" in failed else ALL)
    assert got[""] == whole
    assert {path: got[path] for path in groups} == groups


def test_a_score_file_counts_on_a_correct_or_wrong_answer_and_the_others_score_0():
    tree = data(leaf("secret", [1, 2, 3, 4], accept_score=50, on_reject="continue"))
    results = {
        "secret/1": (AC, 10.0),
        "secret/2": (WA, 5.0),
        "secret/3": (RE, 7.0),
        "secret/4": (AC, None),  # no score.txt where others wrote one: it adds nothing
    }
    assert graded(tree, results)[1][""] == ("WA", 15.0)


def test_a_group_with_no_accept_score_and_no_score_file_adds_nothing():
    tree = data(leaf("sample", [1]), leaf("secret", [1], accept_score=5))
    assert graded(tree, {"sample/1": (AC, None), "secret/1": (AC, None)})[1][""] == ("AC", 5.0)


@pytest.mark.parametrize(
    "flags, score",
    [("", 60.0), ("sum", 60.0), ("avg", 20.0), ("min", 0.0), ("max", 40.0), ("min max", 40.0)],
)
def test_a_group_aggregates_by_its_own_grader_flags(flags, score):
    children = [leaf(f"secret/{n}", [1], accept_score=s) for n, s in zip("abc", (20, 40, 7))]
    tree = data(group("secret", children, {"grader_flags": flags, "on_reject": "continue"}))
    results = {"secret/a/1": (AC, None), "secret/b/1": (AC, None), "secret/c/1": (WA, None)}
    assert graded(tree, results)[1]["secret"][1] == score


def test_grader_flags_and_accept_score_are_not_inherited():
    below = leaf("secret/a/x", [1], accept_score=4)  # its parent's flags are not its own
    parent = group("secret/a", [below], {"grader_flags": "max", "accept_score": 99})
    tree = data(group("secret", [parent], {"accept_score": 50}))
    assert graded(tree, {"secret/a/x/1": (AC, None)})[1][""] == ("AC", 4.0)


def test_ignore_sample_leaves_the_sample_out():
    tree = data(leaf("sample", [1], accept_score=1), leaf("secret", [1], accept_score=9))
    tree = data(*tree.items, own={"grader_flags": "ignore_sample"})
    results = {"sample/1": (AC, None), "secret/1": (AC, None)}
    assert graded(tree, results)[1][""] == ("AC", 9.0)


def test_a_failure_in_a_group_that_breaks_decides_the_whole_and_no_more_cases_run():
    below = [leaf("secret/a", [1, 2], accept_score=10), leaf("secret/b", [1], accept_score=5)]
    tree = data(group("secret", below, {}))  # on_reject: break, the default
    results = {"secret/a/1": (WA, None), "secret/a/2": (AC, None), "secret/b/1": (AC, None)}
    asked, got = graded(tree, results)
    assert asked == ["secret/a/1"]  # DOMjudge's lazy evaluation: decided, judged no more
    assert got[""] == ("WA", 0.0)


def test_a_problem_not_scored_gets_its_first_failure():
    tree = data(leaf("sample", [1]), leaf("secret", [1, 2]), scoring=False)
    results = {"sample/1": (AC, None), "secret/1": (TLE, None), "secret/2": (WA, None)}
    asked, got = graded(tree, results)
    assert (asked, got) == (["sample/1", "secret/1"], {"": ("TLE", 0.0)})


def test_a_case_not_judged_is_left_out_of_its_group():
    tree = data(leaf("secret", [1, 2], accept_score=10))
    assert graded(tree, {"secret/2": (AC, None)})[1][""] == ("AC", 10.0)


def test_a_scoring_package_without_data_testdata_yaml_is_refused(tmp_path):
    package = tmp_path / "p"
    (package / "data" / "secret").mkdir(parents=True)
    (package / "problem.yaml").write_text("type: scoring\nlimits: {time_limit: 1}\n")
    (package / "data" / "secret" / "1.in").write_text("1\n")
    (package / "data" / "secret" / "1.ans").write_text("1\n")
    command = [PYTHON, str(RUNNER), "--package", str(package), "--command", "cat"]
    done = run([*command, "--as", "domjudge"], text=True)
    assert (done.returncode, len(done.stderr.strip().splitlines())) == (2, 1)
    assert "testdata.yaml" in done.stderr


# ------------------------------------------- DOMjudge's judgehost: its wall limit, its Python


def tiny_package(tmp_path, time_limit, answer):
    """A legacy package of one case (input 1), its answer answer, its time limit given."""
    package = tmp_path / "tiny"
    (package / "data" / "sample").mkdir(parents=True)
    (package / "problem.yaml").write_text(f"name: tiny\nlimits: {{time_limit: {time_limit}}}\n")
    (package / "data" / "sample" / "1.in").write_text("1\n")
    (package / "data" / "sample" / "1.ans").write_text(answer + "\n")
    return package


def judged_cases(tmp_path, package, command, *args):
    """The runner on package with --command and args: each case's (verdict, reason, wall)."""
    report = tmp_path / "report.json"
    argv = [PYTHON, str(RUNNER), "--package", str(package), "--command", command, *args]
    done = run([*argv, "--json", str(report)], text=True)
    assert "Traceback" not in done.stderr, done.stderr
    cases = json.loads(report.read_text(encoding="utf-8"))["cases"]
    return [(case["verdict"], case["reason"], case["wall_ms"] / 1000) for case in cases]


@pytest.mark.parametrize(
    "limit, overshoot, wall",
    [(5.0, (1.0, 0.1), 6.0), (20.0, (1.0, 0.1), 22.0), (0.5, None, 0.5 * BACKSTOP)],
)
def test_domjudges_wall_limit_is_the_time_limit_and_its_overshoot(limit, overshoot, wall):
    assert wall_limit(limit, overshoot) == pytest.approx(wall)


def test_domjudges_reading_gives_its_default_overshoot_and_judgehost(tmp_path):
    package = judged_as(read_package(tiny_package(tmp_path, 1, "ok")), "domjudge")
    profile = package.profile
    assert (profile.wall_overshoot, profile.judgehost) == ((1.0, 0.1), True)
    kattis = read_package(tiny_package(tmp_path / "k", 1, "ok")).profile
    assert (kattis.wall_overshoot, kattis.judgehost) == (None, False)


@pytest.mark.parametrize(
    "sleep, verdict, reason",
    [
        (0.8, "WA", "compared"),  # under 0.2 + 1 s of wall time: judged (Kattis's backstop: TLE)
        (3.0, "TLE", "wall-limit"),  # killed at 1.2 s, not at its end
    ],
)
def test_a_sleeping_program_is_killed_at_domjudges_wall_limit(tmp_path, sleep, verdict, reason):
    program = tmp_path / "sleepy.py"
    program.write_text(f"import time\ntime.sleep({sleep})\nprint('late')\n")
    package = tiny_package(tmp_path, 0.2, "ok")
    cases = judged_cases(tmp_path, package, f"{PYTHON} {program}", "--as", "domjudge")
    assert [case[:2] for case in cases] == [(verdict, reason)]
    assert cases[0][2] < 2.5  # the 3 s sleep was cut at DOMjudge's 1.2 s


@pytest.mark.skipif(shutil.which("pypy3") is None, reason="no pypy3 on PATH")
def test_python_runs_on_pypy3_as_domjudge_runs_python_3_unless_python_is_given(tmp_path):
    if sys.implementation.name != "cpython":  # --python below must name a CPython
        pytest.skip("the tests run on another Python than CPython")
    program = tmp_path / "which.py"
    program.write_text("import sys\nprint(sys.implementation.name)\n")
    package = tiny_package(tmp_path, 5, "pypy")
    verdicts = [
        judged_cases(tmp_path, package, str(program), "--as", "domjudge", *given)[0][0]
        for given in ((), ("--python", sys.executable))
    ]
    assert verdicts == ["AC", "WA"]


JUDGEHOST = """import errno
try:
    open("/etc/root-permission-test.txt").read()
    read = "read"
except OSError as error:
    read = errno.errorcode[error.errno]
status = open("/proc/self/status").read()  # its CPUs, as PyPy has no os.sched_getaffinity
cpus = [line.split()[1] for line in status.splitlines() if line.startswith("Cpus_allowed_list")]
print("one" if cpus[0].isdigit() else "more", read)
"""


def test_in_the_sandbox_a_case_runs_on_one_cpu_and_cannot_read_the_root_file(tmp_path):
    """As on DOMjudge's judgehost (pinned with -n, its chroot's root file); not so otherwise."""
    needs_sandbox()
    program = tmp_path / "host.py"
    program.write_text(JUDGEHOST)
    package = tiny_package(tmp_path, 5, "one EACCES")
    command = f"{PYTHON} {program}"
    verdicts = [
        judged_cases(tmp_path, package, command, "--as", reading, "--sandbox")[0][0]
        for reading in ("domjudge", "kattis")
    ]
    assert verdicts == ["AC", "WA"]
