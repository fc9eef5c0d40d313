"""The judge-faithful ports in tests/NAME/plain.py (and plain.cpp), written as a contestant
writes from the statement alone, and tests/NAME/grid.py, written as the statement's own
solution works (vertical_four's: a W x H grid rescanned after every move): judged through the
runner's --command, they pass every judge case, and every case they fail is an extended one,
labelled so in the report."""

import json
import re
import shlex
import shutil
import sys

import pytest
from util import ROOT, TESTCASES, problems, python, run

EXTENDED = "extended case: the judge never sends this input"
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
    report = tmp_path / "report.json"
    done = python(
        ROOT / "runner.py", name, "--command", cmd, "--json", report, *flags, text=True, timeout=900
    )
    cases = json.loads(report.read_text())["cases"] if report.is_file() else []
    return done, cases


@pytest.mark.deep
@pytest.mark.parametrize("name, port", PORTS)
def test_every_judge_case_passes(name, port, tmp_path, request):
    compiled = request.getfixturevalue("compiled") if port == "plain.cpp" else {}
    done, cases = runner(name, command(name, port, compiled), "--judge-only", tmp_path=tmp_path)
    judge_cases = count_judge_cases(name)
    last = done.stdout.splitlines()[-1]
    assert done.returncode == 0 and last == f"{judge_cases} passed, 0 failed", done.stdout[-3000:]
    assert len(cases) == judge_cases


@pytest.mark.deep
@pytest.mark.parametrize("name, port", PORTS)
def test_every_failure_is_an_extended_case_and_says_so(name, port, tmp_path, request):
    compiled = request.getfixturevalue("compiled") if port == "plain.cpp" else {}
    done, cases = runner(name, command(name, port, compiled), tmp_path=tmp_path)
    failed = [case["case"] for case in cases if case["verdict"] not in ("AC", "--")]
    assert failed, f"the plain {port} of {name} passes even the extended cases"
    assert not [case for case in failed if case.startswith("judge-")], failed
    # Each failing case's line is followed by the note that the judge never sends it.
    lines = done.stdout.splitlines()
    for case in failed:
        at = next(i for i, line in enumerate(lines) if re.search(rf"/{re.escape(case)}\s", line))
        assert lines[at + 1].strip().startswith(EXTENDED), lines[at : at + 2]
    summary = next(line for line in lines if line.startswith(f"== {name} "))
    judge_cases = count_judge_cases(name)
    assert f"judge cases {judge_cases} of {judge_cases} passed" in summary, summary
