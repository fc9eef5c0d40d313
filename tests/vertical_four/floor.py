"""The benchmark floor of vertical_four: read stdin and parse every number, as the solution
does, and nothing else."""

import sys

numbers = list(map(int, sys.stdin.buffer.read().split()))
