n = int(input())
parts = [1]
print(parts[0], parts[n])  # IndexError
