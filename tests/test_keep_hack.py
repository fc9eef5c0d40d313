"""The hacks `make stress` saves: in a git-ignored folder, never in testcases/; judged by
`runner.py --hacks`; made testcases by `make keep-hack` (tools/keep_hack.py) with the oracle's
.out, or the .out stress saved where the problem has no oracle, both files or neither."""

import shlex
import shutil
import sys
from pathlib import Path

import pytest
import stress_util
from stress_util import SUM, broken_copy, stress
from util import ROOT, python, run, tooling

from tools.stress_failure import HACKS

own_root = stress_util.own_root  # the fixture: a root with solutions/sum_n.py, gen.py, brute.py


def test_hacks_go_to_a_git_ignored_folder_never_to_testcases(tmp_path):
    """A stress run with the default folder saves its hack under hacks/NAME/, which git
    ignores; testcases/ is as it was."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git work tree")

    def status():
        return run(["git", "status", "--porcelain", "testcases/"], text=True).stdout

    before, made = status(), not HACKS.exists()
    done = stress("vertical_four", "--solution", str(broken_copy(tmp_path)))
    assert done.returncode == 1, done.stdout + done.stderr
    saved = ROOT / done.stdout.split("saved as ")[-1].split(".in and .out")[0]
    try:
        assert saved.parent == HACKS / "vertical_four"
        assert run(["git", "check-ignore", "-q", str(saved) + ".in"]).returncode == 0
        assert status() == before
    finally:
        for suffix in (".in", ".out"):
            Path(str(saved) + suffix).unlink()
        if made:  # the folder too, when this test made it
            shutil.rmtree(str(HACKS))


def test_the_runner_judges_the_hacks_when_asked(tmp_path):
    """runner.py --hacks judges hacks/NAME/ instead of testcases/NAME/."""
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "echo.py").write_text(
        "import sys\nsys.stdout.write(sys.stdin.read())\n", encoding="utf-8"
    )
    for folder, stem in (("testcases", "judge-sample"), ("hacks", "judge-hack-0a1b2c3d")):
        (tmp_path / folder / "echo").mkdir(parents=True)
        (tmp_path / folder / "echo" / (stem + ".in")).write_text("1\n", encoding="utf-8")
        (tmp_path / folder / "echo" / (stem + ".out")).write_text("2\n", encoding="utf-8")
    done = python(ROOT / "runner.py", "echo", "--hacks", "--root", tmp_path, text=True)
    assert done.returncode == 1 and "echo/judge-hack-0a1b2c3d" in done.stdout
    assert "judge-sample" not in done.stdout and "0 passed, 1 failed" in done.stdout
    (tmp_path / "hacks" / "echo" / "judge-hack-0a1b2c3d.in").unlink()
    done = python(ROOT / "runner.py", "echo", "--hacks", "--root", tmp_path, text=True)
    assert done.returncode == 2 and "no hack in hacks/NAME/" in done.stderr


def test_keep_hack_makes_a_testcase_with_the_oracles_out(tmp_path):
    """A judge case gets its judge- prefix; an extended input refuses one; the .out is the
    oracle's, and the hack leaves hacks/."""
    from tools import keep_hack

    hacks = tmp_path / "hacks" / "vertical_four"
    hacks.mkdir(parents=True)
    (tmp_path / "testcases" / "vertical_four").mkdir(parents=True)
    for stem, text in (("judge-hack-1", "5 5\n1 1 2 2 3 3 4 4\n"), ("hack-2", "5 5\r\n0\r\n")):
        (hacks / (stem + ".in")).write_bytes(text.encode())  # CRLF kept, on 3.8 too
        (hacks / (stem + ".out")).write_text("whatever\n", encoding="utf-8")
    made = keep_hack.keep(
        "vertical_four", "judge-hack-1.in", "row-win", root=tmp_path, tooling=ROOT
    )
    assert made == tmp_path / "testcases" / "vertical_four" / "judge-row-win.in"
    assert made.with_suffix(".out").read_text(encoding="utf-8") == "7,red\n"
    assert list(hacks.glob("judge-hack-1.*")) == []
    with pytest.raises(keep_hack.KeepError, match="the judge never sends this input"):
        keep_hack.keep("vertical_four", "hack-2", "judge-crlf", root=tmp_path, tooling=ROOT)
    made = keep_hack.keep("vertical_four", "hack-2", root=tmp_path, tooling=ROOT)
    assert made.name == "hack-2.in" and made.read_bytes() == b"5 5\r\n0\r\n"
    assert made.with_suffix(".out").read_text(encoding="utf-8") == "1,error\n"


def test_an_extended_input_is_refused_by_one_look_of_validate_py(tmp_path, monkeypatch):
    """validate.py judges the hack once, and its reason is the refusal's; a problem without
    validate.py says nothing of any input."""
    from tools import keep_hack, problem

    validate, looks = tooling("vertical_four", "validate"), []
    real = validate.why_extended
    monkeypatch.setattr(validate, "why_extended", lambda data: looks.append(data) or real(data))
    hacks = tmp_path / "hacks" / "vertical_four"
    hacks.mkdir(parents=True)
    (hacks / "hack-2.in").write_bytes(b"5 5\r\n0\r\n")
    with pytest.raises(keep_hack.KeepError, match=r"never sends this input \(.+\): drop"):
        keep_hack.keep("vertical_four", "hack-2", "judge-crlf", root=tmp_path, tooling=ROOT)
    assert looks == [b"5 5\r\n0\r\n"]
    assert problem.judge_sends("vertical_four", "5 5\n1 1 2 2 3 3 4 4\n") == (True, None)
    assert problem.judge_sends("sum_n", "2\n3 4\n") == (False, None)


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_keep_hack_passes_a_case_name_only_when_given(tmp_path):
    """Through make itself: without CASE= the hack keeps its own name. (GNU make owns AS, the
    assembler, so a variable AS once named every such case judge-as.)"""
    recorder = tmp_path / "python"
    real = shlex.quote(sys.executable)  # asked for its version as make starts
    recorder.write_text(f'#!/bin/sh\n[ "$1" = -c ] && exec {real} "$@"\necho "$@"\n')
    recorder.chmod(0o755)
    make = ["make", "-s", "--no-print-directory", "keep-hack", f"PYTHON={recorder}"]
    done = run([*make, "P=vertical_four", "H=hack-1a2b"], text=True)
    assert done.stdout.split() == ["-m", "tools.keep_hack", "vertical_four", "hack-1a2b"]
    done = run([*make, "P=vertical_four", "H=hack-1a2b", "CASE=row-win"], text=True)
    assert done.stdout.split()[-2:] == ["--as", "row-win"]


# ---------------------------------------------------- hacks of a problem with no tooling

SAVED_HACK = "2\n3 4\n"


def gen_brute_hack(root, out="7\n"):
    """root/hacks/sum_n/hack-1.in (and its .out, unless out is None), as a GEN/BRUTE stress run
    saves it: sum_n has no tests/sum_n/, no oracle."""
    hacks = root / "hacks" / "sum_n"
    hacks.mkdir(parents=True)
    (hacks / "hack-1.in").write_text(SAVED_HACK, encoding="utf-8")
    if out is not None:
        (hacks / "hack-1.out").write_text(out, encoding="utf-8")
    return hacks


def test_keep_hack_without_an_oracle_keeps_the_out_stress_saved(tmp_path):
    from tools import keep_hack

    hacks = gen_brute_hack(tmp_path)
    made = keep_hack.keep("sum_n", "hack-1", root=tmp_path)
    assert made == tmp_path / "testcases" / "sum_n" / "hack-1.in"
    assert made.read_text(encoding="utf-8") == SAVED_HACK
    assert made.with_suffix(".out").read_text(encoding="utf-8") == "7\n"
    assert list(hacks.iterdir()) == []


def test_keep_hack_with_no_answer_at_all_is_one_line_and_writes_nothing(own_root):
    hacks = gen_brute_hack(own_root, out=None)
    done = python("-m", "tools.keep_hack", "sum_n", "hack-1", cwd=own_root, text=True)
    assert done.returncode == 1, done.stdout + done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("keep-hack: sum_n has no oracle") and "no .out" in line, line
    assert not (own_root / "testcases" / "sum_n").exists() or not any(
        (own_root / "testcases" / "sum_n").iterdir()
    )
    assert (hacks / "hack-1.in").exists()


def test_keep_hack_writes_the_pair_or_nothing(tmp_path, monkeypatch):
    """A write that fails midway (the disk full at the second file) leaves no half case."""
    from tools import keep_hack

    gen_brute_hack(tmp_path)
    real, writes = Path.write_bytes, []

    def full_disk(path, data):
        writes.append(path)
        if len(writes) == 2:
            path.open("wb").close()  # created, then the disk is full
            raise OSError(28, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    with pytest.raises(OSError):
        keep_hack.keep("sum_n", "hack-1", root=tmp_path)
    monkeypatch.undo()
    assert len(writes) == 2
    assert list((tmp_path / "testcases" / "sum_n").iterdir()) == []
    assert (tmp_path / "hacks" / "sum_n" / "hack-1.in").exists()


def test_the_runner_judges_hacks_where_there_is_no_testcases_folder(tmp_path):
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "sum_n.py").write_text(SUM, encoding="utf-8")
    gen_brute_hack(tmp_path)
    for names in (["sum_n"], []):
        done = python(ROOT / "runner.py", *names, "--hacks", "--root", tmp_path, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "sum_n/hack-1" in done.stdout and "1 passed, 0 failed" in done.stdout
    done = python(ROOT / "runner.py", "sum_n", "--root", tmp_path, text=True)
    assert done.returncode == 2 and "no testcases/sum_n/ folder" in done.stderr
