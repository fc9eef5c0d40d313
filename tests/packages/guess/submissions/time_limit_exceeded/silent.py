# Never asks: the validator waits for it, and it spins.
while True:
    pass
