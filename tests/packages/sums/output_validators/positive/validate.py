"""Kattis's protocol: validate.py INPUT ANSWER FEEDBACK_DIR < OUTPUT; exit 42 AC, 43 WA."""

import os
import sys


def reject(message):
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as file:
        file.write(message + "\n")
    sys.exit(43)


with open(sys.argv[1]) as file:
    n = int(file.read())
words = sys.stdin.read().split()
if len(words) != 2 or not all(word.isdigit() for word in words):
    reject(f"want two positive numbers, got {' '.join(words)[:40]!r}")
a, b = map(int, words)
if a < 1 or b < 1 or a + b != n:
    reject(f"{a} + {b} is not {n}, or a part is not positive")
sys.exit(42)
