# The right answer, then 2 MiB of blanks past the 1 MiB limit, and exit 0.
# @EXPECTED_RESULTS@: OUTPUT-LIMIT
# @EXPECTED_SCORE@: 0
import sys

n = int(input())
print(n * n)
sys.stdout.write((" " * 1023 + "\n") * 2048)
