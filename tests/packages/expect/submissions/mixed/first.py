# Right on the sample alone: submissions.yaml permits AC on the sample and wants a WA on
# secret.
a, b = map(int, input().split())
print(a + b if a == 1 else 0)
