# Right everywhere: submissions.yaml permits AC or WA on every case of mixed/{first,second}.py.
a, b = map(int, input().split())
print(b + a)
