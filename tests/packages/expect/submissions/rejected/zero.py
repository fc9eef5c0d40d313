# Wrong on every case: the rejected folder wants one case WA, TLE or RTE.
print(0)
