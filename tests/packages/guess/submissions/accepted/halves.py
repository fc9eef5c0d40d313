low, high = 1, 1000
while True:
    middle = (low + high) // 2
    print("?", middle, flush=True)
    said = input()
    if said == "=":
        print("!", middle, flush=True)
        break
    low, high = (low, middle - 1) if said == "<" else (middle + 1, high)
