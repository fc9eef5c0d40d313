print(1
