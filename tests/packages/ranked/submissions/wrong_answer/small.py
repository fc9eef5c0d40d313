# Right below 1000 alone: easy's 30 points.
# @EXPECTED_RESULTS@: WRONG-ANSWER
# @EXPECTED_SCORE@: 30
n = int(input())
print(n * n if n < 1000 else n)
