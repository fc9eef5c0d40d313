# Says a number at once, then spins: the validator ends first, rejecting it, so it is WA,
# however it ends.
print("! 500", flush=True)
while True:
    pass
