"""tools/overhead.py: the runner's own cost per case, against a shell loop of the same processes."""

import re
import shutil

import pytest

from tools import overhead

ROW = re.compile(
    r"^\| (C|Python) one line \| 5 \| ([\d.]+) \| ([\d.]+) \| ([\d.]+)x"
    r" \| <= ([\d.]+)x \| (yes|NO) \|$"
)


@pytest.mark.skipif(not shutil.which("cc"), reason="needs a C compiler (cc)")
def test_both_rows_are_measured_and_judged_against_their_targets():
    rows = overhead.overhead_rows(count=5, pairs=1)
    found = [ROW.match(row) for row in rows]
    assert all(found), rows
    for match in found:
        runner_cpu, loop_cpu, ratio, target = map(float, match.group(2, 3, 4, 5))
        assert runner_cpu > loop_cpu > 0 and ratio > 1  # the runner runs the same processes too
        assert target == overhead.TARGETS[match.group(1)]
        assert match.group(6) == ("yes" if ratio <= target else "NO")
