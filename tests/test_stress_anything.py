"""`make stress` on anything: P= a folder (of cases, or any) or a name with no solutions/NAME.py,
given SOLUTION=, GEN= and BRUTE=, judged by TLE=/MLE= or the runner's default limits, its hacks
in the folder's hacks/ (or hacks/NAME/); what is missing said in one line that names what to
give and `make new P=NAME`. SOLUTION=, GEN= and BRUTE= take a source of any language of the
runner's table, built as solutions/NAME.cpp is (cached; a build that fails stops the run)."""

import os
import shlex
import shutil
import sys

import pytest
import stress_util
from stress_util import BRUTE, GEN, OVERFLOWS, stress
from util import run

own_root = stress_util.own_root  # the fixture: a root with solutions/sum_n.py, gen.py, brute.py

# sum_n's solution with a planted bug: it drops the last number when there are five.
DROPS_ONE = """import sys
n, *numbers = map(int, sys.stdin.read().split())
print(sum(numbers[:4]))
"""
RIGHT_CPP = OVERFLOWS.replace("int n, sum = 0, x;", "int n, x; long long sum = 0;").replace(
    '"%d\\n", sum', '"%lld\\n", sum'
)
GEN_CPP = """#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
    srand(atoi(argv[1]));
    int n = rand() % 5 + 1;
    printf("%d\\n", n);
    for (int i = 0; i < n; i++) printf("%d ", rand() % 1000000000);
    printf("\\n");
}
"""
BRUTE_JAVA = """import java.util.Scanner;

public class Brute {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        long sum = 0;
        for (int i = 0; i < n; i++) sum += in.nextLong();
        System.out.println(sum);
    }
}
"""
NO_CPP = not shutil.which("g++")


def mine(root, solution=DROPS_ONE, name="sol.py", where="mine"):
    """root/mine/ (or root/WHERE): a folder that is no problem of the repo, with a solution,
    GEN and BRUTE."""
    folder = root / where
    folder.mkdir(parents=True, exist_ok=True)
    for file, text in ((name, solution), ("gen.py", GEN), ("brute.py", BRUTE)):
        (folder / file).write_text(text, encoding="utf-8")
    return folder


def yours(folder, solution="sol.py"):
    """The flags of your own programs in folder, as a path from its parent."""
    where = folder.name
    return [
        *("--solution", f"{where}/{solution}"),
        *("--gen", f"{shlex.quote(sys.executable)} {where}/gen.py"),
        *("--brute", f"{where}/brute.py"),
    ]


def saved(folder):
    (found,) = folder.glob("hack-*.in")
    return found


def test_a_folder_is_stressed_with_the_default_limits_and_its_hacks_stay_in_it(own_root):
    """P=./mine, a folder that is no problem: the runner's default limits, the hack saved in
    mine/hacks/, and the line that says how to judge the hacks does judge them."""
    folder = mine(own_root)
    done = stress("./mine", *yours(folder), "-n", "200", cwd=own_root)
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    first = out.splitlines()[0]
    assert first.startswith("stress ./mine on GEN "), first
    assert "the runner's default limits: 2 s CPU (" in first and ", 1024 MiB: " in first, first
    hack = saved(folder / "hacks")
    n, *numbers = map(int, hack.read_text(encoding="utf-8").split())
    assert n == len(numbers) == 5, hack.read_text(encoding="utf-8")
    assert not (own_root / "hacks").exists()
    hint = out.split("judge the hacks: ")[1].splitlines()[0].split("; ")[0]
    assert hint.startswith("python3 runner.py mine/hacks --command "), hint
    argv = shlex.split(hint)
    judged = run([sys.executable, *argv[1:]], cwd=own_root, text=True)
    assert judged.returncode == 1 and "0 passed, 1 failed" in judged.stdout, judged.stdout


def test_a_folder_under_home_and_your_limits(own_root):
    """P=~/cf/1850A (a tilde make passes as it is) with TLE= and MLE=: your limits."""
    home = own_root / "home"
    folder = mine(home, where="cf/1850A")
    env = {**os.environ, "HOME": str(home), "PYTHONPATH": str(own_root)}
    argv = ["-m", "tools.stress", "~/cf/1850A", "-n", "5", "--tle", "3", "--mle", "100"]
    argv += ["--solution", f"{folder}/brute.py", "--gen", f"{folder}/gen.py", "--brute"]
    argv += [f"{folder}/brute.py"]
    done = run([sys.executable, *argv], cwd=own_root, env=env, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("stress ~/cf/1850A on GEN ") and "your limits: 3 s CPU (" in first
    assert "5 inputs (seed 1), no failure" in done.stdout


def test_a_problem_named_by_its_solutions_path_is_that_problem(own_root):
    """P=solutions/sum_n.py, as the runner's line says for a word that is also a folder here."""
    (own_root / "sum_n").mkdir()
    done = stress("sum_n", "--gen", "gen.py", "--brute", "brute.py", cwd=own_root, timeout=60)
    assert done.returncode == 2 and "say ./sum_n for the folder" in done.stderr, done.stderr
    done = stress(
        "solutions/sum_n.py", "--gen", "gen.py", "--brute", "brute.py", "-n", "3", cwd=own_root
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Somewhere's limits: 1 s CPU" in done.stdout.splitlines()[0], done.stdout


def test_a_name_with_no_solution_file_is_stressed_and_its_hacks_go_to_hacks_name(own_root):
    folder = mine(own_root)
    done = stress("brand_new", *yours(folder), "-n", "200", cwd=own_root)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the runner's default limits: " in done.stdout.splitlines()[0]
    saved(own_root / "hacks" / "brand_new")
    assert "python3 runner.py hacks/brand_new --command " in done.stdout


@pytest.mark.parametrize(
    "problem, given, says",
    [
        ("./mine", ["--gen", "g", "--brute", "b"], "./mine is a folder: give SOLUTION=PROGRAM"),
        ("./mine", [], "./mine is a folder: give SOLUTION=PROGRAM GEN=CMD BRUTE=CMD"),
        ("./nothing", [], "no folder ./nothing: give a folder, or a problem's NAME"),
        ("brand_new", [], "no problem 'brand_new': give SOLUTION=PROGRAM GEN=CMD BRUTE=CMD"),
        ("brand_new", ["--gen", "g", "--brute", "b"], "no solutions/brand_new.py: give SOLUTION="),
        ("sum_n", [], "tests/sum_n/ is missing, its generator and oracle: give GEN=CMD BRUTE="),
    ],
    ids=["folder-no-solution", "folder-nothing", "no-folder", "new-name", "new-name-gen", "no-gen"],
)
def test_what_is_missing_is_one_line_that_says_what_to_give(own_root, problem, given, says):
    mine(own_root)
    done = stress(problem, *given, cwd=own_root, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("stress: " + says), line
    if problem != "sum_n":  # no new problem, but one without its tooling
        new = "NAME" if problem.startswith(".") else problem
        assert line.endswith(f" (make new P={new} starts a new problem)"), line


# ------------------------------------------------------------------- sources as they are


@pytest.mark.skipif(NO_CPP, reason="no g++")
def test_sources_are_built_once_and_a_cpp_overflow_is_found(own_root):
    """SOLUTION=mine/sol.cpp and GEN=mine/gen.cpp are built as solutions/NAME.cpp is, BRUTE=
    mine/brute.py runs on Python; the overflow is found. A second run builds nothing again."""
    folder = mine(own_root, OVERFLOWS, "sol.cpp")
    (folder / "gen.cpp").write_text(GEN_CPP, encoding="utf-8")
    flags = ["--solution", "mine/sol.cpp", "--gen", "mine/gen.cpp", "--brute", "mine/brute.py"]
    done = stress("sum_n", *flags, "-n", "300", cwd=own_root, timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Somewhere's C/C++ limits: 0.5 s CPU" in done.stdout.splitlines()[0], done.stdout
    n, *numbers = map(int, saved(own_root / "hacks" / "sum_n").read_text().split())
    assert n == len(numbers) and sum(numbers) >= 2**31
    (gen_build,) = (own_root / "build").glob("gen.cpp-*/*/gen")  # its binary
    stamp = gen_build.stat().st_mtime_ns
    (folder / "sol.cpp").write_text(RIGHT_CPP, encoding="utf-8")  # built again: it changed
    again = stress("sum_n", *flags, "-n", "20", cwd=own_root, timeout=300)
    assert again.returncode == 0, again.stdout + again.stderr
    assert list((own_root / "build").glob("gen.cpp-*/*/gen")) == [gen_build]
    assert gen_build.stat().st_mtime_ns == stamp  # gen.cpp, unchanged, was not built again


@pytest.mark.deep  # a JVM's start takes seconds of CPU: test_judge_build.py's table keeps Java fast
@pytest.mark.skipif(not shutil.which("javac") or not shutil.which("jar"), reason="no javac")
def test_a_java_brute_runs_as_its_class(own_root):
    folder = mine(own_root, DROPS_ONE.replace("[:4]", ""))
    (folder / "Brute.java").write_text(BRUTE_JAVA, encoding="utf-8")
    flags = ["--solution", "mine/sol.py", "--gen", "mine/gen.py", "--brute", "mine/Brute.java"]
    done = stress("./mine", *flags, "-n", "4", cwd=own_root, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 inputs (seed 1), no failure" in done.stdout


@pytest.mark.skipif(NO_CPP, reason="no g++")
@pytest.mark.parametrize("role", ["--solution", "--gen"])
def test_a_source_that_does_not_build_stops_the_run_with_the_compilers_lines(own_root, role):
    folder = mine(own_root)
    (folder / "bad.cpp").write_text("int main() { return missing; }\n", encoding="utf-8")
    flags = {"--solution": "mine/sol.py", "--gen": "mine/gen.py", "--brute": "mine/brute.py"}
    flags[role] = "mine/bad.cpp"
    done = stress("./mine", *[word for pair in flags.items() for word in pair], cwd=own_root)
    assert done.returncode == 2, done.stdout + done.stderr
    first, *rest = done.stderr.splitlines()
    name = {"--solution": "SOLUTION", "--gen": "GEN"}[role]
    assert first.startswith(f"stress: {name} mine/bad.cpp does not build: g++ "), first
    assert rest and all(line.startswith("  ") for line in rest), rest
    assert any("missing" in line for line in rest), rest
    assert "inputs" not in done.stdout and "Traceback" not in done.stderr
