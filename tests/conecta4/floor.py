"""The benchmark floor of conecta4: read stdin and parse every line's numbers, as the
solution must, and print nothing."""

import sys

if __name__ == "__main__":
    for line in sys.stdin.buffer.read().splitlines():
        list(map(int, line.split()))
