"""judge/build.py: solutions, checkers and interactors in any language, each built once into
the build folder. The table and the build's key are read in process."""

import shutil
import sys
import time

import pytest
from runner_util import POSIX_ONLY, write

from judge import build
from judge.model import MIB, UsageError
from judge.process.watch import Limits

# ---------------------------------------------------------------- the table, in process


def test_each_extension_has_its_language():
    names = {ext: build.language_of(f"x/p{ext}").name for ext in build.LANGUAGES}
    assert names == {
        ".py": "Python",
        ".c": "C",
        ".cpp": "C++",
        ".cc": "C++",
        ".cxx": "C++",
        ".java": "Java",
        ".rs": "Rust",
        ".js": "JavaScript",
    }
    assert build.language_of("p.txt") is None and build.language_of("P.CPP").name == "C++"
    gpp = build.LANGUAGES[".cpp"].build[0]
    assert gpp[:5] == ("g++", "-std=gnu++17", "-O2", "-pipe", "-DONLINE_JUDGE")


@pytest.mark.parametrize(
    "text, main",
    [
        ("public class Solution { }", "Solution"),
        ("class Helper {}\npublic final class Sol {}", "Sol"),
        ("// public class Nope\nclass Main {}", "Main"),
        ('class A { String s = "public class B"; }', "A"),
        ("char c = '\"'; public class Q {}", "Q"),
        ("interface I {}", "Main"),
    ],
)
def test_javas_class_is_the_public_one_else_the_first(text, main):
    assert build.java_class(text) == main


def test_a_python_tool_is_run_as_before_and_a_missing_source_is_a_usage_error(tmp_path):
    write(tmp_path / "chk.py", "pass\n")
    script = str((tmp_path / "chk.py").resolve())
    command = ([sys.executable, script, "-x"], sys.executable)
    assert build.tool_command("chk.py -x", tmp_path, "--checker") == command
    with pytest.raises(UsageError, match=r"^--checker chk\.cpp: no file chk\.cpp under "):
        build.tool_command("chk.cpp", tmp_path, "--checker")


def test_the_key_changes_with_the_source_a_header_beside_it_and_the_compiler(tmp_path):
    source, cpp = tmp_path / "p.cpp", build.LANGUAGES[".cpp"]
    write(source, "int main(){}\n")
    tools = {"g++": sys.executable}  # any file stands for a compiler
    key = build.build_key(cpp, tmp_path / "p.cpp", b"int main(){}\n", tools)
    assert key == build.build_key(cpp, tmp_path / "p.cpp", b"int main(){}\n", tools)
    assert key != build.build_key(cpp, tmp_path / "p.cpp", b"int main(){ }\n", tools)
    write(tmp_path / "testlib.h", "// a header\n")
    with_header = build.build_key(cpp, tmp_path / "p.cpp", b"int main(){}\n", tools)
    assert with_header != key
    other = build.build_key(cpp, tmp_path / "p.cpp", b"int main(){}\n", {"g++": str(source)})
    assert other != with_header


@POSIX_ONLY
def test_a_build_that_hangs_is_killed_at_its_limit(tmp_path):
    sleep = shutil.which("sleep")
    start = time.monotonic()
    with pytest.raises(build.BuildFailed) as failed:
        build.run_build([sleep, "30"], tmp_path, "p.cpp", "p.cpp", Limits(0.2, 4096.0, MIB))
    assert time.monotonic() - start < 10
    assert failed.value.lines == ["sleep passed 0.2 s of CPU time (0.6 s of wall time) building"
                                  " p.cpp, and was killed"]  # fmt: skip
