"""judge/programs.py and judge/build.py's programs of several files: a package's program as the
format (2025-09, "Programs") and its judges read it. A folder is one program: its build and
run scripts, else its language by its files (problemtools' count and priority), its entry
point, its sources built together, and include/'s files added to a submission. In process
for the rules; then `runner.py --package DIR --submissions --json FILE` on tests/packages/
scripted (an output validator built by its own scripts) and parts (a validator of a source
and its header, submissions of several C++, Python, Java and shell files, a .c++ file, and
one that needs include/cpp/)."""

import json
import shutil

import pytest
from runner_util import PYTHON, RUNNER, write
from sandbox_util import needs_sandbox
from util import ROOT, run

from judge import build, packages, programs

PACKAGES = ROOT / "tests" / "packages"
PYTHON2_LINE = "#!/usr/bin/env python2\n"


def files(tmp_path, texts):
    """The files named, written under tmp_path/p, as programs.program_files gives them."""
    for name, text in texts.items():
        write(tmp_path / "p" / name, text)
    return programs.program_files(tmp_path / "p")


@pytest.mark.parametrize(
    "texts, language",
    [
        ({"a.cpp": "", "b.c": ""}, "C++"),  # a tie: C++'s priority is higher
        ({"a.c": "", "b.c": "", "c.cpp": "", "d.h": ""}, "C"),  # the most files
        ({"x.c++": ""}, "C++"),
        ({"main.mjs": "", "module.mjs": ""}, "JavaScript"),
        ({"main.sh": "", "part.sh": ""}, "Bash"),
        ({"x.py3": ""}, "Python"),
        ({"x.py": PYTHON2_LINE}, "Python 2"),  # counts for both: Python 2's priority wins
        ({"x.py": PYTHON2_LINE, "y.py": ""}, "Python"),  # problemtools counts so too
        ({"x.py2": "", "y.py": ""}, "Python 2"),  # one each: Python 2's priority wins
        ({"hello.pp": "", "hello.pas": ""}, "Pascal"),
    ],
)
def test_a_folders_language_is_the_one_most_of_its_files_are(tmp_path, texts, language):
    assert programs.language_for(files(tmp_path, texts)).name == language


JAVA_MAIN = "public static void main(String[] args) {}"


@pytest.mark.parametrize(
    "texts, entry",
    [
        ({"main.py": "", "__main__.py": "", "a.py": ""}, ("__main__.py", "Main")),
        ({"b.py": "", "Main.py": "", "a.py": ""}, ("Main.py", "Main")),
        ({"b.js": "", "a.js": "", "package.json": ""}, ("a.js", "Main")),
        (
            {  # DOMjudge's multifile-multipackage: the class with main, with its package
                "A.java": "package foo.bar.a;\npublic class A { static void foo() {} }",
                "B.java": f"package zoo.b;\nimport foo.bar.a.A;\npublic class B {{ {JAVA_MAIN} }}",
            },
            ("B.java", "zoo.b.B"),
        ),
        (
            {"A.java": f"class A {{ {JAVA_MAIN} }}", "Z.java": f"class Main {{ {JAVA_MAIN} }}"},
            ("Z.java", "Main"),
        ),
        ({"x.java": "class X {}", "main.java": "class Y {}"}, ("main.java", "")),  # no main: CE
    ],
)
def test_the_entry_point_is_the_one_the_format_and_its_judges_name(tmp_path, texts, entry):
    found = files(tmp_path, texts)
    language = programs.language_for(found)
    assert programs.entry_of(language, programs.sources_of(language, found), found) == entry


def test_a_submission_gets_include_default_then_its_languages_files(tmp_path):
    package = tmp_path / "pkg"
    write(package / "problem.yaml", "name: x\n")
    write(package / "include" / "default" / "notes.txt", "all\n")
    write(package / "include" / "default" / "lib.h", "default's\n")
    write(package / "include" / "cpp" / "lib.h", "C++'s\n")
    write(package / "include" / "python3" / "lib.py", "")
    submission = package / "submissions" / "accepted" / "a.cpp"
    write(submission, "")
    found = programs.include_files(submission, build.language_of("a.cpp"))
    assert [(name, path.read_text()) for name, path in found] == [
        ("lib.h", "C++'s\n"),
        ("notes.txt", "all\n"),
    ]
    assert programs.include_files(package / "output_validator", build.CPP) == []


def test_output_validator_is_one_program_and_legacys_folder_holds_one(tmp_path):
    write(tmp_path / "output_validator" / "validate.cpp", "")
    write(tmp_path / "output_validator" / "validate.h", "")
    assert packages.validator_programs(tmp_path) == [tmp_path / "output_validator"]
    shutil.rmtree(tmp_path / "output_validator")
    write(tmp_path / "output_validators" / "check" / "validate.cpp", "")
    write(tmp_path / "output_validators" / "check" / "validate.h", "")
    assert packages.validator_programs(tmp_path) == [tmp_path / "output_validators" / "check"]


@pytest.mark.skipif(shutil.which("fpc") is not None, reason="fpc is installed here")
def test_a_language_whose_compiler_is_missing_is_skipped_naming_the_tool(tmp_path):
    write(tmp_path / "p" / "hello.pas", "program hello; begin writeln('hi') end.\n")
    write(tmp_path / "p" / "unit.pas", "unit u; interface implementation end.\n")
    with pytest.raises(programs.Skipped, match=r"^no fpc on PATH: Pascal cannot be built here$"):
        programs.program_command(tmp_path / "p", builds=tmp_path / "b")


def test_a_python_folder_runs_zipped_from_its_entry_point(tmp_path):
    write(tmp_path / "p" / "__main__.py", "from half import half\nprint(half(int(input())))\n")
    write(tmp_path / "p" / "half.py", "def half(n):\n    return n // 2\n")
    args, _ = programs.program_command(tmp_path / "p", PYTHON, builds=tmp_path / "b")
    assert args[0] == PYTHON and args[1].endswith(".pyz")
    assert run(args, data=b"9\n").stdout == b"4\n"
    write(tmp_path / "p" / "half.py", "def half(n):\n    return n // 2\n  oops\n")
    with pytest.raises(programs.Unbuilt, match=r"^IndentationError"):
        programs.program_command(tmp_path / "p", PYTHON, builds=tmp_path / "b")


C_MAIN = '#include <stdio.h>\n#include "half.h"\nint main(void) { printf("%d\\n", half(9)); }\n'


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
def test_a_folder_build_is_keyed_by_every_file_it_copies(tmp_path):
    write(tmp_path / "p" / "main.c", C_MAIN)
    write(tmp_path / "p" / "half.c", '#include "half.h"\nint half(int n) { return n / 2; }\n')
    write(tmp_path / "p" / "half.h", "int half(int n);\n")
    first = programs.program_command(tmp_path / "p", builds=tmp_path / "b")
    assert run(first[0]).stdout == b"4\n"
    assert programs.program_command(tmp_path / "p", builds=tmp_path / "b") == first  # kept
    write(tmp_path / "p" / "half.h", "#define HALF 1\nint half(int n);\n")  # read, not compiled
    again = programs.program_command(tmp_path / "p", builds=tmp_path / "b")
    assert again != first and run(again[0]).stdout == b"4\n"


# ---------------------------------------------------------------- through the runner


def submissions(tmp_path, name, *args):
    """(exit status, {submission: (expected, got, ok)}) of --package NAME --submissions."""
    report = tmp_path / "report.json"
    argv = [PYTHON, str(RUNNER), "--package", str(PACKAGES / name), "--submissions"]
    done = run([*argv, "--json", str(report), *args], text=True, timeout=600)
    assert "Traceback" not in done.stderr, done.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    return done.returncode, {
        each["submission"]: (each["expected"], each["got"], each["ok"])
        for each in data["submissions"]
    }


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs cc, which the build script runs")
def test_an_output_validator_is_built_by_its_build_script_and_run_by_its_run(tmp_path):
    status, got = submissions(tmp_path, "scripted")
    assert got == {
        "accepted/half.py": ("AC", "AC", True),
        "wrong_answer/zero.py": ("WA", "WA", True),
    }
    assert status == 0


PARTS = {
    "accepted/driver.cpp": ("AC", "AC", True),  # with include/cpp/parts.h
    "accepted/one.c++": ("AC", "AC", True),
    "accepted/split-cpp": ("AC", "AC", True),
    "accepted/split-java": ("AC", "AC", True),
    "accepted/split-py": ("AC", "AC", True),
    "wrong_answer/split-sh": ("WA", "WA", True),
}
COMPILERS = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("g++", "javac", "jar", "java", "bash")),
    reason="needs g++, javac, jar, java and bash",
)


@pytest.mark.deep
@COMPILERS
def test_each_program_of_several_files_gets_its_folders_verdict(tmp_path):
    status, got = submissions(tmp_path, "parts")
    assert got == PARTS and status == 0


@pytest.mark.deep
@COMPILERS
def test_with_sandbox_a_program_of_several_files_sees_them_all(tmp_path):
    needs_sandbox()
    status, got = submissions(tmp_path, "parts", "--sandbox")
    assert got == PARTS and status == 0
