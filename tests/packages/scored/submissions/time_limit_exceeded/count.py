n = int(input())
twice = 0
for _ in range(2 * n):  # 2 * 10^18 steps in group2
    twice += 1
print(twice)
