print(2)  # right on secret/b alone
