# Floods stdout for ever: DOMjudge cuts the output at the limit and lets it run on, so
# it is TIMELIMIT, not OUTPUT-LIMIT.
# @EXPECTED_RESULTS@: TIMELIMIT
# @EXPECTED_SCORE@: 0
import sys

line = "y" * 65535 + "\n"
while True:
    sys.stdout.write(line)
