"""The entry point of a folder of Python files, as the format names it: __main__.py."""

from half import half

n = int(input())
print(half(n), n - half(n))
