n = int(input())
print(0, n)
