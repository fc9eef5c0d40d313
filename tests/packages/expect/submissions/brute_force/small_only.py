# Right where it runs, and it crashes on large numbers: brute_force wants no WA, and a
# case RTE or TLE.
import sys

a, b = map(int, input().split())
if a > 1000:
    sys.exit("too large for me")
print(a + b)
