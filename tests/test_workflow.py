"""The GitHub Actions workflow that runs the runner on Linux, macOS and Windows: valid against
GitHub's workflow schema (check-jsonschema's built-in copy), and docs/platforms.md's platform table
says what it runs."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from util import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "runner.yml"


def check_jsonschema():
    """The check-jsonschema command beside this interpreter, or on PATH; else None."""
    beside = Path(sys.executable).with_name("check-jsonschema")
    for candidate in (beside, beside.with_suffix(".exe")):
        if candidate.exists():
            return str(candidate)
    return shutil.which("check-jsonschema")


def test_the_workflow_passes_githubs_schema():
    tool = check_jsonschema()
    if tool is None:
        print("check-jsonschema is not installed for", sys.executable)
        pytest.skip("check-jsonschema (requirements-test.txt) is not installed here")
    command = [tool, "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_schema_test_fails_on_a_broken_workflow(tmp_path):
    tool = check_jsonschema()
    if tool is None:
        pytest.skip("check-jsonschema (requirements-test.txt) is not installed here")
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOW.read_text().replace("runs-on:", "runs-where:"))
    command = [tool, "--builtin-schema", "vendor.github-workflows", str(broken)]
    assert subprocess.run(command, capture_output=True, timeout=120).returncode != 0


def matrix(key):
    found = re.search(rf"^ +{key}: \[(.*)\]$", WORKFLOW.read_text(), re.MULTILINE)
    return [item.strip().strip('"') for item in found.group(1).split(",")]


def test_the_platform_table_matches_the_workflow():
    page = (ROOT / "docs" / "platforms.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| GitHub Actions")]
    systems = {re.search(r"`([\w-]+)`", row).group(1) for row in rows}
    assert systems == set(matrix("os"))
    for row in rows:
        assert re.findall(r"`(3\.\d+|pypy[\d.]+)`", row) == matrix("python"), row
