"""judge/__init__.py: the package's API. Every name it declares loads, from the module it
names, only when first used; judge_input on a tiny program gives a Judgement."""

import importlib
import subprocess
import sys

import pytest
from util import ROOT

import judge
from judge.platform import PORTABLE

ECHO = "import sys\nsys.stdout.write(sys.stdin.read())\n"


@pytest.mark.parametrize("name", judge.__all__)
def test_every_name_in_all_loads_from_its_module(name):
    module = importlib.import_module(judge.MODULE_OF[name], "judge")
    assert getattr(judge, name) is getattr(module, name)


def test_all_is_sorted_and_what_dir_lists():
    assert judge.__all__ == sorted(set(judge.__all__)) and dir(judge) == judge.__all__
    assert {"judge_input", "read_profile", "new_running", "Program", "main"} <= set(judge.__all__)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match=r"^module 'judge' has no attribute 'nope'$"):
        judge.nope  # noqa: B018


def test_importing_the_package_loads_none_of_its_modules():
    code = "import sys, judge\nprint(sorted(m for m in sys.modules if m.startswith('judge.')))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT), timeout=60
    )
    assert done.stdout == "[]\n", done.stderr


@pytest.mark.parametrize("portable", [False, True], ids=["native", "portable"])
def test_judge_input_on_a_tiny_program_gives_a_judgement(tmp_path, portable):
    if not portable and PORTABLE:
        pytest.skip("this platform or RUNNER_PORTABLE=1 takes the portable path alone")
    (tmp_path / "a.in").write_bytes(b"1 2\n")
    (tmp_path / "a.out").write_bytes(b"1 2\n")
    (tmp_path / "b.out").write_bytes(b"1 3\n")
    program = judge.Program(([sys.executable, "-c", ECHO], None), tmp_path)
    profile = judge.DEFAULT_PROFILE
    running = judge.new_running(portable)
    try:
        judged = judge.judge_input(program, tmp_path / "a.in", profile, tmp_path / "a.out", running)
        wrong = judge.judge_input(program, tmp_path / "a.in", profile, tmp_path / "b.out", running)
    finally:
        running.end()
    assert isinstance(judged, judge.Judgement) and judged.verdict == "AC" and judged.details == ()
    assert judged.wall >= 0 and not judged.slow
    assert wrong.verdict == "WA" and wrong.details[0] == "first difference at line 1"
    unchecked = judge.judge_input(program, tmp_path / "a.in", profile)  # a running of its own
    assert unchecked.verdict == "--" and unchecked.input_lines == ()
