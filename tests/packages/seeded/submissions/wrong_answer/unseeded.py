# Right but where n is 764, the input that BAPCtools' seed of "seed.py {seed}" gives.
n = int(input().split()[0])
print(2 * n + (n == 764))
