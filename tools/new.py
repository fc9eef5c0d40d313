"""Start a new problem: `make new P=NAME`, that is ``python3 -m tools.new NAME``.

Writes solutions/NAME.py, a solution of a + b with the header every solution opens with
(its lines to fill say TODO), and testcases/NAME/judge-sample-1.in with its .out (a sample
of the statement is an input the judge sends: a judge case, named judge-*). That is a
problem at the first level of tools/contract.py, judged: `python3 runner.py NAME` judges it
at once, and `make test` passes once the header says no more TODO. Nothing is overwritten:
a NAME that is taken is a usage error (exit status 2).
"""

import argparse
import importlib.util
import keyword
import sys

from tools.contract import ROOT, known

SOLUTION = '''"""
Problem: TODO the problem's title, its judge and its id.
Judge: TODO the judge and id; 2 s; 256 MiB; exact
Description: TODO what the input holds and what to print, in a few lines.
Idea: TODO the idea of the solution, for someone who retypes it in a contest.
Time: TODO O(n).
Memory: TODO O(n).
Status: testcases/NAME.
"""

import sys


def solve(text):
    """The output for one input, both as text."""
    a, b = map(int, text.split())
    return f"{a + b}\\n"


if __name__ == "__main__":
    sys.stdout.write(solve(sys.stdin.buffer.read().decode()))
'''

NEXT = """made {made}
next:
  - fill the header's TODO lines and solve() in solutions/{name}.py (the Judge: line gives
    the judge's time limit, memory limit and comparison: exact, jutge, tokens or loose)
  - put the statement's samples in testcases/{name}/ as judge-sample-N.in and .out, and
    more cases as CASE.in and CASE.out (judge-CASE when the judge could send it)
  - python3 runner.py {name}            judge it
  - python3 -m tools.contract {name}    the level it reaches, and what the next one needs
  - make test
"""


def taken(name, root):
    """Why NAME cannot be a new problem under root, or None."""
    if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
        return f"{name!r} is not a name for a problem: use letters, digits and _ (a Python name)"
    if name in known(root):
        return f"{name!r} is a problem already: see solutions/{name}.py and testcases/{name}/"
    for path in (f"solutions/{name}.py", f"testcases/{name}", f"tests/{name}", f"tests/{name}.py"):
        if (root / path).exists():
            return f"{path} exists already"
    if importlib.util.find_spec(name) is not None:  # tests/NAME/ would not import as NAME
        return f"{name!r} is the name of a module Python finds already: pick another"
    return None


def make(name, root=ROOT):
    """Write the new problem's two places under root; the paths written."""
    solution = root / "solutions" / (name + ".py")
    cases = root / "testcases" / name
    solution.parent.mkdir(exist_ok=True)
    cases.mkdir(parents=True)
    solution.write_text(SOLUTION.replace("NAME", name), encoding="utf-8")
    (cases / "judge-sample-1.in").write_text("1 2\n", encoding="utf-8")
    (cases / "judge-sample-1.out").write_text("3\n", encoding="utf-8")
    return [solution, cases / "judge-sample-1.in", cases / "judge-sample-1.out"]


def main(argv=None):
    parser = argparse.ArgumentParser(usage="make new P=NAME", description=__doc__.split("\n")[0])
    parser.add_argument("name", metavar="NAME", help="the new problem's name")
    args = parser.parse_args(argv)
    why = taken(args.name, ROOT)
    if why:
        parser.error(why)
    made = [path.relative_to(ROOT).as_posix() for path in make(args.name)]
    print(NEXT.format(made=", ".join(made), name=args.name), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
