"""The benchmark floor of gobang_checker: read the board and split it into rows, as the
solution does first, and nothing else."""

import sys

rows = sys.stdin.buffer.read().split()
