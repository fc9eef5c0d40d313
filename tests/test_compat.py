"""Judge readiness: the solutions need no more than Python 3.8, and pass `oj test` unchanged.

- vermin (pinned in the test requirements) must find nothing in solutions/ that needs more
  than 3.8; a Python 3.8 interpreter, where one is installed, must compile every solution and
  give the expected output on every testcase.
- online-judge-tools is installed into the running interpreter if it is missing (the test is
  skipped, saying why, only if that install fails); then `oj test -d testcases/NAME -c
  "PYTHON solutions/NAME.py"` must report AC on every case of every problem, with oj's
  default comparison. oj's update check is answered from a cache made in a temporary folder,
  so it neither goes to the network nor writes to the home folder.
- The scale benchmark's constructions pass its self-test, and a quick run of it gets the
  right answers from every solution.
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
from util import ROOT, SOLUTIONS, TESTCASES

PROBLEMS = ("vertical_four", "conecta4", "gobang_checker", "infinite_gobang")
BENCH = ROOT / "bench" / "bench.py"


def run(argv, timeout, **kwargs):
    return subprocess.run(
        argv,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=str(ROOT),
        check=False,
        **kwargs,
    )


def pip_install(package):
    """Install PACKAGE into this interpreter; returns an error text, or None on success."""
    try:
        res = run(
            [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", package],
            timeout=600,
        )
    except subprocess.TimeoutExpired:
        return "pip install timed out"
    if res.returncode != 0:
        return (res.stderr or res.stdout).strip()[-2000:]
    importlib.invalidate_caches()
    return None


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
    if importlib.util.find_spec("vermin") is None:
        err = pip_install("vermin")
        if err is not None or importlib.util.find_spec("vermin") is None:
            pytest.fail(f"vermin is not installed and could not be installed: {err}")


@pytest.mark.parametrize("name", PROBLEMS)
def test_vermin_needs_at_most_3_8(name, vermin_ready):
    path = solution_path(name)
    # --eval-annotations: without `from __future__ import annotations`, 3.8 evaluates function
    # annotations when the def runs, so `list[int]` there would fail on 3.8.
    res = run(
        [sys.executable, "-c", VERMIN, "--no-tips", "--eval-annotations", "-t=3.8-", str(path)],
        timeout=120,
    )
    out = res.stdout + res.stderr
    # Exit status 1 means a target was not met; 0 with a verdict line is a pass.
    assert res.returncode == 0, f"vermin: solutions/{name}.py needs more than Python 3.8:\n{out}"
    assert "Target versions not met" not in out, out
    found = re.search(r"Minimum required versions:\s*(.*)", out)
    assert found, f"no verdict from vermin:\n{out}"
    minors = [int(m) for m in re.findall(r"\b3\.(\d+)", found.group(1))]
    assert all(m <= 8 for m in minors), f"solutions/{name}.py needs {found.group(1)}:\n{out}"


# ---------------------------------------------------------------- Python 3.8 itself


def find_python38():
    """A working Python 3.8 interpreter as (argv0, env), or None."""
    env = dict(os.environ)
    pyenv = shutil.which("pyenv")
    if pyenv:
        res = run([pyenv, "versions", "--bare"], timeout=60)
        versions = [v.strip() for v in res.stdout.split() if re.match(r"3\.8(\.|$)", v.strip())]
        if versions:
            env["PYENV_VERSION"] = versions[-1]
    for exe in ("python3.8",):
        path = shutil.which(exe)
        if not path:
            continue
        try:
            probe = "import sys; print(sys.version_info[:2]); print(sys.executable)"
            res = run([path, "-c", probe], 60, env=env)
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
    res = run([exe, "-c", code, str(path), str(tmp_path / "out.pyc")], 120, env=env)
    assert res.returncode == 0, f"solutions/{name}.py does not compile on 3.8:\n{res.stderr}"


@pytest.mark.parametrize("name", PROBLEMS)
def test_testcases_pass_under_python38(name, python38):
    """What vermin cannot see (a method new in 3.9 on a str, say) shows up when 3.8 runs it."""
    exe, env = python38
    path = solution_path(name)
    failed = []
    for case in cases_of(name):
        expected = case.with_suffix(".out")
        if not expected.is_file():
            continue
        with open(case, "rb") as stdin:
            res = subprocess.run(
                [exe, str(path)],
                stdin=stdin,
                capture_output=True,
                timeout=120,
                env=env,
                cwd=str(ROOT),
                check=False,
            )
        want = expected.read_bytes().replace(b"\r\n", b"\n")
        if res.returncode != 0 or res.stdout.replace(b"\r\n", b"\n") != want:
            err = res.stderr.decode(errors="replace").strip().splitlines()[-1:]
            failed.append(f"{case.name} (exit {res.returncode}) {' '.join(err)}")
    assert not failed, f"solutions/{name}.py under Python 3.8 fails: " + "; ".join(failed[:10])


# ---------------------------------------------------------------- oj test


@pytest.fixture(scope="module")
def oj_env(tmp_path_factory):
    """An environment in which `python -m onlinejudge_command.main` runs offline."""
    if importlib.util.find_spec("onlinejudge_command") is None:
        err = pip_install("online-judge-tools")
        if err is not None or importlib.util.find_spec("onlinejudge_command") is None:
            pytest.skip(f"online-judge-tools cannot be installed: {err}")
    from importlib.metadata import version

    cache = tmp_path_factory.mktemp("oj-cache")
    (cache / "online-judge-tools").mkdir()
    now = int(time.time())
    known = {
        pkg: {"time": now, "version": version(pkg)}
        for pkg in ("online-judge-tools", "online-judge-api-client")
    }
    (cache / "online-judge-tools" / "pypi.json").write_text(json.dumps(known))
    env = dict(os.environ, XDG_CACHE_HOME=str(cache), CI="true")
    res = run([sys.executable, "-m", "onlinejudge_command.main", "--version"], 120, env=env)
    assert res.returncode == 0, f"oj does not start:\n{res.stdout}\n{res.stderr}"
    return env


@pytest.mark.parametrize("name", PROBLEMS)
def test_oj_all_ac(name, oj_env):
    path = solution_path(name)
    n_cases = len(cases_of(name))
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(path.relative_to(ROOT)))}"
    argv = [sys.executable, "-m", "onlinejudge_command.main", "test"]
    argv += ["-d", f"testcases/{name}", "-c", command, "--tle", "60"]
    res = run(argv, timeout=1800, env=oj_env)
    out = res.stdout + res.stderr
    tail = "\n".join(out.splitlines()[-40:])
    assert res.returncode == 0, f"oj test failed for {name}:\n{tail}"
    assert f"test success: {n_cases} cases" in out, f"oj did not run all {n_cases} cases:\n{tail}"
    for verdict in ("WA", "RE", "TLE", "MLE"):
        assert f"[FAILURE] {verdict}" not in out, tail


# ---------------------------------------------------------------- bench


def test_bench_self_test():
    res = run([sys.executable, str(BENCH), "--self-test"], timeout=300)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "all constructions verified" in res.stdout


def test_bench_quick_gets_right_answers():
    for name in PROBLEMS:
        solution_path(name)
    res = run([sys.executable, str(BENCH), "--quick"], timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "WRONG ANSWER" not in res.stdout
    assert res.stdout.count("| yes |") + res.stdout.count("| **no") == 9, res.stdout
