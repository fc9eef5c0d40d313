n = int(input())
print(0, n)  # 0 is not positive
