"""Judge readiness: the solutions need no more than Python 3.8, and pass `oj test` unchanged.

The problems are the files solutions/*.py (util.problems()); nothing here lists them.

- vermin (pinned in the test requirements) must find nothing in solutions/ that needs more
  than 3.8; a Python 3.8 interpreter, where one is installed, must compile every solution and
  give the expected output on every testcase (as the Judge: line judges it). Without one,
  those tests are skipped, saying so.
- online-judge-tools (pinned in the test requirements; on 3.12+ with setuptools, which gives
  it back the distutils it imports): `oj test -d testcases/NAME -c "PYTHON solutions/NAME.py"`
  must report AC on every case of every problem, with oj's default comparison (`-e EPS` or
  `--judge-command CMD` where the Judge: line names a tolerance or a checker). And every
  wrong-answer program tests/NAME/wrong/*.py must fail there: `oj test` on the same folder
  must not be all AC, a case giving a wrong answer or a runtime error. Running oj over the
  whole folder for each of some fifty programs would take minutes on every interpreter, so
  the program first runs directly on the cases, smallest first, until one output differs
  (exactly, CRLF counting as LF: oj's default comparison; util.catching_case), and oj then
  judges that case; only when no case differs does oj run the whole folder, to have the
  last word.
  oj's update check is answered from a cache made in a temporary folder, so it neither goes
  to the network nor writes to the home folder.
"""

import importlib.util
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

import pytest
from util import ROOT, SOLUTIONS, TESTCASES, accepted, catching_case, mode, problems, run
from util import wrong_programs as corpus

from judge import read_profile
from judge.modes import parse_mode

PROBLEMS = problems()
WRONG = corpus()
OJ = [sys.executable, "-m", "onlinejudge_command.main"]  # oj, as the tests run it


def require_module(module, package):
    """Fail, saying what to do, when PACKAGE (from requirements-test.txt) is not installed."""
    if importlib.util.find_spec(module) is None:
        pytest.fail(
            f"{package} is not installed for {sys.executable}: `make test` installs the "
            "versions pinned in requirements-test.txt"
        )


def solution_path(name):
    path = SOLUTIONS / (name + ".py")
    assert path.is_file(), f"solutions/{name}.py is missing"
    return path


def cases_of(name):
    folder = TESTCASES / name
    assert folder.is_dir(), f"testcases/{name}/ is missing"
    ins = sorted(folder.glob("*.in"))
    assert ins, f"testcases/{name}/ has no .in file"
    return ins


# ---------------------------------------------------------------- vermin

VERMIN = "import sys, vermin; sys.argv[0] = 'vermin'; sys.exit(vermin.main())"


@pytest.fixture(scope="module")
def vermin_ready():
    require_module("vermin", "vermin")


@pytest.mark.parametrize("name", PROBLEMS)
def test_vermin_needs_at_most_3_8(name, vermin_ready):
    path = solution_path(name)
    assert vermin_needs(path) == [], f"solutions/{name}.py needs more than Python 3.8"


def vermin_needs(path):
    """What vermin finds in path that needs more than Python 3.8, one line each: nothing when
    vermin finds nothing newer, or nothing that decides either way (a plain file, "~2, ~3",
    for which its exit status is 1 all the same); a line saying so when it gives no verdict."""
    # --eval-annotations: without `from __future__ import annotations`, 3.8 evaluates function
    # annotations when the def runs, so `list[int]` there would fail on 3.8.
    argv = [sys.executable, "-c", VERMIN, "--no-tips", "--eval-annotations", "-t=3.8-", path]
    res = run(argv, text=True)
    out = res.stdout + res.stderr
    found = re.search(r"^Minimum required versions:(.*)$", out, re.MULTILINE)
    if not found:
        return [f"no verdict from vermin (exit {res.returncode}): {out.strip()}"]
    versions = [version.strip() for version in found.group(1).split(",")]
    newer = [v for v in versions if re.fullmatch(r"3\.(9|[1-9]\d+)", v)]
    return [f"{found.group(0).strip()}\n{out.strip()}"] if newer else []


@pytest.mark.parametrize(
    "source, needs",
    [("x = 1\n", False), ("import math\nprint(math.lcm(2, 3))\n", True)],
)
def test_the_vermin_check_itself(source, needs, vermin_ready, tmp_path):
    (tmp_path / "program.py").write_text(source)
    assert bool(vermin_needs(tmp_path / "program.py")) == needs


# ---------------------------------------------------------------- Python 3.8 itself


def find_python38():
    """A working Python 3.8 interpreter as (argv0, env), or None."""
    env = dict(os.environ)
    pyenv = shutil.which("pyenv")
    if pyenv:
        res = run([pyenv, "versions", "--bare"], timeout=60, text=True)
        versions = [v.strip() for v in res.stdout.split() if re.match(r"3\.8(\.|$)", v.strip())]
        if versions:
            env["PYENV_VERSION"] = versions[-1]
    for exe in ("python3.8",):
        path = shutil.which(exe)
        if not path:
            continue
        try:
            probe = "import sys; print(sys.version_info[:2]); print(sys.executable)"
            res = run([path, "-c", probe], timeout=60, env=env, text=True)
        except (OSError, subprocess.TimeoutExpired):
            continue
        lines = res.stdout.splitlines()
        if res.returncode == 0 and lines and lines[0] == "(3, 8)":
            # The binary itself where it is known: a pyenv shim is a slow shell script.
            real = lines[1] if len(lines) > 1 and os.path.isfile(lines[1]) else path
            return real, env
    return None


@pytest.fixture(scope="module")
def python38():
    found = find_python38()
    if found is None:
        pytest.skip("no Python 3.8 interpreter (python3.8) is installed here")
    return found


@pytest.mark.parametrize("name", PROBLEMS)
def test_compiles_under_python38(name, python38, tmp_path):
    exe, env = python38
    path = solution_path(name)
    code = "import py_compile, sys; py_compile.compile(sys.argv[1], sys.argv[2], doraise=True)"
    res = run([exe, "-c", code, path, tmp_path / "out.pyc"], env=env, text=True)
    assert res.returncode == 0, f"solutions/{name}.py does not compile on 3.8:\n{res.stderr}"


@pytest.mark.deep
@pytest.mark.parametrize("name", PROBLEMS)
def test_testcases_pass_under_python38(name, python38):
    """What vermin cannot see (a method new in 3.9 on a str, say) shows up when 3.8 runs it."""
    exe, env = python38
    path = solution_path(name)
    if mode(name).interactive:  # against its interactor, as the runner runs it
        done = run([sys.executable, ROOT / "runner.py", name, "--python", exe], env=env, text=True)
        assert done.returncode == 0, f"under Python 3.8:\n{done.stdout[-3000:]}{done.stderr}"
        return
    failed = []
    for case in cases_of(name):
        expected = case.with_suffix(".out")
        if not expected.is_file():
            continue
        with open(case, "rb") as stdin:
            res = run([exe, path], stdin, env=env)
        if res.returncode != 0 or not accepted(name, case, res.stdout):
            err = res.stderr.decode(errors="replace").strip().splitlines()[-1:]
            failed.append(f"{case.name} (exit {res.returncode}) {' '.join(err)}")
    assert not failed, f"solutions/{name}.py under Python 3.8 fails: " + "; ".join(failed[:10])


# ---------------------------------------------------------------- oj test


@pytest.fixture(scope="module")
def oj_env(tmp_path_factory):
    """An environment in which `python -m onlinejudge_command.main` runs offline."""
    require_module("onlinejudge_command", "online-judge-tools")
    from importlib.metadata import distributions

    cache = tmp_path_factory.mktemp("oj-cache")
    (cache / "online-judge-tools").mkdir()
    now = int(time.time())
    # oj asks PyPI for the newest release of itself and of its API client: answer with the
    # installed ones (online-judge-tools and online-judge-api-client, or their -ng forks).
    known = {
        dist.metadata["Name"]: {"time": now, "version": dist.version}
        for dist in distributions()
        if (dist.metadata["Name"] or "").lower().startswith("online-judge-")
    }
    (cache / "online-judge-tools" / "pypi.json").write_text(json.dumps(known))
    env = dict(os.environ, XDG_CACHE_HOME=str(cache), CI="true")
    res = run([*OJ, "--version"], env=env, text=True)
    assert res.returncode == 0, f"oj does not start:\n{res.stdout}\n{res.stderr}"
    return env


def oj_test(name, program, env, tle, only=None):
    """Run `oj test` on testcases/NAME (or only on the cases ONLY, paths of .in files) with
    PROGRAM: (exit status, {case: verdict}, output tail)."""
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(program.relative_to(ROOT)))}"
    argv = [*OJ, "test"]
    argv += ["-d", f"testcases/{name}", "-c", command, "--tle", str(tle), *oj_judging(name)]
    cases = only if only is not None else cases_of(name)
    if only is not None:
        argv += [str(path) for case in only for path in (case, case.with_suffix(".out"))]
    res = run(argv, timeout=1800, env=env, text=True)
    lines = (res.stdout + res.stderr).splitlines()
    tail = "\n".join(lines[-40:])
    went_online = any("GET: https://pypi.org" in line for line in lines)
    assert not went_online, f"oj's update check went to the network:\n{tail}"
    # oj prints each case's name on a line of its own, and later its verdict.
    names = {case.stem for case in cases}
    verdicts = oj_verdicts(lines, names)
    assert set(verdicts) == names, f"oj did not judge every case of testcases/{name}:\n{tail}"
    return res.returncode, verdicts, tail


def oj_verdicts(lines, names):
    """{case: verdict} of the cases of names, from oj's output lines: oj prints each case's
    name on a line of its own, and later its verdict."""
    verdicts, current = {}, None
    for line in lines:
        if line.startswith("[INFO] ") and line[7:] in names:
            current = line[7:]
        found = re.match(r"\[(?:SUCCESS|FAILURE)\] (AC|WA|RE|TLE|MLE)\b", line)
        if found and current is not None:
            verdicts[current], current = found.group(1), None
    return verdicts


def oj_judging(name):
    """oj's flags for the problem's Judge: line: -e EPS for a tolerance, --judge-command for a
    checker (testlib's argument order is oj's); an output validator oj cannot run."""
    flags = mode(name).oj_flags(sys.executable)
    if flags is None:
        pytest.skip(f"oj test cannot judge as {name}'s {mode(name).kind} does")
    return flags


def oj_reactive(name, env, folder):
    """`oj test-reactive` on each case of an interactive problem, its interactor given the
    case's files as the runner gives them: the cases it does not pass, with oj's last line."""
    interactor = shlex.split(mode(name).argument)
    if interactor[0].endswith(".py"):
        interactor.insert(0, sys.executable)
    failed = []
    for case in cases_of(name):
        files = [case, folder / "output", case.with_suffix(".out")]
        judge = shlex.join(interactor + [str(path) for path in files])
        command = f"{shlex.quote(sys.executable)} {shlex.quote(f'solutions/{name}.py')}"
        argv = [*OJ, "test-reactive", "-c", command]
        done = run([*argv, judge], timeout=600, env=env, text=True)
        if done.returncode != 0 or "[SUCCESS] AC" not in done.stdout + done.stderr:
            failed.append(f"{case.name}: {(done.stdout + done.stderr).strip()[-300:]}")
    return failed


@pytest.mark.deep
@pytest.mark.parametrize("name", PROBLEMS)
def test_oj_all_ac(name, oj_env, tmp_path):
    if mode(name).interactive:
        failed = oj_reactive(name, oj_env, tmp_path)
        assert not failed, "oj test-reactive: " + "; ".join(failed)
        return
    status, verdicts, tail = oj_test(name, solution_path(name), oj_env, tle=60)
    failed = sorted(f"{case} {v}" for case, v in verdicts.items() if v != "AC")
    assert not failed, f"oj test on {name}: " + ", ".join(failed) + f"\n{tail}"
    assert status == 0, f"oj test failed for {name}:\n{tail}"


def wrong_params():
    if not WRONG:
        reason = "no wrong-answer programs (tests/NAME/wrong/*.py) in this tree yet"
        return [pytest.param(None, marks=pytest.mark.skip(reason=reason))]
    return [pytest.param(p, id=f"{p.parent.parent.name}/{p.stem}") for p in WRONG]


# A short limit, so that a program that hangs costs seconds, not minutes; the solutions take
# a small part of it on every case.
WRONG_TLE = 5


@pytest.mark.deep
@pytest.mark.parametrize("program", wrong_params())
def test_oj_rejects_wrong_answer(program, oj_env):
    name = program.parent.parent.name
    shown = program.relative_to(ROOT)
    assert name in PROBLEMS, f"{shown}: there is no solutions/{name}.py"
    compile(program.read_bytes(), str(shown), "exec")  # a SyntaxError is not a wrong answer
    case = catching_case(name, program, WRONG_TLE)
    only = None if case is None else [case]
    status, verdicts, tail = oj_test(name, program, oj_env, WRONG_TLE, only)
    caught = sorted(c for c, v in verdicts.items() if v in ("WA", "RE"))
    if not caught and only is not None:
        # oj saw it otherwise than the direct run: let it judge the whole folder.
        status, verdicts, tail = oj_test(name, program, oj_env, WRONG_TLE)
        caught = sorted(c for c, v in verdicts.items() if v in ("WA", "RE"))
    assert caught, f"no case of testcases/{name} catches {shown}: oj gives " + ", ".join(
        sorted(set(verdicts.values()))
    )
    assert status != 0, f"oj test exits 0 although {', '.join(caught)} fail:\n{tail}"


def gnu_time():
    """Whether oj finds GNU time, which it needs for --mle (`time -f %M`, as oj checks)."""
    program = "gtime" if sys.platform == "darwin" else "time"
    if shutil.which(program) is None:
        return False
    done = run([program, "-f", "%M", "-o", os.devnull, "--", sys.executable, "-c", ""])
    return done.returncode == 0


PLAIN_PORTS = [
    (name, port)
    for name in PROBLEMS
    for port in ("plain.py", "grid.py")
    if (ROOT / "tests" / name / port).is_file()
]


@pytest.mark.deep
@pytest.mark.parametrize("name, port", PLAIN_PORTS)
def test_oj_on_the_judge_cases_alone_accepts_the_plain_port(name, port, oj_env):
    """The README's command for the judge cases alone: oj's --format picks the judge-* pairs;
    the memory limit is the judge's where oj can measure memory (GNU time is installed)."""
    command = f"{shlex.quote(sys.executable)} tests/{name}/{port}"
    argv = [*OJ, "test", "-c", command]
    argv += ["-d", f"testcases/{name}", "-f", "judge-%s.%e", "--tle", "60"]
    if gnu_time():
        argv += ["--mle", f"{read_profile(ROOT, name)[0].memory_limit:g}"]
    res = run(argv, timeout=1800, env=oj_env, text=True)
    judge_cases = len(list((TESTCASES / name).glob("judge-*.in")))
    tail = "\n".join((res.stdout + res.stderr).splitlines()[-20:])
    assert res.returncode == 0 and f"test success: {judge_cases} cases" in res.stdout, tail


# (mode, answer, printed): one case each, where the runner and oj with the mode's flags must
# give the same verdict. The README's table of oj flags per mode is Mode.oj_flags().
MODE_CASES = {
    "exact": [("1 2\n", "1 2\n"), ("1 2\n", "1 2"), ("1 2\n", "1  2\n"), ("1 2\n", "1 2\r\n")],
    "tokens": [("1 2\n", "1 2"), ("1 2\n", "1\n2\n"), ("1 2\n", "1 3\n"), ("1 2\n", " 1 2 \n")],
    "float 1e-6": [("1.0\n", "1.0000001\n"), ("1.0\n", "1.1\n"), ("2 3.5\n", "2 3.5000004\n")],
}


@pytest.mark.deep
@pytest.mark.parametrize("text", sorted(MODE_CASES))
def test_the_oj_flags_of_a_mode_give_the_runners_verdicts(text, oj_env, tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    for number, (answer, printed) in enumerate(MODE_CASES[text]):
        (folder / f"{number}.in").write_bytes(printed.encode())
        (folder / f"{number}.out").write_bytes(answer.encode())
    (tmp_path / "echo.py").write_text("import sys\nsys.stdout.write(sys.stdin.read())\n")
    command = f"{shlex.quote(sys.executable)} echo.py"
    kind, _, argument = text.partition(" ")
    flag = ["--float", argument] if argument else ["--compare", kind]
    report = tmp_path / "report.json"
    argv = [sys.executable, ROOT / "runner.py", "cases", "--command", command, *flag]
    run([*argv, "--json", report], cwd=tmp_path)
    ours = {case["case"]: case["verdict"] for case in json.loads(report.read_text())["cases"]}
    flags = parse_mode(text).oj_flags(sys.executable)
    argv = [*OJ, "test", "-d", "cases"]
    done = run([*argv, "-c", command, *flags], cwd=tmp_path, env=oj_env, text=True)
    theirs = oj_verdicts((done.stdout + done.stderr).splitlines(), ours)
    assert theirs == ours, f"{text} with oj {flags}:\n{done.stdout}{done.stderr}"
    assert set(ours.values()) == {"AC", "WA"}  # the cases tell the two apart
