# @EXPECTED_RESULTS@: CORRECT
# @EXPECTED_SCORE@: 100
n = int(input())
print(n * n)
