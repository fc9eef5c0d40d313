# No line, and a folder that is no verdict: nothing is expected of it.
print(0)
