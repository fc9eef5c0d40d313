# Right below 100 only: group1's 30 points, and WA.
n = int(input())
print(2 * n if n < 100 else n)
