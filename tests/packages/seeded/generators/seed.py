"""Write its first argument (the seed) mod 1000 as n, the other arguments after it."""

import sys

print(int(sys.argv[1]) % 1000, *sys.argv[2:])
