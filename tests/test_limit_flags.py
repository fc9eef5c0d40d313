"""A limit too large for the system to hold (an rlimit of 64 bits) is refused in one line, as
a flag or on a Judge: line, never an unexpected error; within that, the run goes on."""

import pytest
from runner_util import ECHO, case_verdicts, judge, judged, make_root
from sandbox_util import needs_sandbox

from judge.model import MOST_MIB


@pytest.mark.parametrize("flag", ["--mle", "--ole"])
@pytest.mark.parametrize("value", ["1e305", str(MOST_MIB * 2)])
def test_a_memory_limit_past_what_an_rlimit_holds_is_one_usage_line(tmp_path, flag, value):
    needs_sandbox()
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    status, out, err, _ = judge(root, "p", "--sandbox", flag, value)
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1 and "unexpected" not in err and flag in err


def test_the_largest_memory_limit_is_taken(tmp_path):
    needs_sandbox()
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")})
    status, report, err = judged(root, "p", "--sandbox", "--mle", f"{MOST_MIB:.0f}")
    assert (status, case_verdicts(report)) == (0, {"p/a": "AC"}), err


def test_a_judge_line_past_it_is_read_as_no_line(tmp_path):
    needs_sandbox()
    root = make_root(tmp_path, ECHO, {"a": ("1\n", "1\n")}, compare="exact")
    solution = root / "solutions" / "p.py"
    solution.write_text(solution.read_text().replace(" 1024 MiB", " 1e305 MiB"))
    status, report, err = judged(root, "p", "--sandbox")
    assert (status, case_verdicts(report)) == (0, {"p/a": "AC"}), err
    assert report["problems"]["p"]["judge"] is None  # the defaults, with a warning
    assert "warning" in err and "unexpected" not in err
