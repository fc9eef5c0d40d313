"""The judge-faithful ports in tests/NAME/plain.py (and plain.cpp), written as a contestant
writes from the statement alone, and tests/NAME/grid.py, written as the statement's own
solution works (vertical_four's: a W x H grid rescanned after every move): judged through the
runner's --command, they pass every judge case, and every case they fail is an extended one,
labelled so in the report. What the runner says is read from its JSON report."""

import json
import shlex
import shutil
import sys

import pytest
from util import ROOT, TESTCASES, problems, python, run

from judge.model import EXTENDED_NOTE, PASSING

PORTS = [
    (name, port)
    for name in problems()
    for port in ("plain.py", "plain.cpp", "grid.py")
    if (ROOT / "tests" / name / port).is_file()
]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """{problem: the compiled plain.cpp}, built with g++ into a temporary folder."""
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.skip("no g++ on PATH: the C++ ports are not judged here")
    folder, built = tmp_path_factory.mktemp("plain"), {}
    for name, port in PORTS:
        if port == "plain.cpp":
            exe = folder / name
            done = run([gxx, "-O2", "-std=c++17", "-o", exe, ROOT / "tests" / name / port])
            assert done.returncode == 0, done.stderr.decode(errors="replace")
            built[name] = exe
    return built


def count_judge_cases(name):
    return len(list((TESTCASES / name).glob("judge-*.in")))


def command(name, port, compiled):
    if port.endswith(".py"):
        return f"{shlex.quote(sys.executable)} tests/{name}/{port}"
    return shlex.quote(str(compiled[name]))


def runner(name, port, *flags, tmp_path, request):
    """The runner on one problem with --command running its port: (exit status, the JSON
    report as data, the cases that failed)."""
    compiled = request.getfixturevalue("compiled") if port == "plain.cpp" else {}
    report = tmp_path / "report.json"
    argv = [ROOT / "runner.py", name, "--command", command(name, port, compiled)]
    done = python(*argv, "--json", report, *flags, text=True, timeout=900)
    assert report.is_file(), done.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    failed = [case for case in data["cases"] if case["verdict"] not in PASSING]
    return done.returncode, data, failed


@pytest.mark.deep
@pytest.mark.parametrize("name, port", PORTS)
def test_every_judge_case_passes(name, port, tmp_path, request):
    status, report, failed = runner(name, port, "--judge-only", tmp_path=tmp_path, request=request)
    judge_cases = count_judge_cases(name)
    assert status == 0 and failed == [], failed[:3]
    assert (report["passed"], report["failed"]) == (judge_cases, 0)
    assert len(report["cases"]) == judge_cases


@pytest.mark.deep
@pytest.mark.parametrize("name, port", PORTS)
def test_every_failure_is_an_extended_case_and_says_so(name, port, tmp_path, request):
    status, report, failed = runner(name, port, tmp_path=tmp_path, request=request)
    assert failed and status == 1, f"the plain {port} of {name} passes even the extended cases"
    assert [case["case"] for case in failed if case["judge_case"]] == []
    assert not [case["case"] for case in failed if case["case"].startswith("judge-")]
    # Each failing case's details open with the note that the judge never sends it.
    assert [case["case"] for case in failed if case["details"][:1] != [EXTENDED_NOTE]] == []
    judged = [case for case in report["cases"] if case["judge_case"]]
    assert len(judged) == count_judge_cases(name)
    assert [case["case"] for case in judged if case["verdict"] not in PASSING] == []
