import sys

sys.stdout.write("3" * (9 << 20))
