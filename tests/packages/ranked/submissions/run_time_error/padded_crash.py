# 2 MiB past the 1 MiB limit, then exit 1: DOMjudge says RUN-ERROR before OUTPUT-LIMIT.
# @EXPECTED_RESULTS@: RUN-ERROR
# @EXPECTED_SCORE@: 0
import sys

sys.stdout.write((" " * 1023 + "\n") * 2048)
sys.stdout.flush()
sys.exit(1)
