"""What the tests of the runner's doors need of the sandbox: a test that needs bwrap skips,
saying why, where it cannot start one; with RUNNER_SANDBOX_REQUIRED=1 in the environment (CI
sets it) that is a failure instead."""

import functools
import os

import pytest

from judge.model import UsageError
from judge.process.sandbox import find_sandbox

REQUIRED = os.environ.get("RUNNER_SANDBOX_REQUIRED", "") not in ("", "0")


@functools.lru_cache(maxsize=None)
def why_no_sandbox():
    """Why bwrap cannot start a sandbox here, or None when it can (asked once)."""
    try:
        find_sandbox()
    except UsageError as error:
        return str(error)
    return None


def needs_sandbox():
    """Skip the calling test where there is no sandbox, or fail it where one is required."""
    missing = why_no_sandbox()
    if missing and REQUIRED:
        pytest.fail(f"RUNNER_SANDBOX_REQUIRED=1, but: {missing}")
    if missing:
        pytest.skip(missing)
