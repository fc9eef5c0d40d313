"""The tests every problem gets, written once over the problems tools/contract.py finds, as
far as each one's level goes (judged, stress, complete: see tools/contract.py).

- The problem meets the level it aims at: a half-added one fails here, in one test naming
  what it lacks, and its other tests are not collected (tests/conftest.py).
- Every testcase's .out is the solution's, run in process, or where the Judge: line names a
  tolerance or a checker, its output is accepted by them; an interactive solution passes the
  runner, against its interactor (judged).
- The stress test: the solution against the oracle on gen.STRESS's seeded inputs. The fast
  run plays the first QUICK of them, the deep run all of them. Every testcase's .out is the
  oracle's answer (oracle.solve_large's for the BIG_CASES when there is one; those, a second
  or more each, in the deep run) (stress).
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
from util import (
    ROOT,
    TESTCASES,
    accepted,
    cases,
    load_solution,
    mode,
    problems_at,
    python,
    tooling,
    wrong_answers,
)

from tools import contract, play

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


@pytest.mark.parametrize("name", STRESSED)
def test_stress(name):
    """The first QUICK stress inputs, the minimum counts scaled to them."""
    play.check(name, count=min(QUICK, tooling(name, "gen").STRESS["count"]))


@pytest.mark.deep
@pytest.mark.parametrize("name", STRESSED)
def test_stress_on_every_input(name):
    play.check(name)


def oracle_misses(name, big):
    """The testcases of gen.BIG_CASES (big) or the others whose .out the oracle does not give
    (oracle.solve_large's for a big one, when there is one)."""
    oracle, bigs = tooling(name, "oracle"), set(getattr(tooling(name, "gen"), "BIG_CASES", ()))
    solve = getattr(oracle, "solve_large", oracle.solve) if big else oracle.solve
    return [
        case
        for case, text, expected in cases(name)
        if (case in bigs) == big and solve(text) != expected
    ]


@pytest.mark.parametrize("name", STRESSED)
def test_oracle_gives_every_out(name):
    """Every .out but those of gen.BIG_CASES, which take the oracle a second or more each:
    the deep run checks them, and the problem's own tests pin them as they are built."""
    wrong = oracle_misses(name, big=False)
    assert not wrong, f"the oracle does not give the .out of {wrong}"


@pytest.mark.deep
@pytest.mark.parametrize("name", STRESSED)
def test_oracle_gives_every_big_out(name):
    wrong = oracle_misses(name, big=True)
    assert not wrong, f"the oracle does not give the .out of {wrong}"


@pytest.mark.parametrize("name", JUDGED)
def test_solution_gives_every_out(name):
    """Exactly the .out, where a problem is compared (exact, jutge...); accepted by the Judge:
    line's tolerance or checker, where it has one, as the runner would accept it."""
    if mode(name).interactive:  # no solve(text): run against its interactor
        done = python(ROOT / "runner.py", name, text=True, timeout=600)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr
        return
    solve = load_solution(name).solve
    if mode(name).bytes_count:  # exact, jutge: the .out to the byte
        wrong = wrong_answers(name, solve)
    else:
        ins = sorted((TESTCASES / name).glob("*.in"))
        outputs = {case: solve(case.read_bytes().decode()).encode() for case in ins}
        wrong = [case.name for case in ins if not accepted(name, case, outputs[case])]
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
    for name in STRESSED[:1]:  # none where every problem is at the judged level
        assert sys.modules[name] is tooling(name)  # one import of each package
