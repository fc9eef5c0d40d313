"""judge/process/environment.py: a judged program sees the judge's small environment, not the
caller's, on every path and under --sandbox; --keep-env passes the caller's whole."""

import os

import pytest
from runner_util import judged, make_root
from sandbox_util import REQUIRED

from judge.process import environment

SHOWS = """import os
print(" ".join(sorted(k for k in os.environ if k.startswith(("PYTHON", "SECRET_")))) or "-")
"""
CALLER = {"PYTHONUNBUFFERED": "1", "PYTHONPATH": "/nowhere", "SECRET_TOKEN": "hunter2"}


def shown(report):
    """What the program printed, from the WA's 'got:' line."""
    got = [line for line in report["cases"][0]["details"] if line.strip().startswith("got:")]
    return got[0].split(":", 1)[1].strip().replace("·", " ")


def test_the_callers_python_variables_and_secrets_stay_out(tmp_path, path):
    root = make_root(tmp_path, SHOWS, {"a": ("", "?\n")})
    status, report, _ = judged(root, env={**os.environ, **CALLER}, path=path)
    assert status == 1 and shown(report) == "-"


def test_keep_env_passes_everything(tmp_path, path):
    root = make_root(tmp_path, SHOWS, {"a": ("", "?\n")})
    status, report, _ = judged(root, "--keep-env", env={**os.environ, **CALLER}, path=path)
    assert status == 1 and set(CALLER) <= set(shown(report).split())


def test_the_sandbox_clears_the_environment_too(tmp_path):
    root = make_root(tmp_path, SHOWS, {"a": ("", "?\n")})
    status, report, err = judged(root, "--sandbox", env={**os.environ, **CALLER})
    if status == 2 and "--sandbox" in err and not REQUIRED:
        pytest.skip(err.strip())
    assert status == 1 and shown(report) == "-"


def test_the_kept_names(monkeypatch):
    for name, value in {**CALLER, "PATH": "/bin", "LC_ALL": "C", "TZ": "UTC"}.items():
        monkeypatch.setenv(name, value)
    kept = environment.judged_environment()
    assert {"PATH", "LC_ALL", "TZ"} <= set(kept) and not set(CALLER) & set(kept)
    environment.keep_everything()
    try:
        assert set(CALLER) <= set(environment.judged_environment())
    finally:
        environment.keep_everything(False)
