"""judge/build.py: solutions, checkers and interactors in any language, each built once into
the build folder. The table and the build's key are read in process; then the runner judges
tiny roots whose solution is a C++, C, Java, Rust or JavaScript file (its --json report), and
a test skips a language whose compiler is not here."""

import dataclasses
import os
import re
import shutil
import subprocess
import sys
import time

import pytest
from runner_util import (
    ECHO,
    HEADER,
    POSIX_ONLY,
    case_details,
    case_reasons,
    case_verdicts,
    judged,
    schema,
    write,
)
from sandbox_util import needs_sandbox
from util import ROOT

from judge import build, programs
from judge.model import MIB, UsageError
from judge.process.watch import Limits

JUDGE_LINE = "// Judge: T; 1 s; 256 MiB; exact\n"
SUM_CPP = (
    JUDGE_LINE
    + """#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b); }
"""
)


def jsonschema():
    """The jsonschema module; a test is skipped where it is not installed (make test-on)."""
    return pytest.importorskip("jsonschema")


CASES = {"judge-sample-1": ("1 2\n", "3\n"), "big": ("1000000000000 5\n", "1000000000005\n")}
SOURCES = {
    ".c": SUM_CPP.replace("cstdio", "stdio.h"),
    ".cc": SUM_CPP,
    ".java": JUDGE_LINE
    + """import java.util.*;
// class Comment {}
public final class Sum {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.println(in.nextLong() + in.nextLong());
    }
}
""",
    ".rs": JUDGE_LINE
    + """use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
""",
    ".js": JUDGE_LINE
    + """const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\\s+/).map(BigInt);
console.log(String(a + b));
""",
}
# A testlib-style checker: CHECKER INPUT OUTPUT ANSWER, exit 0 AC, 1 WA; its header beside it.
CHECKER_CPP = """#include <cstdio>
#include "same.h"
int main(int argc, char **argv) {
    long long got = 0, want = 0;
    FILE *output = fopen(argv[2], "r"), *answer = fopen(argv[3], "r");
    if (fscanf(output, "%lld", &got) != 1 || fscanf(answer, "%lld", &want) != 1) return 1;
    if (!same(got, want)) { fprintf(stderr, "wrong: %lld\\n", got); return 1; }
    return 0;
}
"""
SAME_H = "inline bool same(long long a, long long b) { return a == b; }\n"


def needs(*programs):
    missing = [name for name in programs if shutil.which(name) is None]
    return pytest.mark.skipif(bool(missing), reason=f"no {', '.join(missing)} on PATH")


def cpp_root(root, source=SUM_CPP, name="p.cpp", cases=CASES):
    write(root / "solutions" / name, source)
    for case, (given, answer) in cases.items():
        write(root / "testcases" / name.split(".")[0] / (case + ".in"), given)
        write(root / "testcases" / name.split(".")[0] / (case + ".out"), answer)
    return root


def binaries(root, name="p.cpp"):
    stem = name.split(".")[0]
    return sorted(root.glob(f"build/{name}-*/*/{stem}*"))


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
        ".py3": "Python",
        ".py2": "Python 2",
        ".c++": "C++",
        ".mjs": "JavaScript",
        ".sh": "Bash",
        ".pas": "Pascal",
        ".rb": "Ruby",
        ".kt": "Kotlin",
        ".bash": "Bash",
        ".pm": "Perl",
        ".pl": "Prolog",
        ".plg": "Prolog",
        ".awk": "AWK",
        ".lua": "Lua",
        ".r": "R",
        ".hs": "Haskell",
        ".lhs": "Haskell",
        ".f90": "Fortran",
        ".f95": "Fortran",
        ".cs": "C#",
        ".adb": "Ada",
        ".ads": "Ada",
        ".ml": "OCaml",
        ".go": "Go",
        ".php": "PHP",
        ".lisp": "Common Lisp",
        ".cl": "Common Lisp",
    }
    assert build.language_of("p.txt") is None and build.language_of("P.CPP").name == "C++"
    gpp = build.LANGUAGES[".cpp"].build[0]
    assert gpp[:5] == ("g++", "-std=gnu++17", "-O2", "-pipe", "-DONLINE_JUDGE")


def test_the_runners_page_shows_each_languages_commands():
    page = (ROOT / "docs" / "runner.md").read_text(encoding="utf-8")
    names = {"binary": "BIN", "out": "DIR", "main": "CLASS", "file": "FILE", "python": "PYTHON"}
    names["stem"] = "STEM"
    for ext, language in build.LANGUAGES.items():
        names["source"] = "DIR/" + language.copy.format(**names) if language.copy else "SRC"
        shown = [" ".join(word.format(**names) for word in words) for words in language.build]
        shown.append(" ".join(word.format(**names) for word in language.run))
        row = re.search(rf"^\| (`[.\w+]+` )*`{re.escape(ext)}`( `[.\w+]+`)* \|(.*)$", page, re.M)
        assert row, f"docs/runner.md has no row for {ext}"
        assert re.findall(r"`([^`]+)`", row.group(3)) == shown


@pytest.mark.parametrize(
    "text, stem, main",
    [
        ("public class Solution { }", "p", "Solution"),
        ("class Helper {}\npublic final class Sol {}", "p", "Sol"),
        ("// public class Nope\nclass Main {}", "p", "Main"),
        ('class A { String s = "public class B"; }', "p", "A"),
        ("char c = '\"'; public class Q {}", "p", "Q"),
        ("interface I {}", "p", "Main"),
        ("class Main {\n    public final class Pair {}\n}", "Main", "Main"),
        ("class Main { public static class Pair {} }", "p", "Main"),
        ("class Outer { public class Inner { } }", "p", "Outer"),
        ("class Helper { }\nclass Main { }", "Main", "Main"),
        ("public class Sum { }\nclass Main { }", "Main", "Main"),
        ("class A { char c = '{'; }\npublic class B { }", "p", "B"),
    ],
)
def test_javas_class_is_the_files_own_else_the_public_one_else_the_first(text, stem, main):
    assert build.java_class(text, stem) == main


def test_a_python_tool_is_run_as_before_and_a_missing_source_is_a_usage_error(tmp_path):
    write(tmp_path / "chk.py", "pass\n")
    script = str((tmp_path / "chk.py").resolve())
    command = ([sys.executable, script, "-x"], sys.executable)
    assert build.tool_command("chk.py -x", tmp_path, "--checker") == command
    with pytest.raises(UsageError, match=r"^--checker chk\.cpp: no file chk\.cpp under "):
        build.tool_command("chk.cpp", tmp_path, "--checker")


def test_the_key_changes_with_the_source_the_compiler_and_the_sandbox(tmp_path):
    source, cpp = tmp_path / "p.cpp", build.LANGUAGES[".cpp"]
    write(source, "int main(){}\n")
    recipe = build.Recipe(cpp, source, {"g++": sys.executable}, None)  # any file: a compiler
    key = build.build_key(recipe, b"int main(){}\n")
    assert key == build.build_key(recipe, b"int main(){}\n")
    assert key != build.build_key(recipe, b"int main(){ }\n")
    other = dataclasses.replace(recipe, tools={"g++": str(source)})
    assert key != build.build_key(other, b"int main(){}\n")
    sandboxed = dataclasses.replace(recipe, sandbox="/usr/bin/bwrap")
    assert key != build.build_key(sandboxed, b"int main(){}\n")


def test_the_files_key_changes_with_each_files_contents_and_a_file_gone(tmp_path):
    write(tmp_path / "a.h", "1")
    write(tmp_path / "b.h", "2")
    files = [str(tmp_path / "a.h"), str(tmp_path / "b.h")]
    key = build.files_key(files)
    assert key == build.files_key(files) and key != build.files_key(files[:1])
    write(tmp_path / "b.h", "3")
    assert build.files_key(files) != key
    (tmp_path / "b.h").unlink()
    assert build.files_key(files) not in (key, build.files_key(files[:1]))


def test_a_make_rule_names_the_files_after_its_targets_unescaped(tmp_path):
    rule = "/b/p: p.cpp /usr/include/stdio.h \\\n ../lib/add.hpp x\\ y.ipp a\\#b $$c\n\np.cpp:\n"
    named = ["s/p.cpp", "lib/add.hpp", "s/x y.ipp", "s/a#b", "s/$c"]
    want = {str(tmp_path / name) for name in named} | {os.path.abspath("/usr/include/stdio.h")}
    assert build.depended(rule, tmp_path / "s") == sorted(want)


@POSIX_ONLY
def test_a_build_that_hangs_is_killed_at_its_limit(tmp_path):
    sleep = shutil.which("sleep")
    start = time.monotonic()
    with pytest.raises(build.BuildFailed) as failed:
        build.run_build([sleep, "30"], tmp_path, "p.cpp", "p.cpp", Limits(0.2, 4096.0, MIB))
    assert time.monotonic() - start < 10
    assert failed.value.lines == (
        "sleep passed 0.2 s of CPU time (0.6 s of wall time) building p.cpp, and was killed",
    )


# ---------------------------------------------------------------- solutions through the runner


@needs("g++")
def test_a_cpp_solution_alone_is_built_once_judged_and_built_again_when_changed(tmp_path):
    root = cpp_root(tmp_path)
    status, report, err = judged(root, tle=None)
    assert case_verdicts(report) == {"p/judge-sample-1": "AC", "p/big": "AC"} and status == 0
    assert report["problems"]["p"]["judge"] == "T" and report["problems"]["p"]["time_limit_s"] == 1
    assert report["problems"]["p"]["memory_limit_mib"] == 256 and err == ""
    [binary] = binaries(root)
    built_at = binary.stat().st_mtime_ns
    status, report, _ = judged(root, "p", tle=None)
    assert binaries(root) == [binary] and binary.stat().st_mtime_ns == built_at  # not built again
    assert status == 0
    write(root / "solutions" / "p.cpp", SUM_CPP.replace("a + b", "a - b"))
    status, report, _ = judged(root, "solutions/p.cpp", tle=None)
    assert case_verdicts(report) == {"p/judge-sample-1": "WA", "p/big": "WA"} and status == 1
    [rebuilt] = binaries(root)  # the old build is gone
    assert rebuilt != binary


@needs("g++")
def test_a_solution_that_does_not_compile_is_ce_on_every_case(tmp_path):
    root = cpp_root(tmp_path, SUM_CPP.replace("long long a, b;", "long long a, b"))
    status, report, _ = judged(root, tle=None)
    assert case_verdicts(report) == {"p/judge-sample-1": "CE", "p/big": "CE"} and status == 1
    assert (report["passed"], report["failed"]) == (0, 2)
    jsonschema().validate(report, schema())
    for lines in case_details(report).values():  # no extended note, no input: nothing ran
        assert lines[0] == "g++ could not build p.cpp: exit status 1"
        assert any("p.cpp:3:" in line and "error" in line for line in lines[1:])
        assert len(lines) <= 1 + build.ERROR_LINES
    assert binaries(root) == []


@needs("g++")
def test_no_compiler_on_path_is_ce_saying_so(tmp_path):
    root = cpp_root(tmp_path)
    (tmp_path / "empty").mkdir()
    env = {**os.environ, "PATH": str(tmp_path / "empty")}
    status, report, _ = judged(root, env=env, tle=None)
    assert status == 1
    assert set(map(tuple, case_details(report).values())) == {
        ("no g++ on PATH: C++ cannot be built here",)
    }


@pytest.mark.parametrize("ext", sorted(SOURCES))
def test_each_language_is_built_and_judged(tmp_path, ext):
    language = build.LANGUAGES[ext]
    tools = [words[0] for words in (*language.build, language.run) if words[0][0] != "{"]
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"no {', '.join(missing)} on PATH")
    root = cpp_root(tmp_path, SOURCES[ext], name="s" + ext, cases=CASES)
    status, report, err = judged(root, tle="5")  # a JVM's start, on a busy machine
    assert case_verdicts(report) == {"s/judge-sample-1": "AC", "s/big": "AC"}, report["cases"]
    assert status == 0 and err == ""


# Each further language's a + b (64-bit), judged by --command on a folder of cases (a Judge:
# line needs a comment some of them lack); and a source its compiler refuses, where it has one.
FURTHER = {
    ".bash": "read -r a b\necho $((a + b))\n",
    ".pm": 'my ($a, $b) = split " ", <STDIN>;\nprint $a + $b, "\\n";\n',
    ".awk": '{ printf "%.0f\\n", $1 + $2 }\n',
    ".pl": 'main :- read_line_to_string(user_input, S), split_string(S, " ", " ", [A, B]),\n'
    "    number_string(X, A), number_string(Y, B), Z is X + Y, writeln(Z).\n",
    ".lua": 'local a, b = io.read("n", "n")\nprint(a + b)\n',
    ".r": 'x <- scan(file("stdin"), quiet = TRUE)\n'
    'cat(format(x[1] + x[2], scientific = FALSE), "\\n", sep = "")\n',
    ".hs": "main = do\n  [a, b] <- map read . words <$> getLine\n  print (a + b :: Integer)\n",
    ".f90": "program s\n  integer(kind=8) :: a, b\n  read(*,*) a, b\n  write(*,'(I0)') a + b\n"
    "end program s\n",
    ".cs": "using System;\nclass P { static void Main() { var p = Console.ReadLine().Split(' ');\n"
    "  Console.WriteLine(long.Parse(p[0]) + long.Parse(p[1])); } }\n",
    ".adb": "with Ada.Text_IO; use Ada.Text_IO;\nprocedure S is\n"
    "   package L is new Ada.Text_IO.Integer_IO (Long_Long_Integer);\n"
    "   A, B : Long_Long_Integer;\nbegin\n   L.Get (A); L.Get (B);\n"
    "   L.Put (A + B, Width => 0); New_Line;\nend S;\n",
    ".ml": 'let () = Scanf.scanf " %d %d" (fun a b -> Printf.printf "%d\\n" (a + b))\n',
    ".go": 'package main\nimport "fmt"\nfunc main() {\n\tvar a, b int64\n\tfmt.Scan(&a, &b)\n'
    "\tfmt.Println(a + b)\n}\n",
    ".php": '<?php\nfscanf(STDIN, "%d %d", $a, $b);\necho $a + $b, "\\n";\n',
    ".lisp": '(let ((a (read)) (b (read))) (format t "~a~%" (+ a b)))\n',
}
REFUSED = {  # a source that does not build, by the extension of each language that builds
    ".pm": "print 1 +;\n",
    ".pl": "main :- write(1\n",
    ".lua": "print(1\n",
    ".r": "cat(1\n",
    ".hs": "main = print (1\n",
    ".f90": "program s\n  write(*,*) 1 +\nend program s\n",
    ".cs": "class P { static void Main() { int x = } }\n",
    ".adb": "procedure S is\nbegin\n   X := ;\nend S;\n",
    ".ml": "let () = print_int (1\n",
    ".go": "package main\nfunc main() { x := }\n",
    ".php": "<?php\necho (1;\n",
    ".lisp": '(format t "~a~%" (+ 1 2)\n',
}
SLOW = {".hs", ".adb", ".cs", ".go", ".pl", ".r"}  # over a second each: the deep run


def tools_missing(language):
    """The programs that build and run a language, of those not on PATH."""
    tools = [words[0] for words in (*language.build, language.run) if words[0][0] != "{"]
    return [tool for tool in tools if shutil.which(tool) is None]


def deep_if_slow(exts):
    return [pytest.param(e, marks=pytest.mark.deep) if e in SLOW else e for e in sorted(exts)]


def sums_judged(tmp_path, ext, *flags):
    """FURTHER's program in ext, judged on CASES with flags: every case AC, and no line said."""
    write(tmp_path / ("s" + ext), FURTHER[ext])
    for case, (given, answer) in CASES.items():
        write(tmp_path / "cases" / (case + ".in"), given)
        write(tmp_path / "cases" / (case + ".out"), answer)
    (tmp_path / "repo").mkdir()
    argv = ("cases", "--command", "s" + ext, *flags)
    status, report, err = judged(tmp_path / "repo", *argv, cwd=tmp_path, tle="5")
    assert set(case_verdicts(report).values()) == {"AC"}, report["cases"]
    assert status == 0 and err == ""


@pytest.mark.parametrize("ext", deep_if_slow(FURTHER))
def test_each_further_language_is_built_and_judged(tmp_path, ext):
    missing = tools_missing(build.LANGUAGES[ext])
    if missing and ext not in (".bash", ".pm", ".awk"):  # these three run everywhere
        pytest.skip(f"no {', '.join(missing)} on PATH")
    sums_judged(tmp_path, ext)


@pytest.mark.parametrize(
    "ext", [e if e == ".pm" else pytest.param(e, marks=pytest.mark.deep) for e in sorted(FURTHER)]
)
def test_each_further_language_is_built_and_judged_in_the_sandbox(tmp_path, ext):
    """The sandbox shows a toolchain what it reads of /etc and /var (Mono's, R's and Free
    Pascal's settings, GHC's package database); Ada builds in its build's folder, where
    gnatmake writes its binder files; Go's cache is in the sandbox's /tmp."""
    needs_sandbox()
    missing = tools_missing(build.LANGUAGES[ext])
    if missing:
        pytest.skip(f"no {', '.join(missing)} on PATH")
    sums_judged(tmp_path, ext, "--sandbox")


@pytest.mark.parametrize("ext", deep_if_slow(REFUSED))
def test_a_source_its_compiler_refuses_does_not_build_saying_which(tmp_path, ext):
    language = build.LANGUAGES[ext]
    missing = tools_missing(language)
    if missing and ext != ".pm":
        pytest.skip(f"no {', '.join(missing)} on PATH")
    write(tmp_path / ("bad" + ext), REFUSED[ext])
    made = build.program_for(tmp_path, "bad" + ext, tmp_path / "build")
    assert made.command is None
    tool = language.build[0][0]
    assert made.failure[0].startswith(f"{tool} could not build bad{ext}: exit status ")


@pytest.mark.parametrize("ext", sorted(set(FURTHER) - {".bash", ".awk"}))
def test_a_further_languages_missing_tool_is_one_line_naming_it(tmp_path, monkeypatch, ext):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    language = build.LANGUAGES[ext]
    write(tmp_path / ("s" + ext), FURTHER[ext])
    made = build.program_for(tmp_path, "s" + ext, tmp_path / "build")
    tool = language.build[0][0]
    assert made.failure == (f"no {tool} on PATH: {language.name} cannot be built here",)


def test_domjudges_reading_makes_pl_perl_and_p_pascal_where_the_formats_pl_is_prolog(tmp_path):
    files = [("a.pl", tmp_path / "a.pl")]
    assert programs.language_for(files) is build.PROLOG
    assert programs.language_for(files, domjudge=True) is build.PERL
    assert build.language_of("x.p") is None and build.language_of("x.P", True) is build.PASCAL
    # A Perl program's .pl files are Perl in either reading: the table's ending in parentheses.
    helpers = [("main.pm", tmp_path / "main.pm"), ("util.pl", tmp_path / "util.pl")]
    assert programs.sources_of(build.PERL, helpers) == ["main.pm", "util.pl"]
    assert programs.sources_of(build.PROLOG, helpers) == ["util.pl"]


def test_a_word_of_a_folders_build_command_names_its_one_source():
    fields = {"out": "DIR", "main": "Main", "binary": "BIN"}
    [*_, lisp] = build.folder_command(build.LISP.build[0], fields, {}, ["main.lisp"])
    assert (
        lisp == '(if (compile-file "main.lisp" :output-file "BIN.fasl") () (sb-ext:exit :code 43))'
    )


def test_a_perl_program_of_several_files_is_built_from_its_pm_and_pl_files(tmp_path):
    main = 'use FindBin;\nrequire "$FindBin::Bin/util.pl";\nprint add(1, 2), "\\n";\n'
    write(tmp_path / "p" / "main.pm", main)
    write(tmp_path / "p" / "util.pl", "sub add { return $_[0] + $_[1]; }\n1;\n")
    args, _ = programs.program_command(tmp_path / "p", builds=tmp_path / "build")
    assert subprocess.run(args, capture_output=True, text=True).stdout == "3\n"
    write(tmp_path / "p" / "util.pl", "sub add { return $_[0] + ; }\n1;\n")  # checked too
    with pytest.raises(programs.Unbuilt, match=re.escape("perl could not build p/util.pl")):
        programs.program_command(tmp_path / "p", builds=tmp_path / "build")


def test_a_packages_pl_is_perl_read_as_domjudge(tmp_path):
    # Its submissions.json names DOMjudge's ids: pl (Perl), awk and bash, each its language.
    argv = ["--package", str(ROOT / "tests" / "packages" / "tongues"), "--submissions"]
    status, report, _ = judged(tmp_path, *argv, "--as", "domjudge", tle=None)
    got = {s["submission"]: (s["got"], s["ok"]) for s in report["submissions"]}
    assert got == {
        "accepted/sum.awk": ("AC", True),
        "accepted/sum.bash": ("AC", True),
        "accepted/sum.pl": ("AC", True),
        "compiler_error/broken.pl": ("CE", True),
    }
    assert status == 0


@pytest.mark.deep
@needs("swipl")
def test_a_packages_pl_is_prolog_read_as_the_format(tmp_path):
    argv = ["--package", str(ROOT / "tests" / "packages" / "tongues"), "--submissions"]
    status, report, _ = judged(tmp_path, *argv, tle=None)
    got = {s["submission"]: s["got"] for s in report["submissions"]}
    assert got["accepted/sum.pl"] == "CE" and status == 1  # Perl is no Prolog


# ---------------------------------------------------------------- checkers as sources


@needs("g++")
def test_a_checker_given_as_a_cpp_source_is_built_beside_its_header_and_used(tmp_path):
    root = tmp_path / "repo"
    write(root / "solutions" / "p.py", HEADER.format("checker checkers/chk.cpp") + ECHO)
    write(root / "checkers" / "chk.cpp", CHECKER_CPP)
    write(root / "checkers" / "same.h", SAME_H)
    for case, answer in (("right", "7\n"), ("wrong", "8\n")):
        write(root / "testcases" / "p" / (case + ".in"), "7\n")
        write(root / "testcases" / "p" / (case + ".out"), answer)
    status, report, err = judged(root)
    assert case_verdicts(report) == {"p/right": "AC", "p/wrong": "WA"}
    assert [line for line in err.splitlines() if " building " not in line] == []  # no warning
    assert status == 1
    assert case_reasons(report)["p/wrong"][:1] == ["checker: wrong: 7"]
    [binary] = binaries(root, "chk.cpp")
    flag = judged(root, "p", "--checker", "chk.cpp", cwd=root / "checkers")
    assert case_verdicts(flag[1]) == {"p/right": "AC", "p/wrong": "WA"}
    assert binaries(root, "chk.cpp") == [binary] and not (root / "checkers" / "build").exists()


@needs("g++")
def test_a_checker_that_does_not_compile_is_ie_or_for_a_flag_a_usage_error(tmp_path):
    write(tmp_path / "solutions" / "p.py", HEADER.format("checker chk.cpp") + ECHO)
    write(tmp_path / "chk.cpp", "int main( {}\n")
    write(tmp_path / "testcases" / "p" / "a.in", "1\n")
    write(tmp_path / "testcases" / "p" / "a.out", "1\n")
    status, report, _ = judged(tmp_path)
    assert case_verdicts(report) == {"p/a": "IE"} and status == 1
    [why] = case_reasons(report)["p/a"]
    assert why.startswith("Test judge's checker chk.cpp: g++ could not build chk.cpp: exit ")
    assert "chk.cpp:1:" in why and "error" in why
    status, report, err = judged(tmp_path, "p", "--checker", "chk.cpp", cwd=tmp_path)
    assert status == 2 and report is None
    last = err.splitlines()[-1]  # after the line that says it builds
    assert last.startswith("runner.py: error: --checker chk.cpp: g++ could not build chk.cpp")


# ---------------------------------------------------------------- what a build is keyed by

INCLUDING = (
    JUDGE_LINE
    + """#include <cstdio>
#include "../lib/add.hpp"
#include "part.ipp"
int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", fix(add(a, b)));
}
"""
)


@needs("g++")
def test_a_header_elsewhere_or_an_included_ipp_that_changes_is_built_again(tmp_path):
    root = cpp_root(tmp_path, INCLUDING)
    write(root / "lib" / "add.hpp", "long long add(long long a, long long b) { return a + b; }\n")
    write(root / "solutions" / "part.ipp", "long long fix(long long x) { return x; }\n")
    assert case_verdicts(judged(root, tle=None)[1]) == {"p/judge-sample-1": "AC", "p/big": "AC"}
    write(root / "lib" / "add.hpp", "long long add(long long a, long long b) { return a - b; }\n")
    assert case_verdicts(judged(root, tle=None)[1]) == {"p/judge-sample-1": "WA", "p/big": "WA"}
    write(root / "lib" / "add.hpp", "long long add(long long a, long long b) { return a + b; }\n")
    assert case_verdicts(judged(root, tle=None)[1]) == {"p/judge-sample-1": "AC", "p/big": "AC"}
    write(root / "solutions" / "part.ipp", "long long fix(long long x) { return x + 1; }\n")
    assert case_verdicts(judged(root, tle=None)[1]) == {"p/judge-sample-1": "WA", "p/big": "WA"}


# ---------------------------------------------------------------- builds that runs share


@needs("g++")
def test_a_build_in_use_is_never_removed_or_overwritten_by_a_later_one(tmp_path):
    root = cpp_root(tmp_path)
    first = build.program_for(root, "solutions/p.cpp")
    args, _ = first.command
    write(root / "solutions" / "p.cpp", SUM_CPP.replace("a + b", "a - b"))
    status, report, _ = judged(root, tle=None)  # another run, of the edited source
    assert case_verdicts(report) == {"p/judge-sample-1": "WA", "p/big": "WA"} and status == 1
    assert len(binaries(root)) == 2  # the first build stays while a run may start it
    done = subprocess.run(args, input="1 2\n", capture_output=True, text=True, check=False)
    assert done.stdout == "3\n"  # the first run's program is still there, as it was


# ---------------------------------------------------------------- a build's own limits


@POSIX_ONLY
@needs("g++")
def test_a_build_that_hangs_is_ce_saying_which_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "BUILD_LIMITS", Limits(0.5, 4096.0, MIB))
    root = cpp_root(tmp_path, '#include "stuck.h"\nint main() {}\n')
    os.mkfifo(str(root / "solutions" / "stuck.h"))  # opened, it waits for a writer
    made = build.program_for(root, "solutions/p.cpp")
    assert made.command is None and made.failure == (
        "g++ passed 0.5 s of CPU time (1.5 s of wall time) building p.cpp, and was killed",
    )


@POSIX_ONLY
@needs("g++")
def test_a_build_that_writes_a_file_past_the_cap_is_ce_saying_so(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "FILE_LIMIT", MIB)
    root = cpp_root(tmp_path, "int a[10000000] = {1};\nint main() { return a[5]; }\n")
    made = build.program_for(root, "solutions/p.cpp")
    assert made.command is None and binaries(root) == []
    assert made.failure[0] == "g++ passed 1 MiB in a file it wrote building p.cpp"


@POSIX_ONLY
@needs("g++")
def test_a_build_whose_messages_pass_their_cap_is_ce_with_their_opening(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "BUILD_LIMITS", Limits(60.0, 4096.0, 4096))
    lines = "".join(f"    int x{i} = y{i};\n" for i in range(2000))  # an error each
    root = cpp_root(tmp_path, "int main() {\n" + lines + "}\n")
    made = build.program_for(root, "solutions/p.cpp")
    assert made.command is None
    assert made.failure[0] == "g++ passed 4 KiB of output building p.cpp, and was killed"
    assert "p.cpp:2:" in made.failure[2] and "'y0' was not declared" in made.failure[2]


@POSIX_ONLY
@needs("g++")
def test_a_checker_whose_build_hangs_is_one_line_saying_which_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(build, "BUILD_LIMITS", Limits(0.5, 4096.0, MIB))
    write(tmp_path / "chk.cpp", '#include "stuck.h"\nint main() {}\n')
    os.mkfifo(str(tmp_path / "stuck.h"))
    why = "--checker chk.cpp: g++ passed 0.5 s of CPU time (1.5 s of wall time) building chk.cpp"
    with pytest.raises(UsageError, match="^" + re.escape(why + ", and was killed") + "$"):
        build.tool_command("chk.cpp", tmp_path, "--checker", tmp_path / "build")
