"""The answer (stdin) is twice the n of the input (the file named first). Exit 42: it is."""

import sys

with open(sys.argv[1]) as given:
    n = int(given.read())
answer = sys.stdin.read()
if answer != f"{2 * n}\n":
    print(f"the answer {answer.strip()!r} is not 2 * {n}", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
