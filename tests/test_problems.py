"""The tests every problem gets, written once over the problems tools/contract.py finds, as
far as each one's level goes (judged, stress, complete: see tools/contract.py).

- The problem meets the level it aims at: a half-added one fails here, in one test naming
  what it lacks, and its other tests are not collected (tests/conftest.py).
- The contract's rule for finding problems gives the set the runner judges.
- Every testcase's .out is the solution's, run in process (judged).
- The stress test: the solution against the oracle on gen.STRESS's seeded inputs. The fast
  run plays the first QUICK of them, the deep run all of them. Every testcase's .out is the
  oracle's answer (oracle.solve_large's for the BIG_CASES when there is one) (stress).
- gen.shrink only ever offers smaller inputs, by gen.size (the stress driver's shrinking
  ends).
- The solution run as a process on the bytes of gen.SAVED answers as the oracle reads them
  (decoded as UTF-8 with replacement), or, where the oracle rejects them, exits 1 with one
  line naming the problem, never a traceback.
- Every scale input's quick build is the same twice from one seed, and the solution gives it
  gen.scale_answer's answer.
"""

import random
import sys

import pytest
from util import ROOT, TESTCASES, cases, load_solution, problems_at, python, tooling, wrong_answers

from tools import contract, stress

JUDGED, STRESSED = problems_at("judged"), problems_at("stress")
QUICK = 2000  # the stress inputs of the fast run; the deep run plays all of gen.STRESS["count"]


def each(attribute):
    """(problem, index) of every entry of gen.ATTRIBUTE of the stress-tested problems, as
    params."""
    return [
        pytest.param(name, i, id=f"{name}-{i}")
        for name in STRESSED
        for i, _ in enumerate(getattr(tooling(name, "gen"), attribute, ()))
    ]


@pytest.mark.parametrize("name", contract.known())
def test_meets_the_contract(name):
    lacking = contract.missing(name)
    assert not lacking, f"{name}: " + "; ".join(lacking)


def runner_problems(root):
    """The problems the runner judges under root, asked of the runner itself."""
    code = (
        "import pathlib, runner, sys; print(runner.find_problems(pathlib.Path(sys.argv[1]), [])[0])"
    )
    out = python("-c", code, root, text=True)
    return out.stdout.strip(), out.stderr


def test_the_runner_finds_the_same_problems(tmp_path):
    assert runner_problems(ROOT)[0] == repr(contract.problems()), runner_problems(ROOT)
    for name, solution, inputs in [
        ("whole", True, ["a.in"]),
        ("no_cases_folder", True, None),
        ("empty_cases", True, []),
        ("only_outs", True, ["a.out"]),
        ("no_solution", False, ["a.in"]),
        ("_private", True, ["a.in"]),
    ]:
        if solution:
            (tmp_path / "solutions").mkdir(exist_ok=True)
            (tmp_path / "solutions" / (name + ".py")).write_text("print(1)\n")
        if inputs is not None:
            (tmp_path / "testcases" / name).mkdir(parents=True)
            for file in inputs:
                (tmp_path / "testcases" / name / file).write_text("1\n")
    found, err = runner_problems(tmp_path)
    assert found == repr(contract.problems(tmp_path)) == "['_private', 'whole']", err


@pytest.mark.parametrize("name", STRESSED)
def test_stress(name):
    """The first QUICK stress inputs, the minimum counts scaled to them."""
    stress.check(name, count=min(QUICK, tooling(name, "gen").STRESS["count"]))


@pytest.mark.deep
@pytest.mark.parametrize("name", STRESSED)
def test_stress_on_every_input(name):
    stress.check(name)


@pytest.mark.parametrize("name", STRESSED)
def test_oracle_gives_every_out(name):
    oracle, big = tooling(name, "oracle"), set(getattr(tooling(name, "gen"), "BIG_CASES", ()))
    wrong = [
        case
        for case, text, expected in cases(name)
        if (getattr(oracle, "solve_large", oracle.solve) if case in big else oracle.solve)(text)
        != expected
    ]
    assert not wrong, f"the oracle does not give the .out of {wrong}"


@pytest.mark.parametrize("name", JUDGED)
def test_solution_gives_every_out(name):
    wrong = wrong_answers(name, load_solution(name).solve)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("name", STRESSED)
def test_shrink_offers_smaller_inputs(name):
    gen = tooling(name, "gen")
    size, rng = getattr(gen, "size", len), random.Random(3)
    for _ in range(100):
        text = gen.random_input(rng)
        for smaller in gen.shrink(text):
            assert size(smaller) < size(text), (text, smaller)


@pytest.mark.parametrize("name, index", each("SAVED"))
def test_saved_bytes_give_the_oracles_answer(name, index):
    data = tooling(name, "gen").SAVED[index]
    done = python(ROOT / "solutions" / (name + ".py"), data=data)
    try:
        expected = tooling(name, "oracle").solve(data.decode("utf-8", "replace")).encode()
    except Exception:  # an input the oracle rejects: one line of error, no answer
        err = done.stderr.decode(errors="replace")
        assert (done.returncode, done.stdout) == (1, b""), err
        assert err.startswith(name + ": ") and len(err.splitlines()) == 1, err
        return
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.replace(b"\r\n", b"\n") == expected


@pytest.mark.parametrize("name, index", each("SCALE"))
def test_scale_quick_build_is_answered(name, index):
    gen = tooling(name, "gen")
    case = gen.SCALE[index]
    data = case["quick_build"](random.Random(case["name"]))
    assert data == case["quick_build"](random.Random(case["name"]))
    expected = gen.scale_answer(case["name"], data).decode()
    assert load_solution(name).solve(data.decode()) == expected


def test_judge_cases_are_named_so():
    assert contract.is_judge_case("judge-sample-1")
    assert contract.is_judge_case(TESTCASES / "x" / "judge-1.in")
    assert not contract.is_judge_case("sample-1") and not contract.is_judge_case("bom-judge-1")
    assert sys.modules[STRESSED[0]] is tooling(STRESSED[0])  # one import of each package
