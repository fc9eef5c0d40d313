print(f"{int(input()) / 3:.2f}")
