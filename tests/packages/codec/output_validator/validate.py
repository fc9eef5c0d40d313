"""Kattis's output validator of a multi-pass problem: validate.py INPUT ANSWER FEEDBACK_DIR <
OUTPUT; exit 42 AC, 43 WA. Pass 1's input is 'encode WORD': its output is one number, which
pass 2 gets as 'decode NUMBER' (FEEDBACK_DIR/nextpass.in). Pass 2's output is the word again,
which pass 1 left in FEEDBACK_DIR: the folder is kept from pass to pass."""

import os
import sys

feedback = sys.argv[3]


def reject(message):
    with open(os.path.join(feedback, "judgemessage.txt"), "a") as file:
        file.write(message + "\n")
    sys.exit(43)


with open(sys.argv[1]) as file:
    how, given = file.read().split()
output = sys.stdin.read().split()
if how == "encode":
    if len(output) != 1 or not output[0].isdigit():
        reject(f"pass 1: want one number, got {' '.join(output)[:40]!r}")
    with open(os.path.join(feedback, "word.txt"), "w") as file:
        file.write(given)
    with open(os.path.join(feedback, "nextpass.in"), "w") as file:
        file.write(f"decode {output[0]}\n")
    sys.exit(42)
with open(os.path.join(feedback, "word.txt")) as file:
    word = file.read()
if output != [word]:
    reject(f"pass 2: want {word!r}, got {' '.join(output)[:40]!r}")
sys.exit(42)
