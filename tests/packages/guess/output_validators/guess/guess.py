"""Kattis's interactive protocol: guess.py INPUT ANSWER FEEDBACK_DIR, its stdout the program's
stdin and back; exit 42 AC, 43 WA."""

import os
import sys


def reject(message):
    with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as file:
        file.write(message + "\n")
    sys.exit(43)


with open(sys.argv[1]) as file:
    secret = int(file.read())
for asked in range(11):  # 10 questions, then the answer
    words = sys.stdin.readline().split()
    if len(words) != 2 or words[0] not in "?!" or not words[1].isdigit():
        reject(f"want '? X' or '! X', got {' '.join(words)[:40]!r}")
    guess = int(words[1])
    if words[0] == "!":
        if guess != secret:
            reject(f"{guess} is not the number")
        sys.exit(42)
    if asked == 10:
        reject("more than 10 questions")
    print("<" if secret < guess else ">" if secret > guess else "=", flush=True)
