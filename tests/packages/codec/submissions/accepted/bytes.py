# A word is the number its bytes make, and back.
how, given = input().split()
if how == "encode":
    print(int.from_bytes(given.encode(), "big"))
else:
    number = int(given)
    print(number.to_bytes((number.bit_length() + 7) // 8, "big").decode())
