"""judge/build.py and judge/programs.py build as DOMjudge's compile scripts do, where its example
problem `hello` tells them apart: node --check on every JavaScript file of a program, imported
or not; Java's main class found when it compiles (none: CE), run with its package; and a
build's file limit of DOMjudge's script_filesize_limit (2.5 GiB), which a large array
initialised in a binary stays under. In process, then through the runner's --json report."""

import shutil

import pytest
from runner_util import case_verdicts, judged, write
from util import run

from judge import build, programs

ONE_LINE = "1 2\n"
JAVA = {  # the class with a main method prints the sum; solutions/s.java
    "package": "package bin;\nclass Main { public static void main(String[] a) {"
    " System.out.println(3); } }\n",
    "no main": "public class s { int main() { return 0; } }\n",
}


def needs(*tools):
    missing = [tool for tool in tools if shutil.which(tool) is None]
    return pytest.mark.skipif(bool(missing), reason=f"no {', '.join(missing)} on PATH")


def root_with(tmp_path, name, source):
    """A root whose one problem s has the solution name and one case: 1 2, answered 3."""
    write(tmp_path / "solutions" / name, source)
    write(tmp_path / "testcases" / "s" / "judge-1.in", ONE_LINE)
    write(tmp_path / "testcases" / "s" / "judge-1.out", "3\n")
    return tmp_path


# ---------------------------------------------------------------- in process


@pytest.mark.parametrize(
    "text, named, main",
    [
        ("package bin;\nclass Main { public static void main(String[] a) {} }", "Main", "bin.Main"),
        ("class A { public static void main(String[] a) {} }\nclass Main {}", "Main", "A"),
        ("class A { static void main(String[] a) {} }\nclass Main { void main() {} }", "B", "Main"),
        ("class main { int main() { return 0; } }", "main", ""),
        ("enum E { X; public static void main(String[] a) {} }", "E", "E"),
        ("class O { static class I { public static void main(String[] a) {} } }", "O", ""),
    ],
)
def test_javas_main_class_is_the_files_own_else_main_else_the_first_with_its_package(
    text, named, main
):
    assert build.java_main(text, named) == main


@needs("node")
def test_a_javascript_program_does_not_build_while_any_file_node_refuses(tmp_path):
    write(tmp_path / "p" / "main.mjs", 'import { sum } from "./sum.mjs";\nconsole.log(sum());\n')
    write(tmp_path / "p" / "sum.mjs", "export function sum() { return 3; }\n")
    write(tmp_path / "p" / "unused.js", "let let = ;\n")  # imported by none
    with pytest.raises(programs.Unbuilt) as refused:
        programs.program_command(tmp_path / "p", builds=tmp_path / "b")
    assert "p/unused.js:1" in str(refused.value)  # node's lines, the file named as in p/
    assert str(tmp_path) not in str(refused.value)  # not by the path of the build's copy
    (tmp_path / "p" / "unused.js").unlink()
    args, _ = programs.program_command(tmp_path / "p", builds=tmp_path / "b")
    assert run(args).stdout == b"3\n"


@needs("javac", "jar", "java")
def test_a_java_folder_with_no_main_method_does_not_build(tmp_path):
    write(tmp_path / "p" / "A.java", "class A { int main() { return 0; } }\n")
    write(tmp_path / "p" / "B.java", "class B { void run() {} }\n")
    with pytest.raises(programs.Unbuilt):
        programs.program_command(tmp_path / "p", builds=tmp_path / "b")


# ---------------------------------------------------------------- through the runner


@needs("node")
def test_a_javascript_source_node_refuses_is_ce(tmp_path):
    root = root_with(tmp_path, "s.js", "// Judge: T; 5 s; 1024 MiB; exact\nconsole.log(3;\n")
    status, report, _ = judged(root, tle=None)
    assert case_verdicts(report) == {"s/judge-1": "CE"} and status == 1


@pytest.mark.deep  # a JVM's start takes seconds of CPU: test_judge_build.py's table keeps Java fast
@needs("javac", "jar", "java")
@pytest.mark.parametrize("kind, verdict", [("package", "AC"), ("no main", "CE")])
def test_a_java_source_runs_its_main_class_with_its_package_and_without_one_is_ce(
    tmp_path, kind, verdict
):
    root = root_with(tmp_path, "s.java", "// Judge: T; 5 s; 1024 MiB; exact\n" + JAVA[kind])
    status, report, _ = judged(root, tle=None)
    assert case_verdicts(report) == {"s/judge-1": verdict}
    assert status == (0 if verdict == "AC" else 1)


@pytest.mark.deep
@needs("g++")
def test_a_build_may_write_a_binary_past_256_mib_as_domjudge_allows(tmp_path):
    source = "char a[300 << 20] = {1};\nint main() { return a[0] - 1; }\n"
    root = root_with(tmp_path, "s.cpp", source)
    try:
        made = build.program_for(root, "solutions/s.cpp")
        assert made.failure is None and made.command is not None
        assert run(made.command[0]).returncode == 0
    finally:
        shutil.rmtree(str(root / "build"), ignore_errors=True)
