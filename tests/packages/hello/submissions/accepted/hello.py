name, x = input().split()
print("Hello", name)
print(f"{float(x) / 3:.9f}")
