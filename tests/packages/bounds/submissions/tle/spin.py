# Busy for n tenths of a second of CPU, then right: its sample bounds the time limit from
# below, and secret/c, 2 s, is over it.
import time

n = int(input())
start = time.process_time()
while time.process_time() - start < n / 10:
    pass
print(n)
