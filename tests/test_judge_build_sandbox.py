"""judge/build.py under --sandbox: a solution is built inside bubblewrap, where the compiler
sees the system and the source's folder, and neither the testcases nor the rest of the repo.
Read from the runner's --json report.

Skipped, with the reason, where bwrap is missing or cannot start a sandbox; with
RUNNER_SANDBOX_REQUIRED=1 in the environment (CI sets it) that is a failure instead.
"""

import shutil

import pytest
from runner_util import case_details, case_verdicts, judged, write
from sandbox_util import needs_sandbox

JUDGE_LINE = "// Judge: T; 2 s; 1024 MiB; exact\n"
# A solution that prints the answer its build read: the case's .out, included as a number.
PEEKING = (
    JUDGE_LINE
    + """#include <stdio.h>
int main(void) {
    int answer =
#include "ANSWER"
    ;
    printf("%d\\n", answer);
    return 0;
}
"""
)
SUM_C = (
    JUDGE_LINE
    + """#include <stdio.h>
#include "add.h"
int main(void) { int a, b; if (scanf("%d %d", &a, &b) == 2) printf("%d\\n", add(a, b)); }
"""
)
SUM_JAVA = (
    JUDGE_LINE
    + """import java.util.Scanner;
public class Sum {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.println(in.nextInt() + in.nextInt());
    }
}
"""
)
SUM_RUST = (
    JUDGE_LINE
    + """use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
"""
)


@pytest.fixture
def sandbox():
    """Skip the test where there is no sandbox, or fail it where one is required."""
    needs_sandbox()


def needs(*programs):
    missing = [name for name in programs if shutil.which(name) is None]
    return pytest.mark.skipif(bool(missing), reason=f"no {', '.join(missing)} on PATH")


def c_root(root, source, name="p.c"):
    write(root / "solutions" / name, source)
    write(root / "testcases" / "p" / "judge-1.in", "1 2\n")
    write(root / "testcases" / "p" / "judge-1.out", "3\n")
    return root


@needs("gcc")
@pytest.mark.parametrize("where", ["../testcases/p/judge-1.out", "{root}/testcases/p/judge-1.out"])
def test_a_build_under_the_sandbox_cannot_read_the_answers(tmp_path, sandbox, where):
    root = c_root(tmp_path, PEEKING.replace("ANSWER", where.format(root=tmp_path)))
    status, report, _ = judged(root, tle=None)
    assert case_verdicts(report) == {"p/judge-1": "AC"} and status == 0  # as the user
    status, report, _ = judged(root, "--sandbox", tle=None)  # not that build: one of its own
    assert case_verdicts(report) == {"p/judge-1": "CE"} and status == 1
    [lines] = case_details(report).values()
    assert lines[0] == "gcc could not build p.c: exit status 1"
    assert any("p.c:5:10: fatal error: " in line for line in lines)  # no such file


@needs("gcc")
def test_a_command_source_under_the_sandbox_cannot_read_the_cases_below_it(tmp_path, sandbox):
    write(tmp_path / "x.c", PEEKING.replace("ANSWER", "cases/judge-1.out"))
    write(tmp_path / "cases" / "judge-1.in", "1 2\n")
    write(tmp_path / "cases" / "judge-1.out", "3\n")
    (tmp_path / "repo").mkdir()
    status, report, _ = judged(tmp_path / "repo", "cases", "--command", "x.c", cwd=tmp_path)
    assert case_verdicts(report) == {"cases/judge-1": "AC"} and status == 0
    status, report, _ = judged(
        tmp_path / "repo", "cases", "--command", "x.c", "--sandbox", cwd=tmp_path
    )
    assert case_verdicts(report) == {"cases/judge-1": "CE"} and status == 1


@needs("gcc")
def test_a_build_under_the_sandbox_reads_its_folder_and_writes_only_its_build(tmp_path, sandbox):
    root = c_root(tmp_path, SUM_C)
    write(root / "solutions" / "add.h", "static int add(int a, int b) { return a + b; }\n")
    status, report, err = judged(root, "--sandbox", tle=None)
    assert case_verdicts(report) == {"p/judge-1": "AC"} and status == 0 and err == ""
    assert sorted(path.name for path in (root / "solutions").iterdir()) == ["add.h", "p.c"]


@pytest.mark.parametrize(
    "name, source, tools",
    [  # a JVM's start takes seconds of CPU: the deep run builds Java in the sandbox
        pytest.param("p.java", SUM_JAVA, ("javac", "jar", "java"), marks=pytest.mark.deep),
        ("p.rs", SUM_RUST, ("rustc",)),
    ],
)
def test_java_and_rust_are_built_under_the_sandbox(tmp_path, sandbox, name, source, tools):
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"no {', '.join(missing)} on PATH")
    root = c_root(tmp_path, source, name)
    status, report, err = judged(root, "--sandbox", tle="5")  # a JVM's start, on a busy machine
    assert case_verdicts(report) == {"p/judge-1": "AC"}, report["cases"]
    assert status == 0 and err == ""
