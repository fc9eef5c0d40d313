"""A new problem is found where it is, at the level it reaches (tools/contract.py): judged
with its solution and testcases, stress with a tooling folder, complete when it says so.

The repo's solutions/, tests/, tools/, maint/, docs/, judge/, runner.py and Makefile are copied
into a temporary root (the testcases linked), and problems are added there:

- ``throwaway_fifth``, by the recipe of docs/adding-a-problem.md: a renamed copy of
  vertical_four in its three places (solutions/NAME.py, testcases/NAME/, tests/NAME/ with the
  name changed inside, COMPLETE and all). Nothing else is touched, and everything must take
  it up: the contract, the shared tests, the stress driver, the compat tests, the benchmark
  and the runner.
- ``half_added``: the same, but its gen.py has no BIG_CASES: it declares itself complete and
  is not, so it is reported by one failing test that names what it lacks, and its other
  tests are skipped: no collection error, and the other problems' tests run.
- ``no_tooling``: a solution and testcases without a tooling folder: judged, its cases
  checked, and the stress driver and the benchmark say what it lacks for them.
- ``demo_problem``, from the scaffold, by the README's commands under "Adding a problem"
  (`make new P=NAME`, the runner, the contract, the parts of `make test` that apply), in a
  root of its own; and ``stressed``, from the scaffold too, with an oracle and a generator.
"""

import os
import re
import shutil
import subprocess
import sys

import pytest
from util import ROOT, problems, python, run

from tools import contract

SOURCE = "vertical_four"
NEW, HALF, BARE = "throwaway_fifth", "half_added", "no_tooling"


def link_or_copy(source, target):
    try:
        os.symlink(source, target, target_is_directory=True)
    except (OSError, NotImplementedError):
        shutil.copytree(source, target)


def add_problem(root, name):
    """A renamed copy of SOURCE in its three places under root."""
    shutil.copytree(ROOT / "testcases" / SOURCE, root / "testcases" / name)
    shutil.copyfile(ROOT / "solutions" / (SOURCE + ".py"), root / "solutions" / (name + ".py"))
    tooling = root / "tests" / name
    shutil.copytree(ROOT / "tests" / SOURCE, tooling, ignore=shutil.ignore_patterns("__pycache__"))
    for path in tooling.glob("**/*.py"):
        text = re.sub(rf"\b{SOURCE}\b", name, path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
        if SOURCE in path.name:
            path.rename(path.with_name(path.name.replace(SOURCE, name)))


def copy_of_the_repo(root):
    """root, holding a copy of the repo, its testcases linked."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("solutions", "tests", "tools", "maint", "judge"):
        shutil.copytree(ROOT / folder, root / folder, ignore=ignore)
    for name in ("runner.py", "pyproject.toml", "README.md", "Makefile"):
        shutil.copyfile(ROOT / name, root / name)
    shutil.copytree(ROOT / "docs", root / "docs")
    (root / "testcases").mkdir()
    for name in problems():
        link_or_copy(ROOT / "testcases" / name, root / "testcases" / name)
    return root


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    """A copy of the repo with the three problems added."""
    root = copy_of_the_repo(tmp_path_factory.mktemp("repo"))
    for name in (NEW, HALF, BARE):
        add_problem(root, name)
    with open(root / "tests" / HALF / "gen.py", "a", encoding="utf-8") as gen:
        gen.write("\ndel BIG_CASES\n")
    shutil.rmtree(root / "tests" / BARE)
    return root


def in_root(root, *argv, timeout=600):
    done = python(*argv, cwd=root, timeout=timeout, text=True)
    return done.returncode, done.stdout + done.stderr


def test_the_contract_takes_the_new_one_and_names_what_the_others_lack(root):
    status, out = in_root(root, "-m", "tools.contract")
    assert status == 1, out
    assert f"{NEW}: complete" in out and f"{SOURCE}: complete" in out, out
    short = f"{HALF}: stress; it aims at complete (tests/{HALF}/COMPLETE), and lacks:\n"
    assert short + f"  - tests/{HALF}/gen.py has no BIG_CASES\n" in out, out
    assert f"\n{BARE}: judged (" in out, out
    assert f"  - tests/{BARE}/oracle.py with solve: `solve(text) -> str`" in out, out


@pytest.mark.deep  # seconds: two pytest runs in the copy
def test_the_shared_tests_take_it_and_report_the_half_added(root):
    # The shared tests and the problems' folders collected; a few of them run, to stay quick.
    folders = [f"tests/{name}" for name in (NEW, HALF)]
    argv = ["-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"]
    status, out = in_root(root, *argv, "tests/test_problems.py", "tests/test_compat.py", *folders)
    assert status == 0, out
    for test in ("test_stress", "test_oracle_gives_every_out", "test_vermin_needs_at_most_3_8"):
        assert f"{test}[{NEW}]" in out, out
        assert f"{test}[{HALF}]" not in out or test == "test_vermin_needs_at_most_3_8", out
    assert f"tests/{NEW}/test_{NEW}.py::" in out and f"tests/{HALF}/" not in out, out
    assert f"test_solution_gives_every_out[{BARE}]" in out, out
    assert f"test_stress[{BARE}]" not in out and f"test_vermin_needs_at_most_3_8[{BARE}]" in out
    argv = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_problems.py"]
    picked = f"contract or solution_gives and {SOURCE}"  # the other problems' tests still run
    status, out = in_root(root, *argv, "--tb=line", "-k", picked)
    failed = sorted(re.findall(r"^\S+ AssertionError: (.*)$", out, re.MULTILINE))
    assert failed == [f"{HALF}: tests/{HALF}/gen.py has no BIG_CASES"], out
    passed = int(re.search(r"(\d+) passed", out).group(1))
    assert passed == len(problems()) + 3, out  # the contracts of all but HALF, SOURCE's cases


def test_stress_driver_checks_it(root):
    code = f"from tools import play, problem; gen = problem.tooling({NEW!r}, 'gen'); "
    code += f"gen.STRESS = dict(gen.STRESS, count=300, min_count={{}}); play.check({NEW!r})"
    status, out = in_root(root, "-c", code)
    assert status == 0, out
    assert f"{NEW}: 300 inputs agree" in out, out
    status, out = in_root(root, "-m", "tools.stress", BARE, "-n", "5")
    assert status == 2 and f"tests/{BARE}/ is missing" in out and "Traceback" not in out, out


def test_benchmark_times_it_and_skips_the_others(root):
    status, out = in_root(root, "-m", "maint.bench", "--quick", "--only", NEW, "--only", BARE)
    assert status == 0, out
    assert re.search(rf"^\| {NEW} \| .*\| yes \|$", out, re.MULTILINE), out
    assert f"{BARE}: skipped, tests/{BARE}/ is missing" in out, out


def test_runner_judges_it(root):
    status, out = in_root(root, "runner.py", "-k", "sample", NEW)
    assert status == 0, out
    assert re.search(r"\b[1-9]\d* passed, 0 failed", out), out


# ---------------------------------------------------------------- a problem from the scaffold


def unused(name):
    """name, or name_2, name_3, ...: the first that is no problem of the repo already (one
    may be yours, from make new)."""
    taken = set(contract.known())
    return next(n for n in [name] + [f"{name}_{i}" for i in range(2, 99)] if n not in taken)


SCAFFOLDED, STRESSED, COLLECTED = unused("demo_problem"), unused("stressed"), unused("collected")
SELECTED = ["tests/test_problems.py", "tests/test_testcases.py", "tests/test_testcase_sides.py"]
SELECTED += ["tests/test_stress_judge_only.py", "tests/test_make_stress.py", "tests/test_compat.py"]


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """A copy of the repo, to which the scaffold adds problems."""
    return copy_of_the_repo(tmp_path_factory.mktemp("fresh"))


def readme_commands():
    """The commands of the README's block under "Adding a problem", comments cut."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^## Adding a problem\n.*?^```sh\n(.*?)^```", text, re.M | re.S)
    assert block, "the README shows no commands for adding a problem"
    return [line.split("#")[0].split() for line in block.group(1).splitlines()]


def scaffold(root, name):
    """`make new P=name` in root (tools.new where there is no make), then the header filled."""
    if shutil.which("make"):
        argv = ["make", "-s", "new", f"P={name}", f"PYTHON={sys.executable}"]
    else:
        argv = [sys.executable, "-m", "tools.new", name]
    done = run(argv, cwd=root, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"python3 runner.py {name}" in done.stdout, done.stdout
    return root / "solutions" / (name + ".py")


def fill_header(solution):
    text = solution.read_text(encoding="utf-8")
    assert text.count("TODO") == 6, text
    solution.write_text(text.replace("TODO ", ""), encoding="utf-8")


def selected_tests(root, picked, files=SELECTED):
    """The parts of `make test` that take up a problem: the tests of files picked by -k."""
    argv = ["-m", "pytest", "-v", "-p", "no:cacheprovider", "--tb=line", *files]
    return in_root(root, *argv, "-k", picked)


def passed(root, name, *tests):
    """The selected tests of a problem, which all pass, among them each of tests: their
    output."""
    status, out = selected_tests(root, name)
    assert status == 0, out
    for test in tests:
        assert f"test_{test}[{name}] PASSED" in out, out
    return out


# That the whole suite collects with a problem just scaffolded (COLLECTED) is checked in
# tests/test_names.py, in the one collection of the whole suite that it makes.


@pytest.mark.deep
def test_a_problem_from_the_scaffold_is_judged_by_the_readmes_commands(fresh):
    commands = readme_commands()
    assert [words[:2] for words in commands] == [
        ["make", "new"],
        ["python3", "runner.py"],
        ["python3", "-m"],
        ["make", "test"],
    ], commands
    solution = scaffold(fresh, SCAFFOLDED)
    cases = fresh / "testcases" / SCAFFOLDED
    made = sorted(path.name for path in cases.iterdir())
    assert made == ["judge-sample-1.in", "judge-sample-1.out"], made
    status, out = in_root(fresh, "runner.py", SCAFFOLDED)  # judged at once
    assert status == 0 and "judge cases 1 of 1 passed" in out and "1 passed, 0 failed" in out, out
    contract = commands[2][1:3]
    status, out = in_root(fresh, *contract, SCAFFOLDED)  # but the header is still to fill
    assert status == 1 and "its header still says TODO in Problem, Judge," in out, out
    status, out = selected_tests(fresh, f"contract and {SCAFFOLDED}", SELECTED[:1])
    assert status == 1 and f"test_meets_the_contract[{SCAFFOLDED}] FAILED" in out, out

    fill_header(solution)
    status, out = in_root(fresh, *contract, SCAFFOLDED)
    assert status == 0 and out.startswith(f"{SCAFFOLDED}: judged ("), out
    assert f"  - tests/{SCAFFOLDED}/gen.py with shrink: " in out, out
    tests = ("meets_the_contract", "solution_gives_every_out", "every_out_is_clean")
    out = passed(fresh, SCAFFOLDED, *tests, "vermin_needs_at_most_3_8")
    assert f"test_stress[{SCAFFOLDED}]" not in out, out  # no tooling, no stress test
    for check in (["check"], ["format", "--check"]):  # make lint, on the new file
        done = python("-m", "ruff", *check, solution, cwd=fresh, text=True)
        assert done.returncode == 0, done.stdout + done.stderr

    (cases / "judge-sample-1.out").write_text("4\n", encoding="utf-8")  # a wrong answer
    status, out = in_root(fresh, "runner.py", SCAFFOLDED)
    assert status == 1 and f"WA  {SCAFFOLDED}/judge-sample-1" in out, out
    status, out = selected_tests(fresh, f"solution_gives and {SCAFFOLDED}", SELECTED[:1])
    assert status == 1 and f"test_solution_gives_every_out[{SCAFFOLDED}] FAILED" in out, out
    (cases / "judge-sample-1.out").write_text("3\n", encoding="utf-8")


ORACLE = '''def solve(text):
    """a + b, counted one by one from the smaller to the larger."""
    a, b = sorted(int(word) for word in text.split())
    return "%d\\n" % (a + b) if a < 0 else "%d\\n" % (b + len(range(a)))
'''
GEN = """STRESS = {"count": 200, "seed": 1, "min_count": {"negative": 20, "not negative": 20}}


def random_input(rng, judge=False):
    return "%d %d\\n" % (rng.randint(-99, 99), rng.randint(-99, 99))


def kind(output):
    return "negative" if output.startswith("-") else "not negative"


def shrink(text):
    a, b = map(int, text.split())
    return ["%d %d\\n" % (a // 2, b)] if a not in (0, -1) else []


def size(text):
    return abs(int(text.split()[0]))
"""


@pytest.mark.deep
def test_an_oracle_and_a_generator_give_the_stress_level(fresh):
    fill_header(scaffold(fresh, STRESSED))
    tooling = fresh / "tests" / STRESSED
    tooling.mkdir()
    (tooling / "__init__.py").write_text("")
    (tooling / "oracle.py").write_text(ORACLE)
    status, out = in_root(fresh, "-m", "tools.contract", STRESSED)  # half added: reported
    assert status == 1 and f"  - tests/{STRESSED}/gen.py is missing" in out, out
    (tooling / "gen.py").write_text(GEN)
    status, out = in_root(fresh, "-m", "tools.contract", STRESSED)
    assert status == 0 and out.startswith(f"{STRESSED}: stress ("), out
    assert f"  - tests/{STRESSED}/{contract.MARKER}: " in out, out
    assert f"  - testcases/{STRESSED}/ has 1 cases, {contract.MIN_CASES} needed" in out, out
    status, out = in_root(fresh, "-m", "tools.stress", STRESSED, "-n", "30")
    assert status == 0 and "30 inputs (seed 1), no failure" in out, out
    passed(fresh, STRESSED, "stress", "oracle_gives_every_out", "shrink_offers_smaller_inputs")
    (tooling / "oracle.py").write_text(ORACLE.replace("(a + b)", "(a - b)"))
    status, out = selected_tests(fresh, f"test_stress and {STRESSED}", SELECTED[:1])
    assert status == 1 and f"test_stress[{STRESSED}] FAILED" in out, out


# ---------------------------------------------------------------- the levels' rules

HEADER = '''"""
Problem: a + b.
Judge: Somewhere 1; 1 s; 256 MiB; exact
Idea: add.
Time: O(1).
Memory: O(1).
Status: testcases/NAME.
"""


def solve(text):
    return "%d\\n" % sum(map(int, text.split()))
'''
HEADERS = {  # a solution, and what the judged level says it lacks
    "right": (HEADER, []),
    "no_docstring": (HEADER.split('"""\n\n\n')[1], ["opens with no header docstring"]),
    "no_idea": (HEADER.replace("Idea: add.\n", ""), [": its header has no Idea: line"]),
    "todo": (HEADER.replace("add.", "TODO add."), [": its header still says TODO in Idea"]),
    "bad_judge": (HEADER.replace("1 s;", "1.2.3 s;"), [": cannot read 'Judge: Somewhere 1; 1.2.3"]),
    "no_solve": (HEADER.replace("def solve", "def answer"), [" has no solve(text) function"]),
    "no_parse": (HEADER + "def (\n", [" does not parse: "]),
}


@pytest.mark.parametrize("variant", HEADERS)
def test_the_judged_level_wants_a_header_and_solve(tmp_path, variant):
    text, expected = HEADERS[variant]
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "sum.py").write_text(text, encoding="utf-8")
    (tmp_path / "testcases" / "sum").mkdir(parents=True)
    for name in ("judge-1.in", "judge-1.out", "2.in"):
        (tmp_path / "testcases" / "sum" / name).write_text("1 2\n")
    found = contract.lacks("sum", "judged", tmp_path)
    assert found[-1] == "testcases/sum/2.in has no .out beside it", found
    assert len(found) == len(expected) + 1, found
    for line, part in zip(found, expected):
        assert line.startswith("solutions/sum.py") and part in line, found


@pytest.mark.parametrize(
    "names, expected",
    [
        (["judge-1", "2"], ["has 2 cases, 20 needed"]),
        ([f"judge-{i}" for i in range(20)], ["has no extended case"]),
        ([str(i) for i in range(20)], ["has no judge case"]),
        ([f"judge-{i}" for i in range(10)] + [str(i) for i in range(10)], []),
    ],
)
def test_a_complete_problem_wants_20_cases_of_both_kinds(tmp_path, names, expected):
    for name in names:
        (tmp_path / "testcases" / "sum").mkdir(parents=True, exist_ok=True)
        (tmp_path / "testcases" / "sum" / (name + ".in")).write_text(name)
    found = contract.cases_lacks("sum", tmp_path)
    assert [line.split("/ ", 1)[1].split(" (")[0] for line in found] == expected


@pytest.mark.parametrize("argv", [["tools.contract"], ["maint.checks", "--table"]])
def test_a_report_ends_quietly_when_its_reader_goes(argv):
    """`python3 -m tools.contract | head -5`: the reader gone, no traceback."""
    read, write = os.pipe()
    os.close(read)  # every write now fails with EPIPE
    try:
        argv = [sys.executable, "-m", *argv]
        done = subprocess.run(argv, stdout=write, stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (141, b"")
