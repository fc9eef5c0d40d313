# Pass 1 is right; pass 2 crashes.
how, given = input().split()
if how != "encode":
    raise ValueError("no decoder")
print(int.from_bytes(given.encode(), "big"))
