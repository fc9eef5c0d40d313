"""Write twice its argument, by the helper it is built with."""

import sys

import half

print(half.doubled(sys.argv[1]))
