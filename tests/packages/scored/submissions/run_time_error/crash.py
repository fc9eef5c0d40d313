n = int(input())
assert n < 100, "too large"  # an AssertionError in group2
print(2 * n)
