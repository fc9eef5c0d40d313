print(f"{int(input()) / 3:.6f}")
