"""maint/overhead.py: the runner's own cost per case, against a shell loop of the same processes."""

import re
import shutil
import sys

import pytest

from maint import overhead

ROW = re.compile(
    r"^\| (C|Python) one line \| 5 \| ([\d.]+) \| ([\d.]+) \| ([\d.]+)x"
    r" \| <= ([\d.]+)x \| (yes|NO) \|$"
)


@pytest.mark.skipif(not shutil.which("cc"), reason="needs a C compiler (cc)")
def test_both_rows_are_measured_and_judged_against_their_targets():
    rows = overhead.overhead_rows(count=5, pairs=1)
    found = [ROW.match(row) for row in rows]
    assert all(found) and [match.group(1) for match in found] == ["C", "Python"], rows
    for match in found:
        ratio, target = map(float, match.group(4, 5))
        assert target == overhead.TARGETS[match.group(1)]
        if abs(ratio - target) > 0.01:  # the row shows the ratio rounded
            assert match.group(6) == ("yes" if ratio <= target else "NO")


@pytest.mark.skipif(not shutil.which("cc"), reason="needs a C compiler (cc)")
def test_the_runner_is_measured_with_the_processes_it_runs():
    runner_cpu, loop_cpu, ratio = overhead.measure("C", 5, 1, sys.executable)
    assert runner_cpu > loop_cpu > 0 and ratio == runner_cpu / loop_cpu
