"""judge/build.py for --command: a command that is one word naming a source file (x.cpp,
Main.java, a.c, x.py) is built as solutions/NAME.cpp is, and its program judged. Read from
the runner's --json report."""

import shutil

import pytest
from runner_util import POSIX_ONLY, case_details, case_verdicts, judged, write
from util import usage_error

from judge import build

SUM_CPP = """#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b); }
"""
SUM_PY = "a, b = map(int, input().split())\nprint(a + b)\n"
# Main.java: its class is Main, whatever class it holds, public or nested.
SUM_JAVA = """import java.util.Scanner;

class Main {
    public static final class Pair {
        final long a, b;
        Pair(long a, long b) { this.a = a; this.b = b; }
    }
    public final class Unused {}
    public static class Also {}

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        Pair pair = new Pair(in.nextLong(), in.nextLong());
        System.out.println(pair.a + pair.b);
    }
}
"""


def needs(*programs):
    missing = [name for name in programs if shutil.which(name) is None]
    return pytest.mark.skipif(bool(missing), reason=f"no {', '.join(missing)} on PATH")


@POSIX_ONLY
@pytest.mark.parametrize(
    "text, source",
    [
        ("x.cpp", "x.cpp"),
        ("./x.cpp", "./x.cpp"),
        ("'sub/Main.java'", "sub/Main.java"),
        ("x.py", "x.py"),
        ("x.cpp 5", None),
        ("X.TXT", None),
        ("sub", None),
    ],
)
def test_a_command_is_a_source_when_it_is_one_word_naming_a_source_file(tmp_path, text, source):
    for name in ("x.cpp", "sub/Main.java", "x.py", "X.TXT"):
        write(tmp_path / name, "")
    assert build.named_source(text, tmp_path) == source
    if source:
        assert build.command_of(text, tmp_path) == ([source], None)


@POSIX_ONLY
def test_a_source_that_is_not_there_is_a_command_not_found(tmp_path):
    why = "--command gone.cpp: no program gone.cpp on PATH"
    assert usage_error(build.command_of, "gone.cpp", tmp_path) == why


def judged_command(tmp_path, name, source, *args):
    """The runner judging FOLDER --command NAME, NAME in the folder it is run from: (exit
    status, report, stderr)."""
    write(tmp_path / name, source)
    write(tmp_path / "cases" / "one.in", "1 2\n")
    write(tmp_path / "cases" / "one.out", "3\n")
    write(tmp_path / "cases" / "big.in", "1000000000000 5\n")
    write(tmp_path / "cases" / "big.out", "1000000000005\n")
    (tmp_path / "repo").mkdir(exist_ok=True)
    command = ("cases", "--command", name, *args)
    return judged(tmp_path / "repo", *command, cwd=tmp_path, tle="5")


@needs("g++")
def test_a_cpp_source_as_the_command_is_built_and_judged(tmp_path):
    status, report, err = judged_command(tmp_path, "overflow.cpp", SUM_CPP)
    assert case_verdicts(report) == {"cases/one": "AC", "cases/big": "AC"}
    assert status == 0 and err == ""
    [binary] = (tmp_path / "repo" / "build").glob("overflow.cpp-*/*/overflow")
    built_at = binary.stat().st_mtime_ns
    status, report, _ = judged_command(tmp_path, "overflow.cpp", SUM_CPP)
    assert status == 0 and binary.stat().st_mtime_ns == built_at  # not built again


@needs("g++")
def test_a_source_that_does_not_compile_as_the_command_is_ce(tmp_path):
    status, report, _ = judged_command(tmp_path, "x.cpp", SUM_CPP.replace("b;", "b"))
    assert case_verdicts(report) == {"cases/one": "CE", "cases/big": "CE"} and status == 1
    for lines in case_details(report).values():
        assert lines[0] == "g++ could not build x.cpp: exit status 1"
        assert any("x.cpp:2:" in line and "error" in line for line in lines[1:])


@needs("gcc")
def test_a_c_source_as_the_command_is_built_with_its_language(tmp_path):
    source = SUM_CPP.replace("cstdio", "stdio.h").replace("int main()", "int main(void)")
    status, report, _ = judged_command(tmp_path, "a.c", source)
    assert case_verdicts(report) == {"cases/one": "AC", "cases/big": "AC"} and status == 0


def test_a_python_source_as_the_command_runs_on_the_python(tmp_path):
    status, report, _ = judged_command(tmp_path, "x.py", SUM_PY)
    assert case_verdicts(report) == {"cases/one": "AC", "cases/big": "AC"} and status == 0


@pytest.mark.deep  # a JVM's start takes seconds of CPU: test_judge_build.py's table keeps Java fast
@needs("javac", "jar", "java")
def test_a_java_source_runs_the_class_its_file_names(tmp_path):
    status, report, _ = judged_command(tmp_path, "Main.java", SUM_JAVA)
    assert case_verdicts(report) == {"cases/one": "AC", "cases/big": "AC"}, report["cases"]
    assert status == 0


CHECKER_CPP = """#include <cstdio>
int main(int argc, char **argv) {
    long long got = 0, want = 0;
    FILE *output = fopen(argv[2], "r"), *answer = fopen(argv[3], "r");
    if (fscanf(output, "%lld", &got) != 1 || fscanf(answer, "%lld", &want) != 1) return 2;
    return got == want ? 0 : 1;
}
"""


@POSIX_ONLY
@needs("g++")
def test_a_checker_built_the_first_time_says_so_once(tmp_path):
    """A checker given as a C++ source is built before the first case (testlib's take seconds):
    that run says so in one line on stderr; the next reuses the build and says nothing."""
    write(tmp_path / "chk.cpp", CHECKER_CPP)
    write(tmp_path / "cases" / "one.in", "1 2\n")
    write(tmp_path / "cases" / "one.out", "3\n")
    write(tmp_path / "sum.py", "print(sum(map(int, input().split())))\n")
    args = ("./cases", "--command", "python3 sum.py", "--checker", "chk.cpp")
    runs = [judged(tmp_path, *args, cwd=tmp_path) for _ in range(2)]
    for status, report, _ in runs:
        assert (status, case_verdicts(report)) == (0, {"cases/one": "AC"})
    first, again = (err.splitlines() for _, _, err in runs)
    assert len(first) == 1 and "chk.cpp" in first[0] and "building" in first[0], first
    assert again == []
