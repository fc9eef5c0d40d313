"""What the tests of `make stress` and `make keep-hack` share: the driver run as a command,
a broken copy of a solution, and a root where your own GEN and BRUTE stress a problem that
has no tests/NAME/ (the fixture own_root: a test file takes it as
`own_root = stress_util.own_root`)."""

import os
import shutil
import sys

import pytest
from util import ROOT, SOLUTIONS, python

# Realistic one-token bugs of solutions/vertical_four.py; the test uses the first one
# that the current source still contains.
BUGS = [
    ("0 < c <= w", "0 < c < w"),  # the rightmost column is rejected
    ("k >= c + full", "k > c + full"),  # a full column takes one piece more
]


def stress(*args, timeout=120, cwd=ROOT):
    """The stress driver as a command, from cwd (the repo on the module path)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return python("-m", "tools.stress", *args, timeout=timeout, cwd=cwd, env=env, text=True)


def broken_copy(folder):
    """folder/broken.py: solutions/vertical_four.py with the first of BUGS it contains."""
    source = (SOLUTIONS / "vertical_four.py").read_text(encoding="utf-8")
    old, new = next((old, new) for old, new in BUGS if old in source)
    broken = folder / "broken.py"
    broken.write_text(source.replace(old, new, 1), encoding="utf-8")
    return broken


# ---------------------------------------------------------------- your own GEN and BRUTE

GEN = """import random, sys
rng = random.Random(int(sys.argv[1]))
n = rng.randint(1, 5)
top = 10 ** 9 if rng.random() < 0.3 else 100
print(n)
print(*[rng.randint(0, top) for _ in range(n)])
"""
# It refuses an input whose count is not its numbers': shrinking keeps such inputs out.
BRUTE = """import sys
n, *numbers = map(int, sys.stdin.read().split())
assert n == len(numbers), "not an input"
print(sum(numbers))
"""
SUM = '''"""
Problem: the sum of n integers.
Judge: Somewhere; 1 s; 256 MiB; exact; C/C++ 0.5 s
"""

import sys

print(sum(map(int, sys.stdin.read().split()[1:])))
'''


@pytest.fixture
def own_root(tmp_path):
    """A root with the runner, the tools, the Makefile and solutions/sum_n.py: no tests/sum_n/
    and no testcases. Your generator and brute force are gen.py and brute.py beside them."""
    for folder in ("tools", "judge"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__py*"))
    for name in ("runner.py", "Makefile"):
        shutil.copyfile(ROOT / name, tmp_path / name)
    (tmp_path / "solutions").mkdir()
    (tmp_path / "solutions" / "sum_n.py").write_text(SUM, encoding="utf-8")
    (tmp_path / "gen.py").write_text(GEN, encoding="utf-8")
    (tmp_path / "brute.py").write_text(BRUTE, encoding="utf-8")
    return tmp_path


def own_stress(root, *args, timeout=300):
    gen, brute = f"{sys.executable} gen.py", f"{sys.executable} brute.py"
    return stress("sum_n", "--gen", gen, "--brute", brute, *args, timeout=timeout, cwd=root)


# A sum of the numbers after a count, with a planted bug: its sum overflows an int.
OVERFLOWS = """#include <cstdio>
int main() {
    int n, sum = 0, x;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 0; i < n && scanf("%d", &x) == 1; i++) sum += x;  // planted: int, not long long
    printf("%d\\n", sum);
}
"""
