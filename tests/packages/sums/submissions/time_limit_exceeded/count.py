n = int(input())
a = 1
while a + (n - a) != n or a < n * n:  # counts up to n squared
    a += 1
print(1, n - 1)
