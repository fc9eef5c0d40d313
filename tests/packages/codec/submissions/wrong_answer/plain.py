# Gives the word itself in pass 1, where a number is wanted.
print(input().split()[1])
