"""Kattis's interactive protocol, over two passes: sealed.py INPUT ANSWER FEEDBACK_DIR, its
stdout the program's stdin and back; exit 42 AC, 43 WA. Pass 1's input is 'remember X'; the
program's answer, a number, is pass 2's input 'recall NUMBER' (FEEDBACK_DIR/nextpass.in). X
waits in FEEDBACK_DIR, kept from pass to pass."""

import os
import sys

feedback = sys.argv[3]


def reject(message):
    with open(os.path.join(feedback, "judgemessage.txt"), "a") as file:
        file.write(message + "\n")
    sys.exit(43)


with open(sys.argv[1]) as file:
    how, given = file.read().split()
print(how, given, flush=True)
said = sys.stdin.readline().strip()
if not said.isdigit():
    reject(f"want a number, got {said[:40]!r}")
if how == "remember":
    with open(os.path.join(feedback, "kept.txt"), "w") as file:
        file.write(given)
    with open(os.path.join(feedback, "nextpass.in"), "w") as file:
        file.write(f"recall {said}\n")
    sys.exit(42)
with open(os.path.join(feedback, "kept.txt")) as file:
    kept = file.read()
if said != kept:
    reject(f"pass 2: want {kept}, got {said}")
sys.exit(42)
