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


def runner(name, cmd, *flags, tmp_path):
    """The runner on one problem with --command cmd: (exit status, the JSON report as data)."""
    report = tmp_path / "report.json"
    done = python(
        ROOT / "runner.py", name, "--command", cmd, "--json", report, *flags, text=True, timeout=900
    )
    assert report.is_file(), done.stderr
    return done.returncode, json.loads(report.read_text(encoding="utf-8"))


@pytest.mark.deep
@pytest.mark.parametrize("name, port", PORTS)
def test_every_judge_case_passes(name, port, tmp_path, request):
    compiled = request.getfixturevalue("compiled") if port == "plain.cpp" else {}
    status, report = runner(name, command(name, port, compiled), "--judge-only", tmp_path=tmp_path)
    judge_cases = count_judge_cases(name)
    failed = [case for case in report["cases"] if case["verdict"] not in PASSING]
    assert status == 0 and failed == [], failed[:3]
    assert (report["passed"], report["failed"]) == (judge_cases, 0)
    assert len(report["cases"]) == judge_cases


@pytest.mark.deep
@pytest.mark.parametrize("name, port", PORTS)
def test_every_failure_is_an_extended_case_and_says_so(name, port, tmp_path, request):
    compiled = request.getfixturevalue("compiled") if port == "plain.cpp" else {}
    status, report = runner(name, command(name, port, compiled), tmp_path=tmp_path)
    failed = [case for case in report["cases"] if case["verdict"] not in PASSING]
    assert failed and status == 1, f"the plain {port} of {name} passes even the extended cases"
    assert [case["case"] for case in failed if case["judge_case"]] == []
    assert not [case["case"] for case in failed if case["case"].startswith("judge-")]
    # Each failing case's details open with the note that the judge never sends it.
    assert [case["case"] for case in failed if case["details"][:1] != [EXTENDED_NOTE]] == []
    judged = [case for case in report["cases"] if case["judge_case"]]
    assert len(judged) == count_judge_cases(name)
    assert [case["case"] for case in judged if case["verdict"] not in PASSING] == []
