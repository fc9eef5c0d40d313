"""One line, a positive integer n, at most MAX (--max MAX; else 10**9). Exit 42: valid; 43: not."""

import re
import sys

args = sys.argv[1:]
most = int(args[args.index("--max") + 1]) if "--max" in args else 10**9
text = sys.stdin.read()
if not re.fullmatch(r"[1-9][0-9]{0,9}\n", text):
    print("not one positive integer on a line", file=sys.stderr)
    sys.exit(43)
if int(text) > most:
    print(f"n = {int(text)} is over {most}", file=sys.stderr)
    sys.exit(43)
sys.exit(42)
