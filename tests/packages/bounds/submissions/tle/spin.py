# Busy for n times 0.15 s of CPU, then right: its sample bounds the time limit from below,
# and a secret case, 0.3 s or more, is over it.
import time

n = int(input())
start = time.process_time()
while time.process_time() - start < n * 0.15:
    pass
print(n)
