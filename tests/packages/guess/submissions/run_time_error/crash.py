# Asks once, then crashes: it ends first, so it is RTE, whatever the validator says after.
print("? 500", flush=True)
input()
raise RuntimeError("gave up")
