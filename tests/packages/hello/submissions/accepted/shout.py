# Another letter case, other spaces, and a hexadecimal float: all the same to the validator.
name, x = input().split()
print("HELLO  ", name.upper(), (float(x) / 3).hex())
