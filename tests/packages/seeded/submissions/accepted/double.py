print(2 * int(input().split()[0]))
